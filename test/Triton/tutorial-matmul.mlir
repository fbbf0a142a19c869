// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Triton's tutorial matmul from its TTIR: B's offsets are
// (pid_n * 256 + arange(0, 256)) % N, with tl.assume(pid_n >= 0) and N a
// multiple of 16. The alignment analysis keeps runs of 16 through the
// remainder, so both operands are read with 16-byte cp.async copies in the
// pipelined loop (no synchronous ld.global), and the kernel fits the
// register file. With contiguity 1 for the remainder, B took 128
// synchronous loads per iteration and 1.3 KB of spills.
// RUN: tile-translate %S/Inputs/tutorial_matmul.ttir --ttir --emit=ptx --sm=90a --num-warps=8 --num-stages=3 | FileCheck %s

// CHECK-LABEL: .entry matmul_kernel(
// CHECK-NOT: ld.global
// CHECK: cp.async.cg.shared.global {{.*}}, 16
// CHECK-NOT: ld.global
// CHECK: wgmma.mma_async
// CHECK-NOT: ld.global
// CHECK: ret;
