//===- PlanLowering.cpp - convert-tile-to-nvvm's per-op choices -----------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tile-plan-lowering: how wide each global access is, which integer ops
// compute a run of equal results once, and which stores and TMA issues stay
// branches, recorded as attributes (TileGPUDialect::get*AttrName) that
// convert-tile-to-nvvm reads.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "tile/Analysis/Alignment.h"
#include "tile/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <numeric>

namespace mlir::tile {
#define GEN_PASS_DEF_PLANLOWERING
#include "tile/Conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

/// The run of equal values each thread computes once for an integer
/// element-wise op, or 1.
int64_t computeUniformRun(Operation *op,
                          const ModuleAlignmentAnalysis &analysis) {
  if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1)
    return 1;
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type || !type.getElementType().isInteger())
    return 1;
  const AlignmentInfo *info = analysis.getInfo(op->getResult(0));
  if (!info || !info->isInitialized())
    return 1;
  FailureOr<Distribution> dist = Distribution::get(type);
  if (failed(dist))
    return 1;
  unsigned d = dist->getFastestDim();
  return std::gcd<int64_t>(info->getConstancy(d), dist->getSizePerThread(d));
}

/// Whether `op`, per element, is a few instructions: not a division or
/// remainder (but an approximate f32 division, div.full), nor a math
/// function other than the approximate f32 exponentials and square roots
/// and the ones PTX has an instruction for.
bool isCheapPerElement(Operation *op) {
  if (isa<arith::RemFOp, arith::DivSIOp, arith::DivUIOp, arith::RemSIOp,
          arith::RemUIOp, arith::CeilDivSIOp, arith::CeilDivUIOp,
          arith::FloorDivSIOp, PreciseDivFOp, PreciseSqrtOp>(op))
    return false;
  // What getDirectIntrinsic makes div.full, ex2.approx, sqrt.approx and
  // rsqrt.approx.
  if (isa<arith::DivFOp, math::ExpOp, math::Exp2Op, math::SqrtOp,
          math::RsqrtOp>(op))
    return getElementTypeOrSelf(op->getResult(0).getType()).isF32() &&
           allowsApproximation(op);
  if (isa<math::MathDialect>(op->getDialect()))
    return isa<math::AbsFOp, math::AbsIOp, math::FmaOp, math::CopySignOp,
               math::FloorOp, math::CeilOp, math::TruncOp, math::RoundEvenOp>(
        op);
  return true;
}

/// Whether the value `store` stores is computed by effect-free ops, in its
/// block, whose results nothing else uses, and one of them is costly per
/// element. A predicated store would have every thread compute all of it
/// for every element, masked off or not; behind a branch LLVM sinks it
/// there (a ragged softmax row with exact division: 0.83x of the branches
/// predicated). Otherwise predicated stores win: one basic block, the
/// shared work (div.full's reciprocal) computed once (softmax with 1000
/// columns, 0.99x -> 1.01x Triton, which predicates every store).
bool sinksCostlyWork(StoreOp store) {
  llvm::SmallPtrSet<Operation *, 16> slice = {store};
  SmallVector<Operation *> worklist;
  if (Operation *def = store.getValue().getDefiningOp())
    worklist.push_back(def);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (slice.contains(op) || op->getBlock() != store->getBlock() ||
        op->getNumRegions() || !isMemoryEffectFree(op) ||
        !llvm::all_of(op->getUsers(),
                      [&](Operation *user) { return slice.contains(user); }))
      continue;
    if (!isCheapPerElement(op))
      return true;
    slice.insert(op);
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        worklist.push_back(def);
  }
  return false;
}

