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
