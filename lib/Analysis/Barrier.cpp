//===- Barrier.cpp - where threads must synchronize on shared memory ------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "tile/Analysis/Barrier.h"

#include "BarrierState.h"
#include "ProducerHandshake.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;
using namespace mlir::tile::barrier;

std::string BarrierReason::describe() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  switch (kind) {
  case Kind::ReadAfterWrite:
    os << "read after write";
    break;
  case Kind::WriteAfterRead:
    os << "write after read";
    break;
  case Kind::WriteAfterWrite:
    os << "write after write";
    break;
  }
  os << " of [" << interval.first << ", " << interval.second << ")";
  return text;
}

namespace {

class Analyzer {
public:
  Analyzer(FuncOp fn, const ModuleAllocation &allocation,
           llvm::MapVector<Operation *, BarrierReason> &barriers)
      : fn(fn), allocation(allocation), info(allocation.getFunction(fn)),
        barriers(barriers) {
    // Committed groups are tracked up to one more than the most any wait
    // leaves in flight on their queue.
    fn.walk([&](AsyncOpInterface op) {
      if (op.getAsyncStep() != AsyncStep::Wait ||
          op.getAsyncQueue() == AsyncQueue::MBarrier)
        return;
      size_t &limit = groupLimit[size_t(op.getAsyncQueue())];
      limit = std::max<size_t>(limit, op.getAsyncPendingGroups() + 1);
    });
  }

  LogicalResult run() {
    if (!info || fn.isExternal())
      return success();
    Pending exit = visitRegion(fn.getBody(), Pending());
    // A kernel's shared memory goes to the next block when it ends (and a
    // callee's back to its caller): a TMA store must have read its buffer
    // by then.
    Intervals reading = bytesOf(Pending::flatten(exit.bulkReadGroups));
    if (!reading.empty()) {
      fn.emitOpError() << "may return while a TMA store is still reading "
                          "shared memory ["
                       << reading.front().first << ", "
                       << reading.front().second
                       << "): wait for it first (tilenv.async_tma_store_wait)";
      reporter.failed = true;
    }
    return failure(reporter.failed);
  }

private:
  /// The state after running `region` from `state`, over its CFG.
  Pending visitRegion(Region &region, const Pending &state) {
    if (region.empty())
      return state;
    if (region.hasOneBlock())
      return visitBlock(region.front(), state);
    // Several blocks (branches): iterate block in-states to a fixed point.
    DenseMap<Block *, Pending> in;
    in[&region.front()] = state;
    SmallVector<Block *> worklist = {&region.front()};
    Pending exit;
    bool exitSeen = false;
    while (!worklist.empty()) {
      Block *block = worklist.pop_back_val();
      Pending out = visitBlock(*block, in[block]);
      if (block->getNumSuccessors() == 0) {
        if (exitSeen)
          exit.join(out);
        else
          exit = out;
        exitSeen = true;
      }
      for (Block *succ : block->getSuccessors()) {
        auto it = in.find(succ);
        if (it == in.end()) {
          in[succ] = out;
          worklist.push_back(succ);
          continue;
        }
        Pending joined = it->second;
        joined.join(out);
        if (!(joined == it->second)) {
          it->second = joined;
          worklist.push_back(succ);
        }
      }
    }
    return exit;
  }

  Pending visitBlock(Block &block, Pending state) {
    for (Operation &op : block)
      state = visitOp(&op, std::move(state));
    return state;
  }

