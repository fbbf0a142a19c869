// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Triton programs over fp8 (test/Differential/programs/fp8.py, TTIR as
// Triton 3.6 prints it): fp8 elements load and store as bytes, and
// tt.fp_to_fp into fp8 is PTX's saturating round-to-nearest conversion,
// out of it the conversion to f16 pairs, as Triton's own PTX has them. An
// fp8 dot on 8 warps is a wgmma of its formats (b stored K-major, whether
// it was loaded N- or K-contiguous); on 2 warps, with no warpgroup, its
// operands become f16 for mma.sync.
// REQUIRES: ptxas
// RUN: tile-translate %S/Inputs/fp8_matmul_e4m3.ttir --emit=ptx --sm=90a --num-warps=8 --num-stages=3 | FileCheck %s --check-prefix=WGMMA
// WGMMA-LABEL: .entry matmul_kernel(
// WGMMA: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3
// RUN: tile-translate %S/Inputs/fp8_matmul_e4m3_e5m2_bt.ttir --emit=ptx --sm=90a --num-warps=8 --num-stages=3 | FileCheck %s --check-prefix=MIXED
// MIXED-LABEL: .entry matmul_kernel(
// MIXED: cp.async.cg.shared.global
// MIXED: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e5m2
// RUN: tile-translate %S/Inputs/fp8_matmul_two_warps.ttir --emit=ptx --sm=90a --num-warps=2 --num-stages=3 | FileCheck %s --check-prefix=HALF
// HALF-LABEL: .entry matmul_kernel(
// HALF: cvt.rn.f16x2.e5m2x2
// HALF: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// RUN: tile-translate %S/Inputs/fp8_quantize.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=QUANT
// QUANT-LABEL: .entry quantize_kernel(
// QUANT: cvt.rn.satfinite.e4m3x2.f32
// QUANT: st.global.u8
// QUANT: ld.global.u8
// QUANT: cvt.rn.f16x2.e4m3x2
// QUANT: cvt.f32.f16
// RUN: tile-translate %S/Inputs/fp8_round_trip_f16.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=F16
// F16-LABEL: .entry round_trip_kernel(
// F16: cvt.rn.satfinite.e5m2x2.f16x2
// F16: cvt.rn.f16x2.e5m2x2
// RUN: tile-translate %S/Inputs/fp8_round_trip_bf16.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=BF16
// BF16-LABEL: .entry round_trip_kernel(
// BF16: cvt.f32.bf16
// BF16: cvt.rn.satfinite.e4m3x2.f32
// BF16: cvt.rn.f16x2.e4m3x2
// BF16: cvt.rn.bf16.f32
