// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tile-prefetch: a pipelined mma.sync loop split along K, its first K step
// read in the iteration before.
// RUN: tile-opt %s -split-input-file -tile-prefetch | FileCheck %s

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#opA = #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#opB = #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#sharedB = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// CHECK-LABEL: tile.func public @two_stages
// Before the loop: the wait, then the first iteration's first K step.
// CHECK: %[[WAIT0:.*]] = tilegpu.async_wait {num = 0 : i32}
// CHECK: %[[S0:.*]] = tilegpu.buffer_index %[[RA:.*]][%c0_i32{{.*}}]
// CHECK: %[[A0:.*]] = tilegpu.local_load %[[S0]] at [0, 0] : !tilegpu.buffer<64x32xf16, #{{.*}}, mutable> -> tensor<64x16xf16, #{{.*}}>
// CHECK: %[[T0:.*]] = tilegpu.buffer_index %[[RB:.*]][%c0_i32{{.*}}]
// CHECK: %[[B0:.*]] = tilegpu.local_load %[[T0]] at [0, 0] : !tilegpu.buffer<32x64xf16, #{{.*}}, mutable> -> tensor<16x64xf16, #{{.*}}>
// CHECK: scf.for %[[IV:.*]] = %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[PA:.*]] = %[[A0]], %[[PB:.*]] = %[[B0]])
// The copies first (no wait before them any more), then the second K
// step's windows and the first step's products.
// CHECK-NOT: tilegpu.async_wait
// CHECK: tilegpu.async_copy_global_to_local
// CHECK: tilegpu.async_commit_group
// CHECK: %[[NOW:.*]] = arith.remui %[[IV]], %c2_i32
// CHECK: %[[SA:.*]] = tilegpu.buffer_index %[[RA]][%[[NOW]]]
// CHECK: %[[SB:.*]] = tilegpu.buffer_index %[[RB]][%[[NOW]]]
// CHECK: %[[A1:.*]] = tilegpu.local_load %[[SA]] at [0, 16] : {{.*}} -> tensor<64x16xf16, #{{.*}}>
// CHECK: %[[B1:.*]] = tilegpu.local_load %[[SB]] at [16, 0] : {{.*}} -> tensor<16x64xf16, #{{.*}}>
// CHECK: %[[D0:.*]] = tile.dot %[[PA]], %[[PB]], %[[ACC]] : tensor<64x16xf16, #{{.*}}> * tensor<16x64xf16, #{{.*}}> -> tensor<64x64xf32, #{{.*}}>
// Then the wait, moved here, the next iteration's first step, and the last
// step's products.
// CHECK: tilegpu.async_wait {num = 0 : i32}
// CHECK: %[[NEXT:.*]] = arith.addi %[[IV]], %c1_i32
// CHECK: %[[NSLOT:.*]] = arith.remui %[[NEXT]], %c2_i32
// CHECK: %[[NA:.*]] = tilegpu.buffer_index %[[RA]][%[[NSLOT]]]
// CHECK: %[[NA0:.*]] = tilegpu.local_load %[[NA]] at [0, 0]
// CHECK: %[[NB:.*]] = tilegpu.buffer_index %[[RB]][%[[NSLOT]]]
// CHECK: %[[NB0:.*]] = tilegpu.local_load %[[NB]] at [0, 0]
// CHECK: %[[D1:.*]] = tile.dot %[[A1]], %[[B1]], %[[D0]]
// CHECK: scf.yield %[[D1]], %[[NA0]], %[[NB0]]
// CHECK-NOT: tilegpu.local_load %{{[^ ]*}} :
tile.func public @two_stages(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %pb: tensor<32x64x!tile.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %ra = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x32xf16, #shared, mutable>
  %rb = tilegpu.local_alloc : () -> !tilegpu.buffer<2x32x64xf16, #sharedB, mutable>
  %a0 = tilegpu.buffer_index %ra[%c0] : !tilegpu.buffer<2x64x32xf16, #shared, mutable> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
  %ta = tilegpu.async_copy_global_to_local %pa, %a0 : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
  %b0 = tilegpu.buffer_index %rb[%c0] : !tilegpu.buffer<2x32x64xf16, #sharedB, mutable> -> !tilegpu.buffer<32x64xf16, #sharedB, mutable>
  %tb = tilegpu.async_copy_global_to_local %pb, %b0 : tensor<32x64x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<32x64xf16, #sharedB, mutable>
  %g = tilegpu.async_commit_group tokens %ta, %tb
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %w = tilegpu.async_wait {num = 0 : i32}
    %next = arith.addi %iv, %c1 : i32
    %slot = arith.remui %next, %c2 : i32
    %na = tilegpu.buffer_index %ra[%slot] : !tilegpu.buffer<2x64x32xf16, #shared, mutable> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
    %ca = tilegpu.async_copy_global_to_local %pa, %na : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
    %nb = tilegpu.buffer_index %rb[%slot] : !tilegpu.buffer<2x32x64xf16, #sharedB, mutable> -> !tilegpu.buffer<32x64xf16, #sharedB, mutable>
    %cb = tilegpu.async_copy_global_to_local %pb, %nb : tensor<32x64x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<32x64xf16, #sharedB, mutable>
    %cg = tilegpu.async_commit_group tokens %ca, %cb
    %now = arith.remui %iv, %c2 : i32
    %sa = tilegpu.buffer_index %ra[%now] : !tilegpu.buffer<2x64x32xf16, #shared, mutable> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
    %sb = tilegpu.buffer_index %rb[%now] : !tilegpu.buffer<2x32x64xf16, #sharedB, mutable> -> !tilegpu.buffer<32x64xf16, #sharedB, mutable>
    %a = tilegpu.local_load %sa : !tilegpu.buffer<64x32xf16, #shared, mutable> -> tensor<64x32xf16, #opA>
    %b = tilegpu.local_load %sb : !tilegpu.buffer<32x64xf16, #sharedB, mutable> -> tensor<32x64xf16, #opB>
    %d = tile.dot %a, %b, %acc : tensor<64x32xf16, #opA> * tensor<32x64xf16, #opB> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  %done = tilegpu.async_wait {num = 0 : i32}
  tile.return %r : tensor<64x64xf32, #mma>
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#opA = #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#opB = #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#sharedB = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Nothing waits in the loop (its copies are waited for elsewhere): left alone.
// CHECK-LABEL: tile.func public @no_wait
// CHECK-NOT: at [
// CHECK: tile.return
tile.func public @no_wait(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %pb: tensor<32x64x!tile.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %ra = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x32xf16, #shared, mutable>
  %rb = tilegpu.local_alloc : () -> !tilegpu.buffer<2x32x64xf16, #sharedB, mutable>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %next = arith.addi %iv, %c1 : i32
    %slot = arith.remui %next, %c2 : i32
    %na = tilegpu.buffer_index %ra[%slot] : !tilegpu.buffer<2x64x32xf16, #shared, mutable> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
    %ca = tilegpu.async_copy_global_to_local %pa, %na : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
    %cg = tilegpu.async_commit_group tokens %ca
    %now = arith.remui %iv, %c2 : i32
    %sa = tilegpu.buffer_index %ra[%now] : !tilegpu.buffer<2x64x32xf16, #shared, mutable> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
    %sb = tilegpu.buffer_index %rb[%now] : !tilegpu.buffer<2x32x64xf16, #sharedB, mutable> -> !tilegpu.buffer<32x64xf16, #sharedB, mutable>
    %a = tilegpu.local_load %sa : !tilegpu.buffer<64x32xf16, #shared, mutable> -> tensor<64x32xf16, #opA>
    %b = tilegpu.local_load %sb : !tilegpu.buffer<32x64xf16, #sharedB, mutable> -> tensor<32x64xf16, #opB>
    %d = tile.dot %a, %b, %acc : tensor<64x32xf16, #opA> * tensor<32x64xf16, #opB> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  tile.return %r : tensor<64x64xf32, #mma>
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#opA = #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#opB = #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#sharedB = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A group committed before the wait: moved to the end of the body, the wait would see one more group. Left alone.
// CHECK-LABEL: tile.func public @commit_first
// CHECK-NOT: at [
// CHECK: tile.return
tile.func public @commit_first(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %pb: tensor<32x64x!tile.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %ra = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x32xf16, #shared, mutable>
  %rb = tilegpu.local_alloc : () -> !tilegpu.buffer<2x32x64xf16, #sharedB, mutable>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %next = arith.addi %iv, %c1 : i32
    %slot = arith.remui %next, %c2 : i32
    %na = tilegpu.buffer_index %ra[%slot] : !tilegpu.buffer<2x64x32xf16, #shared, mutable> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
    %ca = tilegpu.async_copy_global_to_local %pa, %na : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
    %cg = tilegpu.async_commit_group tokens %ca
    %w = tilegpu.async_wait {num = 0 : i32}
    %now = arith.remui %iv, %c2 : i32
    %sa = tilegpu.buffer_index %ra[%now] : !tilegpu.buffer<2x64x32xf16, #shared, mutable> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
    %sb = tilegpu.buffer_index %rb[%now] : !tilegpu.buffer<2x32x64xf16, #sharedB, mutable> -> !tilegpu.buffer<32x64xf16, #sharedB, mutable>
    %a = tilegpu.local_load %sa : !tilegpu.buffer<64x32xf16, #shared, mutable> -> tensor<64x32xf16, #opA>
    %b = tilegpu.local_load %sb : !tilegpu.buffer<32x64xf16, #sharedB, mutable> -> tensor<32x64xf16, #opB>
    %d = tile.dot %a, %b, %acc : tensor<64x32xf16, #opA> * tensor<32x64xf16, #opB> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  tile.return %r : tensor<64x64xf32, #mma>
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#opA = #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#opB = #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#sharedB = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Another read of shared memory after the wait, which it orders too: left alone.
// CHECK-LABEL: tile.func public @other_reader
// CHECK-NOT: at [
// CHECK: tile.return
tile.func public @other_reader(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %pb: tensor<32x64x!tile.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %ra = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x32xf16, #shared, mutable>
  %rb = tilegpu.local_alloc : () -> !tilegpu.buffer<2x32x64xf16, #sharedB, mutable>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %w = tilegpu.async_wait {num = 0 : i32}
    %next = arith.addi %iv, %c1 : i32
    %slot = arith.remui %next, %c2 : i32
    %na = tilegpu.buffer_index %ra[%slot] : !tilegpu.buffer<2x64x32xf16, #shared, mutable> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
    %ca = tilegpu.async_copy_global_to_local %pa, %na : tensor<64x32x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
    %cg = tilegpu.async_commit_group tokens %ca
    %now = arith.remui %iv, %c2 : i32
    %sa = tilegpu.buffer_index %ra[%now] : !tilegpu.buffer<2x64x32xf16, #shared, mutable> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
    %sb = tilegpu.buffer_index %rb[%now] : !tilegpu.buffer<2x32x64xf16, #sharedB, mutable> -> !tilegpu.buffer<32x64xf16, #sharedB, mutable>
    %a = tilegpu.local_load %sa : !tilegpu.buffer<64x32xf16, #shared, mutable> -> tensor<64x32xf16, #opA>
    %b = tilegpu.local_load %sb : !tilegpu.buffer<32x64xf16, #sharedB, mutable> -> tensor<32x64xf16, #opB>
    %x = tilegpu.local_load %na : !tilegpu.buffer<64x32xf16, #shared, mutable> -> tensor<64x32xf16, #blocked>
    %d = tile.dot %a, %b, %acc : tensor<64x32xf16, #opA> * tensor<32x64xf16, #opB> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  tile.return %r : tensor<64x64xf32, #mma>
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#opA = #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#opB = #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#sharedB = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// The stage index carried by the loop: the next iteration's cannot be computed ahead. Left alone.
// CHECK-LABEL: tile.func public @carried_stage
// CHECK-NOT: at [
// CHECK: tile.return
tile.func public @carried_stage(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %pb: tensor<32x64x!tile.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %ra = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x32xf16, #shared, mutable>
  %rb = tilegpu.local_alloc : () -> !tilegpu.buffer<2x32x64xf16, #sharedB, mutable>
  %r:2 = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero, %st = %c0) -> (tensor<64x64xf32, #mma>, i32) : i32 {
    %w = tilegpu.async_wait {num = 0 : i32}
    %now = arith.remui %st, %c2 : i32
    %sa = tilegpu.buffer_index %ra[%now] : !tilegpu.buffer<2x64x32xf16, #shared, mutable> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
    %sb = tilegpu.buffer_index %rb[%now] : !tilegpu.buffer<2x32x64xf16, #sharedB, mutable> -> !tilegpu.buffer<32x64xf16, #sharedB, mutable>
    %a = tilegpu.local_load %sa : !tilegpu.buffer<64x32xf16, #shared, mutable> -> tensor<64x32xf16, #opA>
    %b = tilegpu.local_load %sb : !tilegpu.buffer<32x64xf16, #sharedB, mutable> -> tensor<32x64xf16, #opB>
    %d = tile.dot %a, %b, %acc : tensor<64x32xf16, #opA> * tensor<32x64xf16, #opB> -> tensor<64x64xf32, #mma>
    %st1 = arith.addi %st, %c1 : i32
    %stn = arith.remui %st1, %c2 : i32
    scf.yield %d, %stn : tensor<64x64xf32, #mma>, i32
  }
  tile.return %r#0 : tensor<64x64xf32, #mma>
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#opA = #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#opB = #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#sharedB = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A stage index not reduced modulo the stages (the next iteration could be past the ring): left alone.
// CHECK-LABEL: tile.func public @unbounded_stage
// CHECK-NOT: at [
// CHECK: tile.return
tile.func public @unbounded_stage(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %pb: tensor<32x64x!tile.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %ra = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x32xf16, #shared, mutable>
  %rb = tilegpu.local_alloc : () -> !tilegpu.buffer<2x32x64xf16, #sharedB, mutable>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %w = tilegpu.async_wait {num = 0 : i32}
    %now = arith.remui %iv, %c2 : i32
    %sa = tilegpu.buffer_index %ra[%iv] : !tilegpu.buffer<2x64x32xf16, #shared, mutable> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
    %sb = tilegpu.buffer_index %rb[%iv] : !tilegpu.buffer<2x32x64xf16, #sharedB, mutable> -> !tilegpu.buffer<32x64xf16, #sharedB, mutable>
    %a = tilegpu.local_load %sa : !tilegpu.buffer<64x32xf16, #shared, mutable> -> tensor<64x32xf16, #opA>
    %b = tilegpu.local_load %sb : !tilegpu.buffer<32x64xf16, #sharedB, mutable> -> tensor<32x64xf16, #opB>
    %d = tile.dot %a, %b, %acc : tensor<64x32xf16, #opA> * tensor<32x64xf16, #opB> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  tile.return %r : tensor<64x64xf32, #mma>
}
}

// -----

// A 128x256 accumulator on 8 warps (64x64 a warp, 128 registers a thread)
// with K 64: with two K steps of operands and the 32 ldmatrix addresses it
// would need 224 registers of the 223 the pass allows (ptxas spills
// there): left alone.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]}>
#opA = #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#opB = #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 8 : i32} {
// CHECK-LABEL: tile.func public @register_budget
// CHECK-NOT: at [
// CHECK: tile.return
tile.func public @register_budget(%n: i32) -> tensor<128x256xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant dense<0.0> : tensor<128x256xf32, #mma>
  %ra = tilegpu.local_alloc : () -> !tilegpu.buffer<2x128x64xf16, #shared, mutable>
  %rb = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x256xf16, #shared, mutable>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x256xf32, #mma>) : i32 {
    %w = tilegpu.async_wait {num = 0 : i32}
    %now = arith.remui %iv, %c2 : i32
    %sa = tilegpu.buffer_index %ra[%now] : !tilegpu.buffer<2x128x64xf16, #shared, mutable> -> !tilegpu.buffer<128x64xf16, #shared, mutable>
    %sb = tilegpu.buffer_index %rb[%now] : !tilegpu.buffer<2x64x256xf16, #shared, mutable> -> !tilegpu.buffer<64x256xf16, #shared, mutable>
    %a = tilegpu.local_load %sa : !tilegpu.buffer<128x64xf16, #shared, mutable> -> tensor<128x64xf16, #opA>
    %b = tilegpu.local_load %sb : !tilegpu.buffer<64x256xf16, #shared, mutable> -> tensor<64x256xf16, #opB>
    %d = tile.dot %a, %b, %acc : tensor<128x64xf16, #opA> * tensor<64x256xf16, #opB> -> tensor<128x256xf32, #mma>
    scf.yield %d : tensor<128x256xf32, #mma>
  }
  tile.return %r : tensor<128x256xf32, #mma>
}

// The same with K 32 (208 registers): split in two K steps of 16.
// CHECK-LABEL: tile.func public @register_budget_k32
// CHECK: tilegpu.local_load %{{.*}} at [0, 0] : !tilegpu.buffer<128x32xf16, #{{.*}}, mutable> -> tensor<128x16xf16
// CHECK: scf.for
// CHECK: tilegpu.local_load %{{.*}} at [0, 16] : !tilegpu.buffer<128x32xf16, #{{.*}}, mutable> -> tensor<128x16xf16
tile.func public @register_budget_k32(%n: i32) -> tensor<128x256xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant dense<0.0> : tensor<128x256xf32, #mma>
  %ra = tilegpu.local_alloc : () -> !tilegpu.buffer<2x128x32xf16, #shared, mutable>
  %rb = tilegpu.local_alloc : () -> !tilegpu.buffer<2x32x256xf16, #shared, mutable>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x256xf32, #mma>) : i32 {
    %w = tilegpu.async_wait {num = 0 : i32}
    %now = arith.remui %iv, %c2 : i32
    %sa = tilegpu.buffer_index %ra[%now] : !tilegpu.buffer<2x128x32xf16, #shared, mutable> -> !tilegpu.buffer<128x32xf16, #shared, mutable>
    %sb = tilegpu.buffer_index %rb[%now] : !tilegpu.buffer<2x32x256xf16, #shared, mutable> -> !tilegpu.buffer<32x256xf16, #shared, mutable>
    %a = tilegpu.local_load %sa : !tilegpu.buffer<128x32xf16, #shared, mutable> -> tensor<128x32xf16, #opA>
    %b = tilegpu.local_load %sb : !tilegpu.buffer<32x256xf16, #shared, mutable> -> tensor<32x256xf16, #opB>
    %d = tile.dot %a, %b, %acc : tensor<128x32xf16, #opA> * tensor<32x256xf16, #opB> -> tensor<128x256xf32, #mma>
    scf.yield %d : tensor<128x256xf32, #mma>
  }
  tile.return %r : tensor<128x256xf32, #mma>
}
}

