// The alias analysis: the allocations each shared-memory buffer may be.
// RUN: tile-opt %s -test-print-alias -split-input-file -verify-diagnostics=only-expected -o /dev/null

#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared_t = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>

// Allocations alias themselves; views alias what they view.
tile.func public @views(%i: i32) {
  // expected-remark @below {{alias = [A]}}
  %a = tile.local_alloc {name = "A"} : () -> !tile.buffer<2x32x32xf16, #shared, mutable>
  // expected-remark @below {{alias = [B]}}
  %b = tile.local_alloc {name = "B"} : () -> !tile.buffer<32x32xf16, #shared, mutable>
  // expected-remark @below {{alias = [A]}}
  %s = tile.buffer_index %a[%i] : !tile.buffer<2x32x32xf16, #shared, mutable> -> !tile.buffer<32x32xf16, #shared, mutable>
  // expected-remark @below {{alias = [A]}}
  %t = tile.buffer_trans %s {order = array<i32: 1, 0>} : !tile.buffer<32x32xf16, #shared, mutable> -> !tile.buffer<32x32xf16, #shared_t, mutable>
  tile.return
}

// -----

#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>

// A select may be either; so may an scf.if.
tile.func public @select_and_if(%c: i1) {
  %a = tile.local_alloc {name = "A"} : () -> !tile.buffer<32xf32, #shared, mutable>
  %b = tile.local_alloc {name = "B"} : () -> !tile.buffer<32xf32, #shared, mutable>
  // expected-remark @below {{alias = [A, B]}}
  %s = arith.select %c, %a, %b : !tile.buffer<32xf32, #shared, mutable>
  // expected-remark @below {{alias = [A, B]}}
  %r = scf.if %c -> !tile.buffer<32xf32, #shared, mutable> {
    scf.yield %a : !tile.buffer<32xf32, #shared, mutable>
  } else {
    scf.yield %b : !tile.buffer<32xf32, #shared, mutable>
  }
  tile.return
}

// -----

#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>

// Double buffering: the loop-carried buffers swap every iteration, so both
// may be either allocation.
tile.func public @loop_carried(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a = tile.local_alloc {name = "A"} : () -> !tile.buffer<32xf32, #shared, mutable>
  %b = tile.local_alloc {name = "B"} : () -> !tile.buffer<32xf32, #shared, mutable>
  // expected-remark @below {{result #0: alias = [A, B]}}
  // expected-remark @below {{result #1: alias = [A, B]}}
  // expected-remark @below {{arg #1: alias = [A, B]}}
  // expected-remark @below {{arg #2: alias = [A, B]}}
  %x, %y = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %a, %next = %b) -> (!tile.buffer<32xf32, #shared, mutable>, !tile.buffer<32xf32, #shared, mutable>) : i32 {
    scf.yield %next, %cur : !tile.buffer<32xf32, #shared, mutable>, !tile.buffer<32xf32, #shared, mutable>
  }
  tile.return
}

// -----

#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>

// A loop that keeps its buffer: no aliasing with the other allocation.
tile.func public @loop_kept(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a = tile.local_alloc {name = "A"} : () -> !tile.buffer<32xf32, #shared, mutable>
  %b = tile.local_alloc {name = "B"} : () -> !tile.buffer<32xf32, #shared, mutable>
  // expected-remark @below {{result alias = [A]}}
  // expected-remark @below {{arg #1: alias = [A]}}
  %x = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %a) -> (!tile.buffer<32xf32, #shared, mutable>) : i32 {
    scf.yield %cur : !tile.buffer<32xf32, #shared, mutable>
  }
  tile.return
}

// -----

#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>

// A multi-buffered ring indexed in a loop: every stage is the one allocation.
tile.func public @ring(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %ring = tile.local_alloc {name = "RING"} : () -> !tile.buffer<3x32xf32, #shared, mutable>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %s = arith.remui %i, %c3 : i32
    // expected-remark @below {{alias = [RING]}}
    %stage = tile.buffer_index %ring[%s] : !tile.buffer<3x32xf32, #shared, mutable> -> !tile.buffer<32xf32, #shared, mutable>
  }
  tile.return
}

// -----

#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared_t = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>

