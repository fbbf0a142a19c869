// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Every verifier rule of the tile dialect, each with the message a user sees.
// RUN: tile-opt %s -split-input-file -verify-diagnostics

// expected-error @below {{pointee type must be an integer, a float, a pointer or a tensor of integers or floats, got 'vector<4xf32>'}}
tile.func private @bad_pointee(!tile.ptr<vector<4xf32>>)

// -----

// expected-error @below {{address space must be non-negative, got -1}}
tile.func private @bad_address_space(!tile.ptr<f32, -1>)

// -----

// expected-error @below {{argument #0: 'tile.divisibility' must be a positive power of two, got 12}}
tile.func public @divisibility_not_pow2(%p: !tile.ptr<f32> {tile.divisibility = 12 : i32}) {
  tile.return
}

// -----

// expected-error @below {{argument #1: 'tile.divisibility' applies to integer or pointer arguments, not 'f32'}}
tile.func public @divisibility_on_float(%p: !tile.ptr<f32>, %x: f32 {tile.divisibility = 16 : i32}) {
  tile.return
}

// -----

// expected-error @below {{argument #0: 'tile.contiguity' must be an integer attribute, got "x"}}
tile.func public @contiguity_not_int(%p: !tile.ptr<f32> {tile.contiguity = "x"}) {
  tile.return
}

// -----

// expected-error @below {{argument #0: 'tile.constancy' must be a positive power of two, got 0}}
tile.func public @constancy_zero(%n: i32 {tile.constancy = 0 : i32}) {
  tile.return
}

// -----

// expected-error @below {{'tilegpu.num-warps' must be a positive power-of-two integer}}
module attributes {"tilegpu.num-warps" = 3 : i32} {
}

// -----

tile.func public @int_to_ptr_i32(%x: i32) {
  // expected-error @below {{operand #0 must be i64 scalar or tensor}}
  %p = tile.int_to_ptr %x : i32 -> !tile.ptr<f32>
  tile.return
}

// -----

tile.func public @int_to_ptr_shape(%x: tensor<4xi64>) {
  // expected-error @below {{all non-scalar operands/results must have the same shape and base type}}
  %p = tile.int_to_ptr %x : tensor<4xi64> -> tensor<8x!tile.ptr<f32>>
  tile.return
}

// -----

tile.func public @bitcast_ptr_to_int(%p: !tile.ptr<f32>) {
  // expected-error @below {{cannot bitcast between pointer and non-pointer types ('!tile.ptr<f32>' to 'i64'); use tile.ptr_to_int or tile.int_to_ptr}}
  %i = tile.bitcast %p : !tile.ptr<f32> -> i64
  tile.return
}

// -----

tile.func public @bitcast_width(%x: tensor<4xf32>) {
  // expected-error @below {{cannot bitcast 'f32' (32 bits) to 'f16' (16 bits): bit widths differ}}
  %y = tile.bitcast %x : tensor<4xf32> -> tensor<4xf16>
  tile.return
}

// -----

tile.func public @fp_to_fp_no_rounding(%x: tensor<4xf32>) {
  // expected-error @below {{conversion from 'f32' to 'f16' can round: give a rounding mode (rtne or rtz)}}
  %y = tile.fp_to_fp %x : tensor<4xf32> -> tensor<4xf16>
  tile.return
}

// -----

tile.func public @fp_to_fp_same_width(%x: f16) {
  // expected-error @below {{conversion from 'f16' to 'bf16' can round}}
  %y = tile.fp_to_fp %x : f16 -> bf16
  tile.return
}

// -----

tile.func public @fp_to_fp_exact_with_rounding(%x: tensor<4xf16>) {
  // expected-error @below {{conversion from 'f16' to 'f32' is exact and takes no rounding mode}}
  %y = tile.fp_to_fp %x, rounding = rtne : tensor<4xf16> -> tensor<4xf32>
  tile.return
}

// -----

tile.func public @fp_to_fp_int(%x: i32) {
  // expected-error @below {{operand #0 must be floating-point scalar or tensor}}
  %y = tile.fp_to_fp %x : i32 -> f32
  tile.return
}

// -----

tile.func public @addptr_float_offset(%p: !tile.ptr<f32>, %o: f32) {
  // expected-error @below {{operand #1 must be integer scalar or tensor}}
  %q = tile.addptr %p, %o : !tile.ptr<f32>, f32
  tile.return
}

// -----

tile.func public @addptr_shape(%p: tensor<8x!tile.ptr<f32>>, %o: tensor<4xi32>) {
  // expected-error @below {{all non-scalar operands/results must have the same shape and base type}}
  %q = tile.addptr %p, %o : tensor<8x!tile.ptr<f32>>, tensor<4xi32>
  tile.return
}

// -----

tile.func public @addptr_result(%p: !tile.ptr<f32>, %o: i32) {
  // expected-error @below {{failed to verify that all of {ptr, result} have same type}}
  %q = "tile.addptr"(%p, %o) : (!tile.ptr<f32>, i32) -> !tile.ptr<f16>
  tile.return
}

// -----

tile.func public @load_mask_shape(%p: tensor<128x!tile.ptr<f32>>, %m: tensor<64xi1>) {
  // expected-error @below {{'tile.load' op mask shape [64] does not match pointer shape [128]}}
  %v = "tile.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<128x!tile.ptr<f32>>, tensor<64xi1>) -> tensor<128xf32>
  tile.return
}

