//===- TestAllocation.cpp - test-print-liveness, test-print-allocation ----===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Emit a remark per shared-memory buffer with its live range (in the
// function's pre-order operation numbering) and, for test-print-allocation,
// its offset and size, and per function its total, for lit tests.
//
//===----------------------------------------------------------------------===//

#include "tile/Analysis/Allocation.h"

#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {
StringRef getKindName(SharedBuffer::Kind kind) {
  switch (kind) {
  case SharedBuffer::Kind::Explicit:
    return "buffer";
  case SharedBuffer::Kind::Scratch:
    return "scratch";
  case SharedBuffer::Kind::Call:
    return "callee";
  }
  return "";
}

template <bool PrintLiveness>
struct TestAllocationPass
    : public PassWrapper<TestAllocationPass<PrintLiveness>,
                         OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAllocationPass)

  StringRef getArgument() const final {
    return PrintLiveness ? "test-print-liveness" : "test-print-allocation";
  }
  // The scratch of tile's ops is declared by models tilegpu attaches.
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<tilegpu::TileGPUDialect>();
  }
  StringRef getDescription() const final {
    return PrintLiveness
               ? "Print the live range of every shared-memory buffer"
               : "Print the offset and size of every shared-memory buffer";
  }

  void runOnOperation() override {
    const ModuleAllocation &allocation =
        this->template getAnalysis<ModuleAllocation>();
    if (failed(allocation.getResult()))
      return this->signalPassFailure();
    for (FuncOp fn : this->getOperation().template getOps<FuncOp>()) {
      const FunctionAllocation *info = allocation.getFunction(fn);
      if (!info)
        continue;
      for (const SharedBuffer &buffer : info->getBuffers()) {
        InFlightDiagnostic remark = buffer.owner->emitRemark()
                                    << getKindName(buffer.kind) << ": ";
        remark << "live in [" << buffer.start << ", " << buffer.end << ")";
        if (!PrintLiveness)
          remark << ", offset = " << buffer.offset
                 << ", size = " << buffer.size;
      }
      if (!PrintLiveness)
        fn.emitRemark() << "total = " << info->getTotalSize();
    }
  }
};
} // namespace

namespace mlir::tile::test {
void registerTestAllocationPasses() {
  PassRegistration<TestAllocationPass<true>>();
  PassRegistration<TestAllocationPass<false>>();
}
} // namespace mlir::tile::test
