//===- MapElementwise.cpp - tile.map_elementwise, region per element ------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each thread runs the op's region once for every `pack` of its elements:
// a copy of the region inside an scf.execute_region, whose blocks may
// branch as the region's do (an `if` in the mapped function runs one side
// only), entered with the elements and left with the results.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tile;

namespace {

struct MapElementwiseLowering : public TilePattern<MapElementwiseOp> {
  using TilePattern::TilePattern;

  LogicalResult
  matchAndRewrite(MapElementwiseOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned pack = op.getPack();
    unsigned count =
        getDistribution(cast<RankedTensorType>(op.getSrcs()[0].getType()))
            .getNumElements();
    // The region's results: `pack` scalars of each result in turn.
    SmallVector<Type> scalarTypes;
    for (Type type : op.getResultTypes())
      scalarTypes.append(pack, getElementTypeOrSelf(type));

    SmallVector<SmallVector<Value>> results(op.getNumResults());
    for (unsigned start = 0; start < count; start += pack) {
      SmallVector<Value> args;
      for (auto [src, elements] : llvm::zip(op.getSrcs(), adaptor.getSrcs()))
        for (unsigned k = 0; k < pack; ++k) {
          unsigned e = start + k;
          args.push_back(e < count ? elements[e]
                                   : LLVM::PoisonOp::create(
                                         rewriter, loc,
                                         getElementTypeOrSelf(src.getType()))
                                         .getResult());
        }
      auto exec = scf::ExecuteRegionOp::create(rewriter, loc, scalarTypes);
      Region &region = exec.getRegion();
      Block *entry = rewriter.createBlock(&region);
      // The region's blocks first (branches name them), then their ops,
      // its returns becoming yields: no op of the tile dialect is made.
      IRMapping mapping;
      for (Block &block : op.getScalarOp()) {
        SmallVector<Location> locs(block.getNumArguments(), loc);
        Block *copy = rewriter.createBlock(&region, region.end(),
                                           block.getArgumentTypes(), locs);
        mapping.map(&block, copy);
        mapping.map(block.getArguments(), copy->getArguments());
      }
      for (Block &block : op.getScalarOp()) {
        rewriter.setInsertionPointToEnd(mapping.lookup(&block));
        for (Operation &inner : block) {
          if (auto ret = dyn_cast<MapElementwiseReturnOp>(inner))
            scf::YieldOp::create(
                rewriter, ret.getLoc(),
                llvm::map_to_vector(ret.getResult(), [&](Value v) {
                  return mapping.lookupOrDefault(v);
                }));
          else
            rewriter.clone(inner, mapping);
        }
      }
      rewriter.setInsertionPointToEnd(entry);
      cf::BranchOp::create(rewriter, loc,
                           mapping.lookup(&op.getScalarOp().front()), args);
      rewriter.setInsertionPointAfter(exec);
      for (unsigned i = 0, e = op.getNumResults(); i < e; ++i)
        for (unsigned k = 0; k < pack && start + k < count; ++k)
          results[i].push_back(exec.getResult(i * pack + k));
    }
    rewriter.replaceOpWithMultiple(op, results);
    return success();
  }
};

} // namespace

void mlir::tile::populateMapElementwisePatterns(const TypeConverter &converter,
                                                RewritePatternSet &patterns,
                                                const LoweringState &state) {
  patterns.add<MapElementwiseLowering>(converter, patterns.getContext(), state);
}
