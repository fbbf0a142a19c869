// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -canonicalize -split-input-file | FileCheck %s

// CHECK-LABEL: tile.func public @splat_of_constant
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<3.000000e+00> : tensor<64xf32>
// CHECK-NEXT: tile.return %[[C]]
tile.func public @splat_of_constant() -> tensor<64xf32> {
  %c = arith.constant 3.0 : f32
  %s = tile.splat %c : f32 -> tensor<64xf32>
  tile.return %s : tensor<64xf32>
}

// -----

// A pointer splat is not a constant: it stays.
// CHECK-LABEL: tile.func public @splat_of_pointer
// CHECK: tile.splat
tile.func public @splat_of_pointer(%p: !tile.ptr<f32>) -> tensor<64x!tile.ptr<f32>> {
  %s = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
  tile.return %s : tensor<64x!tile.ptr<f32>>
}

// -----

// CHECK-LABEL: tile.func public @broadcast_of_splat
// CHECK-NEXT: %[[S:.*]] = tile.splat %x : f32 -> tensor<32x64xf32>
// CHECK-NEXT: tile.return %[[S]]
tile.func public @broadcast_of_splat(%x: f32) -> tensor<32x64xf32> {
  %s = tile.splat %x : f32 -> tensor<32x1xf32>
  %b = tile.broadcast %s : tensor<32x1xf32> -> tensor<32x64xf32>
  tile.return %b : tensor<32x64xf32>
}

// -----

