//===- TileNVGPUDialect.cpp - the tilenv dialect --------------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Dialect registration and the helpers of the Hopper ops.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

#include "tile/Dialect/Tile/IR/OpUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

#include "tile/Dialect/TileNVGPU/IR/TileNVGPUOpsDialect.cpp.inc"

void TileNVGPUDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "tile/Dialect/TileNVGPU/IR/TileNVGPUOps.cpp.inc"
      >();
}

/// Whether a recorded tensor-map box is one TMA can copy: 1 to 256
/// elements a dimension, swizzled by 0, 32, 64 or 128 bytes.
static bool isValidBox(DenseI64ArrayAttr box, IntegerAttr swizzle) {
  return box.size() == 2 &&
         llvm::all_of(box.asArrayRef(),
                      [](int64_t d) { return d >= 1 && d <= 256; }) &&
         swizzle.getType().isSignlessInteger() &&
         llvm::is_contained({0, 32, 64, 128},
                            swizzle.getValue().trySExtValue().value_or(-1));
}

LogicalResult TileNVGPUDialect::verifyOperationAttribute(Operation *op,
                                                         NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  Attribute value = attr.getValue();
  auto unitOn = [&](bool placed, StringRef where) -> LogicalResult {
    if (!isa<UnitAttr>(value))
      return op->emitOpError() << "'" << name << "' must be a unit attribute";
    if (!placed)
      return op->emitOpError() << "'" << name << "' belongs on " << where;
    return success();
  };
  if (name == getWarpSpecializedAttrName())
    return unitOn(isa<LoopLikeOpInterface>(op), "a loop");
  if (name == getMulticastAttrName())
    return unitOn(isa<DescriptorLoadOp>(op), "a tile.descriptor_load");
  if (name == getProducerAttrName())
    return unitOn(isa<RegionBranchOpInterface>(op), "a region branch op");
  if (name == getAsyncDotAttrName()) {
    auto kind = dyn_cast<StringAttr>(value);
    if (!kind || !llvm::is_contained({"carried", "deferred"}, kind.getValue()))
      return op->emitOpError()
             << "'" << name << "' must be \"carried\" or \"deferred\"";
    if (!isa<WarpgroupDotOp>(op))
      return op->emitOpError()
             << "'" << name << "' belongs on a tilenv.warpgroup_dot";
  }
  if (name == getGlobalScratchAttrName()) {
    auto bytes = dyn_cast<IntegerAttr>(value);
    if (!bytes || !bytes.getType().isSignlessInteger(64) ||
        bytes.getInt() < 1 || !isa<FunctionOpInterface>(op))
      return op->emitOpError()
             << "'" << name << "' must be a positive i64 on a kernel";
  }
  if (name == getKernelThreadsAttrName()) {
    auto threads = dyn_cast<IntegerAttr>(value);
    if (!threads || !threads.getType().isSignlessInteger(32) ||
        threads.getInt() < 1 || !isa<RegionBranchOpInterface>(op))
      return op->emitOpError()
             << "'" << name << "' must be a positive i32 on a region branch op";
  }
  return success();
}

LogicalResult TileNVGPUDialect::verifyRegionArgAttribute(Operation *op,
                                                         unsigned region,
                                                         unsigned index,
                                                         NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == getGlobalScratchAttrName()) {
    auto fn = dyn_cast<FuncOp>(op);
    auto bytes = dyn_cast<IntegerAttr>(attr.getValue());
    auto ptr = fn && region == 0 && index + 1 == fn.getNumArguments()
                   ? dyn_cast<PointerType>(fn.getArgumentTypes()[index])
                   : PointerType();
    if (!ptr || !isScalarPointer(ptr) || !ptr.getPointeeType().isInteger(8) ||
        ptr.getAddressSpace() != kGlobalAddressSpace || !bytes ||
        !bytes.getType().isSignlessInteger(64) || bytes.getInt() < 1)
      return op->emitOpError()
             << "'" << name
             << "' must be a positive i64 on a kernel's last parameter, a "
                "!tile.ptr<i8>";
    return success();
  }
  if (name != getTensorMapBoxAttrName())
    return success();
  auto fn = dyn_cast<FuncOp>(op);
  if (!fn || region != 0 || index >= fn.getNumArguments() ||
      !isa<TensorDescType>(fn.getArgumentTypes()[index]))
    return op->emitOpError() << "'" << name
                             << "' belongs on a kernel's tensor-descriptor "
                                "parameter";
  auto dict = dyn_cast<DictionaryAttr>(attr.getValue());
  auto box = dict ? dict.getAs<DenseI64ArrayAttr>("box") : nullptr;
  auto swizzle = dict ? dict.getAs<IntegerAttr>("swizzle") : IntegerAttr();
  if (!box || !swizzle || dict.size() != 2 || !isValidBox(box, swizzle))
    return op->emitOpError()
           << "'" << name
           << "' must be {box = array<i64: R, C>, swizzle = S : i32} with R "
              "and C from 1 to 256 and S 0, 32, 64 or 128";
  return success();
}

SmallVector<TensorMapArg> mlir::tilenvgpu::getTensorMapArgs(Operation *kernel) {
  SmallVector<TensorMapArg> args;
  auto maps = kernel->getAttrOfType<ArrayAttr>(
      TileNVGPUDialect::getTensorMapArgsAttrName());
  if (!maps)
    return args;
  for (Attribute map : maps) {
    auto dict = dyn_cast<DictionaryAttr>(map);
    auto index = dict ? dict.getAs<IntegerAttr>("index") : IntegerAttr();
    auto type = dict ? dict.getAs<TypeAttr>("type") : TypeAttr();
    auto desc =
        type ? dyn_cast<TensorDescType>(type.getValue()) : TensorDescType();
    auto box = dict ? dict.getAs<DenseI64ArrayAttr>("box") : nullptr;
    auto swizzle = dict ? dict.getAs<IntegerAttr>("swizzle") : IntegerAttr();
    if (!index || !desc || bool(box) != bool(swizzle) ||
        (box && !isValidBox(box, swizzle))) {
      args.push_back({-1, TensorDescType(), {}, 0});
      continue;
    }
    args.push_back(
        {index.getInt(), desc,
         box ? SmallVector<int64_t, 2>(box.asArrayRef()) : getTMABox(desc),
         swizzle ? unsigned(swizzle.getInt())
                 : getNVMMASwizzle(desc.getRowBytes())});
  }
  return args;
}

SmallVector<int64_t, 2> mlir::tilenvgpu::getTMABox(TensorDescType desc) {
  return {desc.getShape()[0],
          getNVMMASwizzle(desc.getRowBytes()) / desc.getElementBytes()};
}

BufferType mlir::tilenvgpu::getMBarrierType(MLIRContext *context,
                                            int64_t stages) {
  SmallVector<int64_t> shape;
  if (stages)
    shape.push_back(stages);
  shape.push_back(1);
  auto layout = SwizzledSharedLayoutAttr::get(context, 1, 1, 1, {0});
  return BufferType::get(context, shape, IntegerType::get(context, 64), layout,
                         /*mutableMemory=*/true);
}
