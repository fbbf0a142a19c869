#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Compiles the benchmark variants of the example kernels to cubins (with
# their .info launch files) for bench/memory_bound.py, which runs them on the
# GPU next to Triton and PyTorch.
#
#   bench/compile-kernels.sh OUT_DIR [TILE_TRANSLATE]
#
# A variant is an example with its parameters (tile.params: block sizes,
# element types) bound and its warps chosen for a row length, as Triton's
# launchers choose BLOCK_SIZE and num_warps; "_h" marks a
# variant whose row length argument carries tile.divisibility = 16 (Triton
# specializes integer arguments divisible by 16 the same way).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$1
translate=${2:-$root/build/bin/tile-translate}
mkdir -p "$out"

compile() { # name warps source [tile-translate options]
  local name=$1 warps=$2 source=$3
  shift 3
  "$translate" "$source" --emit=cubin --num-warps="$warps" -o "$out/$name.cubin" \
    --kernel-info="$out/$name.info" "$@"
  echo "$name warps=$warps $*"
}

# The variants without "_h" serve row lengths that are not multiples of 16,
# whose row strides (the rows' lengths) are not either: the examples'
# claim that they are is dropped there (%1), as Triton specializes only
# arguments that are.
# Warps for a block of B elements per program (Triton's softmax tutorial).
warps_for() { # block
  if [ "$1" -ge 8192 ]; then echo 16; elif [ "$1" -ge 2048 ]; then echo 8; else echo 4; fi
}

compile vector_add 4 "$root/examples/vector_add.mlir"
compile giou_loss 4 "$root/examples/giou_loss.mlir"

# The 16384-column block (16 warps, 32 floats a thread) asks for two blocks
# per SM (64 registers a thread): one block's loads stay in flight while the
# other waits at its reductions' barriers. Left alone, ptxas settles at 68
# registers and one block; at 8192 columns it needs 40 and the bound only
# changes its schedule (48 registers, ~4% slower), so it is not asked there.
for block in 256 512 1024 2048 4096 8192 16384; do
  warps=$(warps_for "$block")
  bounds=()
  if [ "$block" -ge 16384 ]; then bounds=(--min-blocks-per-sm=2); fi
  softmax=("$root/examples/softmax.mlir" --specialize="BLOCK=$block" "${bounds[@]}")
  compile "softmax_$block" "$warps" "${softmax[@]}" \
    --specialize='in_row_stride%1' --specialize='out_row_stride%1'
  compile "softmax_${block}_h" "$warps" "${softmax[@]}" --specialize='n_cols%16'
done

# Short rows: several rows per program (bench/kernels/softmax_rows.mlir),
# about 2048 elements per program.
for block in 256 512; do
  rows=$(( 2048 / block ))
  compile "softmax_rows_${rows}x$block" 4 "$root/bench/kernels/softmax_rows.mlir" \
    --specialize="ROWS=$rows" --specialize="COLS=$block"
done

# Layernorm walks its row in blocks: one block per row up to 4096 columns
# (Triton's tutorial uses the next power of two, capped at 64 KiB of f16).
for block in 1024 2048 4096; do
  warps=$(( block / 256 < 8 ? block / 256 : 8 ))
  layernorm=("$root/examples/layernorm.mlir" --specialize="BLOCK=$block")
  compile "layernorm_$block" "$warps" "${layernorm[@]}" --specialize='stride%1'
  compile "layernorm_${block}_h" "$warps" "${layernorm[@]}" --specialize='N%16'
done

# Layernorm in one pass (bench/kernels/layernorm_row.mlir): the whole row in
# registers, for rows of at most 4096 columns.
for block in 1024 2048 4096; do
  warps=$(( block / 256 < 8 ? block / 256 : 8 ))
  compile "layernorm_row_$block" "$warps" "$root/bench/kernels/layernorm_row.mlir" \
    --specialize="BLOCK=$block"
done

