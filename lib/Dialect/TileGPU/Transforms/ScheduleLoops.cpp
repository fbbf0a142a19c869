//===- ScheduleLoops.cpp - what tile-pipeline issues ahead, and how -------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Decides, per loop, which loads are copied ahead into rings of buffers,
// which warpgroup dots stay in flight and whether a producer warp issues
// the copies, and records it as attributes for tile-pipeline.
//
//===----------------------------------------------------------------------===//

#include "PipelineUtils.h"
#include "tile/Dialect/TileGPU/Transforms/Passes.h"

#include "tile/Analysis/Alignment.h"
#include "tile/Analysis/Uniformity.h"
#include "tile/Dialect/TileGPU/IR/Target.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tile {
#define GEN_PASS_DEF_SCHEDULELOOPS
#include "tile/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

/// The loop's warpgroup dot that can run asynchronously
/// (canCarryInFlight), if any.
WarpgroupDotOp getAsyncDot(scf::ForOp loop, ArrayRef<Stream> streams) {
  for (auto dot : loop.getBody()->getOps<WarpgroupDotOp>())
    if (canCarryInFlight(loop, dot, streams))
      return dot;
  return {};
}

/// A warpgroup dot of `loop`'s body whose products only the next iteration
/// needs, carried back as an iteration argument that the next iteration
/// reads after a synchronous warpgroup dot (attention's P * V, rescaled
/// after the next Q * K^T): it can run asynchronously, the next
/// iteration's products queued behind it on the tensor cores, its wait
/// free after that synchronous dot. The next iteration must not write the
/// dot's buffers before then: a buffer of the body (not one of `streams`,
/// whose copies go to other stages) stored before the synchronous dot, or
/// stored after it from a value also stored before it (CSE makes the two
/// one buffer), would be. Flex attention's backward stores K^T for Q * K^T
/// and reads it again, through a transposed view, for dS * K. Returns the
/// dot and that synchronous dot, or nulls.
std::pair<WarpgroupDotOp, WarpgroupDotOp>
getDeferredDot(scf::ForOp loop, ArrayRef<Stream> streams) {
  Block *body = loop.getBody();
  for (auto dot : body->getOps<WarpgroupDotOp>()) {
    if (dot.getIsAsync() || !dot->hasOneUse())
      continue;
    OpOperand &use = *dot->use_begin();
    if (use.getOwner() != body->getTerminator())
      continue;
    WarpgroupDotOp sync =
        getSyncDotBefore(loop, loop.getRegionIterArg(use.getOperandNumber()));
    if (!sync)
      continue;
    auto storedBeforeWait = [&](Value operand) {
      while (auto view = operand.getDefiningOp<BufferTransOp>())
        operand = view.getSrc();
      auto alloc = operand.getDefiningOp<LocalAllocOp>();
      if (!alloc || alloc->getBlock() != body || !alloc.getSrc() ||
          llvm::any_of(streams, [&](const Stream &stream) {
            return stream.alloc == alloc;
          }))
        return false;
      return llvm::any_of(alloc.getSrc().getUsers(), [&](Operation *user) {
        auto store = dyn_cast<LocalAllocOp>(user);
        return store && store.getType() == alloc.getType() &&
               store->getBlock() == body && store->isBeforeInBlock(sync);
      });
    };
    if (!storedBeforeWait(dot.getA()) && !storedBeforeWait(dot.getB()))
      return {dot, sync};
  }
  return {};
}

/// 32-bit registers a thread holds for `value`, estimated from its
/// elements spread over the block's `threads` (what a layout replicates is
/// not counted): a scalar, a splat or a constant takes one; a broadcast or
/// expand_dims holds what its operand does.
int64_t estimateRegisters(Value value, int64_t threads) {
  while (isa_and_present<BroadcastOp, ExpandDimsOp>(value.getDefiningOp()))
    value = value.getDefiningOp()->getOperand(0);
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || isa_and_present<SplatOp>(value.getDefiningOp()) ||
      matchPattern(value, m_Constant()))
    return 1;
  Type element = type.getElementType();
  int64_t bits =
      isa<PointerType>(element) ? 64 : element.getIntOrFloatBitWidth();
  return std::max<int64_t>(
      1, llvm::divideCeil(type.getNumElements() * bits, 32 * threads));
}

