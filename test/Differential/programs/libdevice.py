# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Triton programs that call CUDA's libdevice (tt.extern_elementwise), as
the normalization and activation kernels of LLM-training libraries do: an
RMS norm whose row statistic goes through libdevice's rsqrt (a scalar
call), GEGLU with the exact (erf) GELU and with the tanh approximation
(tensor calls), and a power of two tensors. Ragged widths first; then a
timed case at a model size.
"""

import torch
import triton
import triton.language as tl
from triton.language.extra import libdevice

from cases import Case

CASES_PER_PROCESS = 6
FAKE_GPU_OK = True


@triton.jit
def rms_norm_kernel(x_ptr, w_ptr, y_ptr, stride, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    mean_square = tl.sum(x * x, axis=0) / n_cols
    rstd = libdevice.rsqrt(mean_square + eps)
    y = x * rstd * w
    tl.store(y_ptr + row * stride + cols, y.to(y_ptr.dtype.element_ty), mask=mask)


@triton.jit
def geglu_kernel(a_ptr, b_ptr, c_ptr, n, TANH: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    b = tl.load(b_ptr + offs, mask=mask, other=0.0)
    if TANH:
        inner = 0.7978845608028654 * (a + 0.044715 * a * a * a)
        gelu = 0.5 * a * (1 + libdevice.tanh(inner))
    else:
        gelu = 0.5 * a * (1 + libdevice.erf(a * 0.7071067811865476))
    tl.store(c_ptr + offs, (gelu * b.to(tl.float32)).to(c_ptr.dtype.element_ty), mask=mask)


@triton.jit
def pow_kernel(x_ptr, y_ptr, z_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    y = tl.load(y_ptr + offs, mask=mask, other=1.0)
    tl.store(z_ptr + offs, libdevice.pow(x, y), mask=mask)


def _rms_norm(rows, cols, dtype, timed=False):
    def run(seed, device):
        torch.manual_seed(seed)
        x = torch.randn((rows, cols), device=device, dtype=dtype)
        w = torch.randn(cols, device=device, dtype=dtype)
        y = torch.empty_like(x)
        block = triton.next_power_of_2(cols)
        rms_norm_kernel[(rows,)](x, w, y, x.stride(0), cols, 1e-6, BLOCK=block,
                                 num_warps=4 if block <= 2048 else 8)
        return {"y": y}
    name = str(dtype).replace("torch.", "")
    return Case(f"rms_norm_{rows}x{cols}_{name}", run, timed=timed)


def _geglu(n, dtype, tanh, timed=False):
    def run(seed, device):
        torch.manual_seed(seed)
        a = torch.randn(n, device=device, dtype=dtype)
        b = torch.randn(n, device=device, dtype=dtype)
        c = torch.empty_like(a)
        geglu_kernel[(triton.cdiv(n, 1024),)](a, b, c, n, TANH=tanh, BLOCK=1024)
        return {"c": c}
    name = str(dtype).replace("torch.", "")
    return Case(f"geglu_{'tanh' if tanh else 'erf'}_{n}_{name}", run, timed=timed)


def _pow(n):
    def run(seed, device):
        torch.manual_seed(seed)
        x = torch.rand(n, device=device, dtype=torch.float32) + 0.5
        y = torch.randn(n, device=device, dtype=torch.float32)
        z = torch.empty_like(x)
        pow_kernel[(triton.cdiv(n, 1024),)](x, y, z, n, BLOCK=1024)
        return {"z": z}
    return Case(f"pow_{n}", run)


CASES = (
    [_rms_norm(37, 1000, torch.float16), _rms_norm(8, 4096, torch.bfloat16),
     _rms_norm(5, 77, torch.float32)]
    + [_geglu(100_003, torch.float16, tanh) for tanh in (False, True)]
    + [_geglu(4096, torch.float32, False), _pow(50_001)]
    # A model size: checked, and timed with --time.
    + [_rms_norm(4096, 4096, torch.bfloat16, timed=True)]
)
