// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// More malformed inputs of the tile dialect: rules and parse paths that
// invalid.mlir and invalid-distributed.mlir do not reach. Each case is one
// mistake and the located message a user sees for it.
// RUN: tile-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// The address space of a pointer is a number, not a name.
// expected-error @below {{expected integer value}}
tile.func private @ptr_space_keyword(!tile.ptr<f32, global>)

// -----

// A buffer has at least one dimension.
// expected-error @below {{a buffer needs rank 1 or more}}
tile.func private @buffer_rank0(!tilegpu.buffer<f32, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>>)

// -----

// Buffer dimensions are positive.
// expected-error @below {{buffer dimensions must be positive, got 0}}
tile.func private @buffer_zero_dim(!tilegpu.buffer<0x32xf16, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>>)

// -----

// Buffer shapes are static.
// expected-error @below {{expected static shape}}
tile.func private @buffer_dynamic(!tilegpu.buffer<?x32xf16, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>>)

//===----------------------------------------------------------------------===//
// Layout attributes
//===----------------------------------------------------------------------===//

// -----

// A blocked layout with empty arrays has rank 0.
// expected-error @below {{a blocked layout needs rank 1 or more}}
tile.func private @blocked_rank0(tensor<f32, #tilegpu.blocked<{sizePerThread = [], threadsPerWarp = [], warpsPerCTA = [], order = []}>>)

// -----

// Layout arrays hold non-negative integers.
// expected-error @below {{layout field 'sizePerThread' must be an array of non-negative integers}}
tile.func private @blocked_negative(tensor<32xf32, #tilegpu.blocked<{sizePerThread = [-1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>)

// -----

// Zero warps along a dimension is not a power of two.
// expected-error @below {{warpsPerCTA [0] must hold positive powers of two}}
tile.func private @blocked_warps_zero(tensor<32xf32, #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [0], order = [0]}>>)

// -----

// The body of a layout is a dictionary, not an array.
// expected-error @below {{invalid kind of attribute specified}}
tile.func private @blocked_not_dict(tensor<32xf32, #tilegpu.blocked<[1]>>)

// -----

// An order entry past the rank is not a permutation either.
// expected-error @below {{order [2, 0] is not a permutation of 0..1}}
tile.func private @blocked_order_out_of_range(tensor<32x32xf32, #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [2, 0]}>>)

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// A slice dimension is a non-negative integer.
// expected-error @below {{layout field 'dim' must be a non-negative integer}}
tile.func private @slice_negative_dim(tensor<32xf32, #tilegpu.slice<{dim = -1, parent = #blocked}>>)

// -----

// A slice needs the layout it slices.
// expected-error @below {{layout field 'parent' is missing}}
tile.func private @slice_no_parent(tensor<32xf32, #tilegpu.slice<{dim = 0}>>)

// -----

// Every mma field is required.
// expected-error @below {{layout field 'versionMajor' is missing}}
tile.func private @mma_no_major(tensor<32x32xf32, #tilegpu.mma<{versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>>)

// -----

// wgmma has K = 8, 16 or 32 per instruction, not 64.
// expected-error @below {{mma version 3 (wgmma) needs instrShape [16, N, K] with N a multiple of 8 in 8..256 and K 8, 16 or 32, got [16, 64, 64]}}
tile.func private @mma_v3_k(tensor<64x64xf32, #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 64]}>>)

// -----

// mma warps per dimension are powers of two.
// expected-error @below {{warpsPerCTA [3, 1] must hold positive powers of two}}
tile.func private @mma_warps_pow2(tensor<32x32xf32, #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [3, 1], instrShape = [16, 8]}>>)

// -----

#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// A dot operand layout has no field besides opIdx, parent and kWidth.
// expected-error @below {{unknown layout field 'kPack'}}
tile.func private @dot_op_unknown(tensor<32x32xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 8, kPack = 1}>>)

// -----

#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// kWidth, when given, is a non-negative integer.
// expected-error @below {{layout field 'kWidth' must be a non-negative integer}}
tile.func private @dot_op_kwidth_negative(tensor<32x32xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = -2}>>)

// -----

// A swizzled shared layout orders at least one dimension.
// expected-error @below {{a shared layout needs an order of rank 1 or more}}
tile.func private @shared_order_empty(!tilegpu.buffer<32xf16, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = []}>>)

// -----

// Every nvmma_shared field is required.
// expected-error @below {{layout field 'elementBitWidth' is missing}}
tile.func private @nvmma_missing_bits(!tilegpu.buffer<32x32xf16, #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false}>>)

//===----------------------------------------------------------------------===//
// Argument hints and module attributes
//===----------------------------------------------------------------------===//

// -----

// `true` is an i1 attribute, read as -1: not a positive power of two.
// expected-error @below {{argument #0: 'tile.divisibility' must be a positive power of two, got -1}}
tile.func public @divisibility_bool(%p: !tile.ptr<f32> {tile.divisibility = true}) {
  tile.return
}

// -----

// Hints are signless integers.
// expected-error @below {{argument #0: 'tile.divisibility' must be an integer attribute, got 16 : ui32}}
tile.func public @divisibility_unsigned(%p: !tile.ptr<f32> {tile.divisibility = 16 : ui32}) {
  tile.return
}

// -----

// Threads per warp is a positive power of two.
// expected-error @below {{'tilegpu.threads-per-warp' must be a positive power-of-two integer}}
module attributes {"tilegpu.threads-per-warp" = 48 : i32} {
}

// -----

// At least one pipeline stage.
// expected-error @below {{'tile.num_stages' must be a positive integer}}
module attributes {"tile.num_stages" = 0 : i32} {
}

// -----

// tile-plan-lowering's choices: widths and runs are powers of two, and
// tilegpu.branched is a unit attribute.
module {
  tile.func public @plan(%p: !tile.ptr<f32>) {
    // expected-error @below {{'tilegpu.vector_width' must be a positive power-of-two integer up to 1024}}
    %v = tile.load %p {tilegpu.vector_width = 3 : i32} : !tile.ptr<f32>
    tile.return
  }
}

// -----

module {
  tile.func public @plan(%x: i32) {
    // expected-error @below {{'tilegpu.uniform_run' must be a positive power-of-two integer up to 1024}}
    %y = arith.addi %x, %x {tilegpu.uniform_run = 0 : i32} : i32
    tile.return
  }
}

// -----

module {
  tile.func public @plan(%p: !tile.ptr<f32>, %v: f32) {
    // expected-error @below {{'tilegpu.branched' must be a unit attribute}}
    tile.store %p, %v {tilegpu.branched = 1 : i32} : !tile.ptr<f32>
    tile.return
  }
}

// -----

// The target is an NVIDIA sm_NN string.
// expected-error @below {{'tilegpu.target' must be a string such as "sm_90"}}
module attributes {"tilegpu.target" = "gfx90a"} {
}

// -----

// The number of warps is an integer, not a string.
// expected-error @below {{'tilegpu.num-warps' must be a positive power-of-two integer}}
module attributes {"tilegpu.num-warps" = "4"} {
}

// -----

// Layouts must span the module's tilegpu.threads-per-warp, not the default 32.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.threads-per-warp" = 64 : i32} {
  // expected-error @below {{spans 32 threads per warp but the module has 64}}
  tile.func private @f(tensor<128xf32, #blocked>)
}

// -----

// A dot operand layout spans the warps of its mma parent.
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"tilegpu.num-warps" = 8 : i32} {
  tile.func public @f(%x: f16) {
    // expected-error @below {{spans 4 warps but the module has tilegpu.num-warps = 8}}
    %a = tile.splat %x : f16 -> tensor<32x16xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tile.return
  }
}

//===----------------------------------------------------------------------===//
// Functions, calls and returns
//===----------------------------------------------------------------------===//

// -----

// A kernel (public) needs a body.
// expected-error @below {{symbol declaration cannot have public visibility}}
tile.func public @declared_kernel(%x: f32)

// -----

// Function names are unique in a module.
// expected-note @below {{see existing symbol definition here}}
tile.func private @dup()
// expected-error @below {{redefinition of symbol named 'dup'}}
tile.func private @dup()

// -----

// tile.func takes no variadic arguments.
// expected-error @below {{expected non-function type}}
tile.func private @variadic(f32, ...)

// -----

// tile.return must be directly in the function, not in nested control flow.
tile.func public @return_in_if(%c: i1) {
  scf.if %c {
    // expected-error @below {{expects parent op 'tile.func'}}
    tile.return
  }
  tile.return
}

// -----

tile.func private @callee(%x: f32) -> f32
tile.func public @call_nested_symbol(%x: f32) {
  // The callee is a flat symbol, not a nested reference.
  // expected-error @below {{invalid kind of attribute specified}}
  %r = tile.call @callee::@inner(%x) : (f32) -> f32
  tile.return
}

//===----------------------------------------------------------------------===//
// Casts and arithmetic
//===----------------------------------------------------------------------===//

// -----

tile.func public @int_to_ptr_result(%x: i64) {
  // int_to_ptr yields pointers.
  // expected-error @below {{result #0 must be pointer or tensor of pointers, but got 'i64'}}
  %p = tile.int_to_ptr %x : i64 -> i64
  tile.return
}

// -----

tile.func public @bitcast_to_token(%x: i32) {
  // bitcast yields values, not async tokens.
  // expected-error @below {{result #0 must be tile scalar or tensor, but got '!tilegpu.async.token'}}
  %y = tile.bitcast %x : i32 -> !tilegpu.async.token
  tile.return
}

// -----

tile.func public @fp_to_fp_int_result(%x: tensor<4xf32>) {
  // fp_to_fp converts to floats only.
  // expected-error @below {{result #0 must be floating-point scalar or tensor, but got 'tensor<4xi32>'}}
  %y = tile.fp_to_fp %x : tensor<4xf32> -> tensor<4xi32>
  tile.return
}

// -----

tile.func public @clampf_bad_nan(%x: f32) {
  // propagateNan is none or all.
  // expected-error @below {{expected string or keyword containing one of the following enum values for attribute 'propagateNan' [none, all]}}
  %y = tile.clampf %x, %x, %x, propagateNan = some : f32
  tile.return
}

// -----

tile.func public @clampf_int(%x: i32) {
  // clampf clamps floats.
  // expected-error @below {{operand #0 must be floating-point scalar or tensor, but got 'i32'}}
  %y = tile.clampf %x, %x, %x, propagateNan = none : i32
  tile.return
}

//===----------------------------------------------------------------------===//
// Pointers, loads and stores
//===----------------------------------------------------------------------===//

// -----

tile.func public @addptr_scalar_ptr_tensor_offset(%p: !tile.ptr<f32>, %o: tensor<4xi32>) {
  // A scalar pointer takes a scalar offset: splat the pointer first.
  // expected-error @below {{if an operand is non-scalar, then there must be at least one non-scalar result}}
  %q = tile.addptr %p, %o : !tile.ptr<f32>, tensor<4xi32>
  tile.return
}

// -----

tile.func public @addptr_not_ptr(%x: f32, %o: i32) {
  // addptr advances pointers.
  // expected-error @below {{operand #0 must be pointer or tensor of pointers, but got 'f32'}}
  %q = tile.addptr %x, %o : f32, i32
  tile.return
}

// -----

tile.func public @load_evict_twice(%p: !tile.ptr<f32>) {
  // expected-error @below {{'evictionPolicy' given twice}}
  %v = tile.load %p evictionPolicy = evict_first evictionPolicy = evict_last : !tile.ptr<f32>
  tile.return
}

// -----

tile.func public @load_cache_not_keyword(%p: !tile.ptr<f32>) {
  // A cache modifier is a keyword, not a number.
  // expected-error @below {{expected valid keyword}}
  %v = tile.load %p cacheModifier = 5 : !tile.ptr<f32>
  tile.return
}

// -----

tile.func public @load_missing_type(%p: !tile.ptr<f32>) {
  // The pointer type after ':' is required.
  // expected-error @below {{expected ':'}}
  %v = tile.load %p
  tile.return
}

// -----

tile.func public @store_scalar_to_tensor(%p: tensor<128x!tile.ptr<f32>>, %v: f32) {
  // A tensor of pointers stores a tensor: splat the value first.
  // expected-error @below {{value shape scalar does not match pointer shape [128]}}
  "tile.store"(%p, %v) : (tensor<128x!tile.ptr<f32>>, f32) -> ()
  tile.return
}

// -----

tile.func public @store_mask_not_i1(%p: tensor<8x!tile.ptr<f32>>, %v: tensor<8xf32>, %m: tensor<8xi8>) {
  // A store mask is i1.
  // expected-error @below {{operand #2 must be i1 scalar or tensor, but got 'tensor<8xi8>'}}
  "tile.store"(%p, %v, %m) : (tensor<8x!tile.ptr<f32>>, tensor<8xf32>, tensor<8xi8>) -> ()
  tile.return
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

// -----

tile.func public @rmw_scalar_ptr_tensor_value(%p: !tile.ptr<f32>, %v: tensor<8xf32>) {
  // expected-error @below {{value shape [8] does not match pointer shape scalar}}
  %o = tile.atomic_rmw fadd, relaxed, gpu, %p, %v : (!tile.ptr<f32>, tensor<8xf32>) -> tensor<8xf32>
  tile.return
}

// -----

tile.func public @rmw_bad_semantic(%p: !tile.ptr<f32>, %v: f32) {
  // There is no seq_cst ordering.
  // expected-error @below {{expected string or keyword containing one of the following enum values for attribute 'sem' [relaxed, acquire, release, acq_rel]}}
  %o = tile.atomic_rmw fadd, seq_cst, gpu, %p, %v : (!tile.ptr<f32>, f32) -> f32
  tile.return
}

// -----

tile.func public @rmw_bad_scope(%p: !tile.ptr<f32>, %v: f32) {
  // The block scope is spelled cta.
  // expected-error @below {{expected string or keyword containing one of the following enum values for attribute 'scope' [gpu, cta, sys]}}
  %o = tile.atomic_rmw fadd, relaxed, block, %p, %v : (!tile.ptr<f32>, f32) -> f32
  tile.return
}

// -----

tile.func public @rmw_umax_float(%p: !tile.ptr<f32>, %v: f32) {
  // Unsigned max compares integers only.
  // expected-error @below {{'umax' needs i32 or i64 values, got 'f32'}}
  %o = tile.atomic_rmw umax, relaxed, gpu, %p, %v : (!tile.ptr<f32>, f32) -> f32
  tile.return
}

// -----

tile.func public @rmw_exch_i8(%p: !tile.ptr<i8>, %v: i8) {
  // PTX has no 8-bit atomic exchange.
  // expected-error @below {{'exch' needs i32, i64 or floating-point values, got 'i8'}}
  %o = tile.atomic_rmw exch, relaxed, gpu, %p, %v : (!tile.ptr<i8>, i8) -> i8
  tile.return
}

// -----

tile.func public @rmw_mask_not_i1(%p: tensor<8x!tile.ptr<i32>>, %v: tensor<8xi32>, %m: tensor<8xi32>) {
  // expected-error @below {{operand #2 must be i1 scalar or tensor, but got 'tensor<8xi32>'}}
  %o = tile.atomic_rmw add, relaxed, gpu, %p, %v, %m : (tensor<8x!tile.ptr<i32>>, tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  tile.return
}

// -----

tile.func public @cas_pointers(%p: !tile.ptr<!tile.ptr<f32>>, %c: !tile.ptr<f32>, %v: !tile.ptr<f32>) {
  // Compare-and-swap of pointer values is not supported.
  // expected-error @below {{compare-and-swap needs 16-, 32- or 64-bit values, got '!tile.ptr<f32>'}}
  %o = tile.atomic_cas acq_rel, gpu, %p, %c, %v : (!tile.ptr<!tile.ptr<f32>>, !tile.ptr<f32>, !tile.ptr<f32>) -> !tile.ptr<f32>
  tile.return
}

// -----

tile.func public @cas_value_shape(%p: tensor<8x!tile.ptr<i32>>, %c: tensor<8xi32>, %v: tensor<4xi32>) {
  // expected-error @below {{value shape [4] does not match pointer shape [8]}}
  %o = tile.atomic_cas acq_rel, gpu, %p, %c, %v : (tensor<8x!tile.ptr<i32>>, tensor<8xi32>, tensor<4xi32>) -> tensor<4xi32>
  tile.return
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

// -----

tile.func public @splat_to_scalar(%x: f32) {
  // splat yields a tensor.
  // expected-error @below {{invalid kind of type specified: expected builtin.tensor, but found 'f32'}}
  %t = tile.splat %x : f32 -> f32
  tile.return
}

// -----

tile.func public @expand_dims_negative_axis(%x: tensor<8xf32>) {
  // Axes are non-negative.
  // expected-error @below {{is out of range for a rank-1 operand (expected 0..1)}}
  %t = tile.expand_dims %x {axis = -1 : i32} : tensor<8xf32> -> tensor<8x1xf32>
  tile.return
}

// -----

tile.func public @expand_dims_i64_axis(%x: tensor<8xf32>) {
  // expected-error @below {{attribute 'axis' failed to satisfy constraint: 32-bit signless integer attribute}}
  %t = tile.expand_dims %x {axis = 1 : i64} : tensor<8xf32> -> tensor<8x1xf32>
  tile.return
}

// -----

tile.func public @reshape_misspelled_flag(%x: tensor<8x4xf32>) {
  // The flag is allow_reorder.
  // expected-error @below {{expected ':'}}
  %t = tile.reshape %x allow_reordering : tensor<8x4xf32> -> tensor<32xf32>
  tile.return
}

// -----

tile.func public @trans_negative(%x: tensor<8x4xf32>) {
  // expected-error @below {{order [-1, 0] is not a permutation of 0..1}}
  %t = tile.trans %x {order = array<i32: -1, 0>} : tensor<8x4xf32> -> tensor<4x8xf32>
  tile.return
}

// -----

tile.func public @trans_missing_order(%x: tensor<8x4xf32>) {
  // expected-error @below {{requires attribute 'order'}}
  %t = tile.trans %x : tensor<8x4xf32> -> tensor<4x8xf32>
  tile.return
}

// -----

tile.func public @cat_rank0(%x: tensor<f32>) {
  // cat concatenates along dimension 0, which a 0-D tensor lacks.
  // expected-error @below {{operands must have rank 1 or more}}
  %t = tile.cat %x, %x : tensor<f32> -> tensor<2xf32>
  tile.return
}

// -----

tile.func public @split_rank0(%x: tensor<f32>) {
  // expected-error @below {{operand shape [] must end in a dimension of size 2}}
  %a, %b = "tile.split"(%x) : (tensor<f32>) -> (tensor<f32>, tensor<f32>)
  tile.return
}

// -----

tile.func public @split_results_differ(%x: tensor<8x2xf32>) {
  // Both halves have one type.
  // expected-error @below {{failed to verify that all of {outLHS, outRHS} have same type}}
  %a, %b = "tile.split"(%x) : (tensor<8x2xf32>) -> (tensor<8xf32>, tensor<8xf16>)
  tile.return
}

// -----

tile.func public @make_range_i64_bound() {
  // expected-error @below {{attribute 'end' failed to satisfy constraint: 32-bit signless integer attribute}}
  %r = tile.make_range {end = 16 : i64, start = 0 : i32} : tensor<16xi32>
  tile.return
}

//===----------------------------------------------------------------------===//
// Dot
//===----------------------------------------------------------------------===//

// -----

tile.func public @dot_pointer_operands(%a: tensor<16x16x!tile.ptr<f16>>, %c: tensor<16x16xf32>) {
  // dot multiplies values: load the pointers first.
  // expected-error @below {{operand #0 must be ranked tensor of floating-point or signless integer values, but got 'tensor<16x16x!tile.ptr<f16>>'}}
  %d = "tile.dot"(%a, %a, %c) : (tensor<16x16x!tile.ptr<f16>>, tensor<16x16x!tile.ptr<f16>>, tensor<16x16xf32>) -> tensor<16x16xf32>
  tile.return
}

// -----

tile.func public @dot_imprecise_acc_float(%a: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @below {{attribute 'maxNumImpreciseAcc' failed to satisfy constraint: 32-bit signless integer attribute}}
  %d = tile.dot %a, %a, %c {maxNumImpreciseAcc = 1.0 : f32} : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.func public @dot_fp8_with_f16(%a: tensor<16x16xf8E4M3FN>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // Mixed element types are allowed only between two 8-bit floats.
  // expected-error @below {{a and b element types differ: 'f8E4M3FN' and 'f16'}}
  %d = tile.dot %a, %b, %c : tensor<16x16xf8E4M3FN> * tensor<16x16xf16> -> tensor<16x16xf32>
  tile.return
}

// -----

#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
tile.func public @dot_b_opidx(%a: tensor<32x16xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x32xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #mma>) {
  // Operand b carries opIdx = 1.
  // expected-error @below {{operand b needs a #tilegpu.dot_op layout with opIdx = 1}}
  %d = tile.dot %a, %b, %c : tensor<32x16xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x32xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
  tile.return
}

// -----

#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#mma1 = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
tile.func public @dot_parent_differs(%a: tensor<32x16xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>, %b: tensor<16x32xf16, #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #mma>) {
  // The operands' parent is the accumulator's layout itself.
  // expected-error @below {{operand a needs a #tilegpu.dot_op layout with opIdx = 0 and parent #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, got #tilegpu.dot_op<{opIdx = 0, parent = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>}}
  %d = tile.dot %a, %b, %c : tensor<32x16xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * tensor<16x32xf16, #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
  tile.return
}

// -----

tile.func public @dot_missing_star(%a: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // The operand types are separated by '*'.
  // expected-error @below {{expected '*'}}
  %d = tile.dot %a, %a, %c : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  tile.return
}

//===----------------------------------------------------------------------===//
// Reduce and scan regions
//===----------------------------------------------------------------------===//

// -----

tile.func public @reduce_empty_region(%x: tensor<8xf32>) {
  // expected-error @below {{region #0 ('combineOp') failed to verify constraint: region with 1 blocks}}
  %r = "tile.reduce"(%x) <{axis = 0 : i32}> ({
  }) : (tensor<8xf32>) -> f32
  tile.return
}

// -----

tile.func public @reduce_two_blocks(%x: tensor<8xf32>) {
  // The combining region is a single block.
  // expected-error @below {{expects region #0 to have 0 or 1 blocks}}
  %r = "tile.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    cf.br ^bb1
  ^bb1:
    tile.reduce.return %a : f32
  }) : (tensor<8xf32>) -> f32
  tile.return
}

// -----

tile.func public @reduce_no_terminator(%x: tensor<8xf32>) {
  %r = "tile.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    // expected-error @below {{block with no terminator}}
    %s = arith.addf %a, %b : f32
  }) : (tensor<8xf32>) -> f32
  tile.return
}

// -----

tile.func public @reduce_with_scan_return(%x: tensor<8xf32>) {
  %r = "tile.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    // expected-error @below {{expects parent op 'tile.scan'}}
    tile.scan.return %s : f32
  }) : (tensor<8xf32>) -> f32
  tile.return
}

// -----

tile.func public @reduce_second_operand_arg(%x: tensor<8xf32>, %y: tensor<8xi32>) {
  // Arguments are (acc0, acc1, new0, new1): #3 is operand #1's element type.
  // expected-error @below {{combining region argument #3 has type 'f32', expected the element type 'i32' of operand #1}}
  %r:2 = "tile.reduce"(%x, %y) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: i32, %c: f32, %d: f32):
    tile.reduce.return %a, %b : f32, i32
  }) : (tensor<8xf32>, tensor<8xi32>) -> (f32, i32)
  tile.return
}

// -----

tile.func public @reduce_scalar_operand(%x: f32) {
  // Only tensors are reduced.
  // expected-error @below {{operand #0 must be variadic of ranked tensor of floating-point or signless integer or tile pointer values, but got 'f32'}}
  %r = "tile.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tile.reduce.return %a : f32
  }) : (f32) -> f32
  tile.return
}

