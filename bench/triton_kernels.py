# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The Triton kernels tile is measured against: the same computations as
examples/*.mlir, written the way Triton's tutorials write them."""

import triton
import triton.language as tl


@triton.jit
def add_kernel(x, y, out, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out + offs, tl.load(x + offs, mask=mask) + tl.load(y + offs, mask=mask),
             mask=mask)


@triton.jit
def softmax_kernel(out, inp, in_stride, out_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(inp + row * in_stride + cols, mask=mask, other=-float("inf"))
    num = tl.exp(x - tl.max(x, axis=0))
    tl.store(out + row * out_stride + cols, num / tl.sum(num, axis=0), mask=mask)


@triton.jit
def layernorm_kernel(X, Y, W, B, Mean, Rstd, stride, N, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    X += row * stride
    Y += row * stride
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        acc += tl.load(X + cols, mask=cols < N, other=0.0).to(tl.float32)
    mean = tl.sum(acc, axis=0) / N
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(X + cols, mask=cols < N, other=0.0).to(tl.float32)
        x = tl.where(cols < N, x - mean, 0.0)
        acc += x * x
    rstd = 1 / tl.sqrt(tl.sum(acc, axis=0) / N + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        mask = cols < N
        w = tl.load(W + cols, mask=mask).to(tl.float32)
        b = tl.load(B + cols, mask=mask).to(tl.float32)
        x = tl.load(X + cols, mask=mask, other=0.0).to(tl.float32)
        tl.store(Y + cols, ((x - mean) * rstd * w + b).to(tl.float16), mask=mask)


@triton.jit
def layernorm_row_kernel(X, Y, W, B, Mean, Rstd, stride, N, eps, BLOCK: tl.constexpr):
    """One pass: the whole row (N <= BLOCK) in registers, x read once."""
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(X + row * stride + cols, mask=mask, other=0.0,
                eviction_policy="evict_first").to(tl.float32)
    mean = tl.sum(x, axis=0) / N
    xc = tl.where(mask, x - mean, 0.0)
    rstd = 1 / tl.sqrt(tl.sum(xc * xc, axis=0) / N + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)
    w = tl.load(W + cols, mask=mask).to(tl.float32)
    b = tl.load(B + cols, mask=mask).to(tl.float32)
    tl.store(Y + row * stride + cols, (xc * rstd * w + b).to(tl.float16), mask=mask)


@triton.jit
def giou_kernel(pred, target, num_valid, sum_ptr, count_ptr, tickets, loss,
                SLOTS: tl.constexpr):
    image = tl.program_id(0)
    n = tl.load(num_valid + image)
    slots = tl.arange(0, SLOTS)
    valid = slots < n
    offs = image * SLOTS * 4 + slots[:, None] * 4 + tl.arange(0, 4)[None, :]
    p = tl.load(pred + offs, mask=valid[:, None], other=0.0)
    t = tl.load(target + offs, mask=valid[:, None], other=0.0)
    pxs, pys = tl.split(tl.reshape(p, (SLOTS, 2, 2)))
    px1, px2 = tl.split(pxs)
    py1, py2 = tl.split(pys)
    txs, tys = tl.split(tl.reshape(t, (SLOTS, 2, 2)))
    tx1, tx2 = tl.split(txs)
    ty1, ty2 = tl.split(tys)
    parea = (px2 - px1) * (py2 - py1)
    tarea = (tx2 - tx1) * (ty2 - ty1)
    iw = tl.maximum(tl.minimum(px2, tx2) - tl.maximum(px1, tx1), 0.0)
    ih = tl.maximum(tl.minimum(py2, ty2) - tl.maximum(py1, ty1), 0.0)
    inter = iw * ih
    union = parea + tarea - inter + 1e-7
    enclose = (tl.maximum(px2, tx2) - tl.minimum(px1, tx1)) * \
        (tl.maximum(py2, ty2) - tl.minimum(py1, ty1)) + 1e-7
    giou = inter / union - (enclose - union) / enclose
    part = tl.sum(tl.where(valid, 1.0 - giou, 0.0), axis=0)
    part_n = tl.sum(valid.to(tl.int32), axis=0)
    tl.atomic_add(sum_ptr, part)
    tl.atomic_add(count_ptr, part_n)
    ticket = tl.atomic_add(tickets, 1)
    if ticket == tl.num_programs(0) - 1:
        total = tl.atomic_add(sum_ptr, 0.0)
        total_n = tl.atomic_add(count_ptr, 0)
        tl.store(loss, total / tl.maximum(total_n, 1).to(tl.float32))




@triton.jit
def matmul_block(a, b, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                 BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    """This program's block of a @ b in f32 (Triton's tutorial: row-major,
    contiguous operands, programs grouped GROUP_M block rows at a time), and
    its rows and columns."""
    pid = tl.program_id(0)
    blocks_m = tl.cdiv(M, BLOCK_M)
    blocks_n = tl.cdiv(N, BLOCK_N)
    in_group = GROUP_M * blocks_n
    group = pid // in_group
    first_m = group * GROUP_M
    group_m = min(blocks_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % in_group) % group_m)
    pid_n = (pid % in_group) // group_m
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        kk = k * BLOCK_K + ks
        x = tl.load(a + rows[:, None] * K + kk[None, :],
                    mask=(rows[:, None] < M) & (kk[None, :] < K), other=0.0)
        y = tl.load(b + kk[:, None] * N + cols[None, :],
                    mask=(kk[:, None] < K) & (cols[None, :] < N), other=0.0)
        acc = tl.dot(x, y, acc)
    return acc, rows, cols


@triton.jit
def matmul_kernel(a, b, c, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    """Triton's tutorial matmul (row-major, contiguous); the f32 product is
    rounded to c's element type."""
    acc, rows, cols = matmul_block(a, b, M, N, K, BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M)
    tl.store(c + rows[:, None] * N + cols[None, :], acc.to(c.dtype.element_ty),
             mask=(rows[:, None] < M) & (cols[None, :] < N))


@triton.jit
def matmul_bias_relu_kernel(a, b, bias, c, M, N, K, BLOCK_M: tl.constexpr,
                            BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                            GROUP_M: tl.constexpr):
    """examples/matmul_bias_relu.mlir: relu(a @ b + bias) in f16."""
    acc, rows, cols = matmul_block(a, b, M, N, K, BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M)
    acc += tl.load(bias + cols, mask=cols < N, other=0.0).to(tl.float32)[None, :]
    acc = tl.maximum(acc, 0.0)
    tl.store(c + rows[:, None] * N + cols[None, :], acc.to(tl.float16),
             mask=(rows[:, None] < M) & (cols[None, :] < N))
