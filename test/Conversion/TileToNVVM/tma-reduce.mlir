// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A TMA reduction: thread 0 reduces the buffer into global memory box by
// box with cp.reduce.async.bulk.tensor of the op's kind; the rest is a
// TMA store's (the bulk group, the wait for the buffer to be read).
// RUN: tile-opt %s -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s
// RUN: %if ptxas %{ tile-translate %s --keep-layouts --sm=90a --num-warps=4 --emit=ptx -o - | FileCheck %s --check-prefix=PTX %}

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.threads-per-warp" = 32 : i32, tilegpu.target = "sm_90a"} {
// CHECK-LABEL: gpu.func @reduce
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.reduce %[[DESC:.*]], %[[SRC:.*]], box[%[[COL:.*]], %[[ROW:.*]]] {redKind = #nvvm.tma_redux_kind<add>} : !llvm.ptr, <3>
// CHECK-NEXT: %[[COL2:.*]] = arith.addi %[[COL]], %c32_i32
// CHECK-NEXT: %[[SRC2:.*]] = llvm.getelementptr %[[SRC]][8192]
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.reduce %[[DESC]], %[[SRC2]], box[%[[COL2]], %[[ROW]]] {redKind = #nvvm.tma_redux_kind<add>}
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// PTX-LABEL: .entry reduce(
// PTX: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group
// PTX: cp.async.bulk.commit_group;
tile.func public @reduce(%d: !tile.tensordesc<64x64xf32>, %row: i32, %col: i32, %x: f32) {
  %v = tile.splat %x : f32 -> tensor<64x64xf32, #blocked>
  %buf = tilegpu.local_alloc %v : (tensor<64x64xf32, #blocked>) -> !tilegpu.buffer<64x64xf32, #nvmma>
  tilenv.async_tma_store reduce add %d[%row, %col], %buf : !tile.tensordesc<64x64xf32>, !tilegpu.buffer<64x64xf32, #nvmma>
  tilenv.async_tma_store_wait {pendings = 0 : i32}
  tilegpu.local_dealloc %buf : !tilegpu.buffer<64x64xf32, #nvmma>
  tile.return
}
}