// -----

// tf32 operands (kWidth 1): K steps of 8, three of them read in the loop;
// the stage index is the induction variable less the lower bound, which
// the first iteration's copy folds to a constant.
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#opA = #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>
#opB = #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>
#shared = #tilegpu.shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// CHECK-LABEL: tile.func public @tf32
// CHECK: tilegpu.buffer_index %{{.*}}[%c0_i32{{.*}}]
// CHECK: tilegpu.local_load %{{.*}} at [0, 0] : !tilegpu.buffer<64x32xf32, #{{.*}}, mutable> -> tensor<64x8xf32
// CHECK: scf.for
// CHECK: tilegpu.local_load %{{.*}} at [0, 8] :
// CHECK: tilegpu.local_load %{{.*}} at [8, 0] :
// CHECK: tile.dot
// CHECK: tilegpu.local_load %{{.*}} at [0, 16] :
// CHECK: tile.dot
// CHECK: tilegpu.local_load %{{.*}} at [0, 24] :
// CHECK: tile.dot
// CHECK: tilegpu.async_wait {num = 1 : i32}
// CHECK: tilegpu.local_load %{{.*}} at [0, 0] :
// CHECK: tile.dot
// CHECK-NEXT: scf.yield
tile.func public @tf32(%lb: i32, %n: i32) -> tensor<64x64xf32, #mma> {
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %ra = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64x32xf32, #shared, mutable>
  %rb = tilegpu.local_alloc : () -> !tilegpu.buffer<3x32x64xf32, #shared, mutable>
  %r = scf.for %iv = %c4 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %i = arith.subi %iv, %c4 : i32
    %now = arith.remui %i, %c3 : i32
    %sa = tilegpu.buffer_index %ra[%now] : !tilegpu.buffer<3x64x32xf32, #shared, mutable> -> !tilegpu.buffer<64x32xf32, #shared, mutable>
    %sb = tilegpu.buffer_index %rb[%now] : !tilegpu.buffer<3x32x64xf32, #shared, mutable> -> !tilegpu.buffer<32x64xf32, #shared, mutable>
    %a = tilegpu.local_load %sa : !tilegpu.buffer<64x32xf32, #shared, mutable> -> tensor<64x32xf32, #opA>
    %b = tilegpu.local_load %sb : !tilegpu.buffer<32x64xf32, #shared, mutable> -> tensor<32x64xf32, #opB>
    %d = tile.dot %a, %b, %acc, inputPrecision = tf32 : tensor<64x32xf32, #opA> * tensor<32x64xf32, #opB> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  tile.return %r : tensor<64x64xf32, #mma>
}
}

