//===- Scratch.cpp - the shared-memory scratch of tile's ops --------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/TileGPU/IR/Scratch.h"

#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

int64_t mlir::tile::getScratchElementBytes(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (!element.isIntOrFloat())
    return 8; // a pointer
  return std::max<int64_t>(
      1, llvm::divideCeil(element.getIntOrFloatBitWidth(), 8));
}

/// Warps the layout of `type` spreads along `axis` (1 without a layout).
static int64_t getWarpsAlong(Type type, unsigned axis) {
  DistributedLayoutAttr layout = getDistributedLayout(type);
  if (!layout)
    return 1;
  return layout.getWarpsPerCTA()[axis];
}

/// How many times `type`'s layout repeats along `axis` (at least 1): the
/// tensor's size there over the layout's block, taken as the threads and
/// warps along it where the layout does not say how many consecutive
/// elements a thread holds (an upper bound then).
static int64_t getRepetitionsAlong(RankedTensorType type, unsigned axis) {
  DistributedLayoutAttr layout = getDistributedLayout(type);
  if (!layout)
    return 1;
  int64_t block =
      int64_t(layout.getThreadsPerWarp()[axis]) * layout.getWarpsPerCTA()[axis];
  if (auto blocked = dyn_cast<BlockedLayoutAttr>(layout))
    block *= blocked.getSizePerThread()[axis];
  return std::max<int64_t>(1, type.getDimSize(axis) / block);
}

/// Bytes of a row that one shared-memory write of `type`'s layout covers:
/// the lanes of a warp along the row times what each writes at once, where
/// a thread's consecutive elements fit one write (16 bytes); 0 where they
/// do not (its writes then leave gaps between the lanes') or the layout
/// does not say.
static int64_t getRowBytesPerWrite(RankedTensorType type, int64_t bytes) {
  unsigned last = type.getRank() - 1;
  int64_t perThread;
  if (auto blocked = dyn_cast_or_null<BlockedLayoutAttr>(type.getEncoding()))
    perThread = blocked.getSizePerThread()[last];
  else if (isa_and_nonnull<MmaLayoutAttr>(type.getEncoding()))
    perThread = 2; // an accumulator's column pairs
  else
    return 0;
  auto layout = cast<DistributedLayoutAttr>(type.getEncoding());
  if (layout.getOrder().front() != last || perThread * bytes > 16)
    return 0;
  return layout.getThreadsPerWarp()[last] * perThread * bytes;
}

int64_t mlir::tile::getConvertScratchPadding(RankedTensorType type,
                                             int64_t rowLength) {
  int64_t bytes = getScratchElementBytes(type);
  if (type.getRank() < 2 || (rowLength * bytes) % 128)
    return 0;
  // A wavefront serves 128 bytes; a write covering fewer of a row covers
  // as many rows, which then start as far apart in the banks as it is
  // wide: mma accumulators' f32 pairs, 4 lanes a row, write 4 rows of 32
  // bytes at once (16-byte padding left two of them on the same banks).
  int64_t written = getRowBytesPerWrite(type, bytes);
  int64_t padding = written >= 16 && written < 128 ? written : 16;
  return std::max<int64_t>(1, padding / bytes);
}

int64_t mlir::tile::getConvertScratchBytes(RankedTensorType type,
                                           ArrayRef<int64_t> shape) {
  int64_t row = shape.back();
  int64_t rows = 1;
  for (int64_t size : shape.drop_back())
    rows *= size;
  return rows * (row + getConvertScratchPadding(type, row)) *
         getScratchElementBytes(type);
}

ConvertRounds mlir::tile::getConvertRounds(RankedTensorType src,
                                           RankedTensorType dst) {
  ConvertRounds rounds;
  rounds.shape = SmallVector<int64_t>(src.getShape());
  if (getConvertScratchBytes(src, rounds.shape) <= kConvertRoundBytes)
    return rounds;
  std::optional<SmallVector<int64_t>> srcRepetition =
      getRepetitionShape(src.getEncoding());
  std::optional<SmallVector<int64_t>> dstRepetition =
      getRepetitionShape(dst.getEncoding());
  if (!srcRepetition || !dstRepetition)
    return rounds;
  // Per dimension, the smallest slice both layouts repeat whole in bounds
  // the rounds; of the round counts (powers of two) the fewest that fit
  // kConvertRoundBytes, or else the smallest scratch.
  int64_t best = getConvertScratchBytes(src, rounds.shape);
  for (unsigned d = 0; d < src.getRank(); ++d) {
    int64_t size = src.getDimSize(d);
    int64_t least = std::lcm((*srcRepetition)[d], (*dstRepetition)[d]);
    if (size % least)
      continue;
    for (int64_t count = 2; count <= size / least && size % count == 0 &&
                            (size / count) % least == 0;
         count *= 2) {
      SmallVector<int64_t> shape(src.getShape());
      shape[d] = size / count;
      int64_t bytes = getConvertScratchBytes(src, shape);
      bool better = best > kConvertRoundBytes
                        ? bytes < best
                        : bytes <= kConvertRoundBytes && count < rounds.count;
      if (better) {
        best = bytes;
        rounds.dim = d;
        rounds.count = count;
        rounds.shape = shape;
      }
      if (bytes <= kConvertRoundBytes)
        break;
    }
  }
  return rounds;
}

