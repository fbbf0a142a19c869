//===- TileTypes.cpp - tile types -----------------------------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "tile/TileDialect.h"

#include "VerifyUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tile;

#define GET_TYPEDEF_CLASSES
#include "tile/TileOpsTypes.cpp.inc"

void TileDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tile/TileOpsTypes.cpp.inc"
      >();
}

/// NVPTX's global address space: the default, and elided when printed.
static constexpr int kGlobalAddressSpace = 1;

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
  if (!pointeeType.isIntOrFloat() && !isa<PointerType>(pointeeType))
    return emitError() << "pointee type must be an integer, a float or a "
                          "pointer, got "
                       << pointeeType;
  if (addressSpace < 0)
    return emitError() << "address space must be non-negative, got "
                       << addressSpace;
  return success();
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

//===----------------------------------------------------------------------===//
// Buffer
//===----------------------------------------------------------------------===//

// !tile.buffer<2x64x64xf16, #layout(, mutable)?>
Type BufferType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute encoding;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseAttribute(encoding))
    return {};
  bool isMutable = false;
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("mutable"))
      return {};
    isMutable = true;
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<BufferType>(loc, parser.getContext(), shape,
                                       elementType, encoding, isMutable);
}

void BufferType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t dim : getShape())
    printer << dim << "x";
  printer << getElementType() << ", " << getEncoding();
  if (getMutableMemory())
    printer << ", mutable";
  printer << ">";
}

LogicalResult BufferType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<int64_t> shape, Type elementType,
                                 Attribute encoding, bool) {
  if (shape.empty())
    return emitError() << "a buffer needs rank 1 or more";
  for (int64_t dim : shape)
    if (dim <= 0)
      return emitError() << "buffer dimensions must be positive, got " << dim;
  // Shared memory is a few hundred KiB: a buffer of 2^32 elements or more
  // is an error, and its size in bytes could overflow.
  constexpr int64_t kMaxElements = int64_t(1) << 32;
  std::optional<int64_t> elements = getCheckedNumElements(shape);
  if (!elements || *elements >= kMaxElements)
    return emitError() << "a buffer must hold fewer than " << kMaxElements
                       << " elements";
  if (!elementType.isIntOrFloat())
    return emitError() << "buffer element type must be an integer or a "
                          "float, got "
                       << elementType;
  if (!isa<SharedLayoutAttr>(encoding))
    return emitError() << "a buffer's layout must be a shared layout "
                          "(#tile.shared or #tile.nvmma_shared), got "
                       << encoding;
  if (auto swizzled = dyn_cast<SwizzledSharedLayoutAttr>(encoding))
    if (swizzled.getOrder().size() > shape.size())
      return emitError() << "shared layout of rank "
                         << swizzled.getOrder().size()
                         << " does not fit a buffer of rank " << shape.size();
  if (isa<NVMMASharedLayoutAttr>(encoding) && shape.size() < 2)
    return emitError() << "an NVMMA shared layout needs a buffer of rank 2 "
                          "or more";
  return success();
}

ShapedType BufferType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                                 Type elementType) const {
  return BufferType::get(getContext(), shape ? *shape : getShape(), elementType,
                         getEncoding(), getMutableMemory());
}

int64_t BufferType::getSizeInBytes() const {
  int64_t elementBytes = llvm::divideCeil(getElementTypeBitWidth(), 8);
  return getNumElements() * elementBytes;
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

SmallVector<TensorMapArg> mlir::tile::getTensorMapArgs(Operation *kernel) {
  SmallVector<TensorMapArg> args;
  auto maps =
      kernel->getAttrOfType<ArrayAttr>(TileDialect::getTensorMapArgsAttrName());
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

// !tile.tensordesc<RxCxT>
Type TensorDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseGreater())
    return {};
  return parser.getChecked<TensorDescType>(loc, parser.getContext(), shape,
                                           elementType);
}

void TensorDescType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t dim : getShape())
    printer << dim << "x";
  printer << getElementType() << ">";
}

LogicalResult
TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<int64_t> shape, Type elementType) {
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
    if (dim <= 0 || dim > 256)
      return emitError() << "a tensor descriptor's block dimensions must be "
                            "1 to 256 (a TMA box), got "
                         << dim;
  // Swizzles repeat every 8 rows, from 1024-byte (or smaller) aligned
  // addresses: blocks of whole repetitions keep every stage of a ring and
  // every column block aligned.
  if (shape[0] % 8)
    return emitError() << "a tensor descriptor's block rows must be a "
                          "multiple of 8 (a swizzle repetition), got "
                       << shape[0];
  int64_t rowBytes = shape[1] * elementType.getIntOrFloatBitWidth() / 8;
  if (!getNVMMASwizzle(rowBytes))
    return emitError() << "a tensor descriptor's block rows must be a "
                          "multiple of 32 bytes (a shared-memory swizzle), "
                          "got "
                       << rowBytes;
  return success();
}

unsigned TensorDescType::getSwizzle() const {
  return getNVMMASwizzle(getRowBytes());
}

SmallVector<int64_t> TensorDescType::getBox() const {
  return {getShape()[0], getSwizzle() / getElementBytes()};
}

NVMMASharedLayoutAttr TensorDescType::getSharedLayout() const {
  return NVMMASharedLayoutAttr::get(getContext(), getSwizzle(),
                                    /*transposed=*/false,
                                    getElementType().getIntOrFloatBitWidth());
}
