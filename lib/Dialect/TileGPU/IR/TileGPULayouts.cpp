//===- TileGPULayouts.cpp - layout encodings of the distributed level -----===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Parsing, printing and verification of the layout attributes, and the
// DistributedLayoutAttr interface on each of them.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/TileGPU/IR/TileGPUDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

#include "tile/Dialect/TileGPU/IR/TileGPULayoutInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tile/Dialect/TileGPU/IR/TileGPULayouts.cpp.inc"

void TileGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tile/Dialect/TileGPU/IR/TileGPULayouts.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// The `<{key = value, ...}>` form every layout uses
//===----------------------------------------------------------------------===//

namespace {
/// Reads the fields of a layout's dictionary, reporting missing, unknown and
/// ill-typed fields at the attribute's location.
class LayoutFields {
public:
  LayoutFields(AsmParser &parser, SMLoc loc, DictionaryAttr dict)
      : parser(parser), loc(loc), dict(dict) {}

  ParseResult getArray(StringRef name, SmallVectorImpl<unsigned> &out) {
    auto array = dyn_cast_or_null<ArrayAttr>(take(name));
    if (!array)
      return error(name, "an array of integers");
    for (Attribute element : array) {
      auto value = dyn_cast<IntegerAttr>(element);
      if (!value || value.getValue().isNegative())
        return error(name, "an array of non-negative integers");
      out.push_back(value.getInt());
    }
    return success();
  }

  ParseResult getUnsigned(StringRef name, unsigned &out) {
    auto value = dyn_cast_or_null<IntegerAttr>(take(name));
    if (!value || value.getValue().isNegative())
      return error(name, "a non-negative integer");
    out = value.getInt();
    return success();
  }

  ParseResult getBool(StringRef name, bool &out) {
    auto value = dyn_cast_or_null<BoolAttr>(take(name));
    if (!value)
      return error(name, "true or false");
    out = value.getValue();
    return success();
  }

  ParseResult getDistributed(StringRef name, DistributedLayoutAttr &out) {
    out = dyn_cast_or_null<DistributedLayoutAttr>(take(name));
    if (!out)
      return error(name, "a distributed layout");
    return success();
  }

  /// Fails on any field that was not read.
  ParseResult finish() {
    for (NamedAttribute field : dict)
      if (!seen.contains(field.getName().getValue()))
        return parser.emitError(loc, "unknown layout field '")
               << field.getName().getValue() << "'";
    return success();
  }

private:
  Attribute take(StringRef name) {
    seen.insert(name);
    return dict.get(name);
  }
  ParseResult error(StringRef name, StringRef expected) {
    if (!dict.get(name))
      return parser.emitError(loc, "layout field '") << name << "' is missing";
    return parser.emitError(loc, "layout field '")
           << name << "' must be " << expected;
  }

  AsmParser &parser;
  SMLoc loc;
  DictionaryAttr dict;
  llvm::StringSet<> seen;
};
} // namespace

static ParseResult parseLayoutDict(AsmParser &parser, DictionaryAttr &dict,
                                   SMLoc &loc) {
  loc = parser.getCurrentLocation();
  return failure(parser.parseLess() || parser.parseAttribute(dict) ||
                 parser.parseGreater());
}

static void printArray(AsmPrinter &printer, StringRef name,
                       ArrayRef<unsigned> values) {
  printer << name << " = [";
  llvm::interleaveComma(values, printer);
  printer << "]";
}

/// Checks that `order` is a permutation of 0..order.size()-1 (the callers
/// have checked its size against the layout's rank).
static LogicalResult verifyOrder(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<unsigned> order) {
  size_t rank = order.size();
  SmallVector<bool> seen(rank, false);
  for (unsigned d : order) {
    if (d >= rank || seen[d])
      return emitError() << "order [" << order
                         << "] is not a permutation of 0.." << rank - 1;
    seen[d] = true;
  }
  return success();
}

/// Checks that `values` are powers of two whose product is at most 2^20
/// (so that the products of a layout's arrays and a tensor's shape stay
/// far from overflowing).
static LogicalResult
verifyPowersOfTwo(function_ref<InFlightDiagnostic()> emitError, StringRef name,
                  ArrayRef<unsigned> values) {
  constexpr uint64_t kMaxProduct = uint64_t(1) << 20;
  uint64_t product = 1;
  for (unsigned v : values) {
    if (v == 0 || !llvm::isPowerOf2_32(v))
      return emitError() << name << " [" << values
                         << "] must hold positive powers of two";
    product *= v;
    if (product > kMaxProduct)
      return emitError() << name << " [" << values
                         << "] must multiply to at most " << kMaxProduct;
  }
  return success();
}

