// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// flash-linear-attention's chunk_gla_bwd_kernel_inter on two warps: its K
// loop has two iterations, which tile-split-copy-masks splits into two
// copies of the body without a loop. At 255 registers ptxas 13.0 spills
// 688 bytes of that straight-line code and 168 of the loop kept whole.
// Assembling (here --ptxas-info; a cubin alike), tile-translate
// lowers the kernel again with the loop whole and keeps that form; without
// --tune-registers the split form stays.
// REQUIRES: ptxas
// RUN: tile-translate %S/Inputs/fla_chunk_gla_bwd_inter.ttir --emit=ptx --sm=90a --num-warps=2 --num-stages=2 --ptxas-info -o %t.ptx 2>&1 | FileCheck %s --check-prefix=INFO
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: tile-translate %S/Inputs/fla_chunk_gla_bwd_inter.ttir --emit=ptx --sm=90a --num-warps=2 --num-stages=2 --ptxas-info --tune-registers=false -o %t.split.ptx 2>&1 | FileCheck %s --check-prefix=INFO
// RUN: FileCheck %s --input-file=%t.split.ptx --check-prefix=SPLIT

// The report is the kept form's, one kernel.
// INFO: Compiling entry function 'chunk_gla_bwd_kernel_inter'
// INFO-NOT: Compiling entry function

// CHECK: .entry chunk_gla_bwd_kernel_inter(
// CHECK: $L__BB0_[[LOOP:[0-9]+]]:
// CHECK: mma.sync
// CHECK: bra {{.*}}$L__BB0_[[LOOP]];
// SPLIT: .entry chunk_gla_bwd_kernel_inter(
// SPLIT-NOT: bra
// SPLIT: ret;
