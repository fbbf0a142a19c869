#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Compiles every example kernel to PTX and cubin with tile-translate and
# prints ptxas' registers, shared memory and spills per kernel.
#
#   scripts/compile-examples.sh OUT_DIR [TILE_TRANSLATE]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$1
# shellcheck source=scripts/kernel-variants.sh
source "$root/scripts/kernel-variants.sh"
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
# The matmuls with M, N, K multiples of 16 (16-byte loads, cp.async
# pipelining), as Triton specializes such arguments.
aligned=(--specialize='M%16' --specialize='N%16' --specialize='K%16')
for name in matmul matmul_bias_relu; do
  compile "${name}_h" "$root/examples/$name.mlir" "${aligned[@]}"
done
# ...and with bf16 operands.
sed 's/f16/bf16/g' "$root/examples/matmul.mlir" > "$out/matmul_bf16.mlir"
compile matmul_bf16_h "$out/matmul_bf16.mlir" "${aligned[@]}"
# ...and with f32 operands on tensor cores as tf32, and as tf32x3.
with_f32_operands() { # precision source output: the matmul on f32 operands
  sed "s/f16/f32/g; s/tile.dot %a_tile, %b_tile, %sum :/tile.dot %a_tile, %b_tile, %sum, inputPrecision = $1 :/" \
    "$2" > "$3"
  grep -q "inputPrecision = $1" "$3"
}
for precision in tf32 tf32x3; do
  with_f32_operands $precision "$root/examples/matmul.mlir" "$out/matmul_${precision}.mlir"
  compile "matmul_${precision}_h" "$out/matmul_${precision}.mlir" "${aligned[@]}"
done
# ...and, without the hints (any M, N, K), with bf16 operands and with f32
# ones as tf32 (also b given transposed, below).
compile matmul_bf16 "$out/matmul_bf16.mlir"
compile matmul_tf32 "$out/matmul_tf32.mlir"
# ...and with i8 operands, i32 accumulators and result.
sed 's/f16/i8/g; s/f32/i32/g; s/dense<0.0>/dense<0>/g' "$root/examples/matmul.mlir" \
  > "$out/matmul_i8.mlir"
compile matmul_i8_h "$out/matmul_i8.mlir" "${aligned[@]}"
# The matmul with loop-carried pointers (test input): pipelined too.
compile matmul_carried "$root/test/GPU/Inputs/matmul_carried.mlir"
# The matrix products for sm_90a: wgmma reading NVMMA-swizzled shared memory.
compile matmul_wgmma "$root/examples/matmul.mlir" --sm=90a
compile matmul_h_wgmma "$root/examples/matmul.mlir" --sm=90a "${aligned[@]}"
compile matmul_bf16_h_wgmma "$out/matmul_bf16.mlir" --sm=90a "${aligned[@]}"
compile matmul_bf16_wgmma "$out/matmul_bf16.mlir" --sm=90a
# ...tf32 and i8 on sm_90a: b given as its N x K transpose (a weight matrix,
# b[k, n] at n * K + k), so that B is loaded K-contiguous and wgmma reads it
# K-major (a row-major b keeps them on mma.sync).
# (The tf32 and i8 variants, with and without M, N, K multiples of 16.)
for pair in "matmul_tf32 matmul_tf32_bt" "matmul_i8 matmul_i8_bt"; do
  set -- $pair
  source_file=$out/$1.mlir target=$2
  sed -e 's/%Ns32 = tile.splat %N : i32 -> tensor<32xi32>/%Ns32 = tile.splat %c1 : i32 -> tensor<32xi32>/' \
      -e 's/^\( *\)%b_cols_b = tile.broadcast %b_cols : tensor<1x64xi32> -> tensor<32x64xi32>$/\1%b_ncols = arith.muli %cols, %Ks : tensor<64xi32>\
\1%b_ncols_e = tile.expand_dims %b_ncols {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>\
\1%b_cols_b = tile.broadcast %b_ncols_e : tensor<1x64xi32> -> tensor<32x64xi32>/' \
      "$source_file" > "$out/$target.mlir"
  grep -q '%b_ncols_e' "$out/$target.mlir"
  for hints in h any; do
    name=$target flags=()
    if [ $hints = h ]; then name=${target}_h flags=("${aligned[@]}"); fi
    # (No i8 variant for any M, N, K.)
    if [ $hints = any ] && [ "$1" = matmul_i8 ]; then continue; fi
    compile "$name" "$out/$target.mlir" "${flags[@]}"
    compile "${name}_wgmma" "$out/$target.mlir" --sm=90a "${flags[@]}"
  done
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
# bench/kernels/matmul_tma_persistent.mlir at the bench's blocking (128x256
# blocks, K in steps of 64, 8 warps and a producer, 4 stages): its f16 c
# goes out through a store that converts the accumulator in 4 rounds.
with_blocks 128 256 64 < "$root/bench/kernels/matmul_tma_persistent.mlir" \
  > "$out/matmul_tma_persistent.mlir"
compile matmul_tma_persistent_ws "$out/matmul_tma_persistent.mlir" --sm=90a \
  --num-warps=8 --num-stages=4 --warp-specialize
# ...with c written by TMA (tile.descriptor_store): each consumer warpgroup
# stores its 64 rows in chunks of 64 columns through two slots of its own.
with_tma_store_c "$root/bench/kernels/matmul_tma_persistent.mlir" \
  "$out/matmul_tma_persistent_store_blocks.mlir"
with_blocks 128 256 64 < "$out/matmul_tma_persistent_store_blocks.mlir" \
  > "$out/matmul_tma_persistent_store.mlir"
compile matmul_tma_persistent_store_ws "$out/matmul_tma_persistent_store.mlir" --sm=90a \
  --num-warps=8 --num-stages=4 --warp-specialize
# Forward and reverse scans (test input).
compile scan "$root/test/GPU/Inputs/scan.mlir"
# The vector add in mma.sync's accumulator layout, kept as written (test input).
compile mma_layout "$root/test/GPU/Inputs/mma_layout.mlir" --keep-layouts
# A product on tensor cores (mma.sync), layouts as written (test input).
compile mma_dot "$root/test/GPU/Inputs/mma_dot.mlir" --keep-layouts
# The same product without layouts: tile-accelerate-matmul picks mma.sync.
compile matmul_small "$root/test/GPU/Inputs/matmul_small.mlir"
