//===- Coalesce.cpp - coalesced, vectorized layouts for memory accesses ---===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Gives every global-memory access on a tensor of pointers a blocked layout
// in which each thread owns the widest vector the alignment analysis allows
// (at most 16 bytes) along the most contiguous dimension, and neighbouring
// threads own neighbouring vectors, so that a warp's accesses coalesce.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/TileGPU/Transforms/Passes.h"

#include "tile/Analysis/Alignment.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_COALESCE
#include "tile/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

/// The widest single access PTX has: ld.global.v4.b32 and friends.
constexpr unsigned kMaxAccessBits = 128;

/// The pointer and mask operands of a global-memory access, if it has them.
std::pair<Value, Value> getPtrAndMask(Operation *op) {
  if (auto load = dyn_cast<LoadOp>(op))
    return {load.getPtr(), load.getMask()};
  if (auto store = dyn_cast<StoreOp>(op))
    return {store.getPtr(), store.getMask()};
  if (auto rmw = dyn_cast<AtomicRMWOp>(op))
    return {rmw.getPtr(), rmw.getMask()};
  if (auto cas = dyn_cast<AtomicCASOp>(op))
    return {cas.getPtr(), Value()};
  if (auto copy = dyn_cast<AsyncCopyGlobalToLocalOp>(op))
    return {copy.getSrc(), copy.getMask()};
  return {};
}

class Coalesce : public tile::impl::CoalesceBase<Coalesce> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<unsigned> numWarps = getNumWarpsOrError(module, "tile-coalesce");
    if (failed(numWarps))
      return signalPassFailure();
    unsigned threadsPerWarp = getThreadsPerWarp(module);

    const ModuleAlignmentAnalysis &analysis =
        getAnalysis<ModuleAlignmentAnalysis>();
    // Choose every layout first: rewriting changes the values the analysis
    // knows about.
    SmallVector<std::pair<Operation *, BlockedLayoutAttr>> plan;
    module.walk([&](Operation *op) {
      auto [ptr, mask] = getPtrAndMask(op);
      if (!ptr || !isa<RankedTensorType>(ptr.getType()))
        return;
      // PTX atomics take one element per instruction (a vector is not
      // atomic); they still get a coalesced order.
      bool scalarAccess = isa<AtomicRMWOp, AtomicCASOp>(op);
      plan.emplace_back(op, chooseLayout(analysis, ptr, mask, scalarAccess,
                                         *numWarps, threadsPerWarp));
    });
    for (auto [op, layout] : plan)
      rewrite(op, layout);
  }

private:
  BlockedLayoutAttr chooseLayout(const ModuleAlignmentAnalysis &analysis,
                                 Value ptr, Value mask, bool scalarAccess,
                                 unsigned numWarps, unsigned threadsPerWarp) {
    auto type = cast<RankedTensorType>(ptr.getType());
    SmallVector<unsigned> preferred;
    if (auto layout = getDistributedLayout(type))
      preferred = layout.getOrder();
    else
      for (unsigned d = type.getRank(); d > 0; --d)
        preferred.push_back(d - 1);
    SmallVector<unsigned> order = analysis.getOrderByContiguity(ptr, preferred);
    unsigned dim = order.front();

    Type pointee = cast<PointerType>(type.getElementType()).getPointeeType();
    unsigned bits =
        pointee.isIntOrFloat() ? pointee.getIntOrFloatBitWidth() : 64;
    int64_t threads = int64_t(numWarps) * threadsPerWarp;
    int64_t perThread = std::max<unsigned>(1, kMaxAccessBits / bits);
    perThread =
        std::min<int64_t>(perThread, analysis.getPtrAlignment(ptr, dim));
    perThread =
        std::min<int64_t>(perThread, analysis.getMaskAlignment(mask, dim));
    // Keep every thread busy before making vectors wider.
    perThread = std::min<int64_t>(
        perThread, std::max<int64_t>(1, type.getNumElements() / threads));
    perThread = std::min<int64_t>(perThread, type.getDimSize(dim));
    if (scalarAccess)
      perThread = 1;

    SmallVector<unsigned> sizePerThread(type.getRank(), 1);
    sizePerThread[dim] = perThread;
    return getBlockedLayout(&getContext(), type.getShape(), sizePerThread,
                            order, numWarps, threadsPerWarp);
  }

  /// Moves `op`'s tensor operands to `layout` and its tensor results back.
  void rewrite(Operation *op, BlockedLayoutAttr layout) {
    OpBuilder builder(op);
    auto retype = [&](Type type) -> Type {
      if (!isa<RankedTensorType>(type))
        return type;
      return withEncoding(type, layout);
    };
    SmallVector<Value> operands;
    bool changed = false;
    for (Value operand : op->getOperands()) {
      Type type = retype(operand.getType());
      if (type != operand.getType()) {
        operand = ConvertLayoutOp::create(builder, op->getLoc(), type, operand);
        changed = true;
      }
      operands.push_back(operand);
    }
    if (!changed)
      return;
    Operation *newOp = builder.clone(*op);
    newOp->setOperands(operands);
    for (auto [oldResult, newResult] :
         llvm::zip(op->getResults(), newOp->getResults())) {
      Type type = retype(oldResult.getType());
      if (type == oldResult.getType()) {
        oldResult.replaceAllUsesWith(newResult);
        continue;
      }
      newResult.setType(type);
      builder.setInsertionPointAfter(newOp);
      auto back = ConvertLayoutOp::create(builder, op->getLoc(),
                                          oldResult.getType(), newResult);
      oldResult.replaceAllUsesWith(back.getResult());
    }
    op->erase();
  }
};

} // namespace
