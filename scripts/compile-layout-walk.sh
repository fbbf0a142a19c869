#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Writes the layout walk's GPU kernels (every layout kind the layout passes
# make, at shapes that fill and that are smaller than the layout's block;
# test/Conversion/TileToNVVM/Inputs/layout_walk.py --gpu) and compiles each
# to a cubin for scripts/gpu-layout-walk.sh. A scan the lowering declines
# with its located error (warps interleaving a thread's repetitions) is
# recorded as NAME.unsupported; any other failure stops the script.
#
#   scripts/compile-layout-walk.sh OUT_DIR [TILE_TRANSLATE]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$1
translate=${2:-$root/build/bin/tile-translate}
mkdir -p "$out"
python3 "$root/test/Conversion/TileToNVVM/Inputs/layout_walk.py" --gpu "$out"
compiled=0 unsupported=0
for source in "$out"/*.mlir; do
  name=$(basename "$source" .mlir)
  if "$translate" "$source" --keep-layouts --emit=cubin --sm=90 --num-warps=4 \
      -o "$out/$name.cubin" --kernel-info="$out/$name.info" 2> "$out/$name.err"; then
    compiled=$((compiled + 1))
    rm -f "$out/$name.err"
  elif [[ $name == *_scan* ]] && grep -q "warps interleave a thread's repetitions" "$out/$name.err"; then
    mv "$out/$name.err" "$out/$name.unsupported"
    unsupported=$((unsupported + 1))
  else
    echo "compile-layout-walk: $name failed:" >&2
    cat "$out/$name.err" >&2
    exit 1
  fi
done
echo "compile-layout-walk: $compiled kernels compiled, $unsupported scans declined"
