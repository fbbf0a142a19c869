# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Small Triton programs around a known tile miscompile class: reductions of
tensors smaller than the block's threads (a 1-D tensor of 8..128 elements
reduced to a scalar and stored with tl.store, under 1..8 warps), and their
neighbours: max/min/argmax, max with indices, cumsum, a custom combine,
integer sums and xor, 2-D reductions and scans along either axis, atomic
adds, and small dots (FMA with ieee f32 operands, tensor cores with bf16)
with reductions and scans of their results, whose layouts replicate too,
f16 dots accumulated in f16, and 3-D (batched) dots.
One launch per case, 3 programs each (pid selects the slice).
"""

import torch
import triton
import triton.language as tl

from cases import Case

CASES_PER_PROCESS = 40  # compiling one case's kernel takes Triton ~0.5 s
FAKE_GPU_OK = True  # runs under the harness's --fake-gpu (CPU tensors, no launches)

PROGRAMS = 3
SIZES = (8, 16, 32, 64, 128)
WARPS = (1, 2, 4, 8)


@triton.jit
def sum_scalar_kernel(x_ptr, out_ptr, N: tl.constexpr):
    pid = tl.program_id(0)
    x = tl.load(x_ptr + pid * N + tl.arange(0, N))
    tl.store(out_ptr + pid, tl.sum(x, 0))


@triton.jit
def sum_masked_kernel(x_ptr, out_ptr, n, scale, N: tl.constexpr):
    # Runtime length and a float scalar: scalar parameters in the ABI.
    pid = tl.program_id(0)
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + pid * N + offs, mask=offs < n, other=0.0)
    tl.store(out_ptr + pid, tl.sum(x * scale, 0))


@triton.jit
def max_scalar_kernel(x_ptr, out_ptr, N: tl.constexpr):
    pid = tl.program_id(0)
    x = tl.load(x_ptr + pid * N + tl.arange(0, N))
    tl.store(out_ptr + pid, tl.max(x, 0))


@triton.jit
def min_scalar_kernel(x_ptr, out_ptr, N: tl.constexpr):
    pid = tl.program_id(0)
    x = tl.load(x_ptr + pid * N + tl.arange(0, N))
    tl.store(out_ptr + pid, tl.min(x, 0))


@triton.jit
def argmax_scalar_kernel(x_ptr, out_ptr, N: tl.constexpr):
    pid = tl.program_id(0)
    x = tl.load(x_ptr + pid * N + tl.arange(0, N))
    tl.store(out_ptr + pid, tl.argmax(x, 0))


@triton.jit
def max_indices_kernel(x_ptr, val_ptr, idx_ptr, N: tl.constexpr):
    pid = tl.program_id(0)
    x = tl.load(x_ptr + pid * N + tl.arange(0, N))
    v, i = tl.max(x, 0, return_indices=True)
    tl.store(val_ptr + pid, v)
    tl.store(idx_ptr + pid, i)


@triton.jit
def cumsum_kernel(x_ptr, out_ptr, N: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * N + tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.cumsum(x, 0))


@triton.jit
def _multiply(a, b):
    return a * b


@triton.jit
def product_scalar_kernel(x_ptr, out_ptr, N: tl.constexpr):
    pid = tl.program_id(0)
    x = tl.load(x_ptr + pid * N + tl.arange(0, N))
    tl.store(out_ptr + pid, tl.reduce(x, 0, _multiply))


@triton.jit
def xor_sum_kernel(x_ptr, out_ptr, N: tl.constexpr):
    pid = tl.program_id(0)
    x = tl.load(x_ptr + pid * N + tl.arange(0, N))
    tl.store(out_ptr + pid, tl.xor_sum(x, 0))


@triton.jit
def sum_int_kernel(x_ptr, out_ptr, N: tl.constexpr):
    pid = tl.program_id(0)
    x = tl.load(x_ptr + pid * N + tl.arange(0, N))
    tl.store(out_ptr + pid, tl.sum(x, 0))


@triton.jit
def sum_2d_kernel(x_ptr, out_ptr, R: tl.constexpr, C: tl.constexpr, AXIS: tl.constexpr):
    pid = tl.program_id(0)
    r = tl.arange(0, R)
    c = tl.arange(0, C)
    x = tl.load(x_ptr + pid * R * C + r[:, None] * C + c[None, :])
    s = tl.sum(x, AXIS)
    if AXIS == 0:
        tl.store(out_ptr + pid * C + c, s)
    else:
        tl.store(out_ptr + pid * R + r, s)


@triton.jit
def atomic_vector_kernel(x_ptr, out_ptr, N: tl.constexpr):
    # Every program adds its slice into the same N outputs.
    pid = tl.program_id(0)
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + pid * N + offs)
    tl.atomic_add(out_ptr + offs, x)


@triton.jit
def atomic_sum_kernel(x_ptr, out_ptr, N: tl.constexpr):
    # A scalar atomic of a reduction: every program adds its sum into out[0].
    pid = tl.program_id(0)
    x = tl.load(x_ptr + pid * N + tl.arange(0, N))
    tl.atomic_add(out_ptr, tl.sum(x, 0))


@triton.jit
def cumsum_2d_kernel(x_ptr, out_ptr, R: tl.constexpr, C: tl.constexpr, AXIS: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * R * C + tl.arange(0, R)[:, None] * C + tl.arange(0, C)[None, :]
    tl.store(out_ptr + offs, tl.cumsum(tl.load(x_ptr + offs), AXIS))


@triton.jit
def dot_kernel(a_ptr, b_ptr, c_ptr, rows_ptr, scan_ptr, M: tl.constexpr, N: tl.constexpr,
               K: tl.constexpr, IEEE: tl.constexpr):
    # The product, its row sums and its column-wise inclusive sums.
    pid = tl.program_id(0)
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, K)
    a = tl.load(a_ptr + pid * M * K + m[:, None] * K + k[None, :])
    b = tl.load(b_ptr + pid * K * N + k[:, None] * N + n[None, :])
    if IEEE:
        c = tl.dot(a, b, input_precision="ieee")
    else:
        c = tl.dot(a, b)
    tl.store(c_ptr + pid * M * N + m[:, None] * N + n[None, :], c)
    tl.store(rows_ptr + pid * M + m, tl.sum(c, 1))
    tl.store(scan_ptr + pid * M * N + m[:, None] * N + n[None, :], tl.cumsum(c, 0))


@triton.jit
def dot_f16_acc_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr,
                       K: tl.constexpr, BK: tl.constexpr):
    # A product accumulated in f16 over K steps of BK.
    pid = tl.program_id(0)
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, BK)
    acc = tl.zeros((M, N), dtype=tl.float16)
    for k0 in range(0, K, BK):
        a = tl.load(a_ptr + pid * M * K + m[:, None] * K + (k0 + k)[None, :])
        b = tl.load(b_ptr + pid * K * N + (k0 + k)[:, None] * N + n[None, :])
        acc = tl.dot(a, b, acc, out_dtype=tl.float16)
    tl.store(c_ptr + pid * M * N + m[:, None] * N + n[None, :], acc)


@triton.jit
def batched_dot_kernel(a_ptr, b_ptr, c_ptr, B: tl.constexpr, M: tl.constexpr,
                       N: tl.constexpr, K: tl.constexpr, IEEE: tl.constexpr):
    # A 3-D dot: B products of MxK by KxN, and their sums over the batch.
    pid = tl.program_id(0)
    i = tl.arange(0, B)[:, None, None]
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, K)
    a = tl.load(a_ptr + pid * B * M * K + i * M * K + m[None, :, None] * K + k[None, None, :])
    b = tl.load(b_ptr + pid * B * K * N + i * K * N + k[None, :, None] * N + n[None, None, :])
    if IEEE:
        c = tl.dot(a, b, input_precision="ieee")
    else:
        c = tl.dot(a, b)
    c = c + tl.sum(c, 0)[None, :, :]
    tl.store(c_ptr + pid * B * M * N + i * M * N + m[None, :, None] * N + n[None, None, :], c)


def _inputs(seed, n, kind):
    torch.manual_seed(seed)
    if kind == "float":
        return torch.randn(n)
    if kind == "near_one":  # products of up to 128 of these stay near 1
        return 0.9 + 0.2 * torch.rand(n)
    if kind == "int":
        return torch.randint(-1000, 1000, (n,), dtype=torch.int32)
    if kind == "bits":
        return torch.randint(-2**31, 2**31 - 1, (n,), dtype=torch.int32)
    raise ValueError(kind)


def _scalar_case(name, kernel, n, warps, kind="float", out_dtype=torch.float32):
    def run(seed, device):
        x = _inputs(seed, PROGRAMS * n, kind).to(device)
        out = torch.zeros(PROGRAMS, dtype=out_dtype, device=device)
        kernel[(PROGRAMS,)](x, out, N=n, num_warps=warps)
        return {"out": out}
    return Case(f"{name}_n{n}_w{warps}", run)


def _masked_case(n, warps):
    def run(seed, device):
        x = _inputs(seed, PROGRAMS * n, "float").to(device)
        out = torch.zeros(PROGRAMS, device=device)
        sum_masked_kernel[(PROGRAMS,)](x, out, n - 3, 0.5, N=n, num_warps=warps)
        return {"out": out}
    return Case(f"sum_masked_n{n}_w{warps}", run)


def _max_indices_case(n, warps):
    def run(seed, device):
        x = _inputs(seed, PROGRAMS * n, "float").to(device)
        val = torch.zeros(PROGRAMS, device=device)
        idx = torch.zeros(PROGRAMS, dtype=torch.int32, device=device)
        max_indices_kernel[(PROGRAMS,)](x, val, idx, N=n, num_warps=warps)
        return {"val": val, "idx": idx}
    return Case(f"max_indices_n{n}_w{warps}", run)


def _vector_case(name, kernel, n, warps):
    def run(seed, device):
        x = _inputs(seed, PROGRAMS * n, "float").to(device)
        out = torch.zeros(PROGRAMS * n, device=device)
        kernel[(PROGRAMS,)](x, out, N=n, num_warps=warps)
        return {"out": out}
    return Case(f"{name}_n{n}_w{warps}", run)


def _atomic_case(name, kernel, n, warps, kind, dtype, outputs):
    def run(seed, device):
        x = _inputs(seed, PROGRAMS * n, kind).to(device)
        out = torch.zeros(outputs, dtype=dtype, device=device)
        kernel[(PROGRAMS,)](x, out, N=n, num_warps=warps)
        return {"out": out}
    return Case(f"{name}_n{n}_w{warps}", run)


def _2d_case(rows, cols, axis, warps):
    def run(seed, device):
        x = _inputs(seed, PROGRAMS * rows * cols, "float").to(device)
        out = torch.zeros(PROGRAMS * (cols if axis == 0 else rows), device=device)
        sum_2d_kernel[(PROGRAMS,)](x, out, R=rows, C=cols, AXIS=axis, num_warps=warps)
        return {"out": out}
    return Case(f"sum2d_{rows}x{cols}_axis{axis}_w{warps}", run)


def _cumsum_2d_case(rows, cols, axis, warps):
    def run(seed, device):
        x = _inputs(seed, PROGRAMS * rows * cols, "float").to(device)
        out = torch.zeros(PROGRAMS * rows * cols, device=device)
        cumsum_2d_kernel[(PROGRAMS,)](x, out, R=rows, C=cols, AXIS=axis, num_warps=warps)
        return {"out": out}
    return Case(f"cumsum2d_{rows}x{cols}_axis{axis}_w{warps}", run)


def _dot_case(m, n, k, warps, ieee):
    def run(seed, device):
        dtype = torch.float32 if ieee else torch.bfloat16
        a = _inputs(seed, PROGRAMS * m * k, "float").to(device=device, dtype=dtype)
        b = _inputs(seed + 1, PROGRAMS * k * n, "float").to(device=device, dtype=dtype)
        c = torch.zeros(PROGRAMS * m * n, device=device)
        rows = torch.zeros(PROGRAMS * m, device=device)
        scan = torch.zeros(PROGRAMS * m * n, device=device)
        dot_kernel[(PROGRAMS,)](a, b, c, rows, scan, M=m, N=n, K=k, IEEE=ieee,
                                num_warps=warps)
        return {"c": c, "rows": rows, "scan": scan}
    return Case(f"dot_{'ieee' if ieee else 'bf16'}_{m}x{n}x{k}_w{warps}", run)


def _dot_f16_acc_case(m, n, k, warps):
    def run(seed, device):
        a = (_inputs(seed, PROGRAMS * m * k, "float") / 4).to(device=device,
                                                              dtype=torch.float16)
        b = (_inputs(seed + 1, PROGRAMS * k * n, "float") / 4).to(device=device,
                                                                  dtype=torch.float16)
        c = torch.zeros(PROGRAMS * m * n, device=device, dtype=torch.float16)
        dot_f16_acc_kernel[(PROGRAMS,)](a, b, c, M=m, N=n, K=k, BK=16, num_warps=warps)
        return {"c": c}
    return Case(f"dot_f16_acc_{m}x{n}x{k}_w{warps}", run)


def _batched_dot_case(batch, m, n, k, warps, ieee):
    def run(seed, device):
        dtype = torch.float32 if ieee else torch.bfloat16
        a = _inputs(seed, PROGRAMS * batch * m * k, "float").to(device=device, dtype=dtype)
        b = _inputs(seed + 1, PROGRAMS * batch * k * n, "float").to(device=device, dtype=dtype)
        c = torch.zeros(PROGRAMS * batch * m * n, device=device)
        batched_dot_kernel[(PROGRAMS,)](a, b, c, B=batch, M=m, N=n, K=k, IEEE=ieee,
                                        num_warps=warps)
        return {"c": c}
    kind = "ieee" if ieee else "bf16"
    return Case(f"batched_dot_{kind}_{batch}x{m}x{n}x{k}_w{warps}", run)


def _cases():
    cases = []
    for n in SIZES:
        for w in WARPS:
            cases += [
                _scalar_case("sum", sum_scalar_kernel, n, w),
                _masked_case(n, w),
                _scalar_case("max", max_scalar_kernel, n, w),
                _scalar_case("min", min_scalar_kernel, n, w),
                _scalar_case("argmax", argmax_scalar_kernel, n, w, out_dtype=torch.int32),
                _max_indices_case(n, w),
                _vector_case("cumsum", cumsum_kernel, n, w),
                _scalar_case("product", product_scalar_kernel, n, w, kind="near_one"),
                _scalar_case("xor_sum", xor_sum_kernel, n, w, kind="bits", out_dtype=torch.int32),
                _scalar_case("sum_int32", sum_int_kernel, n, w, kind="int", out_dtype=torch.int32),
                _atomic_case("atomic_add_vector", atomic_vector_kernel, n, w, "float",
                             torch.float32, n),
                _atomic_case("atomic_add_sum", atomic_sum_kernel, n, w, "float",
                             torch.float32, 1),
                _atomic_case("atomic_add_sum_int32", atomic_sum_kernel, n, w, "int",
                             torch.int32, 1),
            ]
    for rows, cols in ((8, 16), (4, 64), (16, 4)):
        for axis in (0, 1):
            for w in (4, 8):
                cases.append(_2d_case(rows, cols, axis, w))
                cases.append(_cumsum_2d_case(rows, cols, axis, w))
    for m, n, k in ((16, 16, 16), (16, 32, 16), (32, 16, 32), (64, 64, 16)):
        for w in (1, 4, 8):
            for ieee in (True, False):
                cases.append(_dot_case(m, n, k, w, ieee))
    for w in (1, 4):
        cases.append(_dot_f16_acc_case(64, 64, 32, w))
    for batch, m, n, k in ((2, 16, 16, 16), (4, 32, 16, 32)):
        for w in (1, 4):
            for ieee in (True, False):
                cases.append(_batched_dot_case(batch, m, n, k, w, ieee))
    return cases


CASES = _cases()