/// The registers (estimateRegisters) of the tensors live right after
/// `point`, an op of `loop`'s body: read later in the body and defined
/// before, in the body or outside the loop.
int64_t estimateLiveRegisters(scf::ForOp loop, Operation *point,
                              int64_t threads) {
  Block *body = loop.getBody();
  llvm::SmallPtrSet<Value, 32> live;
  for (Operation *op = point->getNextNode(); op; op = op->getNextNode())
    op->walk([&](Operation *user) {
      for (Value operand : user->getOperands()) {
        if (!isa<RankedTensorType>(operand.getType()))
          continue;
        Operation *def = operand.getDefiningOp();
        if (!def) {
          // Block arguments of ops after the point are defined there.
          if (cast<BlockArgument>(operand).getOwner() == body ||
              !loop->isAncestor(operand.getParentBlock()->getParentOp()))
            live.insert(operand);
          continue;
        }
        Operation *ancestor = body->findAncestorOpInBlock(*def);
        if (ancestor ? !point->isBeforeInBlock(ancestor)
                     : !loop->isAncestor(def))
          live.insert(operand);
      }
    });
  int64_t total = 0;
  for (Value value : live)
    total += estimateRegisters(value, threads);
  return total;
}

/// A loop that restarts an accumulation on some iterations yields
/// select(%reset, zeros, %d) for the warpgroup dot %d on its accumulator
/// (canonicalization's form of a flattened persistent loop, whose epilogue
/// on each tile's last step hands the next tile zeros). The select reads
/// the products every iteration, so the dot could never stay in flight.
/// Instead %d is carried with %reset, and the next iteration's dot adds its
/// accumulator only if %reset was false (`accumulate if`). Returns the
/// loop, replaced if rewritten.
scf::ForOp carryResetAsFlag(scf::ForOp loop) {
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (auto dot : loop.getBody()->getOps<WarpgroupDotOp>()) {
    // Other readers of the accumulator would see %d where the select gave
    // them zeros.
    auto acc = dyn_cast<BlockArgument>(dot.getC());
    if (!acc || acc.getOwner() != loop.getBody() || acc.getArgNumber() == 0 ||
        !acc.hasOneUse() || dot.getUseC())
      continue;
    unsigned index = acc.getArgNumber() - 1;
    auto select = yield.getOperand(index).getDefiningOp<arith::SelectOp>();
    if (!select || !select->hasOneUse() ||
        select.getFalseValue() != dot.getResult() ||
        !select.getCondition().getType().isInteger(1) ||
        !loop.isDefinedOutsideOfLoop(select.getTrueValue()) ||
        !matchPattern(select.getTrueValue(), m_AnyZeroFloat()))
      continue;
    Location loc = select.getLoc();
    Value zeros = select.getTrueValue();
    IRRewriter rewriter(loop.getContext());
    rewriter.setInsertionPoint(loop);
    Value no = arith::ConstantIntOp::create(rewriter, loc, 0, 1);
    Value reset = select.getCondition();
    // The kernel's own loop attributes (tile.num_stages) stay with it.
    DictionaryAttr attrs = loop->getDiscardableAttrDictionary();
    FailureOr<LoopLikeOpInterface> replaced = loop.replaceWithAdditionalYields(
        rewriter, no, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
          return SmallVector<Value>{reset};
        });
    if (failed(replaced))
      return loop;
    auto newLoop = cast<scf::ForOp>(replaced->getOperation());
    newLoop->setDiscardableAttrs(attrs);
    Value wasReset = newLoop.getRegionIterArgs().back();
    rewriter.setInsertionPoint(dot);
    Value yes = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
    Value useC = arith::XOrIOp::create(rewriter, loc, wasReset, yes);
    rewriter.modifyOpInPlace(dot, [&] { dot.getUseCMutable().assign(useC); });
    Operation *newYield = newLoop.getBody()->getTerminator();
    rewriter.modifyOpInPlace(
        newYield, [&] { newYield->setOperand(index, dot.getResult()); });
    rewriter.eraseOp(select);
    // After the loop: the accumulator as the select would have left it.
    Value result = newLoop.getResult(index);
    if (!result.use_empty()) {
      rewriter.setInsertionPointAfter(newLoop);
      auto after = arith::SelectOp::create(
          rewriter, loc, newLoop.getResults().back(), zeros, result);
      rewriter.replaceAllUsesExcept(result, after, after);
    }
    return newLoop;
  }
  return loop;
}

