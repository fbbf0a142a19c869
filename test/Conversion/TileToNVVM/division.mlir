// f32 divisions that allow approximation (fastmath<afn>) become
// div.full.f32 (Triton's `/`: 2 ulp over the full range), on tensors and
// scalars; the others stay correctly rounded (div.rn.f32), and other widths
// are left to the upstream lowering.
// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared-memory -convert-tile-to-nvvm | FileCheck %s
// RUN: tile-translate %s --emit=ptx | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: gpu.func @divisions
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.div.full"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK-COUNT-2: arith.divf %{{[0-9]+}}, %{{[0-9]+}} : f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.full"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK-COUNT-2: arith.divf %{{.*}}, %{{.*}} fastmath<afn> : f16
// CHECK-NOT: llvm.call_intrinsic

// PTX-LABEL: .entry divisions
// PTX-COUNT-2: div.full.f32
// PTX-COUNT-2: div.rn.f32
// PTX: div.full.f32
// PTX-NOT: div.full
// PTX: ret;
module attributes {"tile.num-warps" = 4 : i32} {
  tile.func public @divisions(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                              %q: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                              %s: f32) {
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
    tile.return
  }
}
