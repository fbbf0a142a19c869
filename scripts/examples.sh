#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The main job: sets up, builds, then takes every example kernel through
# tile-opt (parse, verify, canonicalize, CSE, print, parse again) with a
# short summary per kernel, compiles each to PTX and cubin (registers,
# shared memory and spills per kernel), and, where a GPU is present, runs
# each against a CPU reference. Exits non-zero if anything fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TILE_BUILD_DIR:-$root/build}

bash "$root/scripts/setup.sh"
bash "$root/scripts/build.sh" --target tile-opt tile-translate tile-run tile-run-check
opt=$build/bin/tile-opt

status=0
printf '%-26s %-14s %5s %6s %6s %8s %8s %5s %6s %8s\n' \
  kernel function ops loads stores atomics reduces dots loops max-tile
for file in "$root"/examples/*.mlir; do
  name=${file#"$root"/}
  if ! optimized=$("$opt" "$file" --canonicalize --cse 2>&1); then
    echo "$name: FAILED"; echo "$optimized"; status=1; continue
  fi
  # The printed form must parse and print back to itself.
  if ! reprinted=$(printf '%s\n' "$optimized" | "$opt" 2>&1) ||
     [ "$reprinted" != "$optimized" ]; then
    echo "$name: FAILED to round-trip"; status=1; continue
  fi
  stats=$(printf '%s\n' "$optimized" | "$opt" --print-op-stats -o /dev/null 2>&1)
  count() { printf '%s\n' "$stats" | awk -F, -v pat="$1" \
    '$1 ~ pat { n += $2 } END { print n + 0 }'; }
  kernel=$(printf '%s\n' "$optimized" | sed -n 's/.*tile\.func public @\([A-Za-z0-9_]*\).*/@\1/p' | head -n1)
  # The largest tile: the most elements of any tensor type in the kernel.
  tile=$(printf '%s\n' "$optimized" | grep -o 'tensor<[0-9x]*' | sed 's/tensor<//; s/x$//' |
    awk -Fx '{ n = 1; for (i = 1; i <= NF; i++) n *= $i; if (n > m) m = n } END { print m + 0 }')
  printf '%-26s %-14s %5s %6s %6s %8s %8s %5s %6s %8s\n' "$name" "$kernel" \
    "$(count '.')" "$(count 'tile\\.load')" "$(count 'tile\\.store')" \
    "$(count 'tile\\.atomic')" "$(count 'tile\\.(reduce|scan) ')" \
    "$(count 'tile\\.dot')" "$(count 'scf\\.(for|while)')" "$tile"
done
[ $status -eq 0 ] && echo "all example kernels verify, canonicalize and round-trip"
[ $status -eq 0 ] || exit $status

echo
echo "== PTX and cubin (sm_90, 4 warps) in $build/examples"
bash "$root/scripts/compile-examples.sh" "$build/examples" "$build/bin/tile-translate"

echo
if gpu=$("$build/bin/tile-run" --probe); then
  echo "== running on $gpu"
  bash "$root/scripts/gpu-check.sh" "$build/examples" "$build/bin/tile-run-check"
else
  echo "== not running the kernels: $gpu"
fi
