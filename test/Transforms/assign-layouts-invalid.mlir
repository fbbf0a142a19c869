// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -tile-assign-layouts="num-warps=3" -split-input-file -verify-diagnostics
// RUN: not tile-opt %s -tile-assign-layouts="target=gfx90a" 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not tile-opt %s -tile-assign-layouts="cluster-size=3" 2>&1 | FileCheck %s --check-prefix=CLUSTER
// RUN: not tile-opt %s -tile-assign-layouts="cluster-size=16" 2>&1 | FileCheck %s --check-prefix=CLUSTER16
// RUN: not tile-opt %s -tile-assign-layouts="cluster-size=2 target=sm_80" 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: tile-opt %s -tile-assign-layouts="cluster-size=2 target=sm_90a" | FileCheck %s --check-prefix=SET
// RUN: tile-opt %s -tile-assign-layouts | FileCheck %s --check-prefix=UNSET

// expected-error @below {{tile-assign-layouts: num-warps (3) and threads-per-warp (32) must be positive powers of two}}
module {
}
// TARGET: error: tile-assign-layouts: target 'gfx90a' is not of the form sm_<NN>
// CLUSTER: error: tile-assign-layouts: cluster-size (3) must be a power of two from 1 to 8
// CLUSTER16: error: tile-assign-layouts: cluster-size (16) must be a power of two from 1 to 8
// SM80: error: tile-assign-layouts: clusters of CTAs (cluster-size 2) need sm_90 or newer, not sm_80
// The cluster size is recorded only for clusters of more than one CTA.
// SET: module attributes {"tilegpu.cluster-size" = 2 : i32
// UNSET-NOT: tilegpu.cluster-size

