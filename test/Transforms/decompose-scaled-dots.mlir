// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -split-input-file -tile-decompose-scaled-dots -verify-diagnostics | FileCheck %s

// fp8 operands scaled on both sides: each upcast to bf16, each e8m0 scale
// shifted into a bf16 exponent (NaN where it is 255), repeated over its 32
// elements along K and multiplied in; b's side as N x K, transposed for the
// dot, which accumulates in f32.
// CHECK-LABEL: tile.func public @fp8
// CHECK: %[[A:.*]] = tile.fp_to_fp %a : tensor<64x64xf8E4M3FN> -> tensor<64x64xbf16>
// CHECK: %[[SA16:.*]] = arith.extui %sa : tensor<64x2xi8> to tensor<64x2xi16>
// CHECK: %[[SEVEN:.*]] = arith.constant dense<7> : tensor<64x2xi16>
// CHECK: %[[SABITS:.*]] = arith.shli %[[SA16]], %[[SEVEN]] : tensor<64x2xi16>
// CHECK: %[[SAF:.*]] = arith.bitcast %[[SABITS]] : tensor<64x2xi16> to tensor<64x2xbf16>
// CHECK: %[[FF:.*]] = arith.constant dense<-1> : tensor<64x2xi8>
// CHECK: %[[SANAN:.*]] = arith.cmpi eq, %sa, %[[FF]] : tensor<64x2xi8>
// CHECK: %[[NAN:.*]] = arith.constant dense<0x7FC0> : tensor<64x2xbf16>
// CHECK: %[[SAM:.*]] = arith.select %[[SANAN]], %[[NAN]], %[[SAF]] : tensor<64x2xi1>, tensor<64x2xbf16>
// CHECK: %[[E:.*]] = tile.expand_dims %[[SAM]] {axis = 2 : i32} : tensor<64x2xbf16> -> tensor<64x2x1xbf16>
// CHECK: %[[BR:.*]] = tile.broadcast %[[E]] : tensor<64x2x1xbf16> -> tensor<64x2x32xbf16>
// CHECK: %[[R:.*]] = tile.reshape %[[BR]] : tensor<64x2x32xbf16> -> tensor<64x64xbf16>
// CHECK: %[[AS:.*]] = arith.mulf %[[A]], %[[R]] : tensor<64x64xbf16>
// CHECK: %[[BT:.*]] = tile.trans %b {order = array<i32: 1, 0>} : tensor<64x32xf8E5M2> -> tensor<32x64xf8E5M2>
// CHECK: %[[B:.*]] = tile.fp_to_fp %[[BT]] : tensor<32x64xf8E5M2> -> tensor<32x64xbf16>
// CHECK: %[[BS:.*]] = arith.mulf %[[B]], %{{.*}} : tensor<32x64xbf16>
// CHECK: %[[BK:.*]] = tile.trans %[[BS]] {order = array<i32: 1, 0>} : tensor<32x64xbf16> -> tensor<64x32xbf16>
// CHECK: %[[D:.*]] = tile.dot %[[AS]], %[[BK]], %c : tensor<64x64xbf16> * tensor<64x32xbf16> -> tensor<64x32xf32>
// CHECK: tile.return %[[D]]
tile.func public @fp8(%a: tensor<64x64xf8E4M3FN>, %sa: tensor<64x2xi8>, %b: tensor<64x32xf8E5M2>,
                      %sb: tensor<32x2xi8>, %c: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %d = tile.dot_scaled %a scale %sa, %b scale %sb, %c lhs = e4m3 rhs = e5m2 {fastMath = false} : tensor<64x64xf8E4M3FN>, tensor<64x2xi8> * tensor<64x32xf8E5M2>, tensor<32x2xi8> -> tensor<64x32xf32>
  tile.return %d : tensor<64x32xf32>
}

// -----

