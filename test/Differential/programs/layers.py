# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Triton programs for the layers of models, written as their users write
them: conv2d as an implicit GEMM over NHWC activations (bias and ReLU fused,
padding by masks), a large-vocabulary cross-entropy (an online softmax per
row, the gradient written over the logits in place), the pointwise halves of
LSTM and GRU cells (gates from the two matrix products, bias, activations
and state update fused), and a tiled 2-D transpose. Small, ragged shapes
first; then the timed cases at model sizes.
"""

import torch
import triton
import triton.language as tl

from cases import Case

CASES_PER_PROCESS = 6
FAKE_GPU_OK = True


@triton.jit
def conv2d_nhwc_kernel(x_ptr, w_ptr, bias_ptr, y_ptr, N, H, W, C, K, OH, OW,
                       R: tl.constexpr, S: tl.constexpr, STRIDE: tl.constexpr,
                       PAD: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                       BLOCK_K: tl.constexpr):
    # Rows of the GEMM are output pixels (n, oh, ow), columns output
    # channels, and the reduction runs over (r, s, c) with c fastest; the
    # filter is stored [R, S, C, K].
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    M = N * OH * OW
    GEMM_K = R * S * C
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    n = offs_m // (OH * OW)
    ohw = offs_m % (OH * OW)
    oh = ohw // OW
    ow = ohw % OW
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, GEMM_K, BLOCK_K):
        offs_k = k0 + tl.arange(0, BLOCK_K)
        c = offs_k % C
        rs = offs_k // C
        r = rs // S
        s = rs % S
        ih = oh[:, None] * STRIDE - PAD + r[None, :]
        iw = ow[:, None] * STRIDE - PAD + s[None, :]
        a_mask = ((offs_m[:, None] < M) & (offs_k[None, :] < GEMM_K) & (ih >= 0) & (ih < H)
                  & (iw >= 0) & (iw < W))
        a = tl.load(x_ptr + ((n[:, None] * H + ih) * W + iw) * C + c[None, :], mask=a_mask,
                    other=0.0)
        b_mask = (offs_k[:, None] < GEMM_K) & (offs_n[None, :] < K)
        b = tl.load(w_ptr + offs_k[:, None] * K + offs_n[None, :], mask=b_mask, other=0.0)
        acc = tl.dot(a, b, acc)
    bias = tl.load(bias_ptr + offs_n, mask=offs_n < K, other=0.0)
    acc = tl.maximum(acc + bias[None, :].to(tl.float32), 0.0)
    y_mask = (offs_m[:, None] < M) & (offs_n[None, :] < K)
    tl.store(y_ptr + offs_m[:, None] * K + offs_n[None, :], acc.to(y_ptr.dtype.element_ty),
             mask=y_mask)


@triton.jit
def cross_entropy_kernel(x_ptr, x_stride, y_ptr, loss_ptr, n_cols, n_rows,
                         BLOCK_SIZE: tl.constexpr):
    # One program per row: the log-sum-exp by an online softmax over the
    # vocabulary, then the mean loss's gradient over the logits in place.
    row = tl.program_id(0).to(tl.int64)
    x_ptr += row * x_stride
    y = tl.load(y_ptr + row)
    x_y = tl.load(x_ptr + y).to(tl.float32)
    m = float("-inf")
    d = 0.0
    for i in range(0, n_cols, BLOCK_SIZE):
        offs = i + tl.arange(0, BLOCK_SIZE)
        x = tl.load(x_ptr + offs, mask=offs < n_cols, other=float("-inf")).to(tl.float32)
        m_new = tl.maximum(m, tl.max(x, axis=0))
        d = d * tl.exp(m - m_new) + tl.sum(tl.exp(x - m_new), axis=0)
        m = m_new
    lse = m + tl.log(d)
    for i in range(0, n_cols, BLOCK_SIZE):
        offs = i + tl.arange(0, BLOCK_SIZE)
        x = tl.load(x_ptr + offs, mask=offs < n_cols, other=float("-inf")).to(tl.float32)
        g = tl.exp(x - lse) / n_rows
        g = tl.where(offs == y, g - 1.0 / n_rows, g)
        tl.store(x_ptr + offs, g.to(x_ptr.dtype.element_ty), mask=offs < n_cols)
    tl.store(loss_ptr + row, (lse - x_y) / n_rows)


@triton.jit
def _tanh(x):
    return 2 * tl.sigmoid(2 * x) - 1


@triton.jit
def _lstm_gate(gx_ptr, gh_ptr, bias_ptr, offs, cols, mask, H, GATE: tl.constexpr):
    return (tl.load(gx_ptr + offs + GATE * H, mask=mask, other=0.0).to(tl.float32)
            + tl.load(gh_ptr + offs + GATE * H, mask=mask, other=0.0).to(tl.float32)
            + tl.load(bias_ptr + GATE * H + cols, mask=cols < H, other=0.0)[None, :]
            .to(tl.float32))


@triton.jit
def lstm_cell_kernel(gx_ptr, gh_ptr, bias_ptr, c_ptr, h_out_ptr, c_out_ptr, B, H,
                     BLOCK_B: tl.constexpr, BLOCK_H: tl.constexpr):
    # gates = x W^T + h U^T + b, in the order i, f, g, o along 4H.
    rows = tl.program_id(0) * BLOCK_B + tl.arange(0, BLOCK_B)
    cols = tl.program_id(1) * BLOCK_H + tl.arange(0, BLOCK_H)
    mask = (rows[:, None] < B) & (cols[None, :] < H)
    offs = rows[:, None] * 4 * H + cols[None, :]
    i = tl.sigmoid(_lstm_gate(gx_ptr, gh_ptr, bias_ptr, offs, cols, mask, H, 0))
    f = tl.sigmoid(_lstm_gate(gx_ptr, gh_ptr, bias_ptr, offs, cols, mask, H, 1))
    g = _tanh(_lstm_gate(gx_ptr, gh_ptr, bias_ptr, offs, cols, mask, H, 2))
    o = tl.sigmoid(_lstm_gate(gx_ptr, gh_ptr, bias_ptr, offs, cols, mask, H, 3))
    s_offs = rows[:, None] * H + cols[None, :]
    c = f * tl.load(c_ptr + s_offs, mask=mask, other=0.0).to(tl.float32) + i * g
    h = o * _tanh(c)
    tl.store(c_out_ptr + s_offs, c.to(c_out_ptr.dtype.element_ty), mask=mask)
    tl.store(h_out_ptr + s_offs, h.to(h_out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def gru_cell_kernel(gx_ptr, gh_ptr, bx_ptr, bh_ptr, h_ptr, h_out_ptr, B, H,
                    BLOCK_B: tl.constexpr, BLOCK_H: tl.constexpr):
    # gx = x W^T, gh = h U^T, in the order r, z, n along 3H (as torch's GRUCell).
    rows = tl.program_id(0) * BLOCK_B + tl.arange(0, BLOCK_B)
    cols = tl.program_id(1) * BLOCK_H + tl.arange(0, BLOCK_H)
    mask = (rows[:, None] < B) & (cols[None, :] < H)
    col_mask = cols < H
    offs = rows[:, None] * 3 * H + cols[None, :]
    xr = tl.load(gx_ptr + offs, mask=mask, other=0.0) + tl.load(bx_ptr + cols, mask=col_mask)
    xz = (tl.load(gx_ptr + offs + H, mask=mask, other=0.0)
          + tl.load(bx_ptr + H + cols, mask=col_mask))
    xn = (tl.load(gx_ptr + offs + 2 * H, mask=mask, other=0.0)
          + tl.load(bx_ptr + 2 * H + cols, mask=col_mask))
    hr = tl.load(gh_ptr + offs, mask=mask, other=0.0) + tl.load(bh_ptr + cols, mask=col_mask)
    hz = (tl.load(gh_ptr + offs + H, mask=mask, other=0.0)
          + tl.load(bh_ptr + H + cols, mask=col_mask))
    hn = (tl.load(gh_ptr + offs + 2 * H, mask=mask, other=0.0)
          + tl.load(bh_ptr + 2 * H + cols, mask=col_mask))
    r = tl.sigmoid(xr.to(tl.float32) + hr.to(tl.float32))
    z = tl.sigmoid(xz.to(tl.float32) + hz.to(tl.float32))
    n = _tanh(xn.to(tl.float32) + r * hn.to(tl.float32))
    s_offs = rows[:, None] * H + cols[None, :]
    h = tl.load(h_ptr + s_offs, mask=mask, other=0.0).to(tl.float32)
    tl.store(h_out_ptr + s_offs, ((1 - z) * n + z * h).to(h_out_ptr.dtype.element_ty),
             mask=mask)


@triton.jit
def transpose_kernel(x_ptr, y_ptr, M, N, stride_xm, stride_yn, BLOCK_M: tl.constexpr,
                     BLOCK_N: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * stride_xm + rn[None, :], mask=mask)
    tl.store(y_ptr + rn[None, :] * stride_yn + rm[:, None], x, mask=mask)


def _conv2d(n, h, w, c, k, r, stride, pad, timed=False):
    oh, ow = (h + 2 * pad - r) // stride + 1, (w + 2 * pad - r) // stride + 1

    def run(seed, device):
        torch.manual_seed(seed)
        x = torch.randn((n, h, w, c), device=device, dtype=torch.float16)
        wt = (torch.randn((r, r, c, k), device=device) / (r * r * c) ** 0.5).half()
        bias = torch.randn(k, device=device, dtype=torch.float16)
        y = torch.empty((n, oh, ow, k), device=device, dtype=torch.float16)
        bm, bn, bk = 128, 64 if k <= 64 else 128, 32
        grid = (triton.cdiv(n * oh * ow, bm), triton.cdiv(k, bn))
        conv2d_nhwc_kernel[grid](x, wt, bias, y, n, h, w, c, k, oh, ow, R=r, S=r, STRIDE=stride,
                                 PAD=pad, BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, num_warps=4,
                                 num_stages=3)
        return {"y": y}
    return Case(f"conv2d_n{n}_{h}x{w}_c{c}_k{k}_{r}x{r}_s{stride}", run, timed=timed)


def _cross_entropy(rows, vocab, timed=False):
    def run(seed, device):
        torch.manual_seed(seed)
        x = torch.randn((rows, vocab), device=device, dtype=torch.bfloat16)
        y = torch.randint(0, vocab, (rows,), device=device)
        loss = torch.empty(rows, device=device, dtype=torch.float32)
        block = min(32768, triton.next_power_of_2(vocab))
        cross_entropy_kernel[(rows,)](x, x.stride(0), y, loss, vocab, rows, BLOCK_SIZE=block,
                                      num_warps=32)
        return {"loss": loss, "grad": x}
    return Case(f"cross_entropy_{rows}x{vocab}", run, timed=timed)


def _lstm_cell(batch, hidden, dtype, timed=False):
    def run(seed, device):
        torch.manual_seed(seed)
        gx = torch.randn((batch, 4 * hidden), device=device, dtype=dtype)
        gh = torch.randn((batch, 4 * hidden), device=device, dtype=dtype)
        bias = torch.randn(4 * hidden, device=device, dtype=dtype)
        c = torch.randn((batch, hidden), device=device, dtype=dtype)
        h_out, c_out = torch.empty_like(c), torch.empty_like(c)
        grid = (triton.cdiv(batch, 16), triton.cdiv(hidden, 128))
        lstm_cell_kernel[grid](gx, gh, bias, c, h_out, c_out, batch, hidden, BLOCK_B=16,
                               BLOCK_H=128, num_warps=4)
        return {"h": h_out, "c": c_out}
    name = str(dtype).replace("torch.", "")
    return Case(f"lstm_cell_{batch}x{hidden}_{name}", run, timed=timed)


def _gru_cell(batch, hidden, dtype, timed=False):
    def run(seed, device):
        torch.manual_seed(seed)
        gx = torch.randn((batch, 3 * hidden), device=device, dtype=dtype)
        gh = torch.randn((batch, 3 * hidden), device=device, dtype=dtype)
        bx = torch.randn(3 * hidden, device=device, dtype=dtype)
        bh = torch.randn(3 * hidden, device=device, dtype=dtype)
        h = torch.randn((batch, hidden), device=device, dtype=dtype)
        h_out = torch.empty_like(h)
        grid = (triton.cdiv(batch, 16), triton.cdiv(hidden, 128))
        gru_cell_kernel[grid](gx, gh, bx, bh, h, h_out, batch, hidden, BLOCK_B=16, BLOCK_H=128,
                              num_warps=4)
        return {"h": h_out}
    name = str(dtype).replace("torch.", "")
    return Case(f"gru_cell_{batch}x{hidden}_{name}", run, timed=timed)


def _transpose(m, n, dtype, timed=False):
    def run(seed, device):
        torch.manual_seed(seed)
        x = torch.randn((m, n), device=device, dtype=dtype)
        y = torch.empty((n, m), device=device, dtype=dtype)
        transpose_kernel[(triton.cdiv(m, 64), triton.cdiv(n, 64))](
            x, y, m, n, x.stride(0), y.stride(0), BLOCK_M=64, BLOCK_N=64, num_warps=4)
        return {"y": y}
    name = str(dtype).replace("torch.", "")
    return Case(f"transpose_{m}x{n}_{name}", run, timed=timed)


CASES = (
    [_conv2d(2, 13, 11, 32, 48, 3, 1, 1), _conv2d(2, 14, 14, 64, 64, 3, 2, 1),
     _conv2d(3, 7, 9, 64, 128, 1, 1, 0)]
    + [_cross_entropy(rows, vocab) for rows, vocab in ((37, 32000), (8, 50257), (16, 1000))]
    + [_lstm_cell(37, 300, torch.float32), _lstm_cell(16, 256, torch.float16)]
    + [_gru_cell(37, 300, torch.float32), _gru_cell(16, 256, torch.float16)]
    + [_transpose(m, n, dtype) for m, n, dtype in ((100, 77, torch.float32),
                                                   (256, 512, torch.float16))]
    # Model sizes (ResNet-50's 56x56 and 28x28 stages; a 32k vocabulary):
    # checked, and timed with --time.
    + [_conv2d(32, 56, 56, 64, 64, 3, 1, 1, timed=True),
       _conv2d(32, 56, 56, 128, 128, 3, 2, 1, timed=True),
       _conv2d(32, 28, 28, 512, 128, 1, 1, 0, timed=True)]
    + [_cross_entropy(4096, 32000, timed=True)]
    + [_lstm_cell(1024, 1024, torch.float32, timed=True),
       _gru_cell(1024, 1024, torch.float32, timed=True)]
    + [_transpose(8192, 8192, torch.float32, timed=True)]
)
