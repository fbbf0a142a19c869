//===- TileDialect.cpp - the tile dialect ---------------------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Dialect registration, constant materialization, the inliner interface and
// verification of the `tile.*` hint attributes.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "tile/Dialect/Tile/IR/OpUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;

#include "tile/Dialect/Tile/IR/TileOpsDialect.cpp.inc"

namespace {
/// Lets the upstream `inline` pass inline tile.call: every tile op may be
/// inlined, and a tile.return becomes a branch or replaces the call results.
struct TileInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *, Operation *, bool) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }

  void handleTerminator(Operation *op, Block *newDest) const final {
    auto returnOp = dyn_cast<ReturnOp>(op);
    if (!returnOp)
      return;
    OpBuilder builder(op);
    cf::BranchOp::create(builder, op->getLoc(), newDest,
                         returnOp.getOperands());
    op->erase();
  }

  void handleTerminator(Operation *op, ValueRange valuesToRepl) const final {
    auto returnOp = cast<ReturnOp>(op);
    for (auto [value, replacement] :
         llvm::zip(valuesToRepl, returnOp.getOperands()))
      value.replaceAllUsesWith(replacement);
  }
};

} // namespace

void TileDialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "tile/Dialect/Tile/IR/TileOps.cpp.inc"
      >();
  addInterfaces<TileInlinerInterface>();
}

Operation *TileDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

/// Checks one alignment hint: a positive power of two, on an argument whose
/// type the hint can describe (integers and pointers, scalar or tensor).
static LogicalResult verifyHint(Operation *op, NamedAttribute attr,
                                Type argType, unsigned argIndex) {
  auto value = dyn_cast<IntegerAttr>(attr.getValue());
  if (!value || !value.getType().isSignlessInteger())
    return op->emitOpError()
           << "argument #" << argIndex << ": '" << attr.getName().getValue()
           << "' must be an integer attribute, got " << attr.getValue();
  // Wider than 64 bits: wider than any alignment.
  int64_t v = value.getValue().trySExtValue().value_or(0);
  if (v <= 0 || !llvm::isPowerOf2_64(v))
    return op->emitOpError()
           << "argument #" << argIndex << ": '" << attr.getName().getValue()
           << "' must be a positive power of two, got "
           << llvm::toString(value.getValue(), 10, /*Signed=*/true);
  Type element = getElementTypeOrSelf(argType);
  if (!isa<IntegerType, PointerType>(element))
    return op->emitOpError()
           << "argument #" << argIndex << ": '" << attr.getName().getValue()
           << "' applies to integer or pointer arguments, not " << argType;
  return success();
}

std::string mlir::tile::getTileAttrName(StringRef name) {
  if (name.consume_front("tt."))
    return ("tile." + name).str();
  return name.str();
}

/// `attr`'s name under the tile prefix: TTIR's `tt.X` (which the tt
/// dialect verifies here, keeping its name in messages) is `tile.X`.
static std::string getTileName(NamedAttribute attr) {
  return getTileAttrName(attr.getName().getValue());
}

LogicalResult TileDialect::verifyRegionArgAttribute(Operation *op,
                                                    unsigned regionIndex,
                                                    unsigned argIndex,
                                                    NamedAttribute attr) {
  std::string name = getTileName(attr);
  if (name != getDivisibilityAttrName() && name != getContiguityAttrName() &&
      name != getConstancyAttrName())
    return success(); // Other tile.* hints (e.g. from Triton) pass through.
  Region &region = op->getRegion(regionIndex);
  if (region.empty() || argIndex >= region.getNumArguments())
    return success(); // A declaration: nothing to check the type against.
  return verifyHint(op, attr, region.getArgument(argIndex).getType(), argIndex);
}

/// Checks a kernel's declared parameters: integers of at least 2 (a block
/// dimension; 1 would stand for every unit dimension) or integer and float
/// types, each value declared once (it stands for its parameter wherever
/// it appears), no name shared with an argument (tile-specialize looks
/// both up by name).
static LogicalResult verifyKernelParams(Operation *op, Attribute value) {
  auto fn = dyn_cast<FuncOp>(op);
  if (!fn)
    return op->emitOpError()
           << "'" << getKernelParamsAttrName() << "' applies to tile.func only";
  auto params = dyn_cast<DictionaryAttr>(value);
  if (!params)
    return op->emitOpError()
           << "'" << getKernelParamsAttrName() << "' must be a dictionary";
  llvm::DenseMap<Attribute, StringRef> seen;
  for (NamedAttribute param : params) {
    StringRef name = param.getName().getValue();
    Attribute key = param.getValue();
    if (auto integer = dyn_cast<IntegerAttr>(key)) {
      if (!integer.getType().isSignlessInteger() ||
          integer.getValue().getSignificantBits() > 63 || integer.getInt() < 2)
        return op->emitOpError()
               << "parameter '" << name
               << "' must be an integer of at least 2, got " << key;
      // 128 : i32 and 128 : i64 stand for the same thing.
      key = IntegerAttr::get(IntegerType::get(op->getContext(), 64),
                             integer.getInt());
    } else if (auto type = dyn_cast<TypeAttr>(key)) {
      if (!isa<IntegerType, FloatType>(type.getValue()))
        return op->emitOpError()
               << "parameter '" << name
               << "' must be an integer or float type, got " << type.getValue();
    } else {
      return op->emitOpError() << "parameter '" << name
                               << "' must be an integer or a type, got " << key;
    }
    auto [it, inserted] = seen.try_emplace(key, name);
    if (!inserted)
      return op->emitOpError()
             << "parameters '" << it->second << "' and '" << name
             << "' are both written as " << param.getValue()
             << "; each needs a value of its own";
    if (!fn.isExternal())
      for (BlockArgument arg : fn.getArguments())
        if (getArgName(arg) == name)
          return op->emitOpError()
                 << "parameter '" << name << "' has the name of an argument";
  }
  return success();
}

LogicalResult TileDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  std::string name = getTileName(attr);
  if (name == getKernelParamsAttrName())
    return verifyKernelParams(op, attr.getValue());
  if (name == getNumStagesAttrName() || name == getLoopUnrollFactorAttrName()) {
    auto value = dyn_cast<IntegerAttr>(attr.getValue());
    if (!value || value.getInt() < 1)
      return op->emitOpError() << "'" << attr.getName().getValue()
                               << "' must be a positive integer";
  }
  if ((name == getWarpSpecializeAttrName() || name == getFlattenAttrName() ||
       name == getDisallowAccMultiBufferAttrName()) &&
      !isa<BoolAttr, UnitAttr>(attr.getValue()))
    return op->emitOpError()
           << "'" << attr.getName().getValue() << "' must be a boolean";
  return success();
}

const DialectInferLayoutInterface *
mlir::tile::getInferLayoutInterface(Attribute encoding) {
  if (!encoding)
    return nullptr;
  return encoding.getDialect()
      .getRegisteredInterface<DialectInferLayoutInterface>();
}
