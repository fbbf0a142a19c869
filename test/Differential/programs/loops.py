# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Triton programs whose loops carry their own attributes
(tl.range(..., num_stages=N, flatten, disallow_acc_multi_buffer)): a
matmul whose K loop asks for 2 stages, one whose loop asks for none, and
a row sum whose loop asks for 4, each launched with num_stages=3.
Ragged rows; widths that are multiples of 16, so that the loads can
be staged.
"""

import torch
import triton
import triton.language as tl

from cases import Case

CASES_PER_PROCESS = 4
FAKE_GPU_OK = True


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, STAGES: tl.constexpr,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, num_stages=STAGES, disallow_acc_multi_buffer=True):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :],
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def row_sum_kernel(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for c in tl.range(0, n_cols, BLOCK, num_stages=4, flatten=True):
        cols = c + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0.0)
    tl.store(y_ptr + row, tl.sum(acc, axis=0))


def _matmul(m, n, k, stages):
    def run(seed, device):
        torch.manual_seed(seed)
        a = torch.randn((m, k), device=device, dtype=torch.float16)
        b = torch.randn((k, n), device=device, dtype=torch.float16)
        c = torch.empty((m, n), device=device, dtype=torch.float32)
        grid = (triton.cdiv(m, 64), triton.cdiv(n, 64))
        matmul_kernel[grid](a, b, c, m, n, k, STAGES=stages, BM=64, BN=64,
                            BK=32, num_stages=3)
        return {"c": c}
    return Case(f"matmul_{m}x{n}x{k}_loop_stages_{stages}", run)


def _row_sum(rows, cols):
    def run(seed, device):
        torch.manual_seed(seed)
        x = torch.randn((rows, cols), device=device)
        y = torch.empty(rows, device=device)
        row_sum_kernel[(rows,)](x, y, cols, BLOCK=256, num_stages=3)
        return {"y": y}
    return Case(f"row_sum_{rows}x{cols}_loop_stages_4", run)


CASES = [_matmul(200, 144, 512, 2), _matmul(200, 144, 512, 1),
         _row_sum(37, 5008)]
