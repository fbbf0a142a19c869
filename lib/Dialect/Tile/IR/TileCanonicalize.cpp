//===- TileCanonicalize.cpp - tile folders and canonicalization -----------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Folders and rewrite patterns that are obviously profitable: they remove
// data movement on uniform (splat) values, cancel inverse pairs, and drop
// masks that are known to be all-true or all-false.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Dialect/CommonFolders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::tile;

/// The single value of a splat elements attribute, or null.
static Attribute getSplatValue(Attribute attr) {
  auto dense = dyn_cast_or_null<DenseElementsAttr>(attr);
  if (!dense || !dense.isSplat())
    return {};
  return dense.getSplatValue<Attribute>();
}

/// Folds a shape op applied to a constant splat into a splat of the result
/// type; data movement on a uniform value is a no-op.
static OpFoldResult foldSplatConstant(Attribute src, Type resultType) {
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(src))
    if (dense.isSplat())
      return DenseElementsAttr::get(cast<ShapedType>(resultType),
                                    dense.getSplatValue<Attribute>());
  return {};
}

//===----------------------------------------------------------------------===//
// Folders
//===----------------------------------------------------------------------===//

OpFoldResult IntToPtrOp::fold(FoldAdaptor) {
  if (auto cast = getSrc().getDefiningOp<PtrToIntOp>())
    if (cast.getSrc().getType() == getType())
      return cast.getSrc();
  return {};
}

OpFoldResult PtrToIntOp::fold(FoldAdaptor) {
  if (auto cast = getSrc().getDefiningOp<IntToPtrOp>())
    if (cast.getSrc().getType() == getType())
      return cast.getSrc();
  return {};
}

OpFoldResult BitcastOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (auto inner = getSrc().getDefiningOp<BitcastOp>()) {
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}

OpFoldResult FpToFpOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  // Only exact (widening) conversions of constants fold: narrowing ones are
  // left to the hardware, whose saturation rules for 8-bit formats differ.
  if (getRounding())
    return {};
  auto dstType = cast<FloatType>(getElementTypeOrSelf(getType()));
  auto convert = [&](FloatAttr value) -> Attribute {
    APFloat v = value.getValue();
    bool losesInfo = false;
    v.convert(dstType.getFloatSemantics(), APFloat::rmNearestTiesToEven,
              &losesInfo);
    return FloatAttr::get(dstType, v);
  };
  if (auto scalar = dyn_cast_or_null<FloatAttr>(adaptor.getSrc()))
    return convert(scalar);
  if (auto splat = dyn_cast_or_null<FloatAttr>(getSplatValue(adaptor.getSrc())))
    return DenseElementsAttr::get(cast<ShapedType>(getType()), convert(splat));
  return {};
}

OpFoldResult MulhiUIOp::fold(FoldAdaptor adaptor) {
  if (matchPattern(getX(), m_Zero()))
    return getX();
  if (matchPattern(getY(), m_Zero()))
    return getY();
  return constFoldBinaryOp<IntegerAttr, APInt, /*PoisonAttr=*/void>(
      adaptor.getOperands(), [](const APInt &x, const APInt &y) {
        return llvm::APIntOps::mulhu(x, y);
      });
}

OpFoldResult AddPtrOp::fold(FoldAdaptor) {
  if (matchPattern(getOffset(), m_Zero()))
    return getPtr();
  return {};
}

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  Attribute value = adaptor.getSrc();
  if (!isa_and_nonnull<IntegerAttr, FloatAttr>(value))
    return {};
  return DenseElementsAttr::get(getType(), value);
}

OpFoldResult UnsplatOp::fold(FoldAdaptor adaptor) {
  if (auto splat = getSrc().getDefiningOp<SplatOp>())
    return splat.getSrc();
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(adaptor.getSrc()))
    return dense.getSplatValue<Attribute>();
  return {};
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return foldSplatConstant(adaptor.getSrc(), getType());
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return foldSplatConstant(adaptor.getSrc(), getType());
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return foldSplatConstant(adaptor.getSrc(), getType());
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  if (llvm::equal(getOrder(), llvm::seq<int32_t>(0, getOrder().size())) &&
      getSrc().getType() == getType())
    return getSrc();
  // trans(trans(x)) with inverse orders is x.
  if (auto inner = getSrc().getDefiningOp<TransOp>()) {
    ArrayRef<int32_t> innerOrder = inner.getOrder();
    bool identity = llvm::all_of(llvm::enumerate(getOrder()), [&](auto it) {
      return innerOrder[it.value()] == static_cast<int32_t>(it.index());
    });
    if (identity && inner.getSrc().getType() == getType())
      return inner.getSrc();
  }
  return foldSplatConstant(adaptor.getSrc(), getType());
}

