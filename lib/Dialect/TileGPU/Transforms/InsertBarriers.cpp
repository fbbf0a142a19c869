//===- InsertBarriers.cpp - gpu.barrier where shared memory conflicts -----===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "tile/Dialect/TileGPU/Transforms/Passes.h"

#include "tile/Analysis/Barrier.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::tile {
#define GEN_PASS_DEF_INSERTBARRIERS
#include "tile/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {
class InsertBarriers : public tile::impl::InsertBarriersBase<InsertBarriers> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    const ModuleAllocation &allocation = getAnalysis<ModuleAllocation>();
    if (failed(allocation.getResult()))
      return signalPassFailure();
    // Analyze every function before changing any: the analysis numbers ops.
    SmallVector<Operation *> points;
    for (FuncOp fn : module.getOps<FuncOp>()) {
      FailureOr<FunctionBarriers> barriers =
          FunctionBarriers::compute(fn, allocation);
      if (failed(barriers))
        return signalPassFailure();
      for (auto &entry : barriers->getBarriers())
        points.push_back(entry.first);
    }
    for (Operation *op : points) {
      OpBuilder builder(op);
      gpu::BarrierOp::create(builder, op->getLoc());
    }
  }
};
} // namespace