# Matmul: the example as written (any M, N, K), and bench/kernels/
# matmul_blocks.mlir (the example with M, N, K multiples of 16: 16-byte
# loads, cp.async pipelining) at several block shapes:
# matmul_<BM>x<BN>x<BK>_w<warps>[_s<stages>][_wgmma] (3 stages unless
# named; _wgmma: compiled for sm_90a, the product on wgmma).
compile matmul 4 "$root/examples/matmul.mlir"
# One variant of a matmul bench kernel: its source with the block shape
# and element type parameters bound, compiled. A variant for another SM than
# `base_sm` gets `other_sm_suffix` appended, <sm> in it replaced by the SM.
matmul_variant() { # source prefix base_sm other_sm_suffix BM BN BK warps stages type sm [flags]
  local source=$1 prefix=$2 base_sm=$3 suffix=$4 bm=$5 bn=$6 bk=$7 warps=$8
  local stages=$9 type=${10} sm=${11} flags=${12:-}
  local name="${prefix}_${bm}x${bn}x${bk}_w$warps"
  [ "$stages" = 3 ] || name="${name}_s$stages"
  [ "$type" = f16 ] || name="${prefix}_${type}_${name#"${prefix}"_}"
  [ "$sm" = "$base_sm" ] || name="$name${suffix/<sm>/$sm}"
  "$translate" "$source" --emit=cubin --num-warps="$warps" --num-stages="$stages" \
    --sm="$sm" -o "$out/$name.cubin" --kernel-info="$out/$name.info" \
    --specialize="BM=$bm" --specialize="BN=$bn" --specialize="BK=$bk" --specialize="T=$type" $flags
  echo "$name warps=$warps stages=$stages sm=$sm $flags"
}
matmul_blocks() { # BM BN BK warps [stages [element type [sm]]]
  matmul_variant "$root/bench/kernels/matmul_blocks.mlir" matmul 90 _wgmma \
    "$1" "$2" "$3" "$4" "${5:-3}" "${6:-f16}" "${7:-90}"
}
matmul_blocks 64 64 32 4
matmul_blocks 64 64 32 4 1
matmul_blocks 128 64 32 4
matmul_blocks 128 128 32 8
matmul_blocks 128 128 32 8 4
matmul_blocks 128 128 64 8
matmul_blocks 128 256 32 8
matmul_blocks 128 256 64 8
matmul_blocks 128 256 64 8 4
# Double-buffered: in sm_80 code (mma.sync on cp.async) the fastest 64-deep
# blocks, which tile-prefetch leaves alone (128x256x32 read ahead is faster).
matmul_blocks 128 256 64 8 2
matmul_blocks 256 128 64 8 2
# bf16 operands (mma.sync .bf16).
matmul_blocks 128 128 64 8 3 bf16
matmul_blocks 128 256 64 8 3 bf16
matmul_blocks 128 256 32 8 3 bf16
# sm_90a: wgmma.
matmul_blocks 64 64 32 4 3 f16 90a
matmul_blocks 128 128 64 8 3 f16 90a
matmul_blocks 128 256 64 8 3 f16 90a
matmul_blocks 128 256 64 8 4 f16 90a
matmul_blocks 128 256 64 8 3 bf16 90a
# Operands through TMA (bench/kernels/matmul_tma_blocks.mlir), wgmma on
# sm_90a, mma.sync on sm_90 (_sm90):
# matmul_tma_[bf16_]<BM>x<BN>x<BK>_w<warps>[_s<stages>][_sm90].
matmul_tma_blocks() { # BM BN BK warps stages [element type [sm]]
  matmul_variant "$root/bench/kernels/matmul_tma_blocks.mlir" matmul_tma 90a _sm'<sm>' \
    "$1" "$2" "$3" "$4" "$5" "${6:-f16}" "${7:-90a}"
}
matmul_tma_blocks 128 128 64 8 3
matmul_tma_blocks 128 256 64 8 3
matmul_tma_blocks 128 256 64 8 4
matmul_tma_blocks 128 256 64 8 4 bf16
matmul_tma_blocks 128 128 64 4 3 f16 90
matmul_tma_blocks 128 128 64 8 3 f16 90
matmul_tma_blocks 128 256 64 8 3 f16 90
matmul_tma_blocks 128 256 64 8 4 f16 90
# ...K in steps of 32 (64-byte rows, 64-byte swizzle): 64-80 KB of stages,
# two blocks per SM.
matmul_tma_blocks 128 128 32 4 4 f16 90
matmul_tma_blocks 128 128 32 4 5 f16 90
# Warp-specialized: the copies come from a producer thread of a ninth
# warp, and no CTA barrier is left in the loop (tile-schedule-loops
# {warp-specialize}): matmul_tma_ws_[bf16_]<BM>x<BN>x<BK>_w<warps>[_s<stages>].
matmul_tma_ws() { # BM BN BK warps stages [element type]
  matmul_variant "$root/bench/kernels/matmul_tma_blocks.mlir" matmul_tma_ws 90a '' \
    "$1" "$2" "$3" "$4" "$5" "${6:-f16}" 90a --warp-specialize
}
matmul_tma_ws 128 256 64 8 3
matmul_tma_ws 128 256 64 8 4
matmul_tma_ws 128 256 64 8 4 bf16
# Persistent (bench/kernels/matmul_tma_persistent.mlir; launched with one
# program per SM) in row-major order:
# matmul_tma_persistent_[bf16_]<BM>x<BN>x<BK>_w<warps>[_s<stages>].
persistent=$root/bench/kernels/matmul_tma_persistent.mlir
matmul_tma_persistent() { # BM BN BK warps stages [element type]
  matmul_variant "$persistent" matmul_tma_persistent 90a '' \
    "$1" "$2" "$3" "$4" "$5" "${6:-f16}" 90a --specialize=GROUP_M=1
}
matmul_tma_persistent 128 256 64 8 3
matmul_tma_persistent 128 256 64 8 3 bf16
# ...warp-specialized: the producer runs up to 3 steps ahead, across the
# epilogues too, and the blocks go in groups of 8 block rows (as written;
# as examples/matmul.mlir orders them): the divisions that costs run on
# the producer thread, off the products' path:
# matmul_tma_persistent_ws_[bf16_]<BM>x<BN>x<BK>_w<warps>[_s<stages>].
matmul_tma_persistent_ws() { # BM BN BK warps stages [element type]
  matmul_variant "$persistent" matmul_tma_persistent_ws \
    90a '' "$1" "$2" "$3" "$4" "$5" "${6:-f16}" 90a --warp-specialize
}
matmul_tma_persistent_ws 128 256 64 8 3
matmul_tma_persistent_ws 128 256 64 8 3 bf16
# ...with 4 stages: the store of c converts the accumulator in rounds
# through 18 KiB of scratch, beside the 192 KiB ring.
matmul_tma_persistent_ws 128 256 64 8 4
matmul_tma_persistent_ws 128 256 64 8 4 bf16
# ...in clusters of two CTAs that share b's blocks (bench/kernels/
# matmul_tma_cluster.mlir; b's copies multicast, each CTA issuing half of
# them): matmul_tma_cluster_ws_[bf16_]<BM>x<BN>x<BK>_w<warps>.
matmul_tma_cluster_ws() { # BM BN BK warps stages [element type]
  matmul_variant "$root/bench/kernels/matmul_tma_cluster.mlir" matmul_tma_cluster_ws \
    90a '' "$1" "$2" "$3" "$4" "$5" "${6:-f16}" 90a "--warp-specialize --cluster-size=2"
}
matmul_tma_cluster_ws 128 256 64 8 3
matmul_tma_cluster_ws 128 256 64 8 3 bf16
# ...the same kernel without clusters (the pairs' CTAs load b each):
# matmul_tma_pairs_ws_[bf16_]<BM>x<BN>x<BK>_w<warps>.
matmul_tma_pairs_ws() { # BM BN BK warps stages [element type]
  matmul_variant "$root/bench/kernels/matmul_tma_cluster.mlir" matmul_tma_pairs_ws \
    90a '' "$1" "$2" "$3" "$4" "$5" "${6:-f16}" 90a --warp-specialize
}
matmul_tma_pairs_ws 128 256 64 8 3
matmul_tma_pairs_ws 128 256 64 8 3 bf16
# ...and with c written by TMA (bench/kernels/matmul_tma_persistent_store.mlir;
# each consumer warpgroup stores its rows in chunks through slots of its
# own, waited for only before they are written again):
# matmul_tma_persistent_store_<BM>x<BN>x<BK>_w<warps> (row-major order, no
# producer) and matmul_tma_persistent_store_ws_[bf16_]<BM>x<BN>x<BK>_w<warps>_s4
# (grouped order, warp-specialized).
store=$root/bench/kernels/matmul_tma_persistent_store.mlir
matmul_variant "$store" matmul_tma_persistent_store 90a '' 128 256 64 8 3 f16 90a \
  --specialize=GROUP_M=1
for type in f16 bf16; do
  matmul_variant "$store" matmul_tma_persistent_store_ws 90a '' 128 256 64 8 4 "$type" 90a \
    --warp-specialize
done
