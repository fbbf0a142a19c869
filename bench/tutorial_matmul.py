# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Triton's tutorial matmul (03-matrix-multiplication, as written: grouped
ordering, wrapped `% M` / `% N` offsets, K masks, tl.assume of the program
ids and strides, the optional fused leaky ReLU) compiled by Triton and by
tile from Triton's own TTIR, run on the same inputs, compared, and timed side
by side.

    python3 bench/tutorial_matmul.py compile OUT_DIR [TILE_TRANSLATE]
        (needs Triton, not a GPU) Triton's TTIR for sm_90 of each variant,
        tile's cubin of it, and ptxas' registers and spills of both.
    python3 bench/tutorial_matmul.py run OUT_DIR RESULTS.json
        (GPU) per variant and shape: Triton's kernel and tile's on the same
        inputs (checked: their outputs agree, and Triton's TTIR there is the
        one tile compiled), each timed as the median of interleaved CUDA
        graph replays; ratio = Triton's time / tile's (above 1: tile faster).
"""

import json
import os
import re
import subprocess
import sys

import triton
import triton.language as tl

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "test", "Differential"))
from harness import without_locations  # noqa: E402
BLOCK = dict(BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64, GROUP_SIZE_M=8)
WARPS, STAGES = 8, 3
VARIANTS = {"f16": "fp16", "bf16": "bf16"}
SHAPES = {"f16": [4096, 8192], "bf16": [4096, 8192]}


@triton.jit
def leaky_relu(x):
    return tl.where(x >= 0, x, 0.01 * x)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                  stride_cm, stride_cn, BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                  BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr,
                  ACTIVATION: tl.constexpr = ""):
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    tl.assume(pid_m >= 0)
    tl.assume(pid_n >= 0)
    tl.assume(stride_am > 0)
    tl.assume(stride_ak > 0)
    tl.assume(stride_bn > 0)
    tl.assume(stride_bk > 0)
    tl.assume(stride_cm > 0)
    tl.assume(stride_cn > 0)
    offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
    offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_SIZE_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K, other=0.0)
        accumulator = tl.dot(a, b, accumulator)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    if ACTIVATION == "leaky_relu":
        accumulator = leaky_relu(accumulator)
    c = accumulator.to(c_ptr.dtype.element_ty)
    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)


def ptxas_report(text):
    regs = re.search(r"Used (\d+) registers", text)
    spills = re.search(r"(\d+) bytes spill stores", text)
    return {"registers": int(regs.group(1)) if regs else None,
            "spill_stores": int(spills.group(1)) if spills else 0}


def compile_with_tile(kernel, base, translate, warps, stages):
    """Writes `base`.ttir (Triton's TTIR of compiled `kernel`, without
    locations), compiles it with tile into `base`.cubin and .info, and
    returns ptxas' registers and spills of tile's cubin and Triton's PTX."""
    ttir = without_locations(kernel.asm["ttir"]) + "\n"
    with open(base + ".ttir", "w") as f:
        f.write(ttir)
    result = subprocess.run(
        [translate, base + ".ttir", "--emit=cubin", "--sm=90a", f"--num-warps={warps}",
         f"--num-stages={stages}", "--ptxas-info", f"--kernel-info={base}.info",
         "-o", base + ".cubin"], capture_output=True, text=True, check=True)
    triton_ptxas = subprocess.run(
        ["ptxas", "-arch=sm_90a", "-v", "-o", os.devnull, "-"], input=kernel.asm["ptx"],
        capture_output=True, text=True)
    return {"tile": ptxas_report(result.stderr), "triton": ptxas_report(triton_ptxas.stderr)}


def compile_variants(out, translate):
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    os.makedirs(out, exist_ok=True)
    report = {}
    for variant, ty in VARIANTS.items():
        # The specialization a launch with M, N, K and the leading strides
        # multiples of 16 and unit inner strides gets.
        sig = {"a_ptr": "*" + ty, "b_ptr": "*" + ty, "c_ptr": "*" + ty, "M": "i32", "N": "i32",
               "K": "i32", "stride_am": "i32", "stride_ak": "constexpr", "stride_bk": "i32",
               "stride_bn": "constexpr", "stride_cm": "i32", "stride_cn": "constexpr"}
        consts = dict(BLOCK, stride_ak=1, stride_bn=1, stride_cn=1)
        for name in BLOCK:
            sig[name] = "constexpr"
        attrs = {(i,): [["tt.divisibility", 16]] for i in (0, 1, 2, 3, 4, 5, 6, 8, 10)}
        kernel = triton.compile(ASTSource(matmul_kernel, sig, consts, attrs),
                                target=GPUTarget("cuda", 90, 32),
                                options={"num_warps": WARPS, "num_stages": STAGES})
        report[variant] = compile_with_tile(kernel, os.path.join(out, variant), translate,
                                            WARPS, STAGES)
        print(variant, "tile", report[variant]["tile"], "triton", report[variant]["triton"])
    with open(os.path.join(out, "compile.json"), "w") as f:
        json.dump(report, f, indent=1)


