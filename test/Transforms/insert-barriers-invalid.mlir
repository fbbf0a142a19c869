// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -split-input-file -tile-insert-barriers -verify-diagnostics

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @unwaited(%p: tensor<256x!tile.ptr<f32>, #blocked>) {
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  %t = tilegpu.async_copy_global_to_local %p, %a : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  // expected-error @below {{reads shared memory [0, 1024) that an asynchronous copy may still be writing}}
  %x = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A pipelined loop run as two (the copies of iteration iv + 2 into a ring
// of three stages), split at a point not known to be past the first loop's
// start: had the first loop not run, the second would not start where it
// stopped, so the stages it reads are not known apart from those in
// flight (tile-split-copy-masks splits at max(lb, x)).
tile.func public @split_unknown(%p: tensor<64x!tile.ptr<f32>, #blocked>, %mid: i32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  %s0 = tilegpu.buffer_index %ring[%c0] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
  %t0 = tilegpu.async_copy_global_to_local %p, %s0 : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
  %g0 = tilegpu.async_commit_group tokens %t0
  %s1 = tilegpu.buffer_index %ring[%c1] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
  %t1 = tilegpu.async_copy_global_to_local %p, %s1 : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
  %g1 = tilegpu.async_commit_group tokens %t1
  scf.for %iv = %c0 to %mid step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %next = arith.addi %iv, %c2 : i32
    %slot = arith.remui %next, %c3 : i32
    %s = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %p, %s : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %r = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %x = tilegpu.local_load %r : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
  }
  scf.for %iv = %mid to %n step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %next = arith.addi %iv, %c2 : i32
    %slot = arith.remui %next, %c3 : i32
    %s = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %p, %s : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %r = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    // expected-error @below {{reads shared memory [0, 768) that an asynchronous copy may still be writing}}
    %x = tilegpu.local_load %r : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
  }
  tile.return
}
}