/// The distributed-layout part of VerifiableTensorEncoding: the layout's rank
/// is the tensor's, and every dimension is a power of two so that the
/// layout's tile either repeats over it or replicates within it.
static LogicalResult
verifyTensorShape(DistributedLayoutAttr layout, ArrayRef<int64_t> shape,
                  function_ref<InFlightDiagnostic()> emitError) {
  if (layout.getRank() != shape.size())
    return emitError() << "layout of rank " << layout.getRank()
                       << " does not match tensor rank " << shape.size();
  for (int64_t dim : shape)
    if (dim <= 0 || !llvm::isPowerOf2_64(dim))
      return emitError() << "tensor dimension " << dim
                         << " is not a power of two, which a layout needs";
  return success();
}

//===----------------------------------------------------------------------===//
// Blocked
//===----------------------------------------------------------------------===//

Attribute BlockedLayoutAttr::parse(AsmParser &parser, Type) {
  DictionaryAttr dict;
  SMLoc loc;
  if (parseLayoutDict(parser, dict, loc))
    return {};
  SmallVector<unsigned> sizePerThread, threadsPerWarp, warpsPerCTA, order;
  LayoutFields fields(parser, loc, dict);
  if (fields.getArray("sizePerThread", sizePerThread) ||
      fields.getArray("threadsPerWarp", threadsPerWarp) ||
      fields.getArray("warpsPerCTA", warpsPerCTA) ||
      fields.getArray("order", order) || fields.finish())
    return {};
  return parser.getChecked<BlockedLayoutAttr>(loc, parser.getContext(),
                                              sizePerThread, threadsPerWarp,
                                              warpsPerCTA, order);
}

void BlockedLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<{";
  printArray(printer, "sizePerThread", getSizePerThread());
  printer << ", ";
  printArray(printer, "threadsPerWarp", getThreads());
  printer << ", ";
  printArray(printer, "warpsPerCTA", getWarps());
  printer << ", ";
  printArray(printer, "order", getDimOrder());
  printer << "}>";
}

LogicalResult BlockedLayoutAttr::verify(
    function_ref<InFlightDiagnostic()> emitError,
    ArrayRef<unsigned> sizePerThread, ArrayRef<unsigned> threadsPerWarp,
    ArrayRef<unsigned> warpsPerCTA, ArrayRef<unsigned> order) {
  size_t rank = order.size();
  if (rank == 0)
    return emitError() << "a blocked layout needs rank 1 or more";
  if (sizePerThread.size() != rank || threadsPerWarp.size() != rank ||
      warpsPerCTA.size() != rank)
    return emitError() << "sizePerThread, threadsPerWarp, warpsPerCTA and "
                          "order must have one entry per dimension (got "
                       << sizePerThread.size() << ", " << threadsPerWarp.size()
                       << ", " << warpsPerCTA.size() << ", " << rank << ")";
  if (failed(verifyPowersOfTwo(emitError, "sizePerThread", sizePerThread)) ||
      failed(verifyPowersOfTwo(emitError, "threadsPerWarp", threadsPerWarp)) ||
      failed(verifyPowersOfTwo(emitError, "warpsPerCTA", warpsPerCTA)))
    return failure();
  return verifyOrder(emitError, order);
}

unsigned BlockedLayoutAttr::getRank() const { return getDimOrder().size(); }
SmallVector<unsigned> BlockedLayoutAttr::getThreadsPerWarp() const {
  return SmallVector<unsigned>(getThreads());
}
SmallVector<unsigned> BlockedLayoutAttr::getWarpsPerCTA() const {
  return SmallVector<unsigned>(getWarps());
}
SmallVector<unsigned> BlockedLayoutAttr::getOrder() const {
  return SmallVector<unsigned>(getDimOrder());
}
LogicalResult BlockedLayoutAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyTensorShape(*this, shape, emitError);
}

//===----------------------------------------------------------------------===//
// Slice
//===----------------------------------------------------------------------===//

Attribute SliceLayoutAttr::parse(AsmParser &parser, Type) {
  DictionaryAttr dict;
  SMLoc loc;
  if (parseLayoutDict(parser, dict, loc))
    return {};
  unsigned dim = 0;
  DistributedLayoutAttr parent;
  LayoutFields fields(parser, loc, dict);
  if (fields.getUnsigned("dim", dim) ||
      fields.getDistributed("parent", parent) || fields.finish())
    return {};
  return parser.getChecked<SliceLayoutAttr>(loc, parser.getContext(), dim,
                                            parent);
}

void SliceLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<{dim = " << getDim() << ", parent = " << getParent() << "}>";
}

LogicalResult
SliceLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        unsigned dim, DistributedLayoutAttr parent) {
  if (!parent)
    return emitError() << "a slice layout needs a distributed parent layout";
  if (dim >= parent.getRank())
    return emitError() << "slice dimension " << dim
                       << " is out of range for a parent layout of rank "
                       << parent.getRank();
  if (parent.getRank() < 2)
    return emitError() << "a slice of a rank-1 layout would have rank 0";
  return success();
}

