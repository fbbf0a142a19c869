//===- ExchangeOps.cpp - ops that move data between threads ---------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Reductions (within a thread, across the lanes of a warp with butterfly
// shuffles, across warps through shared-memory scratch) and the ops that
// redistribute a tensor (convert_layout, reshape, cat, and trans / join /
// split without their register-only layouts), which write every element to
// scratch at its row-major position and read the result's elements back.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "ScratchLayout.h"
#include "SharedOffsets.h"

#include "tile/Analysis/Allocation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

#include <map>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

//===----------------------------------------------------------------------===//
// Redistribution through shared memory
//===----------------------------------------------------------------------===//

/// Stores each run of `width` of a thread's `values` (consecutive along the
/// last dimension, see getScratchVectorWidth) at byte offset `offsetOf(e)`
/// of scratch `base`, e the run's first element; only the runs `include`
/// accepts, if given.
void storeElements(OpBuilder &b, Location loc, ValueRange values, Value base,
                   function_ref<Value(unsigned)> offsetOf, unsigned width,
                   function_ref<bool(unsigned)> include) {
  for (unsigned e = 0; e < values.size(); e += width)
    if (!include || include(e))
      storeShared(b, loc, values.slice(e, width),
                  addBytes(b, loc, base, offsetOf(e)));
}

/// A thread's `count` elements loaded from byte offsets `offsetOf(e)` of
/// `base`, `width` at a time; with `include`, only the runs it accepts,
/// the others left null.
SmallVector<Value> loadElements(OpBuilder &b, Location loc, Type element,
                                unsigned count, Value base,
                                function_ref<Value(unsigned)> offsetOf,
                                unsigned width,
                                function_ref<bool(unsigned)> include) {
  SmallVector<Value> values;
  for (unsigned e = 0; e < count; e += width) {
    if (include && !include(e)) {
      values.append(width, Value());
      continue;
    }
    llvm::append_range(values, loadShared(b, loc, element, width,
                                          addBytes(b, loc, base, offsetOf(e))));
  }
  return values;
}

/// The byte offset of element `e` of a tensor of `type` at the element
/// index `position(coords)`.
Value offsetAtPosition(OpBuilder &b, Location loc, const ThreadIds &ids,
                       RankedTensorType type, const Distribution &dist,
                       function_ref<Value(ArrayRef<Value>)> position,
                       unsigned e) {
  Value index = position(dist.emitCoordinates(b, loc, ids, e));
  return arith::MulIOp::create(b, loc, index,
                               createI32(b, loc, getElementBytes(type)));
}

/// The elements of `type` read from `position(coords)` of `base`.
SmallVector<Value> readElements(OpBuilder &b, Location loc,
                                const ThreadIds &ids, RankedTensorType type,
                                Type element, Value base,
                                function_ref<Value(ArrayRef<Value>)> position) {
  Distribution dist = getDistribution(type);
  return loadElements(
      b, loc, element, dist.getNumElements(), base,
      [&](unsigned e) {
        return offsetAtPosition(b, loc, ids, type, dist, position, e);
      },
      /*width=*/1, /*include=*/nullptr);
}

/// Byte offsets of a thread's elements of a tensor of `type` in scratch
/// laid out as `layout` (the slice's coordinates moved by `shift`). Only
/// a swizzled layout is linear over the bits of the coordinates.
SharedOffsets getScratchOffsets(OpBuilder &b, Location loc,
                                const LoweringState &state,
                                const ThreadIds &ids, const Distribution &dist,
                                RankedTensorType type,
                                const ScratchLayout &layout,
                                ArrayRef<int64_t> shift,
                                function_ref<bool(unsigned)> include) {
  int64_t bytes = getElementBytes(type);
  return SharedOffsets(
      b, loc, ids, dist, shift,
      [&layout, bytes](ArrayRef<int64_t> coords) {
        return layout.place(coords) * bytes;
      },
      [&b, loc, &layout, bytes](ArrayRef<Value> coords) -> Value {
        return arith::MulIOp::create(b, loc, layout.emitPlace(b, loc, coords),
                                     createI32(b, loc, bytes));
      },
      state.numWarps, state.threadsPerWarp, layout.isSwizzled(), include);
}

} // namespace