  Pending visitOp(Operation *op, Pending state) {
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      Pending thenState = visitRegion(ifOp.getThenRegion(), state);
      Pending elseState = visitRegion(ifOp.getElseRegion(), state);
      thenState.join(elseState);
      return thenState;
    }
    if (auto forOp = dyn_cast<scf::ForOp>(op))
      return visitFor(forOp, state);
    if (auto split = dyn_cast<WarpSpecializeOp>(op))
      return visitWarpSpecialize(split, std::move(state));
    if (op->getNumRegions() > 0 &&
        (isa<LoopLikeOpInterface, RegionBranchOpInterface>(op))) {
      // A loop (or other region control flow): run its regions until the
      // state at their entry stops growing. The body may also run zero
      // times, so the result joins the state before.
      Pending entry = forgetStagesWithin(state, op), current = entry, out;
      while (true) {
        out = current;
        for (Region &region : op->getRegions())
          out = visitRegion(region, out);
        Pending next = entry;
        next.join(forgetStagesWithin(out, op));
        if (next == current)
          break;
        current = next;
      }
      out.join(entry);
      return forgetStagesWithin(out, op);
    }
    return transfer(op, std::move(state));
  }

  /// One read of an op: its bytes, the stage it reads if of a ring, and
  /// the value read (null for the op's own scratch).
  struct StagedRead {
    Intervals bytes;
    StageTag stage;
    Value value;
  };

  /// The shared memory an op touches, from its declared effects on
  /// tilegpu::SharedMemory (mbarriers' updates are on tilenvgpu::MBarrierState,
  /// which orders itself): each read with the stage it reads, if of a
  /// ring; writes, or asynchronous writes for the issue of work that
  /// writes shared memory (tilegpu::AsyncOpInterface), and the stage the
  /// first of them writes. An effect on no value is on the op's own
  /// scratch.
  struct Accesses {
    Intervals reads, writes, async;
    SmallVector<StagedRead> stagedReads;
    StageTag writeStage;
  };

  Accesses getAccesses(Operation *op) {
    Accesses accesses;
    auto own = [&]() -> Intervals {
      const SharedBuffer *buffer = info->getBuffer(op);
      if (!buffer)
        return {};
      return {{buffer->offset, buffer->offset + buffer->size}};
    };
    if (isa<CallOp>(op) || getScratchSizeInBytes(op) > 0) {
      // Scratch, or the callee's memory: written and read by the op.
      accesses.reads = own();
      accesses.writes = own();
      accesses.stagedReads.push_back({accesses.reads, StageTag(), Value()});
      return accesses;
    }
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return accesses;
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffectsOnResource(SharedMemory::get(), instances);
    auto issue = dyn_cast<AsyncOpInterface>(op);
    bool async = issue && issue.getAsyncStep() == AsyncStep::Issue &&
                 !readsSharedMemory(issue.getAsyncQueue());
    bool staged = false;
    for (const MemoryEffects::EffectInstance &effect : instances) {
      Value value = effect.getValue();
      Intervals bytes = value ? allocation.getIntervals(value) : own();
      StageTag stage = value ? getStageTag(value) : StageTag();
      if (isa<MemoryEffects::Read>(effect.getEffect())) {
        addAll(accesses.reads, bytes);
        accesses.stagedReads.push_back({bytes, stage, value});
      } else if (isa<MemoryEffects::Write>(effect.getEffect())) {
        addAll(async ? accesses.async : accesses.writes, bytes);
        if (!staged) {
          accesses.writeStage = stage;
          staged = true;
        }
      }
    }
    return accesses;
  }

  /// A tilenv.warp_specialize: a CTA barrier before it (the last one both
  /// sides take part in) if anything is unordered, then each region on its
  /// own from there, and the mbarrier handshake between them
  /// (ProducerHandshake). A
  /// producer region that would need a CTA barrier is an error.
  Pending visitWarpSpecialize(WarpSpecializeOp split, Pending state) {
    if (!state.reads.empty() || !state.writes.empty()) {
      barriers.insert(
          {split, state.writes.empty()
                      ? BarrierReason{BarrierReason::Kind::WriteAfterRead,
                                      state.reads.front().bytes}
                      : BarrierReason{BarrierReason::Kind::ReadAfterWrite,
                                      state.writes.front()}});
      state.reads.clear();
      state.writes.clear();
    }
    size_t before = barriers.size();
    visitRegion(split.getProducer(), state);
    for (auto it = barriers.begin() + before; it != barriers.end(); ++it)
      if (reporter.report(it->first)) {
        it->first->emitError()
            << "needs a CTA barrier (" << it->second.describe()
            << "), but runs in the producer region of a "
               "tilenv.warp_specialize, which the kernel's warps do not "
               "synchronize with";
      }
    handshake.collect(split, reporter);
    Pending out = visitRegion(split.getDefaultRegion(), state);
    handshake = ProducerHandshake();
    return out;
  }

