// tile-pipeline{warp-specialize} sizes the "empty" barriers by the warps
// that arrive on them: a module without tilegpu.num-warps is a located error.
// RUN: tile-opt %s -tile-pipeline="warp-specialize=1" -verify-diagnostics

// expected-error @below {{tile-pipeline needs the distributed level (tilegpu.num-warps): run tile-assign-layouts first}}
module attributes {tilegpu.target = "sm_90a"} {
  tile.func public @kernel() {
    tile.return
  }
}
