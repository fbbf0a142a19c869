// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The verifier rules of tilenv.make_tensor_map and tilenv.global_scratch.
// RUN: tile-opt %s -split-input-file -verify-diagnostics

tile.func public @slot_type(%s: !tile.ptr<i32>, %x: !tile.ptr<f16>, %m: i32, %ld: i64) {
  %c1 = arith.constant 1 : i64
  // expected-error @below {{writes the map to global memory through a !tile.ptr<i8>, got '!tile.ptr<i32>'}}
  %d = tilenv.make_tensor_map %s, %x, [%m, %m], [%ld, %c1] : !tile.ptr<i32>, !tile.ptr<f16> -> !tile.tensordesc<128x64xf16>
  tile.return
}

// -----

tile.func public @slot_space(%s: !tile.ptr<i8, 3>, %x: !tile.ptr<f16>, %m: i32, %ld: i64) {
  %c1 = arith.constant 1 : i64
  // expected-error @below {{writes the map to global memory through a !tile.ptr<i8>, got '!tile.ptr<i8, 3>'}}
  %d = tilenv.make_tensor_map %s, %x, [%m, %m], [%ld, %c1] : !tile.ptr<i8, 3>, !tile.ptr<f16> -> !tile.tensordesc<128x64xf16>
  tile.return
}

// -----

tile.func public @base_space(%s: !tile.ptr<i8>, %x: !tile.ptr<f16, 3>, %m: i32, %ld: i64) {
  %c1 = arith.constant 1 : i64
  // expected-error @below {{describes a tensor in global memory, got a pointer to address space 3}}
  %d = tilenv.make_tensor_map %s, %x, [%m, %m], [%ld, %c1] : !tile.ptr<i8>, !tile.ptr<f16, 3> -> !tile.tensordesc<128x64xf16>
  tile.return
}

// -----

tile.func public @element(%s: !tile.ptr<i8>, %x: !tile.ptr<f32>, %m: i32, %ld: i64) {
  %c1 = arith.constant 1 : i64
  // expected-error @below {{base points to 'f32' but the descriptor's blocks hold 'f16'}}
  %d = tilenv.make_tensor_map %s, %x, [%m, %m], [%ld, %c1] : !tile.ptr<i8>, !tile.ptr<f32> -> !tile.tensordesc<128x64xf16>
  tile.return
}

// -----

tile.func public @sizes(%s: !tile.ptr<i8>, %x: !tile.ptr<f16>, %m: i32, %ld: i64) {
  %c1 = arith.constant 1 : i64
  // expected-error @below {{needs 2 sizes, one a dimension, got 3}}
  %d = tilenv.make_tensor_map %s, %x, [%m, %m, %m], [%ld, %ld, %c1] : !tile.ptr<i8>, !tile.ptr<f16> -> !tile.tensordesc<128x64xf16>
  tile.return
}

// -----

tile.func public @stride(%s: !tile.ptr<i8>, %x: !tile.ptr<f16>, %m: i32, %ld: i64) {
  // expected-error @below {{needs a last stride of constant 1 (a tensor map's rows are contiguous)}}
  %d = tilenv.make_tensor_map %s, %x, [%m, %m], [%ld, %ld] : !tile.ptr<i8>, !tile.ptr<f16> -> !tile.tensordesc<128x64xf16>
  tile.return
}

// -----

tile.func public @box(%s: !tile.ptr<i8>, %x: !tile.ptr<f32>, %m: i32, %ld: i64) {
  %c1 = arith.constant 1 : i64
  // expected-error @below {{its block rows must be a multiple of 32 bytes (a swizzle), got 16}}
  %d = tilenv.make_tensor_map %s, %x, [%m, %m], [%ld, %c1] : !tile.ptr<i8>, !tile.ptr<f32> -> !tile.tensordesc<32x4xf32>
  tile.return
}

// -----

tile.func public @nan(%s: !tile.ptr<i8>, %x: !tile.ptr<i32>, %m: i32, %ld: i64) {
  %c1 = arith.constant 1 : i64
  // expected-error @below {{NaN padding needs float elements, got 'i32'}}
  %d = tilenv.make_tensor_map %s, %x, [%m, %m], [%ld, %c1] {padding = 2 : i32} : !tile.ptr<i8>, !tile.ptr<i32> -> !tile.tensordesc<32x32xi32>
  tile.return
}

// -----

// expected-error @below {{'tilenv.global_scratch' must be a positive i64 on a kernel's last parameter, a !tile.ptr<i8>}}
tile.func public @not_last(%s: !tile.ptr<i8> {tilenv.global_scratch = 128 : i64}, %m: i32) {
  tile.return
}

// -----

// expected-error @below {{'tilenv.global_scratch' must be a positive i64 on a kernel's last parameter, a !tile.ptr<i8>}}
tile.func public @not_bytes(%s: !tile.ptr<f32> {tilenv.global_scratch = 128 : i64}) {
  tile.return
}

// -----

// expected-error @below {{'tilenv.global_scratch' must be a positive i64 on a kernel's last parameter, a !tile.ptr<i8>}}
tile.func public @zero(%s: !tile.ptr<i8> {tilenv.global_scratch = 0 : i64}) {
  tile.return
}

// -----

// expected-error @below {{'tilenv.global_scratch' must be a positive i64 on a kernel}}
tile.func public @on_func() attributes {tilenv.global_scratch = 128 : i32} {
  tile.return
}
