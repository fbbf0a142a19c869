// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The GPU level is the distributed level without NVIDIA's dialect: what
// tile-assign-layouts leaves, before tilenv ops are picked.
// RUN: tile-opt %s -split-input-file -tile-check-level="level=gpu" -verify-diagnostics
// RUN: tile-opt %tile_src_root/test/GPU/Inputs/mma_layout.mlir -tile-check-level="level=gpu" -o /dev/null
// RUN: tile-opt %tile_src_root/examples/softmax.mlir -tile-assign-layouts -tile-check-level="level=gpu" -o /dev/null
// RUN: tile-opt %tile_src_root/test/Conversion/TileToNVVM/tma.mlir -split-input-file -tile-check-level="level=distributed" -o /dev/null
// RUN: not tile-opt %tile_src_root/test/Conversion/TileToNVVM/tma.mlir -tile-check-level="level=gpu" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NVIDIA
// NVIDIA: error: 'tilenv.{{.*}}' op is not of the GPU level but NVIDIA-specific

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @laid_out(%x: tensor<128xf32, #blocked>) {
  %b = tilegpu.local_alloc %x : (tensor<128xf32, #blocked>) -> !tilegpu.buffer<128xf32, #shared>
  %y = tilegpu.local_load %b : !tilegpu.buffer<128xf32, #shared> -> tensor<128xf32, #blocked>
  tile.return
}
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @mbarrier(%p: i1) {
  %bar = tilegpu.local_alloc : () -> !tilegpu.buffer<1xi64, #shared, mutable>
  // expected-error @below {{'tilenv.init_barrier' op is not of the GPU level but NVIDIA-specific (tilenv ops come from tile-accelerate-matmul and the passes after it)}}
  tilenv.init_barrier %bar, 1 : !tilegpu.buffer<1xi64, #shared, mutable>
  tile.return
}
}

// -----

module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @unlaid(%x: tensor<128xf32>) {
  // expected-error @below {{'arith.addf' op is not of the GPU level: a tensor it uses has no layout}}
  %y = arith.addf %x, %x : tensor<128xf32>
  tile.return
}
}

// -----

// TMA's limits are the GPU level's, not tile IR's: tile accepts these
// descriptors (see the tile-level RUN line in check-level.mlir), and a
// kernel that makes them in its body has them rewritten to pointers.
// expected-error @below {{'tile.func' op is not of the GPU level: tile copies the blocks of !tile.tensordesc<512x64xf16> with TMA into swizzled shared memory: its block dimensions must be 1 to 256 (a TMA box)}}
tile.func private @desc_box(!tile.tensordesc<512x64xf16>)

// -----

// expected-error @below {{'tile.func' op is not of the GPU level: tile copies the blocks of !tile.tensordesc<64x12xf16> with TMA into swizzled shared memory: its block rows must be a multiple of 32 bytes (a swizzle), got 24}}
tile.func private @desc_row(!tile.tensordesc<64x12xf16>)

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @desc_rows(%d: !tile.tensordesc<4x64xf16>, %i: i32) {
  // expected-error @below {{'tile.descriptor_load' op is not of the GPU level: tile copies the blocks of !tile.tensordesc<4x64xf16> with TMA into swizzled shared memory: its blocks must have a multiple of 8 rows (whole swizzle repetitions), got 4}}
  %v = tile.descriptor_load %d[%i, %i] : !tile.tensordesc<4x64xf16> -> tensor<4x64xf16, #blocked>
  tile.return
}
}
