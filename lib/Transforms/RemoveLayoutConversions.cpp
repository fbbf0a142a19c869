//===- RemoveLayoutConversions.cpp - compute values where they are needed -===//

#include "tile/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tile {
#define GEN_PASS_DEF_REMOVELAYOUTCONVERSIONS
#include "tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// convert_layout(cheap(x...)) -> cheap(convert_layout(x)...).
struct RematerializeInTargetLayout : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvertLayoutOp convert,
                                PatternRewriter &rewriter) const override {
    Operation *def = convert.getSrc().getDefiningOp();
    auto layout =
        dyn_cast_or_null<DistributedLayoutAttr>(convert.getType().getEncoding());
    if (!def || !layout)
      return failure();
    Location loc = convert.getLoc();
    RankedTensorType type = convert.getType();
    auto to = [&](Value v, Attribute encoding) -> Value {
      return ConvertLayoutOp::create(rewriter, loc,
                                     withEncoding(v.getType(), encoding), v);
    };

    if (auto splat = dyn_cast<SplatOp>(def)) {
      rewriter.replaceOpWithNewOp<SplatOp>(convert, type, splat.getSrc());
      return success();
    }
    if (auto range = dyn_cast<MakeRangeOp>(def)) {
      rewriter.replaceOpWithNewOp<MakeRangeOp>(convert, type,
                                               range.getStartAttr(),
                                               range.getEndAttr());
      return success();
    }
    if (auto broadcast = dyn_cast<BroadcastOp>(def)) {
      // Broadcasting keeps the layout: the operand moves to the target one.
      rewriter.replaceOpWithNewOp<BroadcastOp>(
          convert, type, to(broadcast.getSrc(), layout));
      return success();
    }
    if (auto expand = dyn_cast<ExpandDimsOp>(def)) {
      auto slice =
          SliceLayoutAttr::get(getContext(), expand.getAxis(), layout);
      rewriter.replaceOpWithNewOp<ExpandDimsOp>(
          convert, type, to(expand.getSrc(), slice), expand.getAxis());
      return success();
    }
    if (def->hasTrait<OpTrait::Elementwise>() && isPure(def) &&
        def->getNumResults() == 1 && def->getNumRegions() == 0) {
      SmallVector<Value> operands;
      for (Value operand : def->getOperands())
        operands.push_back(isa<RankedTensorType>(operand.getType())
                               ? to(operand, layout)
                               : operand);
      OperationState state(def->getLoc(), def->getName());
      state.addOperands(operands);
      state.addTypes(type);
      state.addAttributes(def->getAttrs());
      rewriter.replaceOp(convert, rewriter.create(state)->getResults());
      return success();
    }
    return failure();
  }
};

class RemoveLayoutConversions
    : public tile::impl::RemoveLayoutConversionsBase<
          RemoveLayoutConversions> {
public:
  using Base::Base;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<RematerializeInTargetLayout>(&getContext());
    ConvertLayoutOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