/// Rewrites `loop` (constant step `step` >= 1 and lower bound `lb`, the
/// step other than 1 or the bound below 0, compared signed) in place to
/// count its iterations from 0 by 1, up to ceil((ub - lb) / step), with
/// the induction value lb + i * step computed at the top of the body
/// (attention's `range(0, hi, BLOCK_N)`; a loop Triton rewrote from a
/// backward range, `range(n - 1, -1, -1)`, counts from -1): stage indices
/// are then the iteration count, as for a loop of step 1 from 0.
void normalize(scf::ForOp loop, int64_t lb, int64_t step) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Type type = loop.getInductionVar().getType();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, v));
  };
  // max(ub, lb) - lb: no iteration for an upper bound below the lower one.
  // It wraps where ub - lb exceeds the type's largest value (a negative
  // lower bound and an upper one near that value), which real loops do
  // not reach.
  Value span = arith::SubIOp::create(
      b, loc,
      arith::MaxSIOp::create(b, loc, loop.getUpperBound(), constant(lb)),
      constant(lb));
  Value trips = arith::CeilDivSIOp::create(b, loc, span, constant(step));
  Value iv = loop.getInductionVar();
  b.setInsertionPointToStart(loop.getBody());
  auto scaled = arith::MulIOp::create(b, loc, iv, constant(step));
  Value value = arith::AddIOp::create(b, loc, scaled, constant(lb));
  iv.replaceAllUsesExcept(value, scaled);
  b.setInsertionPoint(loop);
  loop.getLowerBoundMutable().assign(constant(0));
  loop.getUpperBoundMutable().assign(trips);
  loop.getStepMutable().assign(constant(1));
}

class ScheduleLoops : public tile::impl::ScheduleLoopsBase<ScheduleLoops> {
public:
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    if (numStages < 2 && llvm::none_of(loops, [&](scf::ForOp loop) {
          return getLoopStages(loop) >= 2;
        }))
      return;
    // TMA needs sm_90; tile-lower-descriptors reports the loads
    // otherwise.
    auto target = getOperation()->getAttrOfType<StringAttr>(
        TileGPUDialect::getTargetAttrName());
    hasTMA = target && parseSmVersion(target.getValue()) >= 90;
    // Multicast copies are for the architecture-specific target: ptxas
    // warns that on plain sm_90 code they may be slow on later GPUs.
    clusterSize = target && hasArchSpecificFeatures(target.getValue())
                      ? getClusterSize(getOperation())
                      : 1;
    // A producer's "empty" barriers count the kernel's warps.
    bool anySpecialized =
        warpSpecialize || llvm::any_of(loops, [&](scf::ForOp loop) {
          return getLoopWarpSpecialize(loop);
        });
    if (anySpecialized &&
        failed(getNumWarpsOrError(getOperation(), "tile-schedule-loops")))
      return signalPassFailure();
    if (loops.empty())
      return;
    // Rewritten loops get new block arguments, so before the analysis.
    for (scf::ForOp &loop : loops)
      loop = carryResetAsFlag(loop);
    const ModuleAlignmentAnalysis &alignment =
        getAnalysis<ModuleAlignmentAnalysis>();
    for (scf::ForOp loop : loops)
      schedule(loop, alignment);
  }

