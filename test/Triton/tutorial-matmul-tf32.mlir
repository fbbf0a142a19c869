// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Triton's tutorial matmul on f32 operands as tf32
// (Inputs/tutorial_matmul_tf32.ttir: 128x256x64 blocks, 8 warps, 2 stages):
// a row-major B with this large an accumulator (128 registers a thread)
// goes to wgmma, stored K-major by 4-byte copies whose sources are each
// run's first address plus 4, 8 and 12 bytes. (On mma.sync it spilled
// 3.5 KB and ran at half Triton's speed.)
// RUN: tile-translate %S/Inputs/tutorial_matmul_tf32.ttir --ttir --emit=ptx --sm=90a --num-warps=8 --num-stages=2 | FileCheck %s

// CHECK: cp.async.ca.shared.global [%rd{{[0-9]+}}], [[[BASE:%rd[0-9]+]]], 4,
// CHECK: cp.async.ca.shared.global [%rd{{[0-9]+}}], [[[BASE]]+4], 4,
// CHECK: cp.async.ca.shared.global [%rd{{[0-9]+}}], [[[BASE]]+8], 4,
// CHECK: cp.async.ca.shared.global [%rd{{[0-9]+}}], [[[BASE]]+12], 4,
// CHECK: wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32
// CHECK-NOT: mma.sync
