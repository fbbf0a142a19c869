//===- TileTypes.cpp - tile types -----------------------------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "tile/Dialect/Tile/IR/OpUtils.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tile;

#define GET_TYPEDEF_CLASSES
#include "tile/Dialect/Tile/IR/TileOpsTypes.cpp.inc"

void TileDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tile/Dialect/Tile/IR/TileOpsTypes.cpp.inc"
      >();
}

// !tile.ptr<T> or !tile.ptr<T, addressSpace>
Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  int addressSpace = kGlobalAddressSpace;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseType(pointee))
    return {};
  if (succeeded(parser.parseOptionalComma()) &&
      parser.parseInteger(addressSpace))
    return {};
  if (parser.parseGreater())
    return {};
  return parser.getChecked<PointerType>(loc, parser.getContext(), pointee,
                                        addressSpace);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << "<" << getPointeeType();
  if (getAddressSpace() != kGlobalAddressSpace)
    printer << ", " << getAddressSpace();
  printer << ">";
}

LogicalResult PointerType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  Type pointeeType, int addressSpace) {
  // A block pointer points to a tensor of plain elements, without a layout.
  Type element = pointeeType;
  if (auto block = dyn_cast<RankedTensorType>(pointeeType)) {
    if (block.getEncoding())
      return emitError() << "a block pointer's tensor has no layout, got "
                         << pointeeType;
    // Blocks are tiles: static, of rank 1 or more, powers of two.
    if (block.getRank() == 0 || llvm::any_of(block.getShape(), [](int64_t dim) {
          return ShapedType::isDynamic(dim) || !llvm::isPowerOf2_64(dim);
        }))
      return emitError() << "a block pointer's block has a static shape of "
                            "powers of two, got "
                         << pointeeType;
    element = block.getElementType();
    if (addressSpace != kGlobalAddressSpace)
      return emitError() << "a block pointer points to global memory, got "
                            "address space "
                         << addressSpace;
    if (!element.isIntOrFloat())
      return emitError() << "a block pointer's elements must be integers "
                            "or floats, got "
                         << element;
  }
  if (!element.isIntOrFloat() && !isa<PointerType>(element))
    return emitError() << "pointee type must be an integer, a float, a "
                          "pointer or a tensor of integers or floats, got "
                       << pointeeType;
  if (addressSpace < 0)
    return emitError() << "address space must be non-negative, got "
                       << addressSpace;
  return success();
}

bool mlir::tile::isScalarPointer(Type type) {
  auto ptr = dyn_cast<PointerType>(type);
  return ptr && !isa<RankedTensorType>(ptr.getPointeeType());
}

bool mlir::tile::isBlockPointer(Type type) {
  auto ptr = dyn_cast<PointerType>(type);
  return ptr && isa<RankedTensorType>(ptr.getPointeeType());
}

bool mlir::tile::usesBlockPointer(Operation *op) {
  auto any = [](TypeRange types) {
    return llvm::any_of(types, isBlockPointer);
  };
  if (any(op->getOperandTypes()) || any(op->getResultTypes()))
    return true;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (any(block.getArgumentTypes()))
        return true;
  return false;
}

bool mlir::tile::hasNaN(Type type) {
  auto fl = dyn_cast<FloatType>(type);
  return fl && APFloat::semanticsHasNaN(fl.getFloatSemantics());
}

Type mlir::tile::getPointeeType(Type ptrType) {
  if (auto tensor = dyn_cast<RankedTensorType>(ptrType)) {
    auto ptr = dyn_cast<PointerType>(tensor.getElementType());
    if (!ptr)
      return {};
    return RankedTensorType::get(tensor.getShape(), ptr.getPointeeType(),
                                 tensor.getEncoding());
  }
  if (auto ptr = dyn_cast<PointerType>(ptrType))
    return ptr.getPointeeType();
  return {};
}

Type mlir::tile::getI1SameShape(Type type) {
  auto i1 = IntegerType::get(type.getContext(), 1);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(tensor.getShape(), i1, tensor.getEncoding());
  return i1;
}

ArrayRef<int64_t> mlir::tile::getShapeOrScalar(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getShape();
  return {};
}

LogicalResult mlir::tile::verifyDescriptorAccess(Operation *op,
                                                 TensorDescType desc,
                                                 ValueRange indices,
                                                 ArrayRef<int64_t> shape,
                                                 Type element, StringRef what) {
  if (indices.size() != desc.getShape().size())
    return op->emitOpError()
           << "expected " << desc.getShape().size() << " indices for " << desc
           << ", got " << indices.size();
  if (shape != desc.getShape() || element != desc.getElementType())
    return op->emitOpError() << what << " [" << shape << "] of " << element
                             << " is not one block of " << desc;
  return success();
}

// !tile.tensordesc<RxCxT>
// <64x64xf16>, or as Triton spells it, <tensor<64x64xf16>>.
Type TensorDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalKeyword("tensor"))) {
    if (parser.parseLess() ||
        parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                  /*withTrailingX=*/true) ||
        parser.parseType(elementType))
      return {};
    if (succeeded(parser.parseOptionalComma())) {
      parser.emitError(loc) << "a descriptor's block has no layout";
      return {};
    }
    if (parser.parseGreater())
      return {};
  } else if (parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                       /*withTrailingX=*/true) ||
             parser.parseType(elementType)) {
    return {};
  }
  if (parser.parseGreater())
    return {};
  // Triton marks integer elements signed or unsigned (si32, ui32); tile's
  // tensors, and so its blocks, are signless, and the descriptor keeps
  // whether they are unsigned.
  bool isUnsigned = false;
  if (auto integer = dyn_cast<IntegerType>(elementType)) {
    isUnsigned = integer.isUnsigned();
    elementType = IntegerType::get(parser.getContext(), integer.getWidth());
  }
  return parser.getChecked<TensorDescType>(loc, parser.getContext(), shape,
                                           elementType, isUnsigned);
}

void TensorDescType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t dim : getShape())
    printer << dim << "x";
  if (getUnsignedElements())
    printer << "ui" << getElementType().getIntOrFloatBitWidth() << ">";
  else
    printer << getElementType() << ">";
}

LogicalResult
TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<int64_t> shape, Type elementType,
                       bool unsignedElements) {
  if (!elementType.isIntOrFloat() ||
      !llvm::is_contained({8u, 16u, 32u, 64u},
                          elementType.getIntOrFloatBitWidth()))
    return emitError() << "a tensor descriptor's elements must be 8-, 16-, "
                          "32- or 64-bit integers or floats, got "
                       << elementType;
  if (shape.size() != 2)
    return emitError() << "tensor descriptors describe 2-D blocks, got rank "
                       << shape.size();
  for (int64_t dim : shape)
    if (dim <= 0)
      return emitError() << "a tensor descriptor's block dimensions must be "
                            "positive, got "
                         << dim;
  return success();
}
