// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -tile-import-ttir -tile-unroll-loops -canonicalize | FileCheck %s

// A loop asking to be unrolled 3 times over 10 iterations: the body three
// times per iteration of a loop of step 3, then one more for the
// iteration left over; the attribute is consumed. Factor 1 just drops it.
// CHECK-LABEL: tile.func public @unroll
// CHECK: scf.for %{{.*}} = %c0_i32 to %c9_i32 step %c3_i32
// CHECK-COUNT-3: arith.addf
// CHECK: scf.yield
// CHECK-NOT: loop_unroll_factor
// CHECK: arith.addf
// CHECK: scf.for
// CHECK-NOT: loop_unroll_factor
// CHECK: tile.return
tile.func public @unroll(%x: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %x) -> (f32) : i32 {
    %s = arith.addf %acc, %x : f32
    scf.yield %s : f32
  } {tt.loop_unroll_factor = 3 : i32}
  %q = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %x) -> (f32) : i32 {
    %s = arith.mulf %acc, %x : f32
    scf.yield %s : f32
  } {tile.loop_unroll_factor = 1 : i32}
  tile.return %r, %q : f32, f32
}
