//===- Allocation.cpp - shared-memory liveness and allocation -------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "tile/Analysis/Allocation.h"

#include "mlir/Analysis/Liveness.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

/// The buffer `op` declares it allocates in shared memory (a MemAlloc
/// effect on SharedMemory of a buffer result), or null.
static BufferType getAllocatedBuffer(Operation *op) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return {};
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffectsOnResource(SharedMemory::get(), instances);
  for (const MemoryEffects::EffectInstance &effect : instances)
    if (Value value = effect.getValue();
        value && isa<MemoryEffects::Allocate>(effect.getEffect()))
      if (auto type = dyn_cast<BufferType>(value.getType()))
        return type;
  return {};
}

/// Calls `cover` with each op, from `issue` on in program order, that the
/// shared-memory reads `issue` starts may still be running at: on a queue
/// of one group per issue (wgmma, TMA stores), until a wait on it leaves
/// fewer groups in flight than were issued after `issue`. The walk leaves
/// the regions it reaches the end of; a loop's body is walked once more
/// from its start (the wait may be the next iteration's), the whole loop
/// then covered. Waits nested in other ops' regions may not run, so only
/// those at the walk's level retire the reads.
static void forEachInFlight(AsyncOpInterface issue,
                            function_ref<void(Operation *)> cover) {
  AsyncQueue queue = issue.getAsyncQueue();
  unsigned issuedAfter = 0;
  llvm::SmallPtrSet<Operation *, 4> repeated;
  Operation *op = issue;
  while (true) {
    Operation *next = op->getNextNode();
    if (!next) {
      Operation *parent = op->getParentOp();
      if (!parent || isa<FuncOp>(parent))
        return;
      if (isa<LoopLikeOpInterface, scf::WhileOp>(parent) &&
          repeated.insert(parent).second) {
        cover(parent);
        next = &op->getBlock()->front();
      } else {
        op = parent;
        continue;
      }
    }
    op = next;
    cover(op);
    auto async = dyn_cast<AsyncOpInterface>(op);
    if (!async || async.getAsyncQueue() != queue)
      continue;
    if (async.getAsyncStep() == AsyncStep::Issue)
      ++issuedAfter;
    else if (async.getAsyncStep() == AsyncStep::Wait &&
             issuedAfter >= async.getAsyncPendingGroups())
      return;
  }
}

int64_t mlir::tile::getScratchSizeInBytes(Operation *op) {
  // What an op needs is its own declaration (tilegpu::ScratchOpInterface).
  if (auto scratch = dyn_cast<ScratchOpInterface>(op))
    return scratch.getScratchBytes();
  return 0;
}

//===----------------------------------------------------------------------===//
// FunctionAllocation
//===----------------------------------------------------------------------===//

FunctionAllocation::FunctionAllocation(
    FuncOp fn, const ModuleAliasAnalysis &alias,
    const DenseMap<Operation *, int64_t> &calleeTotals,
    const DenseMap<Operation *, int64_t> &calleeAlignments)
    : fn(fn) {
  int64_t next = 0;
  fn.walk<WalkOrder::PreOrder>([&](Operation *op) { ids[op] = next++; });
  collectBuffers(alias, calleeTotals, calleeAlignments);
  computeExplicitLiveRanges(alias);
  assignOffsets();
}

void FunctionAllocation::collectBuffers(
    const ModuleAliasAnalysis &alias,
    const DenseMap<Operation *, int64_t> &calleeTotals,
    const DenseMap<Operation *, int64_t> &calleeAlignments) {
  auto add = [&](SharedBuffer buffer) {
    bufferOf[buffer.owner] = buffers.size();
    maxAlignment = std::max(maxAlignment, buffer.alignment);
    buffers.push_back(buffer);
  };
  fn.walk<WalkOrder::PreOrder>([&](Operation *op) {
    int64_t id = ids.lookup(op);
    // A buffer an op declares it allocates (MemAlloc on SharedMemory of a
    // buffer result): tilegpu.local_alloc's.
    if (BufferType type = getAllocatedBuffer(op)) {
      auto layout = cast<SharedLayoutAttr>(type.getEncoding());
      add({SharedBuffer::Kind::Explicit, op, type.getSizeInBytes(),
           layout.getAlignment()});
      return;
    }
    if (auto call = dyn_cast<CallOp>(op)) {
      auto it = calleeTotals.find(op);
      if (it != calleeTotals.end() && it->second > 0)
        add({SharedBuffer::Kind::Call, op, it->second,
             calleeAlignments.lookup(op), id, id + 1});
      return;
    }
    if (int64_t size = getScratchSizeInBytes(op))
      add({SharedBuffer::Kind::Scratch, op, size, 16, id, id + 1});
  });
}

