// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// mbarriers and TMA copies: thread 0 prefetches the tensor map,
// initializes, arms and invalidates the barrier and issues the copies;
// every thread waits. The descriptor parameter is recorded for
// tile-tensor-map-params.
// RUN: tile-opt %s -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s
// RUN: tile-opt %s -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -convert-scf-to-cf -canonicalize -cse | tile-opt '-pass-pipeline=builtin.module(gpu.module(convert-gpu-to-nvvm,convert-nvvm-to-llvm),tile-tensor-map-params)' | FileCheck %s --check-prefix=PARAMS

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#mma3 = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#mma2 = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90"} {
// CHECK-LABEL: gpu.func @copy
// CHECK-SAME: (%[[DESC:.*]]: !llvm.ptr, %{{.*}}: i32, %{{.*}}: i32, %[[P:.*]]: i1)
// CHECK-SAME: tilenv.tensormap_args = [{index = 0 : i32, type = !tile.tensordesc<64x128xf16>}]
// CHECK: %[[T0:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NEXT: nvvm.prefetch tensormap, %[[DESC]], predicate = %[[T0]]
// CHECK: scf.if %[[T0]] {
// CHECK-NEXT: nvvm.mbarrier.init %[[BAR:.*]], %c1_i32 : !llvm.ptr<3>, i32
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK-NEXT: }
// CHECK: gpu.barrier
// CHECK: %[[ARM:.*]] = arith.andi %[[T0]], %[[P]]
// CHECK: nvvm.mbarrier.arrive.expect_tx %[[BAR]], %c16384_i32, predicate = %[[ARM]]
// The 128-column block is two 64-column boxes (128 bytes each row), the
// second 8192 bytes after the first; coordinates run column first.
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[DST:.*]], %[[DESC]], %[[BAR]], box[%[[COL:.*]], %[[ROW:.*]]] predicate = %[[ARM]]
// CHECK: %[[COL2:.*]] = arith.addi %[[COL]], %c64_i32
// CHECK: %[[DST2:.*]] = llvm.getelementptr %[[DST]][8192]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[DST2]], %[[DESC]], %[[BAR]], box[%[[COL2]], %[[ROW]]] predicate = %[[ARM]]
// CHECK: nvvm.mbarrier.try_wait.parity %[[BAR]], %{{.*}}, %c10000000_i32
// CHECK: gpu.barrier
// CHECK: scf.if %[[T0]] {
// CHECK-NEXT: nvvm.mbarrier.inval %[[BAR]]

// PARAMS: llvm.func @copy(%{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %{{.*}}: i32
tile.func public @copy(%d: !tile.tensordesc<64x128xf16>, %row: i32, %col: i32, %p: i1) {
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<64x128xf16, #nvmma, mutable>
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.init_barrier %b, 1 : !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.barrier_expect %b, 16384, %p : !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.async_tma_copy %d[%row, %col], %buf, %b, %p : !tile.tensordesc<64x128xf16>, !tilegpu.buffer<64x128xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.wait_barrier %b, %row : !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.inval_barrier %b : !tilegpu.buffer<1xi64, #bar, mutable>
  tile.return
}

