# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The check helper of scripts/gpu-check.sh and scripts/gpu-sanitize.sh
# (sourced): runs one kernel with tile-run-check against its CPU
# reference, counting failures.
#
# Uses $dir (the kernel directory) and $run (tile-run-check); optional:
# TILE_RUN_WRAPPER, a command that runs tile-run (compute-sanitizer ...), and
# TILE_CHECK_REPEAT, timed launches after the checked one (default 20);
# $reference, the CPU reference to check against (default: the kernel's).
failures=${failures:-0}
declare -A ran # the kernel files check has run

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
  ran[$file]=1
  # shellcheck disable=SC2086
  if ! ${TILE_RUN_WRAPPER:-} "$run" "$image" --kernel "$kernel" --kernel-info "$dir/$file.info" \
      --grid "$grid" "${args[@]}" --check "${reference:-$kernel}" "${repeat[@]}"; then
    echo "FAILED: $file grid=$grid"
    failures=$((failures + 1))
  fi
}

# The matmul kernels (64x64 blocks of c = a @ b): M N K, and the operands
# (their types are the kernel's, from its kernel information): f16, bf16,
# f32 and i8 (i32 results) are checked exactly; tf32, f32 operands within
# tf32's rounding; tf32_bt, i8_bt: b given as its N x K transpose.
check_matmul() { # file M N K [f16|bf16|f32|tf32|tf32_bt|i8|i8_bt]
  local file=$1 m=$2 n=$3 k=$4 reference=matmul
  case ${5:-f16} in
    tf32 | tf32_bt) reference=matmul_$5 ;;
    i8_bt) reference=matmul_bt ;;
  esac
  check "$file" matmul $(( ((m + 63) / 64) * ((n + 63) / 64) )) \
    buf:$(( m * k )):random buf:$(( k * n )):random \
    buf:$(( m * n )):zero $m $n $k
}

# The TMA matmul (128x128 blocks, a, b and c through tensor maps; K and N
# multiples of 8): one program per block unless `grid` says otherwise.
check_matmul_tma() { # file M N K [grid]
  local file=$1 m=$2 n=$3 k=$4
  local grid=${5:-$(( ((m + 127) / 128) * ((n + 127) / 128) ))}
  check "$file" matmul "$grid" \
    desc:$m:$k:random desc:$k:$n:random \
    desc:$m:$n:zero $m $n $k
}

# ...persistent (bench/kernels/matmul_tma_persistent.mlir: c a plain f16
# pointer, or a tensor map with `desc`; M, N, K multiples of 16) on
# `programs` programs.
check_matmul_tma_persistent() { # file M N K programs [buf|desc]
  local file=$1 m=$2 n=$3 k=$4 programs=$5 c=buf:$(( $2 * $3 )):zero
  [ "${6:-buf}" = desc ] && c=desc:$m:$n:zero
  check "$file" matmul "$programs" \
    desc:$m:$k:random desc:$k:$n:random \
    "$c" $m $n $k
}

# ...in pairs of blocks (examples/matmul_tma_cluster.mlir): an even grid.
check_matmul_tma_cluster() { # file M N K
  check_matmul_tma "$1" "$2" "$3" "$4" $(( 2 * (($2 + 255) / 256) * (($3 + 127) / 128) ))
}

# ...and c = relu(a @ b + bias) in f16.
check_matmul_bias_relu() { # file M N K
  local file=$1 m=$2 n=$3 k=$4
  check "$file" matmul_bias_relu $(( ((m + 63) / 64) * ((n + 63) / 64) )) \
    buf:$(( m * k )):random buf:$(( k * n )):random buf:$n:random \
    buf:$(( m * n )):zero $m $n $k
}

# Counts a failure for every kernel in $dir that no check ran, so that a
# kernel added to scripts/compile-examples.sh cannot go unchecked.
check_every_kernel_ran() {
  local image name
  for image in "$dir"/*.ptx; do
    if [ ! -e "$image" ]; then
      echo "FAILED: no kernels in $dir"
      failures=$((failures + 1))
      break
    fi
    name=$(basename "$image" .ptx)
    if [ -z "${ran[$name]:-}" ]; then
      echo "FAILED: $name: no check runs it"
      failures=$((failures + 1))
    fi
  done
}
