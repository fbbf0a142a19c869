// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The example kernels: vectors where pointers are 16-byte aligned and
// contiguous and masks are uniform over the vector, scalars where not.
// RUN: tile-opt %tile_src_root/examples/vector_add.mlir -tile-assign-layouts -tile-coalesce | FileCheck %s --check-prefix=ADD
// RUN: tile-opt %tile_src_root/examples/softmax.mlir -tile-assign-layouts -tile-coalesce | FileCheck %s --check-prefix=SOFTMAX
// RUN: tile-opt %tile_src_root/examples/giou_loss.mlir -tile-assign-layouts -tile-coalesce | FileCheck %s --check-prefix=GIOU
// RUN: tile-opt %tile_src_root/examples/layernorm.mlir -tile-assign-layouts -tile-coalesce | FileCheck %s --check-prefix=LAYERNORM
// RUN: tile-opt %tile_src_root/examples/layernorm.mlir -tile-specialize="args=N%16" -tile-assign-layouts -tile-coalesce | FileCheck %s --check-prefix=LAYERNORM16

// vector_add: n is a multiple of 16, so 4 x f32 per thread.
// ADD: #[[V:.*]] = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// ADD-COUNT-2: tile.load %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[V]]>
// ADD: tile.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[V]]>

// softmax: n_cols may be any number, so the masked row is read element by
// element.
// SOFTMAX: #[[S:.*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// SOFTMAX: tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[S]]>
// SOFTMAX: tile.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[S]]>

// giou_loss: each box is 4 contiguous, 16-byte aligned floats masked as a
// whole: one 16-byte vector per box.
// GIOU: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// GIOU-COUNT-2: tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<256x4x!tile.ptr<f32>, #[[B]]>

// layernorm: the row length N has no alignment hint: scalar f16 accesses.
// LAYERNORM: #[[S:.*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// LAYERNORM: tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f16>, #[[S]]>
// With N a multiple of 16 (rows 16-element aligned), 8 x f16 per thread.
// LAYERNORM16: #[[V:.*]] = #tilegpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// LAYERNORM16: tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f16>, #[[V]]>
// LAYERNORM16: tile.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f16>, #[[V]]>
