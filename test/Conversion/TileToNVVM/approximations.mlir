// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// f32 divisions, exponentials and square roots that allow approximation
// (fastmath<afn>) become what Triton's `/`, `exp`, `exp2`, `sqrt` and
// `rsqrt` are: div.full.f32 (2 ulp over the full range), ex2.approx.f32 of
// x * log2(e), and ex2.approx.ftz.f32, sqrt.approx.ftz.f32 and
// rsqrt.approx.ftz.f32 (subnormals flushed), on tensors and scalars; the
// others are left to the upstream lowering (div.rn.f32, libdevice's
// __nv_expf, sqrt.rn.f32; LLVM's exp2 and rsqrt), as are other widths.
// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared-memory -convert-tile-to-nvvm | FileCheck %s
// RUN: tile-translate %s --emit=ptx | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: gpu.func @divisions
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.div.full"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK-COUNT-2: arith.divf %{{[0-9]+}}, %{{[0-9]+}} : f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.full"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK-COUNT-2: arith.divf %{{.*}}, %{{.*}} fastmath<afn> : f16
// CHECK-NOT: llvm.call_intrinsic "llvm.nvvm.div.full"
// CHECK: %[[X:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"(%[[X]]) : (f32) -> f32
// CHECK: math.exp %{{[0-9]+}} : f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.ftz.f"(%{{.*}}) : (f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.sqrt.f32"(%{{.*}}) : (f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f"(%{{.*}}) : (f32) -> f32
// CHECK: math.exp2 %{{.*}} : f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.ftz.f"(%{{.*}}) : (f32) -> f32
// CHECK: math.rsqrt %{{.*}} : f32
// CHECK: math.exp2 %{{.*}} fastmath<afn> : f16
// CHECK-NOT: llvm.call_intrinsic

// PTX-LABEL: .entry divisions
// PTX-COUNT-2: div.full.f32
// PTX-COUNT-2: div.rn.f32
// PTX: div.full.f32
// PTX-NOT: div.full
// PTX: ex2.approx.f32
// PTX-NOT: ex2.approx.f32
// The exact exponential is libdevice's: a range reduction around ex2.
// PTX: fma.rm.f32
// PTX: ex2.approx.ftz.f32
// PTX: sqrt.approx.ftz.f32
// PTX: sqrt.rn.f32
// PTX: ex2.approx.ftz.f32
// PTX: rsqrt.approx.ftz.f32
// PTX: ret;
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @divisions(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                              %q: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                              %s: f32, %c0: i32) {
    %r = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
    %pp = tile.addptr %ps, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
    %x = tile.load %pp : tensor<256x!tile.ptr<f32>>
    %ss = tile.splat %s : f32 -> tensor<256xf32>
    %a = arith.divf %x, %ss fastmath<afn> : tensor<256xf32>
    %b = arith.divf %a, %x : tensor<256xf32>
    %c = arith.divf %s, %s fastmath<afn> : f32
    %cs = tile.splat %c : f32 -> tensor<256xf32>
    %d = arith.addf %b, %cs : tensor<256xf32>
    tile.store %pp, %d : tensor<256x!tile.ptr<f32>>
    %qs = tile.splat %q : !tile.ptr<f16> -> tensor<256x!tile.ptr<f16>>
    %qp = tile.addptr %qs, %r : tensor<256x!tile.ptr<f16>>, tensor<256xi32>
    %h = tile.load %qp : tensor<256x!tile.ptr<f16>>
    %hq = arith.divf %h, %h fastmath<afn> : tensor<256xf16>
    tile.store %qp, %hq : tensor<256x!tile.ptr<f16>>
    %e = math.exp %s fastmath<afn> : f32
    %x2 = math.exp %e : f32
    %r1 = math.sqrt %x2 fastmath<afn> : f32
    %r2 = math.sqrt %r1 : f32
    %x3 = math.exp2 %r2 fastmath<afn> : f32
    %x4 = math.exp2 %x3 : f32
    %r3 = math.rsqrt %x4 fastmath<afn> : f32
    %r4 = math.rsqrt %r3 : f32
    %e2 = tile.addptr %p, %c0 : !tile.ptr<f32>, i32
    tile.store %e2, %r4 : !tile.ptr<f32>
    %hh = arith.truncf %r4 : f32 to f16
    %h2 = math.exp2 %hh fastmath<afn> : f16
    %q2 = tile.addptr %q, %c0 : !tile.ptr<f16>, i32
    tile.store %q2, %h2 : !tile.ptr<f16>
    tile.return
  }
}
