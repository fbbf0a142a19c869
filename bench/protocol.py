# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What the kernel timed before does to a matrix product's timing.

bench/matmul.py times every kernel right after cuBLAS, and cuBLAS right
after the kernel before it. On a power-capped GPU the clock a timing
starts at is the one the previous kernel left: a kernel that draws less
power leaves a higher clock behind it. This runs, for every measured
implementation X and predecessor P (cuBLAS and two of tile's bench
kernels: the fastest sm_80-code one and the fastest wgmma one), P back to
back for --condition ms and then times X as bench/matmul.py does
(triton.testing.do_bench medians, the same warm-up and repetitions), in
--rounds interleaved rounds. It prints TFLOP/s of X after each P, and each
kernel's ratio to cuBLAS paired as bench/matmul.py pairs them (cuBLAS
after the kernel, the kernel after cuBLAS) and with each after itself
(what `matmul.py --warmup 300` measures).

    python3 bench/protocol.py KERNEL_DIR [--dtypes f16 bf16] [--rounds N]
        [--condition MS] [--warmup MS] [--out results.json]
"""

import argparse
import itertools
import json
import statistics
import time

import torch

from matmul import label, run_info, tile_grid, time_ms, variant
from tile_cuda import Kernel

SHAPES = [(4096, 4096, 4096), (8192, 8192, 8192)]
# The fastest sm_80-code kernel and the fastest wgmma one in the bench.
CONFIGS = [(128, 256, 32, 8, 3), (128, 256, 64, 8, 3, "tma persistent ws")]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("kernels")
    parser.add_argument("--dtypes", nargs="+", choices=["f16", "bf16"],
                        default=["f16", "bf16"])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--condition", type=float, default=300,
                        help="milliseconds the predecessor runs back to back")
    parser.add_argument("--warmup", type=float, default=15,
                        help="do_bench's warm-up, as bench/matmul.py's")
    parser.add_argument("--out", help="JSON file for bench/report.py")
    args = parser.parse_args()
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    rows, ratios = [], []
    for name, (m, n, k) in itertools.product(args.dtypes, SHAPES):
        dtype = torch.float16 if name == "f16" else torch.bfloat16
        shape = f"{m}x{n}x{k}"
        a = torch.randn(m, k, device="cuda", dtype=dtype)
        b = torch.randn(k, n, device="cuda", dtype=dtype)
        ref = a.float() @ b.float()
        out = torch.empty(m, n, device="cuda", dtype=dtype)
        impls = {"cuBLAS": lambda: torch.matmul(a, b, out=out)}
        for cfg in CONFIGS:
            c = torch.full((m, n), float("nan"), device="cuda", dtype=dtype)
            kernel = Kernel(args.kernels, variant(*cfg, dtype=name), "matmul")
            impls[label("tile", *cfg)] = launch = kernel.bind([tile_grid(cfg, m, n, sms)],
                                                              a, b, c, m, n, k)
            launch()
            torch.cuda.synchronize()
            err = ((c.float() - ref).norm() / ref.norm()).item()
            if not err < 1e-2:
                raise SystemExit(f"MISMATCH {label('tile', *cfg)} {m}x{n}x{k}: {err}")
        del ref
        times = {pair: [] for pair in itertools.product(impls, impls)}
        for _ in range(args.rounds):
            for x, p in times:
                start = time.perf_counter()
                while time.perf_counter() - start < args.condition / 1e3:
                    for _ in range(10):
                        impls[p]()
                    torch.cuda.synchronize()
                times[(x, p)].append(time_ms(impls[x], args.warmup))
        flop = 2 * m * n * k
        print(f"{name} {shape}: TFLOP/s of each row after {args.condition:.0f} ms "
              "of each column", flush=True)
        names = list(impls)
        for i, x in enumerate(names):
            rates = [flop / statistics.median(times[(x, p)]) / 1e9 for p in names]
            rows += [{"dtype": name, "shape": shape, "measured": x, "after": p,
                      "TFLOP/s": rate} for p, rate in zip(names, rates)]
            print(f"  [{i}] {x:58s} " + " | ".join(f"{rate:4.0f}" for rate in rates))
        print("  columns: " + ", ".join(f"[{i}]" for i in range(len(names))))
        for x in names[1:]:
            paired = statistics.median(
                [c / t for c, t in zip(times[("cuBLAS", x)], times[(x, "cuBLAS")])])
            own = statistics.median(
                [c / t for c, t in zip(times[("cuBLAS", "cuBLAS")], times[(x, x)])])
            ratios.append({"dtype": name, "shape": shape, "impl": x, "paired": paired,
                           "own": own})
            print(f"  {x}: against cuBLAS {paired:.3f} paired as bench/matmul.py pairs, "
                  f"{own:.3f} each after itself", flush=True)
    if args.out:
        with open(args.out, "w") as f:
            json.dump({**run_info(), "condition_ms": args.condition, "warmup_ms": args.warmup,
                       "rounds": args.rounds, "rows": rows, "ratios": ratios}, f, indent=1)


if __name__ == "__main__":
    main()
