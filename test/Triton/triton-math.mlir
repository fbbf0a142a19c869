// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Triton's f32 `exp` and `/` lower to its approximate instructions with
// --ttir (tile-triton-math; a .ttir file implies it), and correctly rounded
// without it.
//
// RUN: tile-translate %S/Inputs/softmax.ttir --ttir --emit=ptx --sm=90 --num-warps=4 | FileCheck %s --check-prefix=TTIR
// RUN: tile-opt %S/Inputs/softmax.ttir --tile-to-llvm="ttir sm=90 num-warps=4" -mlir-print-ir-after=tile-triton-math -o /dev/null 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: tile-translate %S/Inputs/softmax.ttir --emit=ptx --sm=90 --num-warps=4 | FileCheck %s --check-prefix=TTIR
// RUN: tile-translate %S/Inputs/softmax.ttir --ttir=false --emit=ptx --sm=90 --num-warps=4 | FileCheck %s --check-prefix=EXACT

// TTIR: ex2.approx.f32
// TTIR-NOT: ex2.approx.ftz
// TTIR: div.full.f32
// TTIR-NOT: div.rn.f32
// TTIR-NOT: rcp.rn.f32

// PASS: math.exp %{{.*}} fastmath<afn> : tensor<{{.*}}xf32>
// PASS: arith.divf %{{.*}}, %{{.*}} fastmath<afn> : tensor<{{.*}}xf32>

// EXACT-NOT: div.full.f32
// EXACT: {{div.rn.f32|rcp.rn.f32}}
