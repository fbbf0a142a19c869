// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -split-input-file -tile-accelerate-matmul -verify-diagnostics

// A dot without layouts in a module at the distributed level (this crashed
// the pass before).
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.target" = "sm_80"} {
  tile.func public @dot_no_layout(%a: tensor<32x32xf16>, %c: tensor<32x32xf32>) {
    // expected-error @below {{'tile.dot' op operands need distributed layouts for tile-accelerate-matmul: run tile-assign-layouts first}}
    %d = tile.dot %a, %a, %c : tensor<32x32xf16> * tensor<32x32xf16> -> tensor<32x32xf32>
    tile.return
  }
}
