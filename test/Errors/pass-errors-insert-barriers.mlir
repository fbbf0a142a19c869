// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Shared-memory reads that tile-insert-barriers cannot make safe: an
// asynchronous copy may still be writing the bytes. Each is a located error.
// RUN: tile-opt %s -split-input-file -tile-insert-barriers -verify-diagnostics

// async_wait {num = 1} leaves the most recent group, the only one, pending.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @wait_keeps_group(%p: tensor<256x!tile.ptr<f32>, #blocked>) {
    %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %p, %a : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %w = tilegpu.async_wait %g {num = 1 : i32}
    // expected-error @below {{reads shared memory [0, 1024) that an asynchronous copy may still be writing: wait for it first (tilegpu.async_wait, or tilenv.wait_barrier for TMA)}}
    %x = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
    tile.return
  }
}

// -----

// A wait covers committed groups only: an uncommitted copy stays pending.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @wait_without_commit(%p: tensor<256x!tile.ptr<f32>, #blocked>) {
    %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %p, %a : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
    %w = tilegpu.async_wait {num = 0 : i32}
    // expected-error @below {{reads shared memory [0, 1024) that an asynchronous copy may still be writing}}
    %x = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
    tile.return
  }
}

// -----

// With two groups and {num = 1}, the older buffer is ready, the newer is not.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @newer_group_pending(%p: tensor<256x!tile.ptr<f32>, #blocked>) {
    %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
    %b = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
    %t0 = tilegpu.async_copy_global_to_local %p, %a : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
    %g0 = tilegpu.async_commit_group tokens %t0
    %t1 = tilegpu.async_copy_global_to_local %p, %b : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
    %g1 = tilegpu.async_commit_group tokens %t1
    %w = tilegpu.async_wait %g1 {num = 1 : i32}
    %x = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
    // expected-error @below {{reads shared memory [1024, 2048) that an asynchronous copy may still be writing}}
    %y = tilegpu.local_load %b : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
    tile.return
  }
}

// -----

// A copy issued at the end of one iteration is read at the start of the
// next, before the wait that would cover it.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @next_iteration(%p: tensor<256x!tile.ptr<f32>, #blocked>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @below {{reads shared memory [0, 1024) that an asynchronous copy may still be writing}}
      %x = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
      %t = tilegpu.async_copy_global_to_local %p, %a : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
      %g = tilegpu.async_commit_group tokens %t
      %w = tilegpu.async_wait %g {num = 1 : i32}
    }
    tile.return
  }
}

// -----

// A copy on one branch of an scf.if is still pending after it.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @copy_in_branch(%p: tensor<256x!tile.ptr<f32>, #blocked>, %c: i1) {
    %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
    scf.if %c {
      %t = tilegpu.async_copy_global_to_local %p, %a : tensor<256x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
      %g = tilegpu.async_commit_group tokens %t
    }
    // expected-error @below {{reads shared memory [0, 1024) that an asynchronous copy may still be writing}}
    %x = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
    tile.return
  }
}

// -----

// The barrier analysis needs the allocation, which recursion prevents.
module attributes {"tilegpu.num-warps" = 4 : i32} {
  // expected-error @below {{is recursive: its shared memory cannot be allocated}}
  tile.func private @self_recursive(%x: f32) {
    tile.call @self_recursive(%x) : (f32) -> ()
    tile.return
  }
}