  /// Whether `value` is defined outside `op` (so the same in all of its
  /// regions' runs).
  static bool isDefinedOutside(Value value, Operation *op) {
    Region *region = value ? value.getParentRegion() : nullptr;
    return region && !op->isAncestor(region->getParentOp());
  }

  /// Stage tags only hold where their base means the same thing: at the
  /// edges of loop `op`, those indexed by a value defined in it (or by none)
  /// are forgotten; one defined outside it (an outer loop's induction
  /// variable) is the same in all of its iterations.
  static Pending forgetStagesWithin(Pending state, Operation *op) {
    state.mapStages([&](const StageTag &tag) {
      return isDefinedOutside(tag.base, op) ? tag : StageTag();
    });
    return state;
  }

  /// An scf.for, tracking stages indexed by its induction variable: stage
  /// c of the state before the loop is stage (iv + c - lb) in the first
  /// iteration with a constant lower bound, and stage (lb + c) is (iv + c)
  /// with any; with a constant step, stage (iv + c) of one iteration is
  /// (iv + c - step) in the next. A loop of step 1 that runs at least up
  /// to its lower bound (an upper bound of max(lb, x), as a loop split in
  /// two has) leaves its last stages as (ub + c - 1), or, running no
  /// iteration, those before it with a constant lower bound as
  /// (ub + c - lb); one with constant bounds that runs leaves them as the
  /// constant stages (ub + c - 1). Anything else about stages is forgotten
  /// at the loop's edges.
  Pending visitFor(scf::ForOp forOp, const Pending &state) {
    Value iv = forOp.getInductionVar();
    Value lower = forOp.getLowerBound(), upper = forOp.getUpperBound();
    std::optional<int64_t> lb = getConstantIntValue(lower);
    std::optional<int64_t> step = getConstantIntValue(forOp.getStep());
    auto rebase = [&](Pending s, Value from, std::optional<int64_t> shift,
                      Value to) {
      s.mapStages([&](const StageTag &tag) {
        if (tag.base != from || !shift)
          return tag.base != from && isDefinedOutside(tag.base, forOp)
                     ? tag
                     : StageTag();
        // Modulo the stages first: the shift may be any 64-bit bound.
        return StageTag{
            tag.ring, to,
            ((tag.offset % tag.stages - *shift % tag.stages) % tag.stages +
             tag.stages) %
                tag.stages,
            tag.stages};
      });
      return s;
    };
    Pending entry = lb ? rebase(state, Value(), lb, iv)
                       : rebase(state, lower, int64_t(0), iv);
    Pending current = entry, out;
    while (true) {
      out = visitRegion(forOp.getRegion(), current);
      Pending next = entry;
      next.join(rebase(out, iv, step, iv));
      if (next == current)
        break;
      current = next;
    }
    // Both rules read the bounds as signed numbers, as the loop does.
    bool signedByOne = step == 1 && !forOp.getUnsignedCmp();
    std::optional<int64_t> ub = getConstantIntValue(upper);
    if (signedByOne && lb && ub && *ub > *lb)
      return rebase(out, iv, 1 - *ub, Value());
    auto max = upper.getDefiningOp<arith::MaxSIOp>();
    if (signedByOne && lb && max &&
        llvm::is_contained(max->getOperands(), lower)) {
      Pending result = rebase(out, iv, int64_t(1), upper);
      result.join(rebase(state, Value(), lb, upper));
      return result;
    }
    // Zero iterations keep the state before.
    Pending result = forgetStagesWithin(out, forOp);
    result.join(forgetStagesWithin(state, forOp));
    return result;
  }

