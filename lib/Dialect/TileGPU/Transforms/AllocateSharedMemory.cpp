//===- AllocateSharedMemory.cpp - offsets for shared-memory buffers -------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "tile/Dialect/TileGPU/Transforms/Passes.h"

#include "tile/Analysis/Allocation.h"
#include "tile/Dialect/TileGPU/IR/Target.h"

#include "mlir/IR/Builders.h"

namespace mlir::tile {
#define GEN_PASS_DEF_ALLOCATESHAREDMEMORY
#include "tile/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

/// Shared memory one block may use on an architecture (the opt-in maximum).
int64_t getSharedMemoryLimit(StringRef target) {
  unsigned sm = parseSmVersion(target);
  if (sm >= 90)
    return 227 * 1024;
  if (sm >= 80)
    return 163 * 1024;
  if (sm >= 75)
    return 64 * 1024;
  return 48 * 1024;
}

class AllocateSharedMemory
    : public tile::impl::AllocateSharedMemoryBase<AllocateSharedMemory> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    const ModuleAllocation &allocation = getAnalysis<ModuleAllocation>();
    if (failed(allocation.getResult()))
      return signalPassFailure();

    Builder b(&getContext());
    StringRef target = "sm_90";
    if (auto attr = module->getAttrOfType<StringAttr>(
            TileGPUDialect::getTargetAttrName()))
      target = attr.getValue();
    int64_t limit = getSharedMemoryLimit(target);
    int64_t moduleTotal = 0;
    for (FuncOp fn : module.getOps<FuncOp>()) {
      const FunctionAllocation *info = allocation.getFunction(fn);
      if (!info)
        continue;
      for (const SharedBuffer &buffer : info->getBuffers())
        buffer.owner->setAttr(TileGPUDialect::getOffsetAttrName(),
                              b.getI32IntegerAttr(buffer.offset));
      fn->setAttr(TileGPUDialect::getSharedMemoryAttrName(),
                  b.getI32IntegerAttr(info->getTotalSize()));
      if (fn.isPublic()) {
        if (info->getTotalSize() > limit) {
          fn.emitOpError() << "needs " << info->getTotalSize()
                           << " bytes of shared memory, more than the " << limit
                           << " bytes a block has on " << target;
          return signalPassFailure();
        }
        moduleTotal = std::max(moduleTotal, info->getTotalSize());
      }
    }
    module->setAttr(TileGPUDialect::getSharedMemoryAttrName(),
                    b.getI32IntegerAttr(moduleTotal));
    // The offsets only record what the allocation computed: it still holds
    // for tile-insert-barriers.
    markAnalysesPreserved<ModuleAllocation>();
  }
};

} // namespace
