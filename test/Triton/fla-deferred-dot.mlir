// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// flash-linear-attention's chunk_gla_bwd_kernel_inter with four warps (one
// warpgroup): of its loop's two warpgroup dots the second is deferred to
// the next iteration, retired after that iteration's first dot. Its B
// operand, stored from registers, stays live until then: the first dot's B,
// stored before that wait, is placed beside it, not over it
// (tile-insert-barriers rejected the kernel when the two shared memory).
// RUN: tile-opt %S/Inputs/fla_chunk_gla_bwd_inter.ttir "--tile-to-llvm=sm=90 arch-specific=true num-warps=4 num-stages=2 ttir=true" --mlir-print-ir-before=convert-tile-to-nvvm -o /dev/null 2>&1 | FileCheck %s
// RUN: tile-translate %S/Inputs/fla_chunk_gla_bwd_inter.ttir --emit=ptx --sm=90a --num-warps=4 --num-stages=2 | FileCheck %s --check-prefix=PTX

// The deferred dot, the next iteration's synchronous dot, then its wait;
// tile-insert-barriers (whose check failed the kernel before) accepts it.
// CHECK: %[[D:.*]] = tilenv.warpgroup_dot {{.*}} {isAsync}
// CHECK: tilenv.warpgroup_dot {{.*}} : !tilegpu.buffer
// CHECK-NEXT: tilenv.warpgroup_dot_wait %[[D]] {pendings = 0 : i32}
// PTX: .entry chunk_gla_bwd_kernel_inter(
