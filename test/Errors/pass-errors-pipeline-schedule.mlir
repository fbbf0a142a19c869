// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tile-pipeline carries out the schedule tile-schedule-loops recorded; a
// schedule that its loop no longer fits (written by hand, or changed by a
// pass in between) is an error located where it fails, never a crash.
// RUN: tile-opt %s -split-input-file -tile-pipeline -verify-diagnostics

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @step_two(%p: tensor<64x32x!tile.ptr<f16>, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  // expected-error @below {{cannot be pipelined: it needs a constant lower bound of at least 0, a step of 1 and 2 or more stages}}
  scf.for %iv = %c0 to %n step %c2 : i32 {
    %x = tile.load %p {tilegpu.staged} : tensor<64x32x!tile.ptr<f16>, #blocked>
    %buf = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %v = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  } {tilegpu.num_stages = 3 : i32}
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @not_staged_through_shared(%p: tensor<64x32x!tile.ptr<f16>, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %iv = %c0 to %n step %c1 : i32 {
    // expected-error @below {{is staged but cannot be copied ahead: its only use must be a shared buffer its loop reads, its operands computed in the loop without side effects}}
    %x = tile.load %p {tilegpu.staged} : tensor<64x32x!tile.ptr<f16>, #blocked>
    %y = arith.addf %x, %x : tensor<64x32xf16, #blocked>
  } {tilegpu.num_stages = 3 : i32}
  tile.return
}
}

// -----

// A producer issues TMA copies only.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
tile.func public @specialized_cp_async(%p: tensor<64x32x!tile.ptr<f16>, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @below {{cannot be warp-specialized: it needs TMA copies only, and to sit in its kernel's body after nothing but ops the extra warp can run or pure tensor ops}}
  scf.for %iv = %c0 to %n step %c1 : i32 {
    %x = tile.load %p {tilegpu.staged} : tensor<64x32x!tile.ptr<f16>, #blocked>
    %buf = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %v = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  } {tilegpu.num_stages = 3 : i32, tilenv.warp_specialized}
  tile.return
}
}

// -----

// The producer's "empty" barriers count the kernel's warps.
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @below {{tile-pipeline needs the distributed level (tilegpu.num-warps): run tile-assign-layouts first}}
module attributes {tilegpu.target = "sm_90a"} {
tile.func public @no_warps(%a: !tile.tensordesc<128x64xf16>, %n: i32, %row: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %iv = %c0 to %n step %c1 : i32 {
    %x = tile.descriptor_load %a[%row, %iv] {tilegpu.staged} : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16, #blocked>
    %xa = tilegpu.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tilegpu.buffer<128x64xf16, #nvmma>
    %v = tilegpu.local_load %xa : !tilegpu.buffer<128x64xf16, #nvmma> -> tensor<128x64xf16, #blocked>
  } {tilegpu.num_stages = 3 : i32, tilenv.warp_specialized}
  tile.return
}
}

// -----

// A deferred dot's products go to the next iteration untouched, to be
// waited for after its synchronous dot: here they are added to first.
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
tile.func public @deferred_alone(%a: !tilegpu.buffer<64x64xf16, #nvmma>, %b: !tilegpu.buffer<64x64xf16, #nvmma>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    // expected-error @below {{is deferred, but its products are not carried to a synchronous warpgroup dot of the next iteration}}
    %d = tilenv.warpgroup_dot %a, %b, %zero {tilenv.async_dot = "deferred"} : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<64x64xf32, #mma>
    %e = arith.addf %d, %acc : tensor<64x64xf32, #mma>
    scf.yield %e : tensor<64x64xf32, #mma>
  } {tilegpu.num_stages = 3 : i32}
  tile.return
}
}

// -----

// A loop keeps one warpgroup dot in flight.
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
tile.func public @two_in_flight(%a: !tile.tensordesc<64x64xf16>, %b: !tile.tensordesc<64x64xf16>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %r:2 = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero, %acc2 = %zero) -> (tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>) : i32 {
    %x = tile.descriptor_load %a[%iv, %iv] {tilegpu.staged} : !tile.tensordesc<64x64xf16> -> tensor<64x64xf16, #blocked>
    %xa = tilegpu.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
    %y = tile.descriptor_load %b[%iv, %iv] {tilegpu.staged} : !tile.tensordesc<64x64xf16> -> tensor<64x64xf16, #blocked>
    %ya = tilegpu.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
    %d = tilenv.warpgroup_dot %xa, %ya, %acc {tilenv.async_dot = "carried"} : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<64x64xf32, #mma>
    // expected-error @below {{is a second warpgroup dot left in flight in its loop, which keeps one}}
    %e = tilenv.warpgroup_dot %xa, %ya, %acc2 {tilenv.async_dot = "carried"} : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<64x64xf32, #mma>
    scf.yield %d, %e : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
  } {tilegpu.num_stages = 3 : i32}
  tile.return
}
}

// -----

// A carried dot must meet the scheduler's conditions: here its operands
// are not staged.
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
tile.func public @unstaged_carried(%a: !tilegpu.buffer<64x64xf16, #nvmma>, %b: !tilegpu.buffer<64x64xf16, #nvmma>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    // expected-error @below {{cannot be carried in flight: it needs staged operands, an iteration argument as its accumulator that only it reads, and its result carried back to it}}
    %d = tilenv.warpgroup_dot %a, %b, %acc {tilenv.async_dot = "carried"} : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  } {tilegpu.num_stages = 3 : i32}
  tile.return
}
}

// -----

// Multicast copies hand their stages back through a producer's barriers.
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a", "tilegpu.cluster-size" = 2 : i32} {
tile.func public @multicast_alone(%a: !tile.tensordesc<128x64xf16>, %n: i32, %row: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @below {{multicasts copies without a producer warp ('tilenv.warp_specialized')}}
  scf.for %iv = %c0 to %n step %c1 : i32 {
    %x = tile.descriptor_load %a[%row, %iv] {tilegpu.staged, tilenv.multicast} : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16, #blocked>
    %xa = tilegpu.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tilegpu.buffer<128x64xf16, #nvmma>
    %v = tilegpu.local_load %xa : !tilegpu.buffer<128x64xf16, #nvmma> -> tensor<128x64xf16, #blocked>
  } {tilegpu.num_stages = 3 : i32}
  tile.return
}
}

// -----

// A staged load outside any scheduled loop was scheduled for nothing.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @stray(%p: tensor<64x32x!tile.ptr<f16>, #blocked>) {
  // expected-error @below {{has 'tilegpu.staged' outside the body of a loop with 'tilegpu.num_stages'}}
  %x = tile.load %p {tilegpu.staged} : tensor<64x32x!tile.ptr<f16>, #blocked>
  tile.return
}
}

// -----

// Where the copies ahead go is part of a loop's schedule: without stages
// there are none.
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @stray_issue_last(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @below {{has 'tilegpu.issue_last' but no 'tilegpu.num_stages'}}
  scf.for %iv = %c0 to %n step %c1 : i32 {
  } {tilegpu.issue_last}
  tile.return
}
}
