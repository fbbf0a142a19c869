//===- RemoveLayoutConversions.cpp - compute values where they are needed -===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "tile/Dialect/TileGPU/Transforms/Passes.h"

#include "tile/Analysis/Allocation.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tile {
#define GEN_PASS_DEF_REMOVELAYOUTCONVERSIONS
#include "tile/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

/// Whether `op` makes each element smaller than its tensor operands' (a
/// truncation, a comparison): a conversion moves less data after it.
bool isNarrowing(Operation *op) {
  int64_t result = getScratchElementBytes(op->getResult(0).getType());
  return llvm::any_of(op->getOperandTypes(), [&](Type type) {
    return isa<RankedTensorType>(type) && getScratchElementBytes(type) > result;
  });
}

/// Whether `layout` is blocked or a slice of a blocked one: layouts whose
/// repetitions follow their warps along every dimension, which a scan
/// lowers in along any axis (mma layouts interleave them).
bool isBlockedOrSliceOfBlocked(Attribute layout) {
  while (auto slice = dyn_cast_or_null<SliceLayoutAttr>(layout))
    layout = slice.getParent();
  return isa_and_nonnull<BlockedLayoutAttr>(layout);
}

/// Whether `value` can be produced in `layout` without moving data between
/// threads; defined below.
bool isRematerializable(Value value, Attribute layout, unsigned depth = 0);

/// Whether ReloadInTargetLayout reads `value`, a load's result, again in
/// `type`'s layout rather than converting it; defined below.
bool isReloadable(Value value, RankedTensorType type, int64_t threads);

/// Whether `value` costs no conversion in `layout`: recomputed there, or a
/// conversion out of it (the two cancel).
bool isFreeIn(Value value, Attribute layout) {
  if (auto convert = value.getDefiningOp<ConvertLayoutOp>())
    if (convert.getSrc().getType().getEncoding() == layout)
      return true;
  return isRematerializable(value, layout);
}

/// Whether `def` has users other than `convert`, conversions to its layout
/// and dead ops (a copy already made for another conversion leaves the
/// original dead until the rewriter erases it): recomputing it there
/// leaves it computed twice.
bool isKeptElsewhere(Operation *def, ConvertLayoutOp convert) {
  return llvm::any_of(def->getUsers(), [&](Operation *user) {
    auto other = dyn_cast<ConvertLayoutOp>(user);
    return (!other || other.getType() != convert.getType()) &&
           !isOpTriviallyDead(user);
  });
}

/// convert_layout(cheap(x...)) -> cheap(convert_layout(x)...), except across
/// a narrowing op whose operands would need converting
/// (SinkConversionPastNarrowing moves conversions the other way there), and
/// for an element-wise op that other users keep unless its operands are
/// free in the target layout: each copy of a chain recomputed so converts
/// the chain's inputs again and keeps its own registers (a 64x32 epilogue
/// computed in four layouts at once spilled 2.6 KB where one conversion of
/// its result costs a round through shared memory).
struct RematerializeInTargetLayout : public OpRewritePattern<ConvertLayoutOp> {
  RematerializeInTargetLayout(MLIRContext *context, int64_t threads)
      : OpRewritePattern(context), threads(threads) {}

