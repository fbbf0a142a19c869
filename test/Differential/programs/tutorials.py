"""Triton programs as its users write them: the tutorials' vector add, fused
softmax (also of widths that are not powers of two), layer norm forward, the
matmul of bench/tutorial_matmul.py (ragged shapes, f16, bf16, and f32
operands multiplied as tf32, with a fused activation in one variant), and
the flash-attention forward of bench/attention.py at a small, ragged-free
shape. One launch per case.
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


def _vector_add(n):
    def run(seed, device):
        torch.manual_seed(seed)
        x, y = torch.randn(n, device=device), torch.randn(n, device=device)
        out = torch.empty_like(x)
        add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)
        return {"out": out}
    return Case(f"vector_add_{n}", run)


def _softmax(rows, cols):
    def run(seed, device):
        torch.manual_seed(seed)
        x = torch.randn((rows, cols), device=device)
        out = torch.empty_like(x)
        block = triton.next_power_of_2(cols)
        warps = 4 if block < 2048 else 8 if block < 4096 else 16
        softmax_kernel[(min(rows, 132),)](out, x, x.stride(0), out.stride(0), rows, cols,
                                          BLOCK=block, num_warps=warps)
        return {"out": out}
    return Case(f"softmax_{rows}x{cols}", run)


def _layer_norm(rows, cols):
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
    return Case(f"layer_norm_{rows}x{cols}", run)


def _matmul(m, n, k, dtype, warps=8, stages=3):
    def run(seed, device):
        torch.manual_seed(seed)
        a = torch.randn((m, k), device=device, dtype=dtype)
        b = torch.randn((k, n), device=device, dtype=dtype)
        c = torch.empty((m, n), device=device, dtype=dtype)
        block = tutorial_matmul.BLOCK
        grid = (triton.cdiv(m, block["BLOCK_SIZE_M"]) * triton.cdiv(n, block["BLOCK_SIZE_N"]),)
        tutorial_matmul.matmul_kernel[grid](a, b, c, m, n, k, a.stride(0), a.stride(1),
                                            b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                                            num_warps=warps, num_stages=stages, **block)
        return {"c": c}
    name = str(dtype).replace("torch.", "")
    return Case(f"matmul_{name}_{m}x{n}x{k}", run)


def _attention(d, causal, n_ctx=512):
    def run(seed, device):
        torch.manual_seed(seed)
        z, h = 1, 2
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
    return Case(f"attention_d{d}_{'causal' if causal else 'full'}", run)


CASES = (
    [_vector_add(n) for n in (98432, 1000003, 77)]
    + [_softmax(rows, cols) for rows, cols in ((1823, 781), (256, 1024), (64, 4096), (300, 517))]
    + [_layer_norm(rows, cols) for rows, cols in ((256, 1024), (128, 3000), (64, 8192))]
    # f32 blocks of 128x256x64 fit shared memory in two stages.
    + [_matmul(m, n, k, dtype, stages=2 if dtype == torch.float32 else 3)
       for m, n, k in ((512, 512, 512), (1000, 777, 333))
       for dtype in (torch.float16, torch.bfloat16, torch.float32)]
    + [_attention(d, causal) for d, causal in ((64, False), (128, False), (128, True))]
)
