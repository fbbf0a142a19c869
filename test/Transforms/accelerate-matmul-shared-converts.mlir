// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tile-accelerate-matmul on distributed IR whose dot operands share
// conversions: B's value converted on to A's layout. Each operand goes to
// shared memory in the layout it was computed in (one buffer here: a value
// already stored in the same layout is read from that buffer), and each
// conversion left without users is erased once (erasing the shared one
// twice was a use after free).
// RUN: tile-opt %s -tile-accelerate-matmul | FileCheck %s

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#opA = #tilegpu.dot_op<{opIdx = 0, parent = #blocked}>
#opB = #tilegpu.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.threads-per-warp" = 32 : i32, "tilegpu.target" = "sm_90a"} {
// CHECK-LABEL: tile.func @shared_convert
// CHECK-SAME: (%[[X:[^:]*]]: tensor<64x64xf16, #blocked>
// CHECK-NOT: #dot_op
// CHECK: %[[A:.*]] = tilegpu.local_alloc %[[X]]
// CHECK-NOT: tilegpu.local_alloc
// CHECK: tilenv.warpgroup_dot %[[A]], %[[A]]
// CHECK-NOT: #dot_op
// CHECK: tile.return
tile.func @shared_convert(%x: tensor<64x64xf16, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
  %b = tilegpu.convert_layout %x : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #opB>
  %a = tilegpu.convert_layout %b : tensor<64x64xf16, #opB> -> tensor<64x64xf16, #opA>
  %d = tile.dot %a, %b, %c : tensor<64x64xf16, #opA> * tensor<64x64xf16, #opB> -> tensor<64x64xf32, #blocked>
  tile.return %d : tensor<64x64xf32, #blocked>
}
}