LogicalResult SplitOp::fold(FoldAdaptor,
                            SmallVectorImpl<OpFoldResult> &results) {
  auto join = getSrc().getDefiningOp<JoinOp>();
  if (!join || join.getLhs().getType() != getOutLHS().getType())
    return failure();
  results.push_back(join.getLhs());
  results.push_back(join.getRhs());
  return success();
}

OpFoldResult MakeRangeOp::fold(FoldAdaptor) {
  // A one-element range is the constant `start`.
  if (getType().getNumElements() != 1)
    return {};
  return DenseElementsAttr::get(getType(), getStartAttr());
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {

/// shape_op(splat(x)) -> splat(x): moving a uniform value is free.
template <typename OpTy> struct ShapeOfSplat : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getSrc().template getDefiningOp<SplatOp>();
    if (!splat)
      return failure();
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
};

/// broadcast(broadcast(x)) -> broadcast(x).
struct BroadcastOfBroadcast : public OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<BroadcastOp>();
    if (!inner)
      return failure();
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(), inner.getSrc());
    return success();
  }
};

/// reshape(reshape(x)) -> reshape(x); reordering is allowed if either was.
struct ReshapeOfReshape : public OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<ReshapeOp>();
    if (!inner)
      return failure();
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), inner.getSrc(),
                                           op.getAllowReorder() ||
                                               inner.getAllowReorder(),
                                           op.getEfficientLayout());
    return success();
  }
};

/// trans(trans(x)) -> trans(x) with the composed order.
struct TransOfTrans : public OpRewritePattern<TransOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<TransOp>();
    if (!inner)
      return failure();
    SmallVector<int32_t> order;
    for (int32_t d : op.getOrder())
      order.push_back(inner.getOrder()[d]);
    rewriter.replaceOpWithNewOp<TransOp>(op, op.getType(), inner.getSrc(),
                                         order);
    return success();
  }
};

/// The value of a mask known at compile time: all true, all false, or neither.
enum class MaskValue { Unknown, AllTrue, AllFalse };

static MaskValue getMaskValue(Value mask) {
  if (!mask)
    return MaskValue::AllTrue;
  if (matchPattern(mask, m_One()))
    return MaskValue::AllTrue;
  if (matchPattern(mask, m_Zero()))
    return MaskValue::AllFalse;
  return MaskValue::Unknown;
}

/// A load whose mask is all true needs neither the mask nor `other`; one
/// whose mask is all false reads nothing and yields `other`.
struct SimplifyLoadMask : public OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LoadOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getMask())
      return failure();
    switch (getMaskValue(op.getMask())) {
    case MaskValue::AllTrue:
      rewriter.replaceOpWithNewOp<LoadOp>(op, op.getPtr(), Value(), Value(),
                                          op.getCache(), op.getEvict(),
                                          op.getIsVolatile());
      return success();
    case MaskValue::AllFalse:
      if (!op.getOther() || op.getIsVolatile())
        return failure();
      rewriter.replaceOp(op, op.getOther());
      return success();
    case MaskValue::Unknown:
      return failure();
    }
    return failure();
  }
};

/// A store whose mask is all true needs no mask; one whose mask is all false
/// writes nothing.
struct SimplifyStoreMask : public OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getMask())
      return failure();
    switch (getMaskValue(op.getMask())) {
    case MaskValue::AllTrue:
      rewriter.replaceOpWithNewOp<StoreOp>(op, op.getPtr(), op.getValue(),
                                           Value(), op.getCache(),
                                           op.getEvict());
      return success();
    case MaskValue::AllFalse:
      rewriter.eraseOp(op);
      return success();
    case MaskValue::Unknown:
      return failure();
    }
    return failure();
  }
};

} // namespace

void ExpandDimsOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<ShapeOfSplat<ExpandDimsOp>>(context);
}

void ReshapeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<ShapeOfSplat<ReshapeOp>, ReshapeOfReshape>(context);
}

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<ShapeOfSplat<BroadcastOp>, BroadcastOfBroadcast>(context);
}

void TransOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<ShapeOfSplat<TransOp>, TransOfTrans>(context);
}

void LoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<SimplifyLoadMask>(context);
}

void StoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<SimplifyStoreMask>(context);
}
