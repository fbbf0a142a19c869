//===- StageConvertedLoads.cpp - converted loads through their buffers ----===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A load of a pipelined loop that is only converted to another layout is
// stored to a buffer of its own and read back in that layout: the
// conversion's round trip through shared memory, but with a buffer that
// tile-schedule-loops can fill by a copy issued ahead.
//
//===----------------------------------------------------------------------===//

#include "PipelineUtils.h"
#include "tile/Dialect/TileGPU/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_STAGECONVERTEDLOADS
#include "tile/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

namespace {

class StageConvertedLoads
    : public tile::impl::StageConvertedLoadsBase<StageConvertedLoads> {
public:
  using Base::Base;

  void runOnOperation() override {
    const ModuleAlignmentAnalysis &alignment =
        getAnalysis<ModuleAlignmentAnalysis>();
    SmallVector<LoadOp> loads;
    getOperation().walk([&](LoadOp load) { loads.push_back(load); });
    bool changed = false;
    for (LoadOp load : loads)
      changed |= stage(load, alignment);
    if (!changed)
      markAllAnalysesPreserved();
  }

private:
  bool stage(LoadOp load, const ModuleAlignmentAnalysis &alignment) {
    auto loop = dyn_cast<scf::ForOp>(load->getParentOp());
    auto type = dyn_cast<RankedTensorType>(load.getType());
    if (!loop || !type || !load->hasOneUse() || !isPipelinable(loop) ||
        getLoopStages(loop, numStages) < 2)
      return false;
    // A loop of no more iterations than stages has no steady state for a
    // copy ahead to overlap with; its buffers only add to what is live.
    if (std::optional<APInt> trips = loop.getStaticTripCount();
        trips && trips->getSExtValue() <= getLoopStages(loop, numStages))
      return false;
    auto convert = dyn_cast<ConvertLayoutOp>(*load->getUsers().begin());
    if (!convert || convert->getBlock() != loop.getBody() ||
        !isa_and_nonnull<DistributedLayoutAttr>(
            convert.getType().getEncoding()))
      return false;
    // The swizzle of an operand buffer keeps a warp's 16-byte groups of
    // one column in distinct banks, for the reads in the other layout.
    SwizzledSharedLayoutAttr shared = getOperandSharedLayout(type);
    auto bufferType = shared ? BufferType::get(&getContext(), type.getShape(),
                                               type.getElementType(), shared,
                                               /*mutableMemory=*/false)
                             : BufferType();
    if (!canCopyAhead(loop, load, bufferType, alignment))
      return false;
    OpBuilder b(convert);
    auto alloc = LocalAllocOp::create(b, load.getLoc(), bufferType, load);
    auto read =
        LocalLoadOp::create(b, convert.getLoc(), convert.getType(), alloc);
    convert.replaceAllUsesWith(read.getResult());
    convert.erase();
    return true;
  }
};

} // namespace