// -----

tile.func public @load_scalar_mask_on_tensor(%p: tensor<128x!tile.ptr<f32>>, %m: i1) {
  // expected-error @below {{mask shape scalar does not match pointer shape [128]}}
  %v = "tile.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<128x!tile.ptr<f32>>, i1) -> tensor<128xf32>
  tile.return
}

// -----

tile.func public @load_mask_not_i1(%p: tensor<128x!tile.ptr<f32>>, %m: tensor<128xi32>) {
  // expected-error @below {{operand #1 must be i1 scalar or tensor, but got 'tensor<128xi32>'}}
  %v = "tile.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<128x!tile.ptr<f32>>, tensor<128xi32>) -> tensor<128xf32>
  tile.return
}

// -----

tile.func public @load_other_type(%p: tensor<128x!tile.ptr<f32>>, %m: tensor<128xi1>, %o: tensor<128xf16>) {
  // expected-error @below {{other type 'tensor<128xf16>' does not match the loaded type 'tensor<128xf32>'}}
  %v = "tile.load"(%p, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<128x!tile.ptr<f32>>, tensor<128xi1>, tensor<128xf16>) -> tensor<128xf32>
  tile.return
}

// -----

tile.func public @load_other_without_mask(%p: tensor<128x!tile.ptr<f32>>, %o: tensor<128xf32>) {
  // expected-error @below {{'other' is only meaningful with a mask}}
  %v = "tile.load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (tensor<128x!tile.ptr<f32>>, tensor<128xf32>) -> tensor<128xf32>
  tile.return
}

// -----

tile.func public @load_result_type(%p: tensor<128x!tile.ptr<f32>>) {
  // expected-error @below {{result type 'tensor<128xf16>' does not match the pointee type 'tensor<128xf32>' of 'tensor<128x!tile.ptr<f32>>'}}
  %v = "tile.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<128x!tile.ptr<f32>>) -> tensor<128xf16>
  tile.return
}

// -----

tile.func public @load_result_shape(%p: tensor<128x!tile.ptr<f32>>) {
  // expected-error @below {{result shape [64] does not match pointer shape [128]}}
  %v = "tile.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<128x!tile.ptr<f32>>) -> tensor<64xf32>
  tile.return
}

// -----

tile.func public @load_store_only_cache(%p: !tile.ptr<f32>) {
  // expected-error @below {{cacheModifier 'wb' applies to stores only}}
  %v = tile.load %p cacheModifier = wb : !tile.ptr<f32>
  tile.return
}

// -----

tile.func public @load_volatile_cache(%p: !tile.ptr<f32>) {
  // expected-error @below {{a volatile load takes no cacheModifier or evictionPolicy}}
  %v = tile.load %p evictionPolicy = evict_first {isVolatile = true} : !tile.ptr<f32>
  tile.return
}

// -----

tile.func public @load_not_pointer(%p: tensor<4xf32>) {
  // expected-error @below {{expected a pointer or a tensor of pointers, got 'tensor<4xf32>'}}
  %v = tile.load %p : tensor<4xf32>
  tile.return
}

// -----

tile.func public @load_unknown_cache(%p: !tile.ptr<f32>) {
  // expected-error @below {{unknown cacheModifier 'lu2' (expected none, ca, cg, wb, cs, wt or cv)}}
  %v = tile.load %p cacheModifier = lu2 : !tile.ptr<f32>
  tile.return
}

// -----

tile.func public @load_unknown_evict(%p: !tile.ptr<f32>) {
  // expected-error @below {{unknown evictionPolicy 'evict_soon' (expected evict_normal, evict_first or evict_last)}}
  %v = tile.load %p evictionPolicy = evict_soon : !tile.ptr<f32>
  tile.return
}

// -----

tile.func public @load_cache_twice(%p: !tile.ptr<f32>) {
  // expected-error @below {{'cacheModifier' given twice}}
  %v = tile.load %p cacheModifier = cg cacheModifier = ca : !tile.ptr<f32>
  tile.return
}

// -----

// expected-note @below {{prior use here}}
tile.func public @load_mask_type_in_custom_form(%p: tensor<128x!tile.ptr<f32>>, %m: tensor<64xi1>) {
  // expected-error @below {{use of value '%m' expects different type than prior uses: 'tensor<128xi1>' vs 'tensor<64xi1>'}}
  %v = tile.load %p, %m : tensor<128x!tile.ptr<f32>>
  tile.return
}

// -----

tile.func public @store_value_type(%p: tensor<128x!tile.ptr<f32>>, %v: tensor<128xf16>) {
  // expected-error @below {{value type 'tensor<128xf16>' does not match the pointee type 'tensor<128xf32>' of 'tensor<128x!tile.ptr<f32>>'}}
  "tile.store"(%p, %v) : (tensor<128x!tile.ptr<f32>>, tensor<128xf16>) -> ()
  tile.return
}

// -----

tile.func public @store_mask_shape(%p: tensor<128x!tile.ptr<f32>>, %v: tensor<128xf32>, %m: tensor<32xi1>) {
  // expected-error @below {{mask shape [32] does not match pointer shape [128]}}
  "tile.store"(%p, %v, %m) : (tensor<128x!tile.ptr<f32>>, tensor<128xf32>, tensor<32xi1>) -> ()
  tile.return
}

// -----