// -----

#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#opA = #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#opB = #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#sharedB = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A stage index computed through adds that each reuse the one before
// twice, 40 deep: its ops are collected once each (following every
// operand of each took time exponential in the depth), and the loop is
// split as usual.
// CHECK-LABEL: tile.func public @shared_adds
// CHECK: scf.for
// CHECK: tilegpu.local_load %{{.*}} at [0, 16]
// CHECK: tilegpu.local_load %{{.*}} at [16, 0]
tile.func public @shared_adds(%n: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %ra = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x32xf16, #shared, mutable>
  %rb = tilegpu.local_alloc : () -> !tilegpu.buffer<2x32x64xf16, #sharedB, mutable>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %w = tilegpu.async_wait {num = 0 : i32}
    %x0 = arith.addi %iv, %c1 : i32
    %x1 = arith.addi %x0, %x0 : i32
    %x2 = arith.addi %x1, %x1 : i32
    %x3 = arith.addi %x2, %x2 : i32
    %x4 = arith.addi %x3, %x3 : i32
    %x5 = arith.addi %x4, %x4 : i32
    %x6 = arith.addi %x5, %x5 : i32
    %x7 = arith.addi %x6, %x6 : i32
    %x8 = arith.addi %x7, %x7 : i32
    %x9 = arith.addi %x8, %x8 : i32
    %x10 = arith.addi %x9, %x9 : i32
    %x11 = arith.addi %x10, %x10 : i32
    %x12 = arith.addi %x11, %x11 : i32
    %x13 = arith.addi %x12, %x12 : i32
    %x14 = arith.addi %x13, %x13 : i32
    %x15 = arith.addi %x14, %x14 : i32
    %x16 = arith.addi %x15, %x15 : i32
    %x17 = arith.addi %x16, %x16 : i32
    %x18 = arith.addi %x17, %x17 : i32
    %x19 = arith.addi %x18, %x18 : i32
    %x20 = arith.addi %x19, %x19 : i32
    %x21 = arith.addi %x20, %x20 : i32
    %x22 = arith.addi %x21, %x21 : i32
    %x23 = arith.addi %x22, %x22 : i32
    %x24 = arith.addi %x23, %x23 : i32
    %x25 = arith.addi %x24, %x24 : i32
    %x26 = arith.addi %x25, %x25 : i32
    %x27 = arith.addi %x26, %x26 : i32
    %x28 = arith.addi %x27, %x27 : i32
    %x29 = arith.addi %x28, %x28 : i32
    %x30 = arith.addi %x29, %x29 : i32
    %x31 = arith.addi %x30, %x30 : i32
    %x32 = arith.addi %x31, %x31 : i32
    %x33 = arith.addi %x32, %x32 : i32
    %x34 = arith.addi %x33, %x33 : i32
    %x35 = arith.addi %x34, %x34 : i32
    %x36 = arith.addi %x35, %x35 : i32
    %x37 = arith.addi %x36, %x36 : i32
    %x38 = arith.addi %x37, %x37 : i32
    %x39 = arith.addi %x38, %x38 : i32
    %x40 = arith.addi %x39, %x39 : i32
    %now = arith.remui %x40, %c2 : i32
    %sa = tilegpu.buffer_index %ra[%now] : !tilegpu.buffer<2x64x32xf16, #shared, mutable> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
    %sb = tilegpu.buffer_index %rb[%now] : !tilegpu.buffer<2x32x64xf16, #sharedB, mutable> -> !tilegpu.buffer<32x64xf16, #sharedB, mutable>
    %a = tilegpu.local_load %sa : !tilegpu.buffer<64x32xf16, #shared, mutable> -> tensor<64x32xf16, #opA>
    %b = tilegpu.local_load %sb : !tilegpu.buffer<32x64xf16, #sharedB, mutable> -> tensor<32x64xf16, #opB>
    %d = tile.dot %a, %b, %acc : tensor<64x32xf16, #opA> * tensor<32x64xf16, #opB> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  tile.return %r : tensor<64x64xf32, #mma>
}
}

