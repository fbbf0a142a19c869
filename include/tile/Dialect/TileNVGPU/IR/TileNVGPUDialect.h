//===- TileNVGPUDialect.h - the tilenv dialect ------------------*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Declares the tilenv dialect: the ops of NVIDIA's Hopper generation
// (wgmma, mbarriers, TMA, clusters, warp specialization).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILENVGPU_IR_TILENVGPUDIALECT_H
#define TILE_DIALECT_TILENVGPU_IR_TILENVGPUDIALECT_H

#include "tile/Dialect/TileGPU/IR/TileGPUDialect.h"

#include "tile/Dialect/TileNVGPU/IR/TileNVGPUOpsDialect.h.inc"

namespace mlir::tilenvgpu {

/// The state of mbarriers (phase, pending arrivals and transaction bytes):
/// arrivals, expectations and copies' completions update it atomically, and
/// the mbarrier orders them itself, so no CTA barrier is needed between
/// them; initializing and invalidating an mbarrier write its shared memory.
struct MBarrierState : public SideEffects::Resource::Base<MBarrierState> {
  llvm::StringRef getName() final { return "<tilenvgpu::MBarrierState>"; }
};

using tile::TensorDescType;
using tilegpu::BufferType;

/// A tensor map (CUtensorMap): 128 bytes, 64-byte aligned as a parameter;
/// 128-byte aligned where a kernel writes one (tilenv.make_tensor_map).
constexpr int64_t kTensorMapBytes = 128;

/// A lowered kernel's tensor-descriptor parameter: its index and type, and
/// the box and swizzle of its tensor map (the type's, unless the lowering
/// recorded others: a warpgroup_tma_store's chunks).
struct TensorMapArg {
  int64_t index;
  TensorDescType type;
  SmallVector<int64_t, 2> box;
  unsigned swizzle;
};
/// The tensor-descriptor parameters of a lowered kernel
/// (`tilenv.tensormap_args`, which convert-tile-to-nvvm records). Entries with
/// index -1 and a null type where the attribute is malformed; none without
/// it.
SmallVector<TensorMapArg> getTensorMapArgs(Operation *kernel);

/// The box (elements, outer first) of `desc`'s tensor map: a block's rows,
/// and the columns of one swizzle width (getNVMMASwizzle).
SmallVector<int64_t, 2> getTMABox(TensorDescType desc);

/// The buffer of one mbarrier (`stages` 0), or of a ring of `stages`.
BufferType getMBarrierType(MLIRContext *context, int64_t stages = 0);

} // namespace mlir::tilenvgpu

#define GET_OP_CLASSES
#include "tile/Dialect/TileNVGPU/IR/TileNVGPUOps.h.inc"

#endif // TILE_DIALECT_TILENVGPU_IR_TILENVGPUDIALECT_H
