//===- Distribution.h - which thread holds which tensor element -*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The lowering's view of a distributed layout: each thread holds the same
// number of elements of a tensor, enumerated in a fixed order; element `e`
// has a compile-time index tuple (one index per dimension, the same on every
// thread) and run-time coordinates that depend on the thread's lane and warp.
// Ops whose operands and results share a thread mapping (element-wise ops,
// broadcast, expand_dims, permuted trans, join/split with pair layouts) map
// elements through index tuples at compile time; everything else moves data
// through shared memory by coordinates.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CONVERSION_TILETONVVM_DISTRIBUTION_H
#define TILE_LIB_CONVERSION_TILETONVVM_DISTRIBUTION_H

#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

#include "mlir/IR/Builders.h"

#include <memory>

namespace mlir::tile {

/// The lane and warp of the current thread (i32).
struct ThreadIds {
  Value lane, warp;
};

/// Emits the thread ids at `builder`'s insertion point.
ThreadIds emitThreadIds(OpBuilder &builder, Location loc,
                        unsigned threadsPerWarp);

/// The warp index as lane 0 has it (i32, a shuffle): ptxas then knows it is
/// the same on all the warp's lanes, as it does not for tid / 32, and keeps
/// what is computed from it in uniform registers and branches on it as on
/// a uniform condition (CUTLASS shuffles the warp index for the same
/// reasons). Every lane of the warp must execute it.
Value emitUniformWarp(OpBuilder &builder, Location loc, const ThreadIds &ids,
                      unsigned threadsPerWarp);

/// A blocked-like description of how a tensor of a given shape is spread:
/// per dimension, elements per thread, threads, warps, and the dimension
/// order in which lanes and warps are numbered.
class Distribution {
public:
  /// Along dimension d, element index i of a thread is at
  ///   (i / (s*r)) * (s*r*t*w) + warp * (s*r*t) + ((i / s) % r) * (s*t)
  ///     + lane * s + i % s
  /// with s = sizePerThread, r = repeats, t = threads, w = warps: a blocked
  /// layout has r = 1; mma.sync's accumulator repeats its 8 rows of lanes
  /// twice inside each warp's 16-row tile (r = 2).
  /// Warps are numbered along `order` like lanes, unless `warpStride` is
  /// set: then the warp coordinate along d is (warp / warpStride[d]) %
  /// warps[d], and the warps that differ only in (warp / replicaStride) %
  /// replicaWarps hold the same elements (mma.sync operands, shared by the
  /// warps of a row or column of the result).
  struct Base {
    SmallVector<int64_t> shape;
    SmallVector<unsigned> sizePerThread, repeats, threads, warps, order;
    SmallVector<unsigned> warpStride;
    unsigned replicaStride = 1, replicaWarps = 1;
    int64_t tileSize(unsigned d) const {
      return int64_t(sizePerThread[d]) * repeats[d] * threads[d] * warps[d];
    }
  };

  /// Fails for layouts the lowering does not handle (shared, wgmma
  /// operands).
  static FailureOr<Distribution> get(RankedTensorType type);

  unsigned getRank() const { return shape.size(); }
  /// Dot operand: the dimension of K (A's last, B's second to last).
  unsigned getKDim() const { return getRank() - (opIdx == 0 ? 1 : 2); }
  /// Elements each thread holds.
  unsigned getNumElements() const { return tuples.size(); }
  /// The index tuple of element `e`.
  ArrayRef<int64_t> getTuple(unsigned e) const { return tuples[e]; }
  /// The element with index tuple `tuple`, or -1.
  int64_t findElement(ArrayRef<int64_t> tuple) const;

  /// Coordinates (i32, one per dimension) of element `e` on this thread.
  SmallVector<Value> emitCoordinates(OpBuilder &b, Location loc,
                                     const ThreadIds &ids, unsigned e) const;
  /// The coordinates of element `e` on lane 0 of warp 0, for a blocked or
  /// mma accumulator distribution without copies (nullopt otherwise): there,
  /// every thread's coordinates are these plus its own offset, the same for
  /// all its elements.
  std::optional<SmallVector<int64_t>>
  getFirstThreadCoordinates(unsigned e) const;
  /// What thread (`lane`, `warp`) adds to getFirstThreadCoordinates, under
  /// the same conditions.
  std::optional<SmallVector<int64_t>> getThreadOffset(unsigned lane,
                                                      unsigned warp) const;
  /// Along `dim`, where the repetition of the layout's block (the base's
  /// tile, getRepetitionShape) that element `e` lies in starts: the same on
  /// every thread. Blocked and mma accumulator distributions only.
  int64_t getRepetitionStart(unsigned e, unsigned dim) const;
  /// Whether this thread is the one owner of element `e` among the threads
  /// holding copies of it (i1), or null when no element has copies.
  Value emitOwner(OpBuilder &b, Location loc, const ThreadIds &ids,
                  unsigned e) const;
  /// Whether any element has copies on several threads.
  bool hasReplication() const;

