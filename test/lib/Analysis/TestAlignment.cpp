//===- TestAlignment.cpp - test-print-alignment ---------------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Emits a remark per op result with what the alignment analysis knows, for
// lit tests (-verify-diagnostics=only-expected).
//
//===----------------------------------------------------------------------===//

#include "tile/Analysis/Alignment.h"
#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {
struct TestPrintAlignmentPass
    : public PassWrapper<TestPrintAlignmentPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPrintAlignmentPass)

  StringRef getArgument() const final { return "test-print-alignment"; }
  StringRef getDescription() const final {
    return "Print the alignment analysis result of every op result";
  }

  void runOnOperation() override {
    const ModuleAlignmentAnalysis &analysis =
        getAnalysis<ModuleAlignmentAnalysis>();
    getOperation().walk([&](Operation *op) {
      for (OpResult result : op->getResults()) {
        const AlignmentInfo *info = analysis.getInfo(result);
        if (!info)
          continue;
        std::string text;
        llvm::raw_string_ostream os(text);
        if (op->getNumResults() > 1)
          os << "result #" << result.getResultNumber() << ": ";
        info->print(os);
        op->emitRemark(text);
      }
    });
  }
};
} // namespace

namespace mlir::tile::test {
void registerTestAlignmentPass() { PassRegistration<TestPrintAlignmentPass>(); }
} // namespace mlir::tile::test
