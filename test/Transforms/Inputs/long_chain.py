# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes a kernel whose loop divides (carry) or indexes its ring stages
(prefetch) through a chain of N adds of one, for test/Transforms/long-chains.mlir:
chains that long overflowed the stack of recursive walks."""
import sys

kind, n = sys.argv[1], int(sys.argv[2])
chain = "\n".join(f"    %x{k} = arith.addi %x{k - 1}, %c1 overflow<nuw> : i32"
                  for k in range(1, n))
if kind == "carry":
    print(f"""tile.func public @carry_chain(%n: i32, %d: i32, %p: !tile.ptr<i32>) {{
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {{
    %x0 = arith.addi %i, %c1 overflow<nuw> : i32
{chain}
    %q = arith.divui %x{n - 1}, %d : i32
    tile.store %p, %q : !tile.ptr<i32>
  }}
  tile.return
}}""")
else:
    print(f"""#mma = #tile.mma<{{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}}>
#opA = #tile.dot_op<{{opIdx = 0, parent = #mma, kWidth = 2}}>
#opB = #tile.dot_op<{{opIdx = 1, parent = #mma, kWidth = 2}}>
#shared = #tile.shared<{{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}}>
#sharedB = #tile.shared<{{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}}>
module attributes {{"tile.num-warps" = 4 : i32}} {{
tile.func public @prefetch_chain(%n: i32) -> tensor<64x64xf32, #mma> {{
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %ra = tile.local_alloc : () -> !tile.buffer<2x64x32xf16, #shared, mutable>
  %rb = tile.local_alloc : () -> !tile.buffer<2x32x64xf16, #sharedB, mutable>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {{
    %w = tile.async_wait {{num = 0 : i32}}
    %x0 = arith.addi %iv, %c1 overflow<nuw> : i32
{chain}
    %now = arith.remui %x{n - 1}, %c2 : i32
    %sa = tile.buffer_index %ra[%now] : !tile.buffer<2x64x32xf16, #shared, mutable> -> !tile.buffer<64x32xf16, #shared, mutable>
    %sb = tile.buffer_index %rb[%now] : !tile.buffer<2x32x64xf16, #sharedB, mutable> -> !tile.buffer<32x64xf16, #sharedB, mutable>
    %a = tile.local_load %sa : !tile.buffer<64x32xf16, #shared, mutable> -> tensor<64x32xf16, #opA>
    %b = tile.local_load %sb : !tile.buffer<32x64xf16, #sharedB, mutable> -> tensor<32x64xf16, #opB>
    %d = tile.dot %a, %b, %acc : tensor<64x32xf16, #opA> * tensor<32x64xf16, #opB> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }}
  tile.return %r : tensor<64x64xf32, #mma>
}}
}}""")
