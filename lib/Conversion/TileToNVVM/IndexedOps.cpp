//===- IndexedOps.cpp - ops that index by value ---------------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Lowering of the ops whose data moves by element values rather than by
// layout: tile.gather and tile.histogram (through their scratch in shared
// memory), tile.unsplat, and tile.elementwise_inline_asm (its elements
// grouped into packed registers).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::tile;

namespace {

/// `value` (an integer of any width) as an i32, sign-extended or truncated.
Value toI32(OpBuilder &b, Location loc, Value value) {
  unsigned width = value.getType().getIntOrFloatBitWidth();
  Type i32 = b.getI32Type();
  if (width < 32)
    return arith::ExtSIOp::create(b, loc, i32, value);
  if (width > 32)
    return arith::TruncIOp::create(b, loc, i32, value);
  return value;
}

/// The source goes to scratch row-major; each result element then reads
/// the source element its index names along the axis. The result is in
/// the indices' layout, element for element.
struct GatherLowering : public TilePattern<GatherOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(GatherOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType srcType = op.getSrc().getType();
    RankedTensorType type = op.getType();
    if (type.getEncoding() != op.getIndices().getType().getEncoding())
      return op.emitOpError() << "result layout " << type.getEncoding()
                              << " differs from the indices' "
                              << op.getIndices().getType().getEncoding();
    FailureOr<Value> base = getScratchPointer(rewriter, op);
    if (failed(base))
      return rewriter.notifyMatchFailure(op, "no scratch offset");
    ThreadIds ids = emitThreadIds(rewriter, loc, state.threadsPerWarp);
    ArrayRef<int64_t> srcShape = srcType.getShape();
    Value bytes = createI32(rewriter, loc, getElementBytes(srcType));
    auto offsetOf = [&](ArrayRef<Value> coords) -> Value {
      return arith::MulIOp::create(
          rewriter, loc, linearize(rewriter, loc, coords, srcShape), bytes);
    };
    // Copies of an element on several threads write the same value.
    writeElements(rewriter, loc, ids, srcType, adaptor.getSrc(), *base,
                  [&](ArrayRef<Value> coords) {
                    return linearize(rewriter, loc, coords, srcShape);
                  });
    gpu::BarrierOp::create(rewriter, loc);
    Distribution dist = getDistribution(type);
    Type element = getTypeConverter()->convertType(type.getElementType());
    ValueRange indices = adaptor.getIndices();
    SmallVector<Value> results;
    for (unsigned e = 0; e < dist.getNumElements(); ++e) {
      SmallVector<Value> coords = dist.emitCoordinates(rewriter, loc, ids, e);
      coords[op.getAxis()] = toI32(rewriter, loc, indices[e]);
      results.push_back(
          loadShared(rewriter, loc, element,
                     addBytes(rewriter, loc, *base, offsetOf(coords))));
    }
    rewriter.replaceOpWithMultiple(op, {results});
    return success();
  }
};

/// Counters in scratch: zeroed, a barrier, one shared-memory atomic add per
/// element (by the element's one owner, where the mask holds) to the bin
/// its low bits pick, a barrier, and each result element reads its bin.
struct HistogramLowering : public TilePattern<HistogramOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(HistogramOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<Value> base = getScratchPointer(rewriter, op);
    if (failed(base))
      return rewriter.notifyMatchFailure(op, "no scratch offset");
    ThreadIds ids = emitThreadIds(rewriter, loc, state.threadsPerWarp);
    Type i32 = rewriter.getI32Type();
    int64_t bins = op.getType().getDimSize(0);
    int64_t threads = int64_t(state.numWarps) * state.threadsPerWarp;
    Value four = createI32(rewriter, loc, 4);
    auto counter = [&](OpBuilder &b, Value bin) {
      return addBytes(b, loc, *base, arith::MulIOp::create(b, loc, bin, four));
    };

    Value thread = arith::AddIOp::create(
        rewriter, loc,
        arith::MulIOp::create(rewriter, loc, ids.warp,
                              createI32(rewriter, loc, state.threadsPerWarp)),
        ids.lane);
    for (int64_t first = 0; first < bins; first += threads) {
      Value bin = arith::AddIOp::create(rewriter, loc, thread,
                                        createI32(rewriter, loc, first));
      Value inside =
          first + threads <= bins
              ? Value()
              : arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult,
                                      bin, createI32(rewriter, loc, bins));
      predicated(rewriter, loc, inside, Type(),
                 [&](OpBuilder &b) -> Value {
                   storeShared(b, loc, createI32(b, loc, 0), counter(b, bin));
                   return {};
                 },
                 {});
    }
    gpu::BarrierOp::create(rewriter, loc);

    Distribution srcDist = getDistribution(op.getSrc().getType());
    ValueRange src = adaptor.getSrc();
    // Values outside the bins wrap, as in Triton's lowering (the bins are a
    // power of two).
    Value lowBits = createI32(rewriter, loc, bins - 1);
    for (unsigned e = 0; e < srcDist.getNumElements(); ++e) {
      Value bin = arith::AndIOp::create(rewriter, loc,
                                        toI32(rewriter, loc, src[e]), lowBits);
      Value counted = srcDist.emitOwner(rewriter, loc, ids, e);
      if (op.getMask())
        counted = andOf(rewriter, loc, counted, adaptor.getMask()[e]);
      predicated(rewriter, loc, counted, Type(),
                 [&](OpBuilder &b) -> Value {
                   LLVM::AtomicRMWOp::create(
                       b, loc, LLVM::AtomicBinOp::add, counter(b, bin),
                       createI32(b, loc, 1), LLVM::AtomicOrdering::monotonic);
                   return {};
                 },
                 {});
    }
    gpu::BarrierOp::create(rewriter, loc);

    Distribution dist = getDistribution(op.getType());
    Type element = op.getType().getElementType();
    SmallVector<Value> results;
    for (unsigned e = 0; e < dist.getNumElements(); ++e) {
      Value bin = dist.emitCoordinates(rewriter, loc, ids, e)[0];
      Value count = loadShared(rewriter, loc, i32, counter(rewriter, bin));
      if (element != i32)
        count = arith::ExtUIOp::create(rewriter, loc, element, count);
      results.push_back(count);
    }
    rewriter.replaceOpWithMultiple(op, {results});
    return success();
  }
};