/// `values` without entry `dim`.
static SmallVector<unsigned> dropDim(ArrayRef<unsigned> values, unsigned dim) {
  SmallVector<unsigned> result(values);
  result.erase(result.begin() + dim);
  return result;
}

unsigned SliceLayoutAttr::getRank() const { return getParent().getRank() - 1; }
SmallVector<unsigned> SliceLayoutAttr::getThreadsPerWarp() const {
  return dropDim(getParent().getThreadsPerWarp(), getDim());
}
SmallVector<unsigned> SliceLayoutAttr::getWarpsPerCTA() const {
  return dropDim(getParent().getWarpsPerCTA(), getDim());
}
SmallVector<unsigned> SliceLayoutAttr::getOrder() const {
  SmallVector<unsigned> order;
  for (unsigned d : getParent().getOrder())
    if (d != getDim())
      order.push_back(d > getDim() ? d - 1 : d);
  return order;
}
LogicalResult SliceLayoutAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyTensorShape(*this, shape, emitError);
}

//===----------------------------------------------------------------------===//
// Mma
//===----------------------------------------------------------------------===//

Attribute MmaLayoutAttr::parse(AsmParser &parser, Type) {
  DictionaryAttr dict;
  SMLoc loc;
  if (parseLayoutDict(parser, dict, loc))
    return {};
  unsigned major = 0, minor = 0;
  SmallVector<unsigned> warps, instrShape;
  LayoutFields fields(parser, loc, dict);
  if (fields.getUnsigned("versionMajor", major) ||
      fields.getUnsigned("versionMinor", minor) ||
      fields.getArray("warpsPerCTA", warps) ||
      fields.getArray("instrShape", instrShape) || fields.finish())
    return {};
  return parser.getChecked<MmaLayoutAttr>(loc, parser.getContext(), major,
                                          minor, warps, instrShape);
}

void MmaLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<{versionMajor = " << getVersionMajor()
          << ", versionMinor = " << getVersionMinor() << ", ";
  printArray(printer, "warpsPerCTA", getWarps());
  printer << ", ";
  printArray(printer, "instrShape", getInstrShape());
  printer << "}>";
}

LogicalResult
MmaLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      unsigned versionMajor, unsigned, ArrayRef<unsigned> warps,
                      ArrayRef<unsigned> instrShape) {
  if (versionMajor != 2 && versionMajor != 3)
    return emitError() << "mma versionMajor must be 2 (mma.sync) or 3 "
                          "(wgmma), got "
                       << versionMajor;
  if (warps.size() != 2 && warps.size() != 3)
    return emitError() << "mma warpsPerCTA must have rank 2 (or 3 with a "
                          "batch dimension), got "
                       << warps.size();
  if (failed(verifyPowersOfTwo(emitError, "warpsPerCTA", warps)))
    return failure();
  if (versionMajor == 2) {
    if (instrShape != ArrayRef<unsigned>{16, 8})
      return emitError() << "mma version 2 (mma.sync m16n8k*) needs "
                            "instrShape [16, 8], got ["
                         << instrShape << "]";
    return success();
  }
  // wgmma: m64nNkK per warpgroup; each warp of the group owns 16 rows.
  if (instrShape.size() != 3 || instrShape[0] != 16 || instrShape[1] % 8 ||
      instrShape[1] < 8 || instrShape[1] > 256 ||
      !llvm::is_contained({8u, 16u, 32u}, instrShape[2]))
    return emitError() << "mma version 3 (wgmma) needs instrShape [16, N, K] "
                          "with N a multiple of 8 in 8..256 and K 8, 16 or "
                          "32, got ["
                       << instrShape << "]";
  if (warps[warps.size() - 2] % 4)
    return emitError() << "mma version 3 needs warpsPerCTA along M to be a "
                          "multiple of 4 (a warpgroup), got ["
                       << warps << "]";
  return success();
}

unsigned MmaLayoutAttr::getRank() const { return getWarps().size(); }
SmallVector<unsigned> MmaLayoutAttr::getThreadsPerWarp() const {
  // The 32 threads of a warp cover an 8x4 grid of the instruction tile.
  SmallVector<unsigned> threads(getRank(), 1);
  threads[getRank() - 2] = 8;
  threads[getRank() - 1] = 4;
  return threads;
}
SmallVector<unsigned> MmaLayoutAttr::getWarpsPerCTA() const {
  return SmallVector<unsigned>(getWarps());
}
SmallVector<unsigned> MmaLayoutAttr::getOrder() const {
  SmallVector<unsigned> order;
  for (unsigned d = getRank(); d > 0; --d)
    order.push_back(d - 1);
  return order;
}
LogicalResult MmaLayoutAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyTensorShape(*this, shape, emitError);
}