  LogicalResult matchAndRewrite(ConvertLayoutOp convert,
                                PatternRewriter &rewriter) const override {
    Operation *def = convert.getSrc().getDefiningOp();
    auto layout = dyn_cast_or_null<DistributedLayoutAttr>(
        convert.getType().getEncoding());
    if (!def || !layout)
      return failure();
    if (isPureElementwise(def)) {
      bool narrowing = isNarrowing(def);
      if ((narrowing || isKeptElsewhere(def, convert)) &&
          !llvm::all_of(def->getOperands(), [&](Value operand) {
            auto type = dyn_cast<RankedTensorType>(operand.getType());
            // A copy beside the original may read a small load again (a
            // recurrent kernel's row).
            return !type || isFreeIn(operand, layout) ||
                   (!narrowing &&
                    isReloadable(operand, withEncoding(type, layout), threads));
          }))
        return failure();
    }
    Location loc = convert.getLoc();
    RankedTensorType type = convert.getType();
    // The copy goes where the original is, not where the conversion was:
    // a chain recomputed for a store at the end of a kernel would otherwise
    // leave every load before all of the math (an LSTM cell's four gates:
    // all sixteen loads live at once, 148 registers instead of 106). Masks
    // stay at the conversion, next to their use: a thread has seven
    // predicate registers, and a store's masks computed early are spilled
    // to others (a conv2d epilogue's sixteen: 18% slower).
    if (!type.getElementType().isInteger(1))
      rewriter.setInsertionPointAfter(def);
    auto to = [&](Value v, Attribute encoding) -> Value {
      return ConvertLayoutOp::create(rewriter, loc,
                                     withEncoding(v.getType(), encoding), v);
    };

    if (auto splat = dyn_cast<SplatOp>(def)) {
      rewriter.replaceOpWithNewOp<SplatOp>(convert, type, splat.getSrc());
      return success();
    }
    if (auto range = dyn_cast<MakeRangeOp>(def)) {
      rewriter.replaceOpWithNewOp<MakeRangeOp>(
          convert, type, range.getStartAttr(), range.getEndAttr());
      return success();
    }
    if (auto broadcast = dyn_cast<BroadcastOp>(def)) {
      // Broadcasting keeps the layout: the operand moves to the target one.
      rewriter.replaceOpWithNewOp<BroadcastOp>(convert, type,
                                               to(broadcast.getSrc(), layout));
      return success();
    }
    if (auto expand = dyn_cast<ExpandDimsOp>(def)) {
      auto slice = SliceLayoutAttr::get(getContext(), expand.getAxis(), layout);
      rewriter.replaceOpWithNewOp<ExpandDimsOp>(
          convert, type, to(expand.getSrc(), slice), expand.getAxis());
      return success();
    }
    if (auto scan = dyn_cast<ScanOp>(def)) {
      // A scan used only here, of a widening cast, runs in the target
      // layout instead: the conversion moves before the cast and moves
      // fewer bytes (a cumulative sum of bf16 values in f32 is converted
      // in bf16, into the store's layout, as Triton does). Not otherwise:
      // the same bytes then move, and the scan's cost in the target layout
      // decides, more lanes along its axis keeping more values live (fla's
      // chunk_gla_bwd_kernel_inter spilled 752 bytes instead of 584
      // scanning its 64x32 f32 epilogue in four lanes along the axis
      // rather than one).
      auto widened = [](Value v) {
        Operation *cast = v.getDefiningOp();
        return cast && isPureElementwise(cast) && cast->getNumOperands() == 1 &&
               getScratchElementBytes(cast->getOperand(0).getType()) <
                   getScratchElementBytes(v.getType());
      };
      if (scan->getNumResults() != 1 || !scan->hasOneUse() ||
          !isBlockedOrSliceOfBlocked(layout) ||
          !llvm::all_of(scan.getSrcs(), widened))
        return failure();
      SmallVector<Value> operands;
      for (Value operand : scan.getSrcs())
        operands.push_back(to(operand, layout));
      auto copy = ScanOp::create(rewriter, scan.getLoc(), TypeRange{type},
                                 operands, scan.getAxis(), scan.getReverse());
      rewriter.inlineRegionBefore(scan.getCombineOp(), copy.getCombineOp(),
                                  copy.getCombineOp().end());
      rewriter.replaceOp(convert, copy->getResults());
      rewriter.eraseOp(scan);
      return success();
    }
    if (isPureElementwise(def)) {
      SmallVector<Value> operands;
      for (Value operand : def->getOperands())
        operands.push_back(isa<RankedTensorType>(operand.getType())
                               ? to(operand, layout)
                               : operand);
      rewriter.replaceOp(convert,
                         clone(rewriter, def, type, operands)->getResults());
      return success();
    }
    return failure();
  }

private:
  int64_t threads;
};

/// Elements of `type` a thread holds in its blocked layout or slice of one
/// (replicas included); 0 for other layouts.
int64_t getElementsPerThread(RankedTensorType type) {
  Attribute layout = type.getEncoding();
  std::optional<unsigned> sliced;
  if (auto slice = dyn_cast<SliceLayoutAttr>(layout)) {
    sliced = slice.getDim();
    layout = slice.getParent();
  }
  auto blocked = dyn_cast<BlockedLayoutAttr>(layout);
  if (!blocked)
    return 0;
  SmallVector<int64_t> block = *getRepetitionShape(blocked);
  SmallVector<int64_t> shape(type.getShape());
  if (sliced)
    shape.insert(shape.begin() + *sliced, 1);
  int64_t total = 1;
  for (unsigned d = 0; d < shape.size(); ++d)
    if (d != sliced)
      total *=
          llvm::divideCeil(shape[d], block[d]) * blocked.getSizePerThread()[d];
  return total;
}

/// convert_layout(load(p, m, o)) -> load(convert(p), convert(m),
/// convert(o)) for a load of at most one element per thread of the block,
/// as Triton rematerializes such loads: reading it again in the target
/// layout, the threads that share an element reading the same address (one
/// cached line), costs less than moving it between threads through shared
/// memory behind a barrier. fla's recurrent kernels load rows of 64
/// elements each step and use them along both dimensions of a 64x64 state;
/// the pointers then follow backwards (a loop-carried pointer is carried in
/// the new layout). Only into blocked layouts and their slices, at most 8
/// elements a thread: each element takes a 64-bit pointer and its mask,
/// and an accumulator's row of 128 columns (32 a thread in a wgmma layout)
/// costs a convolution's epilogue more than the conversion.
constexpr int64_t kMaxReloadedPerThread = 8;

bool isReloadable(Value value, RankedTensorType type, int64_t threads) {
  auto load = value.getDefiningOp<LoadOp>();
  if (!load || load.getIsVolatile() || load.getBoundaryCheck() ||
      !isa<RankedTensorType>(load.getPtr().getType()) ||
      type.getNumElements() > threads)
    return false;
  int64_t perThread = getElementsPerThread(type);
  return perThread != 0 && perThread <= kMaxReloadedPerThread;
}

struct ReloadInTargetLayout : public OpRewritePattern<ConvertLayoutOp> {
  ReloadInTargetLayout(MLIRContext *context, int64_t threads)
      : OpRewritePattern(context), threads(threads) {}

