# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Triton's compile time for the kernels of bench/triton_kernels.py, for
sm_90, on this CPU (no GPU needed): each stage timed in process, with a
fresh MLIR context per compile and no cache, as a cold compile.

    python3 bench/triton_compile.py [--repeat N] [--json out.json]

Prints per kernel the median milliseconds from Python source to PTX (the
ast->ttir, ttir->ttgir, ttgir->llir and llir->ptx stages) and to cubin
(adding ptx->cubin, which runs ptxas).
"""

import argparse
import json
import statistics
import time

from triton._C.libtriton import ir
from triton.backends.compiler import GPUTarget
from triton.compiler.compiler import ASTSource, make_backend

import triton_kernels as k

D16 = [["tt.divisibility", 16]]

# name: (kernel, signature, constexprs, divisibility-16 arguments, num_warps),
# as the examples are compiled (1024-element blocks, 4 warps; the matrix
# products 64x64x32 blocks, 4 warps, 3 stages: Triton's default num_stages).
KERNELS = {
    "vector_add": (k.add_kernel, {"x": "*fp32", "y": "*fp32", "out": "*fp32", "n": "i32",
                                  "BLOCK": "constexpr"}, {"BLOCK": 1024}, [0, 1, 2, 3], 4),
    "softmax": (k.softmax_kernel, {"out": "*fp32", "inp": "*fp32", "in_stride": "i32",
                                   "out_stride": "i32", "n_cols": "i32", "BLOCK": "constexpr"},
                {"BLOCK": 1024}, [0, 1, 2, 3], 4),
    "layernorm": (k.layernorm_kernel, {"X": "*fp16", "Y": "*fp16", "W": "*fp16", "B": "*fp16",
                                       "Mean": "*fp32", "Rstd": "*fp32", "stride": "i32",
                                       "N": "i32", "eps": "fp32", "BLOCK": "constexpr"},
                  {"BLOCK": 1024}, [0, 1, 2, 3, 4, 5, 6], 4),
    "giou_loss": (k.giou_kernel, {"pred": "*fp32", "target": "*fp32", "num_valid": "*i32",
                                  "sum_ptr": "*fp32", "count_ptr": "*i32", "tickets": "*i32",
                                  "loss": "*fp32", "SLOTS": "constexpr"},
                  {"SLOTS": 256}, [0, 1, 2], 4),
    "matmul": (k.matmul_kernel, {"a": "*fp16", "b": "*fp16", "c": "*fp32", "M": "i32",
                                 "N": "i32", "K": "i32", "BLOCK_M": "constexpr",
                                 "BLOCK_N": "constexpr", "BLOCK_K": "constexpr",
                                 "GROUP_M": "constexpr"},
               {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32, "GROUP_M": 8}, [0, 1, 2], 4),
    "matmul_bias_relu": (k.matmul_bias_relu_kernel,
                         {"a": "*fp16", "b": "*fp16", "bias": "*fp16", "c": "*fp16",
                          "M": "i32", "N": "i32", "K": "i32", "BLOCK_M": "constexpr",
                          "BLOCK_N": "constexpr", "BLOCK_K": "constexpr",
                          "GROUP_M": "constexpr"},
                         {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32, "GROUP_M": 8},
                         [0, 1, 2, 3], 4),
}


def compile_once(fn, signature, constexprs, aligned, warps, dump=None):
    """Milliseconds per stage of one cold compile; writes the PTX to `dump`."""
    target = GPUTarget("cuda", 90, 32)
    backend = make_backend(target)
    names = list(signature)
    src = ASTSource(fn, signature,
                    constexprs={(names.index(c),): v for c, v in constexprs.items()},
                    attrs={(i,): D16 for i in aligned})
    times = {}
    start = time.perf_counter()
    options = backend.parse_options({"num_warps": warps})
    context = ir.context()
    ir.load_dialects(context)
    backend.load_dialects(context)
    stages = {}
    backend.add_stages(stages, options, src.language)
    module = src.make_ir(target, options, backend.get_codegen_implementation(options),
                         backend.get_module_map(), context)
    times["ast"] = (time.perf_counter() - start) * 1e3
    metadata = {}
    for name, stage in stages.items():
        t = time.perf_counter()
        module = stage(module, metadata)
        times[name] = (time.perf_counter() - t) * 1e3
        if name == "ptx" and dump:
            with open(dump, "w") as f:
                f.write(module)
    return times


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json")
    parser.add_argument("--dump", help="a directory for Triton's PTX of each kernel")
    args = parser.parse_args()
    results = {}
    for name, spec in KERNELS.items():
        dump = f"{args.dump}/triton_{name}.ptx" if args.dump else None
        runs = [compile_once(*spec, dump=dump if i == 0 else None)
                for i in range(args.repeat + 1)]
        first, rest = runs[0], runs[1:]
        to_ptx = [sum(v for s, v in r.items() if s != "cubin") for r in rest]
        to_cubin = [sum(r.values()) for r in rest]
        results[name] = {
            "first_ms": sum(first.values()),
            "ptx_ms": statistics.median(to_ptx),
            "cubin_ms": statistics.median(to_cubin),
            "stages_ms": {s: statistics.median(r[s] for r in rest) for s in rest[0]},
        }
        print(f"{name:<12} triton: to PTX {results[name]['ptx_ms']:8.1f} ms, to cubin "
              f"{results[name]['cubin_ms']:8.1f} ms (first in process "
              f"{results[name]['first_ms']:.1f} ms); stages "
              + ", ".join(f"{s} {v:.1f}" for s, v in results[name]["stages_ms"].items()),
              flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
