// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -split-input-file -tile-schedule-loops -tile-pipeline | FileCheck %s
// RUN: tile-opt %s -split-input-file -tile-schedule-loops=num-stages=2 -tile-pipeline | FileCheck %s --check-prefix=TWO
// RUN: tile-opt %s -split-input-file -tile-schedule-loops=num-stages=1 -tile-pipeline | FileCheck %s --check-prefix=NONE
// The pipelined loop passes the barrier analysis with one barrier per
// iteration.
// RUN: tile-opt %s -split-input-file -tile-schedule-loops -tile-pipeline -canonicalize -cse -tile-allocate-shared-memory -tile-insert-barriers | FileCheck %s --check-prefix=BAR
// tile-schedule-loops' decisions, as tile-pipeline reads them; tile-pipeline
// alone expands nothing else.
// RUN: tile-opt %s -split-input-file -tile-schedule-loops | FileCheck %s --check-prefix=SCHED
// RUN: tile-opt %s -split-input-file -tile-pipeline | FileCheck %s --check-prefix=UNSCHEDULED
// SCHED-LABEL: tile.func public @staged(
// SCHED: tile.load {{.*}} {tilegpu.staged}
// SCHED: } {tilegpu.num_stages = 3 : i32}
// SCHED-LABEL: tile.func public @synchronous(
// SCHED-NOT: tilegpu.staged
// SCHED-LABEL: tile.func public @not_pipelined(
// SCHED-NOT: tilegpu.staged
// SCHED-LABEL: tile.func public @carried(
// SCHED: } {tilegpu.num_stages = 3 : i32}
// A step of 64 is first rewritten to count by 1.
// SCHED-LABEL: tile.func public @step_64(
// SCHED: scf.for %{{.*}} = %c0_i32 to %{{.*}} step %c1_i32
// SCHED: tile.load {{.*}} {tilegpu.staged}
// SCHED-LABEL: tile.func public @wgmma_staged(
// SCHED-COUNT-2: tile.load {{.*}} {tilegpu.staged}
// SCHED: tilenv.warpgroup_dot {{.*}} {tilenv.async_dot = "carried"}
// The reset is carried as a flag before the dot is scheduled.
// SCHED-LABEL: tile.func public @reset(
// SCHED: tilenv.warpgroup_dot {{.*}} accumulate if %{{.*}} {tilenv.async_dot = "carried"}
// SCHED-LABEL: tile.func public @reset_to_ones(
// SCHED-NOT: tilenv.async_dot
// SCHED-LABEL: tile.func public @read_acc(
// SCHED-NOT: tilenv.async_dot
// SCHED-LABEL: tile.func public @deferred(
// SCHED: tilenv.warpgroup_dot {{.*}} {tilenv.async_dot = "deferred"}
// SCHED-NEXT: scf.yield
// SCHED-NEXT: } {tilegpu.num_stages = 3 : i32}
// Its copies go last where the tensors live after the first dot crowd the
// registers.
// SCHED-LABEL: tile.func public @deferred_crowded(
// SCHED: tilenv.warpgroup_dot {{.*}} {tilenv.async_dot = "deferred"}
// SCHED-NEXT: scf.yield
// SCHED-NEXT: } {tilegpu.issue_last, tilegpu.num_stages = 3 : i32}
// SCHED-LABEL: tile.func public @tma_staged(
// SCHED-COUNT-2: tile.descriptor_load {{.*}} {tilegpu.staged}
// SCHED: tilenv.warpgroup_dot {{.*}} {tilenv.async_dot = "carried"}
// UNSCHEDULED-NOT: tilegpu.async_copy_global_to_local
// UNSCHEDULED-NOT: tilenv.async_tma_copy

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A block of 64x32 f16 staged through shared memory each iteration, its
// pointers from the induction variable, masked past %k columns (16-byte
// pieces: %p and %k are multiples of 16 elements).
// CHECK-LABEL: tile.func public @staged
// CHECK: %[[RING:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64x32xf16, #shared, mutable>
// Iterations 0 and 1 before the loop, masked off if the loop is shorter.
// CHECK: %[[IN0:.*]] = arith.cmpi slt, %c0_i32{{.*}}, %[[N:.*]] : i32
// CHECK: %[[M0:.*]] = tile.splat %[[IN0]] : i1 -> tensor<64x32xi1, #blocked>
// CHECK: %[[MASK0:.*]] = arith.andi %{{.*}}, %[[M0]]
// CHECK: %[[S0:.*]] = tilegpu.buffer_index %[[RING]][%c0_i32{{.*}}]
// CHECK: tilegpu.async_copy_global_to_local %{{.*}}, %[[S0]] mask %[[MASK0]] other %{{.*}} cacheModifier = cg
// CHECK: tilegpu.async_commit_group
// CHECK: arith.cmpi slt, %c1_i32{{.*}}, %[[N]] : i32
// CHECK: tilegpu.buffer_index %[[RING]][%c1_i32{{.*}}]
// CHECK: tilegpu.async_copy_global_to_local
// CHECK: tilegpu.async_commit_group
// CHECK: scf.for %[[IV:.*]] = %c0_i32 to %[[N]]
// Each iteration: its own group has landed; copy iteration iv + 2.
// CHECK-NEXT: tilegpu.async_wait {num = 1 : i32}
// CHECK: %[[AHEAD:.*]] = arith.addi %[[IV]], %c2_i32
// CHECK: %[[SLOT:.*]] = arith.remui %[[AHEAD]], %c3_i32
// CHECK: arith.cmpi slt, %[[AHEAD]], %[[N]]
// CHECK: %[[SA:.*]] = tilegpu.buffer_index %[[RING]][%[[SLOT]]]
// CHECK: tilegpu.async_copy_global_to_local %{{.*}}, %[[SA]] mask
// CHECK: tilegpu.async_commit_group
// The loop's own read: stage iv rem 3.
// CHECK: %[[NOW:.*]] = arith.remui %[[IV]], %c3_i32
// CHECK: %[[SR:.*]] = tilegpu.buffer_index %[[RING]][%[[NOW]]]
// CHECK-NOT: tile.load
// CHECK-NOT: tilegpu.local_alloc
// CHECK: tilegpu.local_load %[[SR]] : !tilegpu.buffer<64x32xf16, #shared, mutable> -> tensor<64x32xf16, #blocked>
// After the loop: every copy lands before the ring is freed.
// CHECK: tilegpu.async_wait {num = 0 : i32}
// CHECK-NEXT: tilegpu.local_dealloc %[[RING]]

