// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Triton programs that call libdevice (test/Differential/programs/libdevice.py,
// TTIR as Triton 3.6 prints it): an RMS norm's rsqrt of its row statistic (a
// scalar tt.extern_elementwise) and GEGLU's erf (a tensor one) compile, with
// libdevice linked and inlined.
// REQUIRES: ptxas
// RUN: tile-opt %S/Inputs/libdevice_rms_norm.ttir | FileCheck %s --check-prefix=IR
// IR: tile.extern_elementwise %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__nv_rsqrtf"} : (f32) -> f32
// RUN: tile-translate %S/Inputs/libdevice_rms_norm.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=RMS
// RMS-LABEL: .entry rms_norm_kernel(
// RMS-NOT: call
// RMS: rsqrt.approx.ftz.f32
// libdevice flushes subnormals for Triton programs (__CUDA_FTZ, as Triton
// links it), not for others.
// RUN: tile-translate %S/Inputs/libdevice_rms_norm.ttir --ttir=false --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=RMS-EXACT
// RMS-EXACT-LABEL: .entry rms_norm_kernel(
// RMS-EXACT-NOT: rsqrt.approx.ftz
// RMS-EXACT: rsqrt.approx.f32
// RUN: tile-translate %S/Inputs/libdevice_geglu.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=GEGLU
// RUN: tile-translate %S/Inputs/libdevice_geglu.ttir --emit=cubin --sm=90a --num-warps=4 -o %t.cubin
// GEGLU-LABEL: .entry geglu_kernel(
// GEGLU-NOT: call
// GEGLU-NOT: __nv_erff
// GEGLU: ret;
