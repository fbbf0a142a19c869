// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// An i8 tile.dot (i32 accumulators) on sm_90a whose B is loaded
// K-contiguous: wgmma m64n64k32 .s32.s8.s8 with both operands K-major, as
// wgmma reads i8 only: A row-major; B (K x N) stored transposed. Rows of 64
// i8 take the 64-byte swizzle; K = 64 is two instructions. The accumulators
// are i32 registers.
// RUN: tile-opt %s -tile-assign-layouts="target=sm_90a" -tile-coalesce -tile-accelerate-matmul -tile-remove-layout-conversions -canonicalize -cse -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s
// And through LLVM to PTX for sm_90a, which ptxas accepts.
// RUN: %if ptxas %{ tile-translate %s --sm=90a --emit=cubin -o %t.cubin %}
// RUN: tile-translate %s --sm=90a --emit=ptx | FileCheck %s --check-prefix=PTX
//
// CHECK-LABEL: gpu.func @wgmma_i8
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: %[[D0:.*]] = nvvm.wgmma.mma_async %[[DESCA:.*]], %[[DESCB:.*]], %{{.*}}, <m = 64, n = 64, k = 32>, D[<s32>, <one>], A[<s8>, <one>, <row>], B[<s8>, <one>, <col>] : !llvm.struct<(i32,
// Each K step of 32 advances both descriptors by 32 bytes (2 units).
// CHECK: %[[A1:.*]] = arith.addi %[[DESCA]], %c2_i64 : i64
// CHECK: %[[B1:.*]] = arith.addi %[[DESCB]], %c2_i64 : i64
// CHECK: nvvm.wgmma.mma_async %[[A1]], %[[B1]], %[[D0]], <m = 64, n = 64, k = 32>
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
//
// PTX: .target sm_90a
// PTX-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8 {{{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p;
// PTX: wgmma.commit_group.sync.aligned;
tile.func public @wgmma_i8(%a: !tile.ptr<i8> {tile.divisibility = 16 : i32},
                           %b: !tile.ptr<i8> {tile.divisibility = 16 : i32},
                           %c: !tile.ptr<i32> {tile.divisibility = 16 : i32}) {
  // a: 64 x 64 row-major; b: 64 x 64 stored column-major (b[k, n] at
  // n * 64 + k, K-contiguous); c: 64 x 64.
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %c64r = arith.constant dense<64> : tensor<64x1xi32>
  %c64c = arith.constant dense<64> : tensor<1x64xi32>
  %rows = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %cols = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rowoff = arith.muli %rows, %c64r : tensor<64x1xi32>
  %rowoffb = tile.broadcast %rowoff : tensor<64x1xi32> -> tensor<64x64xi32>
  %colsb = tile.broadcast %cols : tensor<1x64xi32> -> tensor<64x64xi32>
  %rmajor = arith.addi %rowoffb, %colsb : tensor<64x64xi32>
  %rowsb = tile.broadcast %rows : tensor<64x1xi32> -> tensor<64x64xi32>
  %coloff = arith.muli %cols, %c64c : tensor<1x64xi32>
  %coloffb = tile.broadcast %coloff : tensor<1x64xi32> -> tensor<64x64xi32>
  %cmajor = arith.addi %rowsb, %coloffb : tensor<64x64xi32>
  %as = tile.splat %a : !tile.ptr<i8> -> tensor<64x64x!tile.ptr<i8>>
  %ap = tile.addptr %as, %rmajor : tensor<64x64x!tile.ptr<i8>>, tensor<64x64xi32>
  %bs = tile.splat %b : !tile.ptr<i8> -> tensor<64x64x!tile.ptr<i8>>
  %bp = tile.addptr %bs, %cmajor : tensor<64x64x!tile.ptr<i8>>, tensor<64x64xi32>
  %cs = tile.splat %c : !tile.ptr<i32> -> tensor<64x64x!tile.ptr<i32>>
  %cp = tile.addptr %cs, %rmajor : tensor<64x64x!tile.ptr<i32>>, tensor<64x64xi32>
  %x = tile.load %ap : tensor<64x64x!tile.ptr<i8>>
  %y = tile.load %bp : tensor<64x64x!tile.ptr<i8>>
  %zero = arith.constant dense<0> : tensor<64x64xi32>
  %d = tile.dot %x, %y, %zero : tensor<64x64xi8> * tensor<64x64xi8> -> tensor<64x64xi32>
  tile.store %cp, %d : tensor<64x64x!tile.ptr<i32>>
  tile.return
}
