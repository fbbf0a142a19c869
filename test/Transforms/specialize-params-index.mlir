// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// An index constant stands for a parameter too; i1 constants never do.
// RUN: tile-opt %s -tile-specialize="args=B=64" | FileCheck %s --check-prefix=INDEX
// INDEX-LABEL: tile.func public @index_constant
// INDEX: arith.constant 64 : index
// INDEX: arith.constant true
module {
  tile.func public @index_constant(%x: !tile.ptr<f32>) attributes {tile.params = {B = 32 : i32}} {
    %c = arith.constant 32 : index
    %t = arith.constant true
    %r = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<32x!tile.ptr<f32>>
    %p = tile.addptr %xs, %r : tensor<32x!tile.ptr<f32>>, tensor<32xi32>
    %v = tile.load %p : tensor<32x!tile.ptr<f32>>
    tile.store %p, %v : tensor<32x!tile.ptr<f32>>
    tile.return
  }
}