/// Writes the elements of `values` (a tensor of `type`) at the positions
/// `position(coords)` of scratch `base`, one per store.
void mlir::tile::writeElements(OpBuilder &b, Location loc, const ThreadIds &ids,
                               RankedTensorType type, ValueRange values,
                               Value base,
                               function_ref<Value(ArrayRef<Value>)> position) {
  Distribution dist = getDistribution(type);
  storeElements(
      b, loc, values, base,
      [&](unsigned e) {
        return offsetAtPosition(b, loc, ids, type, dist, position, e);
      },
      /*width=*/1, /*include=*/nullptr);
}

void mlir::tile::convertThroughScratch(
    OpBuilder &b, Location loc, const LoweringState &state,
    const ThreadIds &ids, RankedTensorType srcType, RankedTensorType dstType,
    Type element, ValueRange values, Value base,
    function_ref<void(ArrayRef<Value>, function_ref<bool(unsigned)>)> onRound) {
  ConvertRounds rounds = getConvertRounds(srcType, dstType);
  ArrayRef<int64_t> slice = rounds.shape;
  int64_t chunk = slice[rounds.dim];
  Distribution srcDist = getDistribution(srcType);
  Distribution dstDist = getDistribution(dstType);
  ScratchLayout padded = getPaddedScratchLayout(srcType, dstType, slice);
  // Whether stmatrix wrote (round 0 decides for all), and the layout the
  // reads then follow.
  std::optional<bool> stmatrix;
  ScratchLayout layout = padded;
  for (int64_t k = 0; k < rounds.count; ++k) {
    // The previous round's reads are done before its scratch is written
    // again.
    if (k)
      gpu::BarrierOp::create(b, loc);
    // Element e of a layout is in round k where its repetition of the
    // layout's block starts: the same on every thread.
    auto inRound = [&](const Distribution &dist) {
      return [&rounds, &dist = dist, chunk, k](unsigned e) {
        return rounds.count == 1 ||
               dist.getRepetitionStart(e, rounds.dim) / chunk == k;
      };
    };
    auto srcInRound = inRound(srcDist), dstInRound = inRound(dstDist);
    SmallVector<int64_t> origin(srcType.getRank(), 0);
    origin[rounds.dim] = k * chunk;
    SmallVector<int64_t> shift(origin.size(), 0);
    shift[rounds.dim] = -origin[rounds.dim];
    if (!stmatrix.value_or(true) || state.sm < 90 ||
        failed(writeWithStmatrix(
            b, loc, ids, srcType, values,
            StmatrixTarget{base, padded.rowStride, {}, origin, srcInRound}))) {
      if (!stmatrix) {
        stmatrix = false;
        layout =
            chooseScratchLayout(srcType, dstType, rounds, state.threadsPerWarp);
      }
      SharedOffsets offsets = getScratchOffsets(
          b, loc, state, ids, srcDist, srcType, layout, shift, srcInRound);
      storeElements(
          b, loc, values, base, [&](unsigned e) { return offsets.get(e); },
          layout.srcWidth, srcInRound);
    } else {
      stmatrix = true;
    }
    gpu::BarrierOp::create(b, loc);
    SharedOffsets offsets = getScratchOffsets(
        b, loc, state, ids, dstDist, dstType, layout, shift, dstInRound);
    onRound(loadElements(
                b, loc, element, dstDist.getNumElements(), base,
                [&](unsigned e) { return offsets.get(e); }, layout.dstWidth,
                dstInRound),
            dstInRound);
  }
}

