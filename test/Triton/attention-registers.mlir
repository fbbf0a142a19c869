// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The flash-attention forward (Inputs/attention_*.ttir) fits the register
// file: no spills (255 registers and 1-2 KB of spills while the
// accumulator and the products crossed layouts in the loop).
// REQUIRES: ptxas
// RUN: tile-translate %S/Inputs/attention_d64_full.ttir --ttir --emit=cubin --sm=90a --num-warps=8 --num-stages=3 --ptxas-info -o %t.d64.cubin 2>&1 | FileCheck %s
// RUN: tile-translate %S/Inputs/attention_d128_causal.ttir --ttir --emit=cubin --sm=90a --num-warps=8 --num-stages=3 --ptxas-info -o %t.d128.cubin 2>&1 | FileCheck %s

// CHECK: 0 bytes spill stores, 0 bytes spill loads