/// Every thread holds the one element (copies of it, if any).
struct UnsplatLowering : public TilePattern<UnsplatOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(UnsplatOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc().front());
    return success();
  }
};

/// One llvm.inline_asm per `packed_element` elements of the thread's
/// (the last block padded with poison): each operand's elements go in as
/// registers of `getRegisters`' width, and the results come out the same
/// way.
/// (ElementwiseLowering leaves it: lowerTileScalar has no scalar form.)
struct InlineAsmLowering : public TilePattern<ElementwiseInlineAsmOp> {
  using TilePattern::TilePattern;

  LogicalResult
  matchAndRewrite(ElementwiseInlineAsmOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned pack = op.getPackedElement();
    unsigned count = 1;
    if (auto tensor = dyn_cast<RankedTensorType>(op.getType(0)))
      count = getDistribution(tensor).getNumElements();

    // A register of `per` elements of `element`: the element itself, or
    // an integer as wide as all of them.
    auto registerType = [&](Type element, unsigned per) -> Type {
      if (per == 1)
        return element;
      return rewriter.getIntegerType(per * element.getIntOrFloatBitWidth());
    };
    SmallVector<Type> outputTypes;
    SmallVector<std::pair<unsigned, unsigned>> resultRegisters;
    for (Type type : op.getResultTypes()) {
      Type element = getElementTypeOrSelf(type);
      auto [registers, per] = op.getRegisters(type);
      resultRegisters.push_back({registers, per});
      outputTypes.append(registers, registerType(element, per));
    }
    Type asmType =
        outputTypes.size() == 1
            ? outputTypes.front()
            : LLVM::LLVMStructType::getLiteral(getContext(), outputTypes);

    SmallVector<SmallVector<Value>> results(op.getNumResults());
    for (unsigned start = 0; start < count; start += pack) {
      SmallVector<Value> inputs;
      for (auto [value, elements] :
           llvm::zip(op.getArgs(), adaptor.getArgs())) {
        Type element = getElementTypeOrSelf(value.getType());
        auto [registers, per] = op.getRegisters(value.getType());
        for (unsigned r = 0; r < registers; ++r) {
          SmallVector<Value> part;
          for (unsigned k = 0; k < per; ++k) {
            unsigned e = start + r * per + k;
            part.push_back(e < count
                               ? elements[elements.size() == 1 ? 0 : e]
                               : LLVM::PoisonOp::create(rewriter, loc, element)
                                     .getResult());
          }
          inputs.push_back(per == 1
                               ? part.front()
                               : LLVM::BitcastOp::create(
                                     rewriter, loc, registerType(element, per),
                                     packVector(rewriter, loc, part)));
        }
      }
      Value call = emitInlinePtx(rewriter, loc, asmType, op.getAsmString(),
                                 op.getConstraints(), inputs,
                                 /*hasSideEffects=*/!op.getPure());
      unsigned output = 0;
      for (auto [i, type] : llvm::enumerate(op.getResultTypes())) {
        Type element = getElementTypeOrSelf(type);
        auto [registers, per] = resultRegisters[i];
        for (unsigned r = 0; r < registers; ++r, ++output) {
          Value reg =
              outputTypes.size() == 1
                  ? call
                  : LLVM::ExtractValueOp::create(rewriter, loc, call, output)
                        .getResult();
          SmallVector<Value> part = {reg};
          if (per > 1)
            part = unpackVector(
                rewriter, loc,
                LLVM::BitcastOp::create(rewriter, loc,
                                        VectorType::get({per}, element), reg));
          for (unsigned k = 0; k < per; ++k)
            if (start + r * per + k < count)
              results[i].push_back(part[k]);
        }
      }
    }
    SmallVector<ValueRange> ranges(results.begin(), results.end());
    rewriter.replaceOpWithMultiple(op, ranges);
    return success();
  }
};

} // namespace

void mlir::tile::populateIndexedPatterns(const TypeConverter &converter,
                                         RewritePatternSet &patterns,
                                         const LoweringState &state) {
  patterns.add<GatherLowering, HistogramLowering, UnsplatLowering,
               InlineAsmLowering>(converter, patterns.getContext(), state);
}
