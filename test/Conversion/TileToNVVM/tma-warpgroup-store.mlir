// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A warpgroup_tma_store: each warpgroup (the uniform warp index / 4)
// writes its 64 rows chunk by chunk: two stmatrix.x4 a warp per 32-column
// chunk (their rows placed by the 64-byte swizzle), the proxy fence, the
// wait for the copy that read the other slot, the warpgroup's named
// barrier (2 + its index, 128 threads), and the copy from its rows of the
// slot (4096 bytes a warpgroup), issued by its first thread through the
// predicate; the second chunk goes to the second slot, 8192 bytes on. No
// CTA barrier anywhere. The tensor map's box is the warpgroup's chunk.
// RUN: tile-opt %s -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s --implicit-check-not=gpu.barrier
// RUN: tile-translate %s --keep-layouts --sm=90a --num-warps=8 --emit=llvmir -o /dev/null --kernel-info=%t.info
// RUN: FileCheck %s --check-prefix=INFO < %t.info

#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
module attributes {"tilegpu.num-warps" = 8 : i32, tilegpu.target = "sm_90a"} {
// CHECK-LABEL: gpu.func @store
// CHECK-SAME: (%[[DESC:.*]]: !llvm.ptr, %[[ROW0:.*]]: i32, %[[COL0:.*]]: i32, %{{.*}}: f16)
// CHECK-SAME: tilenv.tensormap_args = [{box = array<i64: 64, 32>, index = 0 : i32, swizzle = 64 : i32, type = !tile.tensordesc<128x64xf16>}]
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem
// Thread 0 prefetches the tensor map at entry.
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %{{.*}}, %c0_i32
// CHECK: %[[T0:.*]] = arith.andi %[[FIRST]], %{{.*}}
// CHECK-NEXT: nvvm.prefetch tensormap, %[[DESC]], predicate = %[[T0]]
// CHECK: %[[WARP:.*]] = nvvm.shfl.sync idx
// CHECK: %[[GROUP:.*]] = arith.divui %[[WARP]], %c4_i32
// CHECK: %[[INGROUP:.*]] = arith.remui %[[WARP]], %c4_i32
// CHECK: %[[FIRSTWARP:.*]] = arith.cmpi eq, %[[INGROUP]], %c0_i32
// CHECK: %[[LEADER:.*]] = arith.andi %[[FIRSTWARP]], %[[FIRST]]
// CHECK: %[[BAR:.*]] = arith.addi %[[GROUP]], %c2_i32
// CHECK: %[[ROWS:.*]] = arith.muli %[[GROUP]], %c64_i32
// CHECK: %[[ROW:.*]] = arith.addi %[[ROW0]], %[[ROWS]]
// CHECK: %[[OFFSET:.*]] = arith.muli %[[GROUP]], %c4096_i32
// CHECK: arith.xori
// CHECK: nvvm.stmatrix
// CHECK: arith.xori
// CHECK: nvvm.stmatrix
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK-NEXT: nvvm.barrier id = %[[BAR]] number_of_threads = %c128_i32
// CHECK-NEXT: %[[SRC0:.*]] = llvm.getelementptr %[[SMEM]][%[[OFFSET]]]
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.global.shared.cta %[[DESC]], %[[SRC0]], box[%[[COL0]], %[[ROW]]], predicate = %[[LEADER]]
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: %[[SLOT1:.*]] = llvm.getelementptr %[[SMEM]][8192]
// CHECK: nvvm.stmatrix
// CHECK: nvvm.stmatrix
// CHECK-NEXT: nvvm.fence.proxy
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK-NEXT: nvvm.barrier id = %[[BAR]] number_of_threads = %c128_i32
// CHECK-NEXT: %[[COL1:.*]] = arith.addi %[[COL0]], %c32_i32
// CHECK-NEXT: %[[SRC1:.*]] = llvm.getelementptr %[[SLOT1]][%[[OFFSET]]]
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.global.shared.cta %[[DESC]], %[[SRC1]], box[%[[COL1]], %[[ROW]]], predicate = %[[LEADER]]
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NOT: nvvm.stmatrix
// CHECK: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK-NEXT: gpu.return
// INFO: kernel store threads 256 shared 16384
// INFO-NEXT: tensormap store 0 2 64 32 64
tile.func public @store(%d: !tile.tensordesc<128x64xf16>, %row: i32, %col: i32, %x: f16) {
  %v = tile.splat %x : f16 -> tensor<128x64xf16, #mma>
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<2x128x32xf16, #nvmma64, mutable>
  tilenv.warpgroup_tma_store %d[%row, %col], %v, %buf : !tile.tensordesc<128x64xf16>, tensor<128x64xf16, #mma>, !tilegpu.buffer<2x128x32xf16, #nvmma64, mutable>
  tilenv.async_tma_store_wait {pendings = 0 : i32}
  tilegpu.local_dealloc %buf : !tilegpu.buffer<2x128x32xf16, #nvmma64, mutable>
  tile.return
}
}
