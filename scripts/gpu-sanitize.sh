#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs every example kernel under compute-sanitizer's four tools (memcheck:
# out-of-bounds and misaligned accesses; racecheck: shared-memory races;
# synccheck: invalid barrier use; initcheck: reads of uninitialized global
# memory) at sizes that are not multiples of the kernels' blocks, each run
# also checked against its CPU reference. One command, one device run:
#
#   scripts/gpu-sanitize.sh KERNEL_DIR TILE_RUN_CHECK
#
# KERNEL_DIR is what scripts/compile-examples.sh writes. Exits non-zero if
# any tool reports an error or any result is wrong. TILE_SANITIZER_TOOLS
# (default: all four) picks tools, e.g. to split the run over two device
# calls of under ten minutes each.
set -uo pipefail
dir=$1
run=$2
sanitizer=${COMPUTE_SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
[ -x "$sanitizer" ] || { echo "gpu-sanitize: compute-sanitizer not found" >&2; exit 2; }
# shellcheck source=scripts/gpu-check-lib.sh
source "$(dirname "$0")/gpu-check-lib.sh"
export TILE_CHECK_REPEAT=0

for tool in ${TILE_SANITIZER_TOOLS:-memcheck racecheck synccheck initcheck}; do
  echo "#### $tool"
  export TILE_RUN_WRAPPER="$sanitizer --tool $tool --error-exitcode 3 --print-limit 20"
  # The vector add's contract is n % 16 == 0; its hint-free variant takes
  # any n.
  for n in 1000016 1000003; do
    file=vector_add
    [ $((n % 16)) -eq 0 ] || file=vector_add_ragged
    check $file vector_add $(( (n + 1023) / 1024 )) \
      buf:$n:random buf:$n:random buf:$n:zero $n
  done
  # Through descriptors made in the kernel: a last block of 8 rows.
  check vector_add_desc vector_add 32 buf:64000:random buf:64000:random \
    buf:64000:zero 64000
  check softmax softmax 781 buf:$((781 * 528)):zero \
    buf:$((781 * 528)):random 528 528 517
  check layernorm layernorm 300 buf:$((300 * 3008)):random \
    buf:$((300 * 3008)):zero buf:3000:random buf:3000:random \
    buf:300:zero buf:300:zero 3008 3000 1e-5
  check giou_loss giou_loss 100 buf:$((100 * 1024)):boxes \
    buf:$((100 * 1024)):boxes buf:100:counts:256 \
    buf:1:zero buf:1:zero buf:1:zero buf:1:zero
  check scan scan 3 buf:$((3 * 2048)):random buf:$((3 * 2048)):zero \
    buf:$((3 * 2048)):zero
  check mma_layout vector_add 9 buf:36864:random buf:36864:random \
    buf:36864:zero 36864
  for file in mma_dot matmul_small; do
    check $file matmul 3 buf:$(( 192 * 32 )):random buf:2048:random \
      buf:$(( 192 * 64 )):zero 192 64 32
  done
  check_matmul matmul 70 130 17
  check_matmul matmul 200 136 300
  check_matmul matmul_h 208 144 304
  check_matmul matmul_h 80 144 16
  check_matmul matmul_bf16_h 208 144 304 bf16
  check_matmul matmul_bf16 70 130 17 bf16
  check_matmul matmul_tf32 70 130 17 tf32
  check_matmul matmul_tf32_bt 70 130 17 tf32_bt
  check_matmul matmul_tf32_h 208 144 304 tf32
  check_matmul matmul_tf32_bt_h 208 144 304 tf32_bt
  check_matmul matmul_carried_tf32x3 208 144 304 f32
  check_matmul matmul_i8_h 208 144 320 i8
  check_matmul matmul_i8_bt_h 208 144 320 i8_bt
  check_matmul matmul_carried 208 144 304
  check_matmul_bias_relu matmul_bias_relu 70 130 17
  check_matmul_bias_relu matmul_bias_relu_h 208 144 304
  # sm_90a: wgmma reading shared memory the threads and cp.async wrote.
  check_matmul matmul_wgmma 70 130 17
  check_matmul matmul_h_wgmma 208 144 304
  check_matmul matmul_bf16_h_wgmma 208 144 304 bf16
  check_matmul matmul_bf16_wgmma 70 130 17 bf16
  check_matmul matmul_tf32_bt_wgmma 70 130 17 tf32_bt
  check_matmul matmul_carried_wgmma 208 144 304
  check_matmul matmul_tf32_bt_h_wgmma 208 144 304 tf32_bt
  check_matmul matmul_i8_bt_h_wgmma 208 144 320 i8_bt
  check_matmul_bias_relu matmul_bias_relu_wgmma 70 130 17
  check_matmul_bias_relu matmul_bias_relu_h_wgmma 208 144 304
  # TMA copies completing on mbarriers, and TMA stores.
  check_matmul_tma matmul_tma 200 136 304
  check_matmul_tma matmul_tma_wgmma 200 136 304
  # ...from a producer thread, handing stages back on mbarriers.
  check_matmul_tma matmul_tma_ws 200 136 304
  check_matmul_tma matmul_tma_ws_wgmma 200 136 304
  # ...in clusters of two, b multicast into both CTAs (an odd number of
  # block rows too).
  check_matmul_tma_cluster matmul_tma_cluster_ws_wgmma 200 136 304
  check_matmul_tma_cluster matmul_tma_cluster_ws_wgmma 330 136 304
  check_matmul_tma_cluster matmul_tma_cluster_wgmma 330 136 304
  # ...and on sm_90 (mma.sync, no clusters), the copies after the products.
  check_matmul_tma_cluster matmul_tma_cluster 330 136 304
  # A persistent producer and the store of c in rounds through one scratch
  # (two programs, each walking three of the six blocks, ragged ones among
  # them).
  check_matmul_tma_persistent matmul_tma_persistent_ws 208 528 304 2
  # ...and c stored per warpgroup by TMA, in chunks through two slots.
  check_matmul_tma_persistent matmul_tma_persistent_store_ws 208 528 304 2 desc
done
check_every_kernel_ran

echo "gpu-sanitize: $failures failure(s)"
[ "$failures" -eq 0 ]
