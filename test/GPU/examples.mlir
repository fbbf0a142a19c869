// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Every example kernel on the GPU at sizes that are and are not multiples of
// its block, checked against CPU references (float64), through tile-run-check.
// REQUIRES: cuda-gpu, ptxas
// RUN: bash %tile_src_root/scripts/compile-examples.sh %t tile-translate
// RUN: bash %tile_src_root/scripts/gpu-check.sh %t tile-run-check | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: gpu-check: 0 failure(s)
