// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Every verifier rule of descriptor_reduce, descriptor_gather /
// descriptor_scatter, map_elementwise, dot_scaled and the loop attributes:
// one mistake per case, and the located message a user sees for it.
// RUN: tile-opt %s -split-input-file -verify-diagnostics

tile.func public @reduce_block(%d: !tile.tensordesc<64x64xf32>, %i: i32, %v: tensor<32x64xf32>) {
  // expected-error @below {{'tile.descriptor_reduce' op value [32, 64] of 'f32' is not one block of '!tile.tensordesc<64x64xf32>'}}
  tile.descriptor_reduce add, %d[%i, %i], %v : !tile.tensordesc<64x64xf32>, tensor<32x64xf32>
  tile.return
}

// -----

tile.func public @reduce_type(%d: !tile.tensordesc<64x64xf32>, %i: i32, %v: tensor<64x64xf32>) {
  // expected-error @below {{'tile.descriptor_reduce' op cannot reduce 'f32' by max (the tensor memory accelerator's types: add i32, i64, f32, f16, bf16; min and max i32, i64, f16, bf16; inc and dec i32; and, or, xor i32, i64)}}
  tile.descriptor_reduce max, %d[%i, %i], %v : !tile.tensordesc<64x64xf32>, tensor<64x64xf32>
  tile.return
}

// -----

tile.func public @reduce_bits(%d: !tile.tensordesc<64x64xi64>, %i: i32, %v: tensor<64x64xi64>) {
  // expected-error @below {{cannot reduce 'i64' by inc}}
  tile.descriptor_reduce inc, %d[%i, %i], %v : !tile.tensordesc<64x64xi64>, tensor<64x64xi64>
  tile.return
}

// -----

tile.func public @gather_rows(%d: !tile.tensordesc<8x64xf32>, %r: tensor<8xi32>, %i: i32) {
  // expected-error @below {{'tile.descriptor_gather' op needs a descriptor of one row (1 x N), got '!tile.tensordesc<8x64xf32>'}}
  %g = tile.descriptor_gather %d[%r, %i] : (!tile.tensordesc<8x64xf32>, tensor<8xi32>, i32) -> tensor<8x64xf32>
  tile.return
}

// -----

tile.func public @gather_indices(%d: !tile.tensordesc<1x64xf32>, %r: tensor<8x1xi32>, %i: i32) {
  // expected-error @below {{'tile.descriptor_gather' op takes a 1-D tensor of row indices, got 'tensor<8x1xi32>'}}
  %g = tile.descriptor_gather %d[%r, %i] : (!tile.tensordesc<1x64xf32>, tensor<8x1xi32>, i32) -> tensor<8x64xf32>
  tile.return
}

// -----

tile.func public @scatter_shape(%d: !tile.tensordesc<1x64xf32>, %r: tensor<8xi32>, %i: i32, %v: tensor<16x64xf32>) {
  // expected-error @below {{'tile.descriptor_scatter' op value 'tensor<16x64xf32>' is not 8 rows of '!tile.tensordesc<1x64xf32>' (one per index)}}
  tile.descriptor_scatter %d[%r, %i], %v : !tile.tensordesc<1x64xf32>, tensor<8xi32>, i32, tensor<16x64xf32>
  tile.return
}

// -----

tile.func public @map_none() {
  // expected-error @below {{'tile.map_elementwise' op expected 1 or more operands, but found 0}}
  "tile.map_elementwise"() <{pack = 1 : i32}> ({
    tile.map_elementwise.return
  }) : () -> ()
  tile.return
}

// -----

tile.func public @map_pack(%x: tensor<128xf32>) {
  // expected-error @below {{'tile.map_elementwise' op attribute 'pack' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
  %m = "tile.map_elementwise"(%x) <{pack = 0 : i32}> ({
  ^bb0(%a: f32):
    tile.map_elementwise.return %a : f32
  }) : (tensor<128xf32>) -> tensor<128xf32>
  tile.return
}

// -----

tile.func public @map_shapes(%x: tensor<128xf32>) {
  // expected-error @below {{'tile.map_elementwise' op requires the same shape for all operands and results}}
  %m = "tile.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    tile.map_elementwise.return %a : f32
  }) : (tensor<128xf32>) -> tensor<64xf32>
  tile.return
}

// -----

tile.func public @map_arguments(%x: tensor<128xf32>) {
  // expected-error @below {{'tile.map_elementwise' op region takes 1 values; 2 (the pack) for each of the 1 operands}}
  %m = "tile.map_elementwise"(%x) <{pack = 2 : i32}> ({
  ^bb0(%a: f32):
    tile.map_elementwise.return %a, %a : f32, f32
  }) : (tensor<128xf32>) -> tensor<128xf32>
  tile.return
}

// -----

tile.func public @map_argument_type(%x: tensor<128xf32>) {
  // expected-error @below {{'tile.map_elementwise' op region takes 'i32' at position 0, where element 0 of operand 0 is 'f32'}}
  %m = "tile.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: i32):
    %f = arith.sitofp %a : i32 to f32
    tile.map_elementwise.return %f : f32
  }) : (tensor<128xf32>) -> tensor<128xf32>
  tile.return
}

// -----