namespace {

/// convert_layout, reshape, cat, trans, join, split when elements change
/// threads.
struct RedistributeLowering : public ConversionPattern {
  RedistributeLowering(const TypeConverter &converter, MLIRContext *context,
                       const LoweringState &state)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/2,
                          context),
        state(state) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<ConvertLayoutOp, ReshapeOp, CatOp, TransOp, JoinOp, SplitOp>(op) ||
        !movesDataBetweenThreads(op))
      return failure();
    Location loc = op->getLoc();
    FailureOr<Value> base = getScratchPointer(rewriter, op);
    if (failed(base))
      return rewriter.notifyMatchFailure(op, "no scratch offset");
    ThreadIds ids = emitThreadIds(rewriter, loc, state.threadsPerWarp);
    auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
    ArrayRef<int64_t> srcShape = srcType.getShape();
    auto row = [&](ArrayRef<int64_t> shape) {
      return [&, shape](ArrayRef<Value> coords) {
        return linearize(rewriter, loc, coords, shape);
      };
    };

    // Every operand goes to scratch; an element's position is its row-major
    // index in the shape both sides agree on.
    if (auto trans = dyn_cast<TransOp>(op)) {
      writeElements(rewriter, loc, ids, srcType, operands[0], *base,
                    row(srcShape));
      gpu::BarrierOp::create(rewriter, loc);
      auto dstType = trans.getType();
      ArrayRef<int32_t> order = trans.getOrder();
      Type element = getTypeConverter()->convertType(dstType.getElementType());
      rewriter.replaceOpWithMultiple(
          op, {readElements(rewriter, loc, ids, dstType, element, *base,
                            [&](ArrayRef<Value> coords) {
                              SmallVector<Value> src(coords.size());
                              for (auto [i, d] : llvm::enumerate(order))
                                src[d] = coords[i];
                              return linearize(rewriter, loc, src, srcShape);
                            })});
      return success();
    }
    if (isa<JoinOp>(op)) {
      // Pairs interleave: element (..., j) of the result is operand j's.
      for (unsigned j = 0; j < 2; ++j)
        writeElements(rewriter, loc, ids, srcType, operands[j], *base,
                      [&](ArrayRef<Value> coords) {
                        Value i = linearize(rewriter, loc, coords, srcShape);
                        return arith::AddIOp::create(
                            rewriter, loc,
                            arith::MulIOp::create(rewriter, loc, i,
                                                  createI32(rewriter, loc, 2)),
                            createI32(rewriter, loc, j));
                      });
    } else if (isa<CatOp>(op)) {
      // Row-major along dimension 0: the rhs follows the lhs.
      int64_t count = srcType.getNumElements();
      for (unsigned j = 0; j < 2; ++j)
        writeElements(rewriter, loc, ids, srcType, operands[j], *base,
                      [&](ArrayRef<Value> coords) {
                        Value i = linearize(rewriter, loc, coords, srcShape);
                        return arith::AddIOp::create(
                            rewriter, loc, i,
                            createI32(rewriter, loc, j * count));
                      });
    } else if (auto convert = dyn_cast<ConvertLayoutOp>(op)) {
      // Each round reads every element of the result's layout (those of
      // other rounds null), which sizes the result.
      SmallVector<Value> results;
      convertThroughScratch(
          rewriter, loc, state, ids, srcType, convert.getType(),
          getTypeConverter()->convertType(srcType.getElementType()),
          operands[0], *base,
          [&](ArrayRef<Value> read, function_ref<bool(unsigned)> inRound) {
            results.resize(read.size());
            for (auto [e, value] : llvm::enumerate(read))
              if (inRound(e))
                results[e] = value;
          });
      rewriter.replaceOpWithMultiple(op, {results});
      return success();
    } else {
      writeElements(rewriter, loc, ids, srcType, operands[0], *base,
                    row(srcShape));
    }
    gpu::BarrierOp::create(rewriter, loc);
    SmallVector<SmallVector<Value>> results;
    for (OpResult result : op->getResults()) {
      auto dstType = cast<RankedTensorType>(result.getType());
      Type element = getTypeConverter()->convertType(dstType.getElementType());
      unsigned which = result.getResultNumber();
      if (isa<SplitOp>(op)) {
        results.push_back(readElements(
            rewriter, loc, ids, dstType, element, *base,
            [&](ArrayRef<Value> coords) {
              Value i = linearize(rewriter, loc, coords, dstType.getShape());
              return arith::AddIOp::create(
                  rewriter, loc,
                  arith::MulIOp::create(rewriter, loc, i,
                                        createI32(rewriter, loc, 2)),
                  createI32(rewriter, loc, which));
            }));
        continue;
      }
      results.push_back(readElements(rewriter, loc, ids, dstType, element,
                                     *base, row(dstType.getShape())));
    }
    SmallVector<ValueRange> ranges(results.begin(), results.end());
    rewriter.replaceOpWithMultiple(op, ranges);
    return success();
  }

  const LoweringState &state;
};

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// Applies a combining region to (lhs..., rhs...).
SmallVector<Value> combine(OpBuilder &b, Region &region, ValueRange lhs,
                           ValueRange rhs) {
  Block &body = region.front();
  IRMapping mapping;
  unsigned n = lhs.size();
  for (unsigned i = 0; i < n; ++i) {
    mapping.map(body.getArgument(i), lhs[i]);
    mapping.map(body.getArgument(n + i), rhs[i]);
  }
  for (Operation &inner : body.without_terminator())
    b.clone(inner, mapping);
  return llvm::map_to_vector(body.getTerminator()->getOperands(), [&](Value v) {
    return mapping.lookupOrDefault(v);
  });
}