def time_graph(fn, launches=10, replays=5):
    """Median milliseconds of one launch, from replays of a CUDA graph of
    `launches` launches."""
    import torch
    stream = torch.cuda.Stream()
    with torch.cuda.stream(stream):
        fn()
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph, stream=stream):
            for _ in range(launches):
                fn()
    times = []
    for _ in range(replays):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        graph.replay()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) / launches)
    return sorted(times)[len(times) // 2]


def run(out, results_path):
    import torch
    from tile_kernel import TileKernel, pack
    dtypes = {"f16": torch.float16, "bf16": torch.bfloat16}
    rows, failures = [], 0
    for variant, shapes in SHAPES.items():
        base = os.path.join(out, variant)
        tile = TileKernel(base + ".cubin", base + ".info", "matmul_kernel")
        with open(base + ".ttir") as f:
            compiled_ttir = f.read()
        for size in shapes:
            m = n = k = size
            torch.manual_seed(0)
            a = torch.randn((m, k), device="cuda", dtype=dtypes[variant])
            b = torch.randn((k, n), device="cuda", dtype=dtypes[variant])
            c_triton = torch.empty((m, n), device="cuda", dtype=dtypes[variant])
            c_tile = torch.empty_like(c_triton)
            grid = (triton.cdiv(m, BLOCK["BLOCK_SIZE_M"]) * triton.cdiv(n, BLOCK["BLOCK_SIZE_N"]), 1, 1)

            def launch_triton():
                return matmul_kernel[grid[:1]](a, b, c_triton, m, n, k, a.stride(0), a.stride(1),
                                               b.stride(0), b.stride(1), c_triton.stride(0),
                                               c_triton.stride(1), num_warps=WARPS,
                                               num_stages=STAGES, **BLOCK)

            compiled = launch_triton()
            same_ttir = without_locations(compiled.asm["ttir"]) == compiled_ttir.rstrip("\n")
            values = [pack("ptr", a.data_ptr()), pack("ptr", b.data_ptr()),
                      pack("ptr", c_tile.data_ptr())] + \
                [pack("i32", v) for v in (m, n, k, a.stride(0), b.stride(0), c_tile.stride(0))]

            def launch_tile():
                tile.launch(grid, torch.cuda.current_stream().cuda_stream, values)

            launch_tile()
            torch.cuda.synchronize()
            err = (c_tile.float() - c_triton.float()).abs().max().item()
            scale = c_triton.float().abs().max().item()
            ok = same_ttir and err <= 1e-2 * scale
            failures += not ok
            t_triton, t_tile = [], []
            for _ in range(3):  # interleaved
                t_triton.append(time_graph(launch_triton))
                t_tile.append(time_graph(launch_tile))
            t_triton, t_tile = sorted(t_triton)[1], sorted(t_tile)[1]
            flops = 2.0 * m * n * k
            row = {"variant": variant, "shape": [m, n, k], "same_ttir": same_ttir,
                   "max_abs_diff": err, "ok": ok, "triton_ms": t_triton, "tile_ms": t_tile,
                   "triton_tflops": flops / t_triton / 1e9, "tile_tflops": flops / t_tile / 1e9,
                   "ratio": t_triton / t_tile, "device": torch.cuda.get_device_name()}
            rows.append(row)
            print(f"{variant} {m}^3: Triton {row['triton_tflops']:.0f} TFLOP/s, tile "
                  f"{row['tile_tflops']:.0f} TFLOP/s, ratio {row['ratio']:.3f}"
                  f"{'' if ok else '  MISMATCH (same TTIR: %s, max diff %g)' % (same_ttir, err)}",
                  flush=True)
    with open(results_path, "w") as f:
        json.dump(rows, f, indent=1)
    return 1 if failures else 0


def main(doc, compile_variants, run):
    """The command line of this benchmark and of those built like it:
    `compile OUT_DIR [TILE_TRANSLATE]` or `run OUT_DIR RESULTS.json`."""
    if len(sys.argv) >= 3 and sys.argv[1] == "compile":
        compile_variants(sys.argv[2], sys.argv[3] if len(sys.argv) > 3
                         else os.path.join(ROOT, "build", "bin", "tile-translate"))
    elif len(sys.argv) == 4 and sys.argv[1] == "run":
        sys.exit(run(sys.argv[2], sys.argv[3]))
    else:
        print(doc, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main(__doc__, compile_variants, run)
