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
// global-memory latency overlaps the loop's math.
//
//===----------------------------------------------------------------------===//

#include "PipelineUtils.h"
#include "tile/Dialect/TileGPU/Transforms/Passes.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::tile {
#define GEN_PASS_DEF_PIPELINE
#include "tile/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

/// One stage of a ring: the ring's type without its leading dimension.
BufferType getStageType(Value ring) {
  auto type = cast<BufferType>(ring.getType());
  return BufferType::get(type.getContext(), type.getShape().drop_front(),
                         type.getElementType(), type.getEncoding(),
                         /*mutableMemory=*/true);
}

/// The last tile.dot of `loop`'s body (a synchronous one) on what a stage
/// of `streams` loaded with tilegpu.local_load.
DotOp getStageDot(scf::ForOp loop, ArrayRef<Stream> streams) {
  Block *body = loop.getBody();
  DotOp last;
  for (const Stream &stream : streams)
    for (Operation *read : stream.alloc->getUsers())
      if (isa<LocalLoadOp>(read))
        for (Operation *user : read->getUsers())
          if (auto dot = dyn_cast<DotOp>(user);
              dot && dot->getBlock() == body &&
              (!last || last->isBeforeInBlock(dot)))
            last = dot;
  return last;
}

/// A warpgroup dot left in flight until the next iteration's synchronous
/// warpgroup dot `waitAfter`.
struct DeferredDot {
  WarpgroupDotOp dot, waitAfter;
};

/// What tile-schedule-loops decided for a loop: its stage count and lower
/// bound, the streams (and which are multicast), whether a producer warp
/// issues them (and the ops that move to the kernel's warps with the
/// loop), and the dot left in flight with the iteration argument its
/// products are carried in.
struct Schedule {
  int64_t stages = 0, lb = 0;
  bool specialize = false;
  SmallVector<Stream> streams;
  SmallVector<bool> multicast;
  bool anyCopy = false, anyTMA = false, anyMulticast = false;
  int64_t tmaBytes = 0;
  SmallVector<Operation *> sink;
  unsigned numWarps = 0, clusterSize = 1;
  WarpgroupDotOp asyncDot;
  std::optional<DeferredDot> deferred;
  unsigned accIndex = 0;
};

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
                             TileNVGPUDialect::getMulticastAttrName(),
                             TileNVGPUDialect::getAsyncDotAttrName(),
                             TileNVGPUDialect::getWarpSpecializedAttrName()})
        if (op->hasAttr(name)) {
          op->emitOpError()
              << "has '" << name << "' outside the body of a loop with '"
              << TileGPUDialect::getNumStagesAttrName() << "'";
          return WalkResult::interrupt();
        }
      return WalkResult::advance();
    });
    if (leftover.wasInterrupted())
      return signalPassFailure();
  }

