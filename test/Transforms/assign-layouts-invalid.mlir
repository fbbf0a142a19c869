// RUN: tile-opt %s -tile-assign-layouts="num-warps=3" -split-input-file -verify-diagnostics
// RUN: not tile-opt %s -tile-assign-layouts="target=gfx90a" 2>&1 | FileCheck %s --check-prefix=TARGET

// expected-error @below {{tile-assign-layouts: num-warps (3) and threads-per-warp (32) must be positive powers of two}}
module {
}
// TARGET: error: tile-assign-layouts: target 'gfx90a' is not of the form sm_<NN>

