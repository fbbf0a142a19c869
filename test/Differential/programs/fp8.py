# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Triton programs over fp8 (float8e4nv, float8e5): a per-block
quantization of f32 to e4m3 with its scale and the dequantized values read
back, and round trips f16 -> e5m2 -> f32 and bf16 -> e4m3 -> bf16 (Triton
rounds to nearest even and saturates to the largest finite value); fp8
matmuls (e4m3 x e4m3, e4m3 x e5m2) with b row-major or transposed, on 8
warps (wgmma on sm_90a) and on 2 (no warpgroup: f16 products). Ragged
sizes.
"""

import torch
import triton
import triton.language as tl

from cases import Case

CASES_PER_PROCESS = 4
FAKE_GPU_OK = True


@triton.jit
def quantize_kernel(x_ptr, q_ptr, r_ptr, s_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    amax = tl.max(tl.abs(x), axis=0)
    scale = 448.0 / tl.maximum(amax, 1e-12)
    q = (x * scale).to(tl.float8e4nv)
    tl.store(q_ptr + offs, q, mask=m)
    r = tl.load(q_ptr + offs, mask=m)
    tl.store(r_ptr + offs, r.to(tl.float32) / scale, mask=m)
    tl.store(s_ptr + tl.program_id(0), scale)


@triton.jit
def round_trip_kernel(x_ptr, q_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    q = x.to(q_ptr.dtype.element_ty)
    tl.store(q_ptr + offs, q, mask=m)
    tl.store(y_ptr + offs, q.to(y_ptr.dtype.element_ty), mask=m)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_bk, stride_bn,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    # Rows and columns past the edges read the last one (fp8 loads take no
    # `other`); their results are not stored. K is a multiple of BK.
    am = tl.minimum(rm, M - 1)
    bn = tl.minimum(rn, N - 1)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + am[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * stride_bk + bn[None, :] * stride_bn)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


def _matmul(m, n, k, a_type, b_type, b_transposed, warps, timed=False):
    def run(seed, device):
        torch.manual_seed(seed)
        a = torch.randn((m, k), device=device).to(a_type)
        if b_transposed:
            b = torch.randn((n, k), device=device).to(b_type).T
        else:
            b = torch.randn((k, n), device=device).to(b_type)
        c = torch.empty((m, n), device=device)
        block = 128 if warps == 8 else 32
        grid = (triton.cdiv(m, block), triton.cdiv(n, 64))
        matmul_kernel[grid](a, b, c, m, n, k, b.stride(0), b.stride(1), BM=block,
                            BN=64, BK=64, num_warps=warps, num_stages=3)
        return {"c": c}
    names = [str(t).replace("torch.float8_", "") for t in (a_type, b_type)]
    return Case(f"matmul_{'_'.join(names)}_{m}x{n}x{k}"
                f"{'_bt' if b_transposed else ''}_warps{warps}", run, timed=timed)


def _quantize(n):
    def run(seed, device):
        torch.manual_seed(seed)
        x = torch.randn(n, device=device) * 3
        q = torch.empty(n, device=device, dtype=torch.float8_e4m3fn)
        r = torch.empty_like(x)
        programs = triton.cdiv(n, 1024)
        s = torch.empty(programs, device=device)
        quantize_kernel[(programs,)](x, q, r, s, n, BLOCK=1024)
        return {"q": q.view(torch.uint8), "r": r, "s": s}
    return Case(f"quantize_e4m3_{n}", run)


def _round_trip(n, src, fp8, dst):
    def run(seed, device):
        torch.manual_seed(seed)
        # Past both formats' largest finite values too (saturated).
        x = (torch.randn(n, device=device) * 300).to(src)
        q = torch.empty(n, device=device, dtype=fp8)
        y = torch.empty(n, device=device, dtype=dst)
        round_trip_kernel[(triton.cdiv(n, 512),)](x, q, y, n, BLOCK=512)
        return {"q": q.view(torch.uint8), "y": y}
    names = [str(t).replace("torch.", "") for t in (src, fp8, dst)]
    return Case("round_trip_" + "_".join(names) + f"_{n}", run)


CASES = [
    _quantize(100_003),
    _round_trip(10_001, torch.float16, torch.float8_e5m2, torch.float32),
    _round_trip(10_001, torch.bfloat16, torch.float8_e4m3fn, torch.bfloat16),
    _round_trip(4096, torch.float32, torch.float8_e5m2, torch.float16),
    _matmul(300, 200, 512, torch.float8_e4m3fn, torch.float8_e4m3fn, False, 8),
    _matmul(300, 200, 512, torch.float8_e4m3fn, torch.float8_e5m2, True, 8),
    _matmul(100, 72, 256, torch.float8_e5m2, torch.float8_e4m3fn, False, 2),
    _matmul(4096, 4096, 4096, torch.float8_e4m3fn, torch.float8_e4m3fn, True, 8,
            timed=True),
]