// e2m1 bytes: the low and high nibbles, each built into a bf16 (exponent
// field e + 126, the mantissa bit on top; 0.5 for a zero exponent field and
// a set mantissa bit; the sign from bit 3), joined and interleaved along
// K. With fastMath the scale is not checked for NaN; bf16 needs no cast.
// CHECK-LABEL: tile.func public @fp4
// CHECK: %[[X:.*]] = arith.extui %a : tensor<64x32xi8> to tensor<64x32xi16>
// CHECK: %[[LO:.*]] = arith.andi %[[X]], %{{.*}} : tensor<64x32xi16>
// CHECK: arith.shrui %[[X]]
// CHECK: arith.select
// CHECK: %[[L:.*]] = arith.bitcast %{{.*}} : tensor<64x32xi16> to tensor<64x32xbf16>
// CHECK: %[[H:.*]] = arith.bitcast %{{.*}} : tensor<64x32xi16> to tensor<64x32xbf16>
// CHECK: %[[J:.*]] = tile.join %[[L]], %[[H]] : tensor<64x32xbf16> -> tensor<64x32x2xbf16>
// CHECK: %[[A:.*]] = tile.reshape %[[J]] : tensor<64x32x2xbf16> -> tensor<64x64xbf16>
// CHECK-NOT: arith.cmpi eq
// CHECK: arith.mulf %[[A]]
// CHECK-NOT: tile.fp_to_fp
// CHECK: tile.dot {{.*}} : tensor<64x64xbf16> * tensor<64x32xbf16> -> tensor<64x32xf32>
tile.func public @fp4(%a: tensor<64x32xi8>, %sa: tensor<64x2xi8>, %b: tensor<64x32xbf16>,
                      %c: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %d = tile.dot_scaled %a scale %sa, %b, %c lhs = e2m1 rhs = bf16 {fastMath = true} : tensor<64x32xi8>, tensor<64x2xi8> * tensor<64x32xbf16> -> tensor<64x32xf32>
  tile.return %d : tensor<64x32xf32>
}

// -----

// An fp16 operand makes the compute type f16: the e8m0 scale goes through
// an f32 exponent and is rounded to f16; an e4m3 scale (one per 16) is
// converted.
// CHECK-LABEL: tile.func public @half
// CHECK: %[[SA32:.*]] = arith.extui %sa : tensor<64x2xi8> to tensor<64x2xi32>
// CHECK: arith.shli %[[SA32]]
// CHECK: arith.bitcast %{{.*}} : tensor<64x2xi32> to tensor<64x2xf32>
// CHECK: arith.truncf %{{.*}} : tensor<64x2xf32> to tensor<64x2xf16>
// CHECK: tile.fp_to_fp %{{.*}} : tensor<32x64xf8E4M3FN> -> tensor<32x64xf16>
// CHECK: tile.fp_to_fp %sb : tensor<32x4xf8E4M3FN> -> tensor<32x4xf16>
// CHECK: tile.broadcast %{{.*}} : tensor<32x4x1xf16> -> tensor<32x4x16xf16>
// CHECK: tile.dot {{.*}} : tensor<64x64xf16> * tensor<64x32xf16> -> tensor<64x32xf32>
tile.func public @half(%a: tensor<64x64xf16>, %sa: tensor<64x2xi8>, %b: tensor<64x32xf8E4M3FN>,
                       %sb: tensor<32x4xf8E4M3FN>, %c: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %d = tile.dot_scaled %a scale %sa, %b scale %sb, %c lhs = fp16 rhs = e4m3 : tensor<64x64xf16>, tensor<64x2xi8> * tensor<64x32xf8E4M3FN>, tensor<32x4xf8E4M3FN> -> tensor<64x32xf32>
  tile.return %d : tensor<64x32xf32>
}

// -----

tile.func public @batched(%a: tensor<2x64x64xf16>, %b: tensor<2x64x32xf16>, %c: tensor<2x64x32xf32>) -> tensor<2x64x32xf32> {
  // expected-error @below {{'tile.dot_scaled' op has batched (3-D) operands, which tile-decompose-scaled-dots does not take}}
  %d = tile.dot_scaled %a, %b, %c lhs = fp16 rhs = fp16 : tensor<2x64x64xf16> * tensor<2x64x32xf16> -> tensor<2x64x32xf32>
  tile.return %d : tensor<2x64x32xf32>
}

// -----

tile.func public @packed_m(%a: tensor<32x64xi8>, %b: tensor<64x32xbf16>, %c: tensor<64x32xf32>) -> tensor<64x32xf32> {
  // expected-error @below {{'tile.dot_scaled' op packs e2m1 along M or N, which tile-decompose-scaled-dots does not take}}
  %d = tile.dot_scaled %a, %b, %c lhs = e2m1 rhs = bf16 {lhs_k_pack = false} : tensor<32x64xi8> * tensor<64x32xbf16> -> tensor<64x32xf32>
  tile.return %d : tensor<64x32xf32>
}

// -----

tile.func public @fp6(%a: tensor<64x64xi8>, %b: tensor<64x32xbf16>, %c: tensor<64x32xf32>) -> tensor<64x32xf32> {
  // expected-error @below {{'tile.dot_scaled' op multiplies e2m3 (fp6) operands, which tile-decompose-scaled-dots does not unpack}}
  %d = tile.dot_scaled %a, %b, %c lhs = e2m3 rhs = bf16 : tensor<64x64xi8> * tensor<64x32xbf16> -> tensor<64x32xf32>
  tile.return %d : tensor<64x32xf32>
}
