//===- TileGPUTypes.cpp - tilegpu types -----------------------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "tile/Dialect/TileGPU/IR/TileGPUDialect.h"

#include "tile/Dialect/Tile/IR/OpUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

#define GET_TYPEDEF_CLASSES
#include "tile/Dialect/TileGPU/IR/TileGPUOpsTypes.cpp.inc"

void TileGPUDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tile/Dialect/TileGPU/IR/TileGPUOpsTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Buffer
//===----------------------------------------------------------------------===//

// !tilegpu.buffer<2x64x64xf16, #layout(, mutable)?>
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
                          "(#tilegpu.shared or #tilegpu.nvmma_shared), got "
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

unsigned mlir::tilegpu::getNVMMASwizzle(int64_t rowBytes) {
  for (unsigned swizzle : {128u, 64u, 32u})
    if (rowBytes % swizzle == 0)
      return swizzle;
  return 0;
}

std::string mlir::tilegpu::getUncopiableReason(TensorDescType desc,
                                               bool wholeBlocks) {
  std::string reason;
  llvm::raw_string_ostream os(reason);
  auto because = [&]() -> llvm::raw_ostream & {
    return os << "tile copies the blocks of " << desc
              << " with TMA into swizzled shared memory: ";
  };
  if (llvm::any_of(desc.getShape(), [](int64_t dim) { return dim > 256; }))
    because() << "its block dimensions must be 1 to 256 (a TMA box)";
  else if (!getNVMMASwizzle(desc.getRowBytes()))
    because() << "its block rows must be a multiple of 32 bytes (a "
                 "swizzle), got "
              << desc.getRowBytes();
  else if (wholeBlocks && desc.getShape()[0] % 8)
    because() << "its blocks must have a multiple of 8 rows (whole swizzle "
                 "repetitions), got "
              << desc.getShape()[0];
  return reason;
}

bool mlir::tilegpu::canMakeTensorMap(MakeTensorDescOp make) {
  auto fn = dyn_cast<FuncOp>(make->getParentOp());
  TensorDescType desc = make.getType();
  if (!fn || !fn.isPublic() || make->getBlock() != &fn.getBody().front() ||
      desc.getShape().size() != 2 ||
      !matchPattern(make.getStrides().back(), m_One()) ||
      !getUncopiableReason(desc, /*wholeBlocks=*/true).empty())
    return false;
  return llvm::all_of(make->getUsers(), [](Operation *user) {
    return isa<DescriptorLoadOp, DescriptorStoreOp, DescriptorReduceOp>(user);
  });
}

NVMMASharedLayoutAttr mlir::tilegpu::getSharedLayout(TensorDescType desc) {
  return NVMMASharedLayoutAttr::get(
      desc.getContext(), getNVMMASwizzle(desc.getRowBytes()),
      /*transposed=*/false, desc.getElementType().getIntOrFloatBitWidth());
}
