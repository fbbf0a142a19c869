// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -tile-coalesce -verify-diagnostics

// expected-error @below {{tile-coalesce needs the distributed level (tilegpu.num-warps): run tile-assign-layouts first}}
module {
}
