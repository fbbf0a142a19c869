// Found by fuzzing (scripts/fuzz.sh): distributed IR whose dot operands
// the pipeline's layout passes leave in an mma operand layout without
// kWidth reached tile-prefetch, which divided K by 8 * kWidth. It now
// leaves such a dot alone, and the lowering rejects the kernel with a
// located error.
// RUN: tile-opt %s -tile-to-llvm -verify-diagnostics

#blocked = #tile.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tile.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#opA = #tile.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#opB = #tile.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#shared = #tile.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#sharedB = #tile.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"tile.num-warps" = 4 : i32} {
// expected-error @below {{is a kernel (public) and cannot return values}}
tile.func public @unbounded_stage(%pa: tensor<64x32x!tile.ptr<f16>, #blocked>, %pb: tensor<32x64x!tile.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %ra = tile.local_alloc : () -> !tile.buffer<2x64x32xf16, #shared, mutable>
  %rb = tile.local_alloc : () -> !tile.buffer<2x32x64xf16, #sharedB, mutable>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %w = tile.async_wait {num = 0 : i32}
    %now = arith.remui %iv, %c2 : i32
    %sa = tile.buffer_index %ra[%iv] : !tile.buffer<2x64x32xf16, #shared, mutable> -> !tile.buffer<64x32xf16, #shared, mutable>
    %sb = tile.buffer_index %rb[%iv] : !tile.buffer<2x32x64xf16, #sharedB, mutable> -> !tile.buffer<32x64xf16, #sharedB, mutable>
    %a = tile.local_load %sa : !tile.buffer<64x32xf16, #shared, mutable> -> tensor<64x32xf16, #opA>
    %b = tile.local_load %sb : !tile.buffer<32x64xf16, #sharedB, mutable> -> tensor<32x64xf16, #opB>
    %d = tile.dot %a, %b, %acc : tensor<64x32xf16, #opA> * tensor<32x64xf16, #opB> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  tile.return %r : tensor<64x64xf32, #mma>
}
}

