#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Compiles every example kernel to PTX and cubin with tile-translate and
# prints ptxas' registers, shared memory and spills per kernel.
#
#   scripts/compile-examples.sh OUT_DIR [TILE_TRANSLATE]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$1
translate=${2:-$root/build/bin/tile-translate}
mkdir -p "$out"

compile() { # name source [tile-translate options]
  local name=$1 source=$2
  shift 2
  "$translate" "$source" --emit=ptx -o "$out/$name.ptx" \
    --kernel-info="$out/$name.info" "$@"
  "$translate" "$source" --emit=cubin -o "$out/$name.cubin" --ptxas-info "$@" \
    2> "$out/$name.ptxas"
  local regs spills smem
  regs=$(sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' "$out/$name.ptxas" | head -n1)
  spills=$(sed -n 's/.* \([0-9]*\) bytes spill stores.*/\1/p' "$out/$name.ptxas" | head -n1)
  smem=$(awk '{print $6}' "$out/$name.info" | head -n1)
  printf '%-20s %9s %12s %14s\n' "$name" "${regs:-?}" "${smem:-0}" "${spills:-0}"
}

printf '%-20s %9s %12s %14s\n' kernel registers shared-bytes spill-stores
for file in "$root"/examples/*.mlir; do
  compile "$(basename "$file" .mlir)" "$file"
done
# The vector add without its n % 16 == 0 contract, for ragged sizes.
compile vector_add_ragged "$root/examples/vector_add.mlir" --specialize='n%1'
compile vector_add_desc "$root/test/GPU/Inputs/vector_add_desc.mlir" --sm=90a
# The matmuls with M, N, K multiples of 16 (16-byte loads, cp.async
# pipelining), as Triton specializes such arguments.
aligned=(--specialize='M%16' --specialize='N%16' --specialize='K%16')
for name in matmul matmul_bias_relu; do
  compile "${name}_h" "$root/examples/$name.mlir" "${aligned[@]}"
done
# ...and with the matmul's element type parameters bound: bf16 operands;
# f32 ones on tensor cores as tf32 (the precision its product asks for);
# i8 ones with i32 accumulators and result.
matmul=$root/examples/matmul.mlir
bf16=(--specialize=T=bf16)
tf32=(--specialize=T=f32)
i8=(--specialize=T=i8 --specialize=ACC=i32)
compile matmul_bf16_h "$matmul" "${aligned[@]}" "${bf16[@]}"
compile matmul_tf32_h "$matmul" "${aligned[@]}" "${tf32[@]}"
compile matmul_i8_h "$matmul" "${aligned[@]}" "${i8[@]}"
# ...and, without the hints (any M, N, K), with bf16 and tf32.
compile matmul_bf16 "$matmul" "${bf16[@]}"
compile matmul_tf32 "$matmul" "${tf32[@]}"
# The matmul with loop-carried pointers (test input): pipelined too; with
# f32 operands, its product as tf32x3.
carried=$root/test/GPU/Inputs/matmul_carried.mlir
compile matmul_carried "$carried"
compile matmul_carried_tf32x3 "$carried" "${tf32[@]}"
# The matrix products for sm_90a: wgmma reading NVMMA-swizzled shared memory.
compile matmul_wgmma "$matmul" --sm=90a
compile matmul_h_wgmma "$matmul" --sm=90a "${aligned[@]}"
compile matmul_bf16_h_wgmma "$matmul" --sm=90a "${aligned[@]}" "${bf16[@]}"
compile matmul_bf16_wgmma "$matmul" --sm=90a "${bf16[@]}"
# ...tf32 and i8 on sm_90a need B K-contiguous: b given as its N x K
# transpose (test input), which wgmma reads K-major, with and without M, N,
# K multiples of 16 (i8 only with).
transposed=$root/test/GPU/Inputs/matmul_bt.mlir
compile matmul_tf32_bt "$transposed" "${tf32[@]}"
compile matmul_tf32_bt_wgmma "$transposed" --sm=90a "${tf32[@]}"
for type in tf32 i8; do
  declare -n types=$type
  compile "matmul_${type}_bt_h" "$transposed" "${aligned[@]}" "${types[@]}"
  compile "matmul_${type}_bt_h_wgmma" "$transposed" --sm=90a "${aligned[@]}" "${types[@]}"
done
compile matmul_carried_wgmma "$root/test/GPU/Inputs/matmul_carried.mlir" --sm=90a
compile matmul_bias_relu_wgmma "$root/examples/matmul_bias_relu.mlir" --sm=90a
compile matmul_bias_relu_h_wgmma "$root/examples/matmul_bias_relu.mlir" --sm=90a "${aligned[@]}"
# The TMA matmul for sm_90a (pipelined TMA copies into wgmma's buffers); the
# example itself, compiled for sm_90, is mma.sync reading each block after
# its own TMA copy.
compile matmul_tma_wgmma "$root/examples/matmul_tma.mlir" --sm=90a
# ...warp-specialized: a producer thread on a fifth warp issues the copies
# (wgmma on sm_90a; mma.sync on sm_90, which hands each stage back at the
# end of its iteration).
compile matmul_tma_ws_wgmma "$root/examples/matmul_tma.mlir" --sm=90a --warp-specialize
compile matmul_tma_ws "$root/examples/matmul_tma.mlir" --warp-specialize
# The TMA matmul in clusters of two CTAs (sm_90a): b's blocks multicast from
# a producer thread, and the same clusters without a producer (nothing
# multicast).
compile matmul_tma_cluster_ws_wgmma "$root/examples/matmul_tma_cluster.mlir" --sm=90a \
  --warp-specialize --cluster-size=2
compile matmul_tma_cluster_wgmma "$root/examples/matmul_tma_cluster.mlir" --sm=90a \
  --cluster-size=2
# bench/kernels/matmul_tma_persistent.mlir as written (128x256 blocks, K
# in steps of 64) in row-major order (GROUP_M=1), 8 warps and a producer, 4
# stages: its f16 c goes out through a store that converts the accumulator
# in 4 rounds.
persistent=(--sm=90a --num-warps=8 --num-stages=4 --warp-specialize --specialize=GROUP_M=1)
compile matmul_tma_persistent_ws "$root/bench/kernels/matmul_tma_persistent.mlir" "${persistent[@]}"
# ...with c written by TMA (bench/kernels/matmul_tma_persistent_store.mlir):
# each consumer warpgroup stores its 64 rows in chunks of 64 columns
# through two slots of its own.
compile matmul_tma_persistent_store_ws "$root/bench/kernels/matmul_tma_persistent_store.mlir" \
  "${persistent[@]}"
# Forward and reverse scans (test input).
compile scan "$root/test/GPU/Inputs/scan.mlir"
# The vector add in mma.sync's accumulator layout, kept as written (test input).
compile mma_layout "$root/test/GPU/Inputs/mma_layout.mlir" --keep-layouts
# A product on tensor cores (mma.sync), layouts as written (test input).
compile mma_dot "$root/test/GPU/Inputs/mma_dot.mlir" --keep-layouts
# The same product without layouts: tile-accelerate-matmul picks mma.sync.
compile matmul_small "$root/test/GPU/Inputs/matmul_small.mlir"