  LogicalResult matchAndRewrite(ConvertLayoutOp convert,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = convert.getType();
    if (!isReloadable(convert.getSrc(), type, threads))
      return failure();
    auto load = convert.getSrc().getDefiningOp<LoadOp>();
    // Issued where the original was, for the same latency.
    rewriter.setInsertionPointAfter(load);
    auto to = [&](Value v) -> Value {
      if (!v)
        return v;
      return ConvertLayoutOp::create(
          rewriter, convert.getLoc(),
          withEncoding(v.getType(), type.getEncoding()), v);
    };
    auto reload = LoadOp::create(rewriter, load.getLoc(), to(load.getPtr()),
                                 to(load.getMask()), to(load.getOther()),
                                 load.getCache(), load.getEvict(),
                                 /*isVolatile=*/false);
    rewriter.replaceOp(convert, reload.getResult());
    return success();
  }

private:
  int64_t threads;
};

/// The op that advances loop-carried `arg` each iteration, if it is a
/// single-use element-wise op of the loop's body that reads `arg` (a
/// pointer increment, a counter, an offset stepped by a loaded index).
Operation *getCarriedUpdate(BlockArgument arg) {
  auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
  if (!loop || arg.getArgNumber() == 0)
    return nullptr;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  Operation *update = yield.getOperand(arg.getArgNumber() - 1).getDefiningOp();
  if (!update || update->getBlock() != loop.getBody() ||
      !isPureElementwise(update) || !update->hasOneUse() ||
      !llvm::is_contained(update->getOperands(), arg))
    return nullptr;
  return update;
}

/// convert_layout(iter_arg) in a loop whose carried value only advances by
/// an element-wise update (a pointer increment, a counter): the value is
/// carried in the converted layout instead, so the conversion runs once
/// before the loop rather than every iteration. Uses after the loop get the
/// old layout back.
struct CarryInTargetLayout : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvertLayoutOp convert,
                                PatternRewriter &rewriter) const override {
    auto arg = dyn_cast<BlockArgument>(convert.getSrc());
    Operation *update = arg ? getCarriedUpdate(arg) : nullptr;
    RankedTensorType target = convert.getType();
    if (!update ||
        !isa_and_nonnull<DistributedLayoutAttr>(target.getEncoding()))
      return failure();
    auto loop = cast<scf::ForOp>(arg.getOwner()->getParentOp());
    unsigned index = arg.getArgNumber() - 1;
    for (Operation *user : arg.getUsers())
      if (user != update && !(isa<ConvertLayoutOp>(user) &&
                              user->getResult(0).getType() == target))
        return failure();

    Location loc = convert.getLoc();
    Type oldType = arg.getType();
    auto to = [&](Value v, Type type) -> Value {
      return ConvertLayoutOp::create(rewriter, loc, type, v);
    };
    // Before the loop: the initial value in the target layout.
    rewriter.setInsertionPoint(loop);
    OpOperand &init = loop.getInitArgsMutable()[index];
    Value initConverted = to(init.get(), target);
    rewriter.modifyOpInPlace(loop, [&] { init.set(initConverted); });
    // In the loop: carried, updated and yielded in the target layout.
    rewriter.modifyOpInPlace(loop, [&] {
      arg.setType(target);
      loop.getResult(index).setType(target);
    });
    rewriter.setInsertionPoint(update);
    rewriter.modifyOpInPlace(update, [&] {
      for (OpOperand &operand : update->getOpOperands())
        if (operand.get() != arg &&
            isa<RankedTensorType>(operand.get().getType()))
          operand.set(to(operand.get(), withEncoding(operand.get().getType(),
                                                     target.getEncoding())));
      update->getResult(0).setType(
          withEncoding(update->getResult(0).getType(), target.getEncoding()));
    });
    for (Operation *user : llvm::make_early_inc_range(arg.getUsers()))
      if (auto other = dyn_cast<ConvertLayoutOp>(user))
        rewriter.replaceOp(other, arg);
    // After the loop: the old layout for the loop's other users.
    Value result = loop.getResult(index);
    if (!result.use_empty()) {
      rewriter.setInsertionPointAfter(loop);
      Value back = to(result, oldType);
      rewriter.replaceAllUsesExcept(result, back, back.getDefiningOp());
    }
    return success();
  }
};