// A device function's buffer argument is what its callers pass; a kernel's
// is unknown, so it is an allocation of its own.
tile.func private @callee(%buf: !tile.buffer<32x32xf32, #shared, mutable>) {
  // expected-remark @below {{alias = [A, B]}}
  %v = tile.buffer_trans %buf {order = array<i32: 1, 0>} : !tile.buffer<32x32xf32, #shared, mutable> -> !tile.buffer<32x32xf32, #shared_t, mutable>
  tile.return
}

tile.func public @caller(%ext: !tile.buffer<32x32xf32, #shared, mutable>) {
  %a = tile.local_alloc {name = "A"} : () -> !tile.buffer<32x32xf32, #shared, mutable>
  %b = tile.local_alloc {name = "B"} : () -> !tile.buffer<32x32xf32, #shared, mutable>
  tile.call @callee(%a) : (!tile.buffer<32x32xf32, #shared, mutable>) -> ()
  tile.call @callee(%b) : (!tile.buffer<32x32xf32, #shared, mutable>) -> ()
  // expected-remark @below {{alias = [%arg0]}}
  %v = tile.buffer_trans %ext {order = array<i32: 1, 0>} : !tile.buffer<32x32xf32, #shared, mutable> -> !tile.buffer<32x32xf32, #shared_t, mutable>
  tile.return
}

// -----

#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#blocked = #tile.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// An allocation initialized from a tensor; views of selects; nested regions.
tile.func public @nested(%c: i1, %d: i1, %t: tensor<32xf32, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{alias = [C]}}
  %k = tile.local_alloc %t {name = "C"} : (tensor<32xf32, #blocked>) -> !tile.buffer<32xf32, #shared>
  %a = tile.local_alloc {name = "A"} : () -> !tile.buffer<2x32xf32, #shared, mutable>
  %b = tile.local_alloc {name = "B"} : () -> !tile.buffer<2x32xf32, #shared, mutable>
  // expected-remark @below {{result alias = [A, B]}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %a) -> (!tile.buffer<2x32xf32, #shared, mutable>) : i32 {
    // expected-remark @below {{result alias = [A, B]}}
    %next = scf.if %d -> !tile.buffer<2x32xf32, #shared, mutable> {
      scf.yield %b : !tile.buffer<2x32xf32, #shared, mutable>
    } else {
      scf.yield %cur : !tile.buffer<2x32xf32, #shared, mutable>
    }
    scf.yield %next : !tile.buffer<2x32xf32, #shared, mutable>
  }
  // expected-remark @below {{alias = [A, B]}}
  %v = tile.buffer_index %r[%c0] : !tile.buffer<2x32xf32, #shared, mutable> -> !tile.buffer<32xf32, #shared, mutable>
  // expected-remark @below {{alias = [B]}}
  %w = tile.buffer_index %b[%c1] : !tile.buffer<2x32xf32, #shared, mutable> -> !tile.buffer<32xf32, #shared, mutable>
  // expected-remark @below {{alias = [A, B]}}
  %s = arith.select %c, %v, %w : !tile.buffer<32xf32, #shared, mutable>
  tile.return
}

// -----

#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>

// scf.while carries buffers through both regions.
tile.func public @while_loop(%n: i32) {
  %a = tile.local_alloc {name = "A"} : () -> !tile.buffer<32xf32, #shared, mutable>
  %b = tile.local_alloc {name = "B"} : () -> !tile.buffer<32xf32, #shared, mutable>
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{result #0: alias = [A, B]}}
  %res:2 = scf.while (%buf = %a, %i = %c0) : (!tile.buffer<32xf32, #shared, mutable>, i32) -> (!tile.buffer<32xf32, #shared, mutable>, i32) {
    %cond = arith.cmpi slt, %i, %n : i32
    scf.condition(%cond) %buf, %i : !tile.buffer<32xf32, #shared, mutable>, i32
  } do {
  ^bb0(%buf2: !tile.buffer<32xf32, #shared, mutable>, %j: i32):
    %c1 = arith.constant 1 : i32
    %k = arith.addi %j, %c1 : i32
    scf.yield %b, %k : !tile.buffer<32xf32, #shared, mutable>, i32
  }
  tile.return
}
