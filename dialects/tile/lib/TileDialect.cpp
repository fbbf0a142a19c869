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

#include "tile/TileDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;

#include "tile/TileOpsDialect.cpp.inc"

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

/// Prints layouts under short aliases (#blocked, #slice1, ...): they repeat on
/// every tensor type of the distributed level.
struct TileOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    StringRef name =
        llvm::TypeSwitch<Attribute, StringRef>(attr)
            .Case<BlockedLayoutAttr>([](auto) { return "blocked"; })
            .Case<SliceLayoutAttr>([](auto) { return "slice"; })
            .Case<MmaLayoutAttr>([](auto) { return "mma"; })
            .Case<DotOperandLayoutAttr>([](auto) { return "dot_op"; })
            .Case<SwizzledSharedLayoutAttr>([](auto) { return "shared"; })
            .Case<NVMMASharedLayoutAttr>([](auto) { return "nvmma"; })
            .Default([](Attribute) { return StringRef(); });
    if (name.empty())
      return AliasResult::NoAlias;
    os << name;
    return AliasResult::FinalAlias;
  }
};
} // namespace

void TileDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "tile/TileOps.cpp.inc"
      >();
  addInterfaces<TileInlinerInterface, TileOpAsmInterface>();
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

LogicalResult TileDialect::verifyRegionArgAttribute(Operation *op,
                                                    unsigned regionIndex,
                                                    unsigned argIndex,
                                                    NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name != getDivisibilityAttrName() && name != getContiguityAttrName() &&
      name != getConstancyAttrName())
    return success(); // Other tile.* hints (e.g. from Triton) pass through.
  Region &region = op->getRegion(regionIndex);
  if (region.empty() || argIndex >= region.getNumArguments())
    return success(); // A declaration: nothing to check the type against.
  return verifyHint(op, attr, region.getArgument(argIndex).getType(), argIndex);
}