SmallVector<Value> combine(OpBuilder &b, ReduceOp op, ValueRange lhs,
                           ValueRange rhs) {
  return combine(b, op.getCombineOp(), lhs, rhs);
}

/// A shuffle of any 1 to 64-bit scalar (gpu.shuffle moves 32 bits); `offset`
/// is a constant or an i32 value (the source lane for idx mode).
Value shuffle(OpBuilder &b, Location loc, Value value, Value offset,
              unsigned width, gpu::ShuffleMode mode) {
  Type type = value.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  Type i32 = b.getI32Type();
  auto shuffle32 = [&](Value v) -> Value {
    return gpu::ShuffleOp::create(b, loc, v, offset, createI32(b, loc, width),
                                  mode)
        .getShuffleResult();
  };
  if (bits == 64) {
    Type i64 = b.getI64Type();
    Value asInt = isa<FloatType>(type)
                      ? arith::BitcastOp::create(b, loc, i64, value).getResult()
                      : value;
    Value lo = arith::TruncIOp::create(b, loc, i32, asInt);
    Value hi = arith::TruncIOp::create(
        b, loc, i32,
        arith::ShRUIOp::create(b, loc, asInt,
                               arith::ConstantIntOp::create(b, loc, 32, 64)));
    lo = arith::ExtUIOp::create(b, loc, i64, shuffle32(lo));
    hi = arith::ExtUIOp::create(b, loc, i64, shuffle32(hi));
    Value joined = arith::OrIOp::create(
        b, loc, lo,
        arith::ShLIOp::create(b, loc, hi,
                              arith::ConstantIntOp::create(b, loc, 32, 64)));
    return isa<FloatType>(type)
               ? arith::BitcastOp::create(b, loc, type, joined).getResult()
               : joined;
  }
  Value asInt = value;
  Type intType = b.getIntegerType(bits);
  if (isa<FloatType>(type))
    asInt = arith::BitcastOp::create(b, loc, intType, value);
  if (bits < 32)
    asInt = arith::ExtUIOp::create(b, loc, i32, asInt);
  Value result = shuffle32(asInt);
  if (bits < 32)
    result = arith::TruncIOp::create(b, loc, intType, result);
  if (isa<FloatType>(type))
    result = arith::BitcastOp::create(b, loc, type, result);
  return result;
}

/// Cross-warp partials of a reduction or scan in its scratch: per operand,
/// a [row][warp] array of its element type, operand i's after operand i-1's.
struct WarpPartials {
  WarpPartials(Value base, ValueRange srcs, int64_t rows, unsigned warps)
      : base(base), warps(warps) {
    int64_t offset = 0;
    for (Value src : srcs) {
      offsets.push_back(offset);
      bytes.push_back(getElementBytes(src.getType()));
      offset += rows * warps * bytes.back();
    }
  }

  /// The address of operand `i`'s partial for `row` and warp `w` (i32).
  Value slot(OpBuilder &b, Location loc, unsigned i, Value row, Value w) const {
    Value index = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, row, createI32(b, loc, warps)),
        w);
    Value byteOffset = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, index, createI32(b, loc, bytes[i])),
        createI32(b, loc, offsets[i]));
    return addBytes(b, loc, base, byteOffset);
  }

  Value base;
  unsigned warps;
  SmallVector<int64_t> offsets, bytes;
};

