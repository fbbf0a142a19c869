// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The CPU half of test/Differential/programs/layers.py, on Triton's TTIR of
// two of its kernels.
//
// conv2d as an implicit GEMM (NHWC, 3x3, stride 2; 128x128x32 blocks, 4
// warps, 3 stages): the pixel and channel indices (divisions and
// remainders by run-time sizes) are computed in the copies' layout, so no
// conversion is left in the K loop and nothing spills. Before, four i1
// masks went through shared memory every K step and the kernel spilled
// 204 bytes at 255 registers.
// REQUIRES: ptxas
// RUN: tile-opt %S/Inputs/conv2d_nhwc_3x3_s2.ttir --tile-to-llvm="ttir sm=90 arch-specific num-warps=4 num-stages=3" -mlir-print-ir-before=convert-tile-to-nvvm -o /dev/null 2>&1 | FileCheck %s --check-prefix=CONV
// RUN: tile-translate %S/Inputs/conv2d_nhwc_3x3_s2.ttir --ttir --emit=cubin --sm=90a --num-warps=4 --num-stages=3 --ptxas-info -o %t.conv.cubin 2>&1 | FileCheck %s --check-prefix=SPILLS
//
// The LSTM cell's sigmoids and tanh (1 / (1 + exp(-x))) in Triton's
// instructions: no IEEE reciprocal, no libdevice exponential.
// RUN: tile-translate %S/Inputs/lstm_cell.ttir --ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=LSTM
// RUN: tile-translate %S/Inputs/lstm_cell.ttir --ttir --emit=cubin --sm=90a --num-warps=4 --ptxas-info -o %t.lstm.cubin 2>&1 | FileCheck %s --check-prefix=SPILLS

// CONV: scf.for
// CONV-NOT: tilegpu.convert_layout
// CONV: tilenv.warpgroup_dot
// CONV-NOT: tilegpu.convert_layout
// CONV: scf.yield

// SPILLS: 0 bytes spill stores, 0 bytes spill loads

// LSTM-NOT: rcp.rn.f32
// LSTM-NOT: ex2.approx.ftz.f32
// LSTM: ex2.approx.f32
// LSTM-NOT: rcp.rn.f32
// LSTM: div.full.f32
// LSTM-NOT: rcp.rn.f32
// LSTM-NOT: ex2.approx.ftz.f32
