# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Triton programs over the ops that index by value or call assembly:
tl.histogram (with and without a mask), tl.gather along the columns,
tl.inline_asm_elementwise (four int8 packed to a register; two outputs
from two inputs; an impure atomic), and a one-element tensor reshaped to
a scalar (tt.unsplat). Ragged sizes where the program allows them.
"""

import torch
import triton
import triton.language as tl

from cases import Case

CASES_PER_PROCESS = 7
FAKE_GPU_OK = True


@triton.jit
def histogram_kernel(x_ptr, h_ptr, n, BINS: tl.constexpr, BLOCK: tl.constexpr,
                     MASKED: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    if MASKED:
        h = tl.histogram(x, BINS, mask=offs < n)
    else:
        h = tl.histogram(x, BINS)
    tl.store(h_ptr + tl.program_id(0) * BINS + tl.arange(0, BINS), h)


@triton.jit
def gather_kernel(x_ptr, i_ptr, y_ptr, N: tl.constexpr, K: tl.constexpr):
    row = tl.program_id(0)
    x = tl.load(x_ptr + row * N + tl.arange(0, N))[None, :]
    idx = tl.load(i_ptr + row * K + tl.arange(0, K))[None, :]
    y = tl.gather(x, idx, axis=1)
    tl.store(y_ptr + row * K + tl.arange(0, K)[None, :], y)


@triton.jit
def packed_asm_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    y = tl.inline_asm_elementwise("and.b32 $0, $1, 0x1F1F1F1F;", "=r,r", [x],
                                  dtype=tl.int8, is_pure=True, pack=4)
    tl.store(y_ptr + offs, y, mask=offs < n)


@triton.jit
def two_output_asm_kernel(a_ptr, b_ptr, s_ptr, d_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs, mask=offs < n, other=0.0)
    b = tl.load(b_ptr + offs, mask=offs < n, other=0.0)
    s, d = tl.inline_asm_elementwise(
        "add.f32 $0, $2, $3; sub.f32 $1, $2, $3;", "=r,=r,r,r", [a, b],
        dtype=(tl.float32, tl.float32), is_pure=True, pack=1)
    tl.store(s_ptr + offs, s, mask=offs < n)
    tl.store(d_ptr + offs, d, mask=offs < n)


@triton.jit
def atomic_asm_kernel(c_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    ptrs = (c_ptr + offs % 7).to(tl.uint64, bitcast=True)
    old = tl.inline_asm_elementwise("atom.global.add.u32 $0, [$1], 1;", "=r,l",
                                    [ptrs], dtype=tl.int32, is_pure=False,
                                    pack=1)
    # Every old value is below the final count; their sum is fixed.
    tl.atomic_add(o_ptr, tl.sum(tl.where(offs < n, old * 0 + 1, 0), axis=0))


@triton.jit
def unsplat_kernel(s_ptr, x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    scale = tl.reshape(tl.load(s_ptr + tl.arange(0, 1)), ())
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(y_ptr + offs, x * scale, mask=offs < n)


def _histogram(n, bins, block, masked):
    def run(seed, device):
        torch.manual_seed(seed)
        # Values past the bins (and negative ones) are not counted.
        x = torch.randint(-3, bins + 5, (n,), device=device, dtype=torch.int32)
        programs = triton.cdiv(n, block)
        h = torch.empty((programs, bins), device=device, dtype=torch.int32)
        histogram_kernel[(programs,)](x, h, n, BINS=bins, BLOCK=block,
                                      MASKED=masked)
        return {"h": h}
    return Case(f"histogram_{n}_{bins}{'_masked' if masked else ''}", run)


def _gather(rows, n, k, dtype):
    def run(seed, device):
        torch.manual_seed(seed)
        x = torch.randn((rows, n), device=device, dtype=dtype)
        i = torch.randint(0, n, (rows, k), device=device, dtype=torch.int32)
        y = torch.empty((rows, k), device=device, dtype=dtype)
        gather_kernel[(rows,)](x, i, y, N=n, K=k)
        return {"y": y}
    name = str(dtype).replace("torch.", "")
    return Case(f"gather_{rows}x{n}_{k}_{name}", run)


def _packed_asm(n):
    def run(seed, device):
        torch.manual_seed(seed)
        x = torch.randint(-128, 128, (n,), device=device, dtype=torch.int8)
        y = torch.empty_like(x)
        packed_asm_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return {"y": y}
    return Case(f"packed_asm_{n}", run)


def _two_output_asm(n):
    def run(seed, device):
        torch.manual_seed(seed)
        a = torch.randn(n, device=device)
        b = torch.randn(n, device=device)
        s, d = torch.empty_like(a), torch.empty_like(a)
        two_output_asm_kernel[(triton.cdiv(n, 512),)](a, b, s, d, n, BLOCK=512)
        return {"s": s, "d": d}
    return Case(f"two_output_asm_{n}", run)


def _atomic_asm(n):
    def run(seed, device):
        c = torch.zeros(7, device=device, dtype=torch.int32)
        o = torch.zeros(1, device=device, dtype=torch.int32)
        atomic_asm_kernel[(triton.cdiv(n, 256),)](c, o, n, BLOCK=256)
        return {"c": c, "o": o}
    return Case(f"atomic_asm_{n}", run)


def _unsplat(n):
    def run(seed, device):
        torch.manual_seed(seed)
        s = torch.randn(1, device=device)
        x = torch.randn(n, device=device)
        y = torch.empty_like(x)
        unsplat_kernel[(triton.cdiv(n, 256),)](s, x, y, n, BLOCK=256)
        return {"y": y}
    return Case(f"unsplat_{n}", run)


CASES = [
    _histogram(10_000, 64, 1024, False), _histogram(1000, 32, 512, True),
    _gather(37, 64, 32, torch.float32), _gather(5, 128, 128, torch.float16),
    _packed_asm(100_003), _two_output_asm(10_001), _atomic_asm(1000),
    _unsplat(1001),
]
