"""Matrix products on tensor cores: tile (examples/matmul.mlir, mma.sync),
Triton (the tutorial kernel, same 64x64x32 blocks and 4 warps, and its
128x256x64 / 8 warps / 3 stages configuration) and cuBLAS (torch.matmul),
in one process on the same f16 inputs, checked against an f32 product, timed
with triton.testing.do_bench medians.

    python3 bench/matmul.py KERNEL_DIR [--out results.json]
"""

import argparse
import json
import time

import torch
import triton

from tile_cuda import Kernel
from triton_kernels import matmul_kernel

SHAPES = [(1024, 1024, 1024), (4096, 4096, 4096), (8192, 8192, 8192),
          (4096, 14336, 4096), (8192, 1024, 8192)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("kernels")
    parser.add_argument("--out")
    args = parser.parse_args()
    torch.manual_seed(0)
    ours = {v: Kernel(args.kernels, v, "matmul")
            for v in ("matmul", "matmul_h", "matmul_128_h")}
    rows = []
    for m, n, k in SHAPES:
        a = torch.randn(m, k, device="cuda", dtype=torch.float16)
        b = torch.randn(k, n, device="cuda", dtype=torch.float16)
        ref = a.float() @ b.float()
        variant = "matmul_h" if m % 16 == 0 and n % 16 == 0 and k % 16 == 0 else "matmul"
        c_tile = torch.full((m, n), float("nan"), device="cuda")
        c_tile128 = torch.full((m, n), float("nan"), device="cuda")
        c_small = torch.full((m, n), float("nan"), device="cuda")
        c_big = torch.full((m, n), float("nan"), device="cuda")
        grid64 = triton.cdiv(m, 64) * triton.cdiv(n, 64)
        launch = ours[variant].bind([grid64], a, b, c_tile, m, n, k)
        hinted = variant == "matmul_h"
        impls = {
            "tile (64x64x32, 4 warps)": launch,
            "triton (64x64x32, 4 warps)": lambda: matmul_kernel[(grid64,)](
                a, b, c_small, m, n, k, BLOCK_M=64, BLOCK_N=64, BLOCK_K=32, GROUP_M=8,
                num_warps=4, num_stages=1),
            "triton (128x256x64, 8 warps, 3 stages)": lambda: matmul_kernel[(
                triton.cdiv(m, 128) * triton.cdiv(n, 256),)](
                a, b, c_big, m, n, k, BLOCK_M=128, BLOCK_N=256, BLOCK_K=64, GROUP_M=8,
                num_warps=8, num_stages=3),
            "cuBLAS": lambda: torch.matmul(a, b),
        }
        if hinted:
            impls["tile (128x128x32, 8 warps)"] = ours["matmul_128_h"].bind(
                [triton.cdiv(m, 128) * triton.cdiv(n, 128)], a, b, c_tile128, m, n, k)
        for fn in impls.values():
            fn()
        outs = {"tile (64x64x32, 4 warps)": c_tile, "triton (64x64x32, 4 warps)": c_small,
                "triton (128x256x64, 8 warps, 3 stages)": c_big,
                "cuBLAS": torch.matmul(a, b).float(),
                "tile (128x128x32, 8 warps)": c_tile128}
        cublas_ms = None
        for name, fn in impls.items():
            err = ((outs[name] - ref).norm() / ref.norm()).item()
            if not err < 1e-2:
                print(f"MISMATCH {name} {m}x{n}x{k}: {err}")
            ms = triton.testing.do_bench(fn, warmup=25, rep=200, return_mode="median")
            if name == "cuBLAS":
                cublas_ms = ms
            rows.append({"shape": f"{m}x{n}x{k}", "impl": name, "ms": ms,
                         "TFLOP/s": 2 * m * n * k / ms / 1e9, "error": err})
        for r in rows[-len(impls):]:
            r["vs_cublas"] = cublas_ms / r["ms"]
            print(f"{r['shape']:<16} {r['impl']:<40} {r['ms']:9.3f} ms "
                  f"{r['TFLOP/s']:7.1f} TFLOP/s {r['vs_cublas']:6.3f}x cuBLAS "
                  f"err {r['error']:.1e}", flush=True)
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"date": time.strftime("%Y-%m-%d"), "gpu": torch.cuda.get_device_name(),
                       "torch": torch.__version__, "triton": triton.__version__,
                       "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