  Pending transfer(Operation *op, Pending state) {
    if (handshake.isActive())
      handshake.check(op, state, reporter);
    if (isa<gpu::BarrierOp>(op)) {
      state.reads.clear();
      state.writes.clear();
      return state;
    }
    auto asyncOp = dyn_cast<AsyncOpInterface>(op);
    if (asyncOp && asyncOp.getAsyncStep() != AsyncStep::Issue &&
        !transferCompletion(asyncOp, state))
      return state;

    // A wait on a group queue completes its groups where it runs, after
    // any barrier placed before it (a synchronous warpgroup dot's).
    auto retire = [&] {
      if (asyncOp && asyncOp.getAsyncStep() == AsyncStep::Wait &&
          asyncOp.getAsyncQueue() != AsyncQueue::MBarrier)
        retireGroups(state, asyncOp.getAsyncQueue(),
                     asyncOp.getAsyncPendingGroups());
    };
    Accesses accesses = getAccesses(op);
    const Intervals &reads = accesses.reads, &writes = accesses.writes,
                    &async = accesses.async;
    if (reads.empty() && writes.empty() && async.empty()) {
      retire();
      return state;
    }
    AsyncOpInterface issue =
        asyncOp && asyncOp.getAsyncStep() == AsyncStep::Issue ? asyncOp
                                                              : nullptr;
    // An op that orders its own accesses (a warpgroup_tma_store: a named
    // barrier per warpgroup, the issuing threads' waits) needs no wait for
    // its earlier runs' copies, and its threads' writes count once a wait
    // retires its copies; until then only its copies touch the buffer.
    bool selfOrdered = issue && issue.ordersOwnAccesses();

    // Memory an async copy may still be writing: no barrier can order it.
    // Another stage of the same allocation is safe.
    AsyncTargets copying = state.allAsync();
    checkAsyncWriters(op, "writes", writes, copying, accesses.writeStage);
    for (const StagedRead &read : accesses.stagedReads)
      checkAsyncWriters(op, "reads", read.bytes, copying, read.stage);

    // Memory a warpgroup dot or a TMA store may still be reading: no
    // barrier can order writes to it either. Another stage of the same
    // allocation is safe, and so is what an op that orders its own
    // accesses read on its earlier runs.
    const StageTag &writeStage = accesses.writeStage;
    Intervals written = writes;
    addAll(written, async);
    checkAsyncReaders(op, state, written, [&](const AsyncTarget &t) {
      return t.stage.isOtherStageThan(writeStage) ||
             (selfOrdered && isSelfOrderedTag(t.stage) &&
              llvm::any_of(accesses.stagedReads, [&](const StagedRead &r) {
                return r.value == t.stage.base;
              }));
    });

    std::optional<BarrierReason> reason;
    auto check = [&](const Intervals &a, const Intervals &b,
                     BarrierReason::Kind kind) {
      if (reason)
        return;
      if (auto overlap = findOverlap(a, b))
        reason = BarrierReason{kind, *overlap};
    };
    Intervals allWrites = writes;
    addAll(allWrites, async);
    check(reads, state.writes, BarrierReason::Kind::ReadAfterWrite);
    check(allWrites, sharedWith(state.reads, writeStage),
          BarrierReason::Kind::WriteAfterRead);
    check(allWrites, state.writes, BarrierReason::Kind::WriteAfterWrite);
    if (reason) {
      barriers.insert({op, *reason});
      state.reads.clear();
      state.writes.clear();
    } else if (barriers.count(op)) {
      // Chosen on an earlier pass over a loop: it still clears.
      state.reads.clear();
      state.writes.clear();
    }
    retire();

    if (issue && readsSharedMemory(issue.getAsyncQueue())) {
      // Read until a wait on the queue retires the group.
      AsyncTargets group;
      for (const StagedRead &read : accesses.stagedReads)
        for (const ByteInterval &bytes : read.bytes)
          addAll(group, AsyncTargets{{bytes, selfOrdered
                                                 ? getSelfOrderedTag(read.value)
                                                 : read.stage}});
      pushGroup(state, issue.getAsyncQueue(), std::move(group));
    } else {
      for (const StagedRead &read : accesses.stagedReads)
        for (const ByteInterval &interval : read.bytes)
          addAll(state.reads, AsyncTargets{{interval, read.stage}});
    }
    // An op that orders its own accesses has its writes counted when a
    // wait retires its work.
    if (!selfOrdered)
      addAll(state.writes, writes);
    if (!issue || async.empty())
      return state;
    if (issue.getAsyncQueue() == AsyncQueue::MBarrier) {
      Value barrier = issue.getAsyncBarrier();
      StageTag barrierStage = getStageTag(barrier);
      bool conditional = issue.isAsyncIssueConditional();
      for (const ByteInterval &bytes : allocation.getIntervals(barrier))
        for (const ByteInterval &data : async)
          addAll(state.tma,
                 SmallVector<TMATarget>{
                     {{data, writeStage}, bytes, barrierStage, conditional}});
      return state;
    }
    AsyncTargets targets;
    for (const ByteInterval &bytes : async)
      addAll(targets, AsyncTargets{{bytes, writeStage}});
    if (groupsEachIssue(issue.getAsyncQueue()))
      pushGroup(state, issue.getAsyncQueue(), std::move(targets));
    else
      addAll(state.uncommittedCopies, targets);
    return state;
  }

