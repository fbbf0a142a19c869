//===- TileGPUDialect.cpp - the tilegpu dialect ---------------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Dialect registration, the layouts' answers to the tile ops' questions, and
// verification of the distributed level's module attributes.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/TileGPU/IR/TileGPUDialect.h"
#include "tile/Dialect/TileGPU/IR/Scratch.h"
#include "tile/Dialect/TileGPU/IR/Target.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

#include "tile/Dialect/TileGPU/IR/TileGPUOpsDialect.cpp.inc"

namespace {
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

/// Layout inference for the tile ops: a reduced distributed layout is its
/// slice, and a dot's operands take the result's dot-operand layouts.
struct TileGPUInferLayoutInterface : public DialectInferLayoutInterface {
  using DialectInferLayoutInterface::DialectInferLayoutInterface;

  Attribute inferReducedEncoding(Attribute encoding,
                                 unsigned axis) const override {
    auto layout = dyn_cast<DistributedLayoutAttr>(encoding);
    if (!layout)
      return {};
    return SliceLayoutAttr::get(encoding.getContext(), axis, layout);
  }

  LogicalResult verifyDotOperandEncoding(Operation *op,
                                         Attribute operandEncoding,
                                         unsigned opIdx,
                                         Attribute encoding) const override {
    auto layout = dyn_cast<DistributedLayoutAttr>(encoding);
    if (!layout)
      return success();
    auto opLayout = dyn_cast_or_null<DotOperandLayoutAttr>(operandEncoding);
    if (!opLayout || opLayout.getOpIdx() != opIdx ||
        opLayout.getParent() != layout)
      return op->emitOpError()
             << "operand " << (opIdx ? "b" : "a")
             << " needs a #tilegpu.dot_op layout with opIdx = " << opIdx
             << " and parent " << layout << ", got " << operandEncoding;
    return success();
  }
};
} // namespace

void TileGPUDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "tile/Dialect/TileGPU/IR/TileGPUOps.cpp.inc"
      >();
  addInterfaces<TileOpAsmInterface, TileGPUInferLayoutInterface>();
  // tile's ops learn their scratch here: the tile level has no shared memory.
  attachScratchModels(getContext());
}

/// Folding a conversion of a constant yields a constant in the new layout.
Operation *TileGPUDialect::materializeConstant(OpBuilder &builder,
                                               Attribute value, Type type,
                                               Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
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
             << " warps but the module has tilegpu.num-warps = " << numWarps;
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

bool mlir::tilegpu::isValidClusterSize(int64_t size) {
  return size >= 1 && size <= 8 && llvm::isPowerOf2_64(size);
}

unsigned mlir::tilegpu::getClusterSize(Operation *op) {
  ModuleOp module =
      isa<ModuleOp>(op) ? cast<ModuleOp>(op) : op->getParentOfType<ModuleOp>();
  if (auto size = module ? module->getAttrOfType<IntegerAttr>(
                               TileGPUDialect::getClusterSizeAttrName())
                         : IntegerAttr())
    return static_cast<unsigned>(size.getInt());
  return 1;
}

FailureOr<unsigned> mlir::tilegpu::getNumWarpsOrError(Operation *op,
                                                      StringRef pass) {
  if (auto numWarps =
          op->getAttrOfType<IntegerAttr>(TileGPUDialect::getNumWarpsAttrName()))
    return static_cast<unsigned>(numWarps.getInt());
  return op->emitError() << pass
                         << " needs the distributed level (tilegpu.num-warps): "
                            "run tile-assign-layouts first";
}

unsigned mlir::tilegpu::getThreadsPerWarp(Operation *op) {
  if (auto threads = op->getAttrOfType<IntegerAttr>(
          TileGPUDialect::getThreadsPerWarpAttrName()))
    return threads.getInt();
  return 32;
}

/// `value` as a 64-bit integer, if it is an integer attribute that fits (an
/// i128 of 2^64 + 2 is not 2).
static std::optional<int64_t> getInt64(Attribute value) {
  auto integer = dyn_cast_or_null<IntegerAttr>(value);
  return integer ? integer.getValue().trySExtValue() : std::nullopt;
}

LogicalResult TileGPUDialect::verifyOperationAttribute(Operation *op,
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
  if ((name == getBranchedAttrName() || name == getPlannedAttrName() ||
       name == getStagedAttrName() || name == getIssueLastAttrName()) &&
      !isa<UnitAttr>(attr.getValue()))
    return op->emitOpError() << "'" << name << "' must be a unit attribute";
  if (name == getKernelParamsAttrName()) {
    auto params = dyn_cast<ArrayAttr>(attr.getValue());
    bool wellFormed = params && llvm::all_of(params, [](Attribute param) {
                        auto dict = dyn_cast<DictionaryAttr>(param);
                        return dict && dict.size() == 2 &&
                               dict.getAs<StringAttr>("name") &&
                               dict.getAs<TypeAttr>("type");
                      });
    if (!wellFormed)
      return op->emitOpError()
             << "'" << name
             << "' must be an array of {name = \"...\", type = T} entries";
  }
  if (name == getPlannedAttrName() && !isa<ModuleOp>(op))
    return op->emitOpError() << "'" << name << "' belongs on a module";
  // tile-schedule-loops' schedule: a ring has at least two buffers.
  if (name == getNumStagesAttrName()) {
    std::optional<int64_t> stages = getInt64(attr.getValue());
    if (!isa<LoopLikeOpInterface>(op) || !stages || *stages < 2 ||
        !cast<IntegerAttr>(attr.getValue()).getType().isSignlessInteger() ||
        *stages > 1024)
      return op->emitOpError()
             << "'" << name << "' must be an integer from 2 to 1024 on a loop";
  }
  if (name == getIssueLastAttrName() && !isa<LoopLikeOpInterface>(op))
    return op->emitOpError() << "'" << name << "' belongs on a loop";
  if (name == getStagedAttrName() &&
      !isa<tile::LoadOp, tile::DescriptorLoadOp>(op))
    return op->emitOpError()
           << "'" << name << "' belongs on a tile.load or tile.descriptor_load";
  return success();
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
