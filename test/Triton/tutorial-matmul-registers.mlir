// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Triton's tutorial matmul (Inputs/tutorial_matmul.ttir) fits the register
// file: no spills (before the alignment analysis kept runs through its
// wrapped offsets, 255 registers and 1284 bytes of spill stores).
// REQUIRES: ptxas
// RUN: tile-translate %S/Inputs/tutorial_matmul.ttir --ttir --emit=cubin --sm=90a --num-warps=8 --num-stages=3 --ptxas-info -o %t.cubin 2>&1 | FileCheck %s

// CHECK: 0 bytes spill stores, 0 bytes spill loads
