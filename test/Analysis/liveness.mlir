// Live ranges of shared-memory buffers, in pre-order op numbers from the
// function (0).
// RUN: tile-opt %s -test-print-liveness -split-input-file -verify-diagnostics=only-expected -o /dev/null

#blocked = #tile.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tile.num-warps" = 4 : i32} {
tile.func public @nested(%t: tensor<1024xf32, #blocked>, %n: i32, %c: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // Used in a nested if inside a loop: live through the whole loop.
  // expected-remark @below {{buffer: live in [3, 11)}}
  %a = tile.local_alloc %t : (tensor<1024xf32, #blocked>) -> !tile.buffer<1024xf32, #shared>
  scf.for %i = %c0 to %n step %c1 : i32 {
    // Defined and dead within one iteration.
    // expected-remark @below {{buffer: live in [5, 7)}}
    %b = tile.local_alloc %t : (tensor<1024xf32, #blocked>) -> !tile.buffer<1024xf32, #shared>
    %y = tile.local_load %b : !tile.buffer<1024xf32, #shared> -> tensor<1024xf32, #blocked>
    scf.if %c {
      %x = tile.local_load %a : !tile.buffer<1024xf32, #shared> -> tensor<1024xf32, #blocked>
    }
  }
  // Allocated after the loop: starts where it is made.
  // expected-remark @below {{buffer: live in [11, 13)}}
  %d = tile.local_alloc %t : (tensor<1024xf32, #blocked>) -> !tile.buffer<1024xf32, #shared>
  %z = tile.local_load %d : !tile.buffer<1024xf32, #shared> -> tensor<1024xf32, #blocked>
  tile.return
}
}
