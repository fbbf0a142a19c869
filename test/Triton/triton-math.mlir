// Triton's f32 `exp` and `/` lower to its approximate instructions with
// --ttir (tile-triton-math), and correctly rounded without it.
//
// RUN: sed -E 's/(^|[^A-Za-z0-9_])tt\./\1tile./g' %S/Inputs/softmax.ttir | tile-translate - --ttir --emit=ptx --sm=90 --num-warps=4 | FileCheck %s --check-prefix=TTIR
// RUN: sed -E 's/(^|[^A-Za-z0-9_])tt\./\1tile./g' %S/Inputs/softmax.ttir | tile-opt --tile-to-llvm="ttir sm=90 num-warps=4" -mlir-print-ir-after=tile-triton-math -o /dev/null 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: sed -E 's/(^|[^A-Za-z0-9_])tt\./\1tile./g' %S/Inputs/softmax.ttir | tile-translate - --emit=ptx --sm=90 --num-warps=4 | FileCheck %s --check-prefix=EXACT

// TTIR: ex2.approx.f32
// TTIR-NOT: ex2.approx.ftz
// TTIR: div.full.f32
// TTIR-NOT: div.rn.f32
// TTIR-NOT: rcp.rn.f32

// PASS: math.exp %{{.*}} fastmath<afn> : tensor<{{.*}}xf32>
// PASS: arith.divf %{{.*}}, %{{.*}} fastmath<afn> : tensor<{{.*}}xf32>

// EXACT-NOT: div.full.f32
// EXACT: {{div.rn.f32|rcp.rn.f32}}