//===----------------------------------------------------------------------===//
// Dot operand
//===----------------------------------------------------------------------===//

Attribute DotOperandLayoutAttr::parse(AsmParser &parser, Type) {
  DictionaryAttr dict;
  SMLoc loc;
  if (parseLayoutDict(parser, dict, loc))
    return {};
  unsigned opIdx = 0, kWidth = 0;
  DistributedLayoutAttr parent;
  LayoutFields fields(parser, loc, dict);
  if (fields.getUnsigned("opIdx", opIdx) ||
      fields.getDistributed("parent", parent))
    return {};
  if (dict.get("kWidth") && fields.getUnsigned("kWidth", kWidth))
    return {};
  if (fields.finish())
    return {};
  return parser.getChecked<DotOperandLayoutAttr>(loc, parser.getContext(),
                                                 opIdx, parent, kWidth);
}

void DotOperandLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<{opIdx = " << getOpIdx() << ", parent = " << getParent();
  if (getKWidth())
    printer << ", kWidth = " << getKWidth();
  printer << "}>";
}

LogicalResult
DotOperandLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                             unsigned opIdx, DistributedLayoutAttr parent,
                             unsigned kWidth) {
  if (opIdx > 1)
    return emitError() << "dot operand index must be 0 (A) or 1 (B), got "
                       << opIdx;
  if (isa<MmaLayoutAttr>(parent)) {
    if (kWidth == 0)
      return emitError() << "a dot operand of an mma layout needs kWidth > 0";
    return success();
  }
  if (isa<BlockedLayoutAttr>(parent)) {
    if (kWidth != 0)
      return emitError() << "a dot operand of a blocked layout (FMA) takes no "
                            "kWidth";
    return success();
  }
  return emitError() << "a dot operand's parent must be an mma or blocked "
                        "layout";
}

unsigned DotOperandLayoutAttr::getRank() const { return getParent().getRank(); }
SmallVector<unsigned> DotOperandLayoutAttr::getThreadsPerWarp() const {
  return getParent().getThreadsPerWarp();
}
SmallVector<unsigned> DotOperandLayoutAttr::getWarpsPerCTA() const {
  return getParent().getWarpsPerCTA();
}
SmallVector<unsigned> DotOperandLayoutAttr::getOrder() const {
  return getParent().getOrder();
}
LogicalResult DotOperandLayoutAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyTensorShape(*this, shape, emitError);
}

//===----------------------------------------------------------------------===//
// Shared layouts
//===----------------------------------------------------------------------===//

Attribute SwizzledSharedLayoutAttr::parse(AsmParser &parser, Type) {
  DictionaryAttr dict;
  SMLoc loc;
  if (parseLayoutDict(parser, dict, loc))
    return {};
  unsigned vec = 0, perPhase = 0, maxPhase = 0;
  SmallVector<unsigned> order;
  LayoutFields fields(parser, loc, dict);
  if (fields.getUnsigned("vec", vec) ||
      fields.getUnsigned("perPhase", perPhase) ||
      fields.getUnsigned("maxPhase", maxPhase) ||
      fields.getArray("order", order) || fields.finish())
    return {};
  return parser.getChecked<SwizzledSharedLayoutAttr>(
      loc, parser.getContext(), vec, perPhase, maxPhase, order);
}

void SwizzledSharedLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<{vec = " << getVec() << ", perPhase = " << getPerPhase()
          << ", maxPhase = " << getMaxPhase() << ", ";
  printArray(printer, "order", getOrder());
  printer << "}>";
}

LogicalResult
SwizzledSharedLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 unsigned vec, unsigned perPhase,
                                 unsigned maxPhase, ArrayRef<unsigned> order) {
  if (failed(verifyPowersOfTwo(emitError, "vec, perPhase, maxPhase",
                               {vec, perPhase, maxPhase})))
    return failure();
  if (order.empty())
    return emitError() << "a shared layout needs an order of rank 1 or more";
  return verifyOrder(emitError, order);
}

/// Vectors of up to 16 bytes are read and written in one access.
unsigned SwizzledSharedLayoutAttr::getAlignment() const { return 16; }

Attribute NVMMASharedLayoutAttr::parse(AsmParser &parser, Type) {
  DictionaryAttr dict;
  SMLoc loc;
  if (parseLayoutDict(parser, dict, loc))
    return {};
  unsigned swizzle = 0, bits = 0;
  bool transposed = false;
  LayoutFields fields(parser, loc, dict);
  if (fields.getUnsigned("swizzlingByteWidth", swizzle) ||
      fields.getBool("transposed", transposed) ||
      fields.getUnsigned("elementBitWidth", bits) || fields.finish())
    return {};
  return parser.getChecked<NVMMASharedLayoutAttr>(loc, parser.getContext(),
                                                  swizzle, transposed, bits);
}

void NVMMASharedLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<{swizzlingByteWidth = " << getSwizzlingByteWidth()
          << ", transposed = " << (getTransposed() ? "true" : "false")
          << ", elementBitWidth = " << getElementBitWidth() << "}>";
}

LogicalResult
NVMMASharedLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              unsigned swizzle, bool, unsigned bits) {
  if (!llvm::is_contained({0u, 32u, 64u, 128u}, swizzle))
    return emitError() << "swizzlingByteWidth must be 0, 32, 64 or 128, got "
                       << swizzle;
  if (!llvm::is_contained({8u, 16u, 32u, 64u}, bits))
    return emitError() << "elementBitWidth must be 8, 16, 32 or 64, got "
                       << bits;
  return success();
}

/// The swizzle pattern repeats every 8 rows of `swizzle` bytes, and TMA and
/// wgmma descriptors need the base aligned to that (1024 bytes for 128B).
unsigned NVMMASharedLayoutAttr::getAlignment() const {
  return std::max(128u, getSwizzlingByteWidth() * 8);
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

DistributedLayoutAttr mlir::tilegpu::getDistributedLayout(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return {};
  return dyn_cast_or_null<DistributedLayoutAttr>(tensor.getEncoding());
}

SmallVector<unsigned>
mlir::tilegpu::getSizePerThread(DistributedLayoutAttr layout) {
  if (auto blocked = dyn_cast<BlockedLayoutAttr>(layout))
    return SmallVector<unsigned>(blocked.getSizePerThread());
  if (auto slice = dyn_cast<SliceLayoutAttr>(layout))
    return dropDim(getSizePerThread(slice.getParent()), slice.getDim());
  return SmallVector<unsigned>(layout.getRank(), 1);
}

BlockedLayoutAttr
mlir::tilegpu::getBlockedLayout(MLIRContext *context, ArrayRef<int64_t> shape,
                                ArrayRef<unsigned> sizePerThread,
                                ArrayRef<unsigned> order, unsigned numWarps,
                                unsigned threadsPerWarp) {
  size_t rank = shape.size();
  SmallVector<unsigned> threads(rank, 1), warps(rank, 1);
  unsigned threadsLeft = threadsPerWarp, warpsLeft = numWarps;
  for (unsigned d : order) {
    int64_t room = std::max<int64_t>(1, shape[d] / sizePerThread[d]);
    threads[d] = std::clamp<int64_t>(threadsLeft, 1, room);
    threadsLeft /= threads[d];
  }
  for (unsigned d : order) {
    int64_t room =
        std::max<int64_t>(1, shape[d] / (sizePerThread[d] * threads[d]));
    warps[d] = std::clamp<int64_t>(warpsLeft, 1, room);
    warpsLeft /= warps[d];
  }
  threads[order.back()] *= threadsLeft;
  warps[order.back()] *= warpsLeft;
  return BlockedLayoutAttr::get(context, sizePerThread, threads, warps, order);
}

std::optional<SmallVector<int64_t>>
mlir::tilegpu::getRepetitionShape(Attribute layout) {
  if (auto blocked = dyn_cast_or_null<BlockedLayoutAttr>(layout)) {
    SmallVector<int64_t> shape;
    for (unsigned d = 0; d < blocked.getRank(); ++d)
      shape.push_back(int64_t(blocked.getSizePerThread()[d]) *
                      blocked.getThreads()[d] * blocked.getWarps()[d]);
    return shape;
  }
  if (auto mma = dyn_cast_or_null<MmaLayoutAttr>(layout)) {
    ArrayRef<unsigned> warps = mma.getWarps();
    if (mma.getVersionMajor() == 2)
      return SmallVector<int64_t>{16 * int64_t(warps[0]),
                                  8 * int64_t(warps[1])};
    if (mma.getVersionMajor() == 3)
      return SmallVector<int64_t>{
          16 * int64_t(warps[0]),
          warps[1] == 1 ? 8 : int64_t(mma.getInstrShape()[1]) * warps[1]};
  }
  return std::nullopt;
}

BlockedLayoutAttr mlir::tilegpu::getDefaultBlockedLayout(
    MLIRContext *context, ArrayRef<int64_t> shape, unsigned numWarps,
    unsigned threadsPerWarp) {
  SmallVector<unsigned> order;
  for (size_t d = shape.size(); d > 0; --d)
    order.push_back(d - 1);
  SmallVector<unsigned> sizePerThread(shape.size(), 1);
  return getBlockedLayout(context, shape, sizePerThread, order, numWarps,
                          threadsPerWarp);
}

RankedTensorType mlir::tilegpu::withEncoding(Type type, Attribute encoding) {
  auto tensor = cast<RankedTensorType>(type);
  return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                               encoding);
}

