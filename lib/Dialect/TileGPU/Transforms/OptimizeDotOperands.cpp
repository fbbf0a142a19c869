//===- OptimizeDotOperands.cpp - mma.sync operands from staged loads ------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An mma.sync operand computed element-wise from loads is computed in its
// dot_op layout instead, from buffers the loads are stored to: the loads
// can then be copied ahead (tile-schedule-loops), where a buffer of the
// math's result cannot.
//
//===----------------------------------------------------------------------===//

#include "PipelineUtils.h"
#include "tile/Dialect/TileGPU/Transforms/Passes.h"

#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tile {
#define GEN_PASS_DEF_OPTIMIZEDOTOPERANDS
#include "tile/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

namespace {

/// The buffer a load is stored to, to be read in dot_op layouts: the
/// operand layout of a 2-D block (swizzled for ldmatrix), a plain one for
/// a 1-D row of scales.
BufferType getLoadBufferType(RankedTensorType type) {
  Attribute shared;
  if (type.getRank() == 1)
    shared = SwizzledSharedLayoutAttr::get(type.getContext(), 1, 1, 1, {0});
  else
    shared = getOperandSharedLayout(type);
  if (!shared)
    return {};
  return BufferType::get(type.getContext(), type.getShape(),
                         type.getElementType(), shared,
                         /*mutableMemory=*/false);
}

/// Whether `a` and `b` hold the same elements, possibly in different
/// layouts: one value (through conversions), equal splat constants, or the
/// same side-effect-free op on such operands.
bool isSameModuloLayout(Value a, Value b, unsigned depth = 0) {
  auto source = [](Value v) {
    while (auto convert = v.getDefiningOp<ConvertLayoutOp>())
      v = convert.getSrc();
    return v;
  };
  a = source(a);
  b = source(b);
  if (a == b)
    return true;
  auto ta = dyn_cast<RankedTensorType>(a.getType());
  auto tb = dyn_cast<RankedTensorType>(b.getType());
  if (depth > 16 || !ta || !tb || ta.getShape() != tb.getShape() ||
      ta.getElementType() != tb.getElementType())
    return false;
  DenseElementsAttr ca, cb;
  if (matchPattern(a, m_Constant(&ca)) && matchPattern(b, m_Constant(&cb)))
    return ca.isSplat() && cb.isSplat() &&
           ca.getSplatValue<Attribute>() == cb.getSplatValue<Attribute>();
  Operation *x = a.getDefiningOp(), *y = b.getDefiningOp();
  if (!x || !y || x->getName() != y->getName() ||
      x->getAttrDictionary() != y->getAttrDictionary() ||
      x->getNumOperands() != y->getNumOperands() || x->getNumResults() != 1 ||
      x->getNumRegions() || !isMemoryEffectFree(x))
    return false;
  return llvm::all_of_zip(x->getOperands(), y->getOperands(),
                          [&](Value u, Value v) {
                            return isa<RankedTensorType>(u.getType())
                                       ? isSameModuloLayout(u, v, depth + 1)
                                       : u == v;
                          });
}

/// The load of `load`'s block that `load` reads again in another layout,
/// if any: tile-remove-layout-conversions reloads a small row in the
/// layout a conversion of it had (ReloadInTargetLayout), its pointers and
/// mask recomputed there.
LoadOp getReloadedFrom(LoadOp load) {
  auto same = [](Value a, Value b) {
    return (!a && !b) || (a && b && isSameModuloLayout(a, b));
  };
  for (auto other : load->getBlock()->getOps<LoadOp>())
    if (other != load && other.getCache() == load.getCache() &&
        other.getEvict() == load.getEvict() &&
        other.getIsVolatile() == load.getIsVolatile() &&
        !other.getBoundaryCheck() && !load.getBoundaryCheck() &&
        isa<RankedTensorType>(other.getPtr().getType()) &&
        same(other.getPtr(), load.getPtr()) &&
        same(other.getMask(), load.getMask()) &&
        same(other.getOther(), load.getOther()))
      return other;
  return {};
}

/// One operand's rewrite: which values its chain reaches and how each is
/// produced in its new layout.
class OperandChain {
public:
  OperandChain(scf::ForOp loop, LocalLoadOp read, int64_t stages,
               const ModuleAlignmentAnalysis &alignment)
      : loop(loop), read(read), stages(stages), alignment(alignment) {}

  /// Whether `stored`, stored by `alloc`, can be computed in the read's
  /// layout, with at least one load staged and every load of its chain
  /// staged, and with nothing of the old chain left for other users.
  bool plan(Value stored, LocalAllocOp alloc) {
    if (!visit(stored, read.getType().getEncoding(), 0) || loads.empty() ||
        chain.empty())
      return false;
    return llvm::all_of(chain, [&](Operation *op) {
      return llvm::all_of(op->getUsers(), [&](Operation *user) {
        return user == alloc || chain.contains(user);
      });
    });
  }

