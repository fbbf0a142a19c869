#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs the layout walk's kernels on the GPU and checks every result
# (test/GPU/Inputs/layout_walk_check.py); KERNEL_DIR is what
# scripts/compile-layout-walk.sh wrote. Exits 1 on any wrong value.
#
#   scripts/gpu-layout-walk.sh KERNEL_DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
python3 "$root/test/GPU/Inputs/layout_walk_check.py" "$1"