// -----

tile.func public @reduce_negative_axis(%x: tensor<8xf32>) {
  // expected-error @below {{is out of range for rank-1 operands (expected 0..0)}}
  %r = "tile.reduce"(%x) <{axis = -1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tile.reduce.return %a : f32
  }) : (tensor<8xf32>) -> f32
  tile.return
}

// -----

tile.func public @scan_no_reverse(%x: tensor<8xf32>) {
  // expected-error @below {{requires attribute 'reverse'}}
  %r = "tile.scan"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tile.scan.return %a : f32
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tile.return
}

// -----

tile.func public @scan_result_shape(%x: tensor<8xf32>) {
  // A scan keeps the operand shape.
  // expected-error @below {{requires the same shape for all operands and results}}
  %r = "tile.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    tile.scan.return %a : f32
  }) : (tensor<8xf32>) -> tensor<4xf32>
  tile.return
}

// -----

tile.func public @scan_result_count(%x: tensor<8xf32>) {
  // expected-error @below {{has 1 operands but 2 results}}
  %r:2 = "tile.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    tile.scan.return %a : f32
  }) : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  tile.return
}

// -----

tile.func public @scan_with_reduce_return(%x: tensor<8xf32>) {
  %r = "tile.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    // expected-error @below {{expects parent op 'tile.reduce'}}
    tile.reduce.return %a : f32
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tile.return
}