private:
  /// Puts `loop` and what follows it into the default region of a new
  /// tilenv.warp_specialize (with the tensor ops in `sink`), and builds the
  /// producer: a copy of the loop that waits for each iteration's stage to
  /// be empty, then issues its copies (`issue`, loop-carried inputs
  /// advanced with `advance`).
  static void buildProducer(
      OpBuilder &b, scf::ForOp loop, int64_t lb, ArrayRef<Stream> streams,
      ArrayRef<Operation *> sink, Value emptyBarriers, int64_t stages,
      bool clusterWide, function_ref<Value(Value)> toI32,
      function_ref<void(Value, Value, function_ref<Value(BlockArgument)>)>
          issue,
      function_ref<Value(BlockArgument, Value, int64_t)> advance) {
    Location loc = loop.getLoc();
    auto split = WarpSpecializeOp::create(b, loc);
    Block *consumer = &split.getDefaultRegion().emplaceBlock();
    Block *body = split->getBlock();
    consumer->getOperations().splice(consumer->end(), body->getOperations(),
                                     loop->getIterator(),
                                     body->getTerminator()->getIterator());
    for (Operation *op : llvm::reverse(sink))
      op->moveBefore(consumer, consumer->begin());

    b.setInsertionPointToStart(&split.getProducer().emplaceBlock());
    SmallVector<BlockArgument> carried;
    for (const Stream &stream : streams)
      for (BlockArgument arg : stream.carried)
        if (!llvm::is_contained(carried, arg))
          carried.push_back(arg);
    SmallVector<Value> inits =
        llvm::map_to_vector(carried, [&](BlockArgument arg) {
          return loop.getInitArgs()[arg.getArgNumber() - 1];
        });
    auto copies =
        scf::ForOp::create(b, loc, loop.getLowerBound(), loop.getUpperBound(),
                           loop.getStep(), inits);
    Block *copyBody = copies.getBody();
    if (carried.empty())
      b.setInsertionPoint(copyBody->getTerminator());
    else
      b.setInsertionPointToStart(copyBody);
    DenseMap<BlockArgument, Value> current;
    for (auto [arg, now] : llvm::zip(carried, copies.getRegionIterArgs()))
      current[arg] = now;
    // Use k of a stage waits for the readers' k-th release (phase k - 1,
    // parity (k & 1) ^ 1; a fresh barrier counts as past phase -1).
    Value iv = toI32(copies.getInductionVar());
    Value stageCount = arith::ConstantIntOp::create(b, loc, stages, 32);
    Value slot = arith::RemUIOp::create(b, loc, iv, stageCount);
    Value round = arith::DivUIOp::create(
        b, loc,
        arith::SubIOp::create(b, loc, iv,
                              arith::ConstantIntOp::create(b, loc, lb, 32)),
        stageCount);
    Value one = arith::ConstantIntOp::create(b, loc, 1, 32);
    Value parity = arith::XOrIOp::create(
        b, loc, arith::AndIOp::create(b, loc, round, one), one);
    WaitBarrierOp::create(b, loc,
                          BufferIndexOp::create(b, loc,
                                                getStageType(emptyBarriers),
                                                emptyBarriers, slot),
                          parity);
    issue(copies.getInductionVar(), slot,
          [&](BlockArgument arg) { return current.lookup(arg); });
    if (!carried.empty())
      scf::YieldOp::create(b, loc,
                           llvm::map_to_vector(carried, [&](BlockArgument arg) {
                             return advance(arg, current.lookup(arg), 1);
                           }));
    // The cluster's barriers stay valid until every CTA's thread is done
    // with them (the kernel's warps meet here before invalidating them).
    if (clusterWide) {
      b.setInsertionPointAfter(copies);
      ClusterBarrierOp::create(b, loc);
    }
  }

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
    FailureOr<Schedule> read = readSchedule(loop);
    if (failed(read))
      return failure();
    if (read->streams.empty())
      return success();
    Schedule &schedule = *read;
    int64_t stages = schedule.stages;
    std::optional<int64_t> lb = schedule.lb;
    bool specialize = schedule.specialize;
    SmallVector<Stream> &streams = schedule.streams;
    ArrayRef<bool> multicast = schedule.multicast;
    bool anyCopy = schedule.anyCopy, anyTMA = schedule.anyTMA,
         anyMulticast = schedule.anyMulticast;
    int64_t tmaBytes = schedule.tmaBytes;
    ArrayRef<Operation *> sink = schedule.sink;
    unsigned numWarps = schedule.numWarps, clusterSize = schedule.clusterSize;
    WarpgroupDotOp asyncDot = schedule.asyncDot;
    std::optional<DeferredDot> &deferred = schedule.deferred;
    unsigned accIndex = schedule.accIndex;
    int64_t distance = stages - 1;
    Location loc = loop.getLoc();
    OpBuilder b(loop);
    Value iv = loop.getInductionVar();
    Type ivType = iv.getType();
    Value ub = loop.getUpperBound();
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantOp::create(b, loc, b.getIntegerAttr(ivType, v));
    };
    auto toI32 = [&](Value v) -> Value {
      if (v.getType().isInteger(32))
        return v;
      if (v.getType().isIndex())
        return arith::IndexCastOp::create(b, loc, b.getI32Type(), v);
      return arith::TruncIOp::create(b, loc, b.getI32Type(), v);
    };

    // One ring of `stages` buffers per stream.
    SmallVector<Value> rings;
    for (Stream &stream : streams) {
      BufferType type = stream.alloc.getType();
      SmallVector<int64_t> shape = {stages};
      llvm::append_range(shape, type.getShape());
      auto ringType =
          BufferType::get(&getContext(), shape, type.getElementType(),
                          type.getEncoding(), /*mutable=*/true);
      rings.push_back(LocalAllocOp::create(b, loc, ringType, Value()));
    }
    // TMA copies complete on one mbarrier per stage, armed once a stage
    // with all of its streams' bytes.
    // A warp-specialized loop's stages also have "empty" barriers, which
    // each of the kernel's warps arrives on once it is done reading.
    Value barriers, emptyBarriers;
    auto stageOfRing = [&](Value ring, Value slot) -> Value {
      return BufferIndexOp::create(b, loc, getStageType(ring), ring, slot);
    };
    auto barrierOf = [&](Value slot) { return stageOfRing(barriers, slot); };
    // Each stage's barriers, initialized before the loop, invalidated after.
    SmallVector<Value> stageBarriers;
    auto initBarriers = [&](int64_t count) {
      Value ring = LocalAllocOp::create(
          b, loc, getMBarrierType(&getContext(), stages), Value());
      for (int64_t s = 0; s < stages; ++s) {
        stageBarriers.push_back(
            stageOfRing(ring, arith::ConstantIntOp::create(b, loc, s, 32)));
        InitBarrierOp::create(b, loc, stageBarriers.back(), count);
      }
      return ring;
    };
    if (anyTMA)
      barriers = initBarriers(1);
    if (specialize)
      emptyBarriers = initBarriers(numWarps * (anyMulticast ? clusterSize : 1));
    // Every CTA's barriers are initialized before any CTA signals another's.
    if (anyMulticast)
      ClusterBarrierOp::create(b, loc);

    // `base` advanced by `steps` iterations of loop-carried value `arg`.
    auto advance = [&](BlockArgument arg, Value base, int64_t steps) -> Value {
      if (steps == 0)
        return base;
      Value step = getInductionStep(loop, arg);
      Type stepType = step.getType();
      TypedAttr count = b.getIntegerAttr(getElementTypeOrSelf(stepType), steps);
      if (auto shaped = dyn_cast<ShapedType>(stepType))
        count = DenseElementsAttr::get(shaped, count);
      Value scaled = arith::MulIOp::create(
          b, loc, step, arith::ConstantOp::create(b, loc, count));
      if (isa<PointerType>(getElementTypeOrSelf(base.getType())))
        return AddPtrOp::create(b, loc, base.getType(), base, scaled);
      return arith::AddIOp::create(b, loc, base, scaled);
    };

    // Copies of every stream for the iteration at `at` into stage `slot`,
    // masked off past the upper bound: cp.async ones as one group, TMA ones
    // on the stage's mbarrier. Loop-carried inputs are `carried(arg)` there.
    auto issue = [&](Value at, Value slot,
                     function_ref<Value(BlockArgument)> carried,
                     bool inBounds = false) {
      Value inRange =
          inBounds
              ? arith::ConstantIntOp::create(b, loc, 1, 1).getResult()
              : arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, at, ub)
                    .getResult();
      SmallVector<Value> tokens;
      Value barrier;
      if (anyTMA) {
        barrier = barrierOf(slot);
        BarrierExpectOp::create(b, loc, barrier, tmaBytes, inRange);
      }
      for (auto [stream, ring, shared] : llvm::zip(streams, rings, multicast)) {
        IRMapping mapping;
        mapping.map(iv, at);
        for (BlockArgument arg : stream.carried)
          mapping.map(arg, carried(arg));
        for (Operation *op : stream.slice)
          b.clone(*op, mapping);
        auto stageOf = [&] {
          return BufferIndexOp::create(b, loc, getStageType(ring), ring, slot);
        };
        if (DescriptorLoadOp tma = stream.getTMALoad()) {
          SmallVector<Value> indices;
          for (Value index : tma.getIndices())
            indices.push_back(mapping.lookupOrDefault(index));
          AsyncTMACopyOp::create(b, loc, tma.getDesc(), indices, stageOf(),
                                 barrier, inRange, shared);
          continue;
        }
        auto load = cast<LoadOp>(stream.load);
        auto maskType = cast<RankedTensorType>(load.getPtr().getType())
                            .clone(b.getI1Type());
        Value mask = SplatOp::create(b, loc, maskType, inRange);
        if (load.getMask())
          mask = arith::AndIOp::create(
              b, loc, mapping.lookupOrDefault(load.getMask()), mask);
        Value other = load.getOther() ? mapping.lookupOrDefault(load.getOther())
                                      : Value();
        tokens.push_back(AsyncCopyGlobalToLocalOp::create(
            b, loc, AsyncTokenType::get(&getContext()),
            mapping.lookupOrDefault(load.getPtr()), stageOf(), mask, other,
            load.getCacheAttr(), load.getEvictAttr()));
      }
      if (anyCopy)
        AsyncCommitGroupOp::create(b, loc, AsyncTokenType::get(&getContext()),
                                   tokens);
    };

    // Prologue: iterations lb .. lb + distance - 1, or the producer.
    if (specialize)
      buildProducer(
          b, loop, *lb, streams, sink, emptyBarriers, stages, anyMulticast,
          toI32,
          [&](Value at, Value slot,
              function_ref<Value(BlockArgument)> carried) {
            issue(at, slot, carried, /*inBounds=*/true);
          },
          advance);
    else
      for (int64_t i = 0; i < distance; ++i)
        issue(constant(*lb + i),
              arith::ConstantIntOp::create(b, loc, (*lb + i) % stages, 32),
              [&](BlockArgument arg) {
                return advance(arg, loop.getInitArgs()[arg.getArgNumber() - 1],
                               i);
              });

    // Each iteration: wait for its own group and its stage's mbarrier (the
    // ((iv - lb) / stages)-th phase of it), issue the copies `distance`
    // ahead (after the dot's wait for an asynchronous dot, after a
    // synchronous tile.dot for TMA copies), read its stage.
    b.setInsertionPointToStart(loop.getBody());
    if (anyCopy)
      AsyncWaitOp::create(b, loc, AsyncTokenType::get(&getContext()),
                          ValueRange(), distance - 1);
    Value stageCount = arith::ConstantIntOp::create(b, loc, stages, 32);
    Value slot;
    if (anyTMA) {
      slot = arith::RemUIOp::create(b, loc, toI32(iv), stageCount);
      Value round = arith::DivUIOp::create(
          b, loc,
          arith::SubIOp::create(b, loc, toI32(iv),
                                arith::ConstantIntOp::create(b, loc, *lb, 32)),
          stageCount);
      Value phase = arith::AndIOp::create(
          b, loc, round, arith::ConstantIntOp::create(b, loc, 1, 32));
      WaitBarrierOp::create(b, loc, barrierOf(slot), phase);
    }
    // The asynchronous dot: right after it, a wait that leaves only its own
    // products in flight, and the copies after that wait. Uses that need
    // the products (an epilogue in an scf.if) wait for all of them first.
    if (asyncDot) {
      if (!slot)
        slot = arith::RemUIOp::create(b, loc, toI32(iv), stageCount);
      asyncDot.setIsAsync(true);
      b.setInsertionPointAfter(asyncDot);
      auto pending = WarpgroupDotWaitOp::create(b, loc, asyncDot.getType(),
                                                asyncDot.getResult(), 1);
      asyncDot.getResult().replaceAllUsesExcept(pending.getResult(0), pending);
      DenseMap<Block *, Value> done;
      SmallVector<OpOperand *> uses = llvm::map_to_vector(
          pending.getResult(0).getUses(), [](OpOperand &use) { return &use; });
      for (OpOperand *use : uses) {
        if (isCarriedBack(*use, loop, accIndex))
          continue;
        Block *block = use->getOwner()->getBlock();
        Value &all = done[block];
        if (!all) {
          OpBuilder inside = OpBuilder::atBlockBegin(block);
          all = WarpgroupDotWaitOp::create(inside, loc, asyncDot.getType(),
                                           pending.getResult(0), 0)
                    .getResult(0);
        }
        use->set(all);
      }
    }
    if (deferred) {
      BlockArgument arg = loop.getRegionIterArg(accIndex);
      if (!slot)
        slot = arith::RemUIOp::create(b, loc, toI32(iv), stageCount);
      deferred->dot.setIsAsync(true);
      b.setInsertionPointAfter(deferred->waitAfter);
      auto wait = WarpgroupDotWaitOp::create(b, loc, arg.getType(), arg, 0);
      arg.replaceAllUsesExcept(wait.getResult(0), wait);
    }
    if (specialize) {
      // The stage goes back to the producer once this iteration's reads of
      // it are done: after the next iteration's wait for an asynchronous
      // dot (here, for the previous iteration's stage), at the end of the
      // iteration otherwise.
      Value done = slot, pred = arith::ConstantIntOp::create(b, loc, 1, 1);
      if (asyncDot) {
        Value previous = arith::AddIOp::create(
            b, loc, toI32(iv),
            arith::ConstantIntOp::create(b, loc, stages - 1, 32));
        done = arith::RemUIOp::create(b, loc, previous, stageCount);
        pred = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, iv,
                                     loop.getLowerBound());
      } else {
        b.setInsertionPoint(loop.getBody()->getTerminator());
      }
      ArriveBarrierOp::create(b, loc, stageOfRing(emptyBarriers, done), pred,
                              anyMulticast);
    } else {
      // TMA copies for a synchronous tile.dot go after it: the warps start
      // their products as soon as the stage has landed, and the CTA
      // barrier before the copies (the stage they refill was read the
      // iteration before) waits behind the products in flight. Together
      // with the lowering's branch around copies that follow a tile.dot
      // (tile-plan-lowering marks them tilegpu.branched), which pays only
      // with this order (docs/performance.md). Not with 2 stages, whose
      // copies would then be waited for right after they are issued; not
      // for cp.async copies, which are slower issued that late.
      if (!asyncDot && !anyCopy && stages >= 3)
        if (DotOp dot = getStageDot(loop, streams))
          b.setInsertionPointAfter(dot);
      Value ahead = arith::AddIOp::create(b, loc, iv, constant(distance));
      Value aheadSlot =
          arith::RemUIOp::create(b, loc, toI32(ahead), stageCount);
      issue(ahead, aheadSlot,
            [&](BlockArgument arg) { return advance(arg, arg, distance); });
    }
    if (!slot)
      slot = arith::RemUIOp::create(b, loc, toI32(iv), stageCount);
    for (auto [stream, ring] : llvm::zip(streams, rings)) {
      b.setInsertionPoint(stream.alloc);
      Value stage =
          BufferIndexOp::create(b, loc, getStageType(ring), ring, slot);
      stream.alloc.replaceAllUsesWith(stage);
      stream.alloc.erase();
      stream.load->erase();
    }

    // After the loop: the last dot is done and every copy has landed
    // before the ring is freed.
    b.setInsertionPointAfter(loop);
    if (asyncDot || deferred) {
      Value result = loop.getResult(accIndex);
      auto done =
          WarpgroupDotWaitOp::create(b, loc, result.getType(), result, 0);
      result.replaceAllUsesExcept(done.getResult(0), done);
    }
    if (anyCopy)
      AsyncWaitOp::create(b, loc, AsyncTokenType::get(&getContext()),
                          ValueRange(), 0);
    if (anyTMA) {
      // Every TMA copy in range was waited for in its iteration (and the
      // producer is past its last wait); with multicast, the other CTAs'
      // warps are done arriving on this one's barriers too.
      if (anyMulticast)
        ClusterBarrierOp::create(b, loc);
      for (Value barrier : stageBarriers)
        InvalBarrierOp::create(b, loc, barrier);
      LocalDeallocOp::create(b, loc, barriers);
      if (emptyBarriers)
        LocalDeallocOp::create(b, loc, emptyBarriers);
    }
    for (Value ring : rings)
      LocalDeallocOp::create(b, loc, ring);
    return success();
  }
};

} // namespace
