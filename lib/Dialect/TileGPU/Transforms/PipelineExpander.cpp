//===- PipelineExpander.cpp - carrying out a loop's schedule --------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The expansion of a scheduled loop, in the order its parts are built:
// rings and barriers before the loop, the prologue (or the producer warp),
// the waits at the top of the body, the asynchronous dots' waits, the
// stage's release or the copies ahead, the stage reads, and the cleanup
// after the loop. One builder walks through all of them, so each part
// continues where the one before it left the insertion point.
//
//===----------------------------------------------------------------------===//

#include "PipelineExpander.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/MapVector.h"

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

class Expander {
public:
  Expander(scf::ForOp loop, Schedule &schedule)
      : loop(loop), s(schedule), b(loop), loc(loop.getLoc()),
        ctx(loop.getContext()), iv(loop.getInductionVar()),
        distance(schedule.stages - 1) {}

  void expand() {
    for (const Stream &stream : s.streams)
      for (auto [arg, update] : llvm::zip(stream.carried, stream.updates))
        if (!update.empty())
          recurrences[arg] = update;
    allocateRings();
    initStageBarriers();
    if (s.specialize) {
      buildProducer();
    } else {
      issuePrologue();
      if (!recurrences.empty())
        carryAhead();
    }
    b.setInsertionPointToStart(loop.getBody());
    waitForStage();
    if (s.asyncDot)
      waitForAsyncDot();
    if (s.deferred)
      waitForDeferredDot();
    if (s.specialize)
      releaseStage();
    else
      issueAhead();
    readStages();
    cleanUpAfter();
  }

private:
  Value i32(int64_t v) { return arith::ConstantIntOp::create(b, loc, v, 32); }