private:
  bool hasTMA = false;

  int64_t getLoopStages(scf::ForOp loop) const {
    return tile::getLoopStages(loop, numStages);
  }

  /// Whether a loop's TMA loads may come from a producer warp: the loop's
  /// own choice, where the kernel gives one (Triton's
  /// `tl.range(..., warp_specialize=...)`, TTIR's tt.warp_specialize),
  /// else the pass's.
  bool getLoopWarpSpecialize(scf::ForOp loop) const {
    Attribute own = loop->getAttr(TileDialect::getWarpSpecializeAttrName());
    if (auto flag = dyn_cast_or_null<BoolAttr>(own))
      return flag.getValue();
    return own ? isa<UnitAttr>(own) : bool(warpSpecialize);
  }
  /// CTAs per cluster that may share multicast copies (1: none).
  unsigned clusterSize = 1;

  void schedule(scf::ForOp loop, const ModuleAlignmentAnalysis &alignment) {
    int64_t stages = getLoopStages(loop);
    if (stages < 2)
      return;
    // Stage indices are (iv + c) rem S, which needs iv >= 0 and consecutive
    // iterations to take consecutive stages: a loop of another constant
    // step or start with loads to stage is first rewritten to count by 1
    // from 0.
    if (!isPipelinable(loop))
      return;
    int64_t lb = *getConstantIntValue(loop.getLowerBound());
    int64_t step = *getConstantIntValue(loop.getStep());
    auto collect = [&] {
      SmallVector<Stream> streams;
      for (Operation &op : *loop.getBody()) {
        if (isa<DescriptorLoadOp>(op) && !hasTMA)
          continue;
        std::optional<Stream> stream = getStream(loop, &op);
        if (!stream)
          continue;
        if (auto load = dyn_cast<LoadOp>(op);
            load && !isAsyncCopy(load, stream->alloc.getType(), alignment))
          continue;
        streams.push_back(std::move(*stream));
      }
      return streams;
    };
    SmallVector<Stream> streams = collect();
    if (streams.empty())
      return;
    if (step != 1 || lb < 0) {
      normalize(loop, lb, step);
      streams = collect();
    }
    bool anyCopy = llvm::any_of(
        streams, [](const Stream &stream) { return !stream.getTMALoad(); });
    bool anyTMA = llvm::any_of(streams, [](const Stream &stream) {
      return bool(stream.getTMALoad());
    });

    Builder b(loop.getContext());
    loop->setAttr(TileGPUDialect::getNumStagesAttrName(),
                  b.getI32IntegerAttr(stages));
    for (const Stream &stream : streams)
      stream.load->setAttr(TileGPUDialect::getStagedAttrName(),
                           b.getUnitAttr());

    SmallVector<Operation *> sink;
    bool specialize = getLoopWarpSpecialize(loop) && anyTMA && !anyCopy &&
                      canSpecialize(loop, sink) && !readsAnyOf(streams, sink);
    if (specialize) {
      loop->setAttr(TileNVGPUDialect::getWarpSpecializedAttrName(),
                    b.getUnitAttr());
      // Loads that every CTA of the cluster makes alike, in the same
      // iterations, are multicast (producer to producer, the stages'
      // handover then cluster-wide).
      ClusterUniformity &uniformity = getAnalysis<ClusterUniformity>();
      if (clusterSize > 1 && uniformity.hasUniformBounds(loop))
        for (const Stream &stream : streams) {
          DescriptorLoadOp tma = stream.getTMALoad();
          if (uniformity.isUniform(tma.getDesc()) &&
              llvm::all_of(tma.getIndices(), [&](Value index) {
                return uniformity.isUniform(index);
              }))
            tma->setAttr(TileNVGPUDialect::getMulticastAttrName(),
                         b.getUnitAttr());
        }
    }
    // A warpgroup dot on the staged buffers, accumulating in a loop-carried
    // value, runs asynchronously; otherwise a dot whose products only the
    // next iteration needs does.
    StringRef async = "carried";
    WarpgroupDotOp dot = getAsyncDot(loop, streams), sync;
    if (!dot && !specialize) {
      std::tie(dot, sync) = getDeferredDot(loop, streams);
      async = "deferred";
    }
    if (!dot)
      return;
    dot->setAttr(TileNVGPUDialect::getAsyncDotAttrName(),
                 b.getStringAttr(async));
    // The copies ahead go where their stage is free, after the next
    // iteration's synchronous dot, for the longest lead. Unless the tensors
    // live there (that dot's products among them) take more than three
    // quarters of a thread's registers: the copies' addresses would then
    // spill, and the copies go last, where the products have been used (as
    // Triton places them).
    if (sync && crowdsRegisters(loop, sync))
      loop->setAttr(TileGPUDialect::getIssueLastAttrName(), b.getUnitAttr());
  }

  /// Whether the tensors live after `sync`, the synchronous dot a deferred
  /// dot waits behind, fill more than three quarters of a thread's
  /// registers.
  bool crowdsRegisters(scf::ForOp loop, WarpgroupDotOp sync) {
    auto warps = getOperation()->getAttrOfType<IntegerAttr>(
        TileGPUDialect::getNumWarpsAttrName());
    if (!warps)
      return false;
    int64_t threads = warps.getInt() * getThreadsPerWarp(getOperation());
    int64_t budget = std::min<int64_t>(255, 65536 / threads);
    return 4 * estimateLiveRegisters(loop, sync, threads) > 3 * budget;
  }
};

} // namespace
