// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A sum of a tensor smaller than the block's threads, from Triton's TTIR
// (Inputs/small_sum.ttir): 32 elements over 2 warps of 32 lanes, so warp 1
// holds a copy of warp 0's elements. The sum is the butterfly over the 32
// lanes alone; adding the two warps' partials through shared memory counted
// every element twice (the result was twice Triton's).
// RUN: tile-opt %S/Inputs/small_sum.ttir --tile-to-llvm="ttir sm=90 num-warps=2" | FileCheck %s

// CHECK-LABEL: llvm.func @sum_scalar_kernel
// CHECK-COUNT-5: nvvm.shfl.sync  bfly
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier
// CHECK: st.global.b32
