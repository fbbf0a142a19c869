# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Memory-bound kernels: tile against Triton and PyTorch, in one process, on
the same inputs, under the same timer (triton.testing.do_bench medians; it
clears L2 between runs). Every result is checked against a float64 reference
before it is timed.

    python3 bench/memory_bound.py KERNEL_DIR [--out results.json] [--quick]

KERNEL_DIR holds the cubins from bench/compile-kernels.sh. Prints one table
per family: GB/s (bytes the kernel must read and write, over the median
time) or us, and the ratios to Triton and to the device-to-device copy
ceiling measured in the same run.

Every implementation is timed twice: by do_bench (events around each launch,
which add a few microseconds that vary between launchers) and by its
kernels' own durations (CUPTI, through torch.profiler), under the same
conditions. For bandwidth cases a device-to-device copy of the same number
of bytes is timed both ways too: the ceiling at that size, launch and tail
included.
"""

import argparse
import json
import math
import platform
import statistics
import subprocess
import sys
import time

import torch
import triton
from torch.profiler import ProfilerActivity, profile

from tile_cuda import Kernel
from triton_kernels import (add_kernel, giou_kernel, layernorm_kernel,
                            layernorm_row_kernel, softmax_kernel)


# --- helpers ----------------------------------------------------------------

def bench(fn):
    """Median milliseconds of fn over many runs, L2 cleared before each."""
    return triton.testing.do_bench(fn, warmup=25, rep=200, return_mode="median")


_l2_flush = None
_flush_kernels = None


def _cuda_kernel_times(fn, runs):
    """Kernel name -> durations (us) of fn's kernels over `runs` calls, each
    after the same L2 flush as do_bench's."""
    fn()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(runs):
            _l2_flush.zero_()
            fn()
        torch.cuda.synchronize()
    times = {}
    for event in prof.events():
        if event.device_type == torch.autograd.DeviceType.CUDA:
            times.setdefault(event.name, []).append(event.device_time_total)
    return times


