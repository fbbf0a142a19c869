// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Floating-point multiplies, adds and subtracts may fuse into fma (the
// default, as nvcc's --fmad and Triton's enable_fp_fusion); fp-fusion=false
// keeps each rounding.
// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared-memory -convert-tile-to-nvvm | FileCheck %s --check-prefix=FUSE
// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared-memory -convert-tile-to-nvvm=fp-fusion=false | FileCheck %s --check-prefix=EXACT
// RUN: %if ptxas %{ tile-translate %s --emit=ptx -o - | FileCheck %s --check-prefix=PTX %}
// RUN: %if ptxas %{ tile-translate %s --emit=ptx --fp-fusion=false -o - | FileCheck %s --check-prefix=PTXEXACT %}
// FUSE: arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
// FUSE: arith.addf %{{.*}}, %{{.*}} fastmath<contract> : f32
// FUSE: arith.divf %{{.*}}, %{{.*}} : f32
// EXACT-NOT: fastmath
// PTX: fma.rn.f32
// PTX-NOT: mul.rn.f32
// PTXEXACT-NOT: fma.rn.f32
// PTXEXACT: mul.rn.f32
// PTXEXACT: add.rn.f32
module {
  tile.func public @axpy(%p: !tile.ptr<f32>, %a: f32, %x: f32, %y: f32) {
    %m = arith.mulf %a, %x : f32
    %s = arith.addf %m, %y : f32
    %d = arith.divf %s, %x : f32
    tile.store %p, %d : !tile.ptr<f32>
    tile.return
  }
}
