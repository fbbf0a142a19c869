#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs every example kernel on the GPU at sizes that are and are not
# multiples of its block, checking each against a CPU reference (tile-run-check
# --check), and prints the median time of a few launches.
#
#   scripts/gpu-check.sh KERNEL_DIR TILE_RUN_CHECK
#
# KERNEL_DIR holds <name>.cubin (or .ptx) and <name>.info from tile-translate
# (scripts/compile-examples.sh writes them), including vector_add_ragged: the
# vector add without the n % 16 == 0 hint, for any n.
set -uo pipefail
dir=$1
run=$2
# shellcheck source=scripts/gpu-check-lib.sh
source "$(dirname "$0")/gpu-check-lib.sh"

# vector add: n a multiple of the 1024-element block, and not (n % 16 == 0
# is the kernel's contract); any n with the hint-free variant.
for n in 1048576 1000016; do
  check vector_add vector_add $(( (n + 1023) / 1024 )) \
    buf:$n:random buf:$n:random buf:$n:zero $n
done
for n in 1000003 77; do
  check vector_add_ragged vector_add $(( (n + 1023) / 1024 )) \
    buf:$n:random buf:$n:random buf:$n:zero $n
done

# vector add through descriptors made in the kernel (tensor maps in its
# global scratch): whole blocks of 32 rows of 64, and a last block of 8.
for n in 1048576 64000; do
  check vector_add_desc vector_add $(( (n / 64 + 31) / 32 )) \
    buf:$n:random buf:$n:random buf:$n:zero $n
done

# softmax: rows of 1024 columns (full block), 1000 and 517 (ragged); row
# strides are multiples of 16 (the kernel's contract).
for spec in "4096 1024 1024" "4096 1000 1024" "781 517 528"; do
  set -- $spec
  rows=$1 cols=$2 stride=$3
  check softmax softmax $rows buf:$((rows * stride)):zero \
    buf:$((rows * stride)):random $stride $stride $cols
done

# layernorm: rows of 4096 (four blocks), 1000 and 3000 (ragged).
for spec in "512 4096 4096" "512 1000 1008" "300 3000 3008"; do
  set -- $spec
  rows=$1 cols=$2 stride=$3
  check layernorm layernorm $rows buf:$((rows * stride)):random \
    buf:$((rows * stride)):zero buf:$cols:random buf:$cols:random \
    buf:$rows:zero buf:$rows:zero $stride $cols 1e-5
done

# GIoU loss: 1024 and 100 images of 256 padded box slots.
for batch in 1024 100; do
  check giou_loss giou_loss $batch buf:$((batch * 1024)):boxes \
    buf:$((batch * 1024)):boxes buf:$batch:counts:256 \
    buf:1:zero buf:1:zero buf:1:zero buf:1:zero
done

# Scans: 16 repetitions of 128 elements over 4 warps, both directions.
for rows in 64 3; do
  check scan scan $rows buf:$((rows * 2048)):random buf:$((rows * 2048)):zero \
    buf:$((rows * 2048)):zero
done

# The mma.sync accumulator layout: 64x64 tiles of the vector add.
for n in 1048576 36864; do
  check mma_layout vector_add $(( n / 4096 )) \
    buf:$n:random buf:$n:random buf:$n:zero $n
done

# mma.sync: c[M x 64] = a[M x 32] @ b[32 x 64], 64 rows per program.
for file in mma_dot matmul_small; do
  for programs in 128 3; do
    m=$(( programs * 64 ))
    check $file matmul $programs buf:$(( m * 32 )):random buf:2048:random \
      buf:$(( m * 64 )):zero $m 64 32
  done
done

# examples/matmul.mlir: 64x64 blocks, K in steps of 32, ragged edges; each
# also compiled for sm_90a (_wgmma: wgmma instead of mma.sync).
for spec in "512 512 512" "1000 520 300" "70 130 17"; do
  for arch in "" _wgmma; do
    check_matmul matmul$arch $spec
  done