tile.func public @store_load_only_cache(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @below {{cacheModifier 'ca' applies to loads only}}
  tile.store %p, %v cacheModifier = ca : !tile.ptr<f32>
  tile.return
}

// -----

tile.func public @rmw_fadd_int(%p: !tile.ptr<i32>, %v: i32) {
  // expected-error @below {{'fadd' needs f16, bf16, f32 or f64 values, got 'i32'}}
  %o = tile.atomic_rmw fadd, relaxed, gpu, %p, %v : (!tile.ptr<i32>, i32) -> i32
  tile.return
}

// -----

tile.func public @rmw_add_float(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @below {{'add' needs i32 or i64 values, got 'f32'}}
  %o = tile.atomic_rmw add, relaxed, gpu, %p, %v : (!tile.ptr<f32>, f32) -> f32
  tile.return
}

// -----

tile.func public @rmw_and_i16(%p: !tile.ptr<i16>, %v: i16) {
  // expected-error @below {{'and' needs i32 or i64 values, got 'i16'}}
  %o = tile.atomic_rmw and, relaxed, gpu, %p, %v : (!tile.ptr<i16>, i16) -> i16
  tile.return
}

// -----

tile.func public @rmw_max_ptr(%p: !tile.ptr<!tile.ptr<f32>>, %v: !tile.ptr<f32>) {
  // expected-error @below {{'max' needs i32, i64 or floating-point values, got '!tile.ptr<f32>'}}
  %o = tile.atomic_rmw max, relaxed, gpu, %p, %v : (!tile.ptr<!tile.ptr<f32>>, !tile.ptr<f32>) -> !tile.ptr<f32>
  tile.return
}

// -----

tile.func public @rmw_value_type(%p: tensor<8x!tile.ptr<f32>>, %v: tensor<8xf16>) {
  // expected-error @below {{value type 'tensor<8xf16>' does not match the pointee type 'tensor<8xf32>'}}
  %o = tile.atomic_rmw fadd, relaxed, gpu, %p, %v : (tensor<8x!tile.ptr<f32>>, tensor<8xf16>) -> tensor<8xf16>
  tile.return
}

// -----

tile.func public @rmw_result_type(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @below {{result type 'f16' does not match the value type 'f32'}}
  %o = tile.atomic_rmw fadd, relaxed, gpu, %p, %v : (!tile.ptr<f32>, f32) -> f16
  tile.return
}

// -----

tile.func public @rmw_mask_shape(%p: tensor<8x!tile.ptr<f32>>, %v: tensor<8xf32>, %m: tensor<4xi1>) {
  // expected-error @below {{mask shape [4] does not match pointer shape [8]}}
  %o = tile.atomic_rmw fadd, relaxed, gpu, %p, %v, %m : (tensor<8x!tile.ptr<f32>>, tensor<8xf32>, tensor<4xi1>) -> tensor<8xf32>
  tile.return
}

// -----

tile.func public @rmw_bad_kind(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @below {{expected string or keyword containing one of the following enum values for attribute 'atomic_rmw_op' [and, or, xor, add, fadd, max, min, umax, umin, exch]}}
  %o = tile.atomic_rmw fmul, relaxed, gpu, %p, %v : (!tile.ptr<f32>, f32) -> f32
  tile.return
}

// -----

tile.func public @cas_cmp_type(%p: !tile.ptr<i32>, %c: i64, %v: i32) {
  // expected-error @below {{compare type 'i64' does not match the value type 'i32'}}
  %o = tile.atomic_cas acq_rel, gpu, %p, %c, %v : (!tile.ptr<i32>, i64, i32) -> i32
  tile.return
}

// -----

tile.func public @cas_result_type(%p: !tile.ptr<i32>, %c: i32, %v: i32) {
  // expected-error @below {{result type 'i64' does not match the value type 'i32'}}
  %o = tile.atomic_cas acq_rel, gpu, %p, %c, %v : (!tile.ptr<i32>, i32, i32) -> i64
  tile.return
}

// -----

tile.func public @cas_i8(%p: !tile.ptr<i8>, %c: i8, %v: i8) {
  // expected-error @below {{compare-and-swap needs 16-, 32- or 64-bit values, got 'i8'}}
  %o = tile.atomic_cas acq_rel, gpu, %p, %c, %v : (!tile.ptr<i8>, i8, i8) -> i8
  tile.return
}

// -----

tile.func public @cas_pointee(%p: !tile.ptr<i32>, %c: i64, %v: i64) {
  // expected-error @below {{value type 'i64' does not match the pointee type 'i32' of '!tile.ptr<i32>'}}
  %o = tile.atomic_cas acq_rel, gpu, %p, %c, %v : (!tile.ptr<i32>, i64, i64) -> i64
  tile.return
}

// -----

tile.func public @splat_type(%x: f32) {
  // expected-error @below {{result element type 'f16' does not match the scalar type 'f32'}}
  %t = tile.splat %x : f32 -> tensor<8xf16>
  tile.return
}

// -----

tile.func public @splat_of_tensor(%x: tensor<8xf32>) {
  // expected-error @below {{operand #0 must be tile scalar}}
  %t = tile.splat %x : tensor<8xf32> -> tensor<8xf32>
  tile.return
}

// -----

tile.func public @expand_dims_axis(%x: tensor<8x4xf32>) {
  // expected-error @below {{axis 3 is out of range for a rank-2 operand (expected 0..2)}}
  %t = tile.expand_dims %x {axis = 3 : i32} : tensor<8x4xf32> -> tensor<8x4x1xf32>
  tile.return
}

