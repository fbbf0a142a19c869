# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Triton programs as its users write them: the tutorials' vector add, fused
softmax (also of widths that are not powers of two), layer norm forward and
backward (the lock-based dW/dB partial sums), the matmul of
bench/tutorial_matmul.py (ragged shapes, f16, bf16, and f32 operands
multiplied as tf32, with a fused activation in one variant), and the
flash-attention forward of bench/attention.py. Small shapes first (one or
two launches per case), then the timed cases at the sizes the tutorials
benchmark.
"""

import os
import sys

import torch
import triton
import triton.language as tl

from cases import Case

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "bench"))
import attention  # noqa: E402
import tutorial_matmul  # noqa: E402

CASES_PER_PROCESS = 8
FAKE_GPU_OK = True


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask),
             mask=mask)


@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_stride, out_stride, n_rows, n_cols,
                   BLOCK: tl.constexpr):
    # The tutorial's persistent form: each program takes every
    # num_programs-th row.
    start = tl.program_id(0)
    step = tl.num_programs(0)
    for row in tl.range(start, n_rows, step):
        offs = tl.arange(0, BLOCK)
        mask = offs < n_cols
        x = tl.load(in_ptr + row * in_stride + offs, mask=mask, other=-float("inf"))
        x = x - tl.max(x, axis=0)
        num = tl.exp(x)
        tl.store(out_ptr + row * out_stride + offs, num / tl.sum(num, axis=0), mask=mask)


@triton.jit
def layer_norm_kernel(x_ptr, y_ptr, w_ptr, b_ptr, mean_ptr, rstd_ptr, stride, n, eps,
                      BLOCK: tl.constexpr):
    row = tl.program_id(0)
    x_ptr += row * stride
    y_ptr += row * stride
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, n, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + cols, mask=cols < n, other=0.).to(tl.float32)
    mean = tl.sum(acc, axis=0) / n
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, n, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + cols, mask=cols < n, other=0.).to(tl.float32)
        x = tl.where(cols < n, x - mean, 0.)
        acc += x * x
    rstd = 1 / tl.sqrt(tl.sum(acc, axis=0) / n + eps)
    tl.store(mean_ptr + row, mean)
    tl.store(rstd_ptr + row, rstd)
    for off in range(0, n, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        mask = cols < n
        w = tl.load(w_ptr + cols, mask=mask)
        b = tl.load(b_ptr + cols, mask=mask)
        x = tl.load(x_ptr + cols, mask=mask, other=0.).to(tl.float32)
        tl.store(y_ptr + cols, (x - mean) * rstd * w + b, mask=mask)


@triton.jit
def layer_norm_bwd_dx_fused(DX, DY, DW, DB, X, W, Mean, Rstd, Lock, stride, N,
                            GROUP_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr):
    # The tutorial's backward: dx per row, and dw/db partial sums per group
    # of rows, accumulated under a spin lock per group.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE_N)
    mask = cols < N
    X += row * stride
    DY += row * stride
    DX += row * stride
    lock_id = row % GROUP_SIZE_M
    Lock += lock_id
    Count = Lock + GROUP_SIZE_M
    DW = DW + lock_id * N + cols
    DB = DB + lock_id * N + cols
    x = tl.load(X + cols, mask=mask, other=0).to(tl.float32)
    dy = tl.load(DY + cols, mask=mask, other=0).to(tl.float32)
    w = tl.load(W + cols, mask=mask).to(tl.float32)
    mean = tl.load(Mean + row)
    rstd = tl.load(Rstd + row)
    xhat = (x - mean) * rstd
    wdy = w * dy
    xhat = tl.where(mask, xhat, 0.)
    wdy = tl.where(mask, wdy, 0.)
    c1 = tl.sum(xhat * wdy, axis=0) / N
    c2 = tl.sum(wdy, axis=0) / N
    dx = (wdy - (xhat * c1 + c2)) * rstd
    tl.store(DX + cols, dx, mask=mask)
    partial_dw = (dy * xhat).to(w.dtype)
    partial_db = (dy).to(w.dtype)
    while tl.atomic_cas(Lock, 0, 1) == 1:
        pass
    count = tl.load(Count)
    if count == 0:
        tl.atomic_xchg(Count, 1)
    else:
        partial_dw += tl.load(DW, mask=mask)
        partial_db += tl.load(DB, mask=mask)
    tl.store(DW, partial_dw, mask=mask)
    tl.store(DB, partial_db, mask=mask)
    tl.debug_barrier()
    tl.atomic_xchg(Lock, 0)


@triton.jit
def layer_norm_bwd_dwdb(DW, DB, FINAL_DW, FINAL_DB, M, N, BLOCK_SIZE_M: tl.constexpr,
                        BLOCK_SIZE_N: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    dw = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    db = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for i in range(0, M, BLOCK_SIZE_M):
        rows = i + tl.arange(0, BLOCK_SIZE_M)
        mask = (rows[:, None] < M) & (cols[None, :] < N)
        offs = rows[:, None] * N + cols[None, :]
        dw += tl.load(DW + offs, mask=mask, other=0.)
        db += tl.load(DB + offs, mask=mask, other=0.)
    sum_dw = tl.sum(dw, axis=0)
    sum_db = tl.sum(db, axis=0)
    tl.store(FINAL_DW + cols, sum_dw, mask=cols < N)
    tl.store(FINAL_DB + cols, sum_db, mask=cols < N)


def _vector_add(n, timed=False):
    def run(seed, device):
        torch.manual_seed(seed)
        x, y = torch.randn(n, device=device), torch.randn(n, device=device)
        out = torch.empty_like(x)
        add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)
        return {"out": out}
    return Case(f"vector_add_{n}", run, timed=timed)


def _softmax(rows, cols, timed=False):
    def run(seed, device):
        torch.manual_seed(seed)
        x = torch.randn((rows, cols), device=device)
        out = torch.empty_like(x)
        block = triton.next_power_of_2(cols)
        warps = 4 if block < 2048 else 8 if block < 4096 else 16
        softmax_kernel[(min(rows, 132),)](out, x, x.stride(0), out.stride(0), rows, cols,
                                          BLOCK=block, num_warps=warps)
        return {"out": out}
    return Case(f"softmax_{rows}x{cols}", run, timed=timed)


def _layer_norm(rows, cols, timed=False):
    def run(seed, device):
        torch.manual_seed(seed)
        x = torch.randn((rows, cols), device=device, dtype=torch.float16)
        w = torch.rand(cols, device=device, dtype=torch.float16)
        b = torch.randn(cols, device=device, dtype=torch.float16)
        y = torch.empty_like(x)
        mean = torch.empty(rows, device=device)
        rstd = torch.empty(rows, device=device)
        block = min(65536 // x.element_size(), triton.next_power_of_2(cols))
        layer_norm_kernel[(rows,)](x, y, w, b, mean, rstd, x.stride(0), cols, 1e-5,
                                   BLOCK=block, num_warps=min(max(block // 256, 1), 8))
        return {"y": y, "mean": mean, "rstd": rstd}
    return Case(f"layer_norm_{rows}x{cols}", run, timed=timed)


def _layer_norm_backward(rows, cols, timed=False):
    def run(seed, device):
        torch.manual_seed(seed)
        x = torch.randn((rows, cols), device=device, dtype=torch.float16)
        w = torch.rand(cols, device=device, dtype=torch.float16)
        dy = torch.randn_like(x)
        xf = x.float()
        mean = xf.mean(dim=1)
        rstd = 1 / torch.sqrt(xf.var(dim=1, unbiased=False) + 1e-5)
        # The tutorial's group sizes and launch.
        group = 64
        for limit, size in ((8192, 96), (4096, 128), (1024, 256)):
            if cols <= limit:
                group = size
        locks = torch.zeros(2 * group, dtype=torch.int32, device=device)
        dw_partial = torch.zeros((group, cols), dtype=x.dtype, device=device)
        db_partial = torch.zeros((group, cols), dtype=x.dtype, device=device)
        dw = torch.empty((cols,), dtype=w.dtype, device=device)
        db = torch.empty((cols,), dtype=w.dtype, device=device)
        dx = torch.empty_like(dy)
        block = min(65536 // x.element_size(), triton.next_power_of_2(cols))
        warps = min(max(block // 256, 1), 8)
        layer_norm_bwd_dx_fused[(rows,)](dx, dy, dw_partial, db_partial, x, w, mean, rstd, locks,
                                         x.stride(0), cols, BLOCK_SIZE_N=block,
                                         GROUP_SIZE_M=group, num_warps=warps)
        layer_norm_bwd_dwdb[(triton.cdiv(cols, 128),)](dw_partial, db_partial, dw, db,
                                                       min(group, rows), cols, BLOCK_SIZE_M=32,
                                                       BLOCK_SIZE_N=128)
        return {"dx": dx, "dw": dw, "db": db}
    return Case(f"layer_norm_backward_{rows}x{cols}", run, timed=timed)


def _matmul(m, n, k, dtype, warps=8, stages=3, activation="", timed=False):
    def run(seed, device):
        torch.manual_seed(seed)
        a = torch.randn((m, k), device=device, dtype=dtype)
        b = torch.randn((k, n), device=device, dtype=dtype)
        c = torch.empty((m, n), device=device, dtype=dtype)
        block = tutorial_matmul.BLOCK
        grid = (triton.cdiv(m, block["BLOCK_SIZE_M"]) * triton.cdiv(n, block["BLOCK_SIZE_N"]),)
        tutorial_matmul.matmul_kernel[grid](a, b, c, m, n, k, a.stride(0), a.stride(1),
                                            b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                                            num_warps=warps, num_stages=stages,
                                            ACTIVATION=activation, **block)
        return {"c": c}
    name = str(dtype).replace("torch.", "") + (f"_{activation}" if activation else "")
    return Case(f"matmul_{name}_{m}x{n}x{k}", run, timed=timed)


def _attention(d, causal, n_ctx=512, z=1, h=2, timed=False):
    def run(seed, device):
        torch.manual_seed(seed)
        q, k, v = (torch.randn((z, h, n_ctx, d), device=device, dtype=torch.float16)
                   for _ in range(3))
        o = torch.empty_like(q)
        m = torch.empty((z * h, n_ctx), device=device, dtype=torch.float32)
        strides = [*q.stride(), *k.stride(), *v.stride(), *o.stride()]
        attention.attn_fwd[(triton.cdiv(n_ctx, attention.BLOCK_M), z * h)](
            q, k, v, d ** -0.5, m, o, *strides, z, h, n_ctx, HEAD_DIM=d,
            BLOCK_M=attention.BLOCK_M, BLOCK_N=attention.BLOCK_N, CAUSAL=causal,
            num_warps=attention.WARPS, num_stages=attention.STAGES)
        return {"o": o, "m": m}
    return Case(f"attention_d{d}_{'causal' if causal else 'full'}_{z}x{h}x{n_ctx}", run,
                timed=timed)


CASES = (
    [_vector_add(n) for n in (98432, 1000003, 77)]
    + [_softmax(rows, cols) for rows, cols in ((1823, 781), (256, 1024), (64, 4096), (300, 517))]
    + [_layer_norm(rows, cols) for rows, cols in ((256, 1024), (128, 3000), (64, 8192))]
    + [_layer_norm_backward(rows, cols) for rows, cols in ((300, 1024), (129, 3000))]
    # f32 blocks of 128x256x64 fit shared memory in two stages.
    + [_matmul(m, n, k, dtype, stages=2 if dtype == torch.float32 else 3)
       for m, n, k in ((512, 512, 512), (1000, 777, 333))
       for dtype in (torch.float16, torch.bfloat16, torch.float32)]
    + [_matmul(1000, 777, 333, torch.float16, activation="leaky_relu")]
    + [_attention(d, causal) for d, causal in ((64, False), (128, False), (128, True))]
    # At the sizes the tutorials benchmark: checked, and timed with --time.
    + [_vector_add(1 << 26, timed=True)]
    + [_softmax(rows, cols, timed=True) for rows, cols in ((4096, 781), (4096, 1024),
                                                           (4096, 4096))]
    + [_layer_norm(4096, cols, timed=True) for cols in (1024, 8192)]
    + [_layer_norm_backward(4096, cols, timed=True) for cols in (1024, 8192)]
    + [_matmul(size, size, size, dtype, timed=True)
       for size, dtype in ((4096, torch.float16), (8192, torch.float16), (4096, torch.bfloat16))]
    + [_matmul(4096, 4096, 4096, torch.float32, stages=2, timed=True),
       _matmul(4096, 4096, 4096, torch.float16, activation="leaky_relu", timed=True),
       _matmul(3000, 5000, 1000, torch.float16, timed=True)]
    + [_attention(d, causal, n_ctx=4096, z=4, h=32, timed=True)
       for d, causal in ((128, False), (128, True), (64, False))]
)