done
# ...its variant for M, N, K multiples of 16, and with the operand pointers
# carried by the K loop (Triton's style).
for spec in "512 512 512" "1008 528 304" "80 144 16"; do
  for arch in "" _wgmma; do
    check_matmul matmul_h$arch $spec
    check_matmul matmul_carried$arch $spec
  done
done
# ...with bf16 operands.
for spec in "512 512 512" "1008 528 304"; do
  check_matmul matmul_bf16_h $spec bf16
done
for spec in "512 512 512" "1008 528 304" "80 144 16"; do
  check_matmul matmul_bf16_h_wgmma $spec bf16
done
# ...and without the hints, any M, N, K: bf16 operands, and f32 ones as
# tf32 (b row-major on mma.sync; b given transposed on mma.sync and wgmma).
for spec in "512 512 512" "1000 520 300" "70 130 17"; do
  for arch in "" _wgmma; do
    check_matmul matmul_bf16$arch $spec bf16
    check_matmul matmul_tf32_bt$arch $spec tf32_bt
  done
  check_matmul matmul_tf32 $spec tf32
done

# ...with f32 operands as tf32 (checked within tf32's rounding; with b
# given transposed also on sm_90a, where B is K-contiguous and the product
# runs on wgmma), and as tf32x3 in the carried-pointer matmul (checked as
# tightly as the f16 products).
for spec in "512 512 512" "1008 528 304" "80 144 16"; do
  check_matmul matmul_tf32_h $spec tf32
  check_matmul matmul_tf32_bt_h $spec tf32_bt
  check_matmul matmul_tf32_bt_h_wgmma $spec tf32_bt
  check_matmul matmul_carried_tf32x3 $spec f32
done
# ...with i8 operands and i32 results (exact; with b given transposed also
# on sm_90a's wgmma).
for spec in "512 512 512" "1008 528 304" "80 144 32"; do
  check_matmul matmul_i8_h $spec i8
  check_matmul matmul_i8_bt_h $spec i8_bt
  check_matmul matmul_i8_bt_h_wgmma $spec i8_bt
done

# examples/matmul_tma.mlir: a, b and c through TMA descriptors, ragged M, N
# and K (zeros read and nothing written past the edges); on sm_90a
# pipelined into wgmma; and warp-specialized (a producer thread issues the
# copies).
for spec in "512 512 512" "1000 520 304" "70 136 24" "1024 1024 1024"; do
  for arch in "" _wgmma _ws _ws_wgmma; do
    check_matmul_tma matmul_tma$arch $spec
  done
done

# examples/matmul_tma_cluster.mlir: the same product in pairs of blocks, an
# odd number of block rows too (the last pair's lower block empty); on
# sm_90a in clusters of two, with b multicast from producer threads
# (_ws_wgmma) and without a producer.
for spec in "512 512 512" "1000 520 304" "520 1000 304" "70 136 24"; do
  for arch in "" _wgmma _ws_wgmma; do
    check_matmul_tma_cluster matmul_tma_cluster$arch $spec
  done
done

# examples/matmul_bias_relu.mlir: the same product, + bias, ReLU, f16 out.
for spec in "512 512 512" "1000 520 300" "70 130 17"; do
  for arch in "" _wgmma; do
    check_matmul_bias_relu matmul_bias_relu$arch $spec
  done
done
for spec in "1024 1024 1024" "1008 528 304"; do
  check_matmul_bias_relu matmul_bias_relu_h $spec
done
for spec in "512 512 512" "1008 528 304" "80 144 16"; do
  check_matmul_bias_relu matmul_bias_relu_h_wgmma $spec
done

# bench/kernels/matmul_tma_persistent.mlir (128x256 blocks, f16 c stored
# in rounds, or per warpgroup by TMA; M, N, K multiples of 16): every program walking several
# blocks, ragged edges, more programs than blocks, and 64 K steps a block.
for spec in "1024 1024 1024 16" "1008 528 304 5" "80 144 16 4" "256 768 4096 5"; do
  check_matmul_tma_persistent matmul_tma_persistent_ws $spec
  check_matmul_tma_persistent matmul_tma_persistent_store_ws $spec desc
done

check_every_kernel_ran
echo "gpu-check: $failures failure(s)"
[ "$failures" -eq 0 ]