// -----

tile.func public @expand_dims_shape(%x: tensor<8x4xf32>) {
  // expected-error @below {{result shape [8, 4, 1] is not the operand shape [8, 4] with a 1 at axis 1 (expected [8, 1, 4])}}
  %t = tile.expand_dims %x {axis = 1 : i32} : tensor<8x4xf32> -> tensor<8x4x1xf32>
  tile.return
}

// -----

tile.func public @expand_dims_element(%x: tensor<8xf32>) {
  // expected-error @below {{result element type 'i32' does not match the operand element type 'f32'}}
  %t = tile.expand_dims %x {axis = 0 : i32} : tensor<8xf32> -> tensor<1x8xi32>
  tile.return
}

// -----

tile.func public @reshape_count(%x: tensor<8x4xf32>) {
  // expected-error @below {{cannot reshape [8, 4] (32 elements) to [64] (64 elements)}}
  %t = tile.reshape %x : tensor<8x4xf32> -> tensor<64xf32>
  tile.return
}

// -----

tile.func public @reshape_element(%x: tensor<8x4xf32>) {
  // expected-error @below {{result element type 'f16' does not match the operand element type 'f32'}}
  %t = tile.reshape %x : tensor<8x4xf32> -> tensor<32xf16>
  tile.return
}

// -----

tile.func public @broadcast_rank(%x: tensor<8xf32>) {
  // expected-error @below {{operand rank 1 does not match result rank 2; use tile.expand_dims to add dimensions first}}
  %t = tile.broadcast %x : tensor<8xf32> -> tensor<4x8xf32>
  tile.return
}

// -----

tile.func public @broadcast_dim(%x: tensor<8x2xf32>) {
  // expected-error @below {{cannot broadcast dimension 1 of size 2 to 4: only dimensions of size 1 may grow}}
  %t = tile.broadcast %x : tensor<8x2xf32> -> tensor<8x4xf32>
  tile.return
}

// -----

tile.func public @broadcast_element(%x: tensor<8x1xf32>) {
  // expected-error @below {{result element type 'f64' does not match the operand element type 'f32'}}
  %t = tile.broadcast %x : tensor<8x1xf32> -> tensor<8x4xf64>
  tile.return
}

// -----

tile.func public @trans_order_size(%x: tensor<8x4xf32>) {
  // expected-error @below {{order has 3 entries for a rank-2 operand}}
  %t = tile.trans %x {order = array<i32: 0, 1, 2>} : tensor<8x4xf32> -> tensor<4x8xf32>
  tile.return
}

// -----

tile.func public @trans_not_permutation(%x: tensor<8x4xf32>) {
  // expected-error @below {{order [1, 1] is not a permutation of 0..1}}
  %t = tile.trans %x {order = array<i32: 1, 1>} : tensor<8x4xf32> -> tensor<4x8xf32>
  tile.return
}

// -----

tile.func public @trans_shape(%x: tensor<8x4xf32>) {
  // expected-error @below {{result shape [8, 4] does not match the permuted operand shape [4, 8]}}
  %t = tile.trans %x {order = array<i32: 1, 0>} : tensor<8x4xf32> -> tensor<8x4xf32>
  tile.return
}

// -----

tile.func public @cat_shape(%x: tensor<8x4xf32>) {
  // expected-error @below {{result shape [8, 8] is not the operand shape [8, 4] with dimension 0 doubled (expected [16, 4])}}
  %t = tile.cat %x, %x : tensor<8x4xf32> -> tensor<8x8xf32>
  tile.return
}

// -----

tile.func public @cat_operands(%x: tensor<8xf32>, %y: tensor<8xf16>) {
  // expected-error @below {{requires all operands to have the same type}}
  %t = "tile.cat"(%x, %y) : (tensor<8xf32>, tensor<8xf16>) -> tensor<16xf32>
  tile.return
}

// -----

tile.func public @join_shape(%x: tensor<8xf32>) {
  // expected-error @below {{result shape [2, 8] is not the operand shape [8] with a new minor dimension of 2 (expected [8, 2])}}
  %t = tile.join %x, %x : tensor<8xf32> -> tensor<2x8xf32>
  tile.return
}

// -----

tile.func public @split_last_dim(%x: tensor<8x4xf32>) {
  // expected-error @below {{operand shape [8, 4] must end in a dimension of size 2}}
  %a, %b = tile.split %x : tensor<8x4xf32> -> tensor<8xf32>
  tile.return
}

// -----

tile.func public @split_shape(%x: tensor<8x2xf32>) {
  // expected-error @below {{result shape [4] is not the operand shape without its last dimension (expected [8])}}
  %a, %b = tile.split %x : tensor<8x2xf32> -> tensor<4xf32>
  tile.return
}

// -----

tile.func public @make_range_pow2() {
  // expected-error @below {{range length 12 (end - start) must be a power of two}}
  %r = tile.make_range {end = 12 : i32, start = 0 : i32} : tensor<12xi32>
  tile.return
}

// -----

tile.func public @make_range_empty() {
  // expected-error @below {{end (4) must be greater than start (4)}}
  %r = tile.make_range {end = 4 : i32, start = 4 : i32} : tensor<0xi32>
  tile.return
}

// -----

