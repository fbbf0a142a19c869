//===- TestBarriers.cpp - test-print-barriers -----------------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Emits a remark on every op the barrier analysis wants a barrier before,
// with the conflict that requires it, for lit tests.
//
//===----------------------------------------------------------------------===//

#include "tile/Analysis/Barrier.h"

#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {
struct TestPrintBarriersPass
    : public PassWrapper<TestPrintBarriersPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPrintBarriersPass)

  StringRef getArgument() const final { return "test-print-barriers"; }
  // The scratch of tile's ops is declared by models tilegpu attaches.
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<tilegpu::TileGPUDialect>();
  }
  StringRef getDescription() const final {
    return "Print where the barrier analysis needs barriers, and why";
  }

  void runOnOperation() override {
    const ModuleAllocation &allocation = getAnalysis<ModuleAllocation>();
    if (failed(allocation.getResult()))
      return signalPassFailure();
    for (FuncOp fn : getOperation().getOps<FuncOp>()) {
      FailureOr<FunctionBarriers> barriers =
          FunctionBarriers::compute(fn, allocation);
      if (failed(barriers))
        return signalPassFailure();
      for (auto &[op, reason] : barriers->getBarriers())
        op->emitRemark() << "barrier before: " << reason.describe();
    }
  }
};
} // namespace

namespace mlir::tile::test {
void registerTestBarriersPass() { PassRegistration<TestPrintBarriersPass>(); }
} // namespace mlir::tile::test
