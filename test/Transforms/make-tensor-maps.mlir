// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Descriptors made in a kernel become tensor maps written to 128-byte slots
// of a global scratch parameter the kernel gains: block (x, y, z) uses the
// bytes from ((z * ny + y) * nx + x) * bytes, a slot a descriptor.
// RUN: tile-opt %s -split-input-file -tile-make-tensor-maps -verify-diagnostics | FileCheck %s

// CHECK-LABEL: tile.func public @two
// CHECK-SAME: (%[[X:.*]]: !tile.ptr<f16>, %{{.*}}: !tile.ptr<f16>, %[[M:.*]]: i32, %[[N:.*]]: i32, %[[S:.*]]: !tile.ptr<i8> {tilenv.global_scratch = 256 : i64})
// CHECK: %[[PZ:.*]] = tile.get_program_id z
// CHECK: %[[NY:.*]] = tile.get_num_programs y
// CHECK: %[[ZY:.*]] = arith.muli %[[PZ]], %[[NY]] : i32
// CHECK: %[[PY:.*]] = tile.get_program_id y
// CHECK: %[[ZY2:.*]] = arith.addi %[[ZY]], %[[PY]] : i32
// CHECK: %[[NX:.*]] = tile.get_num_programs x
// CHECK: %[[L:.*]] = arith.muli %[[ZY2]], %[[NX]] : i32
// CHECK: %[[PX:.*]] = tile.get_program_id x
// CHECK: %[[L2:.*]] = arith.addi %[[L]], %[[PX]] : i32
// CHECK: %[[L64:.*]] = arith.extsi %[[L2]] : i32 to i64
// CHECK: %[[BASE:.*]] = arith.muli %[[L64]], %c256_i64 : i64
// CHECK: %[[S0:.*]] = tile.addptr %[[S]], %[[BASE]] : !tile.ptr<i8>, i64
// CHECK: %[[A:.*]] = tilenv.make_tensor_map %[[S0]], %[[X]], [%[[M]], %[[N]]], [%{{.*}}, %{{.*}}] : !tile.ptr<i8>, !tile.ptr<f16> -> !tile.tensordesc<128x64xf16>
// CHECK: %[[O1:.*]] = arith.addi %[[BASE]], %c128_i64 : i64
// CHECK: %[[S1:.*]] = tile.addptr %[[S]], %[[O1]] : !tile.ptr<i8>, i64
// CHECK: %[[B:.*]] = tilenv.make_tensor_map %[[S1]], {{.*}} {padding = 2 : i32} : !tile.ptr<i8>, !tile.ptr<f16> -> !tile.tensordesc<64x128xf16>
// CHECK: tile.descriptor_load %[[A]]
// CHECK: tile.descriptor_store %[[B]]
// CHECK-NOT: tile.make_tensor_descriptor
module attributes {tilegpu.target = "sm_90a"} {
tile.func public @two(%x: !tile.ptr<f16>, %y: !tile.ptr<f16>, %m: i32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %ld = arith.extsi %n : i32 to i64
  %a = tile.make_tensor_descriptor %x, [%m, %n], [%ld, %c1] : <f16>, <128x64xf16>
  %b = tile.make_tensor_descriptor %y, [%m, %n], [%ld, %c1] {padding = 2 : i32} : <f16>, <64x128xf16>
  %v = tile.descriptor_load %a[%c0, %c0] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16>
  %w = tile.descriptor_load %b[%c0, %c0] : !tile.tensordesc<64x128xf16> -> tensor<64x128xf16>
  tile.descriptor_store %b[%m, %c0], %w : !tile.tensordesc<64x128xf16>, tensor<64x128xf16>
  tile.return
}

// A kernel without descriptors made in it keeps its parameters.
// CHECK-LABEL: tile.func public @none
// CHECK-SAME: (%{{.*}}: !tile.ptr<f16>)
// CHECK-NOT: tilenv.global_scratch
tile.func public @none(%x: !tile.ptr<f16>) {
  tile.return
}
}

// -----

module attributes {tilegpu.target = "sm_90"} {
tile.func public @plain(%x: !tile.ptr<f32>, %m: i32, %ld: i64) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  // expected-error @below {{is written as a tensor map with tensormap.replace, which needs an sm_90a target, but the target is sm_90}}
  %d = tile.make_tensor_descriptor %x, [%m, %m], [%ld, %c1] : <f32>, <32x32xf32>
  %v = tile.descriptor_load %d[%c0, %c0] : !tile.tensordesc<32x32xf32> -> tensor<32x32xf32>
  tile.return
}
}

// -----

module attributes {tilegpu.target = "sm_90a"} {
tile.func public @gathered(%x: !tile.ptr<f32>, %m: i32, %ld: i64, %rows: tensor<8xi32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  // expected-error @below {{is not one a kernel can write as a tensor map (made in a kernel's entry block, rows of stride 1, whole blocks TMA copies): tile-rewrite-tensor-pointers rewrites it}}
  %d = tile.make_tensor_descriptor %x, [%m, %m], [%ld, %c1] : <f32>, <1x32xf32>
  %g = tile.descriptor_gather %d[%rows, %c0] : (!tile.tensordesc<1x32xf32>, tensor<8xi32>, i32) -> tensor<8x32xf32>
  tile.return
}
}
