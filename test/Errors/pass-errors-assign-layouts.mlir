// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tile IR that verifies but that tile-assign-layouts rejects with a located
// error. (See also test/Transforms/assign-layouts-invalid.mlir.)
// RUN: tile-opt %s -split-input-file -tile-assign-layouts -verify-diagnostics

// The module is already at the distributed level for another warp count
// (the pass runs with its default num-warps=4).
// expected-error @below {{module already has tilegpu.num-warps = 8, not 4}}
module attributes {"tilegpu.num-warps" = 8 : i32} {
}

// -----

// Only dense tensor constants can take a layout.
tile.func public @sparse_constant(%p: tensor<4x!tile.ptr<f32>>) {
  // expected-error @below {{'arith.constant' op tile-assign-layouts supports dense tensor constants only}}
  %c = arith.constant sparse<[[1]], [2.0]> : tensor<4xf32>
  tile.store %p, %c : tensor<4x!tile.ptr<f32>>
  tile.return
}