BlockedLayoutAttr mlir::tilegpu::getPermutedLayout(BlockedLayoutAttr src,
                                                   ArrayRef<int32_t> order) {
  SmallVector<unsigned> size, threads, warps, dimOrder;
  SmallVector<unsigned> inverse(order.size());
  for (auto [i, d] : llvm::enumerate(order)) {
    size.push_back(src.getSizePerThread()[d]);
    threads.push_back(src.getThreads()[d]);
    warps.push_back(src.getWarps()[d]);
    inverse[d] = i;
  }
  for (unsigned d : src.getDimOrder())
    dimOrder.push_back(inverse[d]);
  return BlockedLayoutAttr::get(src.getContext(), size, threads, warps,
                                dimOrder);
}

BlockedLayoutAttr mlir::tilegpu::getPairLayout(BlockedLayoutAttr src) {
  SmallVector<unsigned> size(src.getSizePerThread()), threads(src.getThreads()),
      warps(src.getWarps());
  size.push_back(2);
  threads.push_back(1);
  warps.push_back(1);
  SmallVector<unsigned> order = {static_cast<unsigned>(src.getRank())};
  llvm::append_range(order, src.getDimOrder());
  return BlockedLayoutAttr::get(src.getContext(), size, threads, warps, order);
}

std::optional<std::pair<unsigned, unsigned>>
mlir::tilegpu::getReshapeSplit(ArrayRef<int64_t> srcShape,
                               ArrayRef<int64_t> dstShape) {
  if (dstShape.size() < srcShape.size())
    return std::nullopt;
  unsigned count = dstShape.size() - srcShape.size() + 1;
  if (count == 1)
    return srcShape == dstShape ? std::optional(std::pair(0u, 1u))
                                : std::nullopt;
  // The first dimension that differs is the one that is split.
  unsigned dim = 0;
  while (dim < srcShape.size() && srcShape[dim] == dstShape[dim])
    ++dim;
  if (dim == srcShape.size())
    return std::nullopt;
  int64_t product = 1;
  for (unsigned i = 0; i < count; ++i)
    product *= dstShape[dim + i];
  if (product != srcShape[dim] ||
      srcShape.drop_front(dim + 1) != dstShape.drop_front(dim + count))
    return std::nullopt;
  return std::pair(dim, count);
}

BlockedLayoutAttr mlir::tilegpu::getReshapedLayout(BlockedLayoutAttr src,
                                                   ArrayRef<int64_t> srcShape,
                                                   ArrayRef<int64_t> dstShape) {
  auto split = getReshapeSplit(srcShape, dstShape);
  if (!src || !split)
    return {};
  auto [dim, count] = *split;
  if (count == 1)
    return src;
  if (src.getSizePerThread()[dim] != srcShape[dim] ||
      src.getThreads()[dim] != 1 || src.getWarps()[dim] != 1)
    return {};
  SmallVector<unsigned> size, threads, warps, order;
  for (unsigned d = 0; d < srcShape.size(); ++d) {
    if (d != dim) {
      size.push_back(src.getSizePerThread()[d]);
      threads.push_back(src.getThreads()[d]);
      warps.push_back(src.getWarps()[d]);
      continue;
    }
    for (unsigned i = 0; i < count; ++i) {
      size.push_back(dstShape[dim + i]);
      threads.push_back(1);
      warps.push_back(1);
    }
  }
  // The new dimensions take the split one's place in the order, innermost
  // fastest, as in the row-major reshape.
  for (unsigned d : src.getDimOrder()) {
    if (d < dim)
      order.push_back(d);
    else if (d > dim)
      order.push_back(d + count - 1);
    else
      for (unsigned i = count; i-- > 0;)
        order.push_back(dim + i);
  }
  return BlockedLayoutAttr::get(src.getContext(), size, threads, warps, order);
}

