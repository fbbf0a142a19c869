//===- TestAlias.cpp - test-print-alias -----------------------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Emits a remark per buffer value with the allocations it may be a view of,
// named by their `name` attributes, for lit tests.
//
//===----------------------------------------------------------------------===//

#include "tile/Analysis/Alias.h"
#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {
/// The name tests give an allocation (its `name` attribute), else its SSA
/// form (%arg0 for an argument).
std::string getValueName(Value value) {
  if (Operation *op = value.getDefiningOp())
    if (auto name = op->getAttrOfType<StringAttr>("name"))
      return name.str();
  std::string text;
  llvm::raw_string_ostream os(text);
  value.printAsOperand(os, OpPrintingFlags());
  return text;
}

struct TestPrintAliasPass
    : public PassWrapper<TestPrintAliasPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPrintAliasPass)

  StringRef getArgument() const final { return "test-print-alias"; }
  StringRef getDescription() const final {
    return "Print the allocations every shared-memory buffer may alias";
  }

  void runOnOperation() override {
    const ModuleAliasAnalysis &analysis = getAnalysis<ModuleAliasAnalysis>();
    auto report = [&](Operation *anchor, Value value, StringRef prefix) {
      SmallVector<std::string> names;
      for (Value allocation : analysis.getAllocations(value))
        names.push_back(getValueName(allocation));
      llvm::sort(names);
      std::string text = prefix.str() + "alias = [";
      llvm::raw_string_ostream os(text);
      llvm::interleaveComma(names, os);
      os << "]";
      anchor->emitRemark(text);
    };
    getOperation().walk([&](Operation *op) {
      for (OpResult result : op->getResults())
        if (isa<BufferType>(result.getType()))
          report(op, result,
                 op->getNumResults() > 1
                     ? "result #" + std::to_string(result.getResultNumber()) +
                           ": "
                     : (op->getNumRegions() ? "result " : ""));
      // Block arguments (loop-carried buffers) report at their owner.
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            if (isa<BufferType>(arg.getType()))
              report(op, arg,
                     "arg #" + std::to_string(arg.getArgNumber()) + ": ");
    });
  }
};
} // namespace

namespace mlir::tile::test {
void registerTestAliasPass() { PassRegistration<TestPrintAliasPass>(); }
} // namespace mlir::tile::test