struct ReduceLowering : public TilePattern<ReduceOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    unsigned n = op.getSrcs().size();
    auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
    Distribution src = getDistribution(srcType);

    // Each element is combined once: copies along the axis (a layout
    // larger than the tensor there) are left out at every level.
    // 1. Within the thread: fold the elements that differ only along the
    //    axis, keyed by the rest of their index tuple, in element order.
    SmallVector<SmallVector<int64_t>> keys;
    SmallVector<SmallVector<Value>> accs;
    for (unsigned e = 0; e < src.getNumElements(); ++e) {
      if (src.isRegisterCopy(e, axis))
        continue;
      SmallVector<int64_t> key(src.getTuple(e));
      key.erase(key.begin() + axis);
      SmallVector<Value> vals;
      for (unsigned i = 0; i < n; ++i)
        vals.push_back(adaptor.getSrcs()[i][e]);
      auto it = llvm::find(keys, key);
      if (it == keys.end()) {
        keys.push_back(key);
        accs.push_back(vals);
        continue;
      }
      SmallVector<Value> &acc = accs[it - keys.begin()];
      acc = combine(rewriter, op, acc, vals);
    }

    // A butterfly over groups of `count` lanes `stride` apart, a step for
    // all of `partials` at a time: after it, every lane of a group holds the
    // group's combination.
    auto butterfly = [&](MutableArrayRef<SmallVector<Value>> partials,
                         unsigned count, unsigned stride) {
      for (unsigned lanes = count / 2; lanes >= 1; lanes /= 2)
        for (SmallVector<Value> &acc : partials) {
          SmallVector<Value> other;
          for (Value v : acc)
            other.push_back(shuffle(
                rewriter, loc, v, createI32(rewriter, loc, lanes * stride),
                state.threadsPerWarp, gpu::ShuffleMode::XOR));
          acc = combine(rewriter, op, acc, other);
        }
    };

    // 2. Across the lanes along the axis that hold distinct elements: after
    //    the butterfly every lane holds the warp's result.
    butterfly(accs, src.getDistinctThreads(axis), src.getLaneStride(axis));

    // 3. Across the warps along the axis, through scratch: warp w writes its
    //    partial of row r at [r][w]; after a barrier every thread folds the
    //    row of the warps that hold distinct elements. For a single row
    //    (a 1-D reduction, a row per program) of four or more partials (up
    //    to a warp's lanes), lane l loads partial l mod warps and a
    //    butterfly over groups of `warps` lanes combines them, as Triton
    //    does: log2(warps) combines a thread, not warps - 1. (With several
    //    rows, the lanes of a group may need different rows.)
    unsigned warps = src.getDistinctWarps(axis);
    SmallVector<int64_t> resultShape(srcType.getShape());
    resultShape.erase(resultShape.begin() + axis);
    int64_t rows = srcType.getNumElements() / srcType.getDimSize(axis);
    std::optional<Distribution> dst;
    if (auto type = dyn_cast<RankedTensorType>(op.getResult()[0].getType()))
      dst = getDistribution(type);
    ThreadIds ids = emitThreadIds(rewriter, loc, state.threadsPerWarp);
    if (warps > 1) {
      FailureOr<Value> base = getScratchPointer(rewriter, op);
      if (failed(base))
        return rewriter.notifyMatchFailure(op, "no scratch offset");
      Value warp = src.emitWarpCoordinate(rewriter, loc, ids, axis);
      // The row of each key: the row-major index of its result coordinates.
      SmallVector<Value> rowOf;
      for (ArrayRef<int64_t> key : keys) {
        if (!dst) {
          rowOf.push_back(createI32(rewriter, loc, 0));
          continue;
        }
        int64_t e = dst->findElement(key);
        if (e < 0)
          return rewriter.notifyMatchFailure(op, "result element missing");
        rowOf.push_back(linearize(rewriter, loc,
                                  dst->emitCoordinates(rewriter, loc, ids, e),
                                  resultShape));
      }
      WarpPartials partials(*base, op.getSrcs(), rows, src.getWarps(axis));
      auto slot = [&](unsigned i, Value row, Value w) {
        return partials.slot(rewriter, loc, i, row, w);
      };
      for (auto [k, acc] : llvm::enumerate(accs))
        for (unsigned i = 0; i < n; ++i)
          storeShared(rewriter, loc, acc[i], slot(i, rowOf[k], warp));
      gpu::BarrierOp::create(rewriter, loc);
      bool overLanes = rows == 1 && warps >= 4 && warps <= state.threadsPerWarp;
      Value laneWarp =
          overLanes ? arith::RemUIOp::create(rewriter, loc, ids.lane,
                                             createI32(rewriter, loc, warps))
                          .getResult()
                    : Value();
      for (auto [k, acc] : llvm::enumerate(accs)) {
        if (overLanes) {
          for (unsigned i = 0; i < n; ++i)
            acc[i] = loadShared(rewriter, loc, acc[i].getType(),
                                slot(i, rowOf[k], laneWarp));
          butterfly(MutableArrayRef<SmallVector<Value>>(acc), warps, 1);
          continue;
        }
        SmallVector<Value> folded;
        for (unsigned w = 0; w < warps; ++w) {
          SmallVector<Value> vals;
          for (unsigned i = 0; i < n; ++i)
            vals.push_back(
                loadShared(rewriter, loc, acc[i].getType(),
                           slot(i, rowOf[k], createI32(rewriter, loc, w))));
          folded = w == 0 ? vals : combine(rewriter, op, folded, vals);
        }
        acc = folded;
      }
    }

    // 4. The results, in the result layout's element order.
    SmallVector<SmallVector<Value>> results(n);
    if (!dst) {
      for (unsigned i = 0; i < n; ++i)
        results[i].push_back(accs[0][i]);
    } else {
      for (unsigned e = 0; e < dst->getNumElements(); ++e) {
        auto it = llvm::find(keys, SmallVector<int64_t>(dst->getTuple(e)));
        if (it == keys.end())
          return rewriter.notifyMatchFailure(op, "result element missing");
        for (unsigned i = 0; i < n; ++i)
          results[i].push_back(accs[it - keys.begin()][i]);
      }
    }
    SmallVector<ValueRange> ranges(results.begin(), results.end());
    rewriter.replaceOpWithMultiple(op, ranges);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Scans
