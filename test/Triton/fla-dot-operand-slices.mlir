// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Two kernels of flash-linear-attention whose ranges, expanded into an FMA
// dot's operand, take a slice of the operand's layout
// (tile-remove-layout-conversions); the lowering once rejected such slices
// ("'tile.make_range' op uses layout #tilegpu.slice<{dim = 1, parent =
// #tilegpu.dot_op<...>}>, which convert-tile-to-nvvm does not lower yet").
// Both now compile to PTX (and match Triton on the GPU:
// scripts/gpu-differential.sh).
// RUN: tile-opt %S/Inputs/fla_chunk_gla_bwd_dv.ttir --tile-to-llvm="ttir sm=90 num-warps=2" -mlir-print-ir-before=convert-tile-to-nvvm -o /dev/null 2>&1 | FileCheck %s --check-prefix=SLICE
// RUN: tile-translate %S/Inputs/fla_chunk_gla_bwd_dv.ttir --ttir --emit=ptx --sm=90a --num-warps=2 --num-stages=2 | FileCheck %s --check-prefix=DV
// RUN: tile-translate %S/Inputs/fla_merge_inverse.ttir --ttir --emit=ptx --sm=90a --num-warps=2 --num-stages=2 | FileCheck %s --check-prefix=MERGE

// SLICE-DAG: #[[OPERAND:dot_op[0-9]*]] = #tilegpu.dot_op<{opIdx = 0, parent = #blocked
// SLICE-DAG: #[[SLICE:slice[0-9]*]] = #tilegpu.slice<{dim = 1, parent = #[[OPERAND]]}>
// SLICE: tile.make_range {{.*}} : tensor<64xi32, #[[SLICE]]>
// DV: .entry chunk_gla_bwd_kernel_dv(
// MERGE: .entry merge_16x16_to_64x64_inverse_kernel(
