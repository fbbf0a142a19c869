//===- ImportTTIR.cpp - TTIR's attributes under their tile names ----------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tile-import-ttir: the ops the tt dialect declares (those Triton prints in
// generic form) turned into their tile namesakes, and the `tt.` discardable
// attributes of parsed TTIR renamed `tile.`, on ops and on function
// arguments and results.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "tile/Dialect/Tile/IR/OpUtils.h"
#include "tile/Dialect/Triton/IR/TritonDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::tile {
#define GEN_PASS_DEF_IMPORTTTIR
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// `attrs` with each `tt.X` named `tile.X`; null if none is.
DictionaryAttr renamed(DictionaryAttr attrs) {
  if (!attrs || llvm::none_of(attrs, [](NamedAttribute attr) {
        return attr.getName().getValue().starts_with("tt.");
      }))
    return {};
  NamedAttrList list;
  for (NamedAttribute attr : attrs)
    list.set(StringAttr::get(attrs.getContext(),
                             getTileAttrName(attr.getName().getValue())),
             attr.getValue());
  return list.getDictionary(attrs.getContext());
}

/// `op` (a tt op) rebuilt as the tile op of the same name: the same
/// operands, results, attributes and regions. Fails where tile has no
/// such op.
LogicalResult rebuildAsTileOp(Operation *op) {
  std::optional<RegisteredOperationName> tileName =
      triton::getTileOp(op->getName().getStringRef(), op->getContext());
  if (!tileName)
    return op->emitOpError() << "has no tile counterpart";
  OperationState state(op->getLoc(), *tileName);
  state.addOperands(op->getOperands());
  state.addTypes(op->getResultTypes());
  state.addAttributes(op->getAttrs());
  for (Region &region : op->getRegions())
    state.addRegion()->takeBody(region);
  OpBuilder builder(op);
  Operation *rebuilt = builder.create(state);
  op->replaceAllUsesWith(rebuilt);
  op->erase();
  return success();
}

struct ImportTTIR : public tile::impl::ImportTTIRBase<ImportTTIR> {
  void runOnOperation() override {
    // Outer ops first: a combiner's terminator then already sits in the
    // tile op it must belong to.
    SmallVector<Operation *> ttOps;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa_and_nonnull<triton::TritonDialect>(op->getDialect()))
        ttOps.push_back(op);
    });
    for (Operation *op : ttOps)
      if (failed(rebuildAsTileOp(op)))
        return signalPassFailure();
    getOperation()->walk([](Operation *op) {
      if (DictionaryAttr attrs = renamed(op->getDiscardableAttrDictionary()))
        op->setDiscardableAttrs(attrs);
      auto fn = dyn_cast<FunctionOpInterface>(op);
      if (!fn)
        return;
      for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i)
        if (DictionaryAttr attrs = renamed(fn.getArgAttrDict(i)))
          fn.setArgAttrs(i, attrs);
      for (unsigned i = 0, e = fn.getNumResults(); i < e; ++i)
        if (DictionaryAttr attrs = renamed(fn.getResultAttrDict(i)))
          fn.setResultAttrs(i, attrs);
    });
  }
};

} // namespace
