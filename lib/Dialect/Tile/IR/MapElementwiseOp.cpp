//===- MapElementwiseOp.cpp - verifier of tile.map_elementwise ------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"

using namespace mlir;
using namespace mlir::tile;

/// Checks that `types` are `pack` scalars of each of `tensors`' element
/// types in turn; the region `what`s them, the tensors are `noun`s.
static LogicalResult verifyPacked(Operation *op, TypeRange types,
                                  TypeRange tensors, unsigned pack,
                                  StringRef what, StringRef noun) {
  if (types.size() != pack * tensors.size())
    return op->emitOpError()
           << "region " << what << " " << types.size() << " values; " << pack
           << " (the pack) for each of the " << tensors.size() << " " << noun
           << "s";
  for (auto [i, type] : llvm::enumerate(types)) {
    Type element = getElementTypeOrSelf(tensors[i / pack]);
    if (type != element)
      return op->emitOpError()
             << "region " << what << " " << type << " at position " << i
             << ", where element " << i % pack << " of " << noun << " "
             << i / pack << " is " << element;
  }
  return success();
}

// The arguments first, before the region's ops are verified.
LogicalResult MapElementwiseOp::verify() {
  return verifyPacked(*this, getScalarOp().front().getArgumentTypes(),
                      getSrcs().getTypes(), getPack(), "takes", "operand");
}

LogicalResult MapElementwiseOp::verifyRegions() {
  unsigned pack = getPack();
  for (Block &block : getScalarOp())
    if (auto ret = block.empty()
                       ? MapElementwiseReturnOp()
                       : dyn_cast<MapElementwiseReturnOp>(block.back()))
      if (failed(verifyPacked(*this, ret.getResult().getTypes(),
                              getResultTypes(), pack, "returns", "result")))
        return failure();
  return success();
}
