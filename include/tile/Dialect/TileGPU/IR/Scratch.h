//===- Scratch.h - the shared-memory scratch of tile's ops ------*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How much shared memory the ops that exchange values between threads use,
// and how a layout conversion moves its tensor through it: the layouts
// decide both, so they live with them. The ops declare their needs through
// tilegpu::ScratchOpInterface, which this dialect attaches to tile's ops.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILEGPU_IR_SCRATCH_H
#define TILE_DIALECT_TILEGPU_IR_SCRATCH_H

#include "tile/Dialect/TileGPU/IR/TileGPUDialect.h"

namespace mlir::tilegpu {

/// Attaches ScratchOpInterface to the ops of tile and tilegpu that exchange
/// values through scratch (TileGPUDialect::initialize).
void attachScratchModels(MLIRContext *context);

} // namespace mlir::tilegpu

namespace mlir::tile {

/// Bytes one element of `type` (or of its elements) takes in shared memory:
/// whole bytes of an integer or float (i1 as one), 8 for a pointer.
int64_t getScratchElementBytes(Type type);

/// Elements after each row (the last dimension) of the row-major scratch
/// through which a tilegpu.convert_layout moves a tensor of `type`, where a row
/// is a multiple of 128 bytes (otherwise none): as many bytes as one write
/// of `type`'s layout covers of a row, when that is 16 to 64 (mma
/// accumulators: 32 for f32, 16 for f16), else 16, so that the rows one warp
/// writes at once start in different banks.
int64_t getConvertScratchPadding(RankedTensorType type, int64_t rowLength);

/// How a tilegpu.convert_layout moves its tensor through its scratch: in
/// `count` rounds, round k the slice of `shape` (the tensor's shape but
/// along `dim`) that starts at k * shape[dim] along `dim`. Each thread
/// writes its elements of the slice, the block synchronizes, each thread
/// reads its elements of it, and the block synchronizes again before the
/// next round. A conversion whose whole tensor would take more than
/// kConvertRoundBytes of scratch goes in the fewest rounds that fit that
/// (or as many as it can), where every element's round is the same on
/// every thread of both layouts (getRepetitionShape); otherwise in one.
struct ConvertRounds {
  unsigned dim = 0;
  int64_t count = 1;
  llvm::SmallVector<int64_t> shape;
};
constexpr int64_t kConvertRoundBytes = 32 * 1024;
ConvertRounds getConvertRounds(RankedTensorType src, RankedTensorType dst);

/// Bytes of the row-major, row-padded scratch (getConvertScratchPadding)
/// for a slice of `shape` of `type`'s elements.
int64_t getConvertScratchBytes(RankedTensorType type,
                               llvm::ArrayRef<int64_t> shape);

} // namespace mlir::tile

#endif // TILE_DIALECT_TILEGPU_IR_SCRATCH_H