  /// Closes `group` on a group queue, oldest groups merged past the limit.
  void pushGroup(Pending &state, AsyncQueue queue, AsyncTargets group) {
    SmallVector<AsyncTargets> &groups = state.groups(queue);
    groups.push_back(std::move(group));
    Pending::capGroups(groups, groupLimit[size_t(queue)]);
  }

  /// A commit, or what a wait on an mbarrier or an invalidation completes
  /// (a wait on a group queue retires its groups in transfer). Returns
  /// whether the op's own accesses are still to be looked at.
  bool transferCompletion(AsyncOpInterface op, Pending &state) {
    AsyncQueue queue = op.getAsyncQueue();
    switch (op.getAsyncStep()) {
    case AsyncStep::Issue:
      llvm_unreachable("not a completion");
    case AsyncStep::Commit:
      // Queues whose issues are groups of their own have nothing to close.
      if (!groupsEachIssue(queue)) {
        pushGroup(state, queue, std::move(state.uncommittedCopies));
        state.uncommittedCopies.clear();
      }
      return false;
    case AsyncStep::Wait:
      if (queue == AsyncQueue::MBarrier) {
        // The TMA copies that complete on this mbarrier (the same stage of
        // the same ring, or one mbarrier of its own) have landed, visible
        // to every thread that waits: no barrier needed for them.
        Intervals bytes = allocation.getIntervals(op.getAsyncBarrier());
        StageTag stage = getStageTag(op.getAsyncBarrier());
        llvm::erase_if(state.tma, [&](const TMATarget &t) {
          bool single = t.barrier.second - t.barrier.first == kMBarrierBytes;
          return t.barrierStage == stage && (stage.stages || single) &&
                 findOverlap(Intervals{t.barrier}, bytes).has_value();
        });
      }
      return true;
    case AsyncStep::Invalidate: {
      // Copies that may never have been issued (predicated off, as those a
      // pipelined loop issues past its end) end with the barrier; one that
      // was issued must be waited for first.
      Intervals bytes = allocation.getIntervals(op.getAsyncBarrier());
      for (const TMATarget &t : state.tma)
        if (!t.conditional && findOverlap(Intervals{t.barrier}, bytes) &&
            reporter.report(op)) {
          op->emitError() << "invalidates an mbarrier that a TMA copy into ["
                          << t.data.bytes.first << ", " << t.data.bytes.second
                          << ") completes on: wait for it first "
                             "(tilenv.wait_barrier)";
        }
      llvm::erase_if(state.tma, [&](const TMATarget &t) {
        return findOverlap(Intervals{t.barrier}, bytes).has_value();
      });
      return true;
    }
    }
    llvm_unreachable("unknown step");
  }

