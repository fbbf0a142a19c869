# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Triton programs over tl.map_elementwise and loop unrolling: SELU as a
scalar function with an `if` (one side runs per element), a function of
pairs of elements (pack=2) with two results, and a row sum whose loop
asks to be unrolled (tl.range(..., loop_unroll_factor=N)). Lengths that
are not multiples of the blocks.
"""

import torch
import triton
import triton.language as tl

from cases import Case

CASES_PER_PROCESS = 4
FAKE_GPU_OK = True


@triton.jit
def _selu(x, alpha, scale):
    if x > 0:
        return scale * x
    else:
        return scale * alpha * (tl.exp(x) - 1)


@triton.jit
def selu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    alpha = tl.full((BLOCK,), 1.6732632423543772, tl.float32)
    scale = tl.full((BLOCK,), 1.0507009873554805, tl.float32)
    tl.store(y_ptr + offs, tl.map_elementwise(_selu, x, alpha, scale), mask=mask)


@triton.jit
def _pairs(a0, a1, b0, b1):
    # Two elements of each operand at once: sums and differences of
    # neighbours, so that the pairing shows in the results.
    return a0 + b1, a1 + b0, a0 * b0 - a1, a1 * b1 - a0


@triton.jit
def pairs_kernel(a_ptr, b_ptr, s_ptr, d_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0.0)
    b = tl.load(b_ptr + offs, mask=mask, other=0.0)
    s, d = tl.map_elementwise(_pairs, a, b, pack=2)
    tl.store(s_ptr + offs, s, mask=mask)
    tl.store(d_ptr + offs, d, mask=mask)


@triton.jit
def unrolled_sum_kernel(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr,
                        UNROLL: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for c in tl.range(0, n_cols, BLOCK, loop_unroll_factor=UNROLL):
        cols = c + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0.0)
        acc = acc * 0.5 + x
    tl.store(y_ptr + row, tl.sum(acc, axis=0))


def _selu_case(n):
    def run(seed, device):
        torch.manual_seed(seed)
        x = torch.randn(n, device=device) * 3
        y = torch.empty_like(x)
        selu_kernel[(triton.cdiv(n, 512),)](x, y, n, BLOCK=512)
        return {"y": y}
    return Case(f"selu_{n}", run)


def _pairs_case(n):
    def run(seed, device):
        torch.manual_seed(seed)
        a = torch.randn(n, device=device)
        b = torch.randn(n, device=device)
        s = torch.empty_like(a)
        d = torch.empty_like(a)
        pairs_kernel[(triton.cdiv(n, 256),)](a, b, s, d, n, BLOCK=256)
        return {"s": s, "d": d}
    return Case(f"pairs_{n}", run)


def _unrolled(rows, cols, unroll):
    def run(seed, device):
        torch.manual_seed(seed)
        x = torch.randn((rows, cols), device=device)
        y = torch.empty(rows, device=device)
        unrolled_sum_kernel[(rows,)](x, y, cols, BLOCK=128, UNROLL=unroll)
        return {"y": y}
    return Case(f"unrolled_sum_{rows}x{cols}_by_{unroll}", run)


CASES = [_selu_case(100003), _pairs_case(5000), _unrolled(33, 1000, 3),
         _unrolled(33, 1000, 4)]