  /// Replication along one dimension. A layout's block can be larger than
  /// the tensor along `dim`; then coordinates wrap, and the registers, lanes
  /// or warps whose part of the coordinate is a multiple of the size hold
  /// copies of what others hold (sizes and layout parameters are powers of
  /// two, so a copy's coordinate differs from its original's only in bits
  /// at or above the size). What combines elements along `dim` (reductions,
  /// scans) must count each element once.
  ///
  /// The thread-independent part of element `e`'s coordinate along `dim`,
  /// before wrapping.
  int64_t getConstantOffset(unsigned e, unsigned dim) const;
  /// Whether element `e` repeats, along `dim`, an element the thread holds
  /// at a smaller offset (the one at getConstantOffset modulo the size).
  bool isRegisterCopy(unsigned e, unsigned dim) const {
    return getConstantOffset(e, dim) >= shape[dim];
  }
  /// The lanes (lane coordinates 0 to this - 1) and warps along `dim` that
  /// hold distinct elements; those at higher coordinates hold copies of
  /// the ones at their coordinate modulo this.
  unsigned getDistinctThreads(unsigned dim) const;
  unsigned getDistinctWarps(unsigned dim) const;
  /// How many times a thread's contiguous elements along `dim` repeat
  /// inside its warp's part of the block (mma.sync's rows: 2), between the
  /// lanes' and the warps' parts of the coordinate.
  unsigned getRepeats(unsigned dim) const;
  /// Whether each run of `width` consecutive elements of a thread (from
  /// element 0) lies along `dim` within the thread's contiguous elements
  /// there (consecutive coordinates), starting at a multiple of `width`:
  /// what one vector access of `width` moves.
  bool hasRuns(unsigned dim, unsigned width) const;

  /// For the dimension `dim`: the lanes and warps along it, and the stride
  /// between neighbouring lanes along it in the lane id.
  unsigned getThreads(unsigned dim) const { return threads[dim]; }
  unsigned getWarps(unsigned dim) const { return warps[dim]; }
  unsigned getLaneStride(unsigned dim) const;
  /// This thread's lane coordinate along `dim` (i32).
  Value emitLaneCoordinate(OpBuilder &b, Location loc, const ThreadIds &ids,
                           unsigned dim) const;
  /// This thread's warp coordinate along `dim` (i32).
  Value emitWarpCoordinate(OpBuilder &b, Location loc, const ThreadIds &ids,
                           unsigned dim) const;
  /// Elements per thread that are contiguous along `dim` in one block.
  unsigned getSizePerThread(unsigned dim) const { return sizePerThread[dim]; }
  /// Index of the fastest-varying dimension.
  unsigned getFastestDim() const { return order.front(); }

private:
  /// Blocked: a base distribution of the tensor's own (blocked layouts,
  /// mma.sync's accumulators and operands). Slice: a parent distribution
  /// with one dimension of size 1 dropped. DotOperand: the operand of an
  /// FMA dot, whose K dimension every thread holds whole.
  enum class Kind { Blocked, Slice, DotOperand };

  /// The parent's dimension of this slice's `dim`.
  unsigned parentDim(unsigned dim) const {
    return dim >= slicedDim ? dim + 1 : dim;
  }
  /// getDistinctThreads / getDistinctWarps of a base dimension, over its
  /// lanes or warps: those whose part (`unit` times the coordinate) is
  /// below the size.
  unsigned distinctAlongBase(unsigned d, unsigned count, int64_t unit) const;

  static void enumerate(const Base &base,
                        SmallVectorImpl<SmallVector<int64_t>> &out);
  /// The step in a lane or warp id between neighbours along base
  /// dimension `dim` (ids numbered along `order`, `counts` per dimension).
  int64_t getIdStride(ArrayRef<unsigned> counts, unsigned dim) const;
  Value emitLaneOrWarpCoordinate(OpBuilder &b, Location loc, Value id,
                                 ArrayRef<unsigned> counts, unsigned dim) const;
  Value emitWarpOf(OpBuilder &b, Location loc, const ThreadIds &ids,
                   unsigned baseDim) const;
  Value emitBaseCoordinate(OpBuilder &b, Location loc, const ThreadIds &ids,
                           unsigned baseDim, int64_t index, bool wrap) const;
  /// The part of base dimension `d`'s coordinate of index `index` that does
  /// not depend on the thread.
  int64_t getConstantCoordinate(unsigned d, int64_t index) const;

  Kind kind = Kind::Blocked;
  /// Blocked and DotOperand: the base distribution.
  Base base;
  /// Slice: the parent's distribution, the removed parent dimension, and
  /// the parent's element of each element.
  std::shared_ptr<const Distribution> parent;
  unsigned slicedDim = 0;
  SmallVector<unsigned> parentElements;
  /// Dot operand: operand index and K.
  unsigned opIdx = 0;
  int64_t kSize = 0;

  SmallVector<int64_t> shape;
  SmallVector<unsigned> sizePerThread, threads, warps, order;
  SmallVector<SmallVector<int64_t>> tuples;
  /// For dot operands: the base tuple of each element.
  SmallVector<SmallVector<int64_t>> baseTuples;
};

} // namespace mlir::tile

#endif
