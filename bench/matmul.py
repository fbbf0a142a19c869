# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Matrix products on tensor cores: tile (examples/matmul.mlir as written and
bench/kernels/matmul_blocks.mlir at several block shapes, mma.sync with
cp.async pipelining, and for sm_90a wgmma; bench/kernels/matmul_tma_blocks.mlir,
wgmma (sm_90a) or mma.sync (sm_90) on TMA copies, also warp-specialized
("tma ws": a producer thread on a ninth warp issues the copies), and
bench/kernels/matmul_tma_persistent.mlir, one program per SM, also
warp-specialized with grouped block order ("tma persistent ws"), with c
written by TMA (bench/kernels/matmul_tma_persistent_store.mlir, "tma
persistent store [ws]", each warpgroup its rows in chunks), and bench/kernels/matmul_tma_cluster.mlir, the same in
pairs of blocks, compiled for clusters of two CTAs with b's blocks
multicast ("tma persistent cluster ws") and without clusters ("tma
persistent pairs ws")), Triton (the tutorial kernel, same 64x64x32 blocks and
4 warps, and its 128x256x64 / 8 warps / 3 stages configuration; also
compiled as sm_80 code, mma.sync on cp.async, arch="sm80")
and cuBLAS
(torch.matmul),
in one process on the same f16 inputs, checked against an f32 product, timed
with triton.testing.do_bench medians (five rounds over all implementations
in turn, each timed right after cuBLAS; the ratio to cuBLAS is the median of
the rounds' ratios). Every product is written in the inputs'
element type (f16 or bf16), as cuBLAS writes it, except the example as
written, which writes f32.

    python3 bench/matmul.py KERNEL_DIR [--out results.json] [--warmup MS] [--only REGEX]

--warmup (15 ms unless given) is each timing's warm-up, cuBLAS's and the
kernel's: the GPU runs at its power cap, and a kernel timed right after
cuBLAS starts at the clock cuBLAS left, slower if it draws less power.
`--warmup 300` compares sustained rates instead (docs/performance.md,
"How it is measured"); with --only REGEX (implementation names, cuBLAS
always) it fits in a few minutes.
"""

import argparse
import json
import re
import statistics
import time

import torch
import triton

from tile_cuda import Kernel
from triton_kernels import matmul_kernel

# (M, N, K): squares from 1024 to 8192, and LLM shapes (an MLP's up and
# down projections, 14336 wide, over 4096 tokens; a long, narrow product).
SHAPES = [(1024, 1024, 1024), (2048, 2048, 2048), (4096, 4096, 4096),
          (8192, 8192, 8192), (4096, 14336, 4096), (4096, 4096, 14336),
          (8192, 1024, 8192)]


# tile's block configurations (bench/compile-kernels.sh): (BM, BN, BK,
# warps, stages).
TILE_CONFIGS = [(64, 64, 32, 4, 1), (64, 64, 32, 4, 3), (128, 64, 32, 4, 3),
                (128, 128, 32, 8, 3), (128, 128, 32, 8, 4), (128, 128, 64, 8, 3),
                (128, 256, 32, 8, 3), (128, 256, 64, 8, 3), (128, 256, 64, 8, 4),
                # ...double-buffered: the 64-deep blocks' fastest in sm_80 code.
                (128, 256, 64, 8, 2), (256, 128, 64, 8, 2),
                # sm_90a: wgmma.
                (64, 64, 32, 4, 3, "wgmma"), (128, 128, 64, 8, 3, "wgmma"),
                (128, 256, 64, 8, 3, "wgmma"), (128, 256, 64, 8, 4, "wgmma"),
                # sm_90a: wgmma reading what TMA copied.
                (128, 128, 64, 8, 3, "tma"), (128, 256, 64, 8, 3, "tma"),
                (128, 256, 64, 8, 4, "tma"),
                # ...warp-specialized (a producer thread issues the copies).
                (128, 256, 64, 8, 3, "tma ws"), (128, 256, 64, 8, 4, "tma ws"),
                # sm_90a: persistent, one program per SM.
                (128, 256, 64, 8, 3, "tma persistent"), (128, 256, 64, 8, 3, "tma persistent store"),
                (128, 256, 64, 8, 3, "tma persistent ws"), (128, 256, 64, 8, 4, "tma persistent ws"),
                # ...c written by TMA, per warpgroup in chunks.
                (128, 256, 64, 8, 4, "tma persistent store ws"),
                # ...in clusters of two CTAs sharing b's blocks (multicast),
                # and the same kernel without clusters.
                (128, 256, 64, 8, 3, "tma persistent cluster ws"),
                (128, 256, 64, 8, 3, "tma persistent pairs ws"),
                # sm_90: mma.sync reading what TMA copied.
                (128, 128, 64, 4, 3, "tma mma.sync"), (128, 128, 64, 8, 3, "tma mma.sync"), (128, 256, 64, 8, 3, "tma mma.sync"),
                (128, 256, 64, 8, 4, "tma mma.sync"), (128, 128, 32, 4, 4, "tma mma.sync"),
                (128, 128, 32, 4, 5, "tma mma.sync")]
# Triton's: the tutorial kernel at the same 64x64x32 blocks, and its
# 128x256x64 / 8 warps / 3 stages configuration.
TRITON_CONFIGS = [(64, 64, 32, 4, 1), (64, 64, 32, 4, 3), (128, 256, 64, 8, 3)]
# ...and compiled as sm_80 code (arch="sm80": mma.sync on cp.async
# copies, assembled for the H100; the architecture is part of the compiled
# kernel's key, so both builds stay cached side by side), the reference for tile's
# mma.sync kernels in sm_80 code: its fastest two configurations there, the
# two double-buffered ones, and tile's fastest there (128x256x32, 3
# stages, its first K step read ahead: Triton's prefetch pass does the same).
TRITON_SM80_CONFIGS = [(128, 256, 64, 8, 3), (128, 128, 64, 4, 4), (128, 256, 64, 8, 2),
                       (256, 128, 64, 8, 2), (128, 256, 32, 8, 3)]
ROUNDS = 5
# Not timed: every configuration on a shape that is not a multiple of its
# blocks, the persistent kernels also with fewer and more programs than
# blocks.
RAGGED = (1008, 1040, 528)


# bf16: the largest configurations, on every shape.
BF16_CONFIGS = [(128, 128, 64, 8, 3), (128, 256, 64, 8, 3), (128, 256, 32, 8, 3),
                (128, 256, 64, 8, 3, "wgmma"),
                (128, 256, 64, 8, 4, "tma"), (128, 256, 64, 8, 4, "tma ws"),
                (128, 256, 64, 8, 3, "tma persistent"), (128, 256, 64, 8, 3, "tma persistent ws"),
                (128, 256, 64, 8, 4, "tma persistent ws"),
                (128, 256, 64, 8, 4, "tma persistent store ws"),
                (128, 256, 64, 8, 3, "tma persistent cluster ws"),
                (128, 256, 64, 8, 3, "tma persistent pairs ws")]
BF16_SHAPES = SHAPES


def variant(bm, bn, bk, warps, stages, mma="mma.sync", dtype="f16"):
    name = f"matmul_{bm}x{bn}x{bk}_w{warps}"
    name = name if stages == 3 else f"{name}_s{stages}"
    name = name if dtype == "f16" else name.replace("matmul_", f"matmul_{dtype}_", 1)
    if mma == "tma":  # matmul_tma_[bf16_]...
        return name.replace("matmul_", "matmul_tma_", 1)
    if mma == "tma ws":  # matmul_tma_ws_[bf16_]...
        return name.replace("matmul_", "matmul_tma_ws_", 1)
    if mma == "tma persistent cluster ws":  # matmul_tma_cluster_ws_[bf16_]...
        return name.replace("matmul_", "matmul_tma_cluster_ws_", 1)
    if mma == "tma persistent pairs ws":  # matmul_tma_pairs_ws_[bf16_]...
        return name.replace("matmul_", "matmul_tma_pairs_ws_", 1)
    if mma == "tma persistent ws":  # matmul_tma_persistent_ws_[bf16_]...
        return name.replace("matmul_", "matmul_tma_persistent_ws_", 1)
    if mma == "tma persistent store ws":  # matmul_tma_persistent_store_ws_[bf16_]...
        return name.replace("matmul_", "matmul_tma_persistent_store_ws_", 1)
    if mma == "tma persistent store":  # matmul_tma_persistent_store_...
        return name.replace("matmul_", "matmul_tma_persistent_store_", 1)
    if mma == "tma persistent":  # matmul_tma_persistent_[bf16_]...
        return name.replace("matmul_", "matmul_tma_persistent_", 1)
    if mma == "tma mma.sync":  # matmul_tma_..._sm90
        return name.replace("matmul_", "matmul_tma_", 1) + "_sm90"
    return name if mma == "mma.sync" else f"{name}_wgmma"


def label(who, bm, bn, bk, warps, stages, mma=None):
    who = who if mma in (None, "mma.sync") else f"{who} {mma}"
    return f"{who} ({bm}x{bn}x{bk}, {warps} warps, {stages} stage{'s' if stages > 1 else ''})"


def is_persistent(cfg):
    return len(cfg) > 5 and cfg[5].startswith("tma persistent")


def is_paired(cfg):
    """Programs in pairs (bench/kernels/matmul_tma_cluster.mlir): an even
    grid, as clusters of two need."""
    return len(cfg) > 5 and cfg[5].endswith(("cluster ws", "pairs ws"))


def persistent_grid(cfg, programs, sms):
    """One program per SM, at most one per block (per pair of blocks, two)."""
    if is_paired(cfg):
        return min(2 * triton.cdiv(programs, 2), sms - sms % 2)
    return min(programs, sms)


def tile_grid(cfg, m, n, sms):
    """Programs for tile's configuration `cfg` on an m x n product: one per
    block, the persistent ones one per SM (persistent_grid)."""
    programs = triton.cdiv(m, cfg[0]) * triton.cdiv(n, cfg[1])
    return persistent_grid(cfg, programs, sms) if is_persistent(cfg) else programs


def time_ms(fn, warmup):
    """One timing, as every timing here is taken: the median of do_bench
    over 60 ms after `warmup` ms of warm-up."""
    return triton.testing.do_bench(fn, warmup=warmup, rep=60, return_mode="median")


def run_info():
    """Where and with what a results file was made."""
    return {"date": time.strftime("%Y-%m-%d"), "gpu": torch.cuda.get_device_name(),
            "torch": torch.__version__, "triton": triton.__version__}


def check_ragged(ours):
    m, n, k = RAGGED
    for (dtype, *cfg), kernel in ours.items():
        torch_dtype = torch.float16 if dtype == "f16" else torch.bfloat16
        a = torch.randn(m, k, device="cuda", dtype=torch_dtype)
        b = torch.randn(k, n, device="cuda", dtype=torch_dtype)
        ref = a.float() @ b.float()
        programs = triton.cdiv(m, cfg[0]) * triton.cdiv(n, cfg[1])
        # Persistent: one program per block, fewer, and more than blocks
        # (paired programs: even counts).
        grids = [programs, 7, programs + 3] if is_persistent(cfg) else [programs]
        if is_paired(cfg):
            grids = [2 * triton.cdiv(programs, 2), 6, 2 * triton.cdiv(programs, 2) + 4]
        for grid in grids:
            c = torch.full((m, n), float("nan"), device="cuda", dtype=torch_dtype)
            kernel.bind([grid], a, b, c, m, n, k)()
            err = ((c.float() - ref).norm() / ref.norm()).item()
            if not err < 1e-2:
                print(f"MISMATCH {dtype} {label('tile', *cfg)} {m}x{n}x{k} grid {grid}: {err}")
    torch.cuda.synchronize()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("kernels")
    parser.add_argument("--out")
    parser.add_argument("--warmup", type=float, default=15,
                        help="milliseconds of warm-up before each timing")
    parser.add_argument("--only", help="time only the implementations whose "
                        "names match this regular expression (and cuBLAS)")
    args = parser.parse_args()
    torch.manual_seed(0)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    ours = {("f16",) + cfg: Kernel(args.kernels, variant(*cfg), "matmul")
            for cfg in TILE_CONFIGS}
    ours.update({("bf16",) + cfg: Kernel(args.kernels, variant(*cfg, dtype="bf16"), "matmul")
                 for cfg in BF16_CONFIGS})
    plain = Kernel(args.kernels, "matmul", "matmul")
    check_ragged(ours)
    rows = []
    runs = [("f16", shape) for shape in SHAPES] + [("bf16", shape) for shape in BF16_SHAPES]
    for dtype, (m, n, k) in runs:
        torch_dtype = torch.float16 if dtype == "f16" else torch.bfloat16
        a = torch.randn(m, k, device="cuda", dtype=torch_dtype)
        b = torch.randn(k, n, device="cuda", dtype=torch_dtype)
        ref = a.float() @ b.float()
        impls, outs = {}, {}
        hinted = m % 16 == 0 and n % 16 == 0 and k % 16 == 0
        configs = TILE_CONFIGS if dtype == "f16" else BF16_CONFIGS
        for cfg in configs if hinted else []:
            c = torch.full((m, n), float("nan"), device="cuda", dtype=torch_dtype)
            name = label("tile", *cfg)
            impls[name] = ours[(dtype,) + cfg].bind([tile_grid(cfg, m, n, sms)],
                                                    a, b, c, m, n, k)
            outs[name] = c
        if dtype == "f16":
            c = torch.full((m, n), float("nan"), device="cuda")
            impls["tile (examples/matmul.mlir as written)"] = plain.bind(
                [triton.cdiv(m, 64) * triton.cdiv(n, 64)], a, b, c, m, n, k)
            outs["tile (examples/matmul.mlir as written)"] = c
        triton_builds = [("triton", TRITON_CONFIGS, {}),
                         ("triton (sm_80 code)", TRITON_SM80_CONFIGS, {"arch": "sm80"})]
        for who, configs, options in triton_builds:
            for bm, bn, bk, warps, stages in configs:
                c = torch.full((m, n), float("nan"), device="cuda", dtype=torch_dtype)
                name = label(who, bm, bn, bk, warps, stages)
                grid = (triton.cdiv(m, bm) * triton.cdiv(n, bn),)
                impls[name] = (lambda c=c, grid=grid, bm=bm, bn=bn, bk=bk, w=warps, s=stages,
                               options=options:
                               matmul_kernel[grid](a, b, c, m, n, k, BLOCK_M=bm, BLOCK_N=bn,
                                                   BLOCK_K=bk, GROUP_M=8, num_warps=w,
                                                   num_stages=s, **options))
                outs[name] = c
        impls["cuBLAS"] = lambda: torch.matmul(a, b)
        if args.only:
            impls = {name: fn for name, fn in impls.items()
                     if name == "cuBLAS" or re.search(args.only, name)}
            if len(impls) == 1:
                continue
        for name, fn in impls.items():
            ret = fn()
            # Triton's builds for the two architectures, apart: the sm_80
            # ones must be mma.sync (no wgmma).
            if name.startswith("triton") and (m, n, k) == SHAPES[0]:
                ptx = ret.asm["ptx"]
                print(f"{dtype} {name}: {'wgmma' if 'wgmma.mma_async' in ptx else 'mma.sync'}",
                      flush=True)
                if "sm_80" in name:
                    assert "mma.sync" in ptx and "wgmma" not in ptx, \
                        f"{name}: not compiled as sm_80 code"
        outs["cuBLAS"] = torch.matmul(a, b).float()
        torch.cuda.synchronize()
        # Rounds over all implementations in turn, each timed right after
        # cuBLAS: the clocks move within a round (the GPU runs at its power
        # cap; cuBLAS's own rate moved by 10% between runs), and the ratio to
        # the cuBLAS timing next to it is steadier than the ratio of medians
        # taken apart. TFLOP/s: the median of the rounds; the ratio to
        # cuBLAS: the median of the rounds' ratios.
        times = {name: [] for name in impls}
        ratios = {name: [] for name in impls}
        for _ in range(ROUNDS):
            for name, fn in impls.items():
                if name == "cuBLAS":
                    continue
                cublas_ms = time_ms(impls["cuBLAS"], args.warmup)
                ms = time_ms(fn, args.warmup)
                times["cuBLAS"].append(cublas_ms)
                times[name].append(ms)
                ratios[name].append(cublas_ms / ms)
        ratios["cuBLAS"] = [1.0]
        measured = []
        for name in impls:
            err = ((outs[name] - ref).norm() / ref.norm()).item()
            if not err < 1e-2:
                print(f"MISMATCH {name} {m}x{n}x{k}: {err}")
            ms = statistics.median(times[name])
            measured.append({"shape": f"{m}x{n}x{k}" + ("" if dtype == "f16" else " bf16"),
                             "impl": name, "ms": ms,
                             "TFLOP/s": 2 * m * n * k / ms / 1e9, "error": err,
                             "vs_cublas": statistics.median(ratios[name])})
        for r in measured:
            print(f"{r['shape']:<16} {r['impl']:<44} {r['ms']:9.3f} ms "
                  f"{r['TFLOP/s']:7.1f} TFLOP/s {r['vs_cublas']:6.3f}x cuBLAS "
                  f"err {r['error']:.1e}", flush=True)
        rows += measured
    if args.out:
        with open(args.out, "w") as f:
            json.dump({**run_info(), "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
