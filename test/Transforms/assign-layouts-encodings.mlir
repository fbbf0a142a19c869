// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -split-input-file -tile-assign-layouts -verify-diagnostics

// Encodings the layout rules cannot build on (these crashed the pass before): a foreign encoding, a shared layout on a
// tensor, a foreign encoding on a function argument.
tile.func public @expand_foreign(%x: tensor<16xf32>) {
  // expected-error @below {{'tile.expand_dims' op has a tensor of type 'tensor<16x1xf32, "foo">' whose encoding is not a distributed layout; tile-assign-layouts keeps only those}}
  %r = tile.expand_dims %x {axis = 1 : i32} : tensor<16xf32> -> tensor<16x1xf32, "foo">
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tile.func public @dot_shared_acc(%a: tensor<16x16xf16>, %c: tensor<16x16xf32, #shared>) {
  // expected-error @below {{whose encoding is not a distributed layout}}
  %d = tile.dot %a, %a, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32, #shared>
  tile.return
}

// -----

// expected-error @below {{'tile.func' op has a tensor of type 'tensor<16x16xf32, "foo">' whose encoding is not a distributed layout}}
tile.func public @reduce_foreign(%x: tensor<16x16xf32, "foo">) {
  %r = "tile.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.reduce.return %s : f32
  }) : (tensor<16x16xf32, "foo">) -> tensor<16xf32>
  tile.return
}

// -----

// Shapes no layout spreads over threads (found by fuzzing: a rank-0 tensor
// read past the end of its layout's dimension order).
// expected-error @below {{'tile.func' op has a tensor of type 'tensor<f32>': distributed tensors need rank 1 or more and power-of-two dimensions}}
tile.func public @rank0(%x: tensor<f32>) {
  tile.return
}

// -----

// expected-error @below {{'tile.func' op has a tensor of type 'tensor<24xf32>': distributed tensors need rank 1 or more and power-of-two dimensions}}
tile.func public @not_power_of_two(%x: tensor<24xf32>) {
  tile.return
}
