// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Live ranges of shared-memory buffers, in pre-order op numbers from the
// function (0).
// RUN: tile-opt %s -test-print-liveness -split-input-file -verify-diagnostics=only-expected -o /dev/null

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @nested(%t: tensor<1024xf32, #blocked>, %n: i32, %c: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // Used in a nested if inside a loop: live through the whole loop.
  // expected-remark @below {{buffer: live in [3, 11)}}
  %a = tilegpu.local_alloc %t : (tensor<1024xf32, #blocked>) -> !tilegpu.buffer<1024xf32, #shared>
  scf.for %i = %c0 to %n step %c1 : i32 {
    // Defined and dead within one iteration.
    // expected-remark @below {{buffer: live in [5, 7)}}
    %b = tilegpu.local_alloc %t : (tensor<1024xf32, #blocked>) -> !tilegpu.buffer<1024xf32, #shared>
    %y = tilegpu.local_load %b : !tilegpu.buffer<1024xf32, #shared> -> tensor<1024xf32, #blocked>
    scf.if %c {
      %x = tilegpu.local_load %a : !tilegpu.buffer<1024xf32, #shared> -> tensor<1024xf32, #blocked>
    }
  }
  // Allocated after the loop: starts where it is made.
  // expected-remark @below {{buffer: live in [11, 13)}}
  %d = tilegpu.local_alloc %t : (tensor<1024xf32, #blocked>) -> !tilegpu.buffer<1024xf32, #shared>
  %z = tilegpu.local_load %d : !tilegpu.buffer<1024xf32, #shared> -> tensor<1024xf32, #blocked>
  tile.return
}
}