  /// `v` of the induction variable's type.
  Value constant(int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(iv.getType(), v));
  }

  Value toI32(Value v) {
    if (v.getType().isInteger(32))
      return v;
    if (v.getType().isIndex())
      return arith::IndexCastOp::create(b, loc, b.getI32Type(), v);
    return arith::TruncIOp::create(b, loc, b.getI32Type(), v);
  }

  Value stageOfRing(Value ring, Value slot) {
    return BufferIndexOp::create(b, loc, getStageType(ring), ring, slot);
  }

  /// This iteration's stage, iv mod stages, made where first needed.
  Value getSlot() {
    if (!slot)
      slot = arith::RemUIOp::create(b, loc, toI32(iv), stageCount);
    return slot;
  }

  /// One ring of `stages` buffers per stream.
  void allocateRings() {
    for (Stream &stream : s.streams) {
      BufferType type = stream.alloc.getType();
      SmallVector<int64_t> shape = {s.stages};
      llvm::append_range(shape, type.getShape());
      auto ringType = BufferType::get(ctx, shape, type.getElementType(),
                                      type.getEncoding(), /*mutable=*/true);
      rings.push_back(LocalAllocOp::create(b, loc, ringType, Value()));
    }
  }

  /// A ring of one mbarrier per stage expecting `count` arrivals,
  /// initialized before the loop (and invalidated after it).
  Value initBarriers(int64_t count) {
    Value ring =
        LocalAllocOp::create(b, loc, getMBarrierType(ctx, s.stages), Value());
    for (int64_t stage = 0; stage < s.stages; ++stage) {
      stageBarriers.push_back(stageOfRing(ring, i32(stage)));
      InitBarrierOp::create(b, loc, stageBarriers.back(), count);
    }
    return ring;
  }

  /// TMA copies complete on one mbarrier per stage, armed once a stage
  /// with all of its streams' bytes. A warp-specialized loop's stages also
  /// have "empty" barriers, which each of the kernel's warps arrives on
  /// once it is done reading.
  void initStageBarriers() {
    if (s.anyTMA)
      barriers = initBarriers(1);
    if (s.specialize)
      emptyBarriers =
          initBarriers(s.numWarps * (s.anyMulticast ? s.clusterSize : 1));
    // Every CTA's barriers are initialized before any CTA signals another's.
    if (s.anyMulticast)
      ClusterBarrierOp::create(b, loc);
  }

  /// Clones `op` of a stream's slice or a recurrence for the iteration at
  /// `at`: a load there is masked off where that iteration is past the
  /// loop's end (its value is then not used, and its address may be out of
  /// bounds).
  void cloneFor(Operation *op, IRMapping &mapping, Value at) {
    auto load = dyn_cast<LoadOp>(op);
    if (!load) {
      b.clone(*op, mapping);
      return;
    }
    Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, at,
                                          loop.getUpperBound());
    if (auto type = dyn_cast<RankedTensorType>(load.getPtr().getType()))
      inRange = SplatOp::create(b, loc, type.clone(b.getI1Type()), inRange);
    if (Value mask = load.getMask())
      inRange =
          arith::AndIOp::create(b, loc, mapping.lookupOrDefault(mask), inRange);
    cast<LoadOp>(b.clone(*op, mapping)).getMaskMutable().assign(inRange);
  }

  /// `base`, the value of loop-carried `arg` at the iteration at `at`,
  /// advanced by `steps` iterations: by a multiple of its step, or its
  /// recurrence run `steps` times.
  Value advance(BlockArgument arg, Value base, Value at, int64_t steps) {
    if (steps == 0)
      return base;
    Value step = getInductionStep(loop, arg);
    if (!step) {
      SmallVector<Operation *> update = recurrences.lookup(arg);
      Value next =
          loop.getBody()->getTerminator()->getOperand(arg.getArgNumber() - 1);
      for (int64_t k = 0; k < steps; ++k) {
        Value iteration =
            k ? arith::AddIOp::create(b, loc, at, constant(k)).getResult() : at;
        IRMapping mapping;
        mapping.map(iv, iteration);
        mapping.map(arg, base);
        for (Operation *op : update)
          cloneFor(op, mapping, iteration);
        base = mapping.lookupOrDefault(next);
      }
      return base;
    }
    Type stepType = step.getType();
    TypedAttr count = b.getIntegerAttr(getElementTypeOrSelf(stepType), steps);
    if (auto shaped = dyn_cast<ShapedType>(stepType))
      count = DenseElementsAttr::get(shaped, count);
    Value scaled = arith::MulIOp::create(
        b, loc, step, arith::ConstantOp::create(b, loc, count));
    if (isa<PointerType>(getElementTypeOrSelf(base.getType())))
      return AddPtrOp::create(b, loc, base.getType(), base, scaled);
    return arith::AddIOp::create(b, loc, base, scaled);
  }

  /// The copy of `stream` (its inputs mapped by `mapping`) into stage
  /// `slot` of `ring`: a TMA copy completing on `barrier`, or a cp.async
  /// copy, whose token it returns.
  Value copyStream(const Stream &stream, IRMapping &mapping, Value ring,
                   Value slot, Value barrier, Value inRange, bool shared) {
    if (DescriptorLoadOp tma = stream.getTMALoad()) {
      SmallVector<Value> indices;
      for (Value index : tma.getIndices())
        indices.push_back(mapping.lookupOrDefault(index));
      AsyncTMACopyOp::create(b, loc, tma.getDesc(), indices,
                             stageOfRing(ring, slot), barrier, inRange, shared);
      return Value();
    }
    auto load = cast<LoadOp>(stream.load);
    auto maskType =
        cast<RankedTensorType>(load.getPtr().getType()).clone(b.getI1Type());
    Value mask = SplatOp::create(b, loc, maskType, inRange);
    if (load.getMask())
      mask = arith::AndIOp::create(
          b, loc, mapping.lookupOrDefault(load.getMask()), mask);
    Value other =
        load.getOther() ? mapping.lookupOrDefault(load.getOther()) : Value();
    return AsyncCopyGlobalToLocalOp::create(
        b, loc, AsyncTokenType::get(ctx),
        mapping.lookupOrDefault(load.getPtr()), stageOfRing(ring, slot), mask,
        other, load.getCacheAttr(), load.getEvictAttr());
  }

  /// Copies of every stream for the iteration at `at` into stage `slot`,
  /// masked off past the upper bound: cp.async ones as one group, TMA ones
  /// on the stage's mbarrier. Loop-carried inputs are `carried(arg)` there.
  void issue(Value at, Value slot, function_ref<Value(BlockArgument)> carried,
             bool inBounds = false) {
    Value inRange =
        inBounds ? arith::ConstantIntOp::create(b, loc, 1, 1).getResult()
                 : arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, at,
                                         loop.getUpperBound())
                       .getResult();
    SmallVector<Value> tokens;
    Value barrier;
    if (s.anyTMA) {
      barrier = stageOfRing(barriers, slot);
      BarrierExpectOp::create(b, loc, barrier, s.tmaBytes, inRange);
    }
    for (auto [stream, ring, shared] :
         llvm::zip(s.streams, rings, s.multicast)) {
      IRMapping mapping;
      mapping.map(iv, at);
      for (BlockArgument arg : stream.carried)
        mapping.map(arg, carried(arg));
      for (Operation *op : stream.slice)
        cloneFor(op, mapping, at);
      if (Value token =
              copyStream(stream, mapping, ring, slot, barrier, inRange, shared))
        tokens.push_back(token);
    }
    if (s.anyCopy)
      AsyncCommitGroupOp::create(b, loc, AsyncTokenType::get(ctx), tokens);
  }

  /// Iterations lb .. lb + distance - 1, before the loop.
  void issuePrologue() {
    for (int64_t i = 0; i < distance; ++i)
      issue(constant(s.lb + i), i32((s.lb + i) % s.stages),
            [&](BlockArgument arg) {
              return advance(arg, loop.getInitArgs()[arg.getArgNumber() - 1],
                             constant(s.lb), i);
            });
  }

  /// Each recurrence is also carried `distance` iterations ahead, in a
  /// new iteration argument, for the copies ahead: each iteration then runs
  /// it once, for the iteration its copies are for, rather than `distance`
  /// times from its own value. The loop is rebuilt with those arguments;
  /// the schedule's block arguments are remapped to the new loop's.
  void carryAhead() {
    SmallVector<BlockArgument> args =
        llvm::to_vector(llvm::make_first_range(recurrences));
    llvm::sort(args, [](BlockArgument x, BlockArgument y) {
      return x.getArgNumber() < y.getArgNumber();
    });
    SmallVector<Value> inits =
        llvm::map_to_vector(args, [&](BlockArgument arg) {
          return advance(arg, loop.getInitArgs()[arg.getArgNumber() - 1],
                         constant(s.lb), distance);
        });
    // The old body's arguments go with it: their numbers, read first, name
    // the new ones.
    SmallVector<SmallVector<unsigned>> streamArgs =
        llvm::map_to_vector(s.streams, [](const Stream &stream) {
          return llvm::map_to_vector(stream.carried, [](BlockArgument arg) {
            return arg.getArgNumber();
          });
        });
    SmallVector<std::pair<unsigned, SmallVector<Operation *>>> updates =
        llvm::map_to_vector(args, [&](BlockArgument arg) {
          return std::make_pair(arg.getArgNumber(), recurrences.lookup(arg));
        });
    IRRewriter rewriter(ctx);
    rewriter.setInsertionPoint(loop);
    auto grown = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
        rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
        [](OpBuilder &, Location, ArrayRef<BlockArgument> added) {
          return SmallVector<Value>(added.begin(), added.end());
        }));
    loop = grown;
    iv = loop.getInductionVar();
    Block *body = loop.getBody();
    for (auto [stream, numbers] : llvm::zip(s.streams, streamArgs))
      for (auto [arg, number] : llvm::zip(stream.carried, numbers))
        arg = body->getArgument(number);
    recurrences.clear();
    for (auto [index, update] : llvm::enumerate(updates)) {
      BlockArgument now = body->getArgument(update.first);
      recurrences[now] = std::move(update.second);
      carriedAhead[now] = loop.getRegionIterArgs()[loop.getNumRegionIterArgs() -
                                                   args.size() + index];
    }
    b.setInsertionPoint(loop);
  }

  /// Puts the loop and what follows it into the default region of a new
  /// tilenv.warp_specialize (with the tensor ops of the schedule's sink),
  /// and builds the producer: a copy of the loop that waits for each
  /// iteration's stage to be empty, then issues its copies.
  void buildProducer() {
    auto split = WarpSpecializeOp::create(b, loc);
    Block *consumer = &split.getDefaultRegion().emplaceBlock();
    Block *body = split->getBlock();
    consumer->getOperations().splice(consumer->end(), body->getOperations(),
                                     loop->getIterator(),
                                     body->getTerminator()->getIterator());
    for (Operation *op : llvm::reverse(s.sink))
      op->moveBefore(consumer, consumer->begin());

    b.setInsertionPointToStart(&split.getProducer().emplaceBlock());
    SmallVector<BlockArgument> carried;
    for (const Stream &stream : s.streams)
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
    Value at = toI32(copies.getInductionVar());
    Value stages = i32(s.stages);
    Value slot = arith::RemUIOp::create(b, loc, at, stages);
    Value round = arith::DivUIOp::create(
        b, loc, arith::SubIOp::create(b, loc, at, i32(s.lb)), stages);
    Value one = i32(1);
    Value parity = arith::XOrIOp::create(
        b, loc, arith::AndIOp::create(b, loc, round, one), one);
    WaitBarrierOp::create(b, loc, stageOfRing(emptyBarriers, slot), parity);
    issue(
        copies.getInductionVar(), slot,
        [&](BlockArgument arg) { return current.lookup(arg); },
        /*inBounds=*/true);
    if (!carried.empty())
      scf::YieldOp::create(b, loc,
                           llvm::map_to_vector(carried, [&](BlockArgument arg) {
                             return advance(arg, current.lookup(arg),
                                            copies.getInductionVar(), 1);
                           }));
    // The cluster's barriers stay valid until every CTA's thread is done
    // with them (the kernel's warps meet here before invalidating them).
    if (s.anyMulticast) {
      b.setInsertionPointAfter(copies);
      ClusterBarrierOp::create(b, loc);
    }
  }

  /// At the top of the body: the wait for this iteration's cp.async group
  /// and for its stage's mbarrier (the ((iv - lb) / stages)-th phase).
  void waitForStage() {
    if (s.anyCopy)
      AsyncWaitOp::create(b, loc, AsyncTokenType::get(ctx), ValueRange(),
                          distance - 1);
    stageCount = i32(s.stages);
    if (!s.anyTMA)
      return;
    Value stageSlot = getSlot();
    Value round = arith::DivUIOp::create(
        b, loc, arith::SubIOp::create(b, loc, toI32(iv), i32(s.lb)),
        stageCount);
    Value phase = arith::AndIOp::create(b, loc, round, i32(1));
    WaitBarrierOp::create(b, loc, stageOfRing(barriers, stageSlot), phase);
  }

  /// Right after the asynchronous dot, a wait that leaves only its own
  /// products in flight (the copies ahead follow it). Uses that need the
  /// products (an epilogue in an scf.if) wait for all of them first.
  void waitForAsyncDot() {
    WarpgroupDotOp dot = s.asyncDot;
    getSlot();
    dot.setIsAsync(true);
    b.setInsertionPointAfter(dot);
    auto pending =
        WarpgroupDotWaitOp::create(b, loc, dot.getType(), dot.getResult(), 1);
    dot.getResult().replaceAllUsesExcept(pending.getResult(0), pending);
    DenseMap<Block *, Value> done;
    SmallVector<OpOperand *> uses = llvm::map_to_vector(
        pending.getResult(0).getUses(), [](OpOperand &use) { return &use; });
    for (OpOperand *use : uses) {
      if (isCarriedBack(*use, loop, s.accIndex))
        continue;
      Block *block = use->getOwner()->getBlock();
      Value &all = done[block];
      if (!all) {
        OpBuilder inside = OpBuilder::atBlockBegin(block);
        all = WarpgroupDotWaitOp::create(inside, loc, dot.getType(),
                                         pending.getResult(0), 0)
                  .getResult(0);
      }
      use->set(all);
    }
  }

  /// The deferred dot's products are waited for after the next iteration's
  /// synchronous dot, which completes them.
  void waitForDeferredDot() {
    BlockArgument arg = loop.getRegionIterArg(s.accIndex);
    getSlot();
    s.deferred->dot.setIsAsync(true);
    b.setInsertionPointAfter(s.deferred->waitAfter);
    auto wait = WarpgroupDotWaitOp::create(b, loc, arg.getType(), arg, 0);
    arg.replaceAllUsesExcept(wait.getResult(0), wait);
  }

  /// The stage goes back to the producer once this iteration's reads of it
  /// are done: after the next iteration's wait for an asynchronous dot
  /// (here, for the previous iteration's stage), at the end of the
  /// iteration otherwise.
  void releaseStage() {
    Value done = slot, pred = arith::ConstantIntOp::create(b, loc, 1, 1);
    if (s.asyncDot) {
      Value previous =
          arith::AddIOp::create(b, loc, toI32(iv), i32(s.stages - 1));
      done = arith::RemUIOp::create(b, loc, previous, stageCount);
      pred = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, iv,
                                   loop.getLowerBound());
    } else {
      b.setInsertionPoint(loop.getBody()->getTerminator());
    }
    ArriveBarrierOp::create(b, loc, stageOfRing(emptyBarriers, done), pred,
                            s.anyMulticast);
  }

  /// The copies `distance` iterations ahead. TMA copies for a synchronous
  /// tile.dot go after it: the warps start their products as soon as the
  /// stage has landed, and the CTA barrier before the copies (the stage
  /// they refill was read the iteration before) waits behind the products
  /// in flight. Together with the lowering's branch around copies that
  /// follow a tile.dot (tile-plan-lowering marks them tilegpu.branched),
  /// which pays only with this order (docs/performance.md). Not with 2
  /// stages, whose copies would then be waited for right after they are
  /// issued; not for cp.async copies, which are slower issued that late.
  /// At the end of the body where the schedule says so.
  void issueAhead() {
    if (!s.asyncDot && !s.anyCopy && s.stages >= 3)
      if (DotOp dot = getStageDot(loop, s.streams))
        b.setInsertionPointAfter(dot);
    if (s.issueLast)
      b.setInsertionPoint(loop.getBody()->getTerminator());
    Value ahead = arith::AddIOp::create(b, loc, iv, constant(distance));
    Value aheadSlot = arith::RemUIOp::create(b, loc, toI32(ahead), stageCount);
    issue(ahead, aheadSlot, [&](BlockArgument arg) {
      if (Value value = carriedAhead.lookup(arg))
        return value;
      return advance(arg, arg, iv, distance);
    });
    // The recurrences carried ahead move one iteration on.
    if (carriedAhead.empty())
      return;
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(yield);
    for (auto [arg, value] : carriedAhead)
      yield->setOperand(value.getArgNumber() - 1,
                        advance(arg, value, ahead, 1));
  }

  /// Each stream's buffer becomes this iteration's stage of its ring.
  void readStages() {
    Value stageSlot = getSlot();
    for (auto [stream, ring] : llvm::zip(s.streams, rings)) {
      b.setInsertionPoint(stream.alloc);
      Value stage = stageOfRing(ring, stageSlot);
      stream.alloc.replaceAllUsesWith(stage);
      stream.alloc.erase();
      // A transposed view of the stage is of its mutable memory too.
      for (Operation *user : stage.getUsers())
        if (auto view = dyn_cast<BufferTransOp>(user)) {
          BufferType type = view.getType();
          view.getResult().setType(BufferType::get(
              ctx, type.getShape(), type.getElementType(), type.getEncoding(),
              /*mutableMemory=*/true));
        }
      stream.load->erase();
    }
  }

  /// After the loop: the last dot is done and every copy has landed before
  /// the ring is freed.
  void cleanUpAfter() {
    b.setInsertionPointAfter(loop);
    if (s.asyncDot || s.deferred) {
      Value result = loop.getResult(s.accIndex);
      auto done =
          WarpgroupDotWaitOp::create(b, loc, result.getType(), result, 0);
      result.replaceAllUsesExcept(done.getResult(0), done);
    }
    if (s.anyCopy)
      AsyncWaitOp::create(b, loc, AsyncTokenType::get(ctx), ValueRange(), 0);
    if (s.anyTMA) {
      // Every TMA copy in range was waited for in its iteration (and the
      // producer is past its last wait); with multicast, the other CTAs'
      // warps are done arriving on this one's barriers too.
      if (s.anyMulticast)
        ClusterBarrierOp::create(b, loc);
      for (Value barrier : stageBarriers)
        InvalBarrierOp::create(b, loc, barrier);
      LocalDeallocOp::create(b, loc, barriers);
      if (emptyBarriers)
        LocalDeallocOp::create(b, loc, emptyBarriers);
    }
    for (Value ring : rings)
      LocalDeallocOp::create(b, loc, ring);
  }

  scf::ForOp loop;
  Schedule &s;
  OpBuilder b;
  Location loc;
  MLIRContext *ctx;
  Value iv;
  int64_t distance;
  SmallVector<Value> rings;
  Value barriers, emptyBarriers;
  SmallVector<Value> stageBarriers;
  Value stageCount, slot;
  /// The streams' loop-carried inputs that advance by a recurrence, and
  /// its ops (read before the body changes).
  DenseMap<BlockArgument, SmallVector<Operation *>> recurrences;
  /// For each recurrence carried ahead (carryAhead), the iteration
  /// argument with its value `distance` iterations on.
  llvm::MapVector<BlockArgument, BlockArgument> carriedAhead;
};

} // namespace

void mlir::tile::expandPipeline(scf::ForOp loop, Schedule &schedule) {
  Expander(loop, schedule).expand();
}
