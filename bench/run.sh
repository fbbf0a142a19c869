#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Regenerates the benchmark page, docs/bench/ (results.md and one PNG per
# kernel family), in one command:
#
#   bash bench/run.sh
#
# Each step needs its tools; where they are missing (no build, no GPU, no
# Triton or matplotlib) the step says so and the previous outputs in
# bench/results/ are used. Where the GPU machine has no MLIR, compile on one
# that has, copy build/bench-kernels over, run
# `python3 bench/memory_bound.py build/bench-kernels --out ...` and bench/plot.py
# on the GPU machine, copy the JSON and PNGs back, then run this for the rest.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TILE_BUILD_DIR:-$root/build}
results=$root/bench/results
kernels=$build/bench-kernels
mkdir -p "$results" "$root/docs/bench"
kernels_compiled="vector_add softmax layernorm giou_loss matmul matmul_bias_relu"
examples=$(for k in $kernels_compiled; do echo "$root/examples/$k.mlir"; done)

if [ -x "$build/bin/tile-translate" ]; then
  echo "== compiling the kernel variants into $kernels"
  bash "$root/bench/compile-kernels.sh" "$kernels" "$build/bin/tile-translate" > /dev/null
fi

if [ -x "$build/bin/tile-compile-time" ] && python3 -c "import triton" 2> /dev/null; then
  echo "== compile time (this CPU)"
  {
    "$build/bin/tile-compile-time" --repeat 20 $examples
    "$build/bin/tile-compile-time" --repeat 10 --emit cubin $examples
    for k in $kernels_compiled; do
      start=$(date +%s%N)
      # A compile each time, not a read of the compile cache.
      for i in $(seq 10); do
        "$build/bin/tile-translate" "$root/examples/$k.mlir" --emit=ptx --cache=false -o /dev/null
      done
      echo "$k tile-translate: to PTX $(( ($(date +%s%N) - start) / 10000000 )) ms per process"
    done
  } | tee "$results/compile_time_tile.txt"
  (cd "$root/bench" && python3 triton_compile.py --repeat 10 \
    --json "$results/compile_time_triton.json")
else
  echo "== compile time: skipped (needs the build and Triton)"
fi

if python3 -c "import torch, triton; assert torch.cuda.is_available()" 2> /dev/null; then
  echo "== memory-bound kernels and matrix products (GPU)"
  (cd "$root/bench" && python3 memory_bound.py "$kernels" --out "$results/memory_bound.json")
  (cd "$root/bench" && python3 matmul.py "$kernels" --out "$results/matmul.json")
  (cd "$root/bench" && python3 protocol.py "$kernels" --out "$results/matmul_protocol.json")
else
  echo "== GPU benchmarks: skipped (needs a GPU, PyTorch and Triton)"
fi

if python3 -c "import matplotlib" 2> /dev/null; then
  python3 "$root/bench/plot.py" "$results/memory_bound.json" "$root/docs/bench"
else
  echo "== plots: skipped (needs matplotlib)"
fi
python3 "$root/bench/report.py" "$results" "$root/docs/bench/results.md"
