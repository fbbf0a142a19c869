//===- PipelineUtils.cpp - what loop scheduling and expansion share -------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "PipelineUtils.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

Value mlir::tile::getInductionStep(scf::ForOp loop, BlockArgument arg) {
  if (arg.getArgNumber() == 0)
    return {};
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  Value next = yield.getOperand(arg.getArgNumber() - 1);
  Value step;
  if (auto add = next.getDefiningOp<AddPtrOp>(); add && add.getPtr() == arg)
    step = add.getOffset();
  else if (auto add = next.getDefiningOp<arith::AddIOp>()) {
    if (add.getLhs() == arg)
      step = add.getRhs();
    else if (add.getRhs() == arg)
      step = add.getLhs();
  }
  if (!step || !loop.isDefinedOutsideOfLoop(step))
    return {};
  return step;
}

bool mlir::tile::mayHaveEffect(
    Operation *op,
    function_ref<bool(const MemoryEffects::EffectInstance &)> matches) {
  return op
      ->walk([&](Operation *nested) {
        if (nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
          return WalkResult::advance();
        auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
        if (!effects)
          return WalkResult::interrupt();
        SmallVector<MemoryEffects::EffectInstance> instances;
        effects.getEffects(instances);
        return llvm::any_of(instances, matches) ? WalkResult::interrupt()
                                                : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether `loop`'s body may write memory other than shared memory (a
/// store, an atomic, an op of unknown effects): a load it reads for a later
/// iteration's copy could then see a value the iterations between have not
/// written yet.
static bool writesOutsideSharedMemory(scf::ForOp loop) {
  return mayHaveEffect(loop, [](const MemoryEffects::EffectInstance &effect) {
    return isa<MemoryEffects::Write>(effect.getEffect()) &&
           effect.getResource() != SharedMemory::get();
  });
}

/// The body ops `values` depend on, in program order, if every one is a
/// load (where the loop writes only shared memory) or side-effect free
/// without regions, and the block arguments reached are the induction
/// variable, `self`, and (without `self`) loop-carried values with a
/// loop-invariant step or a recurrence (getRecurrence), collected in
/// `carried` with their recurrences in `updates`.
static std::optional<SmallVector<Operation *>>
getSlice(scf::ForOp loop, ValueRange values,
         SmallVectorImpl<BlockArgument> &carried,
         SmallVectorImpl<SmallVector<Operation *>> &updates,
         BlockArgument self = {}) {
  Block *body = loop.getBody();
  std::optional<bool> loadsAllowed;
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> worklist(values.begin(), values.end());
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() != body || arg == loop.getInductionVar() ||
          arg == self)
        continue;
      // A recurrence is run forward from its own value alone.
      if (self)
        return std::nullopt;
      if (llvm::is_contained(carried, arg))
        continue;
      std::optional<SmallVector<Operation *>> update;
      if (!getInductionStep(loop, arg)) {
        update = getRecurrence(loop, arg);
        if (!update)
          return std::nullopt;
      }
      carried.push_back(arg);
      updates.push_back(update.value_or(SmallVector<Operation *>()));
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (!loop->isAncestor(def))
      continue; // defined outside the loop
    if (def->getBlock() != body || def->getNumRegions())
      return std::nullopt;
    if (!isMemoryEffectFree(def)) {
      auto load = dyn_cast<LoadOp>(def);
      if (!load || load.getIsVolatile())
        return std::nullopt;
      if (!loadsAllowed)
        loadsAllowed = !writesOutsideSharedMemory(loop);
      if (!*loadsAllowed)
        return std::nullopt;
    }
    if (slice.insert(def))
      llvm::append_range(worklist, def->getOperands());
  }
  SmallVector<Operation *> ordered = slice.takeVector();
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ordered;
}

std::optional<SmallVector<Operation *>>
mlir::tile::getRecurrence(scf::ForOp loop, BlockArgument arg) {
  if (arg.getOwner() != loop.getBody() || arg.getArgNumber() == 0)
    return std::nullopt;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  SmallVector<BlockArgument> none;
  SmallVector<SmallVector<Operation *>> noUpdates;
  return getSlice(loop, yield.getOperand(arg.getArgNumber() - 1), none,
                  noUpdates, arg);
}

/// The body ops the operands of `load` (a tile.load or
/// tile.descriptor_load) depend on (getSlice).
static std::optional<SmallVector<Operation *>>
getOperandSlice(scf::ForOp loop, Operation *load,
                SmallVectorImpl<BlockArgument> &carried,
                SmallVectorImpl<SmallVector<Operation *>> &updates) {
  SmallVector<Value> inputs;
  if (auto plain = dyn_cast<LoadOp>(load)) {
    inputs.push_back(plain.getPtr());
    if (plain.getMask())
      inputs.push_back(plain.getMask());
    if (plain.getOther())
      inputs.push_back(plain.getOther());
  } else {
    llvm::append_range(inputs, cast<DescriptorLoadOp>(load).getIndices());
  }
  return getSlice(loop, inputs, carried, updates);
}

bool mlir::tile::hasClonableOperands(scf::ForOp loop, Operation *load) {
  SmallVector<BlockArgument> carried;
  SmallVector<SmallVector<Operation *>> updates;
  return getOperandSlice(loop, load, carried, updates).has_value();
}

int64_t mlir::tile::getLoopStages(scf::ForOp loop, int64_t fallback) {
  if (auto stages =
          loop->getAttrOfType<IntegerAttr>(TileDialect::getNumStagesAttrName()))
    return stages.getInt();
  return fallback;
}

bool mlir::tile::isPipelinable(scf::ForOp loop) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  return lb && step && *step >= 1 &&
         ((*step == 1 && *lb >= 0) || !loop.getUnsignedCmp());
}

bool mlir::tile::isAsyncCopy(LoadOp load, BufferType buffer,
                             const ModuleAlignmentAnalysis &alignment) {
  auto type = dyn_cast<RankedTensorType>(load.getPtr().getType());
  auto blocked =
      type ? dyn_cast<BlockedLayoutAttr>(type.getEncoding()) : nullptr;
  if (!blocked)
    return false;
  unsigned width = getCopyVectorWidth(
      buffer, blocked.getOrder()[0],
      alignment.getAccessWidth(load.getPtr(), load.getMask()));
  int64_t bytes =
      std::max<int64_t>(1, buffer.getElementType().getIntOrFloatBitWidth() / 8);
  return isAsyncCopyable(width * bytes, load.getOther());
}

bool mlir::tile::canCopyAhead(scf::ForOp loop, LoadOp load, BufferType buffer,
                              const ModuleAlignmentAnalysis &alignment) {
  return load->getBlock() == loop.getBody() && !load.getIsVolatile() &&
         buffer && isAsyncCopy(load, buffer, alignment) &&
         hasClonableOperands(loop, load);
}

std::optional<Stream> mlir::tile::getStream(scf::ForOp loop, Operation *load) {
  auto plain = dyn_cast<LoadOp>(load);
  auto tma = dyn_cast<DescriptorLoadOp>(load);
  if ((!plain && !tma) || load->getBlock() != loop.getBody() ||
      (plain && plain.getIsVolatile()) || !load->hasOneUse())
    return std::nullopt;
  auto alloc = dyn_cast<LocalAllocOp>(*load->getUsers().begin());
  if (!alloc || alloc->getBlock() != loop.getBody() ||
      !isa<SwizzledSharedLayoutAttr, NVMMASharedLayoutAttr>(
          alloc.getType().getEncoding()) ||
      !llvm::all_of(alloc->getUsers(), [](Operation *user) {
        // A transposed view (a dot's B given as tl.trans of a load).
        if (isa<BufferTransOp>(user))
          return llvm::all_of(user->getUsers(), [](Operation *reader) {
            return isa<LocalLoadOp, WarpgroupDotOp>(reader);
          });
        return isa<LocalLoadOp, WarpgroupDotOp>(user);
      }))
    return std::nullopt;
  // TMA writes its blocks in the descriptor's layout only.
  if (tma &&
      alloc.getType().getEncoding() != getSharedLayout(tma.getDesc().getType()))
    return std::nullopt;
  SmallVector<BlockArgument> carried;
  SmallVector<SmallVector<Operation *>> updates;
  std::optional<SmallVector<Operation *>> slice =
      getOperandSlice(loop, load, carried, updates);
  if (!slice)
    return std::nullopt;
  return Stream{load, alloc, std::move(*slice), std::move(carried),
                std::move(updates)};
}

bool mlir::tile::isCarriedBack(OpOperand &use, scf::ForOp loop,
                               unsigned index) {
  return use.getOwner() == loop.getBody()->getTerminator() &&
         use.getOperandNumber() == index;
}

WarpgroupDotOp mlir::tile::getSyncDotBefore(scf::ForOp loop,
                                            BlockArgument arg) {
  Block *body = loop.getBody();
  Operation *first = body->getTerminator();
  for (Operation *user : arg.getUsers())
    if (Operation *ancestor = body->findAncestorOpInBlock(*user);
        ancestor && ancestor->isBeforeInBlock(first))
      first = ancestor;
  for (Operation &op : *body) {
    if (&op == first)
      break;
    if (auto sync = dyn_cast<WarpgroupDotOp>(op); sync && !sync.getIsAsync())
      return sync;
  }
  return {};
}

bool mlir::tile::canSpecialize(scf::ForOp loop,
                               SmallVectorImpl<Operation *> &sink) {
  // A kernel: the return can follow the split, which yields nothing.
  if (!isa<FuncOp>(loop->getParentOp()) ||
      loop->getBlock()->getTerminator()->getNumOperands())
    return false;
  for (Operation &op : *loop->getBlock()) {
    if (&op == loop)
      return true;
    if (!WarpSpecializeOp::findUnsafeBefore(&op))
      continue;
    if (op.getNumRegions() || !isMemoryEffectFree(&op) ||
        !WarpSpecializeOp::computesTensors(&op))
      return false;
    sink.push_back(&op);
  }
  return false;
}

bool mlir::tile::canCarryInFlight(scf::ForOp loop, WarpgroupDotOp dot,
                                  ArrayRef<Stream> streams) {
  auto staged = [&](Value buffer) {
    return llvm::any_of(streams, [&](const Stream &s) {
      return static_cast<Operation *>(s.alloc) == buffer.getDefiningOp();
    });
  };
  auto acc = dyn_cast<BlockArgument>(dot.getC());
  if (dot->getBlock() != loop.getBody() || !staged(dot.getA()) ||
      !staged(dot.getB()) || !acc || acc.getOwner() != loop.getBody() ||
      acc.getArgNumber() == 0 || !acc.hasOneUse())
    return false;
  unsigned index = acc.getArgNumber() - 1;
  bool carried = false, usable = true;
  for (OpOperand &use : dot->getUses()) {
    if (isCarriedBack(use, loop, index)) {
      carried = true;
      continue;
    }
    Operation *ifOp = use.getOwner()->getParentOfType<scf::IfOp>();
    while (ifOp && ifOp->getBlock() != loop.getBody())
      ifOp = ifOp->getParentOfType<scf::IfOp>();
    usable &= ifOp != nullptr;
  }
  return carried && usable;
}

bool mlir::tile::readsAnyOf(ArrayRef<Stream> streams,
                            ArrayRef<Operation *> ops) {
  auto definedThere = [&](Value v) {
    return llvm::is_contained(ops, v.getDefiningOp());
  };
  for (const Stream &stream : streams) {
    if (DescriptorLoadOp tma = stream.getTMALoad();
        tma && llvm::any_of(tma.getIndices(), definedThere))
      return true;
    for (Operation *op : stream.slice)
      if (llvm::any_of(op->getOperands(), definedThere))
        return true;
  }
  return false;
}
