//===- TestNonNegative.cpp - test-print-non-negative ----------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Emits a remark per integer op result with what the non-negativity
// analysis knows, for lit tests (-verify-diagnostics=only-expected).
//
//===----------------------------------------------------------------------===//

#include "tile/Analysis/NonNegative.h"
#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {
struct TestPrintNonNegativePass
    : public PassWrapper<TestPrintNonNegativePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPrintNonNegativePass)

  StringRef getArgument() const final { return "test-print-non-negative"; }
  StringRef getDescription() const final {
    return "Print whether every integer op result is known non-negative";
  }

  void runOnOperation() override {
    DataFlowSolver solver;
    solver.load<dataflow::DeadCodeAnalysis>();
    solver.load<dataflow::SparseConstantPropagation>();
    solver.load<NonNegativeAnalysis>();
    if (failed(solver.initializeAndRun(getOperation())))
      return signalPassFailure();
    getOperation().walk([&](Operation *op) {
      for (OpResult result : op->getResults()) {
        if (!getElementTypeOrSelf(result.getType()).isIntOrIndex())
          continue;
        const auto *lattice = solver.lookupState<NonNegativeLattice>(result);
        if (!lattice)
          continue;
        std::string text;
        llvm::raw_string_ostream os(text);
        lattice->getValue().print(os);
        op->emitRemark(text);
      }
    });
  }
};
} // namespace

namespace mlir::tile::test {
void registerTestNonNegativePass() {
  PassRegistration<TestPrintNonNegativePass>();
}
} // namespace mlir::tile::test
