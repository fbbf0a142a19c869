# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Plots bench/results/memory_bound.json: one PNG per kernel family, GB/s (or
us for GIoU) of tile, Triton and PyTorch per case, with the copy ceiling.

    python3 bench/plot.py RESULTS_JSON OUT_DIR
"""

import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    results, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    with open(results) as f:
        data = json.load(f)
    rows, info = data["rows"], data["info"]
    ceiling = next(r["GB/s"] for r in rows if r["family"] == "copy")
    for family in sorted({r["family"] for r in rows} - {"copy"}):
        family_rows = [r for r in rows if r["family"] == family]
        cases = list(dict.fromkeys(r["case"] for r in family_rows))
        impls = list(dict.fromkeys(r["impl"] for r in family_rows))
        metric = "GB/s" if "GB/s" in family_rows[0] else "us"
        fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(cases) + 2), 4))
        width = 0.8 / len(impls)
        for i, impl in enumerate(impls):
            values = [next((r[metric] for r in family_rows
                            if r["case"] == c and r["impl"] == impl), 0) for c in cases]
            ax.bar([x + i * width for x in range(len(cases))], values, width, label=impl)
        if metric == "GB/s":
            ax.axhline(ceiling, color="black", linestyle="--", linewidth=1,
                       label=f"d2d copy {ceiling:.0f} GB/s")
        ax.set_xticks([x + width * (len(impls) - 1) / 2 for x in range(len(cases))])
        ax.set_xticklabels(cases, rotation=30, ha="right")
        ax.set_ylabel(metric + (" (higher is better)" if metric == "GB/s"
                                else " (lower is better)"))
        if metric == "us":
            ax.set_yscale("log")
        ax.set_title(f"{family}: {info['gpu']}, {info['date']}, Triton {info['triton']}, "
                     f"PyTorch {info['torch']}", fontsize=9)
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(os.path.join(out, f"{family}.png"), dpi=100)
        plt.close(fig)
        print("wrote", os.path.join(out, f"{family}.png"))


if __name__ == "__main__":
    main()
