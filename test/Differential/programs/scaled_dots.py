# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Triton programs over tl.dot_scaled (microscaling: each 32 elements along
K share an e8m0 exponent) and descriptor reductions: fp8 e4m3 and e5m2
operands with scales on both sides, an e2m1 (fp4, two to a byte) left
operand against a bf16 right one scaled on the left only, an fp16 one
(f16 compute), and a scale of 255 (NaN) in some blocks; a tile of partial
sums added into a matrix through a host TensorDescriptor
(desc.atomic_add, a TMA reduction) and an i32 one combined by max.
"""

import torch
import triton
import triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor

from cases import Case

CASES_PER_PROCESS = 6
FAKE_GPU_OK = True


@triton.jit
def scaled_dot_kernel(a_ptr, sa_ptr, b_ptr, sb_ptr, c_ptr, M, N, K,
                      A_FMT: tl.constexpr, B_FMT: tl.constexpr,
                      A_PACK: tl.constexpr, HAS_SB: tl.constexpr,
                      BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    # Rows and columns past the edges read the last one (fp8 loads take no
    # `other`); their results are not stored.
    am = tl.minimum(rm, M - 1)
    bn = tl.minimum(rn, N - 1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        ka = k // A_PACK + tl.arange(0, BK // A_PACK)
        kb = k + tl.arange(0, BK)
        ks = k // 32 + tl.arange(0, BK // 32)
        a = tl.load(a_ptr + am[:, None] * (K // A_PACK) + ka[None, :])
        b = tl.load(b_ptr + kb[:, None] * N + bn[None, :])
        sa = tl.load(sa_ptr + am[:, None] * (K // 32) + ks[None, :])
        if HAS_SB:
            sb = tl.load(sb_ptr + bn[:, None] * (K // 32) + ks[None, :])
        else:
            sb = None
        acc = tl.dot_scaled(a, sa, A_FMT, b, sb, B_FMT, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def reduce_kernel(x_ptr, out_desc, imax_desc, i_ptr, BM: tl.constexpr,
                  BN: tl.constexpr):
    m = tl.program_id(0) * BM
    n = tl.program_id(1) * BN
    r = tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :]
    tile_id = tl.program_id(0) * tl.num_programs(1) + tl.program_id(1)
    x = tl.load(x_ptr + tile_id * BM * BN + r)
    out_desc.atomic_add([m, n], x)
    i = tl.load(i_ptr + tile_id * BM * BN + r)
    imax_desc.atomic_max([m, n], i)


def _bytes(fmt, shape, device):
    """Random operand bytes of a format, in the dtype Triton takes."""
    if fmt == "e2m1":
        return torch.randint(0, 256, shape, device=device, dtype=torch.uint8)
    x = torch.randn(shape, device=device) * 2
    dtype = {"e4m3": torch.float8_e4m3fn, "e5m2": torch.float8_e5m2,
             "bf16": torch.bfloat16, "fp16": torch.float16}[fmt]
    return x.to(dtype)


def _scaled(m, n, k, a_fmt, b_fmt, has_sb=True, nan=False):
    def run(seed, device):
        torch.manual_seed(seed)
        a_pack = 2 if a_fmt == "e2m1" else 1
        a = _bytes(a_fmt, (m, k // a_pack), device)
        b = _bytes(b_fmt, (k, n), device)
        sa = torch.randint(118, 136, (m, k // 32), device=device, dtype=torch.uint8)
        sb = torch.randint(118, 136, (n, k // 32), device=device, dtype=torch.uint8)
        if nan:
            sa[::7, 1] = 255
        c = torch.empty((m, n), device=device, dtype=torch.float32)
        grid = (triton.cdiv(m, 64), triton.cdiv(n, 64))
        scaled_dot_kernel[grid](a, sa, b, sb, c, m, n, k, A_FMT=a_fmt,
                                B_FMT=b_fmt, A_PACK=a_pack, HAS_SB=has_sb,
                                BM=64, BN=64, BK=64)
        return {"c": c}
    name = f"dot_scaled_{a_fmt}_{b_fmt}_{m}x{n}x{k}"
    return Case(name + ("" if has_sb else "_lhs_scale") + ("_nan" if nan else ""), run)


def _reduce(rows, cols):
    def run(seed, device):
        torch.manual_seed(seed)
        bm, bn = 64, 64
        grid = (triton.cdiv(rows, bm), triton.cdiv(cols, bn))
        tiles = grid[0] * grid[1]
        x = torch.randn((tiles, bm, bn), device=device)
        i = torch.randint(-1000, 1000, (tiles, bm, bn), device=device, dtype=torch.int32)
        out = torch.randn((rows, cols), device=device)
        imax = torch.randint(-1000, 1000, (rows, cols), device=device, dtype=torch.int32)
        reduce_kernel[grid](x, TensorDescriptor.from_tensor(out, [bm, bn]),
                            TensorDescriptor.from_tensor(imax, [bm, bn]), i,
                            BM=bm, BN=bn)
        return {"out": out, "imax": imax}
    return Case(f"descriptor_reduce_{rows}x{cols}", run)


CASES = [_scaled(200, 136, 256, "e4m3", "e4m3"),
         _scaled(128, 64, 128, "e5m2", "e4m3", nan=True),
         _scaled(130, 72, 128, "e2m1", "bf16", has_sb=False),
         _scaled(64, 64, 128, "fp16", "e4m3"),
         _reduce(200, 136)]