/// narrow(cheap(convert_layout(x), y...)) ->
/// convert_layout(narrow(cheap(x, y'...))): a conversion followed, through a
/// chain of single-use element-wise ops, by one that narrows the elements
/// moves past it, so that fewer bytes go through shared memory. This is the
/// matmul epilogue: the f32 accumulator takes its bias, activation and cast
/// to f16 in the mma layout, and only the f16 result is converted for the
/// coalesced store. The chain's other operands y are taken in the source
/// layout where that is free (splats, ranges, constants) or moves fewer
/// elements (a broadcast's smaller source, such as a bias row).
struct SinkConversionPastNarrowing : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvertLayoutOp convert,
                                PatternRewriter &rewriter) const override {
    Attribute source = convert.getSrc().getType().getEncoding();
    Attribute target = convert.getType().getEncoding();
    // A source that is free in the target layout needs no conversion at all
    // (RematerializeInTargetLayout moves this one back there).
    if (!isa_and_nonnull<DistributedLayoutAttr>(source) ||
        !isa_and_nonnull<DistributedLayoutAttr>(target) ||
        isFreeIn(convert.getSrc(), target))
      return failure();
    SmallVector<Operation *> chain;
    Value value = convert.getResult();
    while (value.hasOneUse()) {
      Operation *user = *value.getUsers().begin();
      if (!isPureElementwise(user) || user->getBlock() != convert->getBlock())
        return failure();
      for (Value operand : user->getOperands()) {
        auto type = dyn_cast<RankedTensorType>(operand.getType());
        if (operand != value && type && type.getEncoding() != source &&
            !operand.getDefiningOp<BroadcastOp>() &&
            !isRematerializable(operand, source))
          return failure();
      }
      chain.push_back(user);
      if (isNarrowing(user))
        break;
      value = user->getResult(0);
    }
    if (chain.empty() || !isNarrowing(chain.back()))
      return failure();

    Location loc = convert.getLoc();
    for (Operation *op : chain) {
      rewriter.setInsertionPoint(op);
      rewriter.modifyOpInPlace(op, [&] {
        for (OpOperand &operand : op->getOpOperands()) {
          Value v = operand.get();
          if (v == convert.getResult())
            operand.set(convert.getSrc());
          else if (auto type = dyn_cast<RankedTensorType>(v.getType());
                   type && type.getEncoding() != source)
            operand.set(ConvertLayoutOp::create(rewriter, loc,
                                                withEncoding(type, source), v));
        }
        op->getResult(0).setType(
            withEncoding(op->getResult(0).getType(), source));
      });
    }
    Operation *last = chain.back();
    rewriter.setInsertionPointAfter(last);
    Value result = last->getResult(0);
    auto back = ConvertLayoutOp::create(
        rewriter, loc, withEncoding(result.getType(), target), result);
    rewriter.replaceAllUsesExcept(result, back, back);
    rewriter.eraseOp(convert);
    return success();
  }
};

/// Whether `arg` is a loop-carried tensor that each iteration advances by
/// an element-wise update (getCarriedUpdate) of itself and values
/// rematerializable in `layout`: CarryInTargetLayout then carries it in the
/// layout its uses are converted to, converting only its initial value
/// before the loop. Flex attention's key offsets step so, by a block index
/// it loads, and a mask compares them with the query offsets.
bool isCarriedIncrement(BlockArgument arg, Attribute layout, unsigned depth) {
  Operation *update = getCarriedUpdate(arg);
  if (!update)
    return false;
  return llvm::all_of(update->getOperands(), [&](Value operand) {
    return operand == arg || !isa<RankedTensorType>(operand.getType()) ||
           isRematerializable(operand, layout, depth + 1);
  });
}

/// Whether `value` can be produced in `layout` without moving data between
/// threads (RematerializeInTargetLayout then does so): from splats, ranges
/// and constants, from a load's conversion out of `layout` itself (the
/// two conversions cancel: two loads in one access layout feeding the same
/// math), or from a carried increment (isCarriedIncrement), through
/// element-wise ops.
bool isRematerializable(Value value, Attribute layout, unsigned depth) {
  if (depth > 8)
    return false;
  if (auto arg = dyn_cast<BlockArgument>(value))
    return isCarriedIncrement(arg, layout, depth);
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  if (isa<SplatOp, MakeRangeOp>(def) || matchPattern(value, m_Constant()))
    return true;
  // Only loads' conversions: moving a store's or a reduction's input back
  // out of its layout would undo coalescing.
  if (auto convert = dyn_cast<ConvertLayoutOp>(def))
    return convert.getSrc().getDefiningOp<LoadOp>() &&
           convert.getSrc().getType().getEncoding() == layout;
  if (isa<BroadcastOp, ExpandDimsOp>(def))
    return isRematerializable(def->getOperand(0), Attribute(), depth + 1);
  if (isPureElementwise(def))
    return llvm::all_of(def->getOperands(), [&](Value operand) {
      return !isa<RankedTensorType>(operand.getType()) ||
             isRematerializable(operand, layout, depth + 1);
    });
  return false;
}

/// Moves the values computed from `convert`'s result into layouts derived
/// from its source layout instead, so that the conversion disappears:
/// element-wise users and broadcasts (same layout), reductions (the slice of
/// it), expand_dims of a slice (its parent), reshapes and splits that then
/// rename registers (getReshapedLayout, getUnpairedLayout), loop-carried
/// values (scf.for iter_args, yields and results), scf.if results with what
/// each branch yields for them, and consumers that accept any layout
/// (stores whose pointers are already in it, further conversions). Other
/// users where a conversion runs less often (runsLessOften) get the old
/// layout back through a conversion there. The
/// other operands these need must already be in the layout or be cheap to
/// recompute in it; otherwise nothing changes. This is the forward half of
/// removing conversions: after tile-coalesce, a load's access layout spreads to
/// the math on its values (softmax, layernorm) and to the reshapes and splits
/// that take its values apart (GIoU's boxes) instead of being converted away
/// from it.
class ForwardPropagation {
public:
  ForwardPropagation(ConvertLayoutOp convert, int64_t threads)
      : convert(convert), threads(threads) {}

