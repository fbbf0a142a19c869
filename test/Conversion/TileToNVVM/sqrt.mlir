// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// f32 and f64 square roots are LLVM's intrinsic, correctly rounded
// (sqrt.rn), without libdevice: its __nv_sqrtf is sqrt.approx unless the
// module asks for precise square roots, and LLVM then turned 1 / sqrt(x)
// into rsqrt.approx.f32.
// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared-memory -convert-tile-to-nvvm | FileCheck %s
// RUN: tile-translate %s --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: tile-translate %s --emit=llvmir | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: gpu.func @roots
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.sqrt.f32"(%{{.*}}) : (f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.sqrt.f32"(%{{.*}}) : (f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.sqrt.f64"(%{{.*}}) : (f64) -> f64

// PTX-COUNT-3: sqrt.rn.f32
// PTX-NOT: rsqrt
// PTX: rcp.rn.f32
// PTX: sqrt.rn.f64
// LLVM-NOT: __nv_
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @roots(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                          %q: !tile.ptr<f64>, %s: f32, %d: f64) {
    %r = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
    %pp = tile.addptr %ps, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
    %x = tile.load %pp : tensor<256x!tile.ptr<f32>>
    %y = math.sqrt %x : tensor<256xf32>
    %one = arith.constant 1.0 : f32
    %root = tile.precise_sqrt %s : f32
    %inv = arith.divf %one, %root : f32
    %invs = tile.splat %inv : f32 -> tensor<256xf32>
    %z = arith.mulf %y, %invs : tensor<256xf32>
    tile.store %pp, %z : tensor<256x!tile.ptr<f32>>
    %e = math.sqrt %d : f64
    tile.store %q, %e : !tile.ptr<f64>
    tile.return
  }
}