// Arming and copies after a tile.dot in a loop body (tile-pipeline issues
// a synchronous dot's copies after it) are the leader's behind one branch
// each, their instructions unpredicated: the other warps jump over them.
// Before the dot they stay predicated instructions.
// CHECK-LABEL: gpu.func @copy_after_dot
// CHECK: scf.for
// CHECK: %[[LEAD:.*]] = arith.andi %{{.*}}, %arg3 : i1
// CHECK-NEXT: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %c8192_i32, predicate = %[[LEAD]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] predicate = %[[LEAD]]
// CHECK: scf.if %[[LEAD]] {
// CHECK-NEXT: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %c8192_i32 : !llvm.ptr<3>, i32
// CHECK-NEXT: }
// CHECK: scf.if %[[LEAD]] {
// CHECK-NEXT: llvm.addrspacecast
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] :
// CHECK-NEXT: }
tile.func public @copy_after_dot(%d: !tile.tensordesc<64x64xf16>, %row: i32, %col: i32, %p: i1, %n: i32) {
  %x = arith.constant dense<1.0> : tensor<32x16xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>>
  %y = arith.constant dense<1.0> : tensor<16x32xf16, #tilegpu.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>>
  %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma2>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.init_barrier %b, 1 : !tilegpu.buffer<1xi64, #bar, mutable>
  %res = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #mma2>) : i32 {
    tilenv.barrier_expect %b, 8192, %p : !tilegpu.buffer<1xi64, #bar, mutable>
    tilenv.async_tma_copy %d[%row, %col], %buf, %b, %p : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #bar, mutable>
    tilenv.wait_barrier %b, %iv : !tilegpu.buffer<1xi64, #bar, mutable>
    %next = tile.dot %x, %y, %acc : tensor<32x16xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>> * tensor<16x32xf16, #tilegpu.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>> -> tensor<32x32xf32, #mma2>
    tilenv.barrier_expect %b, 8192, %p : !tilegpu.buffer<1xi64, #bar, mutable>
    tilenv.async_tma_copy %d[%row, %col], %buf, %b, %p : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #bar, mutable>
    tilenv.wait_barrier %b, %iv : !tilegpu.buffer<1xi64, #bar, mutable>
    scf.yield %next : tensor<32x32xf32, #mma2>
  }
  tilenv.inval_barrier %b : !tilegpu.buffer<1xi64, #bar, mutable>
  tile.return
}

// A TMA store: the wgmma accumulator (f16) goes to the NVMMA buffer with
// stmatrix (a thread's 32 pairs, eight stmatrix.x4), each lane's row
// placed by the 128-byte swizzle (its 16-byte group xor the row, times 8
// elements); every thread fences its writes for the async proxy before
// the barrier; thread 0 copies the two 64-column boxes out (8192 bytes
// apart, column coordinate first); every thread closes a bulk group (so
// that a store is one group in every thread) and waits for the copy to
// have read the buffer.
// CHECK-LABEL: gpu.func @store
// CHECK-SAME: tilenv.tensormap_args = [{index = 0 : i32, type = !tile.tensordesc<64x128xf16>}]
// CHECK: %[[GROUP:.*]] = arith.xori
// CHECK: arith.muli %[[GROUP]], %c8_i32
// CHECK-COUNT-8: nvvm.stmatrix
// CHECK-NOT: nvvm.stmatrix
// CHECK-NOT: llvm.store
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: gpu.barrier
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.global.shared.cta %[[DESC:.*]], %[[SRC:.*]], box[%[[COL:.*]], %[[ROW:.*]]] : !llvm.ptr, <3>
// CHECK-NEXT: %[[COL2:.*]] = arith.addi %[[COL]], %c64_i32
// CHECK-NEXT: %[[SRC2:.*]] = llvm.getelementptr %[[SRC]][8192]
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.global.shared.cta %[[DESC]], %[[SRC2]], box[%[[COL2]], %[[ROW]]]
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
tile.func public @store(%d: !tile.tensordesc<64x128xf16>, %row: i32, %col: i32, %x: f16) {
  %v = tile.splat %x : f16 -> tensor<64x128xf16, #mma3>
  %buf = tilegpu.local_alloc %v : (tensor<64x128xf16, #mma3>) -> !tilegpu.buffer<64x128xf16, #nvmma>
  tilenv.async_tma_store %d[%row, %col], %buf : !tile.tensordesc<64x128xf16>, !tilegpu.buffer<64x128xf16, #nvmma>
  tilenv.async_tma_store_wait {pendings = 0 : i32}
  tilegpu.local_dealloc %buf : !tilegpu.buffer<64x128xf16, #nvmma>
  tile.return
}
}