tile.func public @make_range_length() {
  // expected-error @below {{result has 32 elements but the range [16, 32) has 16}}
  %r = tile.make_range {end = 32 : i32, start = 16 : i32} : tensor<32xi32>
  tile.return
}

// -----

tile.func public @make_range_type() {
  // expected-error @below {{result must be a 1-D tensor of i32, got 'tensor<16xi64>'}}
  %r = tile.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi64>
  tile.return
}

// -----

tile.func public @program_id_axis() {
  // expected-error @below {{expected string or keyword containing one of the following enum values for attribute 'axis' [x, y, z]}}
  %p = tile.get_program_id w : i32
  tile.return
}

// -----

tile.func public @program_id_type() {
  // expected-error @below {{result #0 must be 32-bit signless integer}}
  %p = tile.get_program_id x : i64
  tile.return
}

// -----

tile.func public @dot_rank(%a: tensor<16xf16>, %c: tensor<16xf32>) {
  // expected-error @below {{operands must have rank 2 (or 3 with a batch dimension), got rank 1}}
  %d = tile.dot %a, %a, %c : tensor<16xf16> * tensor<16xf16> -> tensor<16xf32>
  tile.return
}

// -----

tile.func public @dot_ranks_differ(%a: tensor<16x16xf16>, %b: tensor<2x16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @below {{operand ranks differ: a is 2, b is 3, c is 2}}
  %d = tile.dot %a, %b, %c : tensor<16x16xf16> * tensor<2x16x16xf16> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.func public @dot_k(%a: tensor<16x32xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @below {{reduction dimensions differ: a is [16, 32], b is [16, 16]}}
  %d = tile.dot %a, %b, %c : tensor<16x32xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.func public @dot_acc_shape(%a: tensor<16x32xf16>, %b: tensor<32x64xf16>, %c: tensor<16x32xf32>) {
  // expected-error @below {{accumulator shape [16, 32] does not match the product shape [16, 64] of a [16, 32] and b [32, 64]}}
  %d = tile.dot %a, %b, %c : tensor<16x32xf16> * tensor<32x64xf16> -> tensor<16x32xf32>
  tile.return
}

// -----

tile.func public @dot_batch(%a: tensor<2x16x16xf16>, %b: tensor<4x16x16xf16>, %c: tensor<2x16x16xf32>) {
  // expected-error @below {{batch dimensions differ: a is [2, 16, 16], b is [4, 16, 16], c is [2, 16, 16]}}
  %d = tile.dot %a, %b, %c : tensor<2x16x16xf16> * tensor<4x16x16xf16> -> tensor<2x16x16xf32>
  tile.return
}

// -----

tile.func public @dot_elements(%a: tensor<16x16xf16>, %b: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @below {{a and b element types differ: 'f16' and 'bf16'}}
  %d = tile.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.func public @dot_int_float_acc(%a: tensor<16x16xi8>, %c: tensor<16x16xf32>) {
  // expected-error @below {{accumulator element type 'f32' does not suit 'i8' inputs: floats accumulate in a float type, integers in an integer type}}
  %d = tile.dot %a, %a, %c : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.func public @dot_result(%a: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @below {{failed to verify that all of {c, d} have same type}}
  %d = "tile.dot"(%a, %a, %c) : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf16>
  tile.return
}

// -----

tile.func public @dot_precision(%a: tensor<16x16xf32>, %c: tensor<16x16xf32>) {
  // expected-error @below {{expected string or keyword containing one of the following enum values for attribute 'inputPrecision' [tf32, tf32x3, ieee, bf16x3, bf16x6]}}
  %d = tile.dot %a, %a, %c, inputPrecision = fp8 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.func public @reduce_axis(%x: tensor<8x4xf32>) {
  // expected-error @below {{axis 2 is out of range for rank-2 operands (expected 0..1)}}
  %r = "tile.reduce"(%x) <{axis = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.reduce.return %s : f32
  }) : (tensor<8x4xf32>) -> tensor<8xf32>
  tile.return
}

// -----

tile.func public @reduce_no_operands() {
  // expected-error @below {{expected 1 or more operands, but found 0}}
  "tile.reduce"() <{axis = 0 : i32}> ({
  ^bb0:
    "tile.reduce.return"() : () -> ()
  }) : () -> ()
  tile.return
}

// -----

tile.func public @reduce_result_count(%x: tensor<8xf32>) {
  // expected-error @below {{has 1 operands but 2 results}}
  %r:2 = "tile.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.reduce.return %s : f32
  }) : (tensor<8xf32>) -> (f32, f32)
  tile.return
}

// -----

tile.func public @reduce_result_type(%x: tensor<8x4xf32>) {
  // expected-error @below {{result #0 has type 'tensor<4xf32>', expected 'tensor<8xf32>' (operand 'tensor<8x4xf32>' reduced along axis 1)}}
  %r = "tile.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.reduce.return %s : f32
  }) : (tensor<8x4xf32>) -> tensor<4xf32>
  tile.return
}

// -----

tile.func public @reduce_region_args(%x: tensor<8xf32>) {
  // expected-error @below {{combining region must take 2 arguments (two per operand), got 3}}
  %r = "tile.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    %s = arith.addf %a, %b : f32
    tile.reduce.return %s : f32
  }) : (tensor<8xf32>) -> f32
  tile.return
}

// -----