void FunctionAllocation::computeExplicitLiveRanges(
    const ModuleAliasAnalysis &alias) {
  // Every buffer value of the function with the allocations it may view.
  SmallVector<Value> values;
  fn.walk([&](Operation *op) {
    for (Value result : op->getResults())
      if (isa<BufferType>(result.getType()))
        values.push_back(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Value arg : block.getArguments())
          if (isa<BufferType>(arg.getType()))
            values.push_back(arg);
  });

  Liveness liveness(fn);
  // The id range [first, last] an op covers, nested ops included.
  auto extent = [&](Operation *op) {
    int64_t first = ids.lookup(op), last = first;
    op->walk(
        [&](Operation *nested) { last = std::max(last, ids.lookup(nested)); });
    return std::make_pair(first, last);
  };

  for (SharedBuffer &buffer : buffers) {
    if (buffer.kind != SharedBuffer::Kind::Explicit)
      continue;
    Value allocation = buffer.owner->getResult(0);
    int64_t start = ids.lookup(buffer.owner), end = start + 1;
    for (Value value : values) {
      if (!llvm::is_contained(alias.getAllocations(value), allocation))
        continue;
      for (Operation *op : liveness.resolveLiveness(value)) {
        if (auto split = dyn_cast<WarpSpecializeOp>(op)) {
          // Liveness covers the split's blocks one by one, but the producer
          // runs alongside the default region: what it uses stays live from
          // the split on, through the default region's uses (the handshake
          // ends the producer's use before the last of them) or, without
          // any, to the split's end.
          bool usedByDefault =
              llvm::any_of(value.getUsers(), [&](Operation *u) {
                return split.getDefaultRegion().isAncestor(
                    u->getParentRegion());
              });
          auto [first, last] = extent(split);
          if (usedByDefault)
            last = extent(split.getProducer().front().empty()
                              ? split.getOperation()
                              : &split.getProducer().front().back())
                       .second;
          start = std::min(start, first);
          end = std::max(end, last + 1);
          continue;
        }
        auto [first, last] = extent(op);
        start = std::min(start, first);
        end = std::max(end, last + 1);
      }
      // A buffer used in a loop it was not defined in stays live for every
      // iteration: Liveness does not see the loop's back edge.
      Region *defRegion = value.getParentRegion();
      for (Operation *user : value.getUsers()) {
        for (Operation *ancestor = user->getParentOp();
             ancestor && ancestor != fn; ancestor = ancestor->getParentOp()) {
          if (ancestor->getParentRegion() &&
              defRegion->isAncestor(ancestor->getParentRegion()) &&
              isa<LoopLikeOpInterface, scf::WhileOp>(ancestor)) {
            auto [first, last] = extent(ancestor);
            start = std::min(start, first);
            end = std::max(end, last + 1);
          }
        }
        auto [first, last] = extent(user);
        end = std::max(end, last + 1);
        // Reads that run on after their op (an asynchronous warpgroup dot:
        // a deferred one is retired in the next iteration) keep the
        // buffer live until a wait retires them.
        auto async = dyn_cast<AsyncOpInterface>(user);
        if (async && async.getAsyncStep() == AsyncStep::Issue &&
            groupsEachIssue(async.getAsyncQueue()))
          forEachInFlight(async, [&](Operation *op) {
            auto [first, last] = extent(op);
            start = std::min(start, first);
            end = std::max(end, last + 1);
          });
      }
    }
    buffer.start = start;
    buffer.end = end;
  }
}

