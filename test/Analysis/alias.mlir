// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The alias analysis: the allocations each shared-memory buffer may be.
// RUN: tile-opt %s -test-print-alias -split-input-file -verify-diagnostics=only-expected -o /dev/null

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared_t = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>

// Allocations alias themselves; views alias what they view.
tile.func public @views(%i: i32) {
  // expected-remark @below {{alias = [A]}}
  %a = tilegpu.local_alloc {name = "A"} : () -> !tilegpu.buffer<2x32x32xf16, #shared, mutable>
  // expected-remark @below {{alias = [B]}}
  %b = tilegpu.local_alloc {name = "B"} : () -> !tilegpu.buffer<32x32xf16, #shared, mutable>
  // expected-remark @below {{alias = [A]}}
  %s = tilegpu.buffer_index %a[%i] : !tilegpu.buffer<2x32x32xf16, #shared, mutable> -> !tilegpu.buffer<32x32xf16, #shared, mutable>
  // expected-remark @below {{alias = [A]}}
  %t = tilegpu.buffer_trans %s {order = array<i32: 1, 0>} : !tilegpu.buffer<32x32xf16, #shared, mutable> -> !tilegpu.buffer<32x32xf16, #shared_t, mutable>
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>

// A select may be either; so may an scf.if.
tile.func public @select_and_if(%c: i1) {
  %a = tilegpu.local_alloc {name = "A"} : () -> !tilegpu.buffer<32xf32, #shared, mutable>
  %b = tilegpu.local_alloc {name = "B"} : () -> !tilegpu.buffer<32xf32, #shared, mutable>
  // expected-remark @below {{alias = [A, B]}}
  %s = arith.select %c, %a, %b : !tilegpu.buffer<32xf32, #shared, mutable>
  // expected-remark @below {{alias = [A, B]}}
  %r = scf.if %c -> !tilegpu.buffer<32xf32, #shared, mutable> {
    scf.yield %a : !tilegpu.buffer<32xf32, #shared, mutable>
  } else {
    scf.yield %b : !tilegpu.buffer<32xf32, #shared, mutable>
  }
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>

// Double buffering: the loop-carried buffers swap every iteration, so both
// may be either allocation.
tile.func public @loop_carried(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a = tilegpu.local_alloc {name = "A"} : () -> !tilegpu.buffer<32xf32, #shared, mutable>
  %b = tilegpu.local_alloc {name = "B"} : () -> !tilegpu.buffer<32xf32, #shared, mutable>
  // expected-remark @below {{result #0: alias = [A, B]}}
  // expected-remark @below {{result #1: alias = [A, B]}}
  // expected-remark @below {{arg #1: alias = [A, B]}}
  // expected-remark @below {{arg #2: alias = [A, B]}}
  %x, %y = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %a, %next = %b) -> (!tilegpu.buffer<32xf32, #shared, mutable>, !tilegpu.buffer<32xf32, #shared, mutable>) : i32 {
    scf.yield %next, %cur : !tilegpu.buffer<32xf32, #shared, mutable>, !tilegpu.buffer<32xf32, #shared, mutable>
  }
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>

// A loop that keeps its buffer: no aliasing with the other allocation.
tile.func public @loop_kept(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a = tilegpu.local_alloc {name = "A"} : () -> !tilegpu.buffer<32xf32, #shared, mutable>
  %b = tilegpu.local_alloc {name = "B"} : () -> !tilegpu.buffer<32xf32, #shared, mutable>
  // expected-remark @below {{result alias = [A]}}
  // expected-remark @below {{arg #1: alias = [A]}}
  %x = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %a) -> (!tilegpu.buffer<32xf32, #shared, mutable>) : i32 {
    scf.yield %cur : !tilegpu.buffer<32xf32, #shared, mutable>
  }
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>

// A multi-buffered ring indexed in a loop: every stage is the one allocation.
tile.func public @ring(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %ring = tilegpu.local_alloc {name = "RING"} : () -> !tilegpu.buffer<3x32xf32, #shared, mutable>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %s = arith.remui %i, %c3 : i32
    // expected-remark @below {{alias = [RING]}}
    %stage = tilegpu.buffer_index %ring[%s] : !tilegpu.buffer<3x32xf32, #shared, mutable> -> !tilegpu.buffer<32xf32, #shared, mutable>
  }
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared_t = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>

// A device function's buffer argument is what its callers pass; a kernel's
// is unknown, so it is an allocation of its own.
tile.func private @callee(%buf: !tilegpu.buffer<32x32xf32, #shared, mutable>) {
  // expected-remark @below {{alias = [A, B]}}
  %v = tilegpu.buffer_trans %buf {order = array<i32: 1, 0>} : !tilegpu.buffer<32x32xf32, #shared, mutable> -> !tilegpu.buffer<32x32xf32, #shared_t, mutable>
  tile.return
}

tile.func public @caller(%ext: !tilegpu.buffer<32x32xf32, #shared, mutable>) {
  %a = tilegpu.local_alloc {name = "A"} : () -> !tilegpu.buffer<32x32xf32, #shared, mutable>
  %b = tilegpu.local_alloc {name = "B"} : () -> !tilegpu.buffer<32x32xf32, #shared, mutable>
  tile.call @callee(%a) : (!tilegpu.buffer<32x32xf32, #shared, mutable>) -> ()
  tile.call @callee(%b) : (!tilegpu.buffer<32x32xf32, #shared, mutable>) -> ()
  // expected-remark @below {{alias = [%ext]}}
  %v = tilegpu.buffer_trans %ext {order = array<i32: 1, 0>} : !tilegpu.buffer<32x32xf32, #shared, mutable> -> !tilegpu.buffer<32x32xf32, #shared_t, mutable>
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// An allocation initialized from a tensor; views of selects; nested regions.
tile.func public @nested(%c: i1, %d: i1, %t: tensor<32xf32, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{alias = [C]}}
  %k = tilegpu.local_alloc %t {name = "C"} : (tensor<32xf32, #blocked>) -> !tilegpu.buffer<32xf32, #shared>
  %a = tilegpu.local_alloc {name = "A"} : () -> !tilegpu.buffer<2x32xf32, #shared, mutable>
  %b = tilegpu.local_alloc {name = "B"} : () -> !tilegpu.buffer<2x32xf32, #shared, mutable>
  // expected-remark @below {{result alias = [A, B]}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %a) -> (!tilegpu.buffer<2x32xf32, #shared, mutable>) : i32 {
    // expected-remark @below {{result alias = [A, B]}}
    %next = scf.if %d -> !tilegpu.buffer<2x32xf32, #shared, mutable> {
      scf.yield %b : !tilegpu.buffer<2x32xf32, #shared, mutable>
    } else {
      scf.yield %cur : !tilegpu.buffer<2x32xf32, #shared, mutable>
    }
    scf.yield %next : !tilegpu.buffer<2x32xf32, #shared, mutable>
  }
  // expected-remark @below {{alias = [A, B]}}
  %v = tilegpu.buffer_index %r[%c0] : !tilegpu.buffer<2x32xf32, #shared, mutable> -> !tilegpu.buffer<32xf32, #shared, mutable>
  // expected-remark @below {{alias = [B]}}
  %w = tilegpu.buffer_index %b[%c1] : !tilegpu.buffer<2x32xf32, #shared, mutable> -> !tilegpu.buffer<32xf32, #shared, mutable>
  // expected-remark @below {{alias = [A, B]}}
  %s = arith.select %c, %v, %w : !tilegpu.buffer<32xf32, #shared, mutable>
  tile.return
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>

// scf.while carries buffers through both regions.
tile.func public @while_loop(%n: i32) {
  %a = tilegpu.local_alloc {name = "A"} : () -> !tilegpu.buffer<32xf32, #shared, mutable>
  %b = tilegpu.local_alloc {name = "B"} : () -> !tilegpu.buffer<32xf32, #shared, mutable>
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{result #0: alias = [A, B]}}
  %res:2 = scf.while (%buf = %a, %i = %c0) : (!tilegpu.buffer<32xf32, #shared, mutable>, i32) -> (!tilegpu.buffer<32xf32, #shared, mutable>, i32) {
    %cond = arith.cmpi slt, %i, %n : i32
    scf.condition(%cond) %buf, %i : !tilegpu.buffer<32xf32, #shared, mutable>, i32
  } do {
  ^bb0(%buf2: !tilegpu.buffer<32xf32, #shared, mutable>, %j: i32):
    %c1 = arith.constant 1 : i32
    %k = arith.addi %j, %c1 : i32
    scf.yield %b, %k : !tilegpu.buffer<32xf32, #shared, mutable>, i32
  }
  tile.return
}
