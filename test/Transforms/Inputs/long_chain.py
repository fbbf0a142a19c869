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
    print(f"""#mma = #tilegpu.mma<{{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}}>
#opA = #tilegpu.dot_op<{{opIdx = 0, parent = #mma, kWidth = 2}}>
#opB = #tilegpu.dot_op<{{opIdx = 1, parent = #mma, kWidth = 2}}>
#shared = #tilegpu.shared<{{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}}>
#sharedB = #tilegpu.shared<{{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}}>
module attributes {{"tilegpu.num-warps" = 4 : i32}} {{
tile.func public @prefetch_chain(%n: i32) -> tensor<64x64xf32, #mma> {{
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %ra = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x32xf16, #shared, mutable>
  %rb = tilegpu.local_alloc : () -> !tilegpu.buffer<2x32x64xf16, #sharedB, mutable>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {{
    %w = tilegpu.async_wait {{num = 0 : i32}}
    %x0 = arith.addi %iv, %c1 overflow<nuw> : i32
{chain}
    %now = arith.remui %x{n - 1}, %c2 : i32
    %sa = tilegpu.buffer_index %ra[%now] : !tilegpu.buffer<2x64x32xf16, #shared, mutable> -> !tilegpu.buffer<64x32xf16, #shared, mutable>
    %sb = tilegpu.buffer_index %rb[%now] : !tilegpu.buffer<2x32x64xf16, #sharedB, mutable> -> !tilegpu.buffer<32x64xf16, #sharedB, mutable>
    %a = tilegpu.local_load %sa : !tilegpu.buffer<64x32xf16, #shared, mutable> -> tensor<64x32xf16, #opA>
    %b = tilegpu.local_load %sb : !tilegpu.buffer<32x64xf16, #sharedB, mutable> -> tensor<32x64xf16, #opB>
    %d = tile.dot %a, %b, %acc : tensor<64x32xf16, #opA> * tensor<32x64xf16, #opB> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }}
  tile.return %r : tensor<64x64xf32, #mma>
}}
}}""")