def kernel_ms(fn, runs=100):
    """Median of fn's kernel durations, in milliseconds: the sum over the
    kernels one call launches (torch.compile's GIoU is several) of each one's
    median, the L2 flush's kernels left out."""
    global _l2_flush, _flush_kernels
    if _l2_flush is None:
        _l2_flush = torch.empty(256 * 1024 * 1024 // 4, dtype=torch.int32, device="cuda")
        _flush_kernels = set(_cuda_kernel_times(lambda: None, 10))
    times = _cuda_kernel_times(fn, runs)
    return sum(statistics.median(v) for name, v in times.items()
               if name not in _flush_kernels and len(v) >= runs) / 1e3


def rel_error(out, ref):
    out, ref = out.double(), ref.double()
    if not torch.isfinite(out).all():
        return float("inf")
    return ((out - ref).norm() / ref.norm().clamp_min(1e-30)).item()


def next_pow2(n):
    return 1 << (n - 1).bit_length()


def softmax_warps(block):
    return 16 if block >= 8192 else 8 if block >= 2048 else 4


rows_out = []


def same_size_copy(nbytes, runs=100):
    """(do_bench ms, kernel ms) of a device-to-device copy that reads and
    writes nbytes in all."""
    src = torch.empty(nbytes // 8, dtype=torch.float32, device="cuda")
    dst = torch.empty_like(src)
    copy = lambda: dst.copy_(src)  # noqa: E731
    return bench(copy), kernel_ms(copy, runs=runs)


def report(family, case, impls, nbytes, ceiling, errors):
    """impls: name -> function. Times each both ways and prints one line per
    implementation."""
    times = {name: (bench(fn), kernel_ms(fn)) for name, fn in impls.items()}
    copy_times = same_size_copy(nbytes) if nbytes else None
    triton_ms = times.get("triton")
    for name, (ms, kms) in times.items():
        row = {"family": family, "case": case, "impl": name, "us": ms * 1e3,
               "kernel_us": kms * 1e3, "error": errors.get(name)}
        if nbytes:
            row["GB/s"] = nbytes / (ms * 1e-3) / 1e9
            row["kernel_GB/s"] = nbytes / (kms * 1e-3) / 1e9
            row["of_copy"] = row["GB/s"] / ceiling
            # The same-size copy under the same timer: launch and tail alike.
            row["of_same_size_copy"] = copy_times[0] / ms
            row["kernel_of_same_size_copy"] = copy_times[1] / kms
        if triton_ms:
            row["vs_triton"] = triton_ms[0] / ms
            row["kernel_vs_triton"] = triton_ms[1] / kms
        rows_out.append(row)
        print(f"{family:<10} {case:<18} {name:<14} {ms * 1e3:10.2f} us"
              + (f" {row['GB/s']:8.0f} GB/s {100 * row['of_copy']:5.1f}% of copy"
                 if nbytes else "")
              + (f" {row['vs_triton']:6.3f}x Triton" if triton_ms else "")
              + f" | kernel {kms * 1e3:9.2f} us"
              + (f" {100 * row['kernel_of_same_size_copy']:5.1f}% of same-size copy"
                 if nbytes else "")
              + (f" {row['kernel_vs_triton']:6.3f}x Triton" if triton_ms else "")
              + (f"  err {errors[name]:.1e}" if errors.get(name) is not None else ""),
              flush=True)


def check(errors, tolerance):
    bad = {k: v for k, v in errors.items() if not v <= tolerance}
    if bad:
        print("MISMATCH:", bad, flush=True)
        failures.append(bad)


failures = []


# --- families ---------------------------------------------------------------

def copy_ceiling():
    nbytes = 2 << 30  # 1 GiB of f32 read and written
    ms, kms = same_size_copy(nbytes, runs=20)
    gbs, kernel_gbs = nbytes / (ms * 1e-3) / 1e9, nbytes / (kms * 1e-3) / 1e9
    print(f"copy       1 GiB d2d          torch          {ms * 1e3:10.2f} us {gbs:8.0f} GB/s"
          f" | kernel {kms * 1e3:9.2f} us {kernel_gbs:8.0f} GB/s", flush=True)
    rows_out.append({"family": "copy", "case": "1GiB", "impl": "torch", "us": ms * 1e3,
                     "GB/s": gbs, "of_copy": 1.0, "kernel_us": kms * 1e3,
                     "kernel_GB/s": kernel_gbs})
    return gbs


def vector_add(kdir, ceiling, sizes):
    kernel = Kernel(kdir, "vector_add", "vector_add")
    for n in sizes:
        x, y = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
        ours, theirs, torch_out = (torch.full_like(x, float("nan")) for _ in range(3))
        launch = kernel.bind([triton.cdiv(n, 1024)], x, y, ours, n)
        grid = (triton.cdiv(n, 1024),)
        impls = {
            "tile": launch,
            "triton": lambda: add_kernel[grid](x, y, theirs, n, BLOCK=1024),
            "torch": lambda: torch.add(x, y, out=torch_out),
        }
        for fn in impls.values():
            fn()
        ref = x.double() + y.double()
        errors = {"tile": rel_error(ours, ref), "triton": rel_error(theirs, ref),
                  "torch": rel_error(torch_out, ref)}
        check(errors, 1e-6)
        report("vector_add", f"n={n}", impls,
               3 * n * 4, ceiling, errors)


def softmax(kdir, ceiling, shapes):
    kernels = {}
    for rows, cols in shapes:
        block = max(256, next_pow2(cols))
        x = torch.randn(rows, cols, device="cuda")
        ours, theirs = torch.full_like(x, float("nan")), torch.full_like(x, float("nan"))
        if block <= 512 and cols % 16 == 0:
            # Short rows: several rows per program (about 2048 elements).
            per_program = 2048 // block
            variant = f"softmax_rows_{per_program}x{block}"
            if variant not in kernels:
                kernels[variant] = Kernel(kdir, variant, "softmax")
            launch = kernels[variant].bind([triton.cdiv(rows, per_program)], ours, x,
                                           x.stride(0), ours.stride(0), cols, rows)
        else:
            variant = f"softmax_{block}" + ("_h" if cols % 16 == 0 else "")
            if variant not in kernels:
                kernels[variant] = Kernel(kdir, variant, "softmax")
            launch = kernels[variant].bind([rows], ours, x, x.stride(0), ours.stride(0), cols)
        warps = softmax_warps(block)
        impls = {
            "tile": launch,
            "triton": lambda: softmax_kernel[(rows,)](theirs, x, x.stride(0), theirs.stride(0),
                                                      cols, BLOCK=block, num_warps=warps),
            "torch": lambda: torch.softmax(x, dim=1),
        }
        for fn in impls.values():
            fn()
        ref = torch.softmax(x.double(), dim=1)
        errors = {"tile": rel_error(ours, ref), "triton": rel_error(theirs, ref),
                  "torch": rel_error(torch.softmax(x, dim=1), ref)}
        check(errors, 1e-5)
        report("softmax", f"{rows}x{cols}", impls,
               2 * rows * cols * 4, ceiling, errors)


def layernorm(kdir, ceiling, shapes, one_pass=False):
    """The example's three-pass kernel (any row length) next to Triton's
    tutorial kernel; with one_pass, bench/kernels/layernorm_row.mlir (the
    whole row in registers, x read once) next to the same algorithm in Triton
    (rows of at most 4096 columns, a multiple of 16)."""
    kernels = {}
    family = "layernorm_row" if one_pass else "layernorm"
    for rows, cols in shapes:
        block = min(4096, max(1024, next_pow2(cols)))
        if one_pass:
            variant = f"layernorm_row_{block}"
        else:
            variant = f"layernorm_{block}" + ("_h" if cols % 16 == 0 else "")
        if variant not in kernels:
            kernels[variant] = Kernel(kdir, variant, "layernorm")
        x = torch.randn(rows, cols, device="cuda", dtype=torch.float16)
        w = torch.rand(cols, device="cuda", dtype=torch.float16)
        b = torch.randn(cols, device="cuda", dtype=torch.float16)
        eps = 1e-5
        ours, theirs = torch.full_like(x, float("nan")), torch.full_like(x, float("nan"))
        mean = torch.empty(rows, device="cuda")
        rstd = torch.empty(rows, device="cuda")
        mean2, rstd2 = torch.empty_like(mean), torch.empty_like(rstd)
        launch = kernels[variant].bind([rows], x, ours, w, b, mean, rstd, x.stride(0),
                                       cols, eps)
        warps = min(max(block // 256, 1), 8)
        triton_kernel = layernorm_row_kernel if one_pass else layernorm_kernel
        impls = {
            "tile": launch,
            "triton": lambda: triton_kernel[(rows,)](x, theirs, w, b, mean2, rstd2,
                                                     x.stride(0), cols, eps,
                                                     BLOCK=block, num_warps=warps),
            "torch": lambda: torch.nn.functional.layer_norm(x, (cols,), w, b, eps),
        }
        for fn in impls.values():
            fn()
        ref = torch.nn.functional.layer_norm(x.double(), (cols,), w.double(), b.double(), eps)
        errors = {"tile": rel_error(ours, ref), "triton": rel_error(theirs, ref),
                  "torch": rel_error(torch.nn.functional.layer_norm(x, (cols,), w, b, eps),
                                     ref)}
        check(errors, 2e-3)  # f16 outputs
        report(family, f"{rows}x{cols}", impls,
               2 * rows * cols * 2, ceiling, errors)


def giou_reference(pred, target, num_valid):
    slots = pred.shape[1]
    valid = torch.arange(slots, device=pred.device)[None, :] < num_valid[:, None]
    px1, py1, px2, py2 = pred.unbind(-1)
    tx1, ty1, tx2, ty2 = target.unbind(-1)
    inter = (torch.minimum(px2, tx2) - torch.maximum(px1, tx1)).clamp_min(0) * \
        (torch.minimum(py2, ty2) - torch.maximum(py1, ty1)).clamp_min(0)
    union = (px2 - px1) * (py2 - py1) + (tx2 - tx1) * (ty2 - ty1) - inter + 1e-7
    enclose = (torch.maximum(px2, tx2) - torch.minimum(px1, tx1)) * \
        (torch.maximum(py2, ty2) - torch.minimum(py1, ty1)) + 1e-7
    giou = inter / union - (enclose - union) / enclose
    loss = torch.where(valid, 1 - giou, torch.zeros_like(giou)).sum()
    return loss / valid.sum().clamp_min(1)


def boxes(batch, slots):
    xy = torch.rand(batch, slots, 2, device="cuda") * 100
    wh = torch.rand(batch, slots, 2, device="cuda") * 50 + 1
    return torch.cat([xy, xy + wh], dim=-1).contiguous()


def giou(kdir, batch=1024, slots=256):
    kernel = Kernel(kdir, "giou_loss", "giou_loss")
    pred, target = boxes(batch, slots), boxes(batch, slots)
    num_valid = torch.randint(0, slots + 1, (batch,), device="cuda", dtype=torch.int32)
    acc = [torch.zeros(3, device="cuda", dtype=torch.int32) for _ in range(2)]
    out = [torch.full((1,), float("nan"), device="cuda") for _ in range(2)]
    views = [(a[0:1].view(torch.float32), a[1:2], a[2:3]) for a in acc]
    launch = kernel.bind([batch], pred, target, num_valid, *views[0], out[0])

    def ours():
        acc[0].zero_()
        launch()

    def theirs():
        acc[1].zero_()
        giou_kernel[(batch,)](pred, target, num_valid, *views[1], out[1], SLOTS=slots)

    compiled = torch.compile(giou_reference)
    impls = {"tile": ours, "triton": theirs,
             "torch.compile": lambda: compiled(pred, target, num_valid),
             "torch": lambda: giou_reference(pred, target, num_valid)}
    for fn in impls.values():
        fn()
    ref = giou_reference(pred.double(), target.double(), num_valid)
    errors = {"tile": rel_error(out[0], ref), "triton": rel_error(out[1], ref),
              "torch.compile": rel_error(compiled(pred, target, num_valid), ref),
              "torch": rel_error(giou_reference(pred, target, num_valid), ref)}
    check(errors, 1e-5)
    report("giou_loss", f"{batch}x{slots}", impls,
           0, 0, errors)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("kernels")
    parser.add_argument("--out")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    torch.manual_seed(0)
    start = time.time()
    ceiling = copy_ceiling()
    vector_add(args.kernels, ceiling, [1 << 28] if args.quick else [1 << 20, 1 << 24, 1 << 28])
    main_shapes = [(4096, 1024), (4096, 4096), (16384, 2048)]
    sweep = [] if args.quick else [(4096, c) for c in
                                   (256, 384, 512, 1000, 2048, 3000, 8192, 12000, 16384)]
    softmax(args.kernels, ceiling, main_shapes + sweep)
    layernorm(args.kernels, ceiling,
              [(8192, 4096)] + ([] if args.quick else [(8192, 1024), (8192, 3000), (4096, 2048)]))
    layernorm(args.kernels, ceiling,
              [(8192, 4096)] + ([] if args.quick else [(8192, 1024), (4096, 2048)]),
              one_pass=True)
    giou(args.kernels)
    info = {
        "date": time.strftime("%Y-%m-%d"),
        "gpu": torch.cuda.get_device_name(),
        "torch": torch.__version__, "triton": triton.__version__,
        "cuda": torch.version.cuda,
        "driver": subprocess.run(["nvidia-smi", "--query-gpu=driver_version",
                                  "--format=csv,noheader"], capture_output=True,
                                 text=True).stdout.strip(),
        "python": platform.python_version(),
        "seconds": round(time.time() - start, 1),
    }
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"info": info, "rows": rows_out}, f, indent=1)
    print(json.dumps(info))
    if failures:
        print(f"{len(failures)} MISMATCHES")
        sys.exit(1)


if __name__ == "__main__":
    main()