void FunctionAllocation::assignOffsets() {
  // Largest first; among equals, earliest first (a stable, deterministic
  // order).
  SmallVector<size_t> order(buffers.size());
  std::iota(order.begin(), order.end(), 0);
  llvm::stable_sort(order, [&](size_t a, size_t b) {
    if (buffers[a].size != buffers[b].size)
      return buffers[a].size > buffers[b].size;
    return buffers[a].start < buffers[b].start;
  });
  SmallVector<size_t> placed;
  for (size_t index : order) {
    SharedBuffer &buffer = buffers[index];
    // Candidate offsets: 0 and the end of every interfering placed buffer.
    SmallVector<int64_t> candidates = {0};
    for (size_t other : placed)
      if (buffers[other].isLiveWith(buffer))
        candidates.push_back(buffers[other].offset + buffers[other].size);
    for (int64_t &candidate : candidates)
      candidate = llvm::alignTo(candidate, buffer.alignment);
    llvm::sort(candidates);
    for (int64_t candidate : candidates) {
      bool fits = llvm::none_of(placed, [&](size_t other) {
        const SharedBuffer &o = buffers[other];
        return o.isLiveWith(buffer) && candidate < o.offset + o.size &&
               o.offset < candidate + buffer.size;
      });
      if (fits) {
        buffer.offset = candidate;
        break;
      }
    }
    placed.push_back(index);
    totalSize = std::max(totalSize, buffer.offset + buffer.size);
  }
}

const SharedBuffer *FunctionAllocation::getBuffer(Operation *owner) const {
  auto it = bufferOf.find(owner);
  return it == bufferOf.end() ? nullptr : &buffers[it->second];
}

//===----------------------------------------------------------------------===//
// ModuleAllocation
//===----------------------------------------------------------------------===//

ModuleAllocation::ModuleAllocation(ModuleOp module)
    : module(module), alias(module) {
  result = allocate();
}

LogicalResult ModuleAllocation::allocate() {
  SymbolTable symbols(module);
  // Depth-first over the call graph so that callees are done first.
  enum class State { Visiting, Done };
  DenseMap<Operation *, State> state;
  std::function<LogicalResult(FuncOp)> visit = [&](FuncOp fn) -> LogicalResult {
    auto it = state.find(fn);
    if (it != state.end()) {
      if (it->second == State::Done)
        return success();
      return fn.emitOpError()
             << "is recursive: its shared memory cannot be allocated";
    }
    state[fn] = State::Visiting;
    DenseMap<Operation *, int64_t> totals, alignments;
    WalkResult result = fn.walk([&](CallOp call) {
      auto callee = symbols.lookup<FuncOp>(call.getCallee());
      if (!callee)
        return WalkResult::advance();
      if (failed(visit(callee)))
        return WalkResult::interrupt();
      if (const FunctionAllocation *info = getFunction(callee)) {
        totals[call] = info->getTotalSize();
        alignments[call] = info->getMaxAlignment();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return failure();
    if (!fn.isExternal())
      functions[fn] =
          std::make_unique<FunctionAllocation>(fn, alias, totals, alignments);
    state[fn] = State::Done;
    return success();
  };
  for (FuncOp fn : module.getOps<FuncOp>())
    if (failed(visit(fn)))
      return failure();
  return success();
}

const FunctionAllocation *ModuleAllocation::getFunction(FuncOp fn) const {
  auto it = functions.find(fn);
  return it == functions.end() ? nullptr : it->second.get();
}

SmallVector<std::pair<int64_t, int64_t>>
ModuleAllocation::getIntervals(Value buffer) const {
  SmallVector<std::pair<int64_t, int64_t>> intervals;
  auto bufferOf = [&](Operation *owner) -> const SharedBuffer * {
    auto fn = owner->getParentOfType<FuncOp>();
    const FunctionAllocation *info = fn ? getFunction(fn) : nullptr;
    return info ? info->getBuffer(owner) : nullptr;
  };
  // A constant stage of a ring allocated here: that stage's bytes only.
  if (auto index = buffer.getDefiningOp<BufferIndexOp>())
    if (std::optional<int64_t> stage = getConstantIntValue(index.getIndex()))
      if (auto ring = index.getSrc().getDefiningOp<LocalAllocOp>())
        if (const SharedBuffer *b = bufferOf(ring);
            b && *stage >= 0 && *stage < ring.getType().getShape().front()) {
          int64_t stageBytes = index.getType().getSizeInBytes();
          int64_t start = b->offset + *stage * stageBytes;
          intervals.emplace_back(start, start + stageBytes);
          return intervals;
        }
  for (Value allocation : alias.getAllocations(buffer)) {
    Operation *owner = allocation.getDefiningOp();
    if (!owner)
      continue; // a buffer from outside the function: no offset here
    if (const SharedBuffer *b = bufferOf(owner))
      intervals.emplace_back(b->offset, b->offset + b->size);
  }
  return intervals;
}