  /// A wait that leaves the `pending` most recent groups of `queue` in
  /// flight: the others' accesses become ordinary ones, which a barrier
  /// orders for the other threads.
  void retireGroups(Pending &state, AsyncQueue queue, size_t pending) {
    AsyncTargets done = Pending::retire(state.groups(queue), pending);
    if (!readsSharedMemory(queue)) {
      addAll(state.writes, bytesOf(done));
      return;
    }
    // The work has read its memory. What an op that orders its own
    // accesses also wrote, nothing has ordered for the others yet.
    for (const AsyncTarget &t : done)
      if (isSelfOrderedTag(t.stage))
        addAll(state.writes, Intervals{t.bytes});
    addAll(state.reads, done);
  }

  /// Reports `op` (once) for touching (`verb`) `bytes` that one of the
  /// asynchronous `copying` may still be writing; another stage of the same
  /// allocation as `stage` is safe.
  void checkAsyncWriters(Operation *op, StringRef verb, const Intervals &bytes,
                         const AsyncTargets &copying, const StageTag &stage) {
    if (auto overlap = findOverlap(bytes, sharedWith(copying, stage));
        overlap && reporter.report(op)) {
      op->emitError() << verb << " shared memory [" << overlap->first << ", "
                      << overlap->second
                      << ") that an asynchronous copy may still be "
                         "writing: wait for it first (tilegpu.async_wait, "
                         "or tilenv.wait_barrier for TMA)";
    }
  }

  /// Reports `op` (once) for writing `written` where a warpgroup dot or a
  /// TMA store may still be reading, those that `safe` accepts aside: no
  /// barrier can order the write.
  void checkAsyncReaders(Operation *op, const Pending &state,
                         const Intervals &written,
                         function_ref<bool(const AsyncTarget &)> safe) {
    for (auto [groups, what, wait] :
         {std::make_tuple(&state.dotGroups, "a warpgroup dot",
                          "tilenv.warpgroup_dot_wait"),
          std::make_tuple(&state.bulkReadGroups, "a TMA store",
                          "tilenv.async_tma_store_wait")}) {
      Intervals reading;
      for (const AsyncTarget &t : Pending::flatten(*groups))
        if (!safe(t))
          addAll(reading, Intervals{t.bytes});
      if (auto overlap = findOverlap(written, reading);
          overlap && reporter.report(op)) {
        op->emitError() << "writes shared memory [" << overlap->first << ", "
                        << overlap->second << ") that " << what
                        << " may still be reading: wait for it first (" << wait
                        << ")";
      }
    }
  }

  FuncOp fn;
  const ModuleAllocation &allocation;
  const FunctionAllocation *info;
  llvm::MapVector<Operation *, BarrierReason> &barriers;
  /// The rings of the warp_specialize whose default region is being
  /// visited (none elsewhere).
  ProducerHandshake handshake;
  Reporter reporter;
  /// Per group queue (by AsyncQueue): one more than the most groups any
  /// wait on it keeps pending.
  std::array<size_t, 4> groupLimit = {1, 1, 1, 1};
};

} // namespace

FailureOr<FunctionBarriers>
FunctionBarriers::compute(FuncOp fn, const ModuleAllocation &allocation) {
  FunctionBarriers result;
  Analyzer analyzer(fn, allocation, result.barriers);
  if (failed(analyzer.run()))
    return failure();
  // Program order, for deterministic output.
  DenseMap<Operation *, int64_t> order;
  int64_t next = 0;
  fn.walk<WalkOrder::PreOrder>([&](Operation *op) { order[op] = next++; });
  SmallVector<std::pair<Operation *, BarrierReason>> sorted(
      result.barriers.begin(), result.barriers.end());
  llvm::sort(sorted, [&](const auto &a, const auto &b) {
    return order[a.first] < order[b.first];
  });
  result.barriers.clear();
  for (auto &entry : sorted)
    result.barriers.insert(entry);
  return result;
}