/// Records on each kernel parameter that warpgroup_tma_stores copy their
/// chunks through the box and swizzle of its tensor map: every use of the
/// parameter must be such a store with the same box (a tensor map has one).
LogicalResult recordChunkedTensorMaps(ModuleOp module) {
  WalkResult walk = module.walk([&](WarpgroupTMAStoreOp store) {
    auto arg = dyn_cast<BlockArgument>(store.getDesc());
    auto fn = arg ? dyn_cast<FuncOp>(arg.getOwner()->getParentOp()) : FuncOp();
    if (!fn || !arg.getOwner()->isEntryBlock()) {
      store.emitOpError() << "needs a descriptor that is a kernel parameter, "
                             "whose tensor map can have its chunks as boxes";
      return WalkResult::interrupt();
    }
    SmallVector<int64_t> box = store.getBox();
    for (Operation *user : arg.getUsers()) {
      auto other = dyn_cast<WarpgroupTMAStoreOp>(user);
      if (!other || other.getBox() != box) {
        store.emitOpError()
            << "copies boxes of " << box[0] << "x" << box[1]
            << " through a descriptor that '" << user->getName()
            << "' also uses"
            << (other ? " with other boxes" : " (one tensor map, one box)");
        return WalkResult::interrupt();
      }
    }
    Builder b(module.getContext());
    fn.setArgAttr(
        arg.getArgNumber(), TileNVGPUDialect::getTensorMapBoxAttrName(),
        b.getDictionaryAttr(
            {b.getNamedAttr("box", b.getDenseI64ArrayAttr(box)),
             b.getNamedAttr("swizzle",
                            b.getI32IntegerAttr(store.getSwizzle()))}));
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

struct PlanLowering : public tile::impl::PlanLoweringBase<PlanLowering> {
  void runOnOperation() override {
    if (failed(planLowering(getOperation(),
                            getAnalysis<ModuleAlignmentAnalysis>())))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};

} // namespace

unsigned mlir::tile::getVectorWidth(Operation *op) {
  auto width =
      op->getAttrOfType<IntegerAttr>(TileGPUDialect::getVectorWidthAttrName());
  return width ? std::max<int64_t>(1, width.getInt()) : 1;
}

unsigned mlir::tile::getUniformRun(Operation *op) {
  auto run =
      op->getAttrOfType<IntegerAttr>(TileGPUDialect::getUniformRunAttrName());
  return run ? std::max<int64_t>(1, run.getInt()) : 1;
}

bool mlir::tile::isBranched(Operation *op) {
  return op->hasAttr(TileGPUDialect::getBranchedAttrName());
}

LogicalResult
mlir::tile::planLowering(ModuleOp module,
                         const ModuleAlignmentAnalysis &analysis) {
  if (failed(recordChunkedTensorMaps(module)))
    return failure();
  Builder b(module.getContext());
  module->setAttr(TileGPUDialect::getPlannedAttrName(), b.getUnitAttr());
  // Only the distributed level has layouts to plan by (convert-tile-to-nvvm
  // reports the others).
  if (!module->hasAttr(TileGPUDialect::getNumWarpsAttrName()))
    return success();
  StringRef width = TileGPUDialect::getVectorWidthAttrName();
  module.walk([&](Operation *op) {
    Value ptr, mask;
    if (auto load = dyn_cast<LoadOp>(op)) {
      ptr = load.getPtr(), mask = load.getMask();
    } else if (auto store = dyn_cast<StoreOp>(op)) {
      ptr = store.getPtr(), mask = store.getMask();
      if (mask && sinksCostlyWork(store))
        op->setAttr(TileGPUDialect::getBranchedAttrName(), b.getUnitAttr());
    } else if (auto copy = dyn_cast<AsyncCopyGlobalToLocalOp>(op)) {
      ptr = copy.getSrc(), mask = copy.getMask();
    } else {
      if (int64_t run = computeUniformRun(op, analysis); run > 1)
        op->setAttr(TileGPUDialect::getUniformRunAttrName(),
                    b.getI32IntegerAttr(run));
      return;
    }
    // A width already there (written by hand, or by an earlier run) stays.
    if (!op->hasAttr(width))
      op->setAttr(width,
                  b.getI32IntegerAttr(analysis.getAccessWidth(ptr, mask)));
  });
  // tile-pipeline issues a synchronous dot's copies after it: there a
  // predicated TMA instruction would cost every warp ptxas's loop electing
  // the issuing thread, which the leader's branch avoids. After a wgmma
  // loop's wait the branch measured slower, so those stay predicated.
  module.walk([&](scf::ForOp loop) {
    bool afterDot = false;
    for (Operation &op : loop.getBody()->getOperations()) {
      afterDot |= isa<DotOp>(op);
      if (afterDot && isa<BarrierExpectOp, AsyncTMACopyOp>(op))
        op.setAttr(TileGPUDialect::getBranchedAttrName(), b.getUnitAttr());
    }
  });
  return success();
}
