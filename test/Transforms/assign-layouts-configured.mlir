// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A module already configured for another warp count is not silently
// re-laid-out.
// RUN: tile-opt %s -tile-assign-layouts="num-warps=4" -verify-diagnostics

// expected-error @below {{module already has tilegpu.num-warps = 8, not 4}}
module attributes {"tilegpu.num-warps" = 8 : i32} {
}
