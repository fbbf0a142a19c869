// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Every verifier rule of block pointers (the type, make_tensor_ptr, advance,
// the accesses through them) and of make_tensor_descriptor: one mistake per
// case, and the located message a user sees for it.
// RUN: tile-opt %s -split-input-file -verify-diagnostics

// expected-error @below {{a block pointer's tensor has no layout}}
tile.func public @layout(%p: !tile.ptr<tensor<64xf16, #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>>>) {
  tile.return
}

// -----

// expected-error @below {{a block pointer points to global memory, got address space 3}}
tile.func public @shared(%p: !tile.ptr<tensor<64xf16>, 3>) {
  tile.return
}

// -----

// expected-error @below {{a block pointer's block has a static shape of powers of two, got 'tensor<48xf16>'}}
tile.func public @shape(%p: !tile.ptr<tensor<48xf16>>) {
  tile.return
}

// -----

// expected-error @below {{a block pointer's block has a static shape of powers of two, got 'tensor<f16>'}}
tile.func public @rank0(%p: !tile.ptr<tensor<f16>>) {
  tile.return
}

// -----

// expected-error @below {{a block pointer's elements must be integers or floats, got '!tile.ptr<f32>'}}
tile.func public @pointers(%p: !tile.ptr<tensor<64x!tile.ptr<f32>>>) {
  tile.return
}

// -----

tile.func public @sizes(%a: !tile.ptr<f16>, %s: i64, %o: i32) {
  // expected-error @below {{'tile.make_tensor_ptr' op takes one size per dimension of its block (2), got 1}}
  %p = "tile.make_tensor_ptr"(%a, %s, %s, %o) <{order = array<i32: 1, 0>}> : (!tile.ptr<f16>, i64, i64, i32) -> !tile.ptr<tensor<64x32xf16>>
  tile.return
}

// -----

tile.func public @order(%a: !tile.ptr<f16>, %s: i64, %o: i32) {
  // expected-error @below {{'tile.make_tensor_ptr' op order [1, 1] is not a permutation of 0..1}}
  %p = tile.make_tensor_ptr %a, [%s, %s], [%s, %s], [%o, %o] {order = array<i32: 1, 1>} : <tensor<64x32xf16>>
  tile.return
}

// -----

tile.func public @base(%a: !tile.ptr<f32>, %s: i64, %o: i32) {
  // expected-error @below {{'tile.make_tensor_ptr' op failed to verify that base points to the block's elements}}
  %p = "tile.make_tensor_ptr"(%a, %s, %s, %o) <{order = array<i32: 0>}> : (!tile.ptr<f32>, i64, i64, i32) -> !tile.ptr<tensor<64xf16>>
  tile.return
}

// -----

tile.func public @advance(%p: !tile.ptr<tensor<64x32xf16>>, %o: i32) {
  // expected-error @below {{'tile.advance' op takes one offset per dimension of its block (2), got 1}}
  %q = tile.advance %p, [%o] : <tensor<64x32xf16>>
  tile.return
}

// -----

tile.func public @scalar_ops(%p: !tile.ptr<tensor<64xf16>>, %o: i32) {
  // expected-error @below {{'tile.addptr' op operand #0 must be pointer or tensor of pointers, but got '!tile.ptr<tensor<64xf16>>'}}
  %q = "tile.addptr"(%p, %o) : (!tile.ptr<tensor<64xf16>>, i32) -> !tile.ptr<tensor<64xf16>>
  tile.return
}

// -----

tile.func public @mask(%p: !tile.ptr<tensor<64xf16>>, %m: i1) {
  // expected-error @below {{'tile.load' op an access through a block pointer takes no mask (boundaryCheck bounds it)}}
  %v = "tile.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!tile.ptr<tensor<64xf16>>, i1) -> tensor<64xf16>
  tile.return
}

// -----

tile.func public @load_type(%p: !tile.ptr<tensor<64xf16>>) {
  // expected-error @below {{'tile.load' op accesses 'tensor<32xf16>' through a block pointer to 'tensor<64xf16>'}}
  %v = "tile.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!tile.ptr<tensor<64xf16>>) -> tensor<32xf16>
  tile.return
}

// -----

tile.func public @check_range(%p: !tile.ptr<tensor<64x32xf16>>) {
  // expected-error @below {{'tile.load' op boundaryCheck dimension 2 is out of range for a block of rank 2}}
  %v = tile.load %p {boundaryCheck = array<i32: 2>} : !tile.ptr<tensor<64x32xf16>>
  tile.return
}

// -----

