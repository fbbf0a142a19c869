// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A tf32 tile.dot on sm_90a whose B is loaded K-contiguous: wgmma m64n64k8
// with both operands K-major, as wgmma reads tf32 only: A row-major; B
// (K x N) stored transposed, K contiguous (both with 16-byte stores), so
// that its descriptor is A's with N rows in place of M (NVVM layout "col").
// K = 32 is four instructions.
// RUN: tile-opt %s -tile-assign-layouts="target=sm_90a" -tile-coalesce -tile-accelerate-matmul -tile-remove-layout-conversions -canonicalize -cse -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s
// And through LLVM to PTX for sm_90a, which ptxas accepts.
// RUN: %if ptxas %{ tile-translate %s --sm=90a --emit=cubin -o %t.cubin %}
// RUN: tile-translate %s --sm=90a --emit=ptx | FileCheck %s --check-prefix=PTX
//
// Both descriptors: rows of 32 f32 (128 bytes, 128-byte swizzle), leading
// offset 16 (unused), stride 1024 (8 rows), mode 1: 1<<16 | 64<<32 | 1<<62.
// Each K step of 8 advances both by 32 bytes (2 units).
// CHECK-LABEL: gpu.func @wgmma_tf32
// CHECK-DAG: %[[FIELDS:.*]] = arith.constant 4611686293305360384 : i64
// CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}}!llvm.ptr<3>
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: %[[D0:.*]] = nvvm.wgmma.mma_async %[[DESCA:.*]], %[[DESCB:.*]], %{{.*}}, <m = 64, n = 64, k = 8>, D[<f32>, <one>], A[<tf32>, <one>, <row>], B[<tf32>, <one>, <col>]
// CHECK: %[[A1:.*]] = arith.addi %[[DESCA]], %c2_i64 : i64
// CHECK: %[[B1:.*]] = arith.addi %[[DESCB]], %c2_i64 : i64
// CHECK: %[[D1:.*]] = nvvm.wgmma.mma_async %[[A1]], %[[B1]], %[[D0]], <m = 64, n = 64, k = 8>
// CHECK: %[[D2:.*]] = nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %[[D1]], <m = 64, n = 64, k = 8>
// CHECK: %[[D3:.*]] = nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %[[D2]], <m = 64, n = 64, k = 8>
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
//
// PTX: .target sm_90a
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {{{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1;
// PTX: wgmma.commit_group.sync.aligned;
tile.func public @wgmma_tf32(%a: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                             %b: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                             %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r64 = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %r32 = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // a: 64 x 32, row stride 32; b: 32 x 64 stored column-major (b[k, n] at
  // n * 32 + k, K-contiguous, as a 64 x 32 weight matrix gives its
  // transpose); c: 64 x 64.
  %c32 = arith.constant dense<32> : tensor<64x1xi32>
  %c32n = arith.constant dense<32> : tensor<1x64xi32>
  %c64c = arith.constant dense<64> : tensor<64x1xi32>
  %ar = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %aro = arith.muli %ar, %c32 : tensor<64x1xi32>
  %arb = tile.broadcast %aro : tensor<64x1xi32> -> tensor<64x32xi32>
  %ac = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %acb = tile.broadcast %ac : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arb, %acb : tensor<64x32xi32>
  %br = tile.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %brb = tile.broadcast %br : tensor<32x1xi32> -> tensor<32x64xi32>
  %bc = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %bco = arith.muli %bc, %c32n : tensor<1x64xi32>
  %bcb = tile.broadcast %bco : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %brb, %bcb : tensor<32x64xi32>
  %cro = arith.muli %ar, %c64c : tensor<64x1xi32>
  %crb = tile.broadcast %cro : tensor<64x1xi32> -> tensor<64x64xi32>
  %ccb = tile.broadcast %bc : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crb, %ccb : tensor<64x64xi32>
  %as = tile.splat %a : !tile.ptr<f32> -> tensor<64x32x!tile.ptr<f32>>
  %ap = tile.addptr %as, %aoff : tensor<64x32x!tile.ptr<f32>>, tensor<64x32xi32>
  %bs = tile.splat %b : !tile.ptr<f32> -> tensor<32x64x!tile.ptr<f32>>
  %bp = tile.addptr %bs, %boff : tensor<32x64x!tile.ptr<f32>>, tensor<32x64xi32>
  %cs = tile.splat %c : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %coff : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %x = tile.load %ap : tensor<64x32x!tile.ptr<f32>>
  %y = tile.load %bp : tensor<32x64x!tile.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %x, %y, %zero, inputPrecision = tf32 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  tile.store %cp, %d : tensor<64x64x!tile.ptr<f32>>
  tile.return
}
