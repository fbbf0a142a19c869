// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The barrier analysis: a barrier before an access exactly when it conflicts
// with one since the last barrier. Byte intervals are the allocation's.
// RUN: tile-opt %s -test-print-barriers -split-input-file -verify-diagnostics=only-expected -o /dev/null

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Read after write: another thread may read what this one wrote.
tile.func public @raw(%t: tensor<256xf32, #blocked>) {
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  tilegpu.local_store %t, %a : tensor<256xf32, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  // expected-remark @below {{barrier before: read after write of [0, 1024)}}
  %x = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  // Reads after reads need nothing.
  %y = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  // Write after read.
  // expected-remark @below {{barrier before: write after read of [0, 1024)}}
  tilegpu.local_store %t, %a : tensor<256xf32, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  // Write after write.
  // expected-remark @below {{barrier before: write after write of [0, 1024)}}
  tilegpu.local_store %t, %a : tensor<256xf32, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Disjoint buffers do not conflict, and an existing barrier is respected:
// no remarks here.
tile.func public @no_conflict(%t: tensor<256xf32, #blocked>) {
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  tilegpu.local_store %t, %a : tensor<256xf32, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %x = tilegpu.local_load %b : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  gpu.barrier
  %y = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  tilegpu.local_store %t, %b : tensor<256xf32, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A write in one branch is pending after the if; a write followed by a
// barrier in its branch is not, and neither is anything before an if whose
// every branch ends with a barrier.
tile.func public @branches(%t: tensor<256xf32, #blocked>, %c: i1) {
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  scf.if %c {
    tilegpu.local_store %t, %a : tensor<256xf32, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  }
  scf.if %c {
    tilegpu.local_store %t, %b : tensor<256xf32, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
    gpu.barrier
  }
  %y = tilegpu.local_load %b : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  // expected-remark @below {{barrier before: read after write of [0, 1024)}}
  %x = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  scf.if %c {
    // expected-remark @below {{barrier before: write after read of [0, 1024)}}
    tilegpu.local_store %t, %a : tensor<256xf32, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
    gpu.barrier
  } else {
    gpu.barrier
  }
  %z = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// In a loop, the store of one iteration conflicts with the load of the
// next (the back edge), and the load with the store of the same iteration.
tile.func public @loop(%t: tensor<256xf32, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  scf.for %i = %c0 to %n step %c1 : i32 {
    // expected-remark @below {{barrier before: read after write of [0, 1024)}}
    %x = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
    // expected-remark @below {{barrier before: write after read of [0, 1024)}}
    tilegpu.local_store %x, %a : tensor<256xf32, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A loop that only reads needs no barrier, even across iterations: no
// remarks.
tile.func public @read_only_loop(%t: tensor<256xf32, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a = tilegpu.local_alloc %t : (tensor<256xf32, #blocked>) -> !tilegpu.buffer<256xf32, #shared>
  gpu.barrier
  scf.for %i = %c0 to %n step %c1 : i32 {
    %x = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared> -> tensor<256xf32, #blocked>
    %y = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared> -> tensor<256xf32, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Double buffering: each iteration reads one buffer and writes the other;
// the write must wait for the previous iteration's reads of that buffer, and
// the read for the previous iteration's write.
tile.func public @double_buffer(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  %x, %y = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %a, %next = %b) -> (!tilegpu.buffer<256xf32, #shared, mutable>, !tilegpu.buffer<256xf32, #shared, mutable>) : i32 {
    // expected-remark @below {{barrier before: read after write of [0, 1024)}}
    %v = tilegpu.local_load %cur : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
    // expected-remark @below {{barrier before: write after read of [0, 1024)}}
    tilegpu.local_store %v, %next : tensor<256xf32, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
    scf.yield %next, %cur : !tilegpu.buffer<256xf32, #shared, mutable>, !tilegpu.buffer<256xf32, #shared, mutable>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// The callee's memory starts where the caller's dead buffer was; the
// caller's pending write there must be ordered before the callee's first
// access (a bug Triton had): the barrier goes before the call. After the
// call, a new buffer in the same place waits for the callee's accesses.
tile.func private @callee(%t: tensor<256xf32, #blocked>) {
  %a = tilegpu.local_alloc %t : (tensor<256xf32, #blocked>) -> !tilegpu.buffer<256xf32, #shared>
  // expected-remark @below {{barrier before: read after write of [0, 1024)}}
  %x = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared> -> tensor<256xf32, #blocked>
  tile.return
}
tile.func public @caller(%t: tensor<256xf32, #blocked>) {
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  tilegpu.local_store %t, %a : tensor<256xf32, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  // expected-remark @below {{barrier before: read after write of [0, 1024)}}
  tile.call @callee(%t) : (tensor<256xf32, #blocked>) -> ()
  // expected-remark @below {{barrier before: write after read of [0, 1024)}}
  %b = tilegpu.local_alloc %t : (tensor<256xf32, #blocked>) -> !tilegpu.buffer<256xf32, #shared>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// An async copy's data is a pending write only once waited for: the barrier
// before the wait does not count; the one after it does.
tile.func public @async(%p: tensor<256x!tile.ptr<f32>, #blocked>) {
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  %t = tilegpu.async_copy_global_to_local %p, %a : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %g = tilegpu.async_commit_group tokens %t
  gpu.barrier
  %w = tilegpu.async_wait %g {num = 0 : i32}
  // expected-remark @below {{barrier before: read after write of [0, 1024)}}
  %x = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Two groups in flight; waiting until one is left lands the older one only.
tile.func public @async_groups(%p: tensor<256x!tile.ptr<f32>, #blocked>) {
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  %t0 = tilegpu.async_copy_global_to_local %p, %a : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %g0 = tilegpu.async_commit_group tokens %t0
  %t1 = tilegpu.async_copy_global_to_local %p, %b : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %g1 = tilegpu.async_commit_group tokens %t1
  %w = tilegpu.async_wait %g1 {num = 1 : i32}
  // expected-remark @below {{barrier before: read after write of [0, 1024)}}
  %x = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  %w2 = tilegpu.async_wait %g1 {num = 0 : i32}
  // expected-remark @below {{barrier before: read after write of [1024, 2048)}}
  %y = tilegpu.local_load %b : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Reading the buffer of a copy that was never waited for is a race no
// barrier fixes.
tile.func public @async_unwaited(%p: tensor<256x!tile.ptr<f32>, #blocked>) {
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  %t = tilegpu.async_copy_global_to_local %p, %a : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %g = tilegpu.async_commit_group tokens %t
  gpu.barrier
  // expected-error @below {{reads shared memory [0, 1024) that an asynchronous copy may still be writing: wait for it first (tilegpu.async_wait, or tilenv.wait_barrier for TMA)}}
  %x = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked4 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Scratch reuses memory: two conversions in a row use the same scratch, and
// the second must not overwrite it while the first may still be reading.
tile.func public @scratch(%t: tensor<256xf32, #blocked>) {
  %c = tilegpu.convert_layout %t : tensor<256xf32, #blocked> -> tensor<256xf32, #blocked4>
  // expected-remark @below {{barrier before: read after write of [0, 1024)}}
  %d = tilegpu.convert_layout %t : tensor<256xf32, #blocked> -> tensor<256xf32, #blocked4>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Unstructured control flow: a write on one path reaches the join.
tile.func public @branches_cfg(%t: tensor<256xf32, #blocked>, %c: i1) {
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  cf.cond_br %c, ^write, ^join
^write:
  tilegpu.local_store %t, %a : tensor<256xf32, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  cf.br ^join
^join:
  // expected-remark @below {{barrier before: read after write of [0, 1024)}}
  %x = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A three-stage ring (tile-pipeline's schedule): copies for iterations 0 and
// 1 before the loop; each iteration waits for its own group, copies
// iteration iv + 2 into stage (iv + 2) rem 3 and reads stage iv rem 3.
// Stages are told apart by their index, (iv + c) rem 3, carried into the
// loop (constant stage c is iv + c at iv = 0) and across iterations (iv + c
// is iv + c - 1 in the next): the reads never touch a stage in flight, and
// one barrier per iteration orders everything: before the copy, which
// follows the writes the wait completed and overwrites the stage the
// previous iteration read.
tile.func public @ring(%p: tensor<256x!tile.ptr<f32>, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x256xf32, #shared, mutable>
  %s0 = tilegpu.buffer_index %ring[%c0] : !tilegpu.buffer<3x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %t0 = tilegpu.async_copy_global_to_local %p, %s0 : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %g0 = tilegpu.async_commit_group tokens %t0
  %s1 = tilegpu.buffer_index %ring[%c1] : !tilegpu.buffer<3x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %t1 = tilegpu.async_copy_global_to_local %p, %s1 : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %g1 = tilegpu.async_commit_group tokens %t1
  scf.for %iv = %c0 to %n step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %slot = arith.remui %ahead, %c3 : i32
    %sa = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
    // expected-remark @below {{barrier before: write after write of [0, 1024)}}
    %t = tilegpu.async_copy_global_to_local %p, %sa : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %sr = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
    %x = tilegpu.local_load %sr : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  }
  %done = tilegpu.async_wait {num = 0 : i32}
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// @ring with loops inside the iteration that touch no shared memory (a
// spin on a flag, a count): they leave the stages indexed by the outer
// loop's induction variable as they were, so the read still knows its
// stage is not in flight, and one barrier per iteration still does.
tile.func public @ring_inner_loops(%p: tensor<256x!tile.ptr<f32>, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x256xf32, #shared, mutable>
  %s0 = tilegpu.buffer_index %ring[%c0] : !tilegpu.buffer<3x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %t0 = tilegpu.async_copy_global_to_local %p, %s0 : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %g0 = tilegpu.async_commit_group tokens %t0
  %s1 = tilegpu.buffer_index %ring[%c1] : !tilegpu.buffer<3x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %t1 = tilegpu.async_copy_global_to_local %p, %s1 : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %g1 = tilegpu.async_commit_group tokens %t1
  scf.for %iv = %c0 to %n step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %slot = arith.remui %ahead, %c3 : i32
    %sa = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
    // expected-remark @below {{barrier before: write after write of [0, 1024)}}
    %t = tilegpu.async_copy_global_to_local %p, %sa : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %spun = scf.while (%a = %c0) : (i32) -> i32 {
      %more = arith.cmpi slt, %a, %iv : i32
      scf.condition(%more) %a : i32
    } do {
    ^bb0(%a: i32):
      %a1 = arith.addi %a, %c1 : i32
      scf.yield %a1 : i32
    }
    %counted = scf.for %j = %c0 to %spun step %c1 iter_args(%s = %c0) -> (i32) : i32 {
      %sum = arith.addi %s, %j : i32
      scf.yield %sum : i32
    }
    %now = arith.remui %iv, %c3 : i32
    %sr = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
    %x = tilegpu.local_load %sr : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  }
  %done = tilegpu.async_wait {num = 0 : i32}
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A two-stage ring read ahead (tile-prefetch's schedule): each iteration
// copies iteration iv + 1 into stage (iv + 1) rem 2, reads its own stage,
// waits, and reads the next iteration's stage ahead. Reads keep their
// stage: the read ahead of stage iv + 1 is stage iv in the next iteration,
// and its copy into stage iv + 1 needs no barrier after it. One barrier
// per iteration: before the read ahead, after the wait.
tile.func public @ring_read_ahead(%p: tensor<256x!tile.ptr<f32>, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<2x256xf32, #shared, mutable>
  %s0 = tilegpu.buffer_index %ring[%c0] : !tilegpu.buffer<2x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %t0 = tilegpu.async_copy_global_to_local %p, %s0 : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %g0 = tilegpu.async_commit_group tokens %t0
  %w0 = tilegpu.async_wait {num = 0 : i32}
  // expected-remark @below {{barrier before: read after write of [0, 1024)}}
  %x0 = tilegpu.local_load %s0 : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  scf.for %iv = %c0 to %n step %c1 : i32 {
    %next = arith.addi %iv, %c1 : i32
    %slot = arith.remui %next, %c2 : i32
    %sa = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<2x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %p, %sa : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c2 : i32
    %sr = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<2x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
    %x = tilegpu.local_load %sr : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
    %w = tilegpu.async_wait {num = 0 : i32}
    // expected-remark @below {{barrier before: read after write of [0, 2048)}}
    %y = tilegpu.local_load %sa : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  }
  tile.return
}

// The same, refilling the stage read ahead instead: its read is pending
// when the next iteration's copy overwrites it, so a barrier before the
// copy too.
tile.func public @ring_read_ahead_refilled(%p: tensor<256x!tile.ptr<f32>, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<2x256xf32, #shared, mutable>
  %s0 = tilegpu.buffer_index %ring[%c0] : !tilegpu.buffer<2x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %x0 = tilegpu.local_load %s0 : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  scf.for %iv = %c0 to %n step %c1 : i32 {
    %now = arith.remui %iv, %c2 : i32
    %sa = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<2x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
    // expected-remark @below {{barrier before: write after read of [0, 1024)}}
    %t = tilegpu.async_copy_global_to_local %p, %sa : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %w = tilegpu.async_wait {num = 0 : i32}
    %next = arith.addi %iv, %c1 : i32
    %slot = arith.remui %next, %c2 : i32
    %sr = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<2x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
    // expected-remark @below {{barrier before: read after write of [0, 2048)}}
    %y = tilegpu.local_load %sr : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// The same ring read off by one: each iteration reads stage iv + 1, whose
// copy (issued by the previous iteration for its iv + 2) is still in
// flight: an error, found by relating stages across the back edge.
tile.func public @ring_wrong_stage(%p: tensor<256x!tile.ptr<f32>, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x256xf32, #shared, mutable>
  %s0 = tilegpu.buffer_index %ring[%c0] : !tilegpu.buffer<3x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %t0 = tilegpu.async_copy_global_to_local %p, %s0 : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %g0 = tilegpu.async_commit_group tokens %t0
  %s1 = tilegpu.buffer_index %ring[%c1] : !tilegpu.buffer<3x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %t1 = tilegpu.async_copy_global_to_local %p, %s1 : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %g1 = tilegpu.async_commit_group tokens %t1
  scf.for %iv = %c0 to %n step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %slot = arith.remui %ahead, %c3 : i32
    %sa = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %p, %sa : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %next = arith.addi %iv, %c1 : i32
    %now = arith.remui %next, %c3 : i32
    %sr = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
    // expected-error @below {{reads shared memory [1024, 2048) that an asynchronous copy may still be writing: wait for it first (tilegpu.async_wait, or tilenv.wait_barrier for TMA)}}
    %x = tilegpu.local_load %sr : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  }
  %done = tilegpu.async_wait {num = 0 : i32}
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// With a step that is not a constant, a stage of one iteration cannot be
// related to the next: the copies in flight from earlier iterations may be
// anywhere in the ring.
tile.func public @ring_unknown_step(%p: tensor<256x!tile.ptr<f32>, #blocked>, %n: i32, %step: i32) {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x256xf32, #shared, mutable>
  scf.for %iv = %c0 to %n step %step : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %slot = arith.remui %ahead, %c3 : i32
    %sa = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %p, %sa : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %sr = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
    // expected-error @below {{reads shared memory [0, 3072) that an asynchronous copy may still be writing}}
    %x = tilegpu.local_load %sr : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Constant stages of one ring are different memory for the in-flight check:
// stage 1 may be read while stage 0 is being copied, stage 0 may not.
tile.func public @constant_stages(%p: tensor<256x!tile.ptr<f32>, #blocked>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<2x256xf32, #shared, mutable>
  %s0 = tilegpu.buffer_index %ring[%c0] : !tilegpu.buffer<2x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %s1 = tilegpu.buffer_index %ring[%c1] : !tilegpu.buffer<2x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %t = tilegpu.async_copy_global_to_local %p, %s0 : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %g = tilegpu.async_commit_group tokens %t
  %x = tilegpu.local_load %s1 : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  // expected-error @below {{reads shared memory [0, 1024) that an asynchronous copy may still be writing}}
  %y = tilegpu.local_load %s0 : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A loop that commits a group per iteration and never waits: the analysis
// keeps one group more than any wait keeps pending (here none: one), so it
// reaches its fixed point (it looped forever before). Nothing is read:
// nothing to report.
tile.func public @commit_without_wait(%p: tensor<128x!tile.ptr<f32>, #blocked>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<128xf32, #shared, mutable>
  scf.for %i = %c0 to %n step %c1 {
    %t = tilegpu.async_copy_global_to_local %p, %a : tensor<128x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<128xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// tile-pipeline's schedule for an asynchronous warpgroup dot: four stages,
// copies two iterations ahead, one dot in flight. The copy into stage
// (iv + 2) rem 4 overwrites the stage of the dot of iteration iv - 2, which
// the previous iteration's warpgroup_dot_wait {pendings = 1} completed; the
// dot of iteration iv - 1 (stage (iv - 1) rem 4) may still be reading, but
// that is another stage. One barrier per iteration.
tile.func public @wgmma_ring(%p: tensor<64x64x!tile.ptr<f16>, #blocked>, %acc0: tensor<64x64xf32, #mma>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %ra = tilegpu.local_alloc : () -> !tilegpu.buffer<4x64x64xf16, #nvmma, mutable>
  %rb = tilegpu.local_alloc : () -> !tilegpu.buffer<4x64x64xf16, #nvmma, mutable>
  %a0 = tilegpu.buffer_index %ra[%c0] : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %b0 = tilegpu.buffer_index %rb[%c0] : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %ta0 = tilegpu.async_copy_global_to_local %p, %a0 : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %tb0 = tilegpu.async_copy_global_to_local %p, %b0 : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %g0 = tilegpu.async_commit_group tokens %ta0, %tb0
  %a1 = tilegpu.buffer_index %ra[%c1] : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %b1 = tilegpu.buffer_index %rb[%c1] : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %ta1 = tilegpu.async_copy_global_to_local %p, %a1 : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %tb1 = tilegpu.async_copy_global_to_local %p, %b1 : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %g1 = tilegpu.async_commit_group tokens %ta1, %tb1
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %slot = arith.remui %ahead, %c4 : i32
    %aa = tilegpu.buffer_index %ra[%slot] : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    %ba = tilegpu.buffer_index %rb[%slot] : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    // expected-remark @below {{barrier before: write after write of [0, 8192)}}
    %ta = tilegpu.async_copy_global_to_local %p, %aa : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    %tb = tilegpu.async_copy_global_to_local %p, %ba : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    %g = tilegpu.async_commit_group tokens %ta, %tb
    %now = arith.remui %iv, %c4 : i32
    %ar = tilegpu.buffer_index %ra[%now] : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    %br = tilegpu.buffer_index %rb[%now] : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    %d = tilenv.warpgroup_dot %ar, %br, %acc {isAsync} : !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<64x64xf16, #nvmma, mutable> -> tensor<64x64xf32, #mma>
    %dw = tilenv.warpgroup_dot_wait %d {pendings = 1 : i32} : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    scf.yield %dw : tensor<64x64xf32, #mma>
  }
  %rw = tilenv.warpgroup_dot_wait %r {pendings = 0 : i32} : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  %done = tilegpu.async_wait {num = 0 : i32}
  tilegpu.local_dealloc %ra : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable>
  tilegpu.local_dealloc %rb : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// The same with copies three iterations ahead: stage (iv + 3) rem 4 is
// (iv - 1) rem 4, which the dot still in flight reads: an error, no
// barrier can order it.
tile.func public @wgmma_ring_overwrite(%p: tensor<64x64x!tile.ptr<f16>, #blocked>, %acc0: tensor<64x64xf32, #mma>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %ra = tilegpu.local_alloc : () -> !tilegpu.buffer<4x64x64xf16, #nvmma, mutable>
  %rb = tilegpu.local_alloc : () -> !tilegpu.buffer<4x64x64xf16, #nvmma, mutable>
  %a0 = tilegpu.buffer_index %ra[%c0] : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %b0 = tilegpu.buffer_index %rb[%c0] : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %ta0 = tilegpu.async_copy_global_to_local %p, %a0 : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %tb0 = tilegpu.async_copy_global_to_local %p, %b0 : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %g0 = tilegpu.async_commit_group tokens %ta0, %tb0
  %a1 = tilegpu.buffer_index %ra[%c1] : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %b1 = tilegpu.buffer_index %rb[%c1] : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %ta1 = tilegpu.async_copy_global_to_local %p, %a1 : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %tb1 = tilegpu.async_copy_global_to_local %p, %b1 : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %g1 = tilegpu.async_commit_group tokens %ta1, %tb1
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %c3 = arith.constant 3 : i32
    %ahead = arith.addi %iv, %c3 : i32
    %slot = arith.remui %ahead, %c4 : i32
    %aa = tilegpu.buffer_index %ra[%slot] : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    %ba = tilegpu.buffer_index %rb[%slot] : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    // expected-error @below {{writes shared memory [0, 32768) that a warpgroup dot may still be reading: wait for it first (tilenv.warpgroup_dot_wait)}}
    %ta = tilegpu.async_copy_global_to_local %p, %aa : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    // expected-error @below {{writes shared memory [32768, 65536) that a warpgroup dot may still be reading: wait for it first (tilenv.warpgroup_dot_wait)}}
    %tb = tilegpu.async_copy_global_to_local %p, %ba : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    %g = tilegpu.async_commit_group tokens %ta, %tb
    %now = arith.remui %iv, %c4 : i32
    %ar = tilegpu.buffer_index %ra[%now] : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    %br = tilegpu.buffer_index %rb[%now] : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    %d = tilenv.warpgroup_dot %ar, %br, %acc {isAsync} : !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<64x64xf16, #nvmma, mutable> -> tensor<64x64xf32, #mma>
    %dw = tilenv.warpgroup_dot_wait %d {pendings = 1 : i32} : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    scf.yield %dw : tensor<64x64xf32, #mma>
  }
  %rw = tilenv.warpgroup_dot_wait %r {pendings = 0 : i32} : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  %done = tilegpu.async_wait {num = 0 : i32}
  tilegpu.local_dealloc %ra : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable>
  tilegpu.local_dealloc %rb : !tilegpu.buffer<4x64x64xf16, #nvmma, mutable>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A synchronous warpgroup dot waits for all of its warpgroup's groups: the
// asynchronous dot before it is done reading, and a write to its buffer
// needs only a barrier (the other warpgroups' reads), not a wait.
tile.func public @sync_dot_completes(%p: tensor<64x64x!tile.ptr<f16>, #blocked>, %acc0: tensor<64x64xf32, #mma>) {
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %d = tilenv.warpgroup_dot %a, %a, %acc0 {isAsync} : !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<64x64xf16, #nvmma, mutable> -> tensor<64x64xf32, #mma>
  %e = tilenv.warpgroup_dot %b, %b, %acc0 : !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<64x64xf16, #nvmma, mutable> -> tensor<64x64xf32, #mma>
  // expected-remark @below {{barrier before: write after read of [0, 8192)}}
  %t = tilegpu.async_copy_global_to_local %p, %a : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %g = tilegpu.async_commit_group tokens %t
  %w = tilegpu.async_wait {num = 0 : i32}
  %dw = tilenv.warpgroup_dot_wait %d {pendings = 0 : i32} : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  tilegpu.local_dealloc %a : !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilegpu.local_dealloc %b : !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// An mbarrier's initialization is a write every thread must see before
// using it; a TMA copy lands for every thread that waits on its barrier
// (no CTA barrier for the data), and the barrier is invalidated only once
// every thread is done waiting.
tile.func public @tma(%d: !tile.tensordesc<64x64xf16>, %i: i32, %p: i1) {
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.init_barrier %b, 1 : !tilegpu.buffer<1xi64, #bar, mutable>
  // expected-remark @below {{barrier before: read after write of [8192, 8200)}}
  tilenv.barrier_expect %b, 8192, %p : !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.async_tma_copy %d[%i, %i], %buf, %b, %p : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.wait_barrier %b, %i : !tilegpu.buffer<1xi64, #bar, mutable>
  %x = tilegpu.local_load %buf : !tilegpu.buffer<64x64xf16, #nvmma, mutable> -> tensor<64x64xf16, #blocked>
  // expected-remark @below {{barrier before: write after read of [8192, 8200)}}
  tilenv.inval_barrier %b : !tilegpu.buffer<1xi64, #bar, mutable>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Reading a TMA copy's buffer before waiting on its barrier, or waiting on
// another barrier: an error (and no barriers are reported).
tile.func public @tma_unwaited(%d: !tile.tensordesc<64x64xf16>, %i: i32, %p: i1) {
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<1xi64, #bar, mutable>
  %other = tilegpu.local_alloc : () -> !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.init_barrier %b, 1 : !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.init_barrier %other, 1 : !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.barrier_expect %b, 8192, %p : !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.async_tma_copy %d[%i, %i], %buf, %b, %p : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.wait_barrier %other, %i : !tilegpu.buffer<1xi64, #bar, mutable>
  // expected-error @below {{reads shared memory [0, 8192) that an asynchronous copy may still be writing: wait for it first (tilegpu.async_wait, or tilenv.wait_barrier for TMA)}}
  %x = tilegpu.local_load %buf : !tilegpu.buffer<64x64xf16, #nvmma, mutable> -> tensor<64x64xf16, #blocked>
  tile.return
}
}

// -----

#bar = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// An mbarrier invalidated while a copy that was issued may still complete
// on it: an error. (A predicated copy may never have been issued, as those
// a pipelined loop issues past its end: no error for it.)
tile.func public @tma_inval_pending(%d: !tile.tensordesc<64x64xf16>, %i: i32, %p: i1) {
  %true = arith.constant true
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %buf2 = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.init_barrier %b, 1 : !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.barrier_expect %b, 16384, %true : !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.async_tma_copy %d[%i, %i], %buf, %b, %p : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.async_tma_copy %d[%i, %i], %buf2, %b, %true : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #bar, mutable>
  // expected-error @below {{invalidates an mbarrier that a TMA copy into [8192, 16384) completes on: wait for it first (tilenv.wait_barrier)}}
  tilenv.inval_barrier %b : !tilegpu.buffer<1xi64, #bar, mutable>
  tile.return
}
}

// -----

// TMA stores read their buffer after every thread's writes (a barrier
// first) and until tilenv.async_tma_store_wait; then, as ordinary reads, a
// barrier orders them before other threads' writes.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90"} {
tile.func public @tma_store(%d: !tile.tensordesc<64x64xf16>, %i: i32, %t: tensor<64x64xf16, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  scf.for %k = %c0 to %n step %c1 : i32 {
    tilenv.async_tma_store_wait {pendings = 0 : i32}
    // expected-remark @below {{barrier before: write after read of [0, 8192)}}
    tilegpu.local_store %t, %buf : tensor<64x64xf16, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    // expected-remark @below {{barrier before: read after write of [0, 8192)}}
    tilenv.async_tma_store %d[%k, %i], %buf : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  }
  tilenv.async_tma_store_wait {pendings = 0 : i32}
  tilegpu.local_dealloc %buf : !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90"} {
// Writing the buffer before the wait: no barrier can order it.
tile.func public @tma_store_unwaited(%d: !tile.tensordesc<64x64xf16>, %i: i32, %t: tensor<64x64xf16, #blocked>) {
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilegpu.local_store %t, %buf : tensor<64x64xf16, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilenv.async_tma_store %d[%i, %i], %buf : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  // expected-error @below {{writes shared memory [0, 8192) that a TMA store may still be reading: wait for it first (tilenv.async_tma_store_wait)}}
  tilegpu.local_store %t, %buf : tensor<64x64xf16, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilenv.async_tma_store_wait {pendings = 0 : i32}
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90"} {
// A wait that leaves the last store pending covers only the older one.
tile.func public @tma_store_pending(%d: !tile.tensordesc<64x64xf16>, %i: i32, %t: tensor<64x64xf16, #blocked>) {
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilegpu.local_store %t, %a : tensor<64x64xf16, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilegpu.local_store %t, %b : tensor<64x64xf16, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilenv.async_tma_store %d[%i, %i], %a : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilenv.async_tma_store %d[%i, %i], %b : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilenv.async_tma_store_wait {pendings = 1 : i32}
  // expected-remark @below {{barrier before: write after read of [0, 8192)}}
  tilegpu.local_store %t, %a : tensor<64x64xf16, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilenv.async_tma_store_wait {pendings = 0 : i32}
  tilegpu.local_store %t, %b : tensor<64x64xf16, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90"} {
// ...and not the newer.
tile.func public @tma_store_pending_newest(%d: !tile.tensordesc<64x64xf16>, %i: i32, %t: tensor<64x64xf16, #blocked>) {
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilegpu.local_store %t, %a : tensor<64x64xf16, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilegpu.local_store %t, %b : tensor<64x64xf16, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilenv.async_tma_store %d[%i, %i], %a : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilenv.async_tma_store %d[%i, %i], %b : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilenv.async_tma_store_wait {pendings = 1 : i32}
  // expected-error @below {{writes shared memory [8192, 16384) that a TMA store may still be reading}}
  tilegpu.local_store %t, %b : tensor<64x64xf16, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilenv.async_tma_store_wait {pendings = 0 : i32}
  tile.return
}
}

// -----

// A store in one branch only: after the scf.if it may still be reading,
// so the write after it is an error until a wait.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90"} {
tile.func public @tma_store_in_branch(%d: !tile.tensordesc<64x64xf16>, %i: i32, %t: tensor<64x64xf16, #blocked>, %p: i1) {
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilegpu.local_store %t, %buf : tensor<64x64xf16, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  scf.if %p {
    tilenv.async_tma_store %d[%i, %i], %buf : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  }
  // expected-error @below {{writes shared memory [0, 8192) that a TMA store may still be reading}}
  tilegpu.local_store %t, %buf : tensor<64x64xf16, #blocked> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilenv.async_tma_store_wait {pendings = 0 : i32}
  tile.return
}
}

// -----

// The kernel may not end while a store reads shared memory.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90"} {
// expected-error @below {{'tile.func' op may return while a TMA store is still reading shared memory [0, 8192): wait for it first (tilenv.async_tma_store_wait)}}
tile.func public @tma_store_at_end(%d: !tile.tensordesc<64x64xf16>, %i: i32, %t: tensor<64x64xf16, #blocked>) {
  %buf = tilegpu.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
  tilenv.async_tma_store %d[%i, %i], %buf : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b64 = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// tilenv.warp_specialize: one CTA barrier before the split orders what came
// before for both sides (the producer takes part in no later one); each
// region is analyzed on its own from there, and the handshake between
// them: the producer copies into a stage of a ring after waiting on that
// stage's empty barrier, completing on its full barrier; the kernel's
// warps read the stage after waiting on the full barrier, and hand it
// back on the empty one.
tile.func public @split(%t: tensor<256xf32, #blocked>, %desc: !tile.tensordesc<64x64xf16>, %i: i32, %p: i1) {
  %c0 = arith.constant 0 : i32
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x64xf16, #nvmma, mutable>
  %fulls = tilegpu.local_alloc : () -> !tilegpu.buffer<2x1xi64, #shared, mutable>
  %empties = tilegpu.local_alloc : () -> !tilegpu.buffer<2x1xi64, #shared, mutable>
  %full = tilegpu.buffer_index %fulls[%c0] : !tilegpu.buffer<2x1xi64, #shared, mutable> -> !tilegpu.buffer<1xi64, #shared, mutable>
  %empty = tilegpu.buffer_index %empties[%c0] : !tilegpu.buffer<2x1xi64, #shared, mutable> -> !tilegpu.buffer<1xi64, #shared, mutable>
  tilenv.init_barrier %full, 1 : !tilegpu.buffer<1xi64, #shared, mutable>
  // expected-remark @below {{barrier before: read after write of [16384, 16392)}}
  tilenv.warp_specialize producer {
    %stage = tilegpu.buffer_index %ring[%c0] : !tilegpu.buffer<2x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    tilenv.wait_barrier %empty, %i : !tilegpu.buffer<1xi64, #shared, mutable>
    tilenv.barrier_expect %full, 8192, %p : !tilegpu.buffer<1xi64, #shared, mutable>
    tilenv.async_tma_copy %desc[%i, %i], %stage, %full, %p : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #shared, mutable>
  } default {
    %stage = tilegpu.buffer_index %ring[%c0] : !tilegpu.buffer<2x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    tilenv.wait_barrier %full, %i : !tilegpu.buffer<1xi64, #shared, mutable>
    %v = tilegpu.local_load %stage : !tilegpu.buffer<64x64xf16, #nvmma, mutable> -> tensor<64x64xf16, #b64>
    tilenv.arrive_barrier %empty, %p : !tilegpu.buffer<1xi64, #shared, mutable>
    // Handed back and no longer used here: the stage's memory is free
    // again, after a barrier for the warps still reading it.
    %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
    // expected-remark @below {{barrier before: write after read of [0, 1024)}}
    tilegpu.local_store %t, %a : tensor<256xf32, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
    // expected-remark @below {{barrier before: read after write of [0, 1024)}}
    %x = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  }
  tile.return
}
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A producer region that would need a CTA barrier is an error: the
// kernel's warps never meet it there.
tile.func public @producer_needs_barrier(%i: i32) {
  %bar = tilegpu.local_alloc : () -> !tilegpu.buffer<1xi64, #shared, mutable>
  tilenv.warp_specialize producer {
    tilenv.init_barrier %bar, 1 : !tilegpu.buffer<1xi64, #shared, mutable>
    // expected-error @below {{needs a CTA barrier (read after write of [0, 8)), but runs in the producer region of a tilenv.warp_specialize, which the kernel's warps do not synchronize with}}
    tilenv.wait_barrier %bar, %i : !tilegpu.buffer<1xi64, #shared, mutable>
  } default {
  }
  tile.return
}
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// The producer overwrites a stage without waiting for the kernel's warps
// to hand it back.
tile.func public @copy_without_empty_wait(%desc: !tile.tensordesc<64x64xf16>, %i: i32, %p: i1) {
  %c0 = arith.constant 0 : i32
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x64xf16, #nvmma, mutable>
  %fulls = tilegpu.local_alloc : () -> !tilegpu.buffer<2x1xi64, #shared, mutable>
  %full = tilegpu.buffer_index %fulls[%c0] : !tilegpu.buffer<2x1xi64, #shared, mutable> -> !tilegpu.buffer<1xi64, #shared, mutable>
  tilenv.warp_specialize producer {
    %stage = tilegpu.buffer_index %ring[%c0] : !tilegpu.buffer<2x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    tilenv.barrier_expect %full, 8192, %p : !tilegpu.buffer<1xi64, #shared, mutable>
    // expected-error @below {{copies into a stage the kernel's warps may still be reading: a producer's copy goes into stage `(iv + c) rem S` of a ring, completes on that stage of a ring of full barriers, and first waits on that stage of a ring of empty barriers (tilenv.wait_barrier in the same block)}}
    tilenv.async_tma_copy %desc[%i, %i], %stage, %full, %p : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #shared, mutable>
  } default {
  }
  tile.return
}
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b64 = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// The kernel's warps read a stage before waiting for it, and after
// handing it back.
tile.func public @read_unheld(%desc: !tile.tensordesc<64x64xf16>, %i: i32, %p: i1) {
  %c0 = arith.constant 0 : i32
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x64xf16, #nvmma, mutable>
  %fulls = tilegpu.local_alloc : () -> !tilegpu.buffer<2x1xi64, #shared, mutable>
  %empties = tilegpu.local_alloc : () -> !tilegpu.buffer<2x1xi64, #shared, mutable>
  %full = tilegpu.buffer_index %fulls[%c0] : !tilegpu.buffer<2x1xi64, #shared, mutable> -> !tilegpu.buffer<1xi64, #shared, mutable>
  %empty = tilegpu.buffer_index %empties[%c0] : !tilegpu.buffer<2x1xi64, #shared, mutable> -> !tilegpu.buffer<1xi64, #shared, mutable>
  tilenv.warp_specialize producer {
    %stage = tilegpu.buffer_index %ring[%c0] : !tilegpu.buffer<2x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    tilenv.wait_barrier %empty, %i : !tilegpu.buffer<1xi64, #shared, mutable>
    tilenv.barrier_expect %full, 8192, %p : !tilegpu.buffer<1xi64, #shared, mutable>
    tilenv.async_tma_copy %desc[%i, %i], %stage, %full, %p : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #shared, mutable>
  } default {
    %stage = tilegpu.buffer_index %ring[%c0] : !tilegpu.buffer<2x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    // expected-error @below {{reads a stage of a ring the producer fills without holding it: wait on the stage's full barrier first (tilenv.wait_barrier), and read it before handing it back (tilenv.arrive_barrier)}}
    %v = tilegpu.local_load %stage : !tilegpu.buffer<64x64xf16, #nvmma, mutable> -> tensor<64x64xf16, #b64>
    tilenv.wait_barrier %full, %i : !tilegpu.buffer<1xi64, #shared, mutable>
    %w = tilegpu.local_load %stage : !tilegpu.buffer<64x64xf16, #nvmma, mutable> -> tensor<64x64xf16, #b64>
    tilenv.arrive_barrier %empty, %p : !tilegpu.buffer<1xi64, #shared, mutable>
    // expected-error @below {{reads a stage of a ring the producer fills without holding it}}
    %x = tilegpu.local_load %stage : !tilegpu.buffer<64x64xf16, #nvmma, mutable> -> tensor<64x64xf16, #b64>
  }
  tile.return
}
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// An op known only by its declared read of shared memory is held to the
// handshake as tilegpu.local_load is.
tile.func public @declared_read_unheld(%desc: !tile.tensordesc<64x64xf16>, %i: i32, %p: i1) {
  %c0 = arith.constant 0 : i32
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x64xf16, #nvmma, mutable>
  %fulls = tilegpu.local_alloc : () -> !tilegpu.buffer<2x1xi64, #shared, mutable>
  %empties = tilegpu.local_alloc : () -> !tilegpu.buffer<2x1xi64, #shared, mutable>
  %full = tilegpu.buffer_index %fulls[%c0] : !tilegpu.buffer<2x1xi64, #shared, mutable> -> !tilegpu.buffer<1xi64, #shared, mutable>
  %empty = tilegpu.buffer_index %empties[%c0] : !tilegpu.buffer<2x1xi64, #shared, mutable> -> !tilegpu.buffer<1xi64, #shared, mutable>
  tilenv.warp_specialize producer {
    %stage = tilegpu.buffer_index %ring[%c0] : !tilegpu.buffer<2x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    tilenv.wait_barrier %empty, %i : !tilegpu.buffer<1xi64, #shared, mutable>
    tilenv.barrier_expect %full, 8192, %p : !tilegpu.buffer<1xi64, #shared, mutable>
    tilenv.async_tma_copy %desc[%i, %i], %stage, %full, %p : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #shared, mutable>
  } default {
    %stage = tilegpu.buffer_index %ring[%c0] : !tilegpu.buffer<2x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    // expected-error @below {{reads a stage of a ring the producer fills without holding it}}
    tile_test.read_shared %stage : !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    tilenv.wait_barrier %full, %i : !tilegpu.buffer<1xi64, #shared, mutable>
    tile_test.read_shared %stage : !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    tilenv.arrive_barrier %empty, %p : !tilegpu.buffer<1xi64, #shared, mutable>
  }
  tile.return
}
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A stage handed back while an asynchronous warpgroup dot may still read
// it.
tile.func public @hand_back_in_flight(%da: !tile.tensordesc<64x64xf16>, %db: !tile.tensordesc<64x64xf16>, %i: i32, %p: i1) {
  %c0 = arith.constant 0 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %ra = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x64xf16, #nvmma, mutable>
  %rb = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x64xf16, #nvmma, mutable>
  %fulls = tilegpu.local_alloc : () -> !tilegpu.buffer<2x1xi64, #shared, mutable>
  %empties = tilegpu.local_alloc : () -> !tilegpu.buffer<2x1xi64, #shared, mutable>
  %full = tilegpu.buffer_index %fulls[%c0] : !tilegpu.buffer<2x1xi64, #shared, mutable> -> !tilegpu.buffer<1xi64, #shared, mutable>
  %empty = tilegpu.buffer_index %empties[%c0] : !tilegpu.buffer<2x1xi64, #shared, mutable> -> !tilegpu.buffer<1xi64, #shared, mutable>
  tilenv.warp_specialize producer {
    %sa = tilegpu.buffer_index %ra[%c0] : !tilegpu.buffer<2x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    %sb = tilegpu.buffer_index %rb[%c0] : !tilegpu.buffer<2x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    tilenv.wait_barrier %empty, %i : !tilegpu.buffer<1xi64, #shared, mutable>
    tilenv.barrier_expect %full, 16384, %p : !tilegpu.buffer<1xi64, #shared, mutable>
    tilenv.async_tma_copy %da[%i, %i], %sa, %full, %p : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #shared, mutable>
    tilenv.async_tma_copy %db[%i, %i], %sb, %full, %p : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #shared, mutable>
  } default {
    %sa = tilegpu.buffer_index %ra[%c0] : !tilegpu.buffer<2x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    %sb = tilegpu.buffer_index %rb[%c0] : !tilegpu.buffer<2x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    tilenv.wait_barrier %full, %i : !tilegpu.buffer<1xi64, #shared, mutable>
    %d = tilenv.warpgroup_dot %sa, %sb, %zero {isAsync} : !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<64x64xf16, #nvmma, mutable> -> tensor<64x64xf32, #mma>
    // expected-error @below {{hands back a stage that a warpgroup dot may still be reading: wait for it first (tilenv.warpgroup_dot_wait)}}
    tilenv.arrive_barrier %empty, %p : !tilegpu.buffer<1xi64, #shared, mutable>
    %e = tilenv.warpgroup_dot_wait %d {pendings = 0 : i32} : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  }
  tile.return
}
}

// -----

// A warpgroup_tma_store orders its own runs (no barrier between them in a
// loop); its copies read the buffer until tilenv.async_tma_store_wait, and
// then, as ordinary reads, a barrier orders them before other writes.
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#b3 = #tilegpu.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [1, 8, 4], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
tile.func public @warpgroup_tma_store(%d: !tile.tensordesc<64x128xf16>, %i: i32, %v: tensor<64x128xf16, #mma>, %w: tensor<2x64x32xf16, #b3>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  scf.for %k = %c0 to %n step %c1 : i32 {
    tilenv.warpgroup_tma_store %d[%i, %k], %v, %buf : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #mma>, !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  }
  tilenv.async_tma_store_wait {pendings = 0 : i32}
  // expected-remark @below {{barrier before: write after read of [0, 8192)}}
  tilegpu.local_store %w, %buf : tensor<2x64x32xf16, #b3> -> !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  // expected-remark @below {{barrier before: read after write of [0, 8192)}}
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #mma>, !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  tilenv.async_tma_store_wait {pendings = 0 : i32}
  tilegpu.local_dealloc %buf : !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  tile.return
}
}

// -----

#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#b3 = #tilegpu.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [1, 8, 4], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
// Its copies are another op's to wait for: writing the buffer before the
// wait is an error, as returning before it is (below).
tile.func public @warpgroup_tma_store_unwaited(%d: !tile.tensordesc<64x128xf16>, %i: i32, %v: tensor<64x128xf16, #mma>, %w: tensor<2x64x32xf16, #b3>) {
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #mma>, !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  // expected-error @below {{writes shared memory [0, 8192) that a TMA store may still be reading: wait for it first (tilenv.async_tma_store_wait)}}
  tilegpu.local_store %w, %buf : tensor<2x64x32xf16, #b3> -> !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  tilenv.async_tma_store_wait {pendings = 0 : i32}
  tile.return
}
}

// -----

#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
// expected-error @below {{may return while a TMA store is still reading shared memory [0, 8192): wait for it first (tilenv.async_tma_store_wait)}}
tile.func public @warpgroup_tma_store_returns(%d: !tile.tensordesc<64x128xf16>, %i: i32, %v: tensor<64x128xf16, #mma>) {
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #mma>, !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  tile.return
}
}

// -----

// An asynchronous copy may still be writing the slots: an error.
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b2 = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
tile.func public @warpgroup_tma_store_async_copy(%d: !tile.tensordesc<64x128xf16>, %i: i32, %v: tensor<64x128xf16, #mma>, %p: tensor<64x64x!tile.ptr<f16>, #b2>) {
  %c0 = arith.constant 0 : i32
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x64xf16, #nvmma, mutable>
  %slot = tilegpu.buffer_index %buf[%c0] : !tilegpu.buffer<2x64x64xf16, #nvmma, mutable> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %t = tilegpu.async_copy_global_to_local %p, %slot : tensor<64x64x!tile.ptr<f16>, #b2> -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilegpu.async_commit_group
  // expected-error @below {{writes shared memory [0, 8192) that an asynchronous copy may still be writing: wait for it first (tilegpu.async_wait, or tilenv.wait_barrier for TMA)}}
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #mma>, !tilegpu.buffer<2x64x64xf16, #nvmma, mutable>
  tilegpu.async_wait {num = 0 : i32}
  tilenv.async_tma_store_wait {pendings = 0 : i32}
  tile.return
}
}

// -----

// A loop from INT64_MIN: the stages are rebased modulo their count first
// (the shift overflowed; UBSan in the sanitizer build).
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @minlb(%n: i64) {
  %c0 = arith.constant 0 : i32
  %cmin = arith.constant -9223372036854775808 : i64
  %c1 = arith.constant 1 : i64
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x256xf32, #shared, mutable>
  %s0 = tilegpu.buffer_index %ring[%c0] : !tilegpu.buffer<3x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %x = tilegpu.local_load %s0 : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  scf.for %iv = %cmin to %n step %c1 : i64 {
    %y = tilegpu.local_load %s0 : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  }
  tile.return
}
}

// -----

// Ops known only by their declared effects on shared memory (the tile_test
// dialect's): reads and writes get barriers as tile's own ops do, and a
// write of an op that issues cp.async-like work (AsyncOpInterface) is one
// no barrier orders.
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @declared_effects() {
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  tile_test.write_shared %a : !tilegpu.buffer<256xf32, #shared, mutable>
  // expected-remark @below {{barrier before: read after write of [0, 1024)}}
  tile_test.read_shared %a : !tilegpu.buffer<256xf32, #shared, mutable>
  // expected-remark @below {{barrier before: write after read of [0, 1024)}}
  tile_test.write_shared %a : !tilegpu.buffer<256xf32, #shared, mutable>
  tile.return
}
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @declared_async_write() {
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  tile_test.async_write_shared %b : !tilegpu.buffer<256xf32, #shared, mutable>
  // expected-error @below {{reads shared memory [0, 1024) that an asynchronous copy may still be writing}}
  tile_test.read_shared %b : !tilegpu.buffer<256xf32, #shared, mutable>
  tile.return
}
}

// -----

// Work that reads shared memory after its op returns, declared through
// AsyncOpInterface on the bulk-copy queue: overwriting its buffer before a
// wait on that queue is an error, and after one it takes a barrier.
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @declared_async_read() {
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  tile_test.async_read_shared %b : !tilegpu.buffer<256xf32, #shared, mutable>
  // expected-error @below {{writes shared memory [0, 1024) that a TMA store may still be reading}}
  tile_test.write_shared %b : !tilegpu.buffer<256xf32, #shared, mutable>
  tile.return
}
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @declared_async_read_waited() {
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  tile_test.async_read_shared %a : !tilegpu.buffer<256xf32, #shared, mutable>
  tile_test.async_read_shared %b : !tilegpu.buffer<256xf32, #shared, mutable>
  // The older group (%a) is done reading; %b may still be read.
  tile_test.async_wait_reads {pending = 1 : i32}
  // expected-remark @below {{barrier before: write after read of [0, 1024)}}
  tile_test.write_shared %a : !tilegpu.buffer<256xf32, #shared, mutable>
  tile_test.async_wait_reads {pending = 0 : i32}
  // expected-remark @below {{barrier before: write after read of [1024, 2048)}}
  tile_test.write_shared %b : !tilegpu.buffer<256xf32, #shared, mutable>
  tile.return
}
}

// -----

// An op known only by its declared scratch (the tile_test dialect's) is
// ordered against the next user of the same scratch, as a conversion is.
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @declared_scratch() {
  tile_test.scratch {bytes = 512}
  // expected-remark @below {{barrier before: read after write of [0, 512)}}
  tile_test.scratch {bytes = 512}
  tile.return
}
}