tile.func public @check_twice(%p: !tile.ptr<tensor<64x32xf16>>) {
  // expected-error @below {{'tile.load' op boundaryCheck lists dimension 0 twice}}
  %v = tile.load %p {boundaryCheck = array<i32: 0, 0>} : !tile.ptr<tensor<64x32xf16>>
  tile.return
}

// -----

tile.func public @nan_ints(%p: !tile.ptr<tensor<64xi32>>) {
  // expected-error @below {{'tile.load' op NaN padding needs float elements with a NaN, got 'i32'}}
  %v = tile.load %p {boundaryCheck = array<i32: 0>, padding = 2 : i32} : !tile.ptr<tensor<64xi32>>
  tile.return
}

// -----

tile.func public @check_scalar(%p: tensor<64x!tile.ptr<f16>>) {
  // expected-error @below {{'tile.load' op boundaryCheck applies to block pointers only}}
  %v = tile.load %p {boundaryCheck = array<i32: 0>} : tensor<64x!tile.ptr<f16>>
  tile.return
}

// -----

tile.func public @padding_scalar(%p: tensor<64x!tile.ptr<f16>>) {
  // expected-error @below {{'tile.load' op padding applies to block pointers only}}
  %v = tile.load %p {padding = 1 : i32} : tensor<64x!tile.ptr<f16>>
  tile.return
}

// -----

tile.func public @store_check(%p: tensor<64x!tile.ptr<f16>>, %v: tensor<64xf16>) {
  // expected-error @below {{'tile.store' op boundaryCheck applies to block pointers only}}
  tile.store %p, %v {boundaryCheck = array<i32: 0>} : tensor<64x!tile.ptr<f16>>
  tile.return
}

// -----

tile.func public @store_mask(%p: !tile.ptr<tensor<64xf16>>, %v: tensor<64xf16>, %m: i1) {
  // expected-error @below {{'tile.store' op an access through a block pointer takes no mask (boundaryCheck bounds it)}}
  "tile.store"(%p, %v, %m) : (!tile.ptr<tensor<64xf16>>, tensor<64xf16>, i1) -> ()
  tile.return
}

// -----

tile.func public @store_type(%p: !tile.ptr<tensor<64xf16>>, %v: tensor<64xf32>) {
  // expected-error @below {{'tile.store' op accesses 'tensor<64xf32>' through a block pointer to 'tensor<64xf16>'}}
  "tile.store"(%p, %v) : (!tile.ptr<tensor<64xf16>>, tensor<64xf32>) -> ()
  tile.return
}

// -----

tile.func public @desc_base(%x: !tile.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @below {{'tile.make_tensor_descriptor' op base points to 'f16' but the descriptor's blocks hold 'f32'}}
  %d = tile.make_tensor_descriptor %x, [%m, %m], [%s, %s] : <f16>, <32x32xf32>
  tile.return
}

// -----

tile.func public @desc_sizes(%x: !tile.ptr<f32>, %m: i32, %s: i64) {
  // expected-error @below {{'tile.make_tensor_descriptor' op takes one size per dimension of its block (2), got 1}}
  %d = "tile.make_tensor_descriptor"(%x, %m, %s) : (!tile.ptr<f32>, i32, i64) -> !tile.tensordesc<32x32xf32>
  tile.return
}

// -----

tile.func public @desc_nan(%x: !tile.ptr<i32>, %m: i32, %s: i64) {
  // expected-error @below {{'tile.make_tensor_descriptor' op NaN padding needs float elements with a NaN, got 'i32'}}
  %d = tile.make_tensor_descriptor %x, [%m, %m], [%s, %s] {padding = 2 : i32} : <i32>, <32x32xi32>
  tile.return
}

// -----

tile.func public @nan_less(%p: !tile.ptr<tensor<64xf4E2M1FN>>) {
  // expected-error @below {{'tile.load' op NaN padding needs float elements with a NaN, got 'f4E2M1FN'}}
  %v = tile.load %p {boundaryCheck = array<i32: 0>, padding = 2 : i32} : !tile.ptr<tensor<64xf4E2M1FN>>
  tile.return
}

// -----

tile.func public @desc_shared(%x: !tile.ptr<f32, 3>, %m: i32, %s: i64) {
  // expected-error @below {{'tile.make_tensor_descriptor' op describes a tensor in global memory, got a pointer to address space 3}}
  %d = "tile.make_tensor_descriptor"(%x, %m, %m, %s, %s) : (!tile.ptr<f32, 3>, i32, i32, i64, i64) -> !tile.tensordesc<32x32xf32>
  tile.return
}
