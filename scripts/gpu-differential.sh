#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Differential check of tile against Triton: the Triton programs of
# test/Differential/programs run with Triton, and every kernel launch is
# repeated with tile's compilation of the same TTIR on copies of the same
# buffers, and the buffers compared (test/Differential/README.md).
#
#   scripts/gpu-differential.sh capture DIR [OPTIONS]            (GPU: Python, torch, Triton)
#   scripts/gpu-differential.sh compile DIR [DEST]                (build/bin/tile-translate)
#   scripts/gpu-differential.sh check DEST SUMMARY.json [OPTIONS] (GPU)
#   scripts/gpu-differential.sh report SUMMARY.json [PAGE.md]
#   scripts/gpu-differential.sh spills DIR                      (Triton, no GPU)
#   scripts/gpu-differential.sh all DIR [OPTIONS]                (GPU and tile's tools)
#
# capture: runs every program with Triton and writes <key>.ttir and <key>.json
#   for each distinct compiled kernel into DIR (no tensors).
# compile: copies DIR's .ttir/.json into DEST (default DIR) and compiles each
#   kernel with tile-translate (the .ttir file as Triton printed it, --sm=90a, the kernel's
#   warps and stages) into <key>.cubin and <key>.info; a kernel tile fails on
#   keeps tile's messages in <key>.error and is reported at the end (exit 1).
#   TILE_TRANSLATE (default build/bin/tile-translate) and JOBS (default 1).
# check: runs the programs again with the same seeds; at each launch, Triton's
#   kernel and tile's run on identical inputs and every buffer a pointer
#   argument lies in is compared. Mismatches, tile compile failures and
#   errors are printed per launch and make the exit status 1; the JSON
#   summary goes to SUMMARY.json (and its workers' events to SUMMARY.events/).
#   With --time, the timed cases' launches are also timed, Triton's kernel
#   against tile's, each such case alone on the GPU.
# report: writes the results page (default docs/bench/triton-programs.md)
#   from a check --time summary: matches per program, time ratios,
#   registers and spills.
# spills: compiles each captured kernel of DIR with Triton (sm_90a, its warps
#   and stages) and with tile (TILE_TRANSLATE), and lists those whose
#   build by tile spills more than Triton's (ptxas -v of both).
# all: capture into DIR/kernels, compile into DIR/compiled, check --time
#   into DIR/summary.json, and the results page: the one command that
#   regenerates docs/bench/triton-programs.md on a machine with both.
# OPTIONS go to test/Differential/harness.py: --programs reductions,fla,
#   --cases REGEX, --seed N, --jobs N, --deadline SECONDS, --tol-scale X,
#   --time (check only).
#
# Where a .whl directory is in the repository root, capture and check first
# install its wheels (fla-core, einops) into a private directory on
# PYTHONPATH, offline.
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1

usage() {
  sed -n '3,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
  exit 2
}

