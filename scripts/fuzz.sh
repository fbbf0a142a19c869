#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Fuzzes the whole compiler (parse, verify, tile IR to PTX) with libFuzzer
# for SECONDS, seeded with every .mlir file and every Triton program (.ttir,
# read through the tt dialect) in the repository, in the
# sanitizer build (scripts/sanitize.sh builds it; this builds tile-fuzz
# there, or brings it up to date). Prints libFuzzer's summary; crashes,
# sanitizer reports and inputs that take over 20 s land in
# build-asan/fuzz/artifacts/ (each is a bug: fix it and add the input as a
# regression test).
#
#   bash scripts/fuzz.sh SECONDS [JOBS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TILE_ASAN_BUILD_DIR:-$root/build-asan}
seconds=${1:?usage: fuzz.sh SECONDS [JOBS]}
jobs=${2:-1}

# Configured: bring tile-fuzz up to date (a stale one fuzzes old code).
if [ -f "$build/build.ninja" ]; then
  cmake --build "$build" --target tile-fuzz
else
  bash "$root/scripts/sanitize.sh" --target tile-fuzz
fi
work=$build/fuzz
mkdir -p "$work/corpus" "$work/seeds" "$work/artifacts"
# Seeds: the repository's kernels and tests, split at -split-input-file
# markers so that each seed is one module.
find "$root" \( -name '*.mlir' -o -name '*.ttir' \) -not -path "$root/build*" | while read -r f; do
  base=$(echo "${f#"$root"/}" | tr '/' '_')
  awk -v out="$work/seeds/$base" 'BEGIN { n = 0; file = out "." n }
    /^\/\/ -----/ { n++; file = out "." n; next } { print > file }' "$f"
done
# See scripts/sanitize.sh for allow_user_poisoning; leaks are checked there.
export ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_poisoning=0:detect_leaks=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# libFuzzer writes its per-job logs (fuzz-N.log) in the current directory;
# an earlier run's would be summarized as this one's.
cd "$work"
rm -f "$work"/fuzz-*.log
"$build/bin/tile-fuzz" "$work/corpus" "$work/seeds" \
  -dict="$root/tools/tile-fuzz/tile.dict" -max_total_time="$seconds" \
  -timeout=20 -rss_limit_mb=6144 -max_len=16384 -jobs="$jobs" -workers="$jobs" \
  -artifact_prefix="$work/artifacts/" -print_final_stats=1 2>&1 |
  tee "$work/last-run.log" | grep -E "^#[0-9]+.*(INITED|DONE|pulse)|Done|stat::|ERROR|SUMMARY|artifact" || true
cat "$work"/fuzz-*.log 2>/dev/null | grep -E "^#[0-9]+.*DONE|stat::number_of_executed_units|ERROR|SUMMARY" || true
echo "fuzz: artifacts: $(ls "$work/artifacts" | wc -l) in $work/artifacts"
