//===- TileTypes.cpp - tile types -----------------------------------------===//

#include "tile/TileDialect.h"

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

LogicalResult
PointerType::verify(function_ref<InFlightDiagnostic()> emitError,
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
