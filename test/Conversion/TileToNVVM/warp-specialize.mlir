// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s
// RUN: tile-opt %s -convert-tile-to-nvvm -convert-scf-to-cf -canonicalize -cse | tile-opt '-pass-pipeline=builtin.module(gpu.module(convert-gpu-to-nvvm,convert-nvvm-to-llvm))' | FileCheck %s --check-prefix=ASM
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
// The kernel runs one warp more (160 threads). The kernel's warps (warp
// index, from lane 0, below 4) run the default region, where CTA barriers
// become a named barrier for their 128 threads, each warp arrives once
// (lane 0, after the warp meets) with a predicated, branch-free arrival,
// and thread 0 invalidates; lane 0 of the extra warp runs the producer
// region and issues its copies itself, unpredicated (the intrinsic, with
// the destination as a shared::cluster address).
// CHECK-LABEL: gpu.func @ws
// CHECK-SAME: known_block_size = array<i32: 160, 1, 1>
// CHECK: %[[TID:.*]] = arith.index_castui %thread_id_x : index to i32
// CHECK: %[[LANE:.*]] = arith.remui %[[TID]], %c32_i32
// CHECK: %[[WARP:.*]] = arith.divui %[[TID]], %c32_i32
// CHECK: %[[FIRSTLANE:.*]] = arith.cmpi eq, %[[LANE]], %c0_i32
// CHECK: %[[FIRSTWARP:.*]] = arith.cmpi eq, %[[WARP]], %c0_i32
// CHECK: %[[THREAD0:.*]] = arith.andi %[[FIRSTLANE]], %[[FIRSTWARP]]
// CHECK: gpu.barrier
// CHECK: %[[UNIFORM:.*]] = nvvm.shfl.sync  idx %c-1_i32, %[[WARP]], %c0_i32, %c31_i32 : i32 -> i32
// CHECK: %[[KERNEL:.*]] = arith.cmpi ult, %[[UNIFORM]], %c4_i32
// CHECK: scf.if %[[KERNEL]] {
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity
// CHECK-NEXT: nvvm.bar.warp.sync %c-1_i32
// CHECK-NEXT: %[[ARRIVE:.*]] = arith.andi %arg2, %[[FIRSTLANE]]
// CHECK-NEXT: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %c0_i32, predicate = %[[ARRIVE]]
// CHECK-NEXT: nvvm.barrier id = %c1_i32 number_of_threads = %c128_i32
// CHECK-NEXT: scf.if %[[THREAD0]] {
// CHECK-NEXT: nvvm.mbarrier.inval
// CHECK: } else {
// CHECK-NEXT: scf.if %[[FIRSTLANE]] {
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity
// CHECK-NEXT: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %c8192_i32 : !llvm.ptr<3>, i32
// CHECK-NEXT: %[[DST:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr<3> to !llvm.ptr<7>
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[DST]], %arg0, %{{.*}}, box[%arg1, %arg1] : !llvm.ptr<7>, !llvm.ptr
// CHECK-NEXT: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %c0_i32, predicate = %arg2
// CHECK-NEXT: } {tilenv.producer}
// CHECK-NEXT: } {tilenv.kernel_threads = 128 : i32}
// CHECK-NEXT: gpu.return

// ASM-LABEL: llvm.func @ws
// ASM-SAME: nvvm.maxntid = array<i32: 160, 1, 1>
// ASM: nvvm.barrier0
// ASM: nvvm.shfl.sync
// ASM: llvm.inline_asm has_side_effects asm_dialect = att "@$2 mbarrier.arrive.expect_tx.shared.b64 _, [$0], $1;"
// ASM-NEXT: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
// ASM-NOT: nvvm.barrier0
// ASM: llvm.return
tile.func public @ws(%desc: !tile.tensordesc<64x64xf16>, %i: i32, %p: i1) {
  %true = arith.constant true
  %buf = tilegpu.local_alloc {tilegpu.offset = 0 : i32} : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  %full = tilegpu.local_alloc {tilegpu.offset = 8192 : i32} : () -> !tilegpu.buffer<1xi64, #shared, mutable>
  %empty = tilegpu.local_alloc {tilegpu.offset = 8200 : i32} : () -> !tilegpu.buffer<1xi64, #shared, mutable>
  tilenv.init_barrier %full, 1 : !tilegpu.buffer<1xi64, #shared, mutable>
  tilenv.init_barrier %empty, 4 : !tilegpu.buffer<1xi64, #shared, mutable>
  gpu.barrier
  tilenv.warp_specialize producer {
    tilenv.wait_barrier %empty, %i : !tilegpu.buffer<1xi64, #shared, mutable>
    tilenv.barrier_expect %full, 8192, %true : !tilegpu.buffer<1xi64, #shared, mutable>
    tilenv.async_tma_copy %desc[%i, %i], %buf, %full, %true : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #shared, mutable>
    tilenv.arrive_barrier %empty, %p : !tilegpu.buffer<1xi64, #shared, mutable>
  } default {
    tilenv.wait_barrier %full, %i : !tilegpu.buffer<1xi64, #shared, mutable>
    %v = tilegpu.local_load %buf : !tilegpu.buffer<64x64xf16, #nvmma, mutable> -> tensor<64x64xf16, #blocked>
    tilenv.arrive_barrier %empty, %p : !tilegpu.buffer<1xi64, #shared, mutable>
    gpu.barrier
    tilenv.inval_barrier %full : !tilegpu.buffer<1xi64, #shared, mutable>
  }
  tile.return
}
}