  bool run() {
    Attribute layout = convert.getSrc().getType().getEncoding();
    if (!isa_and_nonnull<DistributedLayoutAttr>(layout) ||
        !isa_and_nonnull<DistributedLayoutAttr>(
            convert.getType().getEncoding()))
      return false;
    if (!retype(convert.getResult(), layout))
      return false;
    for (bool absorbed = true; absorbed;) {
      while (!worklist.empty())
        if (!visitUses(worklist.pop_back_val()))
          return false;
      absorbed = false;
      if (!resolvePending(absorbed))
        return false;
    }
    apply();
    return true;
  }

private:
  /// Computes `value` in `layout`; fails on a conflicting earlier choice.
  bool retype(Value value, Attribute layout) {
    if (!layout || !isa<RankedTensorType>(value.getType()))
      return false;
    auto [it, inserted] = layouts.insert({value, layout});
    if (inserted)
      worklist.push_back(value);
    return it->second == layout;
  }

  /// The layout `value` will have.
  Attribute layoutOf(Value value) {
    auto it = layouts.find(value);
    return it != layouts.end()
               ? it->second
               : cast<RankedTensorType>(value.getType()).getEncoding();
  }

  /// Records that `use` must receive its value in `layout`.
  bool needs(OpOperand &use, Attribute layout) {
    Value value = use.get();
    if (!isa<RankedTensorType>(value.getType()))
      return true;
    if (layoutOf(value) == layout)
      return true;
    if (layouts.contains(value))
      return false;
    if (auto arg = dyn_cast<BlockArgument>(value))
      if (isa<scf::ForOp>(arg.getOwner()->getParentOp()))
        return retype(value, layout);
    if (isa_and_nonnull<scf::ForOp, scf::IfOp>(value.getDefiningOp()))
      return retype(value, layout);
    // Decided once every value reachable from the conversion has its layout:
    // the value may still get this one through another path.
    pending.push_back({&use, layout});
    return true;
  }

  /// Operands that did not get their layout from the conversion are
  /// recomputed in it where that is cheap.
  /// Where a conversion runs less often than the removed one
  /// (runsLessOften), an operand that is not cheap is converted instead (an
  /// epilogue's bias joins the accumulator's layout; the backward rewrites
  /// then move the conversion to the smallest tensor it came from).
  /// An operand computed element-wise in another layout (from a second
  /// conversion out of this one, say) is computed in this one instead
  /// (`absorbed`): its operands become pending in turn, and its other users
  /// follow. Two conversions out of one layout that meet in an element-wise
  /// op then go together (flex attention's backward multiplies P, from
  /// Q * K^T, by dP, from dO * V^T).
  bool resolvePending(bool &absorbed) {
    for (size_t i = 0; i < pending.size(); ++i) {
      auto [use, layout] = pending[i];
      Value value = use->get();
      if (layoutOf(value) == layout)
        continue;
      Operation *user = use->getOwner();
      if (!layouts.contains(value) &&
          (isRematerializable(value, layout) ||
           ((isPureElementwise(user) || isa<scf::YieldOp>(user)) &&
            isConversionFrom(value, layout)) ||
           runsLessOften(*use) || isSmall(value) || isInvariantAround(value))) {
        converted[use] = layout;
        continue;
      }
      if (!layouts.contains(value) && isPureElementwise(user) &&
          isSoleConversion(value)) {
        converted[use] = layout;
        continue;
      }
      Operation *def = value.getDefiningOp();
      if (layouts.contains(value))
        return false;
      if (!def || !isPureElementwise(def)) {
        // Only for math: a store given its value's layout so would give up
        // its coalesced one.
        if (!isPureElementwise(user) || !withinBudget(value))
          return false;
        converted[use] = layout;
        continue;
      }
      if (!retype(value, layout) || !needsAll(def, layout))
        return false;
      absorbed = true;
    }
    pending.clear();
    return true;
  }

  /// Whether converting `value` too keeps the bytes this move converts,
  /// with the operands converted so far, below those of the conversion
  /// removed: a product's bf16 factor converted to the f32 accumulator's
  /// layout (fla's prepare_wy_repr_bwd multiplies dot results by their
  /// loaded inputs and sums the rows; converting the accumulator instead
  /// moved twice the bytes and reduced in a layout of one column a thread).
  bool withinBudget(Value value) {
    // Below a few elements a thread a conversion costs its barrier more
    // than its bytes: one in place of another saves nothing (a recurrent
    // kernel's rows are better reloaded, ReloadInTargetLayout).
    if (!threads ||
        convert.getType().getNumElements() < kMinBudgetPerThread * threads)
      return false;
    auto bytes = [](Value v) {
      auto type = cast<RankedTensorType>(v.getType());
      return type.getNumElements() * getScratchElementBytes(type);
    };
    int64_t more = bytes(value);
    if (convertedBytes + more >= bytes(convert.getResult()))
      return false;
    convertedBytes += more;
    return true;
  }

  /// Whether `value` is a conversion out of `layout`: converting it back
  /// folds away. Attention's running row sum adds this iteration's row
  /// sums, a reduction converted out of the accumulator's slice layout;
  /// with it, both row statistics move into that layout together. A loop
  /// that yields such a conversion for a value carried from an earlier
  /// loop (flex attention's two loops over key blocks, one accumulator)
  /// carries it in the source layout. Only for math and yields: a store
  /// given its value's old layout this way would give up its coalesced
  /// one.
  static bool isConversionFrom(Value value, Attribute layout) {
    auto convert = value.getDefiningOp<ConvertLayoutOp>();
    return convert && convert.getSrc().getType().getEncoding() == layout;
  }

