//===- ExchangeOps.cpp - ops that move data between threads ---------------===//
//
// Reductions (within a thread, across the lanes of a warp with butterfly
// shuffles, across warps through shared-memory scratch) and the ops that
// redistribute a tensor (convert_layout, reshape, cat, and trans / join /
// split without their register-only layouts), which write every element to
// scratch at its row-major position and read the result's elements back.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::tile;

namespace {

//===----------------------------------------------------------------------===//
// Redistribution through shared memory
//===----------------------------------------------------------------------===//

/// Writes the elements of `values` (a tensor of `type`) at the row-major
/// positions `position(coords)` of scratch `base`.
void writeElements(OpBuilder &b, Location loc, const ThreadIds &ids,
                   RankedTensorType type, ValueRange values, Value base,
                   function_ref<Value(ArrayRef<Value>)> position) {
  Distribution dist = getDistribution(type);
  int64_t bytes = getElementBytes(type);
  for (unsigned e = 0; e < dist.getNumElements(); ++e) {
    Value index = position(dist.emitCoordinates(b, loc, ids, e));
    Value offset = arith::MulIOp::create(b, loc, index, createI32(b, loc, bytes));
    storeShared(b, loc, values[e], addBytes(b, loc, base, offset));
  }
}

SmallVector<Value> readElements(OpBuilder &b, Location loc,
                                const ThreadIds &ids, RankedTensorType type,
                                Type element, Value base,
                                function_ref<Value(ArrayRef<Value>)> position) {
  Distribution dist = getDistribution(type);
  int64_t bytes = getElementBytes(type);
  SmallVector<Value> values;
  for (unsigned e = 0; e < dist.getNumElements(); ++e) {
    Value index = position(dist.emitCoordinates(b, loc, ids, e));
    Value offset = arith::MulIOp::create(b, loc, index, createI32(b, loc, bytes));
    values.push_back(loadShared(b, loc, element, addBytes(b, loc, base, offset)));
  }
  return values;
}

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
      writeElements(rewriter, loc, ids, srcType, operands[0], *base, row(srcShape));
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
                            rewriter, loc, i, createI32(rewriter, loc, j * count));
                      });
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

/// Applies the combining region to (lhs..., rhs...).
SmallVector<Value> combine(OpBuilder &b, ReduceOp op, ValueRange lhs,
                           ValueRange rhs) {
  Block &body = op.getCombineOp().front();
  IRMapping mapping;
  unsigned n = lhs.size();
  for (unsigned i = 0; i < n; ++i) {
    mapping.map(body.getArgument(i), lhs[i]);
    mapping.map(body.getArgument(n + i), rhs[i]);
  }
  for (Operation &inner : body.without_terminator())
    b.clone(inner, mapping);
  return llvm::map_to_vector(body.getTerminator()->getOperands(),
                             [&](Value v) { return mapping.lookupOrDefault(v); });
}

/// A butterfly shuffle of any 1 to 64-bit scalar (gpu.shuffle moves 32 bits).
Value shuffleXor(OpBuilder &b, Location loc, Value value, unsigned offset,
                 unsigned width) {
  Type type = value.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  Type i32 = b.getI32Type();
  auto shuffle32 = [&](Value v) -> Value {
    return gpu::ShuffleOp::create(b, loc, v, createI32(b, loc, offset),
                                  createI32(b, loc, width),
                                  gpu::ShuffleMode::XOR)
        .getShuffleResult();
  };
  if (bits == 64) {
    Type i64 = b.getI64Type();
    Value asInt = isa<FloatType>(type) ? arith::BitcastOp::create(b, loc, i64, value).getResult()
                                       : value;
    Value lo = arith::TruncIOp::create(b, loc, i32, asInt);
    Value hi = arith::TruncIOp::create(
        b, loc, i32, arith::ShRUIOp::create(b, loc, asInt,
                                            arith::ConstantIntOp::create(b, loc, 32, 64)));
    lo = arith::ExtUIOp::create(b, loc, i64, shuffle32(lo));
    hi = arith::ExtUIOp::create(b, loc, i64, shuffle32(hi));
    Value joined = arith::OrIOp::create(
        b, loc, lo,
        arith::ShLIOp::create(b, loc, hi, arith::ConstantIntOp::create(b, loc, 32, 64)));
    return isa<FloatType>(type) ? arith::BitcastOp::create(b, loc, type, joined).getResult()
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

    // 1. Within the thread: fold the elements that differ only along the
    //    axis, keyed by the rest of their index tuple, in element order.
    SmallVector<SmallVector<int64_t>> keys;
    SmallVector<SmallVector<Value>> accs;
    for (unsigned e = 0; e < src.getNumElements(); ++e) {
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

    // 2. Across the lanes along the axis: after the butterfly every lane
    //    holds the warp's result.
    unsigned stride = src.getLaneStride(axis);
    for (unsigned lanes = src.getThreads(axis) / 2; lanes >= 1; lanes /= 2)
      for (SmallVector<Value> &acc : accs) {
        SmallVector<Value> other;
        for (Value v : acc)
          other.push_back(shuffleXor(rewriter, loc, v, lanes * stride,
                                     state.threadsPerWarp));
        acc = combine(rewriter, op, acc, other);
      }

    // 3. Across the warps along the axis, through scratch: warp w writes its
    //    partial of row r at [r][w]; after a barrier every thread folds the
    //    row in warp order.
    unsigned warps = src.getWarps(axis);
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
      // Operand i's partials follow operand i-1's.
      SmallVector<int64_t> regionOffset;
      int64_t offset = 0;
      for (Value srcValue : op.getSrcs()) {
        regionOffset.push_back(offset);
        offset += rows * warps * getElementBytes(srcValue.getType());
      }
      auto slot = [&](unsigned i, Value row, Value w) {
        int64_t bytes = getElementBytes(op.getSrcs()[i].getType());
        Value index = arith::AddIOp::create(
            rewriter, loc,
            arith::MulIOp::create(rewriter, loc, row, createI32(rewriter, loc, warps)),
            w);
        Value byteOffset = arith::AddIOp::create(
            rewriter, loc,
            arith::MulIOp::create(rewriter, loc, index, createI32(rewriter, loc, bytes)),
            createI32(rewriter, loc, regionOffset[i]));
        return addBytes(rewriter, loc, *base, byteOffset);
      };
      for (auto [k, acc] : llvm::enumerate(accs))
        for (unsigned i = 0; i < n; ++i)
          storeShared(rewriter, loc, acc[i], slot(i, rowOf[k], warp));
      gpu::BarrierOp::create(rewriter, loc);
      for (auto [k, acc] : llvm::enumerate(accs)) {
        SmallVector<Value> folded;
        for (unsigned w = 0; w < warps; ++w) {
          SmallVector<Value> vals;
          for (unsigned i = 0; i < n; ++i)
            vals.push_back(loadShared(rewriter, loc, acc[i].getType(),
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

} // namespace

void mlir::tile::populateExchangePatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns,
                                          const LoweringState &state) {
  patterns.add<RedistributeLowering, ReduceLowering>(
      converter, patterns.getContext(), state);
}