//===----------------------------------------------------------------------===//

/// Inclusive scan along an axis. Along it, a thread's elements come in
/// repetitions of `sizePerThread` contiguous ones; repetition r of every
/// thread precedes repetition r + 1, and within a repetition warps and then
/// lanes are in order. So an element's result combines: the carry of the
/// earlier repetitions, the totals of earlier warps (shared memory), of
/// earlier lanes (shuffles), and its thread's own earlier elements. A
/// reverse scan runs the same in the opposite order.
struct ScanLowering : public TilePattern<ScanOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ScanOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    unsigned n = op.getSrcs().size();
    bool forward = !op.getReverse();
    auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
    Distribution dist = getDistribution(srcType);
    Region &region = op.getCombineOp();
    ThreadIds ids = emitThreadIds(rewriter, loc, state.threadsPerWarp);
    unsigned size = dist.getSizePerThread(axis);
    // Only the lanes and warps holding distinct elements take part; a copy
    // computes as its original does, from its coordinate modulo their count.
    unsigned threads = dist.getDistinctThreads(axis);
    unsigned warps = dist.getDistinctWarps(axis);
    unsigned stride = dist.getLaneStride(axis);
    auto modulo = [&](Value c, unsigned all, unsigned distinct) -> Value {
      if (distinct == all)
        return c;
      return arith::RemUIOp::create(rewriter, loc, c,
                                    createI32(rewriter, loc, distinct));
    };
    Value laneC = modulo(dist.emitLaneCoordinate(rewriter, loc, ids, axis),
                         dist.getThreads(axis), threads);
    Value warpC = modulo(dist.emitWarpCoordinate(rewriter, loc, ids, axis),
                         dist.getWarps(axis), warps);
    auto cmp = [&](arith::CmpIPredicate p, Value x, int64_t c) {
      return arith::CmpIOp::create(rewriter, loc, p, x,
                                   createI32(rewriter, loc, c));
    };
    auto select = [&](Value c, ValueRange x, ValueRange y) {
      SmallVector<Value> r;
      for (auto [a, b] : llvm::zip(x, y))
        r.push_back(arith::SelectOp::create(rewriter, loc, c, a, b));
      return r;
    };
    auto values = [&](unsigned e) {
      SmallVector<Value> v;
      for (unsigned i = 0; i < n; ++i)
        v.push_back(adaptor.getSrcs()[i][e]);
      return v;
    };

    // Groups of elements that differ only along the axis, by axis index;
    // a thread's copies of its own elements along the axis (a block larger
    // than the tensor there) take their originals' results, by offset.
    SmallVector<SmallVector<int64_t>> keys;
    SmallVector<std::map<int64_t, unsigned>> groups, offsets;
    SmallVector<std::pair<unsigned, unsigned>> copies; // (element, group)
    int64_t axisSize = srcType.getDimSize(axis);
    for (unsigned e = 0; e < dist.getNumElements(); ++e) {
      SmallVector<int64_t> key(dist.getTuple(e));
      int64_t index = key[axis];
      key.erase(key.begin() + axis);
      auto it = llvm::find(keys, key);
      if (it == keys.end()) {
        keys.push_back(key);
        groups.emplace_back();
        offsets.emplace_back();
        it = keys.end() - 1;
      }
      unsigned k = it - keys.begin();
      if (dist.isRegisterCopy(e, axis)) {
        copies.push_back({e, k});
        continue;
      }
      groups[k][index] = e;
      offsets[k][dist.getConstantOffset(e, axis)] = e;
    }
    // Per repetition, the thread's contiguous elements that are not copies.
    unsigned chunkSize = std::min<int64_t>(size, axisSize);

    // Scratch for warp totals: [operand][repetition][row][warp]. Every
    // repetition's totals go in at once, behind a single barrier: a barrier
    // per repetition serializes the warps as many times as a thread has
    // elements along the axis (64 barriers for a 64-row cumulative sum).
    // Lanes along the rows write and read neighbouring slots, in distinct
    // banks.
    Value base;
    SmallVector<int64_t> rowShape(srcType.getShape());
    rowShape.erase(rowShape.begin() + axis);
    int64_t rows = srcType.getNumElements() / srcType.getDimSize(axis);
    int64_t maxReps = 1;
    for (const auto &group : groups)
      maxReps = std::max<int64_t>(maxReps, group.size() / chunkSize);
    if (warps > 1) {
      FailureOr<Value> scratch = getScratchPointer(rewriter, op);
      if (failed(scratch))
        return rewriter.notifyMatchFailure(op, "no scratch offset");
      base = *scratch;
    }
    WarpPartials partials(base, op.getSrcs(), rows * maxReps, warps);
    auto slot = [&](unsigned i, Value row, int64_t rep, Value w) {
      Value index = arith::AddIOp::create(rewriter, loc, row,
                                          createI32(rewriter, loc, rep * rows));
      return partials.slot(rewriter, loc, i, index, w);
    };
    gpu::ShuffleMode towardsLater =
        forward ? gpu::ShuffleMode::UP : gpu::ShuffleMode::DOWN;
    int64_t lastLane = forward ? threads - 1 : 0;
    Value hasLaneExcl =
        forward ? cmp(arith::CmpIPredicate::ugt, laneC, 0)
                : cmp(arith::CmpIPredicate::ult, laneC, threads - 1);

    // First, per group and repetition: the scan within the thread and
    // across lanes; the warp's total goes to scratch.
    struct Repetition {
      SmallVector<unsigned> chunk;
      SmallVector<SmallVector<Value>> local;
      SmallVector<Value> lanes, laneExcl;
    };
    SmallVector<SmallVector<Repetition, 0>> scans(groups.size());
    SmallVector<Value> groupRows(groups.size());
    for (auto [k, group] : llvm::enumerate(groups)) {
      int64_t reps = group.size() / chunkSize;
      if (warps > 1) {
        SmallVector<Value> coords =
            dist.emitCoordinates(rewriter, loc, ids, group.begin()->second);
        coords.erase(coords.begin() + axis);
        groupRows[k] = linearize(rewriter, loc, coords, rowShape);
      }
      for (int64_t step = 0; step < reps; ++step) {
        int64_t rep = forward ? step : reps - 1 - step;
        Repetition &r = scans[k].emplace_back();
        for (int64_t j = 0; j < chunkSize; ++j)
          r.chunk.push_back(
              group.at(rep * size + (forward ? j : chunkSize - 1 - j)));
        for (unsigned e : r.chunk)
          r.local.push_back(
              r.local.empty()
                  ? values(e)
                  : combine(rewriter, region, r.local.back(), values(e)));
        // Across lanes: an inclusive Hillis-Steele scan of thread totals.
        r.lanes = r.local.back();
        for (unsigned off = 1; off < threads; off *= 2) {
          SmallVector<Value> other;
          for (Value v : r.lanes)
            other.push_back(shuffle(rewriter, loc, v,
                                    createI32(rewriter, loc, off * stride),
                                    state.threadsPerWarp, towardsLater));
          Value valid =
              forward ? cmp(arith::CmpIPredicate::uge, laneC, off)
                      : cmp(arith::CmpIPredicate::ult, laneC, threads - off);
          r.lanes =
              select(valid, combine(rewriter, region, other, r.lanes), r.lanes);
        }
        // The lanes before, for all but the thread's last element (whose
        // result, with theirs, is the lanes' inclusive scan itself).
        if (r.chunk.size() > 1)
          for (Value v : r.lanes)
            r.laneExcl.push_back(shuffle(rewriter, loc, v,
                                         createI32(rewriter, loc, stride),
                                         state.threadsPerWarp, towardsLater));
        if (warps > 1) {
          Value isLast = cmp(arith::CmpIPredicate::eq, laneC, lastLane);
          auto ifOp = scf::IfOp::create(rewriter, loc, isLast, false);
          OpBuilder::InsertionGuard guard(rewriter);
          rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
          for (unsigned i = 0; i < n; ++i)
            storeShared(rewriter, loc, r.lanes[i],
                        slot(i, groupRows[k], step, warpC));
        }
      }
    }
    if (warps > 1)
      gpu::BarrierOp::create(rewriter, loc);

    // Then the results: each repetition's element combines the carry of
    // the repetitions before, the totals of the warps before (scratch), of
    // the lanes before, and its thread's own elements before.
    SmallVector<SmallVector<Value>> results(
        n, SmallVector<Value>(dist.getNumElements()));
    Value hasWarpExcl;
    if (warps > 1)
      hasWarpExcl = forward ? cmp(arith::CmpIPredicate::ugt, warpC, 0)
                            : cmp(arith::CmpIPredicate::ult, warpC, warps - 1);
    for (auto [k, group] : llvm::enumerate(groups)) {
      SmallVector<Value> carry;
      for (auto [step, r] : llvm::enumerate(scans[k])) {
        SmallVector<Value> repTotal, warpExcl;
        if (warps > 1) {
          SmallVector<SmallVector<Value>> totals;
          for (unsigned w = 0; w < warps; ++w) {
            SmallVector<Value> t;
            for (unsigned i = 0; i < n; ++i)
              t.push_back(loadShared(
                  rewriter, loc, r.lanes[i].getType(),
                  slot(i, groupRows[k], step, createI32(rewriter, loc, w))));
            totals.push_back(t);
          }
          // The combination of the warps before each warp, in scan order.
          SmallVector<SmallVector<Value>> before(warps);
          SmallVector<Value> running;
          for (unsigned s2 = 0; s2 < warps; ++s2) {
            unsigned w = forward ? s2 : warps - 1 - s2;
            before[w] = running;
            running = running.empty()
                          ? totals[w]
                          : combine(rewriter, region, running, totals[w]);
          }
          repTotal = running;
          for (unsigned w = 0; w < warps; ++w) {
            if (before[w].empty())
              continue;
            if (warpExcl.empty()) {
              warpExcl = before[w];
              continue;
            }
            warpExcl = select(cmp(arith::CmpIPredicate::eq, warpC, w),
                              before[w], warpExcl);
          }
        } else {
          // The last lane along the axis holds the warp's total.
          Value lane = arith::AddIOp::create(
              rewriter, loc,
              arith::SubIOp::create(
                  rewriter, loc, ids.lane,
                  arith::MulIOp::create(rewriter, loc, laneC,
                                        createI32(rewriter, loc, stride))),
              createI32(rewriter, loc, lastLane * stride));
          for (Value v : r.lanes)
            repTotal.push_back(shuffle(rewriter, loc, v, lane,
                                       state.threadsPerWarp,
                                       gpu::ShuffleMode::IDX));
        }
        for (auto [j, e] : llvm::enumerate(r.chunk)) {
          SmallVector<Value> v = r.lanes;
          if (j + 1 < r.chunk.size())
            v = select(hasLaneExcl,
                       combine(rewriter, region, r.laneExcl, r.local[j]),
                       r.local[j]);
          if (!warpExcl.empty())
            v = select(hasWarpExcl, combine(rewriter, region, warpExcl, v), v);
          if (!carry.empty())
            v = combine(rewriter, region, carry, v);
          for (unsigned i = 0; i < n; ++i)
            results[i][e] = v[i];
        }
        carry = carry.empty() ? repTotal
                              : combine(rewriter, region, carry, repTotal);
      }
    }
    for (auto [e, k] : copies) {
      unsigned original =
          offsets[k].at(dist.getConstantOffset(e, axis) % axisSize);
      for (unsigned i = 0; i < n; ++i)
        results[i][e] = results[i][original];
    }
    SmallVector<ValueRange> ranges(results.begin(), results.end());
    rewriter.replaceOpWithMultiple(op, ranges);
    return success();
  }
};

} // namespace

void mlir::tile::populateExchangePatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns,
                                          const LoweringState &state) {
  patterns.add<RedistributeLowering, ReduceLowering, ScanLowering>(
      converter, patterns.getContext(), state);
}
