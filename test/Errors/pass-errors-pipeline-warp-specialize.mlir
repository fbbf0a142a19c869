// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tile-schedule-loops{warp-specialize} schedules "empty" barriers that count
// the warps that arrive on them: a module without tilegpu.num-warps is a
// located error (tile-pipeline's check: pass-errors-pipeline-schedule.mlir).
// RUN: tile-opt %s -split-input-file -tile-schedule-loops="warp-specialize=1" -verify-diagnostics

// expected-error @below {{tile-schedule-loops needs the distributed level (tilegpu.num-warps): run tile-assign-layouts first}}
module attributes {tilegpu.target = "sm_90a"} {
  tile.func public @kernel() {
    tile.return
  }
}