tile.func public @reduce_region_arg_type(%x: tensor<8xf32>) {
  // expected-error @below {{combining region argument #1 has type 'f16', expected the element type 'f32' of operand #0}}
  %r = "tile.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f16):
    tile.reduce.return %a : f32
  }) : (tensor<8xf32>) -> f32
  tile.return
}

// -----

tile.func public @reduce_region_return_count(%x: tensor<8xf32>) {
  // expected-error @below {{combining region must return 1 values, got 2}}
  %r = "tile.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tile.reduce.return %a, %b : f32, f32
  }) : (tensor<8xf32>) -> f32
  tile.return
}

// -----

tile.func public @reduce_region_return_type(%x: tensor<8xf32>) {
  // expected-error @below {{combining region returns 'f64' as value #0, expected 'f32'}}
  %r = "tile.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %e = arith.extf %a : f32 to f64
    tile.reduce.return %e : f64
  }) : (tensor<8xf32>) -> f32
  tile.return
}

// -----

tile.func public @reduce_operand_shapes(%x: tensor<8xf32>, %y: tensor<4xf32>) {
  // expected-error @below {{requires the same shape for all operands}}
  %r:2 = "tile.reduce"(%x, %y) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32, %c: f32, %d: f32):
    tile.reduce.return %a, %b : f32, f32
  }) : (tensor<8xf32>, tensor<4xf32>) -> (f32, f32)
  tile.return
}

// -----

tile.func public @reduce_return_outside(%x: f32) {
  // expected-error @below {{expects parent op 'tile.reduce'}}
  tile.reduce.return %x : f32
}

// -----

tile.func public @scan_axis(%x: tensor<8xf32>) {
  // expected-error @below {{axis 1 is out of range for rank-1 operands (expected 0..0)}}
  %r = "tile.scan"(%x) <{axis = 1 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.scan.return %s : f32
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tile.return
}

// -----

tile.func public @scan_result_type(%x: tensor<8xf32>) {
  // expected-error @below {{result #0 has type 'tensor<8xf16>', expected 'tensor<8xf32>'}}
  %r = "tile.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.scan.return %s : f32
  }) : (tensor<8xf32>) -> tensor<8xf16>
  tile.return
}

// -----

tile.func public @scan_region(%x: tensor<8xi32>) {
  // expected-error @below {{combining region argument #0 has type 'f32', expected the element type 'i32' of operand #0}}
  %r = "tile.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: i32):
    tile.scan.return %b : i32
  }) : (tensor<8xi32>) -> tensor<8xi32>
  tile.return
}

// -----

tile.func public @scan_return_outside(%x: f32) {
  // expected-error @below {{expects parent op 'tile.scan'}}
  tile.scan.return %x : f32
}

// -----

tile.func public @print_signedness(%x: tensor<8xi32>) {
  // expected-error @below {{isSigned has 2 entries for 1 arguments; give one per argument}}
  tile.print "x" {hex = false, isSigned = array<i32: 1, 1>} : %x : tensor<8xi32>
  tile.return
}

// -----

tile.func public @assert_not_bool(%x: i32) {
  // expected-error @below {{operand #0 must be 1-bit signless integer or ranked tensor of 1-bit signless integer values}}
  tile.assert %x, "bad" : i32
  tile.return
}

// -----

tile.func public @clampf_types(%x: tensor<8xf32>, %lo: tensor<8xf16>) {
  // expected-error @below {{requires the same type for all operands and results}}
  %c = "tile.clampf"(%x, %lo, %x) <{propagateNan = 0 : i32}> : (tensor<8xf32>, tensor<8xf16>, tensor<8xf32>) -> tensor<8xf32>
  tile.return
}

// -----

tile.func public @mulhiui_float(%x: f32) {
  // expected-error @below {{operand #0 must be integer scalar or tensor}}
  %c = tile.mulhiui %x, %x : f32
  tile.return
}

// -----

tile.func private @returns_i32() -> i32 {
  // expected-error @below {{returns 0 values but @returns_i32 declares 1 results}}
  tile.return
}

// -----

tile.func private @returns_wrong(%x: f32) -> i32 {
  // expected-error @below {{value #0 has type 'f32' but @returns_wrong returns 'i32'}}
  tile.return %x : f32
}

// -----

tile.func public @call_unknown() {
  // expected-error @below {{'nowhere' does not reference a tile.func}}
  tile.call @nowhere() : () -> ()
  tile.return
}

// -----

func.func private @a_func_func()
tile.func public @call_func_func() {
  // expected-error @below {{'a_func_func' does not reference a tile.func}}
  tile.call @a_func_func() : () -> ()
  tile.return
}

// -----

tile.func private @callee(%x: f32) -> f32
tile.func public @call_arg_count(%x: f32) {
  // expected-error @below {{passes 2 arguments but @callee takes 1}}
  %r = tile.call @callee(%x, %x) : (f32, f32) -> f32
  tile.return
}

// -----

tile.func private @callee(%x: f32) -> f32
tile.func public @call_arg_type(%x: f16) {
  // expected-error @below {{argument #0 has type 'f16' but @callee expects 'f32'}}
  %r = tile.call @callee(%x) : (f16) -> f32
  tile.return
}

// -----

tile.func private @callee(%x: f32) -> f32
tile.func public @call_result_count(%x: f32) {
  // expected-error @below {{expects 0 results but @callee returns 1}}
  tile.call @callee(%x) : (f32) -> ()
  tile.return
}

// -----