  /// Whether `value` is a conversion out of a slice layout (a reduction's
  /// result), used only here: converting it again folds into it, a
  /// conversion retargeted rather than added. A recurrent kernel subtracts a
  /// row sum (converted out of its reduction's slice) from a loaded row;
  /// with the sum converted to the load's layout instead, the row is
  /// neither converted for the math nor back for its store (fla's
  /// fused_recurrent_delta_rule_bwd: three conversions an iteration become
  /// one). Not for conversions out of other layouts, which can move forward
  /// themselves: retargeting one lets the two moves undo each other.
  static bool isSoleConversion(Value value) {
    auto convert = value.getDefiningOp<ConvertLayoutOp>();
    return convert && value.hasOneUse() &&
           isa<SliceLayoutAttr>(convert.getSrc().getType().getEncoding());
  }

  /// Whether converting `value` costs at most an eighth of the conversion
  /// removed: a tensor with that few elements, or a broadcast of one (the
  /// backward rewrites move the conversion before the broadcast). Attention's
  /// row statistics (128 values, broadcast over the accumulator's columns)
  /// are converted where the 128x64 accumulator went through shared memory
  /// twice an iteration.
  bool isSmall(Value value) {
    if (auto broadcast = value.getDefiningOp<BroadcastOp>())
      value = broadcast.getSrc();
    return cast<RankedTensorType>(value.getType()).getNumElements() * 8 <=
           convert.getType().getNumElements();
  }

  /// Whether a conversion at `use` runs less often than the one removed:
  /// outside a loop around it, or in a branch (scf.if) under it, which runs
  /// at most once each time it does and usually less (a persistent
  /// kernel's epilogue, on a block's last K step).
  bool runsLessOften(OpOperand &use) {
    Region *home = convert->getParentRegion();
    Region *region = use.getOwner()->getParentRegion();
    if (home->isProperAncestor(region)) {
      for (; region != home; region = region->getParentRegion())
        if (!isa<scf::IfOp>(region->getParentOp()))
          return false;
      return true;
    }
    return isOutsideLoopAround(region);
  }

  /// Whether `value` is defined outside a loop around the conversion: it
  /// is then converted where it is defined, once for the whole loop (flex
  /// attention's backward masks the scores with query rows computed before
  /// its loops over key blocks).
  bool isInvariantAround(Value value) {
    return isOutsideLoopAround(value.getParentRegion());
  }

  /// Whether `outer` encloses the conversion with a loop between them (not
  /// only an scf.if, whose branch runs at most as often as the code around
  /// it).
  bool isOutsideLoopAround(Region *outer) {
    Region *home = convert->getParentRegion();
    if (!outer->isProperAncestor(home))
      return false;
    for (Region *r = home; r != outer; r = r->getParentRegion())
      if (isa<LoopLikeOpInterface>(r->getParentOp()))
        return true;
    return false;
  }

  bool needsAll(Operation *op, Attribute layout) {
    return llvm::all_of(op->getOpOperands(),
                        [&](OpOperand &use) { return needs(use, layout); });
  }

  /// The iter_arg, result, init and yield operand of loop-carried value
  /// `index` of `loop` move together.
  bool retypeCarried(scf::ForOp loop, unsigned index, Attribute layout) {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    return retype(loop.getRegionIterArgs()[index], layout) &&
           retype(loop.getResult(index), layout) &&
           needs(loop.getInitArgsMutable()[index], layout) &&
           needs(yield->getOpOperand(index), layout);
  }

  /// Result `index` of `ifOp` and what each branch yields for it move
  /// together.
  bool retypeBranches(scf::IfOp ifOp, unsigned index, Attribute layout) {
    if (!retype(ifOp.getResult(index), layout))
      return false;
    for (Region &region : ifOp->getRegions())
      if (!region.empty() &&
          !needs(region.front().getTerminator()->getOpOperand(index), layout))
        return false;
    return true;
  }