/// Checks that every distributed layout in `root` spans `numWarps` warps of
/// `threadsPerWarp` threads: a layout for another launch configuration would
/// silently drop or duplicate elements.
static LogicalResult verifyLaunchConfiguration(Operation *root,
                                               int64_t numWarps,
                                               int64_t threadsPerWarp) {
  auto check = [&](Operation *op, Type type) -> LogicalResult {
    DistributedLayoutAttr layout = getDistributedLayout(type);
    if (!layout)
      return success();
    // Slices and dot operands replicate over the threads of their parent.
    while (true) {
      if (auto slice = dyn_cast<SliceLayoutAttr>(layout))
        layout = slice.getParent();
      else if (auto dotOperand = dyn_cast<DotOperandLayoutAttr>(layout))
        layout = dotOperand.getParent();
      else
        break;
    }
    int64_t warps = 1, threads = 1;
    for (unsigned w : layout.getWarpsPerCTA())
      warps *= w;
    for (unsigned t : layout.getThreadsPerWarp())
      threads *= t;
    if (warps != numWarps)
      return op->emitOpError()
             << "layout " << layout << " spans " << warps
             << " warps but the module has tile.num-warps = " << numWarps;
    if (threads != threadsPerWarp)
      return op->emitOpError()
             << "layout " << layout << " spans " << threads
             << " threads per warp but the module has " << threadsPerWarp;
    return success();
  };
  WalkResult result = root->walk([&](Operation *op) {
    // Declarations have no block arguments: check their signatures.
    if (auto fn = dyn_cast<FunctionOpInterface>(op))
      for (Type type :
           llvm::concat<const Type>(fn.getArgumentTypes(), fn.getResultTypes()))
        if (failed(check(op, type)))
          return WalkResult::interrupt();
    for (Type type : op->getResultTypes())
      if (failed(check(op, type)))
        return WalkResult::interrupt();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Type type : block.getArgumentTypes())
          if (failed(check(op, type)))
            return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

bool mlir::tile::isValidClusterSize(int64_t size) {
  return size >= 1 && size <= 8 && llvm::isPowerOf2_64(size);
}

unsigned mlir::tile::getClusterSize(Operation *op) {
  ModuleOp module =
      isa<ModuleOp>(op) ? cast<ModuleOp>(op) : op->getParentOfType<ModuleOp>();
  if (auto size = module ? module->getAttrOfType<IntegerAttr>(
                               TileDialect::getClusterSizeAttrName())
                         : IntegerAttr())
    return static_cast<unsigned>(size.getInt());
  return 1;
}

FailureOr<unsigned> mlir::tile::getNumWarpsOrError(Operation *op,
                                                   StringRef pass) {
  if (auto numWarps =
          op->getAttrOfType<IntegerAttr>(TileDialect::getNumWarpsAttrName()))
    return static_cast<unsigned>(numWarps.getInt());
  return op->emitError() << pass
                         << " needs the distributed level (tile.num-warps): "
                            "run tile-assign-layouts first";
}

unsigned mlir::tile::parseSmVersion(StringRef target) {
  unsigned sm = 0;
  if (!target.consume_front("sm_") || target.consumeInteger(10, sm))
    return 0;
  return sm;
}

bool mlir::tile::hasArchSpecificFeatures(StringRef target) {
  unsigned sm = 0;
  return target.consume_front("sm_") && !target.consumeInteger(10, sm) &&
         target == "a";
}

std::string mlir::tile::getTargetName(unsigned sm, bool archSpecific) {
  return "sm_" + std::to_string(sm) + (archSpecific ? "a" : "");
}

/// `value` as a 64-bit integer, if it is an integer attribute that fits (an
/// i128 of 2^64 + 2 is not 2).
static std::optional<int64_t> getInt64(Attribute value) {
  auto integer = dyn_cast_or_null<IntegerAttr>(value);
  return integer ? integer.getValue().trySExtValue() : std::nullopt;
}

LogicalResult TileDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  // Up to 1024: a CTA has at most 1024 threads (and larger counts would
  // not survive the unsigned arithmetic of the layouts).
  auto positivePowerOfTwo = [](Attribute value) {
    std::optional<int64_t> v = getInt64(value);
    return v && *v > 0 && *v <= 1024 && llvm::isPowerOf2_64(*v);
  };
  // The module-level launch configuration of the distributed level.
  if (name == getNumWarpsAttrName()) {
    if (!positivePowerOfTwo(attr.getValue()))
      return op->emitOpError()
             << "'" << name
             << "' must be a positive power-of-two integer up to 1024";
    // A threads-per-warp that is not valid is reported by its own check.
    Attribute threads = op->getAttr(getThreadsPerWarpAttrName());
    return verifyLaunchConfiguration(
        op, *getInt64(attr.getValue()),
        threads && positivePowerOfTwo(threads) ? *getInt64(threads) : 32);
  }
  if (name == getClusterSizeAttrName()) {
    std::optional<int64_t> size = getInt64(attr.getValue());
    if (!size || !isValidClusterSize(*size))
      return op->emitOpError()
             << "'" << name << "' must be a power-of-two integer from 1 to 8";
  }
  if (name == getThreadsPerWarpAttrName() &&
      !positivePowerOfTwo(attr.getValue()))
    return op->emitOpError()
           << "'" << name
           << "' must be a positive power-of-two integer up to 1024";
  if (name == getTargetAttrName()) {
    auto target = dyn_cast<StringAttr>(attr.getValue());
    if (!target || !target.getValue().starts_with("sm_"))
      return op->emitOpError()
             << "'" << name << "' must be a string such as \"sm_90\"";
  }
  // tile-plan-lowering's choices (convert-tile-to-nvvm checks that a width
  // fits the access's layout).
  if ((name == getVectorWidthAttrName() || name == getUniformRunAttrName()) &&
      !positivePowerOfTwo(attr.getValue()))
    return op->emitOpError()
           << "'" << name
           << "' must be a positive power-of-two integer up to 1024";
  if (name == getBranchedAttrName() && !isa<UnitAttr>(attr.getValue()))
    return op->emitOpError() << "'" << name << "' must be a unit attribute";
  if (name == "tile.num_stages") {
    auto value = dyn_cast<IntegerAttr>(attr.getValue());
    if (!value || value.getInt() < 1)
      return op->emitOpError()
             << "'tile.num_stages' must be a positive integer";
  }
  return success();
}
