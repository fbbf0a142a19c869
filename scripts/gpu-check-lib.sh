# The check helper of scripts/gpu-check.sh and scripts/gpu-sanitize.sh
# (sourced): runs one kernel with tile-run and checks it against its CPU
# reference, counting failures.
#
# Uses $dir (the kernel directory) and $run (tile-run); optional:
# TILE_RUN_WRAPPER, a command that runs tile-run (compute-sanitizer ...), and
# TILE_CHECK_REPEAT, timed launches after the checked one (default 20).
failures=${failures:-0}

check() { # file kernel grid args...
  local file=$1 kernel=$2 grid=$3
  shift 3
  local image=$dir/$file.cubin
  [ -f "$image" ] || image=$dir/$file.ptx
  local args=()
  for a in "$@"; do args+=(--arg "$a"); done
  local repeat=()
  [ "${TILE_CHECK_REPEAT:-20}" -gt 0 ] && repeat=(--repeat "${TILE_CHECK_REPEAT:-20}")
  echo "== $file grid=$grid $*"
  # shellcheck disable=SC2086
  if ! ${TILE_RUN_WRAPPER:-} "$run" "$image" --kernel "$kernel" --kernel-info "$dir/$file.info" \
      --grid "$grid" "${args[@]}" --check "$kernel" "${repeat[@]}"; then
    echo "FAILED: $file grid=$grid"
    failures=$((failures + 1))
  fi
}
