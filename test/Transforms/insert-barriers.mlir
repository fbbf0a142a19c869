// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -tile-insert-barriers -split-input-file | FileCheck %s
// Running it again adds nothing: existing barriers count.
// RUN: tile-opt %s -tile-insert-barriers -split-input-file | tile-opt -tile-insert-barriers -split-input-file | FileCheck %s

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-LABEL: tile.func public @store_then_load
// CHECK: tilegpu.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tilegpu.local_load
// CHECK-NEXT: tilegpu.local_load
// CHECK-NEXT: tile.return
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @store_then_load(%t: tensor<256xf32, #blocked>) {
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  tilegpu.local_store %t, %a : tensor<256xf32, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %x = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  %y = tilegpu.local_load %a : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// Double buffering in a loop: one barrier before the read, one before the
// write, none elsewhere.
// CHECK-LABEL: tile.func public @double_buffer
// CHECK: scf.for
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tilegpu.local_load
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tilegpu.local_store
// CHECK-NEXT: scf.yield
// CHECK-NOT: gpu.barrier
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @double_buffer(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  %x, %y = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %a, %next = %b) -> (!tilegpu.buffer<256xf32, #shared, mutable>, !tilegpu.buffer<256xf32, #shared, mutable>) : i32 {
    %v = tilegpu.local_load %cur : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
    tilegpu.local_store %v, %next : tensor<256xf32, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
    scf.yield %next, %cur : !tilegpu.buffer<256xf32, #shared, mutable>, !tilegpu.buffer<256xf32, #shared, mutable>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// Buffers that never share memory need no barrier at all.
// CHECK-LABEL: tile.func public @disjoint
// CHECK-NOT: gpu.barrier
// CHECK: tile.return
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @disjoint(%t: tensor<256xf32, #blocked>) {
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  tilegpu.local_store %t, %a : tensor<256xf32, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  tilegpu.local_store %t, %b : tensor<256xf32, #blocked> -> !tilegpu.buffer<256xf32, #shared, mutable>
  tile.return
}
}

// -----

// Stores per warpgroup in a loop order their own runs (two slots of 64
// columns, four of 32): no barrier in the loop. After the wait, their
// threads' writes and their copies' reads are pending like any other: a
// barrier before a load of the slots (and one before the store after it),
// and before a store per warpgroup whose buffer was just written.
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#b3 = #tilegpu.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [1, 8, 4], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
// CHECK-LABEL: tile.func public @warpgroup_stores
// CHECK: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: tilenv.warpgroup_tma_store
// CHECK-NOT: gpu.barrier
// CHECK: tilenv.warpgroup_tma_store
// CHECK-NOT: gpu.barrier
// CHECK: tilenv.async_tma_store_wait
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tilegpu.local_load
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tilegpu.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tilenv.warpgroup_tma_store
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
tile.func public @warpgroup_stores(%d: !tile.tensordesc<64x128xf16>, %e: !tile.tensordesc<64x128xf16>, %i: i32, %n: i32, %v: tensor<64x128xf16, #mma>, %w: tensor<2x64x64xf16, #b3>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x64xf16, #nvmma, mutable>
  %buf4 = tilegpu.local_alloc : () -> !tilegpu.buffer<4x64x32xf16, #nvmma64, mutable>
  scf.for %k = %c0 to %n step %c1 : i32 {
    tilenv.warpgroup_tma_store %d[%i, %k], %v, %buf : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #mma>, !tilegpu.buffer<2x64x64xf16, #nvmma, mutable>
    tilenv.warpgroup_tma_store %e[%i, %k], %v, %buf4 : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #mma>, !tilegpu.buffer<4x64x32xf16, #nvmma64, mutable>
  }
  tilenv.async_tma_store_wait {pendings = 0 : i32}
  %x = tilegpu.local_load %buf : !tilegpu.buffer<2x64x64xf16, #nvmma, mutable> -> tensor<2x64x64xf16, #b3>
  tilegpu.local_store %w, %buf : tensor<2x64x64xf16, #b3> -> !tilegpu.buffer<2x64x64xf16, #nvmma, mutable>
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #mma>, !tilegpu.buffer<2x64x64xf16, #nvmma, mutable>
  tilenv.async_tma_store_wait {pendings = 0 : i32}
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A pipelined loop run as two (the copies of iteration iv + 2 into a ring
// of three stages), split at max(lb, x), as tile-split-copy-masks does: the
// second loop starts where the first stopped, or at lb if it did not run,
// so its stages follow on from the first's and the analysis proves the
// reads race-free with one barrier a loop (before the copy that refills
// the stage the other warps read last).
// CHECK-LABEL: tile.func public @split_at_max
// CHECK: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: gpu.barrier
// CHECK-NEXT: tilegpu.async_copy_global_to_local
// CHECK-NOT: gpu.barrier
// CHECK: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: gpu.barrier
// CHECK-NEXT: tilegpu.async_copy_global_to_local
// CHECK-NOT: gpu.barrier
// CHECK: tile.return
tile.func public @split_at_max(%p: tensor<64x!tile.ptr<f32>, #blocked>, %from: i32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %mid = arith.maxsi %c0, %from : i32
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
    %x = tilegpu.local_load %r : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
  }
  tile.return
}
}
