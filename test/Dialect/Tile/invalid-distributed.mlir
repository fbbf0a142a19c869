// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Every verifier rule of the distributed level.
// RUN: tile-opt %s -split-input-file -verify-diagnostics

// expected-error @below {{sizePerThread, threadsPerWarp, warpsPerCTA and order must have one entry per dimension (got 2, 1, 1, 1)}}
tile.func private @blocked_ranks(tensor<32xf32, #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>)

// -----

// expected-error @below {{threadsPerWarp [3, 8] must hold positive powers of two}}
tile.func private @blocked_pow2(tensor<32x32xf32, #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [3, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>)

// -----

// expected-error @below {{order [1, 1] is not a permutation of 0..1}}
tile.func private @blocked_order(tensor<32x32xf32, #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 1]}>>)

// -----

// expected-error @below {{layout field 'order' is missing}}
tile.func private @blocked_missing(tensor<32xf32, #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4]}>>)

// -----

// expected-error @below {{unknown layout field 'ordering'}}
tile.func private @blocked_unknown(tensor<32xf32, #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], ordering = [0]}>>)

// -----

// expected-error @below {{layout field 'sizePerThread' must be an array of integers}}
tile.func private @blocked_not_array(tensor<32xf32, #tilegpu.blocked<{sizePerThread = 1, threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>)

// -----

// expected-error @below {{layout of rank 1 does not match tensor rank 2}}
tile.func private @layout_rank(tensor<32x32xf32, #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>)

// -----

// expected-error @below {{tensor dimension 24 is not a power of two, which a layout needs}}
tile.func private @layout_shape(tensor<24xf32, #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>)

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @below {{slice dimension 2 is out of range for a parent layout of rank 2}}
tile.func private @slice_dim(tensor<32xf32, #tilegpu.slice<{dim = 2, parent = #blocked}>>)

// -----

// expected-error @below {{layout field 'parent' must be a distributed layout}}
tile.func private @slice_parent(tensor<32xf32, #tilegpu.slice<{dim = 0, parent = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>}>>)

// -----

// expected-error @below {{a slice of a rank-1 layout would have rank 0}}
tile.func private @slice_rank1(tensor<32xf32, #tilegpu.slice<{dim = 0, parent = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}>>)

// -----

// expected-error @below {{mma versionMajor must be 2 (mma.sync) or 3 (wgmma), got 1}}
tile.func private @mma_version(tensor<32x32xf32, #tilegpu.mma<{versionMajor = 1, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>>)

// -----

// expected-error @below {{mma version 2 (mma.sync m16n8k*) needs instrShape [16, 8], got [16, 16]}}
tile.func private @mma_v2_shape(tensor<32x32xf32, #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 16]}>>)

// -----

// expected-error @below {{mma version 3 (wgmma) needs instrShape [16, N, K] with N a multiple of 8 in 8..256 and K 8, 16 or 32, got [16, 12, 16]}}
tile.func private @mma_v3_shape(tensor<64x64xf32, #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 12, 16]}>>)

// -----

// expected-error @below {{mma version 3 needs warpsPerCTA along M to be a multiple of 4 (a warpgroup), got [2, 2]}}
tile.func private @mma_v3_warps(tensor<64x64xf32, #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 64, 16]}>>)

// -----

// expected-error @below {{mma warpsPerCTA must have rank 2 (or 3 with a batch dimension), got 1}}
tile.func private @mma_rank(tensor<64xf32, #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4], instrShape = [16, 8]}>>)

// -----

#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// expected-error @below {{dot operand index must be 0 (A) or 1 (B), got 2}}
tile.func private @dot_op_index(tensor<32x32xf16, #tilegpu.dot_op<{opIdx = 2, parent = #mma, kWidth = 8}>>)

// -----

#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// expected-error @below {{a dot operand of an mma layout needs kWidth > 0}}
tile.func private @dot_op_kwidth(tensor<32x32xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma}>>)

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @below {{a dot operand of a blocked layout (FMA) takes no kWidth}}
tile.func private @dot_op_fma_kwidth(tensor<32x32xf16, #tilegpu.dot_op<{opIdx = 0, parent = #blocked, kWidth = 2}>>)

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @below {{a dot operand's parent must be an mma or blocked layout}}
tile.func private @dot_op_parent(tensor<32x32xf16, #tilegpu.dot_op<{opIdx = 0, parent = #tilegpu.slice<{dim = 0, parent = #tilegpu.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>}>}>>)

// -----

// expected-error @below {{vec, perPhase, maxPhase [8, 3, 8] must hold positive powers of two}}
tile.func private @shared_pow2(!tilegpu.buffer<32x32xf16, #tilegpu.shared<{vec = 8, perPhase = 3, maxPhase = 8, order = [1, 0]}>>)

// -----

// expected-error @below {{swizzlingByteWidth must be 0, 32, 64 or 128, got 96}}
tile.func private @nvmma_swizzle(!tilegpu.buffer<32x32xf16, #tilegpu.nvmma_shared<{swizzlingByteWidth = 96, transposed = false, elementBitWidth = 16}>>)

// -----

// expected-error @below {{elementBitWidth must be 8, 16, 32 or 64, got 4}}
tile.func private @nvmma_bits(!tilegpu.buffer<32x32xf16, #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 4}>>)

// -----

// expected-error @below {{layout field 'transposed' must be true or false}}
tile.func private @nvmma_transposed(!tilegpu.buffer<32x32xf16, #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = 1, elementBitWidth = 16}>>)

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @below {{a buffer's layout must be a shared layout (#tilegpu.shared or #tilegpu.nvmma_shared)}}
tile.func private @buffer_layout(!tilegpu.buffer<32x32xf16, #blocked>)

// -----

// expected-error @below {{shared layout of rank 3 does not fit a buffer of rank 2}}
tile.func private @buffer_rank(!tilegpu.buffer<32x32xf16, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [2, 1, 0]}>>)

// -----

// expected-error @below {{an NVMMA shared layout needs a buffer of rank 2 or more}}
tile.func private @buffer_nvmma_rank(!tilegpu.buffer<32xf16, #tilegpu.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>>)

// -----

// expected-error @below {{buffer element type must be an integer or a float, got '!tile.ptr<f32>'}}
tile.func private @buffer_element(!tilegpu.buffer<32x!tile.ptr<f32>, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>>)

// -----

// expected-error @below {{expected 'mutable'}}
tile.func private @buffer_keyword(!tilegpu.buffer<32xf32, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, writable>)

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 8 : i32} {
  // expected-error @below {{spans 4 warps but the module has tilegpu.num-warps = 8}}
  tile.func private @f(tensor<32x32xf32, #blocked>)
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @f(%x: tensor<32x32xf32, #blocked>) {
    // expected-error @below {{spans 16 threads per warp but the module has 32}}
    %y = arith.addf %x, %x : tensor<32x32xf32, #blocked>
    tile.return
  }
}

// -----

// expected-error @below {{'tilegpu.target' must be a string such as "sm_90"}}
module attributes {"tilegpu.target" = 90 : i32} {
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @alloc_immutable_empty() {
  // expected-error @below {{a buffer allocated without an initial value must be mutable}}
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<32x32xf16, #shared>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @alloc_shape(%t: tensor<32x32xf16, #blocked>) {
  // expected-error @below {{tensor shape [32, 32] does not match buffer shape [32, 64]}}
  %b = tilegpu.local_alloc %t : (tensor<32x32xf16, #blocked>) -> !tilegpu.buffer<32x64xf16, #shared>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @load_element(%b: !tilegpu.buffer<32x32xf16, #shared>) {
  // expected-error @below {{tensor element type 'f32' does not match buffer element type 'f16'}}
  %t = tilegpu.local_load %b : !tilegpu.buffer<32x32xf16, #shared> -> tensor<32x32xf32, #blocked>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @window_shape(%b: !tilegpu.buffer<32x32xf16, #shared>) {
  // expected-error @below {{tensor shape [32, 16] does not match buffer shape [32, 32]}}
  %t = tilegpu.local_load %b : !tilegpu.buffer<32x32xf16, #shared> -> tensor<32x16xf16, #blocked>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @window_outside(%b: !tilegpu.buffer<32x32xf16, #shared>) {
  // expected-error @below {{window of 16 at 24 along dimension 1 is outside the buffer's [0, 32)}}
  %t = tilegpu.local_load %b at [0, 24] : !tilegpu.buffer<32x32xf16, #shared> -> tensor<32x16xf16, #blocked>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @window_negative(%b: !tilegpu.buffer<32x32xf16, #shared>) {
  // expected-error @below {{window of 16 at -16 along dimension 0 is outside the buffer's [0, 32)}}
  %t = tilegpu.local_load %b at [-16, 0] : !tilegpu.buffer<32x32xf16, #shared> -> tensor<16x32xf16, #blocked>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @window_offsets(%b: !tilegpu.buffer<32x32xf16, #shared>) {
  // expected-error @below {{a window needs one offset per dimension and a result of the buffer's rank, got 1 offsets, a rank 2 result and a rank 2 buffer}}
  %t = tilegpu.local_load %b at [16] : !tilegpu.buffer<32x32xf16, #shared> -> tensor<16x32xf16, #blocked>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @window_element(%b: !tilegpu.buffer<32x32xf16, #shared>) {
  // expected-error @below {{tensor element type 'f32' does not match buffer element type 'f16'}}
  %t = tilegpu.local_load %b at [0, 16] : !tilegpu.buffer<32x32xf16, #shared> -> tensor<32x16xf32, #blocked>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @store_immutable(%t: tensor<32x32xf16, #blocked>, %b: !tilegpu.buffer<32x32xf16, #shared>) {
  // expected-error @below {{cannot store into an immutable buffer}}
  tilegpu.local_store %t, %b : tensor<32x32xf16, #blocked> -> !tilegpu.buffer<32x32xf16, #shared>
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @dealloc_view(%b: !tilegpu.buffer<2x32x32xf16, #shared, mutable>, %i: i32) {
  %v = tilegpu.buffer_index %b[%i] : !tilegpu.buffer<2x32x32xf16, #shared, mutable> -> !tilegpu.buffer<32x32xf16, #shared, mutable>
  // expected-error @below {{operand must be the result of tilegpu.local_alloc, not a view or an argument}}
  tilegpu.local_dealloc %v : !tilegpu.buffer<32x32xf16, #shared, mutable>
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @index_shape(%b: !tilegpu.buffer<2x32x32xf16, #shared, mutable>, %i: i32) {
  // expected-error @below {{result shape [32, 16] is not the source shape [2, 32, 32] without its leading dimension}}
  %v = tilegpu.buffer_index %b[%i] : !tilegpu.buffer<2x32x32xf16, #shared, mutable> -> !tilegpu.buffer<32x16xf16, #shared, mutable>
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @index_mutability(%b: !tilegpu.buffer<2x32x32xf16, #shared, mutable>, %i: i32) {
  // expected-error @below {{result must keep the source's element type, layout and mutability}}
  %v = tilegpu.buffer_index %b[%i] : !tilegpu.buffer<2x32x32xf16, #shared, mutable> -> !tilegpu.buffer<32x32xf16, #shared>
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tile.func public @index_rank1(%b: !tilegpu.buffer<32xf16, #shared, mutable>, %i: i32) {
  // expected-error @below {{needs a multi-buffered source of rank 2 or more, got rank 1}}
  %v = "tilegpu.buffer_index"(%b, %i) : (!tilegpu.buffer<32xf16, #shared, mutable>, i32) -> !tilegpu.buffer<32xf16, #shared, mutable>
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @trans_layout(%b: !tilegpu.buffer<32x64xf16, #shared>) {
  // expected-error @below {{result layout #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}> is not the source layout transposed (#tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>)}}
  %v = tilegpu.buffer_trans %b {order = array<i32: 1, 0>} : !tilegpu.buffer<32x64xf16, #shared> -> !tilegpu.buffer<64x32xf16, #shared>
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared_t = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
tile.func public @trans_shape(%b: !tilegpu.buffer<32x64xf16, #shared>) {
  // expected-error @below {{result shape [32, 64] does not match the permuted source shape [64, 32]}}
  %v = tilegpu.buffer_trans %b {order = array<i32: 1, 0>} : !tilegpu.buffer<32x64xf16, #shared> -> !tilegpu.buffer<32x64xf16, #shared_t>
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @trans_order(%b: !tilegpu.buffer<32x64xf16, #shared>) {
  // expected-error @below {{order [0, 0] is not a permutation of 0..1}}
  %v = tilegpu.buffer_trans %b {order = array<i32: 0, 0>} : !tilegpu.buffer<32x64xf16, #shared> -> !tilegpu.buffer<32x64xf16, #shared>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
tile.func public @convert_shape(%t: tensor<32x32xf32, #blocked>) {
  // expected-error @below {{changes only the layout}}
  %c = tilegpu.convert_layout %t : tensor<32x32xf32, #blocked> -> tensor<32x32xf16, #blocked1>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @copy_immutable(%p: tensor<32x32x!tile.ptr<f16>, #blocked>, %b: !tilegpu.buffer<32x32xf16, #shared>) {
  // expected-error @below {{cannot copy into an immutable buffer}}
  %t = tilegpu.async_copy_global_to_local %p, %b : tensor<32x32x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<32x32xf16, #shared>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @copy_type(%p: tensor<32x32x!tile.ptr<f32>, #blocked>, %b: !tilegpu.buffer<32x32xf16, #shared, mutable>) {
  // expected-error @below {{tensor element type 'f32' does not match buffer element type 'f16'}}
  %t = tilegpu.async_copy_global_to_local %p, %b : tensor<32x32x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<32x32xf16, #shared, mutable>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @copy_other_without_mask(%p: tensor<32x32x!tile.ptr<f16>, #blocked>, %b: !tilegpu.buffer<32x32xf16, #shared, mutable>, %o: tensor<32x32xf16, #blocked>) {
  // expected-error @below {{'other' is only meaningful with a mask}}
  %t = tilegpu.async_copy_global_to_local %p, %b other %o : tensor<32x32x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<32x32xf16, #shared, mutable>
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @copy_scalar(%p: !tile.ptr<f16>, %b: !tilegpu.buffer<32x32xf16, #shared, mutable>) {
  // expected-error @below {{expected a tensor of pointers, got '!tile.ptr<f16>'}}
  %t = tilegpu.async_copy_global_to_local %p, %b : !tile.ptr<f16> -> !tilegpu.buffer<32x32xf16, #shared, mutable>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tile.func public @reduce_layout(%x: tensor<32x32xf32, #blocked>) {
  // expected-error @below {{result #0 has type 'tensor<32xf32, #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>', expected 'tensor<32xf32, #tilegpu.slice<{dim = 1, parent = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>>'}}
  %r = "tile.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.reduce.return %s : f32
  }) : (tensor<32x32xf32, #blocked>) -> tensor<32xf32, #blocked1>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tile.func public @expand_dims_layout(%x: tensor<32xf32, #blocked1>) {
  // expected-error @below {{operand layout #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}> must be the result layout sliced at axis 1 (#tilegpu.slice<{dim = 1, parent = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>)}}
  %e = tile.expand_dims %x {axis = 1 : i32} : tensor<32xf32, #blocked1> -> tensor<32x1xf32, #blocked>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
tile.func public @broadcast_layout(%x: tensor<32x1xf32, #blocked1>) {
  // expected-error @below {{operand layout #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}> differs from result layout #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}}
  %e = tile.broadcast %x : tensor<32x1xf32, #blocked1> -> tensor<32x32xf32, #blocked>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
tile.func public @dot_layout(%a: tensor<32x16xf32, #blocked>, %b: tensor<16x32xf32, #blocked>, %c: tensor<32x32xf32, #blocked>) {
  // expected-error @below {{operand a needs a #tilegpu.dot_op layout with opIdx = 0 and parent #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>, got #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}}
  %d = tile.dot %a, %b, %c : tensor<32x16xf32, #blocked> * tensor<16x32xf32, #blocked> -> tensor<32x32xf32, #blocked>
  tile.return
}

// -----

// tilenv.warpgroup_dot: every verifier rule.
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
tile.func public @wgmma_reduction(%a: !tilegpu.buffer<64x64xf16, #nvmma>, %b: !tilegpu.buffer<128x128xf16, #nvmma>, %c: tensor<64x128xf32, #wgmma>) {
  // expected-error @below {{reduction dimensions differ: a is [64, 64], b is [128, 128]}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<128x128xf16, #nvmma> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

// A tensor a in registers: 16-bit only, and in the layout of an
// accumulator with the result's warps whose N is a's K.
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
tile.func public @wgmma_register_a_n(%b: !tilegpu.buffer<64x128xf16, #nvmma>, %c: tensor<64x128xf32, #wgmma>, %a: tensor<64x64xf16, #wgmma>) {
  // expected-error @below {{a in registers needs a #tilegpu.mma version 3 layout with the accumulator's warps and instrShape [16, K, 16] (K = 64), got #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>}}
  %d = tilenv.warpgroup_dot %a, %b, %c : tensor<64x64xf16, #wgmma>, !tilegpu.buffer<64x128xf16, #nvmma> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#a64w = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
tile.func public @wgmma_register_a_warps(%b: !tilegpu.buffer<64x128xf16, #nvmma>, %c: tensor<64x128xf32, #wgmma>, %a: tensor<64x64xf16, #a64w>) {
  // expected-error @below {{a in registers needs a #tilegpu.mma version 3 layout with the accumulator's warps}}
  %d = tilenv.warpgroup_dot %a, %b, %c : tensor<64x64xf16, #a64w>, !tilegpu.buffer<64x128xf16, #nvmma> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
tile.func public @wgmma_register_a_blocked(%b: !tilegpu.buffer<64x128xf16, #nvmma>, %c: tensor<64x128xf32, #wgmma>, %a: tensor<64x64xf16, #blocked>) {
  // expected-error @below {{a in registers needs a #tilegpu.mma version 3 layout}}
  %d = tilenv.warpgroup_dot %a, %b, %c : tensor<64x64xf16, #blocked>, !tilegpu.buffer<64x128xf16, #nvmma> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma32 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#a64 = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
tile.func public @wgmma_register_a_f32(%b: !tilegpu.buffer<64x128xf32, #nvmma32>, %c: tensor<64x128xf32, #wgmma>, %a: tensor<64x64xf32, #a64>) {
  // expected-error @below {{a in registers must be a rank-2 f16 or bf16 tensor, got 'tensor<64x64xf32}}
  %d = tilenv.warpgroup_dot %a, %b, %c : tensor<64x64xf32, #a64>, !tilegpu.buffer<64x128xf32, #nvmma32> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
// expected-note @below {{prior use here}}
tile.func public @wgmma_flag(%a: !tilegpu.buffer<64x64xf16, #nvmma>, %b: !tilegpu.buffer<64x128xf16, #nvmma>, %c: tensor<64x128xf32, #wgmma>, %flag: i32) {
  // expected-error @below {{use of value '%flag' expects different type than prior uses: 'i1' vs 'i32'}}
  %d = tilenv.warpgroup_dot %a, %b, %c accumulate if %flag : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x128xf16, #nvmma> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
tile.func public @wgmma_rank(%a: !tilegpu.buffer<2x64x64xf16, #nvmma>, %b: !tilegpu.buffer<64x128xf16, #nvmma>, %c: tensor<64x128xf32, #wgmma>) {
  // expected-error @below {{operands must have rank 2, got a rank 3, b rank 2, c rank 2}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<2x64x64xf16, #nvmma>, !tilegpu.buffer<64x128xf16, #nvmma> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
tile.func public @wgmma_acc_shape(%a: !tilegpu.buffer<128x64xf16, #nvmma>, %b: !tilegpu.buffer<64x128xf16, #nvmma>, %c: tensor<64x128xf32, #wgmma>) {
  // expected-error @below {{accumulator shape [64, 128] does not match the product shape [128, 128]}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<128x64xf16, #nvmma>, !tilegpu.buffer<64x128xf16, #nvmma> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
tile.func public @wgmma_types(%a: !tilegpu.buffer<64x64xf16, #nvmma>, %b: !tilegpu.buffer<64x128xbf16, #nvmma>, %c: tensor<64x128xf32, #wgmma>) {
  // expected-error @below {{a and b must both be f16, both bf16, both f32 (multiplied as tf32), both i8 or both 8-bit floats (e4m3, e5m2), got 'f16' and 'bf16'}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x128xbf16, #nvmma> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
tile.func public @wgmma_acc_type(%a: !tilegpu.buffer<64x64xf16, #nvmma>, %b: !tilegpu.buffer<64x128xf16, #nvmma>, %c: tensor<64x128xf16, #wgmma>) {
  // expected-error @below {{accumulates in f32, got 'f16'}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x128xf16, #nvmma> -> tensor<64x128xf16, #wgmma>
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
tile.func public @wgmma_layout(%a: !tilegpu.buffer<64x64xf16, #shared>, %b: !tilegpu.buffer<64x128xf16, #nvmma>, %c: tensor<64x128xf32, #wgmma>) {
  // expected-error @below {{a must be in a row-major 16-bit #tilegpu.nvmma_shared layout with a 32, 64 or 128-byte swizzle, got #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x64xf16, #shared>, !tilegpu.buffer<64x128xf16, #nvmma> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma_t = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
tile.func public @wgmma_transposed(%a: !tilegpu.buffer<64x64xf16, #nvmma_t>, %b: !tilegpu.buffer<64x128xf16, #nvmma>, %c: tensor<64x128xf32, #wgmma>) {
  // expected-error @below {{a must be in a row-major 16-bit #tilegpu.nvmma_shared layout with a 32, 64 or 128-byte swizzle, got #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x64xf16, #nvmma_t>, !tilegpu.buffer<64x128xf16, #nvmma> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
tile.func public @wgmma_b_bits(%a: !tilegpu.buffer<64x64xf16, #nvmma>, %b: !tilegpu.buffer<64x128xf16, #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>>, %c: tensor<64x128xf32, #wgmma>) {
  // expected-error @below {{b must be in a row-major or transposed (K-contiguous) 16-bit #tilegpu.nvmma_shared layout with a 32, 64 or 128-byte swizzle, got #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x128xf16, #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
tile.func public @wgmma_swizzle_rows(%a: !tilegpu.buffer<64x32xf16, #nvmma>, %b: !tilegpu.buffer<32x128xf16, #nvmma>, %c: tensor<64x128xf32, #wgmma>) {
  // expected-error @below {{a's rows (32 elements) are not a multiple of its 128-byte swizzle}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x32xf16, #nvmma>, !tilegpu.buffer<32x128xf16, #nvmma> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
tile.func public @wgmma_acc_layout(%a: !tilegpu.buffer<64x64xf16, #nvmma>, %b: !tilegpu.buffer<64x128xf16, #nvmma>, %c: tensor<64x128xf32, #mma>) {
  // expected-error @below {{accumulator needs a #tilegpu.mma version 3 layout, got #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x128xf16, #nvmma> -> tensor<64x128xf32, #mma>
  tile.return
}

// -----

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 128, 16]}>
tile.func public @wgmma_warps(%a: !tilegpu.buffer<64x64xf16, #nvmma>, %b: !tilegpu.buffer<64x128xf16, #nvmma>, %c: tensor<64x128xf32, #wgmma>) {
  // expected-error @below {{needs M a multiple of 64 (16 rows a warp), K of 16 and N the instruction's N times the warps along N, got [64, 128, 64], instrShape [16, 128, 16] and warps [4, 2]}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x128xf16, #nvmma> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

// Two warpgroups along N: each reads B from its first column, which must
// start a column block (64 f16 columns of a 128-byte swizzle).
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 32, 16]}>
tile.func public @wgmma_split_columns(%a: !tilegpu.buffer<64x64xf16, #nvmma>, %b: !tilegpu.buffer<64x64xf16, #nvmma>, %c: tensor<64x64xf32, #wgmma>) {
  // expected-error @below {{splits N over 2 warpgroups of 32 columns, not whole 64-column blocks of b's swizzle}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<64x64xf32, #wgmma>
  tile.return
}

// -----

// A in registers: warps along M only.
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 32, 16]}>
#a64 = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 64, 16]}>
tile.func public @wgmma_split_register_a(%a: tensor<64x64xf16, #a64>, %b: !tilegpu.buffer<64x64xf16, #nvmma>, %c: tensor<64x64xf32, #wgmma>) {
  // expected-error @below {{a in registers needs all warps along M, got [4, 2]}}
  %d = tilenv.warpgroup_dot %a, %b, %c : tensor<64x64xf16, #a64>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<64x64xf32, #wgmma>
  tile.return
}

// -----

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
tile.func public @wgmma_rows(%a: !tilegpu.buffer<64x64xf16, #nvmma>, %b: !tilegpu.buffer<64x128xf16, #nvmma>, %c: tensor<64x128xf32, #wgmma>) {
  // expected-error @below {{needs M a multiple of 128 (16 rows a warp), K of 16 and N the instruction's N times the warps along N, got [64, 128, 64], instrShape [16, 128, 16] and warps [8, 1]}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x128xf16, #nvmma> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
tile.func public @wgmma_instr_n(%a: !tilegpu.buffer<64x64xf16, #nvmma>, %b: !tilegpu.buffer<64x128xf16, #nvmma>, %c: tensor<64x128xf32, #wgmma>) {
  // expected-error @below {{needs M a multiple of 64 (16 rows a warp), K of 16 and N the instruction's N times the warps along N, got [64, 128, 64], instrShape [16, 64, 16] and warps [4, 1]}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x128xf16, #nvmma> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

// f32 operands (tf32): b must be K-contiguous, as wgmma reads tf32 only.
#nvmma32 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
tile.func public @wgmma_tf32_b_major(%a: !tilegpu.buffer<64x32xf32, #nvmma32>, %b: !tilegpu.buffer<32x128xf32, #nvmma32>, %c: tensor<64x128xf32, #wgmma>) {
  // expected-error @below {{b must be in a transposed (K-contiguous) 32-bit #tilegpu.nvmma_shared layout with a 32, 64 or 128-byte swizzle, got #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x32xf32, #nvmma32>, !tilegpu.buffer<32x128xf32, #nvmma32> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

#nvmma16 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#nvmma32_t = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
tile.func public @wgmma_tf32_bits(%a: !tilegpu.buffer<64x32xf32, #nvmma16>, %b: !tilegpu.buffer<32x128xf32, #nvmma32_t>, %c: tensor<64x128xf32, #wgmma>) {
  // expected-error @below {{a must be in a row-major 32-bit #tilegpu.nvmma_shared layout with a 32, 64 or 128-byte swizzle, got #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x32xf32, #nvmma16>, !tilegpu.buffer<32x128xf32, #nvmma32_t> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

// A transposed b's rows run along K.
#nvmma32 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>
#nvmma32_t = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
tile.func public @wgmma_tf32_rows(%a: !tilegpu.buffer<64x16xf32, #nvmma32>, %b: !tilegpu.buffer<16x128xf32, #nvmma32_t>, %c: tensor<64x128xf32, #wgmma>) {
  // expected-error @below {{b's rows (16 elements) are not a multiple of its 128-byte swizzle}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x16xf32, #nvmma32>, !tilegpu.buffer<16x128xf32, #nvmma32_t> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

// 32-bit rows: a 32-byte swizzle holds 8 elements.
#nvmma32 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 32}>
#nvmma32_t = #tilegpu.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 32}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
tile.func public @wgmma_tf32_k(%a: !tilegpu.buffer<64x4xf32, #nvmma32>, %b: !tilegpu.buffer<4x128xf32, #nvmma32_t>, %c: tensor<64x128xf32, #wgmma>) {
  // expected-error @below {{a's rows (4 elements) are not a multiple of its 32-byte swizzle}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x4xf32, #nvmma32>, !tilegpu.buffer<4x128xf32, #nvmma32_t> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

// i8 operands accumulate in i32.
#nvmma8 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#nvmma8_t = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
tile.func public @wgmma_i8_acc(%a: !tilegpu.buffer<64x64xi8, #nvmma8>, %b: !tilegpu.buffer<64x128xi8, #nvmma8_t>, %c: tensor<64x128xf32, #wgmma>) {
  // expected-error @below {{accumulates in i32, got 'f32'}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x64xi8, #nvmma8>, !tilegpu.buffer<64x128xi8, #nvmma8_t> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

#nvmma8 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
tile.func public @wgmma_i8_b_major(%a: !tilegpu.buffer<64x64xi8, #nvmma8>, %b: !tilegpu.buffer<64x128xi8, #nvmma8>, %c: tensor<64x128xi32, #wgmma>) {
  // expected-error @below {{b must be in a transposed (K-contiguous) 8-bit #tilegpu.nvmma_shared layout with a 32, 64 or 128-byte swizzle, got #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>}}
  %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x64xi8, #nvmma8>, !tilegpu.buffer<64x128xi8, #nvmma8> -> tensor<64x128xi32, #wgmma>
  tile.return
}

// -----

// tilenv.warpgroup_dot_wait: every verifier rule.
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
tile.func public @wgmma_wait_negative(%c: tensor<64x128xf32, #wgmma>) {
  // expected-error @below {{pendings must not be negative, got -1}}
  %d = tilenv.warpgroup_dot_wait %c {pendings = -1 : i32} : tensor<64x128xf32, #wgmma> -> tensor<64x128xf32, #wgmma>
  tile.return
}

// -----

#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#wgmma64 = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
tile.func public @wgmma_wait_types(%c: tensor<64x128xf32, #wgmma>) {
  // expected-error @below {{results must have the types of the inputs}}
  %d = tilenv.warpgroup_dot_wait %c {pendings = 0 : i32} : tensor<64x128xf32, #wgmma> -> tensor<64x128xf32, #wgmma64>
  tile.return
}

// -----

#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
tile.func public @wgmma_wait_layout(%c: tensor<64x128xf32, #mma>) {
  // expected-error @below {{waits for warpgroup dot accumulators (#tilegpu.mma version 3), got 'tensor<64x128xf32, #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>'}}
  %d = tilenv.warpgroup_dot_wait %c {pendings = 0 : i32} : tensor<64x128xf32, #mma> -> tensor<64x128xf32, #mma>
  tile.return
}

// -----

tile.func public @wgmma_wait_empty() {
  // expected-error @below {{needs at least one accumulator}}
  "tilenv.warpgroup_dot_wait"() {pendings = 0 : i32} : () -> ()
  tile.return
}

// -----

#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
tile.func public @wgmma_wait_f16(%c: tensor<64x128xf16, #wgmma>) {
  // expected-error @below {{accumulators must be all f32 or all i32, got 'tensor<64x128xf16}}
  %d = tilenv.warpgroup_dot_wait %c {pendings = 0 : i32} : tensor<64x128xf16, #wgmma> -> tensor<64x128xf16, #wgmma>
  tile.return
}

// -----

#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
tile.func public @wgmma_wait_mixed(%c: tensor<64x128xf32, #wgmma>, %i: tensor<64x128xi32, #wgmma>) {
  // expected-error @below {{accumulators must be all f32 or all i32, got 'tensor<64x128xi32}}
  %d:2 = tilenv.warpgroup_dot_wait %c, %i {pendings = 0 : i32} : tensor<64x128xf32, #wgmma>, tensor<64x128xi32, #wgmma> -> tensor<64x128xf32, #wgmma>, tensor<64x128xi32, #wgmma>
  tile.return
}

// -----

#bar = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tile.func public @barrier_type(%b: !tilegpu.buffer<2xi64, #bar, mutable>) {
  // expected-error @below {{an mbarrier is a mutable buffer of one i64, got '!tilegpu.buffer<2xi64, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, mutable>'}}
  tilenv.init_barrier %b, 1 : !tilegpu.buffer<2xi64, #bar, mutable>
  tile.return
}

// -----

#bar = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tile.func public @barrier_immutable(%b: !tilegpu.buffer<1xi64, #bar>, %p: i1) {
  // expected-error @below {{an mbarrier is a mutable buffer of one i64}}
  tilenv.barrier_expect %b, 128, %p : !tilegpu.buffer<1xi64, #bar>
  tile.return
}

// -----

#bar = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tile.func public @barrier_element(%b: !tilegpu.buffer<1xi32, #bar, mutable>, %p: i32) {
  // expected-error @below {{an mbarrier is a mutable buffer of one i64}}
  tilenv.wait_barrier %b, %p : !tilegpu.buffer<1xi32, #bar, mutable>
  tile.return
}

// -----

#bar = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tile.func public @inval_type(%b: !tilegpu.buffer<1xf64, #bar, mutable>) {
  // expected-error @below {{an mbarrier is a mutable buffer of one i64}}
  tilenv.inval_barrier %b : !tilegpu.buffer<1xf64, #bar, mutable>
  tile.return
}

// -----

#bar = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tile.func public @init_count(%b: !tilegpu.buffer<1xi64, #bar, mutable>) {
  // expected-error @below {{attribute 'count' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
  tilenv.init_barrier %b, 0 : !tilegpu.buffer<1xi64, #bar, mutable>
  tile.return
}

// -----

#bar = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
tile.func public @tma_indices(%d: !tile.tensordesc<64x64xf16>, %buf: !tilegpu.buffer<64x64xf16, #nvmma, mutable>,
                              %b: !tilegpu.buffer<1xi64, #bar, mutable>, %i: i32, %p: i1) {
  // expected-error @below {{expected 2 indices for '!tile.tensordesc<64x64xf16>', got 3}}
  tilenv.async_tma_copy %d[%i, %i, %i], %buf, %b, %p : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #bar, mutable>
  tile.return
}

// -----

#bar = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
tile.func public @tma_block(%d: !tile.tensordesc<64x64xf16>, %buf: !tilegpu.buffer<32x64xf16, #nvmma, mutable>,
                            %b: !tilegpu.buffer<1xi64, #bar, mutable>, %i: i32, %p: i1) {
  // expected-error @below {{buffer [32, 64] of 'f16' is not one block of '!tile.tensordesc<64x64xf16>'}}
  tilenv.async_tma_copy %d[%i, %i], %buf, %b, %p : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<32x64xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #bar, mutable>
  tile.return
}

// -----

#bar = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
tile.func public @tma_immutable(%d: !tile.tensordesc<64x64xf16>, %buf: !tilegpu.buffer<64x64xf16, #nvmma>,
                                %b: !tilegpu.buffer<1xi64, #bar, mutable>, %i: i32, %p: i1) {
  // expected-error @below {{cannot copy into an immutable buffer}}
  tilenv.async_tma_copy %d[%i, %i], %buf, %b, %p : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<1xi64, #bar, mutable>
  tile.return
}

// -----

#bar = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
tile.func public @tma_layout(%d: !tile.tensordesc<64x64xf16>, %buf: !tilegpu.buffer<64x64xf16, #nvmma64, mutable>,
                             %b: !tilegpu.buffer<1xi64, #bar, mutable>, %i: i32, %p: i1) {
  // expected-error @below {{TMA writes '!tile.tensordesc<64x64xf16>' blocks in layout #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, not #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>}}
  tilenv.async_tma_copy %d[%i, %i], %buf, %b, %p : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma64, mutable>, !tilegpu.buffer<1xi64, #bar, mutable>
  tile.return
}

// -----

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
tile.func public @tma_store_indices(%d: !tile.tensordesc<64x64xf16>, %buf: !tilegpu.buffer<64x64xf16, #nvmma>, %i: i32) {
  // expected-error @below {{expected 2 indices for '!tile.tensordesc<64x64xf16>', got 1}}
  tilenv.async_tma_store %d[%i], %buf : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma>
  tile.return
}

// -----

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
tile.func public @tma_store_block(%d: !tile.tensordesc<64x64xf16>, %buf: !tilegpu.buffer<64x32xf16, #nvmma>, %i: i32) {
  // expected-error @below {{buffer [64, 32] of 'f16' is not one block of '!tile.tensordesc<64x64xf16>'}}
  tilenv.async_tma_store %d[%i, %i], %buf : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x32xf16, #nvmma>
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
tile.func public @tma_store_layout(%d: !tile.tensordesc<64x64xf16>, %buf: !tilegpu.buffer<64x64xf16, #shared>, %i: i32) {
  // expected-error @below {{TMA reads '!tile.tensordesc<64x64xf16>' blocks in layout #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, not #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>}}
  tilenv.async_tma_store %d[%i, %i], %buf : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #shared>
  tile.return
}

// -----

tile.func public @tma_store_wait_negative() {
  // expected-error @below {{attribute 'pendings' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  tilenv.async_tma_store_wait {pendings = -1 : i32}
  tile.return
}

// -----

#bar = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tile.func public @arrive_barrier_type(%b: !tilegpu.buffer<1xi32, #bar, mutable>, %p: i1) {
  // expected-error @below {{an mbarrier is a mutable buffer of one i64}}
  tilenv.arrive_barrier %b, %p : !tilegpu.buffer<1xi32, #bar, mutable>
  tile.return
}

// -----

tile.func public @warp_specialize_nested(%p: i1) {
  scf.if %p {
    // expected-error @below {{must be in a tile.func's body, not nested in 'scf.if'}}
    tilenv.warp_specialize producer {
    } default {
    }
  }
  tile.return
}

// -----

tile.func public @warp_specialize_not_last(%a: i32) {
  // expected-error @below {{must be the last op before the function's return: the producer warp would run what follows}}
  tilenv.warp_specialize producer {
  } default {
  }
  %b = arith.addi %a, %a : i32
  tile.return
}

// -----

tile.func public @warp_specialize_arguments() {
  // expected-error @below {{regions take no arguments}}
  tilenv.warp_specialize producer {
  ^bb0(%x: i32):
  } default {
  }
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tile.func public @warp_specialize_after_store(%p: tensor<128x!tile.ptr<f32>, #blocked>, %v: tensor<128xf32, #blocked>) {
  // expected-note @below {{here}}
  tile.store %p, %v : tensor<128x!tile.ptr<f32>, #blocked>
  // expected-error @below {{is preceded by 'tile.store', which its producer warp would run too: ops before it must be scalar and free of memory effects, but for the shared memory's set-up}}
  tilenv.warp_specialize producer {
  } default {
  }
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tile.func public @warp_specialize_after_tensor(%a: tensor<128xi32, #blocked>) {
  // expected-note @below {{here}}
  %b = arith.addi %a, %a : tensor<128xi32, #blocked>
  // expected-error @below {{is preceded by 'arith.addi'}}
  tilenv.warp_specialize producer {
  } default {
  }
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tile.func public @warp_specialize_producer_tensor(%a: tensor<128xi32, #blocked>) {
  // expected-error @below {{producer region computes tensors ('arith.addi'), but runs on one thread outside the layouts' warps}}
  tilenv.warp_specialize producer {
    %b = arith.addi %a, %a : tensor<128xi32, #blocked>
  } default {
  }
  tile.return
}

// -----

tile.func public @warp_specialize_producer_barrier() {
  // expected-error @below {{producer region has a CTA barrier, which the kernel's warps do not take part in}}
  tilenv.warp_specialize producer {
    gpu.barrier
  } default {
  }
  tile.return
}

// -----

// A store's value may differ from its pointers only in a distributed layout:
// not in element type ...
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#other = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tile.func public @store_value_type(%p: tensor<512x!tile.ptr<f32>, #blocked>, %v: tensor<512xf16, #other>) {
  // expected-error @below {{value type 'tensor<512xf16, #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>' does not match the pointee type 'tensor<512xf32, #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>'}}
  tile.store %p, %v : tensor<512x!tile.ptr<f32>, #blocked>, tensor<512xf16, #other>
  tile.return
}

// -----

// ... and not with a layout on one side only.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tile.func public @store_value_layout(%p: tensor<512x!tile.ptr<f32>, #blocked>, %v: tensor<512xf32>) {
  // expected-error @below {{value and pointers differ in layout, so both need a layout (value 'tensor<512xf32>', pointers 'tensor<512x!tile.ptr<f32>, #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>')}}
  tile.store %p, %v : tensor<512x!tile.ptr<f32>, #blocked>, tensor<512xf32>
  tile.return
}

// -----

#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
tile.func public @warpgroup_tma_store_block(%d: !tile.tensordesc<64x64xf16>, %v: tensor<64x128xf16, #wgmma>, %buf: !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>, %i: i32) {
  // expected-error @below {{value [64, 128] of 'f16' is not one block of '!tile.tensordesc<64x64xf16>'}}
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<64x64xf16>, tensor<64x128xf16, #wgmma>, !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  tile.return
}

// -----

#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>
tile.func public @warpgroup_tma_store_f32(%d: !tile.tensordesc<64x128xf32>, %v: tensor<64x128xf32, #wgmma>, %buf: !tilegpu.buffer<2x64x16xf32, #nvmma64, mutable>, %i: i32) {
  // expected-error @below {{writes 16-bit elements (stmatrix), got 'f32'}}
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<64x128xf32>, tensor<64x128xf32, #wgmma>, !tilegpu.buffer<2x64x16xf32, #nvmma64, mutable>
  tile.return
}

// -----

#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
tile.func public @warpgroup_tma_store_mma_sync(%d: !tile.tensordesc<64x128xf16>, %v: tensor<64x128xf16, #mma>, %buf: !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>, %i: i32) {
  // expected-error @below {{needs a #tilegpu.mma version 3 layout whose warpgroups each hold 64 whole rows (warpsPerCTA [W, 1], W a multiple of 4, 16 W rows, columns a multiple of the instruction's N), got #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}> for 64x128}}
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #mma>, !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  tile.return
}

// -----

#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
tile.func public @warpgroup_tma_store_repeated_rows(%d: !tile.tensordesc<128x128xf16>, %v: tensor<128x128xf16, #wgmma>, %buf: !tilegpu.buffer<2x128x32xf16, #nvmma64, mutable>, %i: i32) {
  // expected-error @below {{needs a #tilegpu.mma version 3 layout whose warpgroups each hold 64 whole rows}}
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<128x128xf16>, tensor<128x128xf16, #wgmma>, !tilegpu.buffer<2x128x32xf16, #nvmma64, mutable>
  tile.return
}

// -----

#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
tile.func public @warpgroup_tma_store_one_slot(%d: !tile.tensordesc<64x128xf16>, %v: tensor<64x128xf16, #wgmma>, %buf: !tilegpu.buffer<1x64x32xf16, #nvmma64, mutable>, %i: i32) {
  // expected-error @below {{needs a mutable buffer of at least 2 slots of 64 rows of 'f16', got '!tilegpu.buffer<1x64x32xf16, #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>, mutable>'}}
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #wgmma>, !tilegpu.buffer<1x64x32xf16, #nvmma64, mutable>
  tile.return
}

// -----

#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
tile.func public @warpgroup_tma_store_immutable(%d: !tile.tensordesc<64x128xf16>, %v: tensor<64x128xf16, #wgmma>, %buf: !tilegpu.buffer<2x64x32xf16, #nvmma64>, %i: i32) {
  // expected-error @below {{needs a mutable buffer of at least 2 slots of 64 rows of 'f16'}}
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #wgmma>, !tilegpu.buffer<2x64x32xf16, #nvmma64>
  tile.return
}

// -----

#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
tile.func public @warpgroup_tma_store_rows(%d: !tile.tensordesc<64x128xf16>, %v: tensor<64x128xf16, #wgmma>, %buf: !tilegpu.buffer<2x128x32xf16, #nvmma64, mutable>, %i: i32) {
  // expected-error @below {{needs a mutable buffer of at least 2 slots of 64 rows of 'f16'}}
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #wgmma>, !tilegpu.buffer<2x128x32xf16, #nvmma64, mutable>
  tile.return
}

// -----

#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
tile.func public @warpgroup_tma_store_chunks(%d: !tile.tensordesc<64x128xf16>, %v: tensor<64x128xf16, #wgmma>, %buf: !tilegpu.buffer<3x64x32xf16, #nvmma, mutable>, %i: i32) {
  // expected-error @below {{needs chunks of 16, 32 or 64 columns (a 32, 64 or 128-byte swizzle) that divide the block's 128 columns into a multiple of the slots (3), got 32}}
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #wgmma>, !tilegpu.buffer<3x64x32xf16, #nvmma, mutable>
  tile.return
}

// -----

#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
tile.func public @warpgroup_tma_store_swizzle(%d: !tile.tensordesc<64x128xf16>, %v: tensor<64x128xf16, #wgmma>, %buf: !tilegpu.buffer<2x64x32xf16, #nvmma, mutable>, %i: i32) {
  // expected-error @below {{needs the buffer in layout #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}> (TMA's for 32-column boxes), got #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>}}
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #wgmma>, !tilegpu.buffer<2x64x32xf16, #nvmma, mutable>
  tile.return
}

// -----

#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
tile.func public @warpgroup_tma_store_replicated(%d: !tile.tensordesc<64x64xf16>, %v: tensor<64x64xf16, #wgmma>, %buf: !tilegpu.buffer<2x64x32xf16, #nvmma, mutable>, %i: i32) {
  // expected-error @below {{needs a #tilegpu.mma version 3 layout whose warpgroups each hold 64 whole rows (warpsPerCTA [W, 1], W a multiple of 4, 16 W rows, columns a multiple of the instruction's N), got #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}> for 64x64}}
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<64x64xf16>, tensor<64x64xf16, #wgmma>, !tilegpu.buffer<2x64x32xf16, #nvmma, mutable>
  tile.return
}

// -----

#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
tile.func public @warpgroup_tma_store_no_layout(%d: !tile.tensordesc<64x128xf16>, %v: tensor<64x128xf16>, %buf: !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>, %i: i32) {
  // expected-error @below {{got no layout for 64x128}}
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<64x128xf16>, tensor<64x128xf16>, !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  tile.return
}

// -----

#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// The producer's one thread cannot take a warpgroup's named barriers: the
// split rejects it as it does every op on tensors.
tile.func public @warpgroup_tma_store_producer(%d: !tile.tensordesc<64x128xf16>, %v: tensor<64x128xf16, #wgmma>, %buf: !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>, %i: i32) {
  // expected-error @below {{producer region computes tensors ('tilenv.warpgroup_tma_store'), but runs on one thread outside the layouts' warps}}
  tilenv.warp_specialize producer {
    tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #wgmma>, !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  } default {
  }
  tile.return
}

// -----

// A negative count of groups left pending (read as 2^32 - 1 by the barrier
// analysis, it made its fixed point grow without end).
tile.func public @async_wait_negative() {
  // expected-error @below {{attribute 'num' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  %w = tilegpu.async_wait {num = -1 : i32}
  tile.return
}

// -----

// A window whose end overflows (it passed the bounds check).
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @window_end_overflows(%a: !tilegpu.buffer<256xf32, #shared>) {
  // expected-error @below {{window of 128 at 9223372036854775807 along dimension 0 is outside the buffer's [0, 256)}}
  %x = tilegpu.local_load %a at [9223372036854775807] : !tilegpu.buffer<256xf32, #shared> -> tensor<128xf32, #blocked>
  tile.return
}
}
