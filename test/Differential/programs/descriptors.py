# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Triton programs over host-built tensor descriptors
(triton.tools.tensor_descriptor.TensorDescriptor, TMA on Hopper): a
scaled copy and a matmul whose operands and result go through
descriptors. Sizes that are not multiples of the blocks (TMA clips the
edges); a timed matmul at 4096^3; the matmul again with its K loop asking
for warp specialization.
"""

import torch
import triton
import triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor

from cases import Case

CASES_PER_PROCESS = 6
FAKE_GPU_OK = False


@triton.jit
def scale_copy_kernel(in_desc, out_desc, BM: tl.constexpr, BN: tl.constexpr):
    m = tl.program_id(0) * BM
    n = tl.program_id(1) * BN
    x = in_desc.load([m, n])
    out_desc.store([m, n], x * 2)


@triton.jit
def matmul_kernel(a_desc, b_desc, c_desc, K, BM: tl.constexpr, BN: tl.constexpr,
                  BK: tl.constexpr, WS: tl.constexpr):
    m = tl.program_id(0) * BM
    n = tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=WS):
        acc += tl.dot(a_desc.load([m, k]), b_desc.load([k, n]))
    c_desc.store([m, n], acc.to(tl.float16))


def _scale_copy(rows, cols):
    def run(seed, device):
        torch.manual_seed(seed)
        x = torch.randn((rows, cols), device=device, dtype=torch.float16)
        y = torch.zeros_like(x)
        block = [64, 64]
        grid = (triton.cdiv(rows, 64), triton.cdiv(cols, 64))
        scale_copy_kernel[grid](TensorDescriptor.from_tensor(x, block),
                                TensorDescriptor.from_tensor(y, block), BM=64, BN=64)
        return {"y": y}
    return Case(f"scale_copy_{rows}x{cols}", run)


def _matmul(m, n, k, timed=False, ws=False):
    def run(seed, device):
        torch.manual_seed(seed)
        a = torch.randn((m, k), device=device, dtype=torch.float16)
        b = torch.randn((k, n), device=device, dtype=torch.float16)
        c = torch.zeros((m, n), device=device, dtype=torch.float16)
        grid = (triton.cdiv(m, 128), triton.cdiv(n, 128))
        matmul_kernel[grid](TensorDescriptor.from_tensor(a, [128, 64]),
                            TensorDescriptor.from_tensor(b, [64, 128]),
                            TensorDescriptor.from_tensor(c, [128, 128]), k,
                            BM=128, BN=128, BK=64, WS=ws, num_warps=8, num_stages=3)
        return {"c": c}
    return Case(f"matmul_tma_{m}x{n}x{k}{'_ws' if ws else ''}", run, timed=timed)


CASES = [_scale_copy(200, 136), _matmul(300, 264, 512), _matmul(1024, 1024, 1024),
         # Checked, and timed with --time.
         _matmul(4096, 4096, 4096, timed=True),
         # The K loop asks for warp specialization (tt.warp_specialize).
         _matmul(300, 264, 512, ws=True), _matmul(4096, 4096, 4096, timed=True, ws=True)]
