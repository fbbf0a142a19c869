// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -split-input-file -tile-schedule-loops="num-stages=3 warp-specialize=1" -tile-pipeline -canonicalize -cse | FileCheck %s
// RUN: tile-opt %s -split-input-file -tile-schedule-loops="num-stages=3 warp-specialize=1" -tile-pipeline -canonicalize -cse -tile-allocate-shared-memory -tile-insert-barriers | FileCheck %s --check-prefix=BAR
// The schedule: loops in their kernel's body get a producer; one after a
// store, one in an scf.if, one in a function that returns a value and one
// with cp.async copies do not.
// RUN: tile-opt %s -split-input-file -tile-schedule-loops="num-stages=3 warp-specialize=1" | FileCheck %s --check-prefix=SCHED
// SCHED-LABEL: tile.func public @specialized(
// SCHED: } {tilegpu.num_stages = 3 : i32, tilenv.warp_specialized}
// SCHED-LABEL: tile.func public @carried_sync(
// SCHED: } {tilegpu.num_stages = 3 : i32, tilenv.warp_specialized}
// SCHED-LABEL: tile.func public @store_before(
// SCHED: } {tilegpu.num_stages = 3 : i32}
// SCHED-LABEL: tile.func public @nested(
// SCHED: } {tilegpu.num_stages = 3 : i32}
// SCHED-LABEL: tile.func @returns(
// SCHED: } {tilegpu.num_stages = 3 : i32}
// SCHED-LABEL: tile.func public @cp_async(
// SCHED: } {tilegpu.num_stages = 3 : i32}

// A TMA-staged loop in a kernel gets a producer: the loop moves, with what
// follows it (and the tensor ops before it), into the default region; the
// producer's copy of the loop waits for each stage's "empty" barrier (one
// arrival per warp: count 4) at parity ((iv / 3) & 1) ^ 1, then arms the
// stage's "full" barrier and issues the copies, unpredicated. The loop
// waits for its stage as without a producer, and after the asynchronous
// dot's wait hands the previous iteration's stage back (from the second
// iteration on). No copies are issued before or in the loop.
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
// CHECK-LABEL: tile.func public @specialized
// CHECK: %[[RA:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<3x128x64xf16, #nvmma, mutable>
// CHECK: %[[RB:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64x64xf16, #nvmma, mutable>
// CHECK: %[[FULL:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<3x1xi64, #{{.*}}, mutable>
// CHECK-COUNT-3: tilenv.init_barrier %{{.*}}, 1
// CHECK: %[[EMPTY:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<3x1xi64, #{{.*}}, mutable>
// CHECK-COUNT-3: tilenv.init_barrier %{{.*}}, 4
// CHECK-NOT: tile.splat
// CHECK-NOT: tilenv.async_tma_copy
// CHECK: tilenv.warp_specialize producer {
// CHECK-NEXT: scf.for %[[PIV:.*]] = %c0_i32 to %{{.*}} step %c1_i32 : i32 {
// CHECK-NEXT: %[[PSLOT:.*]] = arith.remui %[[PIV]], %c3_i32
// CHECK: %[[PROUND:.*]] = arith.divui %{{.*}}, %c3_i32
// CHECK: %[[PPHASE:.*]] = arith.andi %[[PROUND]], %c1_i32
// CHECK: %[[PARITY:.*]] = arith.xori %[[PPHASE]], %c1_i32
// CHECK: %[[E:.*]] = tilegpu.buffer_index %[[EMPTY]][%[[PSLOT]]]
// CHECK: tilenv.wait_barrier %[[E]], %[[PARITY]]
// CHECK: %[[F:.*]] = tilegpu.buffer_index %[[FULL]][%[[PSLOT]]]
// CHECK: tilenv.barrier_expect %[[F]], 24576, %true
// CHECK: %[[K:.*]] = arith.muli %[[PIV]], %c64_i32
// CHECK: tilenv.async_tma_copy %a[%row, %[[K]]], %{{.*}}, %[[F]], %true
// CHECK: tilenv.async_tma_copy %b[%[[K]], %col], %{{.*}}, %[[F]], %true
// CHECK-NEXT: }
// CHECK-NEXT: } default {
// CHECK: tile.splat %c
// CHECK: scf.for %[[IV:.*]] = %c0_i32 to %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK: %[[NOW:.*]] = arith.remui %[[IV]], %c3_i32
// CHECK: tilenv.wait_barrier
// CHECK-NOT: tilenv.async_tma_copy
// CHECK: tilenv.warpgroup_dot %{{.*}}, %{{.*}}, %[[ACC]] {isAsync}
// CHECK-NEXT: tilenv.warpgroup_dot_wait %{{.*}} {pendings = 1 : i32}
// CHECK-NEXT: %[[PREV:.*]] = arith.addi %[[IV]], %c2_i32
// CHECK-NEXT: %[[PSTAGE:.*]] = arith.remui %[[PREV]], %c3_i32
// CHECK-NEXT: %[[NOTFIRST:.*]] = arith.cmpi sgt, %[[IV]], %c0_i32
// CHECK-NEXT: %[[R:.*]] = tilegpu.buffer_index %[[EMPTY]][%[[PSTAGE]]]
// CHECK-NEXT: tilenv.arrive_barrier %[[R]], %[[NOTFIRST]]
// CHECK-NEXT: scf.yield
// CHECK: tilenv.warpgroup_dot_wait %{{.*}} {pendings = 0 : i32}
// CHECK-COUNT-6: tilenv.inval_barrier
// CHECK: tilegpu.local_dealloc %[[FULL]]
// CHECK: tilegpu.local_dealloc %[[EMPTY]]
// CHECK: tilegpu.local_dealloc %[[RA]]
// CHECK: tilegpu.local_dealloc %[[RB]]
// CHECK: tile.store
// CHECK-NEXT: }
// CHECK-NEXT: tile.return