// TWO-LABEL: tile.func public @staged
// TWO: tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x32xf16, #shared, mutable>
// TWO-COUNT-1: tilegpu.async_commit_group
// TWO: scf.for
// TWO-NEXT: tilegpu.async_wait {num = 0 : i32}
// TWO: arith.addi %{{.*}}, %c1_i32

// NONE-LABEL: tile.func public @staged
// NONE-NOT: tile.async
// NONE: tilegpu.local_alloc %{{.*}} : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>

// BAR-LABEL: tile.func public @staged
// BAR: scf.for
// BAR-NEXT: tilegpu.async_wait {num = 1 : i32}
// BAR-NOT: gpu.barrier
// BAR: gpu.barrier
// BAR-NEXT: tilegpu.async_copy_global_to_local
// BAR-NOT: gpu.barrier
// BAR: scf.yield
tile.func public @staged(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %n: i32, %k: i32 {tile.divisibility = 16 : i32}) -> tensor<64x32xf16, #blocked> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
  %cols = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %cols2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
  %colsb = tile.broadcast %cols2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>, #blocked>
  %ks = tile.splat %k : i32 -> tensor<64x32xi32, #blocked>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x32xf16, #blocked>) : i32 {
    %k0 = arith.muli %iv, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64x32xi32, #blocked>
    %off = arith.addi %k0s, %colsb : tensor<64x32xi32, #blocked>
    %ok = arith.cmpi slt, %off, %ks : tensor<64x32xi32, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %x = tile.load %ptrs, %ok, %zero cacheModifier = cg : tensor<64x32x!tile.ptr<f16>, #blocked>
    %buf = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %v = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %s = arith.addf %acc, %v : tensor<64x32xf16, #blocked>
    scf.yield %s : tensor<64x32xf16, #blocked>
  }
  tile.return %r : tensor<64x32xf16, #blocked>
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Left alone: copies that cannot be cp.async, which would lower to a
// synchronous load and store: 2-byte pieces (%k not known to be a multiple
// of 8, so the mask may change within a thread's 8 columns), and 16-byte
// pieces read as -0.0 where masked off (cp.async fills +0.0).
// CHECK-LABEL: tile.func public @synchronous
// CHECK-NOT: tile.async
// CHECK: tile.return
tile.func public @synchronous(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %n: i32, %k: i32, %k16: i32 {tile.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
  %one = arith.constant dense<-0.0> : tensor<64x32xf16, #blocked>
  %cols = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %cols2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
  %colsb = tile.broadcast %cols2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>, #blocked>
  %ks = tile.splat %k : i32 -> tensor<64x32xi32, #blocked>
  %k16s = tile.splat %k16 : i32 -> tensor<64x32xi32, #blocked>
  scf.for %iv = %c0 to %n step %c1 : i32 {
    %k0 = arith.muli %iv, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64x32xi32, #blocked>
    %off = arith.addi %k0s, %colsb : tensor<64x32xi32, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %ok = arith.cmpi slt, %off, %ks : tensor<64x32xi32, #blocked>
    %x = tile.load %ptrs, %ok, %zero : tensor<64x32x!tile.ptr<f16>, #blocked>
    %xb = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %xv = tilegpu.local_load %xb : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %ok16 = arith.cmpi slt, %off, %k16s : tensor<64x32xi32, #blocked>
    %y = tile.load %ptrs, %ok16, %one : tensor<64x32x!tile.ptr<f16>, #blocked>
    %yb = tilegpu.local_alloc %y : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %yv = tilegpu.local_load %yb : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %s = arith.addf %xv, %yv : tensor<64x32xf16, #blocked>
    tile.store %ptrs, %s : tensor<64x32x!tile.ptr<f16>, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Left alone: a load used twice, a negative lower bound, pointers carried
// by the loop whose advance is not loop-invariant, and a loop of step 2
// whose load cannot be a cp.async (which is not rewritten to count by 1).
// CHECK-LABEL: tile.func public @not_pipelined
// CHECK-NOT: tile.async
// CHECK: tile.return
tile.func public @not_pipelined(%p: !tile.ptr<f16>, %n: i32, %s: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %cm1 = arith.constant -1 : i32
  %base = tile.splat %p : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>, #blocked>
  %carried = scf.for %iv = %c0 to %n step %c1 iter_args(%ptrs = %base) -> (tensor<64x32x!tile.ptr<f16>, #blocked>) : i32 {
    %x = tile.load %ptrs : tensor<64x32x!tile.ptr<f16>, #blocked>
    %buf = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %v = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %ivs = tile.splat %iv : i32 -> tensor<64x32xi32, #blocked>
    %next = tile.addptr %ptrs, %ivs : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    scf.yield %next : tensor<64x32x!tile.ptr<f16>, #blocked>
  }
  scf.for %iv = %c0 to %n step %c1 : i32 {
    %x = tile.load %base : tensor<64x32x!tile.ptr<f16>, #blocked>
    %buf = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %v = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    tile.store %base, %x : tensor<64x32x!tile.ptr<f16>, #blocked>
  }
  scf.for %iv = %c0 to %n step %c2 : i32 {
    %x = tile.load %base : tensor<64x32x!tile.ptr<f16>, #blocked>
    %buf = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %v = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  }
  scf.for %iv = %cm1 to %n step %c1 : i32 {
    %x = tile.load %base : tensor<64x32x!tile.ptr<f16>, #blocked>
    %buf = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %v = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Pointers carried by the loop and advanced by a loop-invariant step (the
// Triton tutorial's a_ptrs += BLOCK_K), and a carried column counter for
// the mask: the copies use them advanced by as many steps as they run
// ahead (i steps in the prologue, from the initial values; 2 in the loop).
// CHECK-LABEL: tile.func public @carried
// CHECK: %[[STEP:.*]] = arith.constant dense<32> : tensor<64x32xi32, #blocked>
// CHECK: %[[RING:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64x32xf16, #shared, mutable>
// Iteration 0: the initial pointers and counter as they are.
// CHECK: tilegpu.async_copy_global_to_local %[[BASE:[^,]*]], %{{.*}} mask
// Iteration 1: one step on.
// CHECK: %[[STEP1:.*]] = arith.muli %[[STEP]], %{{.*}} : tensor<64x32xi32, #blocked>
// CHECK: %[[P1:.*]] = tile.addptr %[[BASE]], %[[STEP1]]
// CHECK: tilegpu.async_copy_global_to_local %[[P1]]
// CHECK: scf.for %{{.*}} iter_args(%[[PTRS:[a-z0-9]+]] = %[[BASE]], %[[COL:[a-z0-9]+]] = %{{.*}})
// In the loop: two steps past this iteration's counter and pointers.
// CHECK: arith.muli %{{.*}}, %{{.*}} : i32
// CHECK: arith.addi %[[COL]], %{{.*}} : i32
// CHECK: %[[STEP2:.*]] = arith.muli %[[STEP]], %{{.*}} : tensor<64x32xi32, #blocked>
// CHECK: %[[P2:.*]] = tile.addptr %[[PTRS]], %[[STEP2]]
// CHECK: tilegpu.async_copy_global_to_local %[[P2]]
// CHECK-NOT: tile.load
// CHECK: tilegpu.local_load
tile.func public @carried(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %n: i32, %k: i32 {tile.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %step = arith.constant dense<32> : tensor<64x32xi32, #blocked>
  %cols = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %cols2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
  %colsb = tile.broadcast %cols2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %ks = tile.splat %k : i32 -> tensor<64x32xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>, #blocked>
  %start = tile.addptr %base, %colsb : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  %r:2 = scf.for %iv = %c0 to %n step %c1 iter_args(%ptrs = %start, %col = %c0) -> (tensor<64x32x!tile.ptr<f16>, #blocked>, i32) : i32 {
    %cs = tile.splat %col : i32 -> tensor<64x32xi32, #blocked>
    %at = arith.addi %cs, %colsb : tensor<64x32xi32, #blocked>
    %ok = arith.cmpi slt, %at, %ks : tensor<64x32xi32, #blocked>
    %x = tile.load %ptrs, %ok : tensor<64x32x!tile.ptr<f16>, #blocked>
    %buf = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %v = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %next = tile.addptr %ptrs, %step : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %col2 = arith.addi %col, %c32 : i32
    scf.yield %next, %col2 : tensor<64x32x!tile.ptr<f16>, #blocked>, i32
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A loop of step 64 (attention's `range(0, hi, BLOCK_N)`) whose load is
// staged: first rewritten to count its iterations by 1, up to
// ceil((max(n, 64) - 64) / 64), the induction value 64 + i * 64 computed
// in the body, then pipelined as a loop of step 1 (stages by iteration).
// CHECK-LABEL: tile.func public @step_64
// CHECK: %[[TOP:.*]] = arith.maxsi %n, %{{.*}} : i32
// CHECK: %[[SPAN:.*]] = arith.subi %[[TOP]], %{{.*}} : i32
// CHECK: %[[TRIPS:.*]] = arith.ceildivsi %[[SPAN]], %{{.*}} : i32
// CHECK: tilegpu.async_copy_global_to_local
// CHECK: tilegpu.async_copy_global_to_local
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[TRIPS]] step %{{.*}} : i32 {
// The copy two iterations ahead, at induction value (i + 2) * 64 + 64.
// CHECK: %[[AHEAD:.*]] = arith.addi %[[I]], %{{.*}} : i32
// CHECK: %[[SCALED:.*]] = arith.muli %[[AHEAD]], %{{.*}} : i32
// CHECK: arith.addi %[[SCALED]], %{{.*}} : i32
// CHECK: tilegpu.async_copy_global_to_local
// CHECK: %[[SLOT:.*]] = arith.remui %[[I]], %{{.*}} : i32
// CHECK: tilegpu.buffer_index %{{.*}}[%[[SLOT]]]
// CHECK-NEXT: tilegpu.local_load
// BAR-LABEL: tile.func public @step_64
// BAR: scf.for
// BAR: tilegpu.async_wait
tile.func public @step_64(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %n: i32, %stride: i32 {tile.divisibility = 16 : i32}) {
  %c64 = arith.constant 64 : i32
  %cols = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %cols2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
  %colsb = tile.broadcast %cols2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>, #blocked>
  %start = tile.addptr %base, %colsb : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  scf.for %iv = %c64 to %n step %c64 : i32 {
    %off = arith.muli %iv, %stride : i32
    %offs = tile.splat %off : i32 -> tensor<64x32xi32, #blocked>
    %ptrs = tile.addptr %start, %offs : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %x = tile.load %ptrs : tensor<64x32x!tile.ptr<f16>, #blocked>
    %buf = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %v = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// An index induction variable: stage indices cast it to i32, and the
// barrier analysis still tells the stages apart (it rejected the schedule
// as reading a stage in flight before it looked through the casts).
// CHECK-LABEL: tile.func public @index_loop
// CHECK: arith.index_cast %{{.*}} : index to i32
// CHECK: tilegpu.async_copy_global_to_local
// BAR-LABEL: tile.func public @index_loop
// BAR: scf.for
// BAR-NEXT: tilegpu.async_wait {num = 1 : i32}
// BAR-NOT: gpu.barrier
// BAR: gpu.barrier
// BAR-NEXT: tilegpu.async_copy_global_to_local
// BAR-NOT: gpu.barrier
// BAR: scf.yield
tile.func public @index_loop(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %n: index) -> tensor<64x32xf16, #blocked> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
  %cols = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %cols2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
  %colsb = tile.broadcast %cols2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>, #blocked>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x32xf16, #blocked>) {
    %i = arith.index_cast %iv : index to i32
    %k0 = arith.muli %i, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64x32xi32, #blocked>
    %off = arith.addi %k0s, %colsb : tensor<64x32xi32, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %x = tile.load %ptrs : tensor<64x32x!tile.ptr<f16>, #blocked>
    %buf = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %v = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %s = arith.addf %acc, %v : tensor<64x32xf16, #blocked>
    scf.yield %s : tensor<64x32xf16, #blocked>
  }
  tile.return %r : tensor<64x32xf16, #blocked>
}
}

// -----

// A warpgroup dot accumulating in the loop runs asynchronously: one group
// of products in flight. The dot's result goes through
// tilenv.warpgroup_dot_wait {pendings = 1} to the next iteration, which
// retires the previous iteration's dot; the copies come after that wait,
// into the stage it retired, so they still run stages - 1 iterations ahead
// (two for 3 stages, one for 2). After the loop, {pendings = 0} before the
// rings are freed. The barrier analysis puts two barriers in an iteration:
// one after the wait for the iteration's own copies (other threads wrote
// them), one before the copies that overwrite the stage another warp's dot
// may have read last.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// CHECK-LABEL: tile.func public @wgmma_staged
// CHECK: %[[RA:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64x64xf16, #nvmma, mutable>
// CHECK: %[[RB:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64x64xf16, #nvmma, mutable>
// CHECK-COUNT-2: tilegpu.async_commit_group
// CHECK-NOT: tilegpu.async_commit_group
// CHECK: scf.for %[[IV:.*]] = %c0_i32 to %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK-NEXT: tilegpu.async_wait {num = 1 : i32}
// CHECK: %[[NOW:.*]] = arith.remui %[[IV]], %c3_i32
// CHECK-NOT: tilegpu.async_copy_global_to_local
// CHECK: %[[SA:.*]] = tilegpu.buffer_index %[[RA]][%[[NOW]]]
// CHECK: %[[SB:.*]] = tilegpu.buffer_index %[[RB]][%[[NOW]]]
// CHECK: %[[D:.*]] = tilenv.warpgroup_dot %[[SA]], %[[SB]], %[[ACC]] {isAsync}
// CHECK-NEXT: %[[W:.*]] = tilenv.warpgroup_dot_wait %[[D]] {pendings = 1 : i32}
// CHECK: %[[AHEAD:.*]] = arith.addi %[[IV]], %c2_i32
// CHECK: %[[NEXT:.*]] = arith.remui %[[AHEAD]], %c3_i32
// CHECK: tilegpu.buffer_index %[[RA]][%[[NEXT]]]
// CHECK: tilegpu.async_copy_global_to_local
// CHECK: tilegpu.buffer_index %[[RB]][%[[NEXT]]]
// CHECK: tilegpu.async_copy_global_to_local
// CHECK: tilegpu.async_commit_group
// CHECK-NEXT: scf.yield %[[W]]
// CHECK: %[[DONE:.*]] = tilenv.warpgroup_dot_wait %{{.*}} {pendings = 0 : i32}
// CHECK-NEXT: tilegpu.async_wait {num = 0 : i32}
// CHECK-NEXT: tilegpu.local_dealloc %[[RA]]
// CHECK-NEXT: tilegpu.local_dealloc %[[RB]]
// CHECK-NEXT: tile.return %[[DONE]]

// TWO-LABEL: tile.func public @wgmma_staged
// TWO: tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x64xf16, #nvmma, mutable>
// TWO: scf.for %[[IV:.*]] = %c0_i32
// TWO-NEXT: tilegpu.async_wait {num = 0 : i32}
// TWO: tilenv.warpgroup_dot {{.*}} {isAsync}
// TWO-NEXT: tilenv.warpgroup_dot_wait %{{.*}} {pendings = 1 : i32}
// TWO: arith.addi %[[IV]], %c1_i32
// TWO: tilegpu.async_commit_group
// TWO-NEXT: scf.yield
// TWO: tilenv.warpgroup_dot_wait %{{.*}} {pendings = 0 : i32}

// BAR-LABEL: tile.func public @wgmma_staged
// BAR: scf.for
// BAR-NEXT: tilegpu.async_wait {num = 1 : i32}
// BAR-NOT: gpu.barrier
// BAR: gpu.barrier
// BAR-NEXT: tilenv.warpgroup_dot
// BAR-NOT: gpu.barrier
// BAR: gpu.barrier
// BAR-NEXT: tilegpu.async_copy_global_to_local
// BAR-NOT: gpu.barrier
// BAR: scf.yield
tile.func public @wgmma_staged(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                               %b: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                               %n: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4096 = arith.constant 4096 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %r2 = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
  %cols = tile.broadcast %r2 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
  %as = tile.splat %a : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>, #blocked>
  %bs = tile.splat %b : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>, #blocked>
  %res = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %k0 = arith.muli %iv, %c4096 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64x64xi32, #blocked>
    %off = arith.addi %k0s, %cols : tensor<64x64xi32, #blocked>
    %ap = tile.addptr %as, %off : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %bp = tile.addptr %bs, %off : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %x = tile.load %ap : tensor<64x64x!tile.ptr<f16>, #blocked>
    %y = tile.load %bp : tensor<64x64x!tile.ptr<f16>, #blocked>
    %xa = tilegpu.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
    %ya = tilegpu.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
    %d = tilenv.warpgroup_dot %xa, %ya, %acc : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  tile.return %res : tensor<64x64xf32, #mma>
}
}

// -----

// A flattened persistent loop: the accumulator restarts from zeros after
// each block's last step (%last), where an scf.if stores the block. The
// select canonicalization makes of that reset is carried as a flag
// instead: the dot adds its accumulator if the previous step did not reset,
// and stays asynchronous; the epilogue waits for all products first. The
// copies come after the wait for all but the newest group, before the if.
// After the loop, the select on the last values.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// CHECK-LABEL: tile.func public @reset
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
// CHECK: %[[R:.*]]:2 = scf.for %[[IV:.*]] = %c0_i32 to %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]], %[[WAS:.*]] = %false)
// CHECK: %[[USE:.*]] = arith.xori %[[WAS]], %true : i1
// CHECK: %[[D:.*]] = tilenv.warpgroup_dot %{{.*}}, %{{.*}}, %[[ACC]] accumulate if %[[USE]] {isAsync}
// CHECK-NEXT: %[[W:.*]] = tilenv.warpgroup_dot_wait %[[D]] {pendings = 1 : i32}
// CHECK: tilegpu.async_copy_global_to_local
// CHECK: tilegpu.async_commit_group
// CHECK: %[[LAST:.*]] = arith.cmpi eq
// CHECK-NEXT: scf.if %[[LAST]] {
// CHECK-NEXT: %[[ALL:.*]] = tilenv.warpgroup_dot_wait %[[W]] {pendings = 0 : i32}
// CHECK-NEXT: tile.store %{{.*}}, %[[ALL]]
// CHECK: scf.yield %[[W]], %[[LAST]] : tensor<64x64xf32, #mma>, i1
// CHECK: %[[DONE:.*]] = tilenv.warpgroup_dot_wait %[[R]]#0 {pendings = 0 : i32}
// CHECK: %[[OUT:.*]] = arith.select %[[R]]#1, %[[ZERO]], %[[DONE]]
// CHECK: tile.return %[[OUT]]
tile.func public @reset(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                        %b: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                        %c: tensor<64x64x!tile.ptr<f32>, #mma>,
                        %n: i32, %steps: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4096 = arith.constant 4096 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %r2 = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
  %cols = tile.broadcast %r2 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
  %as = tile.splat %a : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>, #blocked>
  %bs = tile.splat %b : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>, #blocked>
  %res = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %k0 = arith.muli %iv, %c4096 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64x64xi32, #blocked>
    %off = arith.addi %k0s, %cols : tensor<64x64xi32, #blocked>
    %ap = tile.addptr %as, %off : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %bp = tile.addptr %bs, %off : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %x = tile.load %ap : tensor<64x64x!tile.ptr<f16>, #blocked>
    %y = tile.load %bp : tensor<64x64x!tile.ptr<f16>, #blocked>
    %xa = tilegpu.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
    %ya = tilegpu.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
    %d = tilenv.warpgroup_dot %xa, %ya, %acc : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<64x64xf32, #mma>
    %k = arith.remui %iv, %steps : i32
    %c1s = arith.subi %steps, %c1 : i32
    %last = arith.cmpi eq, %k, %c1s : i32
    scf.if %last {
      tile.store %c, %d : tensor<64x64x!tile.ptr<f32>, #mma>
    }
    %next = arith.select %last, %zero, %d : tensor<64x64xf32, #mma>
    scf.yield %next : tensor<64x64xf32, #mma>
  }
  tile.return %res : tensor<64x64xf32, #mma>
}

// A reset to something other than zeros is not a flag: the select stays,
// and with it the dot waits for its products.
// CHECK-LABEL: tile.func public @reset_to_ones
// CHECK-NOT: accumulate if
// CHECK: tilenv.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} : !tilegpu.buffer
// CHECK: arith.select
tile.func public @reset_to_ones(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                                %b: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                                %n: i32, %steps: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4096 = arith.constant 4096 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %r2 = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
  %cols = tile.broadcast %r2 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
  %as = tile.splat %a : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>, #blocked>
  %bs = tile.splat %b : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>, #blocked>
  %res = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %k0 = arith.muli %iv, %c4096 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64x64xi32, #blocked>
    %off = arith.addi %k0s, %cols : tensor<64x64xi32, #blocked>
    %ap = tile.addptr %as, %off : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %bp = tile.addptr %bs, %off : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %x = tile.load %ap : tensor<64x64x!tile.ptr<f16>, #blocked>
    %y = tile.load %bp : tensor<64x64x!tile.ptr<f16>, #blocked>
    %xa = tilegpu.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
    %ya = tilegpu.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
    %d = tilenv.warpgroup_dot %xa, %ya, %acc : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<64x64xf32, #mma>
    %ones = arith.constant dense<1.0> : tensor<64x64xf32, #mma>
    %k = arith.remui %iv, %steps : i32
    %last = arith.cmpi eq, %k, %c0 : i32
    %next = arith.select %last, %ones, %d : tensor<64x64xf32, #mma>
    scf.yield %next : tensor<64x64xf32, #mma>
  }
  tile.return %res : tensor<64x64xf32, #mma>
}

// The accumulator also read outside the dot (here its running sum is
// stored every step): the dot waits for its products, as an asynchronous
// one would leave that read racing with the tensor cores.
// CHECK-LABEL: tile.func public @read_acc
// CHECK-NOT: isAsync
// CHECK-NOT: tilenv.warpgroup_dot_wait
// CHECK: scf.for
// CHECK: tilegpu.async_wait {num = 1 : i32}
// CHECK: tilegpu.async_copy_global_to_local
// CHECK: tilenv.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} : !tilegpu.buffer
// CHECK-NOT: isAsync
// CHECK-NOT: tilenv.warpgroup_dot_wait
// CHECK: tile.return
tile.func public @read_acc(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %b: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %c: tensor<64x64x!tile.ptr<f32>, #mma>,
                           %n: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4096 = arith.constant 4096 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %r2 = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
  %cols = tile.broadcast %r2 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
  %as = tile.splat %a : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>, #blocked>
  %bs = tile.splat %b : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>, #blocked>
  %res = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %k0 = arith.muli %iv, %c4096 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64x64xi32, #blocked>
    %off = arith.addi %k0s, %cols : tensor<64x64xi32, #blocked>
    %ap = tile.addptr %as, %off : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %bp = tile.addptr %bs, %off : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %x = tile.load %ap : tensor<64x64x!tile.ptr<f16>, #blocked>
    %y = tile.load %bp : tensor<64x64x!tile.ptr<f16>, #blocked>
    %xa = tilegpu.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
    %ya = tilegpu.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
    %d = tilenv.warpgroup_dot %xa, %ya, %acc : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<64x64xf32, #mma>
    tile.store %c, %acc : tensor<64x64x!tile.ptr<f32>, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  tile.return %res : tensor<64x64xf32, #mma>
}

// A chain as attention has it: a synchronous dot (Q * K^T), then the
// carried accumulator rescaled and accumulated by a second dot (P * V),
// whose products only the next iteration needs. The second dot runs
// asynchronously; the next iteration waits for it after its first dot
// (whose own wait has completed it), and the copies, which refill the
// stage it read, come after that wait. After the loop, a wait for all.
// CHECK-LABEL: tile.func public @deferred
// CHECK: scf.for %[[IV:.*]] = %c0_i32 to %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK-NEXT: tilegpu.async_wait {num = 1 : i32}
// CHECK-NOT: tilegpu.async_copy_global_to_local
// CHECK: %[[S:.*]] = tilenv.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} : !tilegpu.buffer
// CHECK-NEXT: %[[W:.*]] = tilenv.warpgroup_dot_wait %[[ACC]] {pendings = 0 : i32}
// CHECK: tilegpu.async_copy_global_to_local
// CHECK: tilegpu.async_copy_global_to_local
// CHECK: tilegpu.async_commit_group
// CHECK: %[[R:.*]] = arith.mulf %[[W]], %[[S]]
// CHECK: %[[D:.*]] = tilenv.warpgroup_dot %{{.*}}, %{{.*}}, %[[R]] {isAsync}
// CHECK-NEXT: scf.yield %[[D]]
// CHECK: %[[DONE:.*]] = tilenv.warpgroup_dot_wait %{{.*}} {pendings = 0 : i32}
// CHECK-NEXT: tilegpu.async_wait {num = 0 : i32}
// CHECK: tile.return %[[DONE]]

// The second dot's stage is still being read by the other warpgroups
// when the copies would refill it: a barrier after the wait.
// BAR-LABEL: tile.func public @deferred
// BAR: scf.for
// BAR: gpu.barrier
// BAR-NEXT: tilenv.warpgroup_dot
// BAR-NEXT: tilenv.warpgroup_dot_wait
// BAR-NOT: scf.yield
// BAR: gpu.barrier
// BAR-NEXT: tilegpu.async_copy_global_to_local
// BAR: scf.yield
tile.func public @deferred(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %b: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %n: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4096 = arith.constant 4096 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %r2 = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
  %cols = tile.broadcast %r2 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
  %as = tile.splat %a : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>, #blocked>
  %bs = tile.splat %b : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>, #blocked>
  %res = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %k0 = arith.muli %iv, %c4096 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64x64xi32, #blocked>
    %off = arith.addi %k0s, %cols : tensor<64x64xi32, #blocked>
    %ap = tile.addptr %as, %off : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %bp = tile.addptr %bs, %off : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %x = tile.load %ap : tensor<64x64x!tile.ptr<f16>, #blocked>
    %y = tile.load %bp : tensor<64x64x!tile.ptr<f16>, #blocked>
    %xa = tilegpu.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
    %ya = tilegpu.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
    %s = tilenv.warpgroup_dot %xa, %ya, %zero : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<64x64xf32, #mma>
    %rescaled = arith.mulf %acc, %s : tensor<64x64xf32, #mma>
    %d = tilenv.warpgroup_dot %xa, %ya, %rescaled : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  tile.return %res : tensor<64x64xf32, #mma>
}
}

// -----

// The same chain with 128x128 blocks on one warpgroup: after the
// synchronous dot, its products and the carried accumulator (128 registers
// a thread each) take more than three quarters of a thread's registers,
// and the copies' addresses would spill. The copies go at the end of the
// body instead, after the second dot is issued; a barrier still precedes
// them.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// CHECK-LABEL: tile.func public @deferred_crowded
// CHECK: scf.for %[[IV:.*]] = %c0_i32 to %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK-NOT: tilegpu.async_copy_global_to_local
// CHECK: %[[S:.*]] = tilenv.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} : !tilegpu.buffer
// CHECK-NEXT: %[[W:.*]] = tilenv.warpgroup_dot_wait %[[ACC]] {pendings = 0 : i32}
// CHECK-NOT: tilegpu.async_copy_global_to_local
// CHECK: %[[R:.*]] = arith.mulf %[[W]], %[[S]]
// CHECK: %[[D:.*]] = tilenv.warpgroup_dot %{{.*}}, %{{.*}}, %[[R]] {isAsync}
// CHECK: tilegpu.async_copy_global_to_local
// CHECK: tilegpu.async_copy_global_to_local
// CHECK: tilegpu.async_commit_group
// CHECK-NEXT: scf.yield %[[D]]

// BAR-LABEL: tile.func public @deferred_crowded
// BAR: scf.for
// BAR: tilenv.warpgroup_dot {{.*}} {isAsync}
// BAR: gpu.barrier
// BAR-NEXT: tilegpu.async_copy_global_to_local
// BAR: scf.yield
tile.func public @deferred_crowded(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                                   %b: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                                   %n: i32) -> tensor<128x128xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4096 = arith.constant 4096 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
  %ra = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %ra2 = tile.expand_dims %ra {axis = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
  %acols = tile.broadcast %ra2 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
  %rb = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %rb2 = tile.expand_dims %rb {axis = 0 : i32} : tensor<128xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
  %bcols = tile.broadcast %rb2 : tensor<1x128xi32, #blocked> -> tensor<64x128xi32, #blocked>
  %as = tile.splat %a : !tile.ptr<f16> -> tensor<128x64x!tile.ptr<f16>, #blocked>
  %bs = tile.splat %b : !tile.ptr<f16> -> tensor<64x128x!tile.ptr<f16>, #blocked>
  %res = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
    %k0 = arith.muli %iv, %c4096 : i32
    %ka = tile.splat %k0 : i32 -> tensor<128x64xi32, #blocked>
    %kb = tile.splat %k0 : i32 -> tensor<64x128xi32, #blocked>
    %aoff = arith.addi %ka, %acols : tensor<128x64xi32, #blocked>
    %boff = arith.addi %kb, %bcols : tensor<64x128xi32, #blocked>
    %ap = tile.addptr %as, %aoff : tensor<128x64x!tile.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    %bp = tile.addptr %bs, %boff : tensor<64x128x!tile.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
    %x = tile.load %ap : tensor<128x64x!tile.ptr<f16>, #blocked>
    %y = tile.load %bp : tensor<64x128x!tile.ptr<f16>, #blocked>
    %xa = tilegpu.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tilegpu.buffer<128x64xf16, #nvmma>
    %ya = tilegpu.local_alloc %y : (tensor<64x128xf16, #blocked>) -> !tilegpu.buffer<64x128xf16, #nvmma>
    %s = tilenv.warpgroup_dot %xa, %ya, %zero : !tilegpu.buffer<128x64xf16, #nvmma>, !tilegpu.buffer<64x128xf16, #nvmma> -> tensor<128x128xf32, #mma>
    %rescaled = arith.mulf %acc, %s : tensor<128x128xf32, #mma>
    %d = tilenv.warpgroup_dot %xa, %ya, %rescaled : !tilegpu.buffer<128x64xf16, #nvmma>, !tilegpu.buffer<64x128xf16, #nvmma> -> tensor<128x128xf32, #mma>
    scf.yield %d : tensor<128x128xf32, #mma>
  }
  tile.return %res : tensor<128x128xf32, #mma>
}
}

// -----

// Descriptor loads staged for a warpgroup dot become TMA copies: one ring
// of mbarriers (one a stage, initialized before the loop), armed once a
// stage with both blocks' bytes (16384 + 8192), each copy completing on its
// stage's barrier; an iteration waits for its stage's barrier at phase
// ((iv - lb) / 3) & 1. No cp.async groups. After the loop the barriers are
// invalidated. A load into a buffer of another layout is not a TMA stream.
// The barrier analysis puts one barrier after the initialization (before
// the first use of a barrier) and one a iteration, before the copies that
// overwrite the stage the previous dot read.
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
// CHECK-LABEL: tile.func public @tma_staged
// CHECK: %[[RA:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<3x128x64xf16, #nvmma, mutable>
// CHECK: %[[RB:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64x64xf16, #nvmma, mutable>
// CHECK: %[[BRING:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<3x1xi64, #{{.*}}, mutable>
// CHECK-COUNT-3: tilenv.init_barrier %{{.*}}, 1
// Iterations 0 and 1 before the loop.
// CHECK: tilenv.barrier_expect %{{.*}}, 24576, %{{.*}}
// CHECK: tilenv.async_tma_copy %a[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}}, %{{.*}} : !tile.tensordesc<128x64xf16>
// CHECK: tilenv.async_tma_copy %b[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}}, %{{.*}} : !tile.tensordesc<64x64xf16>
// CHECK: tilenv.barrier_expect %{{.*}}, 24576, %{{.*}}
// CHECK: tilenv.async_tma_copy %a
// CHECK: tilenv.async_tma_copy %b
// CHECK-NOT: tilegpu.async_commit_group
// CHECK: scf.for %[[IV:.*]] = %c0_i32 to %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK: %[[NOW:.*]] = arith.remui %[[IV]], %c3_i32
// CHECK-NOT: tilegpu.async_wait
// CHECK: %[[ROUND:.*]] = arith.divui %{{.*}}, %c3_i32
// CHECK: %[[PHASE:.*]] = arith.andi %[[ROUND]], %c1_i32
// CHECK: %[[WB:.*]] = tilegpu.buffer_index %[[BRING]][%[[NOW]]]
// CHECK: tilenv.wait_barrier %[[WB]], %[[PHASE]]
// CHECK: %[[SA:.*]] = tilegpu.buffer_index %[[RA]][%[[NOW]]]
// CHECK: %[[SB:.*]] = tilegpu.buffer_index %[[RB]][%[[NOW]]]
// CHECK: tilenv.warpgroup_dot %[[SA]], %[[SB]], %[[ACC]] {isAsync}
// CHECK-NEXT: tilenv.warpgroup_dot_wait %{{.*}} {pendings = 1 : i32}
// CHECK: %[[AHEAD:.*]] = arith.addi %[[IV]], %c2_i32
// CHECK: %[[NEXT:.*]] = arith.remui %[[AHEAD]], %c3_i32
// CHECK: %[[NB:.*]] = tilegpu.buffer_index %[[BRING]][%[[NEXT]]]
// CHECK: tilenv.barrier_expect %[[NB]], 24576
// CHECK: tilenv.async_tma_copy %a[{{.*}}], %{{.*}}, %[[NB]]
// CHECK: tilenv.async_tma_copy %b[{{.*}}], %{{.*}}, %[[NB]]
// CHECK-NEXT: scf.yield
// CHECK: tilenv.warpgroup_dot_wait %{{.*}} {pendings = 0 : i32}
// CHECK-NOT: tilegpu.async_wait
// CHECK-COUNT-3: tilenv.inval_barrier
// CHECK: tilegpu.local_dealloc %[[BRING]]
// CHECK: tilegpu.local_dealloc %[[RA]]
// CHECK: tilegpu.local_dealloc %[[RB]]

// BAR-LABEL: tile.func public @tma_staged
// BAR-COUNT-3: tilenv.init_barrier
// BAR-NOT: gpu.barrier
// BAR: gpu.barrier
// BAR-NEXT: tilenv.barrier_expect
// BAR: scf.for
// BAR-NOT: gpu.barrier
// BAR: tilenv.wait_barrier
// BAR-NOT: gpu.barrier
// BAR: gpu.barrier
// BAR-NEXT: tilenv.async_tma_copy
// BAR-NOT: gpu.barrier
// BAR: scf.yield
// BAR: gpu.barrier
// BAR-NEXT: tilenv.inval_barrier
// BAR-NOT: gpu.barrier
// BAR: tile.return
tile.func public @tma_staged(%a: !tile.tensordesc<128x64xf16>, %b: !tile.tensordesc<64x64xf16>,
                            %n: i32, %row: i32, %col: i32) -> tensor<128x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
  %res = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #mma>) : i32 {
    %k0 = arith.muli %iv, %c64 : i32
    %x = tile.descriptor_load %a[%row, %k0] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16, #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>
    %y = tile.descriptor_load %b[%k0, %col] : !tile.tensordesc<64x64xf16> -> tensor<64x64xf16, #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>
    %xa = tilegpu.local_alloc %x : (tensor<128x64xf16, #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>) -> !tilegpu.buffer<128x64xf16, #nvmma>
    %ya = tilegpu.local_alloc %y : (tensor<64x64xf16, #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>) -> !tilegpu.buffer<64x64xf16, #nvmma>
    %d = tilenv.warpgroup_dot %xa, %ya, %acc : !tilegpu.buffer<128x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<128x64xf32, #mma>
    scf.yield %d : tensor<128x64xf32, #mma>
  }
  tile.return %res : tensor<128x64xf32, #mma>
}
}

// -----

// TMA copies feeding a synchronous dot (mma.sync through tilegpu.local_load)
// are issued right after the dot, before what follows it: the warps start
// their products as soon as the stage has landed. The barrier before the
// copies (the stage they refill was read the iteration before) then
// follows the dot as well. With 2 stages they stay before the dot (issued
// after it, they would be waited for right away).
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#dot_a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#dot_b = #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90"} {
// CHECK-LABEL: tile.func public @tma_dot
// CHECK: scf.for %[[IV:.*]] = %c0_i32 to %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK: tilenv.wait_barrier
// CHECK-NOT: tilenv.async_tma_copy
// CHECK: %[[A:.*]] = tilegpu.local_load
// CHECK: %[[B:.*]] = tilegpu.local_load
// CHECK-NEXT: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[ACC]]
// CHECK-NOT: tilegpu.local_load
// CHECK: arith.addi %[[IV]], %c2_i32{{.*}} : i32
// CHECK: tilenv.barrier_expect
// CHECK: tilenv.async_tma_copy %a
// CHECK: tilenv.async_tma_copy %b
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[D]], %[[D]]
// CHECK-NEXT: scf.yield %[[SUM]]

// TWO-LABEL: tile.func public @tma_dot
// TWO: scf.for
// TWO: tilenv.wait_barrier
// TWO: tilenv.async_tma_copy %a
// TWO: tilenv.async_tma_copy %b
// TWO: tile.dot
// TWO-NOT: tilenv.async_tma_copy
// TWO: scf.yield

// BAR-LABEL: tile.func public @tma_dot
// BAR: scf.for
// BAR-NOT: gpu.barrier
// BAR: tile.dot
// BAR-NOT: gpu.barrier
// BAR: tilenv.barrier_expect
// BAR: gpu.barrier
// BAR-NEXT: tilenv.async_tma_copy
// BAR-NOT: gpu.barrier
// BAR: scf.yield
tile.func public @tma_dot(%a: !tile.tensordesc<128x64xf16>, %b: !tile.tensordesc<64x128xf16>,
                         %n: i32, %row: i32, %col: i32) -> tensor<128x128xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
  %res = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
    %k0 = arith.muli %iv, %c64 : i32
    %x = tile.descriptor_load %a[%row, %k0] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16, #blocked>
    %y = tile.descriptor_load %b[%k0, %col] : !tile.tensordesc<64x128xf16> -> tensor<64x128xf16, #blocked>
    %xa = tilegpu.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tilegpu.buffer<128x64xf16, #nvmma>
    %xd = tilegpu.local_load %xa : !tilegpu.buffer<128x64xf16, #nvmma> -> tensor<128x64xf16, #dot_a>
    %ya = tilegpu.local_alloc %y : (tensor<64x128xf16, #blocked>) -> !tilegpu.buffer<64x128xf16, #nvmma>
    %yd = tilegpu.local_load %ya : !tilegpu.buffer<64x128xf16, #nvmma> -> tensor<64x128xf16, #dot_b>
    %d = tile.dot %xd, %yd, %acc : tensor<128x64xf16, #dot_a> * tensor<64x128xf16, #dot_b> -> tensor<128x128xf32, #mma>
    %sum = arith.addf %d, %d : tensor<128x128xf32, #mma>
    scf.yield %sum : tensor<128x128xf32, #mma>
  }
  tile.return %res : tensor<128x128xf32, #mma>
}

// A stage read that only the yield uses (the next iteration's dot reads
// it) does not move the copies past the yield: they follow the dot.
// CHECK-LABEL: tile.func public @tma_read_yielded
// CHECK: scf.for
// CHECK: tile.dot
// CHECK: tilenv.async_tma_copy %a
// CHECK: tilenv.async_tma_copy %b
// CHECK-NEXT: scf.yield
tile.func public @tma_read_yielded(%a: !tile.tensordesc<128x64xf16>, %b: !tile.tensordesc<64x128xf16>,
                                   %n: i32, %row: i32, %col: i32) -> tensor<128x128xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
  %za = arith.constant dense<0.0> : tensor<128x64xf16, #dot_a>
  %res:2 = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero, %prev = %za) -> (tensor<128x128xf32, #mma>, tensor<128x64xf16, #dot_a>) : i32 {
    %k0 = arith.muli %iv, %c64 : i32
    %x = tile.descriptor_load %a[%row, %k0] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16, #blocked>
    %y = tile.descriptor_load %b[%k0, %col] : !tile.tensordesc<64x128xf16> -> tensor<64x128xf16, #blocked>
    %xa = tilegpu.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tilegpu.buffer<128x64xf16, #nvmma>
    %xd = tilegpu.local_load %xa : !tilegpu.buffer<128x64xf16, #nvmma> -> tensor<128x64xf16, #dot_a>
    %ya = tilegpu.local_alloc %y : (tensor<64x128xf16, #blocked>) -> !tilegpu.buffer<64x128xf16, #nvmma>
    %yd = tilegpu.local_load %ya : !tilegpu.buffer<64x128xf16, #nvmma> -> tensor<64x128xf16, #dot_b>
    %d = tile.dot %prev, %yd, %acc : tensor<128x64xf16, #dot_a> * tensor<64x128xf16, #dot_b> -> tensor<128x128xf32, #mma>
    scf.yield %d, %xd : tensor<128x128xf32, #mma>, tensor<128x64xf16, #dot_a>
  }
  tile.return %res#0 : tensor<128x128xf32, #mma>
}
}