  bool visitUses(Value value) {
    Attribute layout = layouts.lookup(value);
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()))
        if (arg.getArgNumber() > 0 &&
            !retypeCarried(loop, arg.getArgNumber() - 1, layout))
          return false;
    } else if (auto loop = value.getDefiningOp<scf::ForOp>()) {
      if (!retypeCarried(loop, cast<OpResult>(value).getResultNumber(), layout))
        return false;
    } else if (auto ifOp = value.getDefiningOp<scf::IfOp>()) {
      if (!retypeBranches(ifOp, cast<OpResult>(value).getResultNumber(),
                          layout))
        return false;
    }
    auto blocked = dyn_cast<BlockedLayoutAttr>(layout);
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (isPureElementwise(user)) {
        if (!retype(user->getResult(0), layout) || !needsAll(user, layout))
          return false;
      } else if (auto reshape = dyn_cast<ReshapeOp>(user)) {
        if (!retype(reshape.getResult(),
                    getReshapedLayout(blocked,
                                      reshape.getSrc().getType().getShape(),
                                      reshape.getType().getShape())))
          return false;
      } else if (auto split = dyn_cast<SplitOp>(user)) {
        BlockedLayoutAttr halves =
            blocked ? getUnpairedLayout(blocked) : nullptr;
        if (!retype(split.getOutLHS(), halves) ||
            !retype(split.getOutRHS(), halves))
          return false;
      } else if (auto yield = dyn_cast<scf::YieldOp>(user)) {
        if (auto ifOp = dyn_cast<scf::IfOp>(yield->getParentOp())) {
          if (!retypeBranches(ifOp, use.getOperandNumber(), layout))
            return false;
          continue;
        }
        auto loop = dyn_cast<scf::ForOp>(yield->getParentOp());
        if (!loop || !retypeCarried(loop, use.getOperandNumber(), layout))
          return false;
      } else if (auto loop = dyn_cast<scf::ForOp>(user)) {
        if (use.getOperandNumber() < loop.getNumControlOperands() ||
            !retypeCarried(
                loop, use.getOperandNumber() - loop.getNumControlOperands(),
                layout))
          return false;
      } else if (auto reduce = dyn_cast<ReduceOp>(user)) {
        // Tensor results take the slice of the operands' layout.
        for (Value result : reduce->getResults()) {
          if (!isa<RankedTensorType>(result.getType()))
            continue;
          auto distributed = dyn_cast<DistributedLayoutAttr>(layout);
          if (!distributed ||
              !retype(result,
                      SliceLayoutAttr::get(user->getContext(), reduce.getAxis(),
                                           distributed)))
            return false;
        }
        if (!needsAll(reduce, layout))
          return false;
      } else if (auto scan = dyn_cast<ScanOp>(user);
                 scan && isBlockedOrSliceOfBlocked(layout)) {
        // Operands and results share the layout. A blocked one (or a slice
        // of one) scans in place whatever its distribution along the axis,
        // as Triton's do: fla's chunked cumulative sums scan a load's values
        // along their rows instead of converting them to a layout of a
        // column a thread and back for the store. Other layouts keep the
        // scan's through a conversion where that runs less often (escape,
        // below): an accumulator's mma layout leaves its loop so.
        if (!needsAll(scan, layout))
          return false;
        for (Value result : scan->getResults())
          if (!retype(result, layout))
            return false;
      } else if (auto expand = dyn_cast<ExpandDimsOp>(user)) {
        auto slice = dyn_cast<SliceLayoutAttr>(layout);
        if (!slice || slice.getDim() != expand.getAxis() ||
            !retype(expand.getResult(), slice.getParent()))
          return false;
      } else if (auto broadcast = dyn_cast<BroadcastOp>(user)) {
        if (!retype(broadcast.getResult(), layout))
          return false;
      } else if (auto store = dyn_cast<StoreOp>(user)) {
        // A store keeps the layout its pointers were given (coalescing).
        if (!isa<RankedTensorType>(store.getPtr().getType()) ||
            layoutOf(store.getPtr()) != layout || !needsAll(store, layout))
          if (!escape(use))
            return false;
      } else if (isa<DescriptorStoreOp, LocalAllocOp>(user)) {
        // Goes to shared memory first, from any layout (a warpgroup dot's
        // operand: attention's P, in the first dot's accumulator layout).
      } else if (!isa<ConvertLayoutOp>(user) && !escape(use)) {
        return false;
      }
    }
    return true;
  }

  /// A use that keeps the value's current layout through a conversion back,
  /// allowed where that conversion runs fewer times than the one removed
  /// (runsLessOften: a loop-carried accumulator stored after its loop, or
  /// in a persistent kernel's epilogue branch).
  bool escape(OpOperand &use) {
    if (!runsLessOften(use))
      return false;
    escapes.push_back({&use, use.get().getType()});
    return true;
  }

  void apply() {
    OpBuilder builder(convert);
    for (auto [use, layout] : converted) {
      // A loop's init value is converted before the loop, a value defined
      // outside a loop around the conversion where it is defined.
      Value value = use->get();
      if (layoutOf(value) == layout)
        continue;
      if (isInvariantAround(value))
        builder.setInsertionPointAfterValue(value);
      else
        builder.setInsertionPoint(use->getOwner());
      use->set(ConvertLayoutOp::create(builder, value.getLoc(),
                                       withEncoding(value.getType(), layout),
                                       value));
    }
    for (auto [value, layout] : layouts)
      if (value != convert.getResult())
        value.setType(withEncoding(value.getType(), layout));
    for (auto [use, type] : escapes) {
      builder.setInsertionPoint(use->getOwner());
      Value value = use->get();
      use->set(ConvertLayoutOp::create(builder, value.getLoc(), type, value));
    }
    convert.getResult().replaceAllUsesWith(convert.getSrc());
    convert.erase();
  }

  static constexpr int64_t kMinBudgetPerThread = 8;

  ConvertLayoutOp convert;
  int64_t threads;
  llvm::MapVector<Value, Attribute> layouts;
  llvm::MapVector<OpOperand *, Attribute> converted;
  int64_t convertedBytes = 0;
  SmallVector<std::pair<OpOperand *, Attribute>> pending;
  SmallVector<std::pair<OpOperand *, Type>> escapes;
  SmallVector<Value> worklist;
};

