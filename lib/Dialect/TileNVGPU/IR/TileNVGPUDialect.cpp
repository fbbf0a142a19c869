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

#include "mlir/IR/Builders.h"

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
    // A recorded box must be one TMA can copy: 1 to 256 elements a
    // dimension, swizzled by 0, 32, 64 or 128 bytes.
    bool badBox = box && (box.size() != 2 ||
                          llvm::any_of(box.asArrayRef(), [](int64_t d) {
                            return d < 1 || d > 256;
                          }));
    bool badSwizzle =
        swizzle && !llvm::is_contained({0, 32, 64, 128}, swizzle.getInt());
    if (!index || !desc || badBox || badSwizzle || bool(box) != bool(swizzle)) {
      args.push_back({-1, TensorDescType(), {}, 0});
      continue;
    }
    args.push_back({index.getInt(), desc,
                    box ? SmallVector<int64_t, 2>(box.asArrayRef())
                        : SmallVector<int64_t, 2>(desc.getBox()),
                    swizzle ? unsigned(swizzle.getInt()) : desc.getSwizzle()});
  }
  return args;
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