tile.func private @callee(%x: f32) -> f32
tile.func public @call_result_type(%x: f32) {
  // expected-error @below {{result #0 has type 'i32' but @callee returns 'f32'}}
  %r = tile.call @callee(%x) : (f32) -> i32
  tile.return
}

// -----

tile.func public @load_too_many_operands(%p: !tile.ptr<f32>, %m: i1, %o: f32) {
  // expected-error @below {{expected 1 to 3 operands, got 4}}
  %v = tile.load %p, %m, %o, %o : !tile.ptr<f32>
  tile.return
}

// -----

tile.func public @store_too_few_operands(%p: !tile.ptr<f32>) {
  // expected-error @below {{expected 2 to 3 operands, got 1}}
  tile.store %p : !tile.ptr<f32>
  tile.return
}

// -----

tile.func public @precise_sqrt_int(%x: i32) {
  // expected-error @below {{operand #0 must be floating-point scalar or tensor}}
  %y = tile.precise_sqrt %x : i32
  tile.return
}

// -----

tile.func public @precise_divf_types(%x: f32, %y: f16) {
  // expected-error @below {{requires the same type for all operands and results}}
  %z = "tile.precise_divf"(%x, %y) : (f32, f16) -> f32
  tile.return
}

// -----

tile.func public @ptr_to_int_not_ptr(%x: i64) {
  // expected-error @below {{operand #0 must be pointer or tensor of pointers}}
  %y = tile.ptr_to_int %x : i64 -> i64
  tile.return
}

// -----

tile.func public @ptr_to_int_i32(%p: !tile.ptr<f32>) {
  // expected-error @below {{result #0 must be i64 scalar or tensor}}
  %y = tile.ptr_to_int %p : !tile.ptr<f32> -> i32
  tile.return
}

// -----

tile.func public @num_programs_axis() {
  // expected-error @below {{expected string or keyword containing one of the following enum values for attribute 'axis' [x, y, z]}}
  %p = tile.get_num_programs t : i32
  tile.return
}

// -----

tile.func public @fp_to_fp_bad_rounding(%x: f32) {
  // expected-error @below {{expected string or keyword containing one of the following enum values for attribute 'rounding' [rtz, rtne]}}
  %y = tile.fp_to_fp %x, rounding = rd : f32 -> f16
  tile.return
}

// -----

func.func @return_outside_tile_func() {
  // expected-error @below {{expects parent op 'tile.func'}}
  tile.return
}

// -----

tile.func public @make_range_from_tensor(%x: tensor<4xi32>) {
  // expected-error @below {{'tile.make_range' op requires attribute 'end'}}
  %r = "tile.make_range"() <{start = 0 : i32}> : () -> tensor<4xi32>
  tile.return
}

// -----

// expected-error @below {{tensor descriptors describe 2-D blocks, got rank 1}}
tile.func private @desc_rank(!tile.tensordesc<64xf16>)

// -----

// expected-error @below {{a tensor descriptor's block dimensions must be positive, got 0}}
tile.func private @desc_empty(!tile.tensordesc<0x64xf16>)

// -----

// expected-error @below {{a tensor descriptor's elements must be 8-, 16-, 32- or 64-bit integers or floats, got 'i1'}}
tile.func private @desc_element(!tile.tensordesc<64x256xi1>)

// -----

tile.func public @desc_indices(%d: !tile.tensordesc<64x64xf16>, %i: i32) {
  // expected-error @below {{expected 2 indices for '!tile.tensordesc<64x64xf16>', got 1}}
  %t = tile.descriptor_load %d[%i] : !tile.tensordesc<64x64xf16> -> tensor<64x64xf16>
  tile.return
}

// -----

tile.func public @desc_result(%d: !tile.tensordesc<64x64xf16>, %i: i32) {
  // expected-error @below {{result [64, 32] of 'f16' is not one block of '!tile.tensordesc<64x64xf16>'}}
  %t = tile.descriptor_load %d[%i, %i] : !tile.tensordesc<64x64xf16> -> tensor<64x32xf16>
  tile.return
}

// -----

tile.func public @desc_store_indices(%d: !tile.tensordesc<64x64xf16>, %i: i32, %v: tensor<64x64xf16>) {
  // expected-error @below {{expected 2 indices for '!tile.tensordesc<64x64xf16>', got 1}}
  tile.descriptor_store %d[%i], %v : !tile.tensordesc<64x64xf16>, tensor<64x64xf16>
  tile.return
}

// -----

tile.func public @desc_store_value(%d: !tile.tensordesc<64x64xf16>, %i: i32, %v: tensor<64x64xf32>) {
  // expected-error @below {{value [64, 64] of 'f32' is not one block of '!tile.tensordesc<64x64xf16>'}}
  tile.descriptor_store %d[%i, %i], %v : !tile.tensordesc<64x64xf16>, tensor<64x64xf32>
  tile.return
}

// -----

tile.func public @extern_symbol(%x: f32) {
  // expected-error @below {{calls 'rsqrtf', but only libdevice's __nv_ functions can be linked}}
  %y = tile.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "rsqrtf"} : (f32) -> f32
  tile.return
}

// -----

tile.func public @extern_operands() {
  // expected-error @below {{expected 1 or more operands, but found 0}}
  %y = tile.extern_elementwise {libname = "", libpath = "", pure = true, symbol = "__nv_nanf"} : () -> f32
  tile.return
}

// -----

