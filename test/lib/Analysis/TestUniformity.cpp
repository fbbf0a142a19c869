//===- TestUniformity.cpp - test-print-cluster-uniformity -----------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Emits a remark per op result (and per scf.for: its induction variable and
// loop-carried values) saying whether the cluster uniformity analysis finds
// it the same in every CTA of a cluster, for lit tests
// (-verify-diagnostics=only-expected). The cluster size is the module's
// tilegpu.cluster-size; the cluster-size option sets it where the module
// has none, as the pipeline does from --cluster-size.
//
//===----------------------------------------------------------------------===//

#include "tile/Analysis/Uniformity.h"
#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {
struct TestPrintUniformityPass
    : public PassWrapper<TestPrintUniformityPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPrintUniformityPass)

  TestPrintUniformityPass() = default;
  TestPrintUniformityPass(const TestPrintUniformityPass &other)
      : PassWrapper(other) {}

  StringRef getArgument() const final {
    return "test-print-cluster-uniformity";
  }
  StringRef getDescription() const final {
    return "Print whether every op result is alike in all CTAs of a cluster";
  }

  Option<unsigned> clusterSize{*this, "cluster-size",
                               llvm::cl::desc("CTAs per cluster along x, "
                                              "where the module sets none"),
                               llvm::cl::init(2)};

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!module->hasAttr(TileGPUDialect::getClusterSizeAttrName()))
      module->setAttr(TileGPUDialect::getClusterSizeAttrName(),
                      Builder(module).getI32IntegerAttr(clusterSize));
    ClusterUniformity &analysis = getAnalysis<ClusterUniformity>();
    auto word = [&](Value value) {
      return analysis.isUniform(value) ? "uniform" : "varying";
    };
    getOperation().walk([&](Operation *op) {
      std::string text;
      llvm::raw_string_ostream os(text);
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        os << "iv " << word(loop.getInductionVar());
        for (Value arg : loop.getRegionIterArgs())
          os << ", iter_arg " << word(arg);
        os << "; ";
      }
      llvm::interleaveComma(op->getResults(), os,
                            [&](Value result) { os << word(result); });
      if (!text.empty())
        op->emitRemark(text);
    });
  }
};
} // namespace

namespace mlir::tile::test {
void registerTestUniformityPass() {
  PassRegistration<TestPrintUniformityPass>();
}
} // namespace mlir::tile::test