/// `layout` with a warp's threads along the fastest dimension covering at
/// most 128 bytes of `type`'s elements, the rest of them along the next
/// dimension: the same vectors, each warp access still whole 128-byte
/// lines, but a smaller block that the layout repeats along the fastest
/// dimension. Null where there is nothing to move or the next dimension
/// has no room.
BlockedLayoutAttr getNarrowerLayout(BlockedLayoutAttr layout,
                                    RankedTensorType type) {
  if (type.getRank() < 2)
    return {};
  ArrayRef<unsigned> order = layout.getDimOrder();
  unsigned fast = order[0], next = order[1];
  int64_t vectorBytes =
      layout.getSizePerThread()[fast] * getScratchElementBytes(type);
  unsigned most = std::max<int64_t>(1, 128 / vectorBytes);
  SmallVector<unsigned> threads(layout.getThreads());
  if (threads[fast] <= most)
    return {};
  unsigned moved = threads[fast] / most;
  threads[fast] = most;
  threads[next] *= moved;
  if (type.getDimSize(next) % (int64_t(layout.getSizePerThread()[next]) *
                               threads[next] * layout.getWarps()[next]))
    return {};
  return BlockedLayoutAttr::get(layout.getContext(), layout.getSizePerThread(),
                                threads, layout.getWarps(), order);
}

/// store(convert_layout(x)) -> store(x) where the conversion needs more
/// scratch than a round (kConvertRoundBytes): the store converts its value
/// itself, round by round, storing each round's elements before the next
/// is written (so the registers of the whole result are never live at
/// once, and the scratch is a round's). Where the store's layout leaves no
/// rounds, it takes the narrower one whose block allows them if its
/// pointers and mask can be computed there (the backward rewrite then
/// does).
bool foldConversionsIntoStores(ModuleOp module) {
  bool changed = false;
  module.walk([&](StoreOp store) {
    auto convert = store.getValue().getDefiningOp<ConvertLayoutOp>();
    if (!convert || !convert->hasOneUse())
      return;
    RankedTensorType src = convert.getSrc().getType();
    RankedTensorType dst = convert.getType();
    if (!getDistributedLayout(src) ||
        getConvertScratchBytes(src, src.getShape()) <= kConvertRoundBytes)
      return;
    if (getConvertRounds(src, dst).count == 1) {
      auto blocked = dyn_cast<BlockedLayoutAttr>(dst.getEncoding());
      BlockedLayoutAttr narrower =
          blocked ? getNarrowerLayout(blocked, dst) : BlockedLayoutAttr();
      if (!narrower ||
          getConvertRounds(src, withEncoding(dst, narrower)).count == 1)
        return;
      // Only where the pointers and the mask cost nothing there: converting
      // them instead of the value would move more.
      for (Value operand : {store.getPtr(), store.getMask()})
        if (operand && !isFreeIn(operand, narrower))
          return;
      OpBuilder builder(store);
      for (OpOperand &operand : store->getOpOperands()) {
        if (operand.get() == convert.getResult())
          continue;
        Value value = operand.get();
        operand.set(ConvertLayoutOp::create(
            builder, value.getLoc(), withEncoding(value.getType(), narrower),
            value));
      }
    }
    store.getValueMutable().assign(convert.getSrc());
    convert.erase();
    changed = true;
  });
  return changed;
}

class RemoveLayoutConversions
    : public tile::impl::RemoveLayoutConversionsBase<RemoveLayoutConversions> {
public:
  using Base::Base;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    // Without a warp count: no reloads, and no operand converted for its
    // bytes alone (ForwardPropagation::withinBudget).
    int64_t threads = 0;
    if (auto warps = getOperation()->getAttrOfType<IntegerAttr>(
            TileGPUDialect::getNumWarpsAttrName()))
      threads = warps.getInt() * getThreadsPerWarp(getOperation());
    // In this order (equal benefits apply in the order added): a
    // conversion of a broadcast moves before it before it can sink past a
    // comparison of two broadcasts, each in one layout, which would
    // otherwise sink back and forth.
    patterns.add<RematerializeInTargetLayout>(&getContext(), threads);
    patterns.add<CarryInTargetLayout, SinkConversionPastNarrowing>(
        &getContext());
    patterns.add<ReloadInTargetLayout>(&getContext(), threads);
    ConvertLayoutOp::getCanonicalizationPatterns(patterns, &getContext());
    FrozenRewritePatternSet frozen(std::move(patterns));
    // Forward moves can depend on each other through values that the
    // backward rewrites recompute (a reduction's result broadcast back), so
    // the two alternate until no forward move applies.
    for (unsigned round = 0; round < 4; ++round) {
      SmallVector<ConvertLayoutOp> converts;
      getOperation().walk([&](ConvertLayoutOp op) { converts.push_back(op); });
      bool moved = false;
      for (ConvertLayoutOp convert : converts)
        moved |= ForwardPropagation(convert, threads).run();
      if (failed(applyPatternsGreedily(getOperation(), frozen)))
        return signalPassFailure();
      if (!moved)
        break;
    }
    if (foldConversionsIntoStores(getOperation()) &&
        failed(applyPatternsGreedily(getOperation(), frozen)))
      return signalPassFailure();
  }
};

} // namespace