//===----------------------------------------------------------------------===//
// ScratchOpInterface models
//===----------------------------------------------------------------------===//

namespace {

/// A round of a conversion from `from`'s layout to `to`'s.
int64_t getConversionBytes(RankedTensorType from, RankedTensorType to) {
  return getConvertScratchBytes(from, getConvertRounds(from, to).shape);
}

/// A layout conversion, where it moves elements between threads.
struct ConvertLayoutScratch
    : ScratchOpInterface::ExternalModel<ConvertLayoutScratch, ConvertLayoutOp> {
  int64_t getScratchBytes(Operation *op) const {
    auto convert = cast<ConvertLayoutOp>(op);
    if (!movesDataBetweenThreads(op))
      return 0;
    return getConversionBytes(convert.getSrc().getType(), convert.getType());
  }
};

/// A store of a value in another layout than its pointers', which converts
/// it on the way.
struct StoreScratch : ScratchOpInterface::ExternalModel<StoreScratch, StoreOp> {
  int64_t getScratchBytes(Operation *op) const {
    auto store = cast<StoreOp>(op);
    if (!movesDataBetweenThreads(op))
      return 0;
    return getConversionBytes(
        cast<RankedTensorType>(store.getValue().getType()),
        cast<RankedTensorType>(getPointeeType(store.getPtr().getType())));
  }
};

/// An op that changes its tensors' shape (trans, join, split, reshape, cat)
/// in a way its layouts do not follow: it writes every operand whole, then
/// reads it back in the result's layout.
template <typename OpTy>
struct RelayoutScratch
    : ScratchOpInterface::ExternalModel<RelayoutScratch<OpTy>, OpTy> {
  int64_t getScratchBytes(Operation *op) const {
    if (!movesDataBetweenThreads(op))
      return 0;
    int64_t bytes = 0;
    for (Value operand : op->getOperands())
      if (auto type = dyn_cast<RankedTensorType>(operand.getType()))
        bytes += type.getNumElements() * getScratchElementBytes(type);
    return bytes;
  }
};

/// A reduction or scan across warps: the partial result of every warp along
/// the axis, for every row, meets in shared memory.
template <typename OpTy>
struct CrossWarpScratch
    : ScratchOpInterface::ExternalModel<CrossWarpScratch<OpTy>, OpTy> {
  int64_t getScratchBytes(Operation *op) const {
    auto combine = cast<OpTy>(op);
    ValueRange srcs = combine.getSrcs();
    unsigned axis = combine.getAxis();
    auto srcType = cast<RankedTensorType>(srcs[0].getType());
    int64_t warps = getWarpsAlong(srcType, axis);
    if (warps <= 1)
      return 0;
    int64_t rows = srcType.getNumElements() / srcType.getDimSize(axis);
    // A scan keeps the warps' totals of each of a thread's repetitions
    // along the axis, all at once.
    if (isa<ScanOp>(op))
      rows *= getRepetitionsAlong(srcType, axis);
    int64_t bytes = 0;
    for (Value src : srcs)
      bytes += rows * warps * getScratchElementBytes(src.getType());
    return bytes;
  }
};

/// A gather reads its source back from scratch by index.
struct GatherScratch
    : ScratchOpInterface::ExternalModel<GatherScratch, GatherOp> {
  int64_t getScratchBytes(Operation *op) const {
    RankedTensorType src = cast<GatherOp>(op).getSrc().getType();
    return src.getNumElements() * getScratchElementBytes(src);
  }
};

/// A histogram counts in an i32 per bin.
struct HistogramScratch
    : ScratchOpInterface::ExternalModel<HistogramScratch, HistogramOp> {
  int64_t getScratchBytes(Operation *op) const {
    return cast<HistogramOp>(op).getType().getNumElements() * 4;
  }
};

/// A scalar atomic runs on one thread; the old value it returns reaches the
/// other threads through shared memory.
template <typename OpTy>
struct AtomicScratch
    : ScratchOpInterface::ExternalModel<AtomicScratch<OpTy>, OpTy> {
  int64_t getScratchBytes(Operation *op) const {
    Value result = op->getResult(0);
    if (isa<RankedTensorType>(result.getType()) || result.use_empty())
      return 0;
    return getScratchElementBytes(result.getType());
  }
};

} // namespace

void mlir::tilegpu::attachScratchModels(MLIRContext *context) {
  ConvertLayoutOp::attachInterface<ConvertLayoutScratch>(*context);
  StoreOp::attachInterface<StoreScratch>(*context);
  TransOp::attachInterface<RelayoutScratch<TransOp>>(*context);
  JoinOp::attachInterface<RelayoutScratch<JoinOp>>(*context);
  SplitOp::attachInterface<RelayoutScratch<SplitOp>>(*context);
  ReshapeOp::attachInterface<RelayoutScratch<ReshapeOp>>(*context);
  CatOp::attachInterface<RelayoutScratch<CatOp>>(*context);
  ReduceOp::attachInterface<CrossWarpScratch<ReduceOp>>(*context);
  ScanOp::attachInterface<CrossWarpScratch<ScanOp>>(*context);
  GatherOp::attachInterface<GatherScratch>(*context);
  HistogramOp::attachInterface<HistogramScratch>(*context);
  AtomicRMWOp::attachInterface<AtomicScratch<AtomicRMWOp>>(*context);
  AtomicCASOp::attachInterface<AtomicScratch<AtomicCASOp>>(*context);
}
