// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Two kernels of flash-linear-attention with f32 dots in ieee precision,
// which stay on the FMA units. tile-accelerate-matmul gives such a dot an
// accumulator of 4x4 elements per thread (where one per thread spread each
// row over the warp and made every thread hold all of A: 20 KB of spills
// in chunk_gla_bwd_kernel_dv) and reads both operands from row-major
// buffers, stored before either is read. Both kernels compile to PTX (and
// match Triton on the GPU: scripts/gpu-differential.sh); the lowering of
// slices of FMA dot operands, which these kernels once met, is covered by
// test/Conversion/TileToNVVM/layout-walk.mlir.
// RUN: tile-opt %S/Inputs/fla_chunk_gla_bwd_dv.ttir --tile-to-llvm="ttir sm=90 num-warps=2" -mlir-print-ir-before=convert-tile-to-nvvm -o /dev/null 2>&1 | FileCheck %s --check-prefix=FMA
// RUN: tile-translate %S/Inputs/fla_chunk_gla_bwd_dv.ttir --ttir --emit=ptx --sm=90a --num-warps=2 --num-stages=2 | FileCheck %s --check-prefix=DV
// RUN: tile-translate %S/Inputs/fla_merge_inverse.ttir --ttir --emit=ptx --sm=90a --num-warps=2 --num-stages=2 | FileCheck %s --check-prefix=MERGE
// merge_16x16_to_64x64_inverse fits the register file (504 bytes of spill
// stores with one element of an FMA accumulator per thread).
// REQUIRES: ptxas
// RUN: tile-translate %S/Inputs/fla_merge_inverse.ttir --ttir --emit=cubin --sm=90a --num-warps=2 --num-stages=2 --ptxas-info -o %t.merge.cubin 2>&1 | FileCheck %s --check-prefix=SPILLS

// FMA-DAG: #[[ACC:blocked[0-9]*]] = #tilegpu.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [2, 1], order = [1, 0]}>
// FMA-DAG: #[[A:dot_op[0-9]*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[ACC]]}>
// FMA-DAG: #[[B:dot_op[0-9]*]] = #tilegpu.dot_op<{opIdx = 1, parent = #[[ACC]]}>
// FMA-DAG: #[[ROWS:shared[0-9]*]] = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// FMA: %[[BA:.*]] = tilegpu.local_alloc {{.*}} -> !tilegpu.buffer<64x64xf32, #[[ROWS]]>
// FMA-NEXT: %[[BB:.*]] = tilegpu.local_alloc {{.*}} -> !tilegpu.buffer<64x64xf32, #[[ROWS]]>
// FMA-NEXT: gpu.barrier
// FMA-NEXT: %[[VA:.*]] = tilegpu.local_load %[[BA]] {{.*}} -> tensor<64x64xf32, #[[A]]>
// FMA-NEXT: %[[VB:.*]] = tilegpu.local_load %[[BB]] {{.*}} -> tensor<64x64xf32, #[[B]]>
// FMA-NEXT: tile.dot %[[VA]], %[[VB]], {{.*}} -> tensor<64x64xf32, #[[ACC]]>
// DV: .entry chunk_gla_bwd_kernel_dv(
// MERGE: .entry merge_16x16_to_64x64_inverse_kernel(
// SPILLS: 0 bytes spill stores, 0 bytes spill loads
