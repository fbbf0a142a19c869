//===- SoftwarePipeline.cpp - loads issued stages ahead into buffers ------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Carries out tile-schedule-loops' schedule: the loads a loop stages
// through shared memory (tile.load or tile.descriptor_load ->
// tilegpu.local_alloc -> tilegpu.local_load or tilenv.warpgroup_dot, the
// operands of a tensor-core dot) become cp.async or TMA copies issued
// num_stages - 1 iterations ahead into a ring of buffers, so that
// global-memory latency overlaps the loop's math. The pass reads and
// checks the schedule; PipelineExpander.cpp rewrites the loop for it.
//
//===----------------------------------------------------------------------===//

#include "PipelineExpander.h"
#include "tile/Dialect/TileGPU/Transforms/Passes.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_PIPELINE
#include "tile/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

class Pipeline : public tile::impl::PipelineBase<Pipeline> {
public:
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->hasAttr(TileGPUDialect::getNumStagesAttrName()))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      if (failed(pipeline(loop)))
        return signalPassFailure();
    // What a scheduled loop did not read was scheduled for nothing.
    WalkResult leftover = getOperation().walk([](Operation *op) {
      for (StringRef name : {TileGPUDialect::getStagedAttrName(),
                             TileGPUDialect::getIssueLastAttrName(),
                             TileNVGPUDialect::getMulticastAttrName(),
                             TileNVGPUDialect::getAsyncDotAttrName(),
                             TileNVGPUDialect::getWarpSpecializedAttrName()})
        if (op->hasAttr(name)) {
          // The loop's own attributes are read with its stage count.
          bool onLoop = name == TileGPUDialect::getIssueLastAttrName() ||
                        name == TileNVGPUDialect::getWarpSpecializedAttrName();
          op->emitOpError()
              << "has '" << name
              << (onLoop ? "' but no '" : "' outside the body of a loop with '")
              << TileGPUDialect::getNumStagesAttrName() << "'";
          return WalkResult::interrupt();
        }
      return WalkResult::advance();
    });
    if (leftover.wasInterrupted())
      return signalPassFailure();
  }

private:
  /// The streams of `loop` that tile-schedule-loops staged, and what it
  /// decided for them (its attributes removed); fails, with an error, where
  /// the loop no longer fits its schedule.
  FailureOr<Schedule> readSchedule(scf::ForOp loop) {
    Schedule schedule;
    if (auto count = loop->getAttrOfType<IntegerAttr>(
            TileGPUDialect::getNumStagesAttrName()))
      schedule.stages = count.getValue().trySExtValue().value_or(0);
    loop->removeAttr(TileGPUDialect::getNumStagesAttrName());
    schedule.specialize =
        loop->removeAttr(TileNVGPUDialect::getWarpSpecializedAttrName()) !=
        nullptr;
    schedule.issueLast =
        loop->removeAttr(TileGPUDialect::getIssueLastAttrName()) != nullptr;
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    if (schedule.stages < 2 || !lb || *lb < 0 || step != 1)
      return loop.emitOpError()
             << "cannot be pipelined: it needs a constant lower bound of at "
                "least 0, a step of 1 and 2 or more stages";
    schedule.lb = *lb;
    for (Operation &op : *loop.getBody()) {
      if (!op.removeAttr(TileGPUDialect::getStagedAttrName()))
        continue;
      std::optional<Stream> stream = getStream(loop, &op);
      if (!stream)
        return op.emitOpError()
               << "is staged but cannot be copied ahead: its only use must "
                  "be a shared buffer its loop reads, its operands computed "
                  "in the loop without side effects";
      schedule.streams.push_back(std::move(*stream));
      schedule.multicast.push_back(
          op.removeAttr(TileNVGPUDialect::getMulticastAttrName()) != nullptr);
    }
    for (auto [stream, shared] :
         llvm::zip(schedule.streams, schedule.multicast)) {
      if (DescriptorLoadOp tma = stream.getTMALoad()) {
        schedule.anyTMA = true;
        schedule.tmaBytes += tma.getDesc().getType().getBlockBytes();
      } else {
        schedule.anyCopy = true;
      }
      schedule.anyMulticast |= shared;
    }
    if (schedule.specialize &&
        (schedule.anyCopy || !canSpecialize(loop, schedule.sink) ||
         readsAnyOf(schedule.streams, schedule.sink)))
      return loop.emitOpError()
             << "cannot be warp-specialized: it needs TMA copies only, and "
                "to sit in its kernel's body after nothing but ops the "
                "extra warp can run or pure tensor ops that the copies do "
                "not read";
    // Multicast copies hand their stages back cluster-wide, through the
    // producers' empty barriers.
    if (schedule.anyMulticast && !schedule.specialize)
      return loop.emitOpError()
             << "multicasts copies without a producer "
                "warp ('"
             << TileNVGPUDialect::getWarpSpecializedAttrName() << "')";
    if (schedule.specialize) {
      FailureOr<unsigned> warps =
          getNumWarpsOrError(getOperation(), "tile-pipeline");
      if (failed(warps))
        return failure();
      schedule.numWarps = *warps;
      if (schedule.anyMulticast)
        schedule.clusterSize = getClusterSize(getOperation());
    }
    // The dot left in flight, and the iteration argument its products are
    // carried in.
    for (auto dot : loop.getBody()->getOps<WarpgroupDotOp>()) {
      auto kind = dot->getAttrOfType<StringAttr>(
          TileNVGPUDialect::getAsyncDotAttrName());
      if (!kind)
        continue;
      dot->removeAttr(TileNVGPUDialect::getAsyncDotAttrName());
      if (schedule.asyncDot || schedule.deferred)
        return dot.emitOpError()
               << "is a second warpgroup dot left in flight in its loop, "
                  "which keeps one";
      if (kind.getValue() == "carried") {
        if (!canCarryInFlight(loop, dot, schedule.streams))
          return dot.emitOpError()
                 << "cannot be carried in flight: it needs staged operands, "
                    "an iteration argument as its accumulator that only it "
                    "reads, and its result carried back to it";
        schedule.asyncDot = dot;
        schedule.accIndex = cast<BlockArgument>(dot.getC()).getArgNumber() - 1;
        continue;
      }
      if (schedule.specialize)
        return dot.emitOpError() << "is deferred in a warp-specialized loop, "
                                    "whose stages go back before the next "
                                    "iteration's dot";
      OpOperand *use = dot->hasOneUse() ? &*dot->use_begin() : nullptr;
      WarpgroupDotOp sync;
      if (use && use->getOwner() == loop.getBody()->getTerminator())
        sync = getSyncDotBefore(loop,
                                loop.getRegionIterArg(use->getOperandNumber()));
      if (!sync)
        return dot.emitOpError()
               << "is deferred, but its products are not carried to a "
                  "synchronous warpgroup dot of the next iteration";
      schedule.deferred = DeferredDot{dot, sync};
      schedule.accIndex = use->getOperandNumber();
    }
    return schedule;
  }

  /// Carries out the schedule of `loop`.
  LogicalResult pipeline(scf::ForOp loop) {
    FailureOr<Schedule> schedule = readSchedule(loop);
    if (failed(schedule))
      return failure();
    if (!schedule->streams.empty())
      expandPipeline(loop, *schedule);
    return success();
  }
};

} // namespace
