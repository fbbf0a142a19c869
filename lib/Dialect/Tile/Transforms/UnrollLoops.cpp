//===- UnrollLoops.cpp - loops unrolled by their own factor ---------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "UnrollByFactor.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_UNROLLLOOPS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

struct UnrollLoops : public tile::impl::UnrollLoopsBase<UnrollLoops> {
  void runOnOperation() override {
    StringRef name = TileDialect::getLoopUnrollFactorAttrName();
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->hasAttr(name))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops) {
      int64_t factor = loop->getAttrOfType<IntegerAttr>(name).getInt();
      loop->removeAttr(name);
      if (factor > 1 && failed(scf_unroll::unrollByFactor(loop, factor))) {
        loop.emitOpError() << "could not be unrolled " << factor << " times";
        return signalPassFailure();
      }
    }
  }
};

} // namespace
