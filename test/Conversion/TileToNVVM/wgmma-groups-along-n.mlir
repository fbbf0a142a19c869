// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A 64x64 dot with 8 warps: two warpgroups side by side along N
// (warpsPerCTA [4, 2], as Triton places them), each computing 32 columns
// with wgmma m64n32k16. B (N-major) is stored with rows of the 32 columns
// one warpgroup reads (64-byte swizzle): warpgroup g reads B from column
// block g, 64 rows of 64 bytes = 4096 bytes on. Both read all of A.
// RUN: tile-opt %s -tile-assign-layouts="target=sm_90a num-warps=8" -tile-coalesce -tile-accelerate-matmul -tile-remove-layout-conversions -canonicalize -cse -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s
// RUN: %if ptxas %{ tile-translate %s --sm=90a --num-warps=8 --emit=cubin -o %t.cubin %}
// RUN: tile-translate %s --sm=90a --num-warps=8 --emit=ptx | FileCheck %s --check-prefix=PTX
// CHECK-LABEL: gpu.func @wgmma_two_groups_along_n
// CHECK: %[[WARP:.*]] = nvvm.shfl.sync  idx %c-1_i32, %{{.*}}, %c0_i32, %c31_i32 : i32 -> i32
// CHECK: %[[GROUP:.*]] = arith.divui %[[WARP]], %c4_i32 : i32
// CHECK: %[[GROUP64:.*]] = arith.extui %[[GROUP]] : i32 to i64
// CHECK: arith.muli %[[GROUP64]], %c4096_i64 : i64
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 32, k = 16>
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// PTX: .maxntid 256
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16
tile.func public @wgmma_two_groups_along_n(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                        %b: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                        %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r64 = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %c64 = arith.constant dense<64> : tensor<64x1xi32>
  %rows = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rowoff = arith.muli %rows, %c64 : tensor<64x1xi32>
  %rowb = tile.broadcast %rowoff : tensor<64x1xi32> -> tensor<64x64xi32>
  %cols = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %colb = tile.broadcast %cols : tensor<1x64xi32> -> tensor<64x64xi32>
  %off = arith.addi %rowb, %colb : tensor<64x64xi32>
  %as = tile.splat %a : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>>
  %ap = tile.addptr %as, %off : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
  %bs = tile.splat %b : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>>
  %bp = tile.addptr %bs, %off : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
  %cs = tile.splat %c : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %off : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %x = tile.load %ap : tensor<64x64x!tile.ptr<f16>>
  %y = tile.load %bp : tensor<64x64x!tile.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %x, %y, %zero : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
  tile.store %cp, %d : tensor<64x64x!tile.ptr<f32>>
  tile.return
}