StringRef mlir::tilegpu::whyNotMmaSync(RankedTensorType a, RankedTensorType b,
                                       RankedTensorType c,
                                       InputPrecision precision) {
  if (a.getRank() != 2)
    return "mma.sync takes 2-D operands";
  Type element = a.getElementType(), acc = c.getElementType();
  // The f16 form packs two accumulators into each 32-bit register.
  bool floats = ((element.isF16() || element.isBF16() || element.isF32()) &&
                 acc.isF32()) ||
                (element.isF16() && acc.isF16());
  bool integers = element.isInteger(8) && acc.isInteger(32);
  if (element != b.getElementType() || (!floats && !integers))
    return "mma.sync takes f16, bf16 or f32 operands with f32 accumulators, "
           "f16 operands with f16 accumulators, or i8 operands with i32 "
           "accumulators";
  if (element.isF32() && precision != InputPrecision::TF32 &&
      precision != InputPrecision::TF32x3)
    return "f32 operands use tensor cores only with inputPrecision = tf32 "
           "or tf32x3";
  int64_t kStep = getMmaKStep(element);
  if (a.getDimSize(1) % kStep)
    return kStep == 8    ? "mma.sync needs K to be a multiple of 8 for tf32"
           : kStep == 32 ? "mma.sync needs K to be a multiple of 32 for i8"
                         : "mma.sync needs K to be a multiple of 16";
  // Operands already in mma dot_op layouts hold the instruction's K runs.
  for (RankedTensorType operand : {a, b})
    if (auto layout =
            dyn_cast_or_null<DotOperandLayoutAttr>(operand.getEncoding());
        layout && isa<MmaLayoutAttr>(layout.getParent()) &&
        layout.getKWidth() != getMmaKWidth(element))
      return kStep == 8    ? "mma.sync takes tf32 operands in dot_op layouts "
                             "of kWidth 1"
             : kStep == 32 ? "mma.sync takes i8 operands in dot_op layouts "
                             "of kWidth 4"
                           : "mma.sync takes 16-bit operands in dot_op "
                             "layouts of kWidth 2";
  return "";
}

SharedTiling mlir::tilegpu::getSharedTiling(BufferType buffer) {
  SharedTiling tiling;
  if (auto swizzled =
          dyn_cast<SwizzledSharedLayoutAttr>(buffer.getEncoding())) {
    tiling.vec = swizzled.getVec();
    tiling.perPhase = swizzled.getPerPhase();
    tiling.maxPhase = swizzled.getMaxPhase();
    tiling.order = SmallVector<unsigned>(swizzled.getOrder());
    return tiling;
  }
  // wgmma's layout: rows as wide as the swizzle (32, 64 or 128 bytes),
  // their 16-byte groups permuted within every 8 rows.
  auto nvmma = cast<NVMMASharedLayoutAttr>(buffer.getEncoding());
  tiling.order = nvmma.getTransposed() ? SmallVector<unsigned>{0, 1}
                                       : SmallVector<unsigned>{1, 0};
  unsigned swizzle = nvmma.getSwizzlingByteWidth();
  unsigned bytes = nvmma.getElementBitWidth() / 8;
  if (swizzle == 0)
    return tiling;
  tiling.vec = 16 / bytes;
  tiling.perPhase = 128 / swizzle;
  tiling.maxPhase = swizzle / 16;
  tiling.blockElements = swizzle / bytes;
  return tiling;
}

unsigned mlir::tilegpu::getCopyVectorWidth(BufferType buffer,
                                           unsigned fastestDim,
                                           unsigned width) {
  SharedTiling layout = getSharedTiling(buffer);
  size_t lead = buffer.getRank() - layout.order.size();
  bool contiguous =
      layout.order[0] + lead == fastestDim &&
      (layout.maxPhase == 1 || layout.vec % width == 0) &&
      (!layout.blockElements || layout.blockElements % width == 0);
  return contiguous ? width : 1;
}

bool mlir::tilegpu::isAsyncCopyable(int64_t bytes, Value other) {
  if (!llvm::is_contained({4, 8, 16}, bytes))
    return false;
  // cp.async fills +0.0; -0.0 needs the synchronous copy.
  return !other || matchPattern(other, m_Zero()) ||
         matchPattern(other, m_PosZeroFloat());
}

SwizzledSharedLayoutAttr
mlir::tilegpu::getOperandSharedLayout(RankedTensorType type) {
  auto blocked = dyn_cast_or_null<BlockedLayoutAttr>(type.getEncoding());
  Type element = type.getElementType();
  if (!blocked || !element.isIntOrFloat() ||
      !llvm::is_contained({8u, 16u, 32u}, element.getIntOrFloatBitWidth()))
    return {};
  SmallVector<unsigned> order = blocked.getOrder();
  int64_t bytes = element.getIntOrFloatBitWidth() / 8, vec = 16 / bytes;
  int64_t width = type.getDimSize(order[0]);
  if (width % vec)
    return {};
  int64_t perPhase = std::max<int64_t>(1, 128 / (width * bytes));
  int64_t maxPhase = std::max<int64_t>(1, std::min(width / vec, 8 / perPhase));
  return SwizzledSharedLayoutAttr::get(type.getContext(), vec, perPhase,
                                       maxPhase, order);
}

