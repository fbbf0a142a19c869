// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Before sm_80 there is no mma.sync: dots stay on the FMA path.
// RUN: tile-opt %s -tile-assign-layouts=target=sm_75 -tile-accelerate-matmul | FileCheck %s
// Without the distributed level the pass says what is missing.
// RUN: not tile-opt %s -tile-accelerate-matmul 2>&1 | FileCheck %s --check-prefix=NOLEVEL
// CHECK-NOT: #tilegpu.mma
// CHECK: tile.dot
// NOLEVEL: error: tile-accelerate-matmul needs the distributed level (tilegpu.num-warps): run tile-assign-layouts first
tile.func @f16(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = tile.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  tile.return %d : tensor<64x64xf32>
}