  /// Rewrites the operand; returns its value in the read's layout.
  Value rewrite(OpBuilder &b, Value stored) {
    return build(b, stored, read.getType().getEncoding());
  }

  /// Buffers made for the loads, by load.
  llvm::MapVector<Operation *, Value> buffers;
  /// The load each load leaf reads: itself, or the one it reads again.
  llvm::MapVector<Operation *, Operation *> origins;
  llvm::SetVector<Operation *> chain;

private:
  enum class Leaf { Load, Read, Recompute, Convert };

  bool isSmall(Value value) {
    return cast<RankedTensorType>(value.getType()).getNumElements() * 8 <=
           read.getType().getNumElements();
  }

  bool visit(Value value, Attribute layout, unsigned depth) {
    if (depth > 32 || !isa<RankedTensorType>(value.getType()))
      return false;
    auto key = std::make_pair(value, layout);
    if (leaves.contains(key) || visited.contains(key))
      return true;
    Operation *def = value.getDefiningOp();
    // Defined before the loop: converted once, there.
    if (loop.isDefinedOutsideOfLoop(value)) {
      leaves[key] = Leaf::Convert;
      return true;
    }
    if (def && def->getBlock() == loop.getBody()) {
      DenseElementsAttr constant;
      if (isa<SplatOp, MakeRangeOp>(def) ||
          matchPattern(value, m_Constant(&constant))) {
        leaves[key] = Leaf::Recompute;
        return true;
      }
      // A load read again in another layout is its original's buffer read
      // in this one.
      if (auto load = dyn_cast<LoadOp>(def)) {
        LoadOp staged = isStaged(load) ? load : getReloadedFrom(load);
        if (!staged || (staged != load &&
                        (!isStaged(staged) || !staged->isBeforeInBlock(read))))
          return false;
        leaves[key] = Leaf::Load;
        origins[load] = staged;
        loads.insert(staged);
        return true;
      }
      // A buffer of this loop's load, read in another layout (the other
      // operand's rewrite staged it).
      if (auto other = dyn_cast<LocalLoadOp>(def);
          other && !other.getOffsets()) {
        auto alloc = other.getSrc().getDefiningOp<LocalAllocOp>();
        if (alloc && alloc.getSrc() && !alloc.getType().getMutableMemory() &&
            alloc->getBlock() == loop.getBody() &&
            alloc.getSrc().getDefiningOp<LoadOp>()) {
          leaves[key] = Leaf::Read;
          return true;
        }
      }
      if (isa<ConvertLayoutOp, BroadcastOp, ExpandDimsOp>(def) ||
          isPureElementwise(def)) {
        visited.insert(key);
        chain.insert(def);
        if (auto expand = dyn_cast<ExpandDimsOp>(def))
          return visit(
              expand.getSrc(),
              SliceLayoutAttr::get(def->getContext(), expand.getAxis(),
                                   cast<DistributedLayoutAttr>(layout)),
              depth + 1);
        return llvm::all_of(def->getOperands(), [&](Value operand) {
          return !isa<RankedTensorType>(operand.getType()) ||
                 visit(operand, layout, depth + 1);
        });
      }
    }
    // Anything else (a reduction, a loop-carried value): converted where
    // that moves little.
    if (!isSmall(value))
      return false;
    leaves[key] = Leaf::Convert;
    return true;
  }

  /// Whether tile-schedule-loops will copy `load` ahead once it is stored
  /// to a buffer of its own.
  bool isStaged(LoadOp load) {
    auto type = dyn_cast<RankedTensorType>(load.getType());
    if (!type || stages < 2 || type.getRank() > 2 ||
        !type.getElementType().isIntOrFloat())
      return false;
    unsigned bits = type.getElementType().getIntOrFloatBitWidth();
    return llvm::is_contained({8u, 16u, 32u}, bits) &&
           canCopyAhead(loop, load, getLoadBufferType(type), alignment);
  }