install_wheels() {
  if compgen -G ".whl/*.whl" > /dev/null; then
    local site="${TMPDIR:-/tmp}/tile-differential-site"
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
      --target "$site" .whl/*.whl
    export PYTHONPATH="$site${PYTHONPATH:+:$PYTHONPATH}"
  fi
}

# Compile one captured kernel: $1 the directory, $2 its key.
compile_one() {
  local dir=$1 key=$2 name warps stages start
  read -r name warps stages < <(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(d["name"], d["num_warps"], d["num_stages"])' "$dir/$key.json")
  rm -f "$dir/$key.cubin" "$dir/$key.info" "$dir/$key.error" "$dir/$key.reproducer.mlir"
  start=$(date +%s)
  if timeout 900 "$translate" "$dir/$key.ttir" --emit=cubin --sm=90a --num-warps="$warps" \
        --num-stages="$stages" --kernel-info="$dir/$key.info" \
        --reproducer="$dir/$key.reproducer.mlir" -o "$dir/$key.cubin" \
        2> "$dir/$key.stderr"; then
    rm -f "$dir/$key.stderr"
    echo "ok      $name $key (warps $warps, stages $stages, $(( $(date +%s) - start )) s)"
  else
    mv "$dir/$key.stderr" "$dir/$key.error"
    rm -f "$dir/$key.cubin" "$dir/$key.info"
    echo "FAILED  $name $key (warps $warps, stages $stages): $(grep -m1 -i 'error' "$dir/$key.error" || head -n1 "$dir/$key.error")"
  fi
}

[ $# -ge 2 ] || usage
phase=$1
case "$phase" in
  capture)
    dir=$2
    shift 2
    install_wheels
    exec python3 test/Differential/harness.py capture --out "$dir" "$@"
    ;;
  check)
    [ $# -ge 3 ] || usage
    dir=$2 summary=$3
    shift 3
    install_wheels
    exec python3 test/Differential/harness.py check --kernels "$dir" --summary "$summary" "$@"
    ;;
  report)
    exec python3 test/Differential/report.py "$2" "${3:-docs/bench/triton-programs.md}"
    ;;
  spills)
    exec python3 test/Differential/spills.py "$2" \
      --translate "${TILE_TRANSLATE:-build/bin/tile-translate}"
    ;;
  all)
    dir=$2
    shift 2
    "$0" capture "$dir/kernels" "$@"
    "$0" compile "$dir/kernels" "$dir/compiled"
    status=0
    "$0" check "$dir/compiled" "$dir/summary.json" --time "$@" || status=$?
    "$0" report "$dir/summary.json"
    exit $status
    ;;
  compile)
    src=$2 dest=${3:-$2}
    translate=${TILE_TRANSLATE:-build/bin/tile-translate}
    jobs=${JOBS:-1}
    if [ ! -x "$translate" ]; then
      echo "no $translate: build tile first (scripts/build.sh)" >&2
      exit 1
    fi
    if ! compgen -G "$src/*.ttir" > /dev/null; then
      echo "no .ttir files in $src: run the capture phase first" >&2
      exit 1
    fi
    mkdir -p "$dest"
    keys=()
    for ttir in "$src"/*.ttir; do
      keys+=("$(basename "$ttir" .ttir)")
    done
    if [ "$(cd "$src" && pwd)" != "$(cd "$dest" && pwd)" ]; then
      for key in "${keys[@]}"; do
        cp "$src/$key.ttir" "$src/$key.json" "$dest"/
        chmod u+w "$dest/$key.ttir" "$dest/$key.json"
      done
    fi
    echo "compiling ${#keys[@]} kernels with $translate into $dest ($jobs at a time)"
    for key in "${keys[@]}"; do
      while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
        wait -n || true
      done
      compile_one "$dest" "$key" &
    done
    wait
    failed=()
    for key in "${keys[@]}"; do
      if [ -f "$dest/$key.error" ]; then
        failed+=("$key")
      fi
    done
    python3 - "$dest" "${failed[@]}" <<'EOF'
import json, pathlib, sys
dest, failed = pathlib.Path(sys.argv[1]), sys.argv[2:]
kernels = sorted(p.stem for p in dest.glob("*.ttir"))
summary = {"kernels": len(kernels), "compiled": len(kernels) - len(failed),
           "failed": [{"key": k, "name": json.loads((dest / f"{k}.json").read_text())["name"],
                       "error": (dest / f"{k}.error").read_text(errors="replace")[:4000]}
                      for k in failed]}
(dest / "compile-summary.json").write_text(json.dumps(summary, indent=1))
EOF
    echo "${#keys[@]} kernels: $(( ${#keys[@]} - ${#failed[@]} )) compiled, ${#failed[@]} failed"
    if [ ${#failed[@]} -gt 0 ]; then
      for key in "${failed[@]}"; do
        echo "FAIL tile compile: $key ($dest/$key.error)"
      done
      exit 1
    fi
    ;;
  *)
    usage
    ;;
esac
