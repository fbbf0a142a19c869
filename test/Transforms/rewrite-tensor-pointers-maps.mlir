// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// With tensor-maps, a descriptor made in the kernel that can be a tensor map
// (tilegpu::canMakeTensorMap) is left for tile-make-tensor-maps; the others
// are rewritten into pointer accesses as without it.
// RUN: tile-opt %s -split-input-file -tile-rewrite-tensor-pointers=tensor-maps=true | FileCheck %s
// RUN: tile-opt %s -split-input-file -tile-rewrite-tensor-pointers | FileCheck %s --check-prefix=OFF

// Loads, stores and reductions of whole 32x32 f32 blocks, made in the entry
// block with rows of stride 1: kept.
// CHECK-LABEL: tile.func public @kept
// CHECK: %[[D:.*]] = tile.make_tensor_descriptor
// CHECK: tile.descriptor_load %[[D]]
// CHECK: tile.descriptor_store %[[D]]
// CHECK: tile.descriptor_reduce add, %[[D]]
// OFF-LABEL: tile.func public @kept
// OFF-NOT: tile.make_tensor_descriptor
// OFF: tile.atomic_rmw fadd
tile.func public @kept(%x: !tile.ptr<f32>, %m: i32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %ld = arith.extsi %n : i32 to i64
  %d = tile.make_tensor_descriptor %x, [%m, %n], [%ld, %c1] : <f32>, <32x32xf32>
  %v = tile.descriptor_load %d[%c0, %c0] : !tile.tensordesc<32x32xf32> -> tensor<32x32xf32>
  tile.descriptor_store %d[%m, %c0], %v : !tile.tensordesc<32x32xf32>, tensor<32x32xf32>
  tile.descriptor_reduce add, %d[%c0, %n], %v : !tile.tensordesc<32x32xf32>, tensor<32x32xf32>
  tile.return
}

// -----

// Rows of 16 bytes (no swizzle), blocks of 4 rows, a gather, a run-time last
// stride, a descriptor made in a loop: pointers, each.
// CHECK-LABEL: tile.func public @rewritten
// CHECK-NOT: tile.make_tensor_descriptor
// CHECK: tile.return
tile.func public @rewritten(%x: !tile.ptr<f32>, %m: i32, %n: i32, %s: i64, %rows: tensor<8xi32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i32
  %ld = arith.extsi %n : i32 to i64
  %narrow = tile.make_tensor_descriptor %x, [%m, %n], [%ld, %c1] : <f32>, <32x4xf32>
  %a = tile.descriptor_load %narrow[%c0, %c0] : !tile.tensordesc<32x4xf32> -> tensor<32x4xf32>
  tile.descriptor_store %narrow[%m, %c0], %a : !tile.tensordesc<32x4xf32>, tensor<32x4xf32>
  %short = tile.make_tensor_descriptor %x, [%m, %n], [%ld, %c1] : <f32>, <4x32xf32>
  %b = tile.descriptor_load %short[%c0, %c0] : !tile.tensordesc<4x32xf32> -> tensor<4x32xf32>
  tile.descriptor_store %short[%m, %c0], %b : !tile.tensordesc<4x32xf32>, tensor<4x32xf32>
  %rowsd = tile.make_tensor_descriptor %x, [%m, %n], [%ld, %c1] : <f32>, <1x32xf32>
  %g = tile.descriptor_gather %rowsd[%rows, %c0] : (!tile.tensordesc<1x32xf32>, tensor<8xi32>, i32) -> tensor<8x32xf32>
  tile.descriptor_scatter %rowsd[%rows, %n], %g : !tile.tensordesc<1x32xf32>, tensor<8xi32>, i32, tensor<8x32xf32>
  %strided = tile.make_tensor_descriptor %x, [%m, %n], [%ld, %s] : <f32>, <32x32xf32>
  %c = tile.descriptor_load %strided[%c0, %c0] : !tile.tensordesc<32x32xf32> -> tensor<32x32xf32>
  tile.descriptor_store %strided[%m, %c0], %c : !tile.tensordesc<32x32xf32>, tensor<32x32xf32>
  scf.for %i = %c0 to %c4 step %c4 : i32 {
    %inner = tile.make_tensor_descriptor %x, [%m, %n], [%ld, %c1] : <f32>, <32x32xf32>
    %e = tile.descriptor_load %inner[%i, %c0] : !tile.tensordesc<32x32xf32> -> tensor<32x32xf32>
    tile.descriptor_store %inner[%m, %i], %e : !tile.tensordesc<32x32xf32>, tensor<32x32xf32>
  }
  tile.return
}