  Value build(OpBuilder &b, Value value, Attribute layout) {
    auto key = std::make_pair(value, layout);
    if (Value done = built.lookup(key))
      return done;
    auto type = withEncoding(value.getType(), layout);
    Location loc = value.getLoc();
    OpBuilder::InsertionGuard guard(b);
    Value result;
    auto leaf = leaves.find(key);
    Operation *def = value.getDefiningOp();
    if (leaf != leaves.end()) {
      switch (leaf->second) {
      case Leaf::Load: {
        Operation *load = origins.lookup(def);
        Value &buffer = buffers[load];
        if (!buffer) {
          OpBuilder::InsertionGuard afterLoad(b);
          b.setInsertionPointAfter(load);
          Value loaded = load->getResult(0);
          buffer = LocalAllocOp::create(
              b, loc,
              getLoadBufferType(cast<RankedTensorType>(loaded.getType())),
              loaded);
        }
        result = LocalLoadOp::create(b, loc, type, buffer);
        break;
      }
      case Leaf::Read:
        result =
            LocalLoadOp::create(b, loc, type, cast<LocalLoadOp>(def).getSrc());
        break;
      case Leaf::Recompute: {
        if (auto splat = dyn_cast<SplatOp>(def)) {
          result = SplatOp::create(b, loc, type, splat.getSrc());
        } else if (auto range = dyn_cast<MakeRangeOp>(def)) {
          result = MakeRangeOp::create(b, loc, type, range.getStartAttr(),
                                       range.getEndAttr());
        } else {
          DenseElementsAttr attr;
          matchPattern(value, m_Constant(&attr));
          result = arith::ConstantOp::create(b, loc, type, attr.reshape(type));
        }
        break;
      }
      case Leaf::Convert:
        if (loop.isDefinedOutsideOfLoop(value))
          b.setInsertionPointAfterValue(value);
        result = ConvertLayoutOp::create(b, loc, type, value);
        break;
      }
    } else if (auto convert = dyn_cast<ConvertLayoutOp>(def)) {
      result = build(b, convert.getSrc(), layout);
    } else if (auto broadcast = dyn_cast<BroadcastOp>(def)) {
      result = BroadcastOp::create(b, loc, type,
                                   build(b, broadcast.getSrc(), layout));
    } else if (auto expand = dyn_cast<ExpandDimsOp>(def)) {
      auto slice = SliceLayoutAttr::get(def->getContext(), expand.getAxis(),
                                        cast<DistributedLayoutAttr>(layout));
      result = ExpandDimsOp::create(
          b, loc, type, build(b, expand.getSrc(), slice), expand.getAxis());
    } else {
      SmallVector<Value> operands;
      for (Value operand : def->getOperands())
        operands.push_back(isa<RankedTensorType>(operand.getType())
                               ? build(b, operand, layout)
                               : operand);
      result = clone(b, def, type, operands)->getResult(0);
    }
    built[key] = result;
    return result;
  }

  scf::ForOp loop;
  LocalLoadOp read;
  int64_t stages;
  const ModuleAlignmentAnalysis &alignment;
  DenseMap<std::pair<Value, Attribute>, Leaf> leaves;
  DenseSet<std::pair<Value, Attribute>> visited;
  DenseMap<std::pair<Value, Attribute>, Value> built;
  llvm::SetVector<Operation *> loads;
};

class OptimizeDotOperands
    : public tile::impl::OptimizeDotOperandsBase<OptimizeDotOperands> {
public:
  using Base::Base;

  void runOnOperation() override {
    const ModuleAlignmentAnalysis &alignment =
        getAnalysis<ModuleAlignmentAnalysis>();
    SmallVector<LocalLoadOp> reads;
    getOperation().walk([&](LocalLoadOp read) {
      auto layout =
          dyn_cast_or_null<DotOperandLayoutAttr>(read.getType().getEncoding());
      auto mma = layout ? dyn_cast<MmaLayoutAttr>(layout.getParent())
                        : MmaLayoutAttr();
      if (mma && mma.getVersionMajor() == 2)
        reads.push_back(read);
    });
    bool changed = false;
    for (LocalLoadOp read : reads)
      changed |= optimize(read, alignment);
    if (!changed)
      markAllAnalysesPreserved();
  }

private:
  bool optimize(LocalLoadOp read, const ModuleAlignmentAnalysis &alignment) {
    auto alloc = read.getSrc().getDefiningOp<LocalAllocOp>();
    auto loop = dyn_cast<scf::ForOp>(read->getParentOp());
    // A window of the buffer (tile-prefetch's) reads part of the operand.
    if (!alloc || !alloc.getSrc() || alloc.getType().getMutableMemory() ||
        read.getOffsets() || !alloc->hasOneUse() || !loop ||
        alloc->getBlock() != loop.getBody() || !isPipelinable(loop))
      return false;
    Value stored = alloc.getSrc();
    OperandChain chain(loop, read, getLoopStages(loop, numStages), alignment);
    if (!chain.plan(stored, alloc))
      return false;
    OpBuilder b(read);
    Value operand = chain.rewrite(b, stored);
    read.replaceAllUsesWith(operand);
    read.erase();
    alloc.erase();
    // The old chain, dead now; other readers of a load read its buffer.
    SmallVector<Operation *> dead(chain.chain.begin(), chain.chain.end());
    llvm::sort(
        dead, [](Operation *x, Operation *y) { return y->isBeforeInBlock(x); });
    for (Operation *op : dead)
      if (op->use_empty())
        op->erase();
    for (auto [leaf, load] : chain.origins)
      if (leaf != load && leaf->use_empty())
        leaf->erase();
    for (auto [load, buffer] : chain.buffers) {
      Value value = load->getResult(0);
      for (OpOperand &use : llvm::make_early_inc_range(value.getUses())) {
        if (use.getOwner() == buffer.getDefiningOp())
          continue;
        b.setInsertionPoint(use.getOwner());
        use.set(
            LocalLoadOp::create(b, value.getLoc(), value.getType(), buffer));
      }
    }
    return true;
  }
};

} // namespace