Attribute mlir::tilegpu::getTransposedSharedLayout(Attribute layout,
                                                   ArrayRef<int32_t> order) {
  if (auto swizzled = dyn_cast<SwizzledSharedLayoutAttr>(layout)) {
    if (swizzled.getOrder().size() != order.size())
      return {};
    SmallVector<unsigned> inverse(order.size()), newOrder;
    for (auto [i, d] : llvm::enumerate(order))
      inverse[d] = i;
    for (unsigned d : swizzled.getOrder())
      newOrder.push_back(inverse[d]);
    return SwizzledSharedLayoutAttr::get(layout.getContext(), swizzled.getVec(),
                                         swizzled.getPerPhase(),
                                         swizzled.getMaxPhase(), newOrder);
  }
  auto nvmma = cast<NVMMASharedLayoutAttr>(layout);
  bool swaps = order[0] == 1;
  return NVMMASharedLayoutAttr::get(
      layout.getContext(), nvmma.getSwizzlingByteWidth(),
      nvmma.getTransposed() != swaps, nvmma.getElementBitWidth());
}

unsigned mlir::tilegpu::getMmaKWidth(Type element) {
  return std::max<unsigned>(1, 32 / element.getIntOrFloatBitWidth());
}

BlockedLayoutAttr mlir::tilegpu::getUnpairedLayout(BlockedLayoutAttr src) {
  unsigned last = src.getRank() - 1;
  if (src.getRank() < 2 || src.getSizePerThread()[last] != 2 ||
      src.getThreads()[last] != 1 || src.getWarps()[last] != 1 ||
      src.getDimOrder()[0] != last)
    return {};
  BlockedLayoutAttr result = BlockedLayoutAttr::get(
      src.getContext(), src.getSizePerThread().drop_back(),
      src.getThreads().drop_back(), src.getWarps().drop_back(),
      src.getDimOrder().drop_front());
  return getPairLayout(result) == src ? result : BlockedLayoutAttr();
}

bool mlir::tilegpu::isSameDistribution(Attribute a, Attribute b) {
  if (a == b)
    return true;
  // The rows of two tensor-core accumulators that differ only in the
  // instruction's N: each warp's rows, and each lane's within them, do not
  // depend on N (attention's row statistics, shared by its two dots).
  auto sa = dyn_cast_or_null<SliceLayoutAttr>(a);
  auto sb = dyn_cast_or_null<SliceLayoutAttr>(b);
  if (!sa || !sb || sa.getDim() != 1 || sb.getDim() != 1)
    return false;
  auto ma = dyn_cast<MmaLayoutAttr>(sa.getParent());
  auto mb = dyn_cast<MmaLayoutAttr>(sb.getParent());
  // Rank 2 only: with three dimensions, dimension 1 is not N.
  return ma && mb && ma.getWarps().size() == 2 &&
         ma.getVersionMajor() == mb.getVersionMajor() &&
         ma.getVersionMinor() == mb.getVersionMinor() &&
         ma.getWarps() == mb.getWarps() &&
         ma.getInstrShape().front() == mb.getInstrShape().front();
}

bool mlir::tilegpu::isPureElementwise(Operation *op) {
  return op->hasTrait<OpTrait::Elementwise>() && isMemoryEffectFree(op) &&
         op->getNumResults() == 1 && op->getNumRegions() == 0;
}

bool mlir::tilegpu::movesDataBetweenThreads(Operation *op) {
  auto layoutOf = [](Value v) {
    return dyn_cast_or_null<BlockedLayoutAttr>(
        getDistributedLayout(v.getType()));
  };
  if (auto convert = dyn_cast<ConvertLayoutOp>(op))
    return convert.getSrc().getType().getShape() !=
               convert.getType().getShape() ||
           !isSameDistribution(convert.getSrc().getType().getEncoding(),
                               convert.getType().getEncoding());
  if (auto trans = dyn_cast<TransOp>(op)) {
    auto src = layoutOf(trans.getSrc()), dst = layoutOf(trans.getResult());
    return !src || !dst || getPermutedLayout(src, trans.getOrder()) != dst;
  }
  if (auto join = dyn_cast<JoinOp>(op)) {
    auto src = layoutOf(join.getLhs()), dst = layoutOf(join.getResult());
    return !src || !dst || getPairLayout(src) != dst;
  }
  if (auto split = dyn_cast<SplitOp>(op)) {
    auto src = layoutOf(split.getSrc()), dst = layoutOf(split.getOutLHS());
    return !src || !dst || getPairLayout(dst) != src;
  }
  if (auto reshape = dyn_cast<ReshapeOp>(op)) {
    if (reshape.getSrc().getType() == reshape.getType())
      return false;
    auto src = layoutOf(reshape.getSrc()), dst = layoutOf(reshape.getResult());
    return !src || !dst ||
           getReshapedLayout(src, reshape.getSrc().getType().getShape(),
                             reshape.getType().getShape()) != dst;
  }
  if (auto store = dyn_cast<StoreOp>(op))
    return store.getValue().getType() !=
           getPointeeType(store.getPtr().getType());
  return isa<CatOp>(op);
}
