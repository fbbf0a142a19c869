# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Triton programs over fp8 (float8e4nv, float8e5): a per-block
quantization of f32 to e4m3 with its scale and the dequantized values read
back, and round trips f16 -> e5m2 -> f32 and bf16 -> e4m3 -> bf16 (Triton
rounds to nearest even and saturates to the largest finite value). Ragged
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
]