// One CTA barrier before the split (the barriers' initialization), none in
// the producer, none in the loop; the kernel's warps meet once before the
// barriers are invalidated.
// BAR-LABEL: tile.func public @specialized
// BAR-COUNT-6: tilenv.init_barrier
// BAR-NEXT: gpu.barrier
// BAR-NEXT: tilenv.warp_specialize producer {
// BAR-NOT: gpu.barrier
// BAR: } default {
// BAR-NOT: gpu.barrier
// BAR: tilenv.warpgroup_dot_wait %{{.*}} {pendings = 0 : i32}
// BAR-NEXT: gpu.barrier
// BAR-NEXT: tilenv.inval_barrier
// BAR-NOT: gpu.barrier
// BAR: tile.return
tile.func public @specialized(%a: !tile.tensordesc<128x64xf16>, %b: !tile.tensordesc<64x64xf16>,
                              %c: !tile.ptr<f32>, %n: i32, %row: i32, %col: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
  %ptrs = tile.splat %c : !tile.ptr<f32> -> tensor<128x64x!tile.ptr<f32>, #mma>
  %res = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #mma>) : i32 {
    %k0 = arith.muli %iv, %c64 : i32
    %x = tile.descriptor_load %a[%row, %k0] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16, #blocked>
    %y = tile.descriptor_load %b[%k0, %col] : !tile.tensordesc<64x64xf16> -> tensor<64x64xf16, #blocked>
    %xa = tilegpu.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tilegpu.buffer<128x64xf16, #nvmma>
    %ya = tilegpu.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
    %d = tilenv.warpgroup_dot %xa, %ya, %acc : !tilegpu.buffer<128x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<128x64xf32, #mma>
    scf.yield %d : tensor<128x64xf32, #mma>
  }
  tile.store %ptrs, %res : tensor<128x64x!tile.ptr<f32>, #mma>
  tile.return
}
}

// -----

// A loop-carried index (k += 64) is carried by the producer's loop too,
// advanced one step an iteration. The stage is read by tilegpu.local_load
// (synchronously): it goes back at the end of its own iteration.
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
// CHECK-LABEL: tile.func public @carried_sync
// CHECK: tilenv.warp_specialize producer {
// CHECK: scf.for %{{.*}} = %c0_i32 to %n step %c1_i32 iter_args(%[[PK:[^ ]*]] = %c0_i32) -> (i32)
// CHECK: tilenv.wait_barrier
// CHECK: tilenv.barrier_expect %{{.*}}, 16384, %true
// CHECK: tilenv.async_tma_copy %a[%row, %[[PK]]]
// CHECK: %[[NEXTK:.*]] = arith.addi %[[PK]], %c64_i32
// CHECK-NEXT: scf.yield %[[NEXTK]] : i32
// CHECK: } default {
// CHECK: scf.for %[[IV:[^ ]*]] = %c0_i32
// CHECK: %[[NOW:.*]] = arith.remui %[[IV]], %c3_i32
// CHECK: tilenv.wait_barrier
// CHECK: tilegpu.local_load
// CHECK: %[[R:.*]] = tilegpu.buffer_index %{{.*}}[%[[NOW]]]
// CHECK-NEXT: tilenv.arrive_barrier %[[R]], %true
// CHECK-NEXT: scf.yield
tile.func public @carried_sync(%a: !tile.tensordesc<128x64xf16>, %c: !tile.ptr<f16>, %n: i32, %row: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x64xf16, #blocked>
  %res:2 = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero, %k = %c0) -> (tensor<128x64xf16, #blocked>, i32) : i32 {
    %x = tile.descriptor_load %a[%row, %k] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16, #blocked>
    %xa = tilegpu.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tilegpu.buffer<128x64xf16, #nvmma>
    %v = tilegpu.local_load %xa : !tilegpu.buffer<128x64xf16, #nvmma> -> tensor<128x64xf16, #blocked>
    %sum = arith.addf %acc, %v : tensor<128x64xf16, #blocked>
    %next = arith.addi %k, %c64 : i32
    scf.yield %sum, %next : tensor<128x64xf16, #blocked>, i32
  }
  %ptrs = tile.splat %c : !tile.ptr<f16> -> tensor<128x64x!tile.ptr<f16>, #blocked>
  tile.store %ptrs, %res#0 : tensor<128x64x!tile.ptr<f16>, #blocked>
  tile.return
}
}

