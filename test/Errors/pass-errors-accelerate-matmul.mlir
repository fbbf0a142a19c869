// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tile-accelerate-matmul works on the distributed level only.
// RUN: tile-opt %s -split-input-file -tile-accelerate-matmul -verify-diagnostics

// expected-error @below {{tile-accelerate-matmul needs the distributed level (tilegpu.num-warps): run tile-assign-layouts first}}
module {
  tile.func public @tile_level_dot(%a: tensor<32x32xf16>, %c: tensor<32x32xf32>) {
    %d = tile.dot %a, %a, %c : tensor<32x32xf16> * tensor<32x32xf16> -> tensor<32x32xf32>
    tile.return
  }
}
