// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Binding a kernel's parameters where it calls a device function (whose
// types would not follow) is a located error; an argument folded with a
// value equal to a parameter's is not rewritten by the binding; a narrow
// constant that cannot hold the bound value has none.
// RUN: tile-opt %s -split-input-file -tile-specialize="args=B=64,n=32" -verify-diagnostics | FileCheck %s
// RUN: not tile-opt %s -split-input-file -tile-specialize="args=B=256,n=32" 2>&1 | FileCheck %s --check-prefix=NARROW
// NARROW: error: 'arith.constant' op tile-specialize: 32 : i8 has no value of type 'i8'
// CHECK-LABEL: tile.func public @folded
// CHECK: arith.constant 32 : i32
// CHECK: tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>

tile.func private @helper(%x: tensor<32xf32>) -> tensor<32xf32> {
  tile.return %x : tensor<32xf32>
}

tile.func public @calls(%x: tensor<32xf32>, %n: i32) attributes {tile.params = {B = 32 : i32}} {
  // expected-error @below {{tile-specialize: binds parameters of a kernel that calls a device function; inline it first}}
  %y = tile.call @helper(%x) : (tensor<32xf32>) -> tensor<32xf32>
  tile.return
}

// -----

tile.func public @folded(%x: !tile.ptr<i32>, %n: i32) attributes {tile.params = {B = 32 : i32}} {
  %r = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %ns = tile.splat %n : i32 -> tensor<32xi32>
  %v = arith.addi %r, %ns : tensor<32xi32>
  %xs = tile.splat %x : !tile.ptr<i32> -> tensor<32x!tile.ptr<i32>>
  %p = tile.addptr %xs, %r : tensor<32x!tile.ptr<i32>>, tensor<32xi32>
  tile.store %p, %v : tensor<32x!tile.ptr<i32>>
  tile.return
}

// -----

tile.func public @narrow(%x: !tile.ptr<i8>, %n: i32) attributes {tile.params = {B = 32 : i32}} {
  %c = arith.constant 32 : i8
  %r = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %xs = tile.splat %x : !tile.ptr<i8> -> tensor<32x!tile.ptr<i8>>
  %p = tile.addptr %xs, %r : tensor<32x!tile.ptr<i8>>, tensor<32xi32>
  %cs = tile.splat %c : i8 -> tensor<32xi8>
  tile.store %p, %cs : tensor<32x!tile.ptr<i8>>
  tile.return
}
