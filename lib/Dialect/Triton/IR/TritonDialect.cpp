//===- TritonDialect.cpp - Triton's TTIR, read as tile IR -----------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The `tt` namespace parses with the tile dialect's own parsers: `tt.X` is
// parsed as, and becomes, `tile.X`; `!tt.T` is `!tile.T`. TTIR is thus
// read as it is printed, with its locations, and nothing is rewritten as
// text.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Triton/IR/TritonDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::triton;

#include "tile/Dialect/Triton/IR/TritonOpsDialect.cpp.inc"

#define GET_OP_CLASSES
#include "tile/Dialect/Triton/IR/TritonOps.cpp.inc"

void TritonDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "tile/Dialect/Triton/IR/TritonOps.cpp.inc"
      >();
}

std::optional<RegisteredOperationName>
mlir::tile::triton::getTileOp(StringRef name, MLIRContext *context) {
  if (!name.consume_front("tt."))
    return std::nullopt;
  return RegisteredOperationName::lookup(("tile." + name).str(), context);
}

/// Parses a `tt` op as the tile op of the same name, which it becomes.
static ParseResult parseAsTileOp(OpAsmParser &parser, OperationState &result) {
  std::optional<RegisteredOperationName> op =
      getTileOp(result.name.getStringRef(), result.getContext());
  if (!op)
    return parser.emitError(parser.getNameLoc())
           << "'" << result.name << "' has no tile counterpart";
  result.name = *op;
  return op->getParseAssemblyFn()(parser, result);
}

std::optional<Dialect::ParseOpHook>
TritonDialect::getParseOperationHook(StringRef opName) const {
  if (!getTileOp(opName, getContext()))
    return std::nullopt;
  return ParseOpHook(parseAsTileOp);
}

Type TritonDialect::parseType(DialectAsmParser &parser) const {
  // tile's types read Triton's spellings too (a descriptor by its block's
  // tensor type).
  return getContext()->getLoadedDialect<TileDialect>()->parseType(parser);
}

void TritonDialect::printType(Type type, DialectAsmPrinter &printer) const {
  // parseType makes tile types only; no type belongs to this dialect.
  llvm_unreachable("the tt dialect has no types");
}

// TTIR's hints and loop attributes are checked as their tile namesakes
// (under their own names), so that a bad one is reported where the file
// has it, before anything runs.
LogicalResult TritonDialect::verifyRegionArgAttribute(Operation *op,
                                                      unsigned regionIndex,
                                                      unsigned argIndex,
                                                      NamedAttribute attr) {
  return getContext()
      ->getLoadedDialect<TileDialect>()
      ->verifyRegionArgAttribute(op, regionIndex, argIndex, attr);
}

LogicalResult TritonDialect::verifyOperationAttribute(Operation *op,
                                                      NamedAttribute attr) {
  return getContext()
      ->getLoadedDialect<TileDialect>()
      ->verifyOperationAttribute(op, attr);
}
