//===- PipelineExpander.h - carrying out a loop's schedule ------*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What tile-pipeline reads from tile-schedule-loops' attributes (a
// Schedule) and the expansion that carries it out.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_DIALECT_TILEGPU_TRANSFORMS_PIPELINEEXPANDER_H
#define TILE_LIB_DIALECT_TILEGPU_TRANSFORMS_PIPELINEEXPANDER_H

#include "PipelineUtils.h"

namespace mlir::tile {

/// A warpgroup dot left in flight until the next iteration's synchronous
/// warpgroup dot `waitAfter`.
struct DeferredDot {
  tilenvgpu::WarpgroupDotOp dot, waitAfter;
};

/// What tile-schedule-loops decided for a loop: its stage count and lower
/// bound, the streams (and which are multicast), whether a producer warp
/// issues them (and the ops that move to the kernel's warps with the
/// loop), and the dot left in flight with the iteration argument its
/// products are carried in.
struct Schedule {
  int64_t stages = 0, lb = 0;
  bool specialize = false, issueLast = false;
  SmallVector<Stream> streams;
  SmallVector<bool> multicast;
  bool anyCopy = false, anyTMA = false, anyMulticast = false;
  int64_t tmaBytes = 0;
  SmallVector<Operation *> sink;
  unsigned numWarps = 0, clusterSize = 1;
  tilenvgpu::WarpgroupDotOp asyncDot;
  std::optional<DeferredDot> deferred;
  unsigned accIndex = 0;
};

/// Rewrites `loop` for `schedule` (read and checked by tile-pipeline): the
/// rings and their barriers, the prologue's copies or the producer warp,
/// each iteration's waits and the copies `stages - 1` iterations ahead,
/// the waits for asynchronous dots, and the cleanup after the loop.
void expandPipeline(scf::ForOp loop, Schedule &schedule);

} // namespace mlir::tile

#endif // TILE_LIB_DIALECT_TILEGPU_TRANSFORMS_PIPELINEEXPANDER_H
