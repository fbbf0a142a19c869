// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Found by fuzzing (scripts/fuzz.sh): distributed IR whose dot operands
// the pipeline's layout passes leave in an mma operand layout without
// kWidth reached tile-prefetch, which divided K by 8 * kWidth. It now
// leaves such a dot alone, and the lowering rejects the kernel with a
// located error. (Distributed input: the pipeline keeps its layouts.)
// RUN: tile-opt %s -tile-to-llvm="keep-layouts" -verify-diagnostics

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#opA = #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#opB = #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#sharedB = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// expected-error @below {{is a kernel (public) and cannot return values}}
tile.func public @unbounded_stage(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %pb: tensor<32x64x!tile.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %ra = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x32xf16, #shared, mutable>
  %rb = tilegpu.local_alloc : () -> !tilegpu.buffer<2x32x64xf16, #sharedB, mutable>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %w = tilegpu.async_wait {num = 0 : i32}
    %now = arith.remui %iv, %c2 : i32
    %sa = tilegpu.buffer_index %ra[%iv] : !tilegpu.buffer<2x64x32xf16, #shared, mutable> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
    %sb = tilegpu.buffer_index %rb[%iv] : !tilegpu.buffer<2x32x64xf16, #sharedB, mutable> -> !tilegpu.buffer<32x64xf16, #sharedB, mutable>
    %a = tilegpu.local_load %sa : !tilegpu.buffer<64x32xf16, #shared, mutable> -> tensor<64x32xf16, #opA>
    %b = tilegpu.local_load %sb : !tilegpu.buffer<32x64xf16, #sharedB, mutable> -> tensor<32x64xf16, #opB>
    %d = tile.dot %a, %b, %acc : tensor<64x32xf16, #opA> * tensor<32x64xf16, #opB> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  tile.return %r : tensor<64x64xf32, #mma>
}
}

