# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Triton programs over block pointers (tl.make_block_ptr, tl.advance,
boundary checks, zero and NaN padding) and tensor descriptors made in the
kernel (tl.make_tensor_descriptor: loads, stores, an atomic add, unsigned
atomic max and min). tile
compiles the TTIR Triton's front end makes, before Triton's own
RewriteTensorPointer pass (TTIR_STAGE = "source"), so that the block
pointers reach tile as written. Sizes that are not multiples of the blocks;
a timed matmul over block pointers and one over in-kernel descriptors at
4096^3.
"""

import torch
import triton
import triton.language as tl

from cases import Case

CASES_PER_PROCESS = 6
FAKE_GPU_OK = True
TTIR_STAGE = "source"


@triton.jit
def block_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
                        BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    a_bp = tl.make_block_ptr(a_ptr, (M, K), (sam, sak), (pm * BM, 0), (BM, BK), (1, 0))
    b_bp = tl.make_block_ptr(b_ptr, (K, N), (sbk, sbn), (0, pn * BN), (BK, BN), (1, 0))
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for _ in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_bp, boundary_check=(0, 1), padding_option="zero")
        b = tl.load(b_bp, boundary_check=(0, 1), padding_option="zero")
        acc = tl.dot(a, b, acc)
        a_bp = tl.advance(a_bp, (0, BK))
        b_bp = tl.advance(b_bp, (BK, 0))
    c_bp = tl.make_block_ptr(c_ptr, (M, N), (scm, scn), (pm * BM, pn * BN), (BM, BN), (1, 0))
    tl.store(c_bp, acc.to(tl.float16), boundary_check=(0, 1))


@triton.jit
def padded_copy_kernel(x_ptr, y_ptr, M, N, sxm, PN, BM: tl.constexpr, BN: tl.constexpr,
                       PAD: tl.constexpr):
    # Whole blocks of x (NaN or zero outside it along the columns only: the
    # rows are in range by construction) into y, whose rows are PN long.
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    x_bp = tl.make_block_ptr(x_ptr, (M, N), (sxm, 1), (pm * BM, pn * BN), (BM, BN), (1, 0))
    if PAD == 1:
        v = tl.load(x_bp, boundary_check=(1,), padding_option="nan")
    else:
        v = tl.load(x_bp, boundary_check=(1,), padding_option="zero")
    y_bp = tl.make_block_ptr(y_ptr, (M, PN), (PN, 1), (pm * BM, pn * BN), (BM, BN), (1, 0))
    tl.store(y_bp, v)


@triton.jit
def row_sum_kernel(x_ptr, y_ptr, N, BLOCK: tl.constexpr):
    # A 1-D block pointer walking a row, checked against its length.
    row = tl.program_id(0)
    bp = tl.make_block_ptr(x_ptr + row * N, (N,), (1,), (0,), (BLOCK,), (0,))
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for _ in range(0, tl.cdiv(N, BLOCK)):
        acc += tl.load(bp, boundary_check=(0,), padding_option="zero")
        bp = tl.advance(bp, (BLOCK,))
    tl.store(y_ptr + row, tl.sum(acc, axis=0))


@triton.jit
def desc_scale_kernel(x_ptr, y_ptr, acc_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    xd = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    yd = tl.make_tensor_descriptor(y_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    ad = tl.make_tensor_descriptor(acc_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    m = tl.program_id(0) * BM
    n = tl.program_id(1) * BN
    v = xd.load([m, n])
    yd.store([m, n], v * 2)
    ad.atomic_add([m, n], v)


@triton.jit
def desc_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                       BK: tl.constexpr):
    ad = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    bd = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    cd = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    m = tl.program_id(0) * BM
    n = tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        acc = tl.dot(ad.load([m, k]), bd.load([k, n]), acc)
    cd.store([m, n], acc.to(tl.float16))


@triton.jit
def desc_unsigned_kernel(x_ptr, hi_ptr, lo_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # Unsigned max and min through descriptors made in the kernel: values
    # with the top bit set are the largest, where a signed compare would
    # take them for the smallest.
    xd = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    hd = tl.make_tensor_descriptor(hi_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    ld = tl.make_tensor_descriptor(lo_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    m = tl.program_id(0) * BM
    n = tl.program_id(1) * BN
    v = xd.load([m, n])
    hd.atomic_max([m, n], v)
    ld.atomic_min([m, n], v)


def _allocator(device):
    # Triton writes the tensor maps of in-kernel descriptors to a global
    # scratch buffer it asks the program for.
    triton.set_allocator(lambda size, align, stream:
                         torch.empty(size, dtype=torch.int8, device=device))


def _block_matmul(m, n, k, timed=False):
    def run(seed, device):
        torch.manual_seed(seed)
        a = torch.randn((m, k), device=device, dtype=torch.float16)
        b = torch.randn((k, n), device=device, dtype=torch.float16)
        c = torch.zeros((m, n), device=device, dtype=torch.float16)
        big = m >= 1024
        bm, bn, bk = (128, 128, 64) if big else (64, 64, 32)
        grid = (triton.cdiv(m, bm), triton.cdiv(n, bn))
        block_matmul_kernel[grid](a, b, c, m, n, k, a.stride(0), a.stride(1), b.stride(0),
                                  b.stride(1), c.stride(0), c.stride(1), BM=bm, BN=bn, BK=bk,
                                  num_warps=8 if big else 4, num_stages=3)
        return {"c": c}
    return Case(f"block_matmul_{m}x{n}x{k}", run, timed=timed)


def _padded_copy(m, n, pad):
    def run(seed, device):
        torch.manual_seed(seed)
        x = torch.randn((m, n), device=device)
        pn = triton.cdiv(n, 32) * 32
        y = torch.zeros((m, pn), device=device)
        padded_copy_kernel[(m // 16, pn // 32)](x, y, m, n, x.stride(0), pn, BM=16, BN=32,
                                                PAD=pad)
        return {"y": y}
    return Case(f"padded_copy_{m}x{n}_{'nan' if pad else 'zero'}", run)


def _row_sum(rows, cols):
    def run(seed, device):
        torch.manual_seed(seed)
        x = torch.randn((rows, cols), device=device)
        y = torch.empty(rows, device=device)
        row_sum_kernel[(rows,)](x, y, cols, BLOCK=128)
        return {"y": y}
    return Case(f"block_row_sum_{rows}x{cols}", run)


def _desc_scale(m, n, bm=32, bn=32):
    def run(seed, device):
        torch.manual_seed(seed)
        _allocator(device)
        x = torch.randn((m, n), device=device)
        y = torch.zeros_like(x)
        acc = torch.ones_like(x)
        desc_scale_kernel[(triton.cdiv(m, bm), triton.cdiv(n, bn))](x, y, acc, m, n,
                                                                    BM=bm, BN=bn)
        return {"y": y, "acc": acc}
    return Case(f"kernel_desc_scale_{m}x{n}_{bm}x{bn}", run)


def _desc_unsigned(m, n, bm=32, bn=32):
    def run(seed, device):
        torch.manual_seed(seed)
        _allocator(device)

        def bits():
            return torch.randint(-2**31, 2**31 - 1, (m, n), device=device,
                                 dtype=torch.int32).view(torch.uint32)
        x, hi, lo = bits(), bits(), bits()
        desc_unsigned_kernel[(triton.cdiv(m, bm), triton.cdiv(n, bn))](x, hi, lo, m, n,
                                                                       BM=bm, BN=bn)
        return {"hi": hi.view(torch.int32), "lo": lo.view(torch.int32)}
    return Case(f"kernel_desc_unsigned_{m}x{n}", run)


def _desc_matmul(m, n, k, timed=False):
    def run(seed, device):
        torch.manual_seed(seed)
        _allocator(device)
        a = torch.randn((m, k), device=device, dtype=torch.float16)
        b = torch.randn((k, n), device=device, dtype=torch.float16)
        c = torch.zeros((m, n), device=device, dtype=torch.float16)
        grid = (triton.cdiv(m, 128), triton.cdiv(n, 128))
        desc_matmul_kernel[grid](a, b, c, m, n, k, BM=128, BN=128, BK=64, num_warps=8,
                                 num_stages=3)
        return {"c": c}
    return Case(f"kernel_desc_matmul_{m}x{n}x{k}", run, timed=timed)


CASES = [_block_matmul(200, 152, 100), _padded_copy(64, 70, 1), _padded_copy(64, 70, 0),
         _row_sum(33, 1000), _desc_scale(200, 136), _desc_matmul(300, 264, 512),
         # Blocks TMA could not copy as tile does (16-byte rows, 4 rows): made
         # in the kernel, they are pointers and masks.
         _desc_scale(200, 36, 32, 4), _desc_scale(37, 136, 4, 32),
         _desc_unsigned(100, 72),
         # Checked, and timed with --time.
         _block_matmul(4096, 4096, 4096, timed=True),
         _desc_matmul(4096, 4096, 4096, timed=True)]