// -----

// A synchronous warpgroup dot (one operand staged) keeps its copies at the
// top of the iteration, before the dot.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma3 = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
// CHECK-LABEL: tile.func public @tma_sync_wgmma
// CHECK: scf.for
// CHECK: tilenv.wait_barrier
// CHECK: tilenv.async_tma_copy %a
// CHECK: tilenv.warpgroup_dot
// CHECK-NOT: tilenv.async_tma_copy
// CHECK: scf.yield
tile.func public @tma_sync_wgmma(%a: !tile.tensordesc<128x64xf16>, %bt: tensor<64x128xf16, #blocked>,
                                 %n: i32, %row: i32) -> tensor<128x128xf32, #mma3> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma3>
  %ya = tilegpu.local_alloc %bt : (tensor<64x128xf16, #blocked>) -> !tilegpu.buffer<64x128xf16, #nvmma>
  %res = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #mma3>) : i32 {
    %k0 = arith.muli %iv, %c64 : i32
    %x = tile.descriptor_load %a[%row, %k0] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16, #blocked>
    %xa = tilegpu.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tilegpu.buffer<128x64xf16, #nvmma>
    %d = tilenv.warpgroup_dot %xa, %ya, %acc : !tilegpu.buffer<128x64xf16, #nvmma>, !tilegpu.buffer<64x128xf16, #nvmma> -> tensor<128x128xf32, #mma3>
    scf.yield %d : tensor<128x128xf32, #mma3>
  }
  tile.return %res : tensor<128x128xf32, #mma3>
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Triton's form of a backward range(n - 1, -1, -1) (fla's chunk_bwd_kernel_dh):
// a loop from -1 by 1, the block index n - 1 - iv. Stage indices need
// iv >= 0: the loop is first rewritten to count from 0, up to
// max(n, -1) + 1 iterations, its induction value i - 1 in the body.
// CHECK-LABEL: tile.func public @from_minus_one
// CHECK: %[[TOP:.*]] = arith.maxsi %n, %c-1_i32{{.*}} : i32
// CHECK: %[[SPAN:.*]] = arith.subi %[[TOP]], %c-1_i32{{.*}} : i32
// CHECK: tilegpu.async_copy_global_to_local
// CHECK: tilegpu.async_copy_global_to_local
// CHECK: scf.for %[[I:.*]] = %c0_i32 to %{{.*}} step %c1_i32
// CHECK: arith.addi %{{.*}}, %c-1_i32
// CHECK: tilegpu.async_copy_global_to_local
// CHECK: %[[SLOT:.*]] = arith.remui %[[I]], %c3_i32
// CHECK: tilegpu.buffer_index %{{.*}}[%[[SLOT]]]
// CHECK-NEXT: tilegpu.local_load
tile.func public @from_minus_one(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %n: i32, %stride: i32 {tile.divisibility = 16 : i32}) {
  %cm1 = arith.constant -1 : i32
  %c1 = arith.constant 1 : i32
  %cols = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %cols2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
  %colsb = tile.broadcast %cols2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>, #blocked>
  %start = tile.addptr %base, %colsb : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  scf.for %iv = %cm1 to %n step %c1 : i32 {
    %back = arith.subi %n, %iv : i32
    %t = arith.addi %back, %cm1 : i32
    %off = arith.muli %t, %stride : i32
    %offs = tile.splat %off : i32 -> tensor<64x32xi32, #blocked>
    %ptrs = tile.addptr %start, %offs : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %x = tile.load %ptrs : tensor<64x32x!tile.ptr<f16>, #blocked>
    %buf = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %v = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  }
  tile.return
}
}