tile.func public @map_results(%x: tensor<128xf32>) {
  // expected-error @below {{'tile.map_elementwise' op region returns 'f32' at position 1, where element 1 of result 0 is 'i32'}}
  %m = "tile.map_elementwise"(%x) <{pack = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %i = arith.fptosi %a : f32 to i32
    tile.map_elementwise.return %i, %b : i32, f32
  }) : (tensor<128xf32>) -> tensor<128xi32>
  tile.return
}

// -----

tile.func public @map_return_parent(%x: f32) {
  // expected-error @below {{'tile.map_elementwise.return' op expects parent op 'tile.map_elementwise'}}
  tile.map_elementwise.return %x : f32
}

// -----

tile.func public @scaled_rank(%a: tensor<64xf16>, %b: tensor<64x32xf16>, %c: tensor<64x32xf32>) {
  // expected-error @below {{'tile.dot_scaled' op operands must all have rank 2 (or 3 with a batch dimension), got 1, 2 and 2}}
  %d = tile.dot_scaled %a, %b, %c lhs = fp16 rhs = fp16 : tensor<64xf16> * tensor<64x32xf16> -> tensor<64x32xf32>
  tile.return
}

// -----

tile.func public @scaled_format(%a: tensor<64x64xf16>, %b: tensor<64x32xf16>, %c: tensor<64x32xf32>) {
  // expected-error @below {{'tile.dot_scaled' op lhs of 'tensor<64x64xf16>' does not hold e4m3 elements}}
  %d = tile.dot_scaled %a, %b, %c lhs = e4m3 rhs = fp16 : tensor<64x64xf16> * tensor<64x32xf16> -> tensor<64x32xf32>
  tile.return
}

// -----

tile.func public @scaled_pack(%a: tensor<64x64xf16>, %b: tensor<64x32xf16>, %c: tensor<64x32xf32>) {
  // expected-error @below {{'tile.dot_scaled' op lhs is packed along a dimension other than K, which only e2m1 can be}}
  %d = tile.dot_scaled %a, %b, %c lhs = fp16 rhs = fp16 {lhs_k_pack = false} : tensor<64x64xf16> * tensor<64x32xf16> -> tensor<64x32xf32>
  tile.return
}

// -----

// e2m1 holds two elements a byte: 32 bytes along K are 64 elements.
tile.func public @scaled_k(%a: tensor<64x32xi8>, %b: tensor<32x32xf16>, %c: tensor<64x32xf32>) {
  // expected-error @below {{'tile.dot_scaled' op lhs 'tensor<64x32xi8>' and rhs 'tensor<32x32xf16>' hold different K (64 and 32 elements)}}
  %d = tile.dot_scaled %a, %b, %c lhs = e2m1 rhs = fp16 : tensor<64x32xi8> * tensor<32x32xf16> -> tensor<64x32xf32>
  tile.return
}

// -----

tile.func public @scaled_acc(%a: tensor<64x64xf16>, %b: tensor<64x32xf16>, %c: tensor<32x32xf32>) {
  // expected-error @below {{'tile.dot_scaled' op accumulator 'tensor<32x32xf32>' is not the 64 x 32 product of 'tensor<64x64xf16>' and 'tensor<64x32xf16>'}}
  %d = tile.dot_scaled %a, %b, %c lhs = fp16 rhs = fp16 : tensor<64x64xf16> * tensor<64x32xf16> -> tensor<32x32xf32>
  tile.return
}

// -----

tile.func public @scale_type(%a: tensor<64x64xf16>, %s: tensor<64x2xf16>, %b: tensor<64x32xf16>, %c: tensor<64x32xf32>) {
  // expected-error @below {{'tile.dot_scaled' op lhs scale of 'f16'; scales are i8 (e8m0) or f8E4M3FN}}
  %d = tile.dot_scaled %a scale %s, %b, %c lhs = fp16 rhs = fp16 : tensor<64x64xf16>, tensor<64x2xf16> * tensor<64x32xf16> -> tensor<64x32xf32>
  tile.return
}

// -----

tile.func public @scale_shape(%a: tensor<64x64xf16>, %b: tensor<64x32xf16>, %s: tensor<32x4xi8>, %c: tensor<64x32xf32>) {
  // expected-error @below {{'tile.dot_scaled' op rhs scale 'tensor<32x4xi8>' does not give one scale per 32 of the 64 elements along K of each of 32 rows}}
  %d = tile.dot_scaled %a, %b scale %s, %c lhs = fp16 rhs = fp16 : tensor<64x64xf16> * tensor<64x32xf16>, tensor<32x4xi8> -> tensor<64x32xf32>
  tile.return
}

// -----

tile.func public @unroll_factor(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{'scf.for' op 'tt.loop_unroll_factor' must be a positive integer}}
  scf.for %i = %c0 to %n step %c1 {
  } {tt.loop_unroll_factor = 0 : i32}
  tile.return
}

// -----

tile.func public @flatten(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{'scf.for' op 'tile.flatten' must be a boolean}}
  scf.for %i = %c0 to %n step %c1 {
  } {tile.flatten = 1 : i32}
  tile.return
}

// -----

tile.func public @warp_specialize(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{'scf.for' op 'tt.warp_specialize' must be a boolean}}
  scf.for %i = %c0 to %n step %c1 {
  } {tt.warp_specialize = "yes"}
  tile.return
}