tile.func public @extern_shapes(%x: tensor<8xf32>) {
  // expected-error @below {{all non-scalar operands/results must have the same shape and base type}}
  %y = tile.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<8xf32>) -> tensor<16xf32>
  tile.return
}

// -----

tile.func public @extern_pointer(%x: !tile.ptr<f32>) {
  // expected-error @below {{operand #0 must be variadic of integer or floating-point scalar or tensor}}
  %y = tile.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (!tile.ptr<f32>) -> f32
  tile.return
}

// -----

tile.func public @extern_half(%x: f16) {
  // expected-error @below {{calls libdevice with 'f16', which its functions do not take or return (f32, f64, i32, i64)}}
  %y = tile.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (f16) -> f16
  tile.return
}

// -----

tile.func public @asm_no_pack(%x: tensor<32xi32>) {
  // expected-error @below {{packs 0 elements; at least one}}
  %y = tile.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 0 : i32, pure = true} %x : tensor<32xi32> -> tensor<32xi32>
  tile.return
}

// -----

tile.func public @asm_no_results(%x: tensor<32xi32>) {
  // expected-error @below {{if an operand is non-scalar, then there must be at least one non-scalar result}}
  "tile.elementwise_inline_asm"(%x) {asm_string = "st.global.b32 [$0], 0;", constraints = "r", packed_element = 1 : i32, pure = false} : (tensor<32xi32>) -> ()
  tile.return
}

// -----

tile.func public @asm_bool(%x: tensor<32xi1>) {
  // expected-error @below {{passes 'i1' to assembly; elements of 8, 16, 32 or 64 bits only}}
  %y = tile.elementwise_inline_asm "mov.pred $0, $1;" {constraints = "=b,b", packed_element = 1 : i32, pure = true} %x : tensor<32xi1> -> tensor<32xi1>
  tile.return
}

// -----

tile.func public @asm_split_register(%x: tensor<32xf16>) {
  // expected-error @below {{packs 3 elements, not a multiple of the 2 'f16' elements of a register}}
  %y = tile.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,=r,r,r", packed_element = 3 : i32, pure = true} %x : tensor<32xf16> -> tensor<32xf16>
  tile.return
}

// -----

tile.func public @asm_constraints(%x: tensor<32xi8>) {
  // expected-error @below {{has 2 constraints for the 5 registers of its results and operands}}
  %y = tile.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r,~{memory}", packed_element = 4 : i32, pure = true} %x : tensor<32xi8> -> tensor<32xf32>
  tile.return
}

// -----

tile.func public @unsplat_many(%x: tensor<2xf32>) {
  // expected-error @below {{takes a tensor of one element, not 'tensor<2xf32>'}}
  %y = tile.unsplat %x : tensor<2xf32>
  tile.return
}

// -----

tile.func public @histogram_rank(%x: tensor<4x8xi32>) {
  // expected-error @below {{counts a rank-1 tensor into a rank-1 tensor}}
  %h = tile.histogram %x : tensor<4x8xi32> -> tensor<16xi32>
  tile.return
}

// -----

tile.func public @histogram_bins(%x: tensor<32xi32>) {
  // expected-error @below {{counts into 12 bins; a power of two}}
  %h = tile.histogram %x : tensor<32xi32> -> tensor<12xi32>
  tile.return
}

// -----

tile.func public @histogram_i16(%x: tensor<32xi32>) {
  // expected-error @below {{counts into 'i16'; i32 or i64}}
  %h = tile.histogram %x : tensor<32xi32> -> tensor<16xi16>
  tile.return
}

// -----

tile.func public @histogram_mask(%x: tensor<32xi32>, %m: tensor<16xi1>) {
  // expected-error @below {{failed to verify that mask has the source's shape}}
  %h = "tile.histogram"(%x, %m) : (tensor<32xi32>, tensor<16xi1>) -> tensor<16xi32>
  tile.return
}

// -----

tile.func public @gather_rank(%x: tensor<4x32xf32>, %i: tensor<16xi32>) {
  // expected-error @below {{indices of rank 1 for a rank-2 source}}
  %y = tile.gather %x[%i] {axis = 0 : i32} : (tensor<4x32xf32>, tensor<16xi32>) -> tensor<16xf32>
  tile.return
}

// -----

tile.func public @gather_axis(%x: tensor<4x32xf32>, %i: tensor<4x16xi32>) {
  // expected-error @below {{axis 2 is not a dimension of 'tensor<4x32xf32>'}}
  %y = tile.gather %x[%i] {axis = 2 : i32} : (tensor<4x32xf32>, tensor<4x16xi32>) -> tensor<4x16xf32>
  tile.return
}

// -----

tile.func public @gather_other_dim(%x: tensor<4x32xf32>, %i: tensor<8x16xi32>) {
  // expected-error @below {{indices dimension 0 is 8, the source's 4}}
  %y = tile.gather %x[%i] {axis = 1 : i32} : (tensor<4x32xf32>, tensor<8x16xi32>) -> tensor<8x16xf32>
  tile.return
}

// -----

tile.func public @gather_result(%x: tensor<4x32xf32>, %i: tensor<4x16xi32>) {
  // expected-error @below {{result must be [4, 16] elements of 'f32', not 'tensor<4x16xf16>'}}
  %y = tile.gather %x[%i] {axis = 1 : i32} : (tensor<4x32xf32>, tensor<4x16xi32>) -> tensor<4x16xf16>
  tile.return
}
