// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -split-input-file -tile-split-copy-masks -canonicalize | FileCheck %s
// RUN: tile-opt %s -split-input-file -tile-split-copy-masks | FileCheck %s --check-prefix=RAW
// The barrier analysis follows the ring's stages from the first loop into
// the second (which starts where the first stopped; here both loops'
// bounds are constants once folded): one barrier a loop.
// RUN: tile-opt %s -split-input-file -tile-split-copy-masks -canonicalize -tile-allocate-shared-memory -tile-insert-barriers | FileCheck %s --check-prefix=BAR
// The second loop starts at a value, the larger of the first one's lower
// bound and the split point: tile-carry-divisions still carries both loops'
// divisions of the induction variable.
// RUN: tile-opt %s -split-input-file -tile-split-copy-masks -canonicalize -tile-carry-divisions | FileCheck %s --check-prefix=CARRY
// RUN: tile-opt %s -split-input-file -tile-split-copy-masks | grep -c split_short_loops | FileCheck %s --check-prefix=MARKS
// RUN: tile-opt %s -split-input-file "-tile-split-copy-masks=short-loops=false" -canonicalize | FileCheck %s --check-prefix=WHOLE

// A pipelined loop (the copy of iteration iv + 2 into a ring of three
// stages, as tile-pipeline writes it) whose copies' masks hold up to an
// iteration: the loop runs as two, the first with the checks true. With
// constant bounds the clean-up folds the split point, which the checks
// pin: the in-range check `iv + 2 < 10` holds for iv < 8, and the K check
// `(iv + 2) * 32 + [0, 63] < 200` for iv < 3 (iteration 2 reads up to
// 191, iteration 3 up to 223).

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {

// CHECK-LABEL: tile.func public @slt
// CHECK: %[[TRUE:.*]] = arith.constant dense<true> : tensor<64xi1, #blocked>
// CHECK: scf.for %{{.*}} = %c0_i32 to %c3_i32 step %c1_i32
// CHECK-NOT: arith.cmpi
// CHECK: tilegpu.async_copy_global_to_local %{{.*}}, %{{.*}} mask %[[TRUE]]
// CHECK: scf.for %{{.*}} = %c3_i32 to %c10_i32 step %c1_i32
// CHECK: arith.cmpi slt
// CHECK: tilegpu.async_copy_global_to_local
// Before the clean-up: the bound computed in 64 bits before the loop, the
// first loop up to it clamped to the loop's range, the second from there,
// its checks as they were.
// RAW-LABEL: tile.func public @slt
// RAW: arith.extsi %c0_i32 : i32 to i64
// RAW: arith.floordivsi
// RAW: %[[END:.*]] = arith.trunci %{{.*}} : i64 to i32
// RAW: %[[MIN:.*]] = arith.minsi %[[END]], %c10_i32 : i32
// RAW: %[[MID:.*]] = arith.maxsi %c0_i32, %[[MIN]] : i32
// RAW: scf.for %{{.*}} = %c0_i32 to %[[MID]] step %c1_i32
// RAW-NOT: arith.cmpi slt
// RAW: tilegpu.async_commit_group
// RAW: scf.for %{{.*}} = %[[MID]] to %c10_i32 step %c1_i32
// RAW: arith.cmpi slt
// RAW: arith.cmpi slt
// RAW: tilegpu.async_commit_group
// BAR-LABEL: tile.func public @slt
// BAR: scf.for
// BAR-NEXT: tilegpu.async_wait {num = 1 : i32}
// BAR-NOT: gpu.barrier
// BAR: gpu.barrier
// BAR-NEXT: tilegpu.async_copy_global_to_local
// BAR-NOT: gpu.barrier
// BAR: scf.for
// BAR-NEXT: tilegpu.async_wait {num = 1 : i32}
// BAR-NOT: gpu.barrier
// BAR: gpu.barrier
// BAR-NEXT: tilegpu.async_copy_global_to_local
// BAR-NOT: gpu.barrier
// BAR: tile.return
tile.func public @slt(%p: !tile.ptr<f32>, %s: i32) {
  %cm3 = arith.constant -3 : i32
  %cm2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %c32 = arith.constant 32 : i32
  %big = arith.constant 1073741824 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %range = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  scf.for %iv = %c0 to %c10 step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %in = arith.cmpi slt, %ahead, %c10 : i32
    %k0 = arith.muli %ahead, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64xi32, #blocked>
    %off = arith.addi %k0s, %range : tensor<64xi32, #blocked>
    %k = arith.constant dense<200> : tensor<64xi32, #blocked>
    %ok = arith.cmpi slt, %off, %k : tensor<64xi32, #blocked>
    %ins = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %mask = arith.andi %ok, %ins : tensor<64xi1, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %slot = arith.remui %ahead, %c3 : i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %ptrs, %buf mask %mask other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %read = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %v = tilegpu.local_load %read : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
    tile.store %ptrs, %v : tensor<64x!tile.ptr<f32>, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// `<=`: (iv + 2) * 32 + 63 <= 231 up to iv = 3.
// CHECK-LABEL: tile.func public @sle
// CHECK: %[[TRUE:.*]] = arith.constant dense<true>
// CHECK: scf.for %{{.*}} = %c0_i32 to %c4_i32 step %c1_i32
// CHECK-NOT: arith.cmpi
// CHECK: tilegpu.async_copy_global_to_local %{{.*}}, %{{.*}} mask %[[TRUE]]
// CHECK: scf.for %{{.*}} = %c4_i32 to %c10_i32 step %c1_i32
// CHECK: arith.cmpi slt
// CHECK: tilegpu.async_copy_global_to_local
tile.func public @sle(%p: !tile.ptr<f32>, %s: i32) {
  %cm3 = arith.constant -3 : i32
  %cm2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %c32 = arith.constant 32 : i32
  %big = arith.constant 1073741824 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %range = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  scf.for %iv = %c0 to %c10 step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %in = arith.cmpi slt, %ahead, %c10 : i32
    %k0 = arith.muli %ahead, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64xi32, #blocked>
    %off = arith.addi %k0s, %range : tensor<64xi32, #blocked>
    %k = arith.constant dense<231> : tensor<64xi32, #blocked>
    %ok = arith.cmpi sle, %off, %k : tensor<64xi32, #blocked>
    %ins = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %mask = arith.andi %ok, %ins : tensor<64xi1, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %slot = arith.remui %ahead, %c3 : i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %ptrs, %buf mask %mask other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %read = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %v = tilegpu.local_load %read : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
    tile.store %ptrs, %v : tensor<64x!tile.ptr<f32>, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// `>` with the bound on the left: 264 > (iv + 2) * 32 + 63 up to iv = 4.
// CHECK-LABEL: tile.func public @sgt
// CHECK: %[[TRUE:.*]] = arith.constant dense<true>
// CHECK: scf.for %{{.*}} = %c0_i32 to %c5_i32 step %c1_i32
// CHECK-NOT: arith.cmpi
// CHECK: tilegpu.async_copy_global_to_local %{{.*}}, %{{.*}} mask %[[TRUE]]
// CHECK: scf.for %{{.*}} = %c5_i32 to %c10_i32 step %c1_i32
// CHECK: arith.cmpi slt
// CHECK: tilegpu.async_copy_global_to_local
tile.func public @sgt(%p: !tile.ptr<f32>, %s: i32) {
  %cm3 = arith.constant -3 : i32
  %cm2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %c32 = arith.constant 32 : i32
  %big = arith.constant 1073741824 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %range = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  scf.for %iv = %c0 to %c10 step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %in = arith.cmpi slt, %ahead, %c10 : i32
    %k0 = arith.muli %ahead, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64xi32, #blocked>
    %off = arith.addi %k0s, %range : tensor<64xi32, #blocked>
    %k = arith.constant dense<264> : tensor<64xi32, #blocked>
    %ok = arith.cmpi sgt, %k, %off : tensor<64xi32, #blocked>
    %ins = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %mask = arith.andi %ok, %ins : tensor<64xi1, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %slot = arith.remui %ahead, %c3 : i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %ptrs, %buf mask %mask other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %read = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %v = tilegpu.local_load %read : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
    tile.store %ptrs, %v : tensor<64x!tile.ptr<f32>, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// `>=`: 327 >= (iv + 2) * 32 + 63 up to iv = 6.
// CHECK-LABEL: tile.func public @sge
// CHECK: %[[TRUE:.*]] = arith.constant dense<true>
// CHECK: scf.for %{{.*}} = %c0_i32 to %c7_i32 step %c1_i32
// CHECK-NOT: arith.cmpi
// CHECK: tilegpu.async_copy_global_to_local %{{.*}}, %{{.*}} mask %[[TRUE]]
// CHECK: scf.for %{{.*}} = %c7_i32 to %c10_i32 step %c1_i32
// CHECK: arith.cmpi slt
// CHECK: tilegpu.async_copy_global_to_local
tile.func public @sge(%p: !tile.ptr<f32>, %s: i32) {
  %cm3 = arith.constant -3 : i32
  %cm2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %c32 = arith.constant 32 : i32
  %big = arith.constant 1073741824 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %range = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  scf.for %iv = %c0 to %c10 step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %in = arith.cmpi slt, %ahead, %c10 : i32
    %k0 = arith.muli %ahead, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64xi32, #blocked>
    %off = arith.addi %k0s, %range : tensor<64xi32, #blocked>
    %k = arith.constant dense<327> : tensor<64xi32, #blocked>
    %ok = arith.cmpi sge, %k, %off : tensor<64xi32, #blocked>
    %ins = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %mask = arith.andi %ok, %ins : tensor<64xi1, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %slot = arith.remui %ahead, %c3 : i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %ptrs, %buf mask %mask other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %read = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %v = tilegpu.local_load %read : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
    tile.store %ptrs, %v : tensor<64x!tile.ptr<f32>, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// The in-range check alone (no K bound): up to iv = 7.
// CHECK-LABEL: tile.func public @in_range
// CHECK: %[[TRUE:.*]] = arith.constant dense<true>
// CHECK: scf.for %{{.*}} = %c0_i32 to %c8_i32 step %c1_i32
// CHECK-NOT: arith.cmpi
// CHECK: tilegpu.async_copy_global_to_local %{{.*}}, %{{.*}} mask %[[TRUE]]
// CHECK: scf.for %{{.*}} = %c8_i32 to %c10_i32 step %c1_i32
// CHECK: arith.cmpi slt
// CHECK: tilegpu.async_copy_global_to_local
tile.func public @in_range(%p: !tile.ptr<f32>, %s: i32) {
  %cm3 = arith.constant -3 : i32
  %cm2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %c32 = arith.constant 32 : i32
  %big = arith.constant 1073741824 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %range = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  scf.for %iv = %c0 to %c10 step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %in = arith.cmpi slt, %ahead, %c10 : i32
    %k0 = arith.muli %ahead, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64xi32, #blocked>
    %off = arith.addi %k0s, %range : tensor<64xi32, #blocked>
    %ok = arith.constant dense<true> : tensor<64xi1, #blocked>
    %ins = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %mask = arith.andi %ok, %ins : tensor<64xi1, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %slot = arith.remui %ahead, %c3 : i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %ptrs, %buf mask %mask other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %read = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %v = tilegpu.local_load %read : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
    tile.store %ptrs, %v : tensor<64x!tile.ptr<f32>, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A loop-invariant check before the loop (rows 64..127 against M), true:
// the bound is the K check's, and the first loop's mask all true.
// CHECK-LABEL: tile.func public @rows_in
// CHECK: %[[TRUE:.*]] = arith.constant dense<true>
// CHECK: scf.for %{{.*}} = %c0_i32 to %c3_i32 step %c1_i32
// CHECK-NOT: arith.cmpi
// CHECK: tilegpu.async_copy_global_to_local %{{.*}}, %{{.*}} mask %[[TRUE]]
// CHECK: scf.for %{{.*}} = %c3_i32 to %c10_i32 step %c1_i32
// CHECK: arith.cmpi slt
// CHECK: tilegpu.async_copy_global_to_local
tile.func public @rows_in(%p: !tile.ptr<f32>, %s: i32) {
  %cm3 = arith.constant -3 : i32
  %cm2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %c32 = arith.constant 32 : i32
  %big = arith.constant 1073741824 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %range = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  %c64s = arith.constant dense<64> : tensor<64xi32, #blocked>
  %rows = arith.addi %c64s, %range : tensor<64xi32, #blocked>
  %m = arith.constant dense<128> : tensor<64xi32, #blocked>
  %row_ok = arith.cmpi slt, %rows, %m : tensor<64xi32, #blocked>
  scf.for %iv = %c0 to %c10 step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %in = arith.cmpi slt, %ahead, %c10 : i32
    %k0 = arith.muli %ahead, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64xi32, #blocked>
    %off = arith.addi %k0s, %range : tensor<64xi32, #blocked>
    %k = arith.constant dense<200> : tensor<64xi32, #blocked>
    %ok = arith.cmpi slt, %off, %k : tensor<64xi32, #blocked>
    %ok_rows = arith.andi %ok, %row_ok : tensor<64xi1, #blocked>
    %ins = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %mask = arith.andi %ok_rows, %ins : tensor<64xi1, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %slot = arith.remui %ahead, %c3 : i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %ptrs, %buf mask %mask other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %read = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %v = tilegpu.local_load %read : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
    tile.store %ptrs, %v : tensor<64x!tile.ptr<f32>, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// ...false on some rows (M = 100): the split point is the loop's start, and
// the empty first loop folds away.
// CHECK-LABEL: tile.func public @rows_out
// CHECK: scf.for %{{.*}} = %c0_i32 to %c10_i32 step %c1_i32
// CHECK-NOT: scf.for
// CHECK: tile.return
tile.func public @rows_out(%p: !tile.ptr<f32>, %s: i32) {
  %cm3 = arith.constant -3 : i32
  %cm2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %c32 = arith.constant 32 : i32
  %big = arith.constant 1073741824 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %range = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  %c64s = arith.constant dense<64> : tensor<64xi32, #blocked>
  %rows = arith.addi %c64s, %range : tensor<64xi32, #blocked>
  %m = arith.constant dense<100> : tensor<64xi32, #blocked>
  %row_ok = arith.cmpi slt, %rows, %m : tensor<64xi32, #blocked>
  scf.for %iv = %c0 to %c10 step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %in = arith.cmpi slt, %ahead, %c10 : i32
    %k0 = arith.muli %ahead, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64xi32, #blocked>
    %off = arith.addi %k0s, %range : tensor<64xi32, #blocked>
    %k = arith.constant dense<200> : tensor<64xi32, #blocked>
    %ok = arith.cmpi slt, %off, %k : tensor<64xi32, #blocked>
    %ok_rows = arith.andi %ok, %row_ok : tensor<64xi1, #blocked>
    %ins = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %mask = arith.andi %ok_rows, %ins : tensor<64xi1, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %slot = arith.remui %ahead, %c3 : i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %ptrs, %buf mask %mask other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %read = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %v = tilegpu.local_load %read : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
    tile.store %ptrs, %v : tensor<64x!tile.ptr<f32>, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A check on a 32-bit product, iv * 2^30 < 5: from iv = -2 it never wraps
// up to where it fails (iv = 1).
// CHECK-LABEL: tile.func public @exact
// CHECK: scf.for %{{.*}} = %c-2_i32 to %c1_i32 step %c1_i32
// CHECK: scf.for %{{.*}} = %c1_i32 to %c10_i32 step %c1_i32
tile.func public @exact(%p: !tile.ptr<f32>, %s: i32) {
  %cm3 = arith.constant -3 : i32
  %cm2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %c32 = arith.constant 32 : i32
  %big = arith.constant 1073741824 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %range = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  scf.for %iv = %cm2 to %c10 step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %in = arith.cmpi slt, %ahead, %c10 : i32
    %k0 = arith.muli %ahead, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64xi32, #blocked>
    %off = arith.addi %k0s, %range : tensor<64xi32, #blocked>
    %x = arith.muli %iv, %big : i32
    %small = arith.cmpi slt, %x, %c5 : i32
    %ok = tile.splat %small : i1 -> tensor<64xi1, #blocked>
    %ins = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %mask = arith.andi %ok, %ins : tensor<64xi1, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %slot = arith.remui %ahead, %c3 : i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %ptrs, %buf mask %mask other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %read = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %v = tilegpu.local_load %read : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
    tile.store %ptrs, %v : tensor<64x!tile.ptr<f32>, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// From iv = -3 the product wraps (-3 * 2^30 is 2^30 in 32 bits, and the
// check false there): the split point is the loop's start.
// CHECK-LABEL: tile.func public @wraps
// CHECK: scf.for %{{.*}} = %c-3_i32 to %c10_i32 step %c1_i32
// CHECK-NOT: scf.for
// CHECK: tile.return
tile.func public @wraps(%p: !tile.ptr<f32>, %s: i32) {
  %cm3 = arith.constant -3 : i32
  %cm2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %c32 = arith.constant 32 : i32
  %big = arith.constant 1073741824 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %range = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  scf.for %iv = %cm3 to %c10 step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %in = arith.cmpi slt, %ahead, %c10 : i32
    %k0 = arith.muli %ahead, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64xi32, #blocked>
    %off = arith.addi %k0s, %range : tensor<64xi32, #blocked>
    %x = arith.muli %iv, %big : i32
    %small = arith.cmpi slt, %x, %c5 : i32
    %ok = tile.splat %small : i1 -> tensor<64xi1, #blocked>
    %ins = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %mask = arith.andi %ok, %ins : tensor<64xi1, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %slot = arith.remui %ahead, %c3 : i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %ptrs, %buf mask %mask other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %read = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %v = tilegpu.local_load %read : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
    tile.store %ptrs, %v : tensor<64x!tile.ptr<f32>, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Triton's form of the K check, `ks < K - k0`: the same bound as @slt.
// CHECK-LABEL: tile.func public @minus
// CHECK: %[[TRUE:.*]] = arith.constant dense<true>
// CHECK: scf.for %{{.*}} = %c0_i32 to %c3_i32 step %c1_i32
// CHECK-NOT: arith.cmpi
// CHECK: tilegpu.async_copy_global_to_local %{{.*}}, %{{.*}} mask %[[TRUE]]
// CHECK: scf.for %{{.*}} = %c3_i32 to %c10_i32 step %c1_i32
// CHECK: arith.cmpi slt
// CHECK: tilegpu.async_copy_global_to_local
tile.func public @minus(%p: !tile.ptr<f32>, %s: i32) {
  %cm3 = arith.constant -3 : i32
  %cm2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %c32 = arith.constant 32 : i32
  %big = arith.constant 1073741824 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %range = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  scf.for %iv = %c0 to %c10 step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %in = arith.cmpi slt, %ahead, %c10 : i32
    %k0 = arith.muli %ahead, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64xi32, #blocked>
    %off = arith.addi %k0s, %range : tensor<64xi32, #blocked>
    %k = arith.constant 200 : i32
    %left = arith.subi %k, %k0 : i32
    %lefts = tile.splat %left : i32 -> tensor<64xi32, #blocked>
    %ok = arith.cmpi slt, %range, %lefts : tensor<64xi32, #blocked>
    %ins = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %mask = arith.andi %ok, %ins : tensor<64xi1, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %slot = arith.remui %ahead, %c3 : i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %ptrs, %buf mask %mask other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %read = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %v = tilegpu.local_load %read : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
    tile.store %ptrs, %v : tensor<64x!tile.ptr<f32>, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// ...with K - k0 as K + (iv + 2) * -32.
// CHECK-LABEL: tile.func public @negative_step
// CHECK: %[[TRUE:.*]] = arith.constant dense<true>
// CHECK: scf.for %{{.*}} = %c0_i32 to %c3_i32 step %c1_i32
// CHECK-NOT: arith.cmpi
// CHECK: tilegpu.async_copy_global_to_local %{{.*}}, %{{.*}} mask %[[TRUE]]
// CHECK: scf.for %{{.*}} = %c3_i32 to %c10_i32 step %c1_i32
// CHECK: arith.cmpi slt
// CHECK: tilegpu.async_copy_global_to_local
tile.func public @negative_step(%p: !tile.ptr<f32>, %s: i32) {
  %cm3 = arith.constant -3 : i32
  %cm2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %c32 = arith.constant 32 : i32
  %big = arith.constant 1073741824 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %range = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  scf.for %iv = %c0 to %c10 step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %in = arith.cmpi slt, %ahead, %c10 : i32
    %k0 = arith.muli %ahead, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64xi32, #blocked>
    %off = arith.addi %k0s, %range : tensor<64xi32, #blocked>
    %cm32 = arith.constant -32 : i32
    %down = arith.muli %ahead, %cm32 : i32
    %k = arith.constant 200 : i32
    %left = arith.addi %k, %down : i32
    %lefts = tile.splat %left : i32 -> tensor<64xi32, #blocked>
    %ok = arith.cmpi slt, %range, %lefts : tensor<64xi32, #blocked>
    %ins = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %mask = arith.andi %ok, %ins : tensor<64xi1, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %slot = arith.remui %ahead, %c3 : i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %ptrs, %buf mask %mask other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %read = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %v = tilegpu.local_load %read : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
    tile.store %ptrs, %v : tensor<64x!tile.ptr<f32>, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A run-time K: the bound is computed before the loop, from K sign-extended.
// CHECK-LABEL: tile.func public @runtime
// CHECK: arith.extsi %{{.*}} : i32 to i64
// CHECK: arith.floordivsi
// CHECK: %[[MID:.*]] = arith.maxsi %{{.*}} : i32
// CHECK: scf.for %{{.*}} = %c0_i32 to %[[MID]] step %c1_i32
// CHECK-NOT: arith.cmpi
// CHECK: tilegpu.async_copy_global_to_local
// CHECK: scf.for %{{.*}} = %[[MID]] to %c10_i32 step %c1_i32
// CHECK: arith.cmpi slt
// CHECK: tilegpu.async_copy_global_to_local
tile.func public @runtime(%p: !tile.ptr<f32>, %s: i32) {
  %cm3 = arith.constant -3 : i32
  %cm2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %c32 = arith.constant 32 : i32
  %big = arith.constant 1073741824 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %range = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  scf.for %iv = %c0 to %c10 step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %in = arith.cmpi slt, %ahead, %c10 : i32
    %k0 = arith.muli %ahead, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64xi32, #blocked>
    %off = arith.addi %k0s, %range : tensor<64xi32, #blocked>
    %ks = tile.splat %s : i32 -> tensor<64xi32, #blocked>
    %ok = arith.cmpi slt, %off, %ks : tensor<64xi32, #blocked>
    %ins = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %mask = arith.andi %ok, %ins : tensor<64xi1, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %slot = arith.remui %ahead, %c3 : i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %ptrs, %buf mask %mask other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %read = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %v = tilegpu.local_load %read : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
    tile.store %ptrs, %v : tensor<64x!tile.ptr<f32>, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Loop-carried values: the second loop starts from the first one's results.
// CHECK-LABEL: tile.func public @carried
// CHECK: %[[FIRST:.*]] = scf.for %{{.*}} = %c0_i32 to %c8_i32 step %c1_i32 iter_args(%{{.*}} = %cst{{.*}}) -> (tensor<64xf32, #blocked>)
// CHECK: %[[SECOND:.*]] = scf.for %{{.*}} = %c8_i32 to %c10_i32 step %c1_i32 iter_args(%{{.*}} = %[[FIRST]]) -> (tensor<64xf32, #blocked>)
// CHECK: tile.return %[[SECOND]]
tile.func public @carried(%p: !tile.ptr<f32>) -> tensor<64xf32, #blocked> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c10 = arith.constant 10 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  %r = scf.for %iv = %c0 to %c10 step %c1 iter_args(%acc = %zero) -> (tensor<64xf32, #blocked>) : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %in = arith.cmpi slt, %ahead, %c10 : i32
    %mask = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %slot = arith.remui %ahead, %c3 : i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %base, %buf mask %mask other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %read = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %v = tilegpu.local_load %read : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
    %sum = arith.addf %acc, %v : tensor<64xf32, #blocked>
    scf.yield %sum : tensor<64xf32, #blocked>
  }
  tile.return %r : tensor<64xf32, #blocked>
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Left alone: a loop over an index (the pass reads only 32-bit induction
// variables).
// CHECK-LABEL: tile.func public @index_loop
// CHECK: scf.for
// CHECK-NOT: scf.for
// CHECK: tile.return
tile.func public @index_loop(%p: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  scf.for %iv = %c0 to %c10 step %c1 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : index
    %in = arith.cmpi slt, %ahead, %c10 : index
    %mask = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %rem = arith.remui %ahead, %c3 : index
    %slot = arith.index_cast %rem : index to i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %base, %buf mask %mask other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Left alone: a check that only becomes true as the loop goes on.
// CHECK-LABEL: tile.func public @rising
// CHECK: scf.for
// CHECK-NOT: scf.for
// CHECK: tile.return
tile.func public @rising(%p: !tile.ptr<f32>, %s: i32) {
  %cm3 = arith.constant -3 : i32
  %cm2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %c32 = arith.constant 32 : i32
  %big = arith.constant 1073741824 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %range = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  scf.for %iv = %c0 to %c10 step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %in = arith.cmpi slt, %ahead, %c10 : i32
    %k0 = arith.muli %ahead, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64xi32, #blocked>
    %off = arith.addi %k0s, %range : tensor<64xi32, #blocked>
    %k = arith.constant dense<200> : tensor<64xi32, #blocked>
    %ok = arith.cmpi sge, %off, %k : tensor<64xi32, #blocked>
    %ins = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %mask = arith.andi %ok, %ok : tensor<64xi1, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %slot = arith.remui %ahead, %c3 : i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %ptrs, %buf mask %mask other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %read = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %v = tilegpu.local_load %read : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
    tile.store %ptrs, %v : tensor<64x!tile.ptr<f32>, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// ...an unsigned compare.
// CHECK-LABEL: tile.func public @unsigned
// CHECK: scf.for
// CHECK-NOT: scf.for
// CHECK: tile.return
tile.func public @unsigned(%p: !tile.ptr<f32>, %s: i32) {
  %cm3 = arith.constant -3 : i32
  %cm2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %c32 = arith.constant 32 : i32
  %big = arith.constant 1073741824 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %range = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  scf.for %iv = %c0 to %c10 step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %in = arith.cmpi slt, %ahead, %c10 : i32
    %k0 = arith.muli %ahead, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64xi32, #blocked>
    %off = arith.addi %k0s, %range : tensor<64xi32, #blocked>
    %k = arith.constant dense<200> : tensor<64xi32, #blocked>
    %ok = arith.cmpi ult, %off, %k : tensor<64xi32, #blocked>
    %ins = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %mask = arith.andi %ok, %ok : tensor<64xi1, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %slot = arith.remui %ahead, %c3 : i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %ptrs, %buf mask %mask other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %read = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %v = tilegpu.local_load %read : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
    tile.store %ptrs, %v : tensor<64x!tile.ptr<f32>, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// ...a K step of a run-time size (not a constant multiple of iv).
// CHECK-LABEL: tile.func public @not_a_ramp
// CHECK: scf.for
// CHECK-NOT: scf.for
// CHECK: tile.return
tile.func public @not_a_ramp(%p: !tile.ptr<f32>, %s: i32) {
  %cm3 = arith.constant -3 : i32
  %cm2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %c32 = arith.constant 32 : i32
  %big = arith.constant 1073741824 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %range = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  scf.for %iv = %c0 to %c10 step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %in = arith.cmpi slt, %ahead, %c10 : i32
    %k0 = arith.muli %ahead, %s : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64xi32, #blocked>
    %off = arith.addi %k0s, %range : tensor<64xi32, #blocked>
    %k = arith.constant dense<200> : tensor<64xi32, #blocked>
    %ok = arith.cmpi slt, %off, %k : tensor<64xi32, #blocked>
    %ins = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %mask = arith.andi %ok, %ok : tensor<64xi1, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %slot = arith.remui %ahead, %c3 : i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %ptrs, %buf mask %mask other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %read = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %v = tilegpu.local_load %read : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
    tile.store %ptrs, %v : tensor<64x!tile.ptr<f32>, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// ...a loop of step 2.
// CHECK-LABEL: tile.func public @step_two
// CHECK: scf.for
// CHECK-NOT: scf.for
// CHECK: tile.return
tile.func public @step_two(%p: !tile.ptr<f32>, %s: i32) {
  %cm3 = arith.constant -3 : i32
  %cm2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %c32 = arith.constant 32 : i32
  %big = arith.constant 1073741824 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %range = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  scf.for %iv = %c0 to %c10 step %c2 : i32 {
    %w = tilegpu.async_wait {num = 0 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %in = arith.cmpi slt, %ahead, %c10 : i32
    %k0 = arith.muli %ahead, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64xi32, #blocked>
    %off = arith.addi %k0s, %range : tensor<64xi32, #blocked>
    %k = arith.constant dense<200> : tensor<64xi32, #blocked>
    %ok = arith.cmpi slt, %off, %k : tensor<64xi32, #blocked>
    %ins = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %mask = arith.andi %ok, %ins : tensor<64xi1, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %slot = arith.remui %ahead, %c3 : i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %ptrs, %buf mask %mask other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %read = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %v = tilegpu.local_load %read : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
    tile.store %ptrs, %v : tensor<64x!tile.ptr<f32>, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// ...masks that feed no asynchronous copy.
// CHECK-LABEL: tile.func public @no_copy
// CHECK: scf.for
// CHECK-NOT: scf.for
// CHECK: tile.return
tile.func public @no_copy(%p: !tile.ptr<f32>, %s: i32) {
  %cm3 = arith.constant -3 : i32
  %cm2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %c32 = arith.constant 32 : i32
  %big = arith.constant 1073741824 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %range = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  scf.for %iv = %c0 to %c10 step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %in = arith.cmpi slt, %ahead, %c10 : i32
    %k0 = arith.muli %ahead, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64xi32, #blocked>
    %off = arith.addi %k0s, %range : tensor<64xi32, #blocked>
    %k = arith.constant dense<200> : tensor<64xi32, #blocked>
    %ok = arith.cmpi slt, %off, %k : tensor<64xi32, #blocked>
    %ins = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %mask = arith.andi %ok, %ins : tensor<64xi1, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %x = tile.load %ptrs, %mask, %zero : tensor<64x!tile.ptr<f32>, #blocked>
    %buf = tilegpu.local_alloc %x : (tensor<64xf32, #blocked>) -> !tilegpu.buffer<64xf32, #shared>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A run-time K and a run-time divisor of the induction variable (as a
// flattened persistent loop finds its block): after the split, each loop
// carries its quotient, the second from the split point's.
// CARRY-LABEL: tile.func public @runtime_divisor
// CARRY-SAME: %[[D:[^:]*]]: i32)
// CARRY: %[[MID:.*]] = arith.maxsi %{{.*}} : i32
// CARRY: scf.for %{{.*}} = %c0_i32 to %[[MID]] step %c1_i32 iter_args(
// CARRY-NOT: arith.divui
// CARRY: scf.yield
// CARRY: %[[Q0:.*]] = arith.divui %[[MID]], %{{.*}} : i32
// CARRY: scf.for %{{.*}} = %[[MID]] to %c10_i32 step %c1_i32 iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %[[Q0]])
// CARRY-NOT: arith.divui
// CARRY: tile.return
tile.func public @runtime_divisor(%p: !tile.ptr<f32>, %s: i32, %d: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c10 = arith.constant 10 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %range = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64xf32, #shared, mutable>
  scf.for %iv = %c0 to %c10 step %c1 : i32 {
    %w = tilegpu.async_wait {num = 1 : i32}
    %ahead = arith.addi %iv, %c2 : i32
    %in = arith.cmpi slt, %ahead, %c10 : i32
    %k0 = arith.muli %ahead, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64xi32, #blocked>
    %off = arith.addi %k0s, %range : tensor<64xi32, #blocked>
    %ks = tile.splat %s : i32 -> tensor<64xi32, #blocked>
    %ok = arith.cmpi slt, %off, %ks : tensor<64xi32, #blocked>
    %ins = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %mask = arith.andi %ok, %ins : tensor<64xi1, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %slot = arith.remui %ahead, %c3 : i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %ptrs, %buf mask %mask other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c3 : i32
    %read = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<3x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %v = tilegpu.local_load %read : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
    %q = arith.divui %iv, %d : i32
    %qs = tile.splat %q : i32 -> tensor<64xi32, #blocked>
    %out = tile.addptr %base, %qs : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    tile.store %out, %v : tensor<64x!tile.ptr<f32>, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A loop of two iterations (two stages, copying iteration iv + 1): split,
// each part runs one (the clean-up leaves straight-line code), and the
// module says so for the compiler, which may lower it again with the loop
// whole (tile::compileCubin); with short-loops=false the loop stays whole
// and the module unmarked. Only this module of the file is marked.
// MARKS: {{^}}1{{$}}
// CHECK-LABEL: module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.split_short_loops}
// CHECK-NEXT: tile.func public @two_iterations
// CHECK: %[[FALSE:.*]] = arith.constant dense<false>
// CHECK: %[[TRUE:.*]] = arith.constant dense<true>
// CHECK-NOT: scf.for
// CHECK: tilegpu.async_copy_global_to_local %{{.*}}, %{{.*}} mask %[[TRUE]]
// CHECK: tilegpu.async_copy_global_to_local %{{.*}}, %{{.*}} mask %[[FALSE]]
// CHECK: tile.return
// WHOLE-NOT: tilegpu.split_short_loops
// WHOLE-LABEL: tile.func public @two_iterations
// WHOLE: scf.for %{{.*}} = %c0_i32 to %c2_i32 step %c1_i32
// WHOLE-NOT: scf.for
// WHOLE: tile.return
tile.func public @two_iterations(%p: !tile.ptr<f32>, %s: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %range = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64xf32, #shared, mutable>
  scf.for %iv = %c0 to %c2 step %c1 : i32 {
    %w = tilegpu.async_wait {num = 0 : i32}
    %ahead = arith.addi %iv, %c1 : i32
    %in = arith.cmpi slt, %ahead, %c2 : i32
    %k0 = arith.muli %ahead, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64xi32, #blocked>
    %off = arith.addi %k0s, %range : tensor<64xi32, #blocked>
    %ins = tile.splat %in : i1 -> tensor<64xi1, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x!tile.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %slot = arith.remui %ahead, %c2 : i32
    %buf = tilegpu.buffer_index %ring[%slot] : !tilegpu.buffer<2x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %t = tilegpu.async_copy_global_to_local %ptrs, %buf mask %ins other %zero : tensor<64x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %g = tilegpu.async_commit_group tokens %t
    %now = arith.remui %iv, %c2 : i32
    %read = tilegpu.buffer_index %ring[%now] : !tilegpu.buffer<2x64xf32, #shared, mutable> -> !tilegpu.buffer<64xf32, #shared, mutable>
    %v = tilegpu.local_load %read : !tilegpu.buffer<64xf32, #shared, mutable> -> tensor<64xf32, #blocked>
    tile.store %ptrs, %v : tensor<64x!tile.ptr<f32>, #blocked>
  }
  tile.return
}
}
