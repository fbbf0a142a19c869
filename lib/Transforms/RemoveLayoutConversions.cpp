//===- RemoveLayoutConversions.cpp - compute values where they are needed -===//

#include "tile/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
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

/// Whether `def` computes each element from the same elements of its
/// operands, with no memory or control effects.
bool isCheapElementwise(Operation *def) {
  return def->hasTrait<OpTrait::Elementwise>() && isPure(def) &&
         def->getNumResults() == 1 && def->getNumRegions() == 0;
}

/// Whether `value` can be produced in any layout without moving data between
/// threads (RematerializeInTargetLayout then does so).
bool isRematerializable(Value value, unsigned depth = 0) {
  Operation *def = value.getDefiningOp();
  if (!def || depth > 8)
    return false;
  if (isa<SplatOp, MakeRangeOp>(def) || matchPattern(value, m_Constant()))
    return true;
  if (isa<BroadcastOp, ExpandDimsOp>(def))
    return isRematerializable(def->getOperand(0), depth + 1);
  if (isCheapElementwise(def))
    return llvm::all_of(def->getOperands(), [&](Value operand) {
      return !isa<RankedTensorType>(operand.getType()) ||
             isRematerializable(operand, depth + 1);
    });
  return false;
}

/// Moves the values computed from `convert`'s result into its source layout
/// instead, so that the conversion disappears: element-wise users, loop-
/// carried values (scf.for iter_args, yields and results) and consumers that
/// accept any layout (reductions to scalars, stores whose pointers are
/// already in that layout). The other operands these need must already be
/// in the source layout or be cheap to recompute in it; otherwise nothing
/// changes. This is the forward half of removing conversions: after
/// tile-coalesce, a load's access layout spreads to the math on its values
/// (softmax, layernorm) instead of being converted away from it.
class ForwardPropagation {
public:
  ForwardPropagation(ConvertLayoutOp convert)
      : convert(convert), layout(convert.getSrc().getType().getEncoding()) {}

  bool run() {
    if (!isa_and_nonnull<DistributedLayoutAttr>(layout) ||
        !isa_and_nonnull<DistributedLayoutAttr>(convert.getType().getEncoding()))
      return false;
    if (!retype(convert.getResult()))
      return false;
    while (!worklist.empty())
      if (!visitUses(worklist.pop_back_val()))
        return false;
    apply();
    return true;
  }

private:
  /// Adds `value` to the values recomputed in the source layout.
  bool retype(Value value) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || type.getShape() != convert.getType().getShape())
      return false;
    if (retyped.insert(value))
      worklist.push_back(value);
    return true;
  }

  /// Records that `use` must receive its value in the source layout.
  bool needs(OpOperand &use) {
    Value value = use.get();
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type)
      return true;
    if (retyped.contains(value) || type.getEncoding() == layout)
      return true;
    if (auto arg = dyn_cast<BlockArgument>(value))
      if (isa<scf::ForOp>(arg.getOwner()->getParentOp()))
        return retype(value);
    if (value.getDefiningOp<scf::ForOp>())
      return retype(value);
    if (!isRematerializable(value))
      return false;
    converted.insert(&use);
    return true;
  }

  bool needsAll(Operation *op) {
    return llvm::all_of(op->getOpOperands(),
                        [&](OpOperand &use) { return needs(use); });
  }

  /// The iter_arg, result, init and yield operand of loop-carried value
  /// `index` of `loop` move together.
  bool retypeCarried(scf::ForOp loop, unsigned index) {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    return retype(loop.getRegionIterArgs()[index]) &&
           retype(loop.getResult(index)) &&
           needs(loop.getInitArgsMutable()[index]) &&
           needs(yield->getOpOperand(index));
  }

  bool visitUses(Value value) {
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()))
        if (arg.getArgNumber() > 0 &&
            !retypeCarried(loop, arg.getArgNumber() - 1))
          return false;
    } else if (auto loop = value.getDefiningOp<scf::ForOp>()) {
      if (!retypeCarried(loop, cast<OpResult>(value).getResultNumber()))
        return false;
    }
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (isCheapElementwise(user)) {
        if (!retype(user->getResult(0)) || !needsAll(user))
          return false;
      } else if (auto yield = dyn_cast<scf::YieldOp>(user)) {
        auto loop = dyn_cast<scf::ForOp>(yield->getParentOp());
        if (!loop || !retypeCarried(loop, use.getOperandNumber()))
          return false;
      } else if (auto loop = dyn_cast<scf::ForOp>(user)) {
        if (use.getOperandNumber() < loop.getNumControlOperands() ||
            !retypeCarried(loop,
                           use.getOperandNumber() - loop.getNumControlOperands()))
          return false;
      } else if (auto reduce = dyn_cast<ReduceOp>(user)) {
        if (llvm::any_of(reduce->getResultTypes(),
                         [](Type t) { return isa<RankedTensorType>(t); }) ||
            !needsAll(reduce))
          return false;
      } else if (auto store = dyn_cast<StoreOp>(user)) {
        // A store keeps the layout its pointers were given (coalescing).
        Value ptr = store.getPtr();
        auto ptrType = dyn_cast<RankedTensorType>(ptr.getType());
        if (!ptrType ||
            (!retyped.contains(ptr) && ptrType.getEncoding() != layout) ||
            !needsAll(store))
          return false;
      } else if (!isa<ConvertLayoutOp>(user)) {
        return false;
      }
    }
    return true;
  }

  void apply() {
    OpBuilder builder(convert);
    for (OpOperand *use : converted) {
      Operation *owner = use->getOwner();
      // A loop's init value is converted before the loop.
      builder.setInsertionPoint(owner);
      Value value = use->get();
      use->set(ConvertLayoutOp::create(builder, value.getLoc(),
                                       withEncoding(value.getType(), layout),
                                       value));
    }
    Value source = convert.getSrc();
    for (Value value : retyped)
      if (value != convert.getResult())
        value.setType(withEncoding(value.getType(), layout));
    convert.getResult().replaceAllUsesWith(source);
    convert.erase();
  }

  ConvertLayoutOp convert;
  Attribute layout;
  llvm::SetVector<Value> retyped;
  llvm::SetVector<OpOperand *> converted;
  SmallVector<Value> worklist;
};

class RemoveLayoutConversions
    : public tile::impl::RemoveLayoutConversionsBase<
          RemoveLayoutConversions> {
public:
  using Base::Base;
  void runOnOperation() override {
    SmallVector<ConvertLayoutOp> converts;
    getOperation().walk([&](ConvertLayoutOp op) { converts.push_back(op); });
    for (ConvertLayoutOp convert : converts)
      ForwardPropagation(convert).run();

    RewritePatternSet patterns(&getContext());
    patterns.add<RematerializeInTargetLayout>(&getContext());
    ConvertLayoutOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