// -----

// Not split, but pipelined as without warp-specialize: a store before the
// loop (the extra warp would run it too), a loop nested in an scf.if, and
// a function that returns the loop's result.
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
// CHECK-LABEL: tile.func public @store_before
// CHECK-NOT: tilenv.warp_specialize
// CHECK: tilenv.barrier_expect
// CHECK: scf.for
// CHECK-LABEL: tile.func public @nested
// CHECK-NOT: tilenv.warp_specialize
// CHECK: tilenv.barrier_expect
// CHECK: scf.for
// CHECK-LABEL: tile.func @returns
// CHECK-NOT: tilenv.warp_specialize
// CHECK: tilenv.barrier_expect
// CHECK: scf.for
tile.func public @store_before(%a: !tile.tensordesc<128x64xf16>, %c: !tile.ptr<f16>, %n: i32, %row: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x64xf16, #blocked>
  %ptrs = tile.splat %c : !tile.ptr<f16> -> tensor<128x64x!tile.ptr<f16>, #blocked>
  tile.store %ptrs, %zero : tensor<128x64x!tile.ptr<f16>, #blocked>
  %res = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf16, #blocked>) : i32 {
    %k = arith.muli %iv, %c64 : i32
    %x = tile.descriptor_load %a[%row, %k] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16, #blocked>
    %xa = tilegpu.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tilegpu.buffer<128x64xf16, #nvmma>
    %v = tilegpu.local_load %xa : !tilegpu.buffer<128x64xf16, #nvmma> -> tensor<128x64xf16, #blocked>
    %sum = arith.addf %acc, %v : tensor<128x64xf16, #blocked>
    scf.yield %sum : tensor<128x64xf16, #blocked>
  }
  tile.store %ptrs, %res : tensor<128x64x!tile.ptr<f16>, #blocked>
  tile.return
}
tile.func public @nested(%a: !tile.tensordesc<128x64xf16>, %c: !tile.ptr<f16>, %n: i32, %row: i32, %go: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x64xf16, #blocked>
  scf.if %go {
    %res = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf16, #blocked>) : i32 {
      %k = arith.muli %iv, %c64 : i32
      %x = tile.descriptor_load %a[%row, %k] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16, #blocked>
      %xa = tilegpu.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tilegpu.buffer<128x64xf16, #nvmma>
      %v = tilegpu.local_load %xa : !tilegpu.buffer<128x64xf16, #nvmma> -> tensor<128x64xf16, #blocked>
      %sum = arith.addf %acc, %v : tensor<128x64xf16, #blocked>
      scf.yield %sum : tensor<128x64xf16, #blocked>
    }
    %ptrs = tile.splat %c : !tile.ptr<f16> -> tensor<128x64x!tile.ptr<f16>, #blocked>
    tile.store %ptrs, %res : tensor<128x64x!tile.ptr<f16>, #blocked>
  }
  tile.return
}
tile.func @returns(%a: !tile.tensordesc<128x64xf16>, %n: i32, %row: i32) -> tensor<128x64xf16, #blocked> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x64xf16, #blocked>
  %res = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf16, #blocked>) : i32 {
    %k = arith.muli %iv, %c64 : i32
    %x = tile.descriptor_load %a[%row, %k] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16, #blocked>
    %xa = tilegpu.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tilegpu.buffer<128x64xf16, #nvmma>
    %v = tilegpu.local_load %xa : !tilegpu.buffer<128x64xf16, #nvmma> -> tensor<128x64xf16, #blocked>
    %sum = arith.addf %acc, %v : tensor<128x64xf16, #blocked>
    scf.yield %sum : tensor<128x64xf16, #blocked>
  }
  tile.return %res : tensor<128x64xf16, #blocked>
}
}

// -----

// cp.async streams are pipelined as without warp-specialize.
#shared = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0]}>
#blocked = #tilegpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
// CHECK-LABEL: tile.func public @cp_async
// CHECK-NOT: tilenv.warp_specialize
// CHECK: tilegpu.async_copy_global_to_local
// CHECK: scf.for
tile.func public @cp_async(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f16>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<1024xf16, #blocked>
  %range = tile.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>, #blocked>
  %ptrs = tile.addptr %base, %range : tensor<1024x!tile.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
  %res = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<1024xf16, #blocked>) : i32 {
    %x = tile.load %ptrs : tensor<1024x!tile.ptr<f16>, #blocked>
    %xa = tilegpu.local_alloc %x : (tensor<1024xf16, #blocked>) -> !tilegpu.buffer<1024xf16, #shared>
    %v = tilegpu.local_load %xa : !tilegpu.buffer<1024xf16, #shared> -> tensor<1024xf16, #blocked>
    %sum = arith.addf %acc, %v : tensor<1024xf16, #blocked>
    scf.yield %sum : tensor<1024xf16, #blocked>
  }
  %out = tile.splat %c : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>, #blocked>
  tile.store %out, %res : tensor<1024x!tile.ptr<f16>, #blocked>
  tile.return
}
}
