// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The upstream inliner inlines tile.call through the dialect's inliner
// interface.
// RUN: tile-opt %s -inline -split-input-file | FileCheck %s

tile.func private @scale(%x: tensor<64xf32>, %s: f32) -> tensor<64xf32> {
  %ss = tile.splat %s : f32 -> tensor<64xf32>
  %y = arith.mulf %x, %ss : tensor<64xf32>
  tile.return %y : tensor<64xf32>
}

// CHECK-LABEL: tile.func public @kernel
// CHECK-NOT: tile.call
// CHECK: %[[S:.*]] = tile.splat %s : f32 -> tensor<64xf32>
// CHECK: %[[Y:.*]] = arith.mulf %x, %[[S]] : tensor<64xf32>
// CHECK: tile.return %[[Y]]
tile.func public @kernel(%x: tensor<64xf32>, %s: f32) -> tensor<64xf32> {
  %r = tile.call @scale(%x, %s) : (tensor<64xf32>, f32) -> tensor<64xf32>
  tile.return %r : tensor<64xf32>
}

// -----

// A callee with several blocks: its returns become branches to the
// continuation block.
tile.func private @pick(%c: i1, %a: f32, %b: f32) -> f32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  tile.return %a : f32
^bb2:
  tile.return %b : f32
}

// The inliner's clean-up then folds the diamond into a select.
// CHECK-LABEL: tile.func public @multi_block
// CHECK-NOT: tile.call
// CHECK: %[[R:.*]] = arith.select %c, %a, %b : f32
// CHECK: tile.return %[[R]]
tile.func public @multi_block(%c: i1, %a: f32, %b: f32) -> f32 {
  %r = tile.call @pick(%c, %a, %b) : (i1, f32, f32) -> f32
  tile.return %r : f32
}