// CHECK-LABEL: tile.func public @broadcast_of_broadcast
// CHECK-NEXT: %[[B:.*]] = tile.broadcast %x : tensor<1x1xf32> -> tensor<8x16xf32>
// CHECK-NEXT: tile.return %[[B]]
tile.func public @broadcast_of_broadcast(%x: tensor<1x1xf32>) -> tensor<8x16xf32> {
  %a = tile.broadcast %x : tensor<1x1xf32> -> tensor<1x16xf32>
  %b = tile.broadcast %a : tensor<1x16xf32> -> tensor<8x16xf32>
  tile.return %b : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: tile.func public @broadcast_identity
// CHECK-NEXT: tile.return %x
tile.func public @broadcast_identity(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %b = tile.broadcast %x : tensor<8x16xf32> -> tensor<8x16xf32>
  tile.return %b : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: tile.func public @broadcast_of_constant
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<7> : tensor<8x16xi32>
// CHECK-NEXT: tile.return %[[C]]
tile.func public @broadcast_of_constant() -> tensor<8x16xi32> {
  %c = arith.constant dense<7> : tensor<8x1xi32>
  %b = tile.broadcast %c : tensor<8x1xi32> -> tensor<8x16xi32>
  tile.return %b : tensor<8x16xi32>
}

// -----

// CHECK-LABEL: tile.func public @addptr_zero
// CHECK-NEXT: tile.return %p, %t
tile.func public @addptr_zero(%p: !tile.ptr<f32>, %t: tensor<16x!tile.ptr<f16>>) -> (!tile.ptr<f32>, tensor<16x!tile.ptr<f16>>) {
  %c0 = arith.constant 0 : i32
  %z = arith.constant dense<0> : tensor<16xi64>
  %q = tile.addptr %p, %c0 : !tile.ptr<f32>, i32
  %u = tile.addptr %t, %z : tensor<16x!tile.ptr<f16>>, tensor<16xi64>
  tile.return %q, %u : !tile.ptr<f32>, tensor<16x!tile.ptr<f16>>
}

// -----

// CHECK-LABEL: tile.func public @addptr_nonzero
// CHECK: tile.addptr
tile.func public @addptr_nonzero(%p: !tile.ptr<f32>) -> !tile.ptr<f32> {
  %c1 = arith.constant 1 : i32
  %q = tile.addptr %p, %c1 : !tile.ptr<f32>, i32
  tile.return %q : !tile.ptr<f32>
}

// -----

// CHECK-LABEL: tile.func public @expand_dims_of_splat
// CHECK-NEXT: %[[S:.*]] = tile.splat %x : i32 -> tensor<1x64xi32>
// CHECK-NEXT: tile.return %[[S]]
tile.func public @expand_dims_of_splat(%x: i32) -> tensor<1x64xi32> {
  %s = tile.splat %x : i32 -> tensor<64xi32>
  %e = tile.expand_dims %s {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  tile.return %e : tensor<1x64xi32>
}

// -----

// CHECK-LABEL: tile.func public @expand_dims_of_constant
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<1.000000e+00> : tensor<64x1xf16>
// CHECK-NEXT: tile.return %[[C]]
tile.func public @expand_dims_of_constant() -> tensor<64x1xf16> {
  %c = arith.constant dense<1.0> : tensor<64xf16>
  %e = tile.expand_dims %c {axis = 1 : i32} : tensor<64xf16> -> tensor<64x1xf16>
  tile.return %e : tensor<64x1xf16>
}

// -----

// CHECK-LABEL: tile.func public @reshape_of_splat
// CHECK-NEXT: %[[S:.*]] = tile.splat %x : f32 -> tensor<4x16xf32>
// CHECK-NEXT: tile.return %[[S]]
tile.func public @reshape_of_splat(%x: f32) -> tensor<4x16xf32> {
  %s = tile.splat %x : f32 -> tensor<64xf32>
  %r = tile.reshape %s : tensor<64xf32> -> tensor<4x16xf32>
  tile.return %r : tensor<4x16xf32>
}

// -----

// CHECK-LABEL: tile.func public @reshape_of_reshape
// CHECK-NEXT: %[[R:.*]] = tile.reshape %x allow_reorder : tensor<4x16xf32> -> tensor<8x8xf32>
// CHECK-NEXT: tile.return %[[R]]
tile.func public @reshape_of_reshape(%x: tensor<4x16xf32>) -> tensor<8x8xf32> {
  %a = tile.reshape %x allow_reorder : tensor<4x16xf32> -> tensor<64xf32>
  %b = tile.reshape %a : tensor<64xf32> -> tensor<8x8xf32>
  tile.return %b : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: tile.func public @reshape_identity
// CHECK-NEXT: tile.return %x
tile.func public @reshape_identity(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %a = tile.reshape %x : tensor<4x16xf32> -> tensor<4x16xf32>
  tile.return %a : tensor<4x16xf32>
}

// -----

// CHECK-LABEL: tile.func public @trans_of_trans_inverse
// CHECK-NEXT: tile.return %x
tile.func public @trans_of_trans_inverse(%x: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  %a = tile.trans %x {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
  %b = tile.trans %a {order = array<i32: 1, 2, 0>} : tensor<8x2x4xf32> -> tensor<2x4x8xf32>
  tile.return %b : tensor<2x4x8xf32>
}

// -----

// Two permutations compose into one: result dim i is source dim inner[outer[i]].
// CHECK-LABEL: tile.func public @trans_of_trans_composed
// CHECK-NEXT: %[[T:.*]] = tile.trans %x {order = array<i32: 1, 2, 0>} : tensor<2x4x8xf32> -> tensor<4x8x2xf32>
// CHECK-NEXT: tile.return %[[T]]
tile.func public @trans_of_trans_composed(%x: tensor<2x4x8xf32>) -> tensor<4x8x2xf32> {
  %a = tile.trans %x {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
  %b = tile.trans %a {order = array<i32: 2, 0, 1>} : tensor<8x2x4xf32> -> tensor<4x8x2xf32>
  tile.return %b : tensor<4x8x2xf32>
}

// -----

// CHECK-LABEL: tile.func public @trans_of_splat
// CHECK-NEXT: %[[S:.*]] = tile.splat %x : f32 -> tensor<16x8xf32>
tile.func public @trans_of_splat(%x: f32) -> tensor<16x8xf32> {
  %s = tile.splat %x : f32 -> tensor<8x16xf32>
  %t = tile.trans %s {order = array<i32: 1, 0>} : tensor<8x16xf32> -> tensor<16x8xf32>
  tile.return %t : tensor<16x8xf32>
}

// -----

// CHECK-LABEL: tile.func public @split_of_join
// CHECK-NEXT: tile.return %b, %a
tile.func public @split_of_join(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %j = tile.join %a, %b : tensor<8xf32> -> tensor<8x2xf32>
  %l, %r = tile.split %j : tensor<8x2xf32> -> tensor<8xf32>
  tile.return %r, %l : tensor<8xf32>, tensor<8xf32>
}

// -----

// CHECK-LABEL: tile.func public @make_range_single
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<5> : tensor<1xi32>
// CHECK-NEXT: tile.return %[[C]]
tile.func public @make_range_single() -> tensor<1xi32> {
  %r = tile.make_range {end = 6 : i32, start = 5 : i32} : tensor<1xi32>
  tile.return %r : tensor<1xi32>
}

// -----

// CHECK-LABEL: tile.func public @ptr_int_round_trip
// CHECK-NEXT: tile.return %p, %i
tile.func public @ptr_int_round_trip(%p: tensor<4x!tile.ptr<f32>>, %i: i64) -> (tensor<4x!tile.ptr<f32>>, i64) {
  %a = tile.ptr_to_int %p : tensor<4x!tile.ptr<f32>> -> tensor<4xi64>
  %b = tile.int_to_ptr %a : tensor<4xi64> -> tensor<4x!tile.ptr<f32>>
  %c = tile.int_to_ptr %i : i64 -> !tile.ptr<f16>
  %d = tile.ptr_to_int %c : !tile.ptr<f16> -> i64
  tile.return %b, %d : tensor<4x!tile.ptr<f32>>, i64
}

// -----

// CHECK-LABEL: tile.func public @bitcast_chain
// CHECK-NEXT: %[[B:.*]] = tile.bitcast %x : f32 -> i32
// CHECK-NEXT: tile.return %x, %[[B]]
tile.func public @bitcast_chain(%x: f32) -> (f32, i32) {
  %a = tile.bitcast %x : f32 -> i32
  %b = tile.bitcast %a : i32 -> f32
  %c = tile.bitcast %x : f32 -> f32
  %d = tile.bitcast %c : f32 -> i32
  tile.return %b, %d : f32, i32
}

// -----

// Widening conversions of constants are exact and fold; narrowing ones are
// left to the hardware.
// CHECK-LABEL: tile.func public @fp_to_fp_constant
// CHECK-DAG: %[[W:.*]] = arith.constant dense<1.500000e+00> : tensor<8xf32>
// CHECK-DAG: %[[N:.*]] = tile.fp_to_fp %{{.*}}, rounding = rtne : tensor<8xf32> -> tensor<8xf16>
// CHECK: tile.return %[[W]], %[[N]]
tile.func public @fp_to_fp_constant() -> (tensor<8xf32>, tensor<8xf16>) {
  %h = arith.constant dense<1.5> : tensor<8xf16>
  %f = arith.constant dense<0.1> : tensor<8xf32>
  %w = tile.fp_to_fp %h : tensor<8xf16> -> tensor<8xf32>
  %n = tile.fp_to_fp %f, rounding = rtne : tensor<8xf32> -> tensor<8xf16>
  tile.return %w, %n : tensor<8xf32>, tensor<8xf16>
}

// -----

// CHECK-LABEL: tile.func public @mulhiui_constant
// CHECK-DAG: %[[C:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[Z:.*]] = arith.constant dense<0> : tensor<4xi32>
// CHECK: tile.return %[[C]], %[[Z]]
tile.func public @mulhiui_constant(%x: tensor<4xi32>) -> (i32, tensor<4xi32>) {
  // 0x80000000 * 2 = 2^32: the high half is 1.
  %a = arith.constant -2147483648 : i32
  %b = arith.constant 2 : i32
  %h = tile.mulhiui %a, %b : i32
  %z = arith.constant dense<0> : tensor<4xi32>
  %k = tile.mulhiui %x, %z : tensor<4xi32>
  tile.return %h, %k : i32, tensor<4xi32>
}

// -----

// CHECK-LABEL: tile.func public @load_mask_true
// CHECK-NEXT: %[[V:.*]] = tile.load %p cacheModifier = cg : tensor<16x!tile.ptr<f32>>
// CHECK-NEXT: tile.store %p, %[[V]] : tensor<16x!tile.ptr<f32>>
tile.func public @load_mask_true(%p: tensor<16x!tile.ptr<f32>>) {
  %t = arith.constant dense<true> : tensor<16xi1>
  %z = arith.constant dense<0.0> : tensor<16xf32>
  %v = tile.load %p, %t, %z cacheModifier = cg : tensor<16x!tile.ptr<f32>>
  tile.store %p, %v, %t : tensor<16x!tile.ptr<f32>>
  tile.return
}

// -----

// CHECK-LABEL: tile.func public @load_mask_false
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<2.000000e+00>
// CHECK-NEXT: tile.return %[[Z]]
tile.func public @load_mask_false(%p: tensor<16x!tile.ptr<f32>>, %v: tensor<16xf32>) -> tensor<16xf32> {
  %f = arith.constant dense<false> : tensor<16xi1>
  %z = arith.constant dense<2.0> : tensor<16xf32>
  %l = tile.load %p, %f, %z : tensor<16x!tile.ptr<f32>>
  tile.store %p, %v, %f : tensor<16x!tile.ptr<f32>>
  tile.return %l : tensor<16xf32>
}

// -----

// A volatile load is never removed, and an unknown mask stays.
// CHECK-LABEL: tile.func public @load_mask_kept
// CHECK: tile.load %p, %{{.*}}, %{{.*}} {isVolatile = true}
// CHECK: tile.load %p, %m : tensor<16x!tile.ptr<f32>>
tile.func public @load_mask_kept(%p: tensor<16x!tile.ptr<f32>>, %m: tensor<16xi1>) -> tensor<16xf32> {
  %f = arith.constant dense<false> : tensor<16xi1>
  %z = arith.constant dense<2.0> : tensor<16xf32>
  %l = tile.load %p, %f, %z {isVolatile = true} : tensor<16x!tile.ptr<f32>>
  %k = tile.load %p, %m : tensor<16x!tile.ptr<f32>>
  %s = arith.addf %l, %k : tensor<16xf32>
  tile.return %s : tensor<16xf32>
}

// -----

// Loads are not pure: a dead plain load is removed only because nothing else
// depends on it, but a dead volatile one stays.
// CHECK-LABEL: tile.func public @dead_loads
// CHECK-NEXT: tile.load %p {isVolatile = true}
// CHECK-NEXT: tile.return
tile.func public @dead_loads(%p: !tile.ptr<f32>) {
  %a = tile.load %p : !tile.ptr<f32>
  %b = tile.load %p {isVolatile = true} : !tile.ptr<f32>
  tile.return
}
