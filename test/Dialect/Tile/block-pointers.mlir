// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Block pointers (make_tensor_ptr, advance, loads and stores with
// boundaryCheck and padding) and descriptors made in the kernel round-trip
// in custom and generic form.
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// CHECK-LABEL: tile.func public @block_pointers
// CHECK: %[[P:.*]] = tile.make_tensor_ptr %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
// CHECK: scf.for {{.*}} iter_args(%[[Q:.*]] = %[[P]]) -> (!tile.ptr<tensor<64x32xf16>>)
// CHECK: tile.load %[[Q]] {boundaryCheck = array<i32: 0, 1>, padding = 2 : i32} : !tile.ptr<tensor<64x32xf16>>
// CHECK: tile.load %[[Q]] cacheModifier = cg : !tile.ptr<tensor<64x32xf16>>
// CHECK: tile.store %[[Q]], %{{.*}} {boundaryCheck = array<i32: 1>} : !tile.ptr<tensor<64x32xf16>>
// CHECK: tile.advance %[[Q]], [%{{.*}}, %{{.*}}] : <tensor<64x32xf16>>
tile.func public @block_pointers(%a: !tile.ptr<f16>, %m: i64, %k: i64, %lda: i64, %row: i32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %c32 = arith.constant 32 : i32
  %p = tile.make_tensor_ptr %a, [%m, %k], [%lda, %c1], [%row, %c0] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  %r = scf.for %i = %c0 to %n step %c32 iter_args(%q = %p) -> (!tile.ptr<tensor<64x32xf16>>) : i32 {
    %v = tile.load %q {boundaryCheck = array<i32: 0, 1>, padding = 2 : i32} : !tile.ptr<tensor<64x32xf16>>
    %w = tile.load %q cacheModifier = cg : !tile.ptr<tensor<64x32xf16>>
    %s = arith.addf %v, %w : tensor<64x32xf16>
    tile.store %q, %s {boundaryCheck = array<i32: 1>} : !tile.ptr<tensor<64x32xf16>>
    %next = tile.advance %q, [%c0, %c32] : <tensor<64x32xf16>>
    scf.yield %next : !tile.ptr<tensor<64x32xf16>>
  }
  tile.return
}

// CHECK-LABEL: tile.func public @kernel_descriptor
// CHECK: %[[D:.*]] = tile.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {padding = 2 : i32} : <f32>, <32x32xf32>
// CHECK: tile.descriptor_load %[[D]][%{{.*}}, %{{.*}}] : !tile.tensordesc<32x32xf32> -> tensor<32x32xf32>
// CHECK: tile.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : <f32>, <32x32xf32>
tile.func public @kernel_descriptor(%x: !tile.ptr<f32>, %m: i32, %n: i32, %ld: i64) {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %d = tile.make_tensor_descriptor %x, [%m, %n], [%ld, %c1] {padding = 2 : i32} : <f32>, <32x32xf32>
  %v = tile.descriptor_load %d[%c0, %c0] : !tile.tensordesc<32x32xf32> -> tensor<32x32xf32>
  %e = tile.make_tensor_descriptor %x, [%m, %n], [%ld, %c1] : <f32>, <tensor<32x32xf32>>
  tile.descriptor_store %e[%c0, %c0], %v : !tile.tensordesc<32x32xf32>, tensor<32x32xf32>
  tile.return
}

// Integer elements read signless; unsigned ones (Triton's ui32) stay marked
// on the descriptor, signed ones (si32) do not.
// CHECK-LABEL: tile.func public @unsigned_descriptor
// CHECK-SAME: !tile.tensordesc<64x64xui32>, %{{.*}}: !tile.tensordesc<64x64xi32>, %{{.*}}: !tile.tensordesc<64x64xi32>
// CHECK: tile.descriptor_reduce max, %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tile.tensordesc<64x64xui32>, tensor<64x64xi32>
// CHECK: tile.make_tensor_descriptor %{{.*}} : <i32>, <64x64xui32>
tile.func public @unsigned_descriptor(%u: !tile.tensordesc<64x64xui32>, %s: !tile.tensordesc<tensor<64x64xsi32>>, %t: !tile.tensordesc<64x64xi32>, %x: !tile.ptr<i32>, %v: tensor<64x64xi32>, %n: i32, %ld: i64) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  tile.descriptor_reduce max, %u[%c0, %c0], %v : !tile.tensordesc<64x64xui32>, tensor<64x64xi32>
  %d = tile.make_tensor_descriptor %x, [%n, %n], [%ld, %c1] : <i32>, <tensor<64x64xui32>>
  tile.descriptor_reduce min, %d[%c0, %c0], %v : !tile.tensordesc<64x64xui32>, tensor<64x64xi32>
  tile.return
}