//===----------------------------------------------------------------------===//
// Print and assert
//===----------------------------------------------------------------------===//

// -----

tile.func public @print_token(%x: !tilegpu.async.token) {
  // expected-error @below {{operand #0 must be variadic of tile scalar or tensor, but got '!tilegpu.async.token'}}
  "tile.print"(%x) <{hex = false, isSigned = array<i32: 0>, prefix = "t"}> : (!tilegpu.async.token) -> ()
  tile.return
}

// -----

tile.func public @print_no_hex(%x: i32) {
  // expected-error @below {{requires attribute 'hex'}}
  tile.print "x" {isSigned = array<i32: 1>} : %x : i32
  tile.return
}

// -----

tile.func public @assert_int_message(%c: i1) {
  // The message is a string.
  // expected-error @below {{Invalid attribute `message` in property conversion: 3 : i32}}
  "tile.assert"(%c) <{message = 3 : i32}> : (i1) -> ()
  tile.return
}

//===----------------------------------------------------------------------===//
// Shared-memory buffers and asynchronous copies
//===----------------------------------------------------------------------===//

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @alloc_element(%t: tensor<32x32xf32, #blocked>) {
  // An initial value has the buffer's element type.
  // expected-error @below {{tensor element type 'f32' does not match buffer element type 'f16'}}
  %b = tilegpu.local_alloc %t : (tensor<32x32xf32, #blocked>) -> !tilegpu.buffer<32x32xf16, #shared>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
tile.func public @alloc_tensor_result(%t: tensor<32x32xf32, #blocked>) {
  // expected-error @below {{result #0 must be shared-memory buffer}}
  %b = tilegpu.local_alloc %t : (tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @local_store_element(%t: tensor<32x32xf32, #blocked>, %b: !tilegpu.buffer<32x32xf16, #shared, mutable>) {
  // A mutable buffer still takes only its element type.
  // expected-error @below {{tensor element type 'f32' does not match buffer element type 'f16'}}
  tilegpu.local_store %t, %b : tensor<32x32xf32, #blocked> -> !tilegpu.buffer<32x32xf16, #shared, mutable>
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// expected-note @below {{prior use here}}
tile.func public @index_i64(%b: !tilegpu.buffer<2x32x32xf16, #shared, mutable>, %i: i64) {
  // The stage index is i32.
  // expected-error @below {{use of value '%i' expects different type than prior uses: 'i32' vs 'i64'}}
  %v = tilegpu.buffer_index %b[%i] : !tilegpu.buffer<2x32x32xf16, #shared, mutable> -> !tilegpu.buffer<32x32xf16, #shared, mutable>
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared_t = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
tile.func public @buffer_trans_mutability(%b: !tilegpu.buffer<32x64xf16, #shared, mutable>) {
  // A transposed view keeps the source's mutability.
  // expected-error @below {{result must keep the source's element type and mutability}}
  %v = tilegpu.buffer_trans %b {order = array<i32: 1, 0>} : !tilegpu.buffer<32x64xf16, #shared, mutable> -> !tilegpu.buffer<64x32xf16, #shared_t>
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @buffer_trans_partial_layout(%b: !tilegpu.buffer<2x32x64xf16, #shared>) {
  // The rank-2 layout leaves the stage dimension out, so it cannot be permuted.
  // expected-error @below {{can only transpose a buffer whose layout covers every dimension}}
  %v = tilegpu.buffer_trans %b {order = array<i32: 0, 2, 1>} : !tilegpu.buffer<2x32x64xf16, #shared> -> !tilegpu.buffer<2x64x32xf16, #shared>
  tile.return
}

// -----

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
tile.func public @buffer_trans_nvmma_3d(%b: !tilegpu.buffer<2x32x64xf16, #nvmma>) {
  // expected-error @below {{can only transpose a 2-D NVMMA buffer}}
  %v = tilegpu.buffer_trans %b {order = array<i32: 0, 2, 1>} : !tilegpu.buffer<2x32x64xf16, #nvmma> -> !tilegpu.buffer<2x64x32xf16, #nvmma>
  tile.return
}

// -----

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
tile.func public @buffer_trans_nvmma_flag(%b: !tilegpu.buffer<32x64xf16, #nvmma>) {
  // Transposing an NVMMA buffer flips its transposed flag.
  // expected-error @below {{result layout #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}> is not the source layout transposed (#tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>)}}
  %v = tilegpu.buffer_trans %b {order = array<i32: 1, 0>} : !tilegpu.buffer<32x64xf16, #nvmma> -> !tilegpu.buffer<64x32xf16, #nvmma>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @copy_mask_shape(%p: tensor<32x32x!tile.ptr<f16>, #blocked>, %b: !tilegpu.buffer<32x32xf16, #shared, mutable>, %m: tensor<32x16xi1, #blocked>) {
  // expected-error @below {{mask shape [32, 16] does not match pointer shape [32, 32]}}
  %t = "tilegpu.async_copy_global_to_local"(%p, %b, %m) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (tensor<32x32x!tile.ptr<f16>, #blocked>, !tilegpu.buffer<32x32xf16, #shared, mutable>, tensor<32x16xi1, #blocked>) -> !tilegpu.async.token
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @copy_other_type(%p: tensor<32x32x!tile.ptr<f16>, #blocked>, %b: !tilegpu.buffer<32x32xf16, #shared, mutable>, %m: tensor<32x32xi1, #blocked>, %o: tensor<32x32xf32, #blocked>) {
  // expected-error @below {{other type 'tensor<32x32xf32, #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>' does not match the copied type 'tensor<32x32xf16, #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>'}}
  %t = "tilegpu.async_copy_global_to_local"(%p, %b, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (tensor<32x32x!tile.ptr<f16>, #blocked>, !tilegpu.buffer<32x32xf16, #shared, mutable>, tensor<32x32xi1, #blocked>, tensor<32x32xf32, #blocked>) -> !tilegpu.async.token
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @copy_buffer_shape(%p: tensor<32x32x!tile.ptr<f16>, #blocked>, %b: !tilegpu.buffer<64x32xf16, #shared, mutable>) {
  // expected-error @below {{tensor shape [32, 32] does not match buffer shape [64, 32]}}
  %t = tilegpu.async_copy_global_to_local %p, %b : tensor<32x32x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @copy_other_before_mask(%p: tensor<32x32x!tile.ptr<f16>, #blocked>, %b: !tilegpu.buffer<32x32xf16, #shared, mutable>, %m: tensor<32x32xi1, #blocked>, %o: tensor<32x32xf16, #blocked>) {
  // 'mask' comes before 'other'.
  // expected-error @below {{expected ':'}}
  %t = tilegpu.async_copy_global_to_local %p, %b other %o mask %m : tensor<32x32x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<32x32xf16, #shared, mutable>
  tile.return
}

// -----

tile.func public @copy_into_tensor(%p: tensor<32x32x!tile.ptr<f16>>, %b: tensor<32x32xf16>) {
  // The destination is a buffer.
  // expected-error @below {{operand #1 must be shared-memory buffer, but got 'tensor<32x32xf16>'}}
  %t = tilegpu.async_copy_global_to_local %p, %b : tensor<32x32x!tile.ptr<f16>> -> tensor<32x32xf16>
  tile.return
}

// -----

tile.func public @wait_without_num() {
  // expected-error @below {{requires attribute 'num'}}
  %t = tilegpu.async_wait
  tile.return
}

// -----

// expected-note @below {{prior use here}}
tile.func public @commit_non_token(%x: i32) {
  // A group commits async tokens.
  // expected-error @below {{use of value '%x' expects different type than prior uses: '!tilegpu.async.token' vs 'i32'}}
  %t = tilegpu.async_commit_group tokens %x
  tile.return
}

// -----

tile.func public @wait_non_token(%x: i32) {
  // expected-error @below {{operand #0 must be variadic of async token, but got 'i32'}}
  %t = "tilegpu.async_wait"(%x) <{num = 0 : i32}> : (i32) -> !tilegpu.async.token
  tile.return
}

// -----

// Sizes whose products would overflow (each once accepted, or a crash or
// undefined behaviour further on).
tile.func public @reshape_wrapping_count(%a: tensor<1xi32>) {
  // expected-error @below {{[7, 7905747460161236407] has more elements than a 64-bit count holds}}
  %b = tile.reshape %a : tensor<1xi32> -> tensor<7x7905747460161236407xi32>
  tile.return
}

// -----

tile.func public @cat_too_long(%a: tensor<4611686018427387904xf32>) {
  // expected-error @below {{dimension 0 of [4611686018427387904] cannot be doubled}}
  %c = tile.cat %a, %a : tensor<4611686018427387904xf32> -> tensor<8xf32>
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tile.func public @huge_buffer() {
  // expected-error @below {{a buffer must hold fewer than 4294967296 elements}}
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<4611686018427387904xf32, #shared, mutable>
  tile.return
}

// -----

// expected-error @below {{warpsPerCTA [2147483648, 2147483648, 2147483648] must multiply to at most 1048576}}
#b = #tilegpu.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [32, 1, 1], warpsPerCTA = [2147483648, 2147483648, 2147483648], order = [2, 1, 0]}>

// -----

// expected-error @below {{warpsPerCTA [268435456, 1] must multiply to at most 1048576}}
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [268435456, 1], instrShape = [16, 64, 16]}>

// -----

// expected-error @below {{'tilegpu.num-warps' must be a positive power-of-two integer up to 1024}}
module attributes {"tilegpu.num-warps" = 4294967296 : i64} {
}

// -----

// A hint wider than 64 bits (reading it as a 64-bit value asserted).
// expected-error @below {{'tile.func' op argument #0: 'tile.divisibility' must be a positive power of two, got 36893488147419103232}}
tile.func public @wide_hint(%n: i32 {tile.divisibility = 36893488147419103232 : i128}) {
  tile.return
}
