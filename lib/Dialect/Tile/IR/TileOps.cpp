//===- TileOps.cpp - tile op verifiers, parsers and builders --------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Verifier messages name the offending shapes and types so that a user can
// fix the input without reading this file.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "tile/Dialect/Tile/IR/OpUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// "[64, 128]" for a shape, "scalar" for the empty shape of a scalar type.
static std::string describeShape(Type type) {
  if (!isa<RankedTensorType>(type))
    return "scalar";
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(cast<RankedTensorType>(type).getShape(), os);
  os << "]";
  return s;
}

static std::string describeShape(ArrayRef<int64_t> shape) {
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(shape, os);
  os << "]";
  return s;
}

/// Checks that `mask` (if any) is an i1 value of the pointer's shape.
static LogicalResult verifyMask(Operation *op, Value mask, Type ptrType) {
  if (!mask)
    return success();
  if (getShapeOrScalar(mask.getType()) != getShapeOrScalar(ptrType) ||
      isa<RankedTensorType>(mask.getType()) != isa<RankedTensorType>(ptrType))
    return op->emitOpError()
           << "mask shape " << describeShape(mask.getType())
           << " does not match pointer shape " << describeShape(ptrType);
  return success();
}

/// Checks that a value of `type` can be stored through or loaded from
/// `ptrType`: same shape, element type equal to the pointee type.
static LogicalResult verifyPointee(Operation *op, StringRef what, Type type,
                                   Type ptrType) {
  Type pointee = getPointeeType(ptrType);
  if (type == pointee)
    return success();
  if (getShapeOrScalar(type) != getShapeOrScalar(ptrType) ||
      isa<RankedTensorType>(type) != isa<RankedTensorType>(ptrType))
    return op->emitOpError()
           << what << " shape " << describeShape(type)
           << " does not match pointer shape " << describeShape(ptrType);
  return op->emitOpError() << what << " type " << type
                           << " does not match the pointee type " << pointee
                           << " of " << ptrType;
}

/// Checks that `result` is `src` with a new shape: same element type and
/// encoding-independent element count checks are left to the caller.
static LogicalResult verifySameElementType(Operation *op, Type src,
                                           Type result) {
  Type srcElement = getElementTypeOrSelf(src);
  Type resultElement = getElementTypeOrSelf(result);
  if (srcElement != resultElement)
    return op->emitOpError()
           << "result element type " << resultElement
           << " does not match the operand element type " << srcElement;
  return success();
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

LogicalResult BitcastOp::verify() {
  Type src = getElementTypeOrSelf(getSrc().getType());
  Type dst = getElementTypeOrSelf(getResult().getType());
  bool srcPtr = isa<PointerType>(src), dstPtr = isa<PointerType>(dst);
  if (srcPtr != dstPtr)
    return emitOpError() << "cannot bitcast between pointer and non-pointer "
                            "types ("
                         << src << " to " << dst
                         << "); use tile.ptr_to_int or tile.int_to_ptr";
  if (srcPtr)
    return success();
  unsigned srcBits = src.getIntOrFloatBitWidth();
  unsigned dstBits = dst.getIntOrFloatBitWidth();
  if (srcBits != dstBits)
    return emitOpError() << "cannot bitcast " << src << " (" << srcBits
                         << " bits) to " << dst << " (" << dstBits
                         << " bits): bit widths differ";
  return success();
}

LogicalResult FpToFpOp::verify() {
  auto src = cast<FloatType>(getElementTypeOrSelf(getSrc().getType()));
  auto dst = cast<FloatType>(getElementTypeOrSelf(getResult().getType()));
  bool exact = src == dst ||
               llvm::APFloatBase::isRepresentableBy(src.getFloatSemantics(),
                                                    dst.getFloatSemantics());
  if (!exact && !getRounding())
    return emitOpError() << "conversion from " << src << " to " << dst
                         << " can round: give a rounding mode (rtne or rtz)";
  if (exact && getRounding())
    return emitOpError() << "conversion from " << src << " to " << dst
                         << " is exact and takes no rounding mode";
  return success();
}

//===----------------------------------------------------------------------===//
// Load and store
//===----------------------------------------------------------------------===//

ParseResult mlir::tile::parseCacheClauses(OpAsmParser &parser,
                                          OperationState &result,
                                          StringAttr cacheName,
                                          StringAttr evictName) {
  bool seenCache = false, seenEvict = false;
  while (true) {
    SMLoc loc = parser.getCurrentLocation();
    if (succeeded(parser.parseOptionalKeyword("cacheModifier"))) {
      StringRef word;
      if (seenCache)
        return parser.emitError(loc, "'cacheModifier' given twice");
      if (parser.parseEqual() || parser.parseKeyword(&word))
        return failure();
      std::optional<CacheModifier> value = symbolizeCacheModifier(word);
      if (!value)
        return parser.emitError(loc, "unknown cacheModifier '")
               << word << "' (expected none, ca, cg, wb, cs, wt or cv)";
      result.addAttribute(cacheName,
                          CacheModifierAttr::get(parser.getContext(), *value));
      seenCache = true;
      continue;
    }
    if (succeeded(parser.parseOptionalKeyword("evictionPolicy"))) {
      StringRef word;
      if (seenEvict)
        return parser.emitError(loc, "'evictionPolicy' given twice");
      if (parser.parseEqual() || parser.parseKeyword(&word))
        return failure();
      std::optional<EvictionPolicy> value = symbolizeEvictionPolicy(word);
      if (!value)
        return parser.emitError(loc, "unknown evictionPolicy '")
               << word
               << "' (expected evict_normal, evict_first or evict_last)";
      result.addAttribute(evictName,
                          EvictionPolicyAttr::get(parser.getContext(), *value));
      seenEvict = true;
      continue;
    }
    return success();
  }
}

void mlir::tile::printCacheClauses(OpAsmPrinter &p, CacheModifier cache,
                                   EvictionPolicy evict) {
  if (cache != CacheModifier::NONE)
    p << " cacheModifier = " << stringifyCacheModifier(cache);
  if (evict != EvictionPolicy::NORMAL)
    p << " evictionPolicy = " << stringifyEvictionPolicy(evict);
}

void mlir::tile::printLoadStoreAttrDict(OpAsmPrinter &p, Operation *op,
                                        ArrayRef<StringRef> printed,
                                        bool isVolatile) {
  SmallVector<StringRef, 4> elided(printed.begin(), printed.end());
  elided.push_back("operandSegmentSizes");
  if (!isVolatile)
    elided.push_back("isVolatile");
  p.printOptionalAttrDict(op->getAttrs(), elided);
}

/// Parses what follows the mnemonic of a load or store:
/// `operands clauses attr-dict : ptr-type`, with between `minOperands` and 3
/// operands whose types follow from the pointer type. A load's operands are
/// (ptr, mask, other), a store's (ptr, value, mask). Returns the pointee type.
static ParseResult parseAccess(OpAsmParser &parser, OperationState &result,
                               size_t minOperands, bool isLoad,
                               StringAttr cacheName, StringAttr evictName,
                               Type &pointee) {
  SmallVector<OpAsmParser::UnresolvedOperand, 3> operands;
  SMLoc operandsLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands))
    return failure();
  if (operands.size() < minOperands || operands.size() > 3)
    return parser.emitError(operandsLoc, "expected ")
           << minOperands << " to 3 operands, got " << operands.size();
  Type ptrType;
  SMLoc typeLoc;
  if (parseCacheClauses(parser, result, cacheName, evictName) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.getCurrentLocation(&typeLoc) || parser.parseType(ptrType))
    return failure();
  pointee = getPointeeType(ptrType);
  if (!pointee)
    return parser.emitError(typeLoc, "expected a pointer or a tensor of "
                                     "pointers, got ")
           << ptrType;
  // A store's value in another layout than its pointers: `, value-type`.
  Type value = pointee;
  if (!isLoad && succeeded(parser.parseOptionalComma()) &&
      parser.parseType(value))
    return failure();
  Type mask = getI1SameShape(ptrType);
  SmallVector<Type, 3> types = {ptrType, isLoad ? mask : value,
                                isLoad ? pointee : mask};
  types.resize(operands.size());
  return parser.resolveOperands(operands, types, typeLoc, result.operands);
}

// tile.load %ptr (, %mask (, %other)?)? clauses attr-dict : ptr-type
ParseResult LoadOp::parse(OpAsmParser &parser, OperationState &result) {
  Type pointee;
  if (parseAccess(parser, result, /*minOperands=*/1, /*isLoad=*/true,
                  getCacheAttrName(result.name), getEvictAttrName(result.name),
                  pointee))
    return failure();
  int32_t numOperands = result.operands.size();
  result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {1, numOperands > 1, numOperands > 2}));
  result.addTypes(pointee);
  return success();
}

void LoadOp::print(OpAsmPrinter &p) {
  p << ' ' << getPtr();
  if (getMask())
    p << ", " << getMask();
  if (getOther())
    p << ", " << getOther();
  printCacheClauses(p, getCache(), getEvict());
  printLoadStoreAttrDict(p, *this, {getCacheAttrName(), getEvictAttrName()},
                         getIsVolatile());
  p << " : " << getPtr().getType();
}

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   Value mask, Value other, CacheModifier cache,
                   EvictionPolicy evict, bool isVolatile) {
  build(builder, state, getPointeeType(ptr.getType()), ptr, mask, other, cache,
        evict, isVolatile, /*boundaryCheck=*/nullptr, /*padding=*/nullptr);
}

/// PTX `ld` takes the cache operators ca, cg, cs, lu and cv; `st` takes wb,
/// cg, cs and wt. `ld.volatile` takes neither a cache operator nor an
/// eviction priority.
static LogicalResult verifyCacheModifier(Operation *op, CacheModifier cache,
                                         bool isLoad) {
  bool loadOnly = cache == CacheModifier::CA || cache == CacheModifier::CV;
  bool storeOnly = cache == CacheModifier::WB || cache == CacheModifier::WT;
  if (isLoad && storeOnly)
    return op->emitOpError()
           << "cacheModifier '" << stringifyCacheModifier(cache)
           << "' applies to stores only";
  if (!isLoad && loadOnly)
    return op->emitOpError()
           << "cacheModifier '" << stringifyCacheModifier(cache)
           << "' applies to loads only";
  return success();
}

/// Checks the block-pointer clauses of a load or store: `boundaryCheck`
/// (and a load's `padding`) only through a block pointer, whose access takes
/// no mask and reads or writes exactly its block; the checked dimensions
/// distinct and in range; NaN padding of float elements only.
static LogicalResult
verifyBlockAccess(Operation *op, Type ptrType, Value mask, Type value,
                  std::optional<ArrayRef<int32_t>> boundaryCheck,
                  std::optional<PaddingOption> padding) {
  if (!isBlockPointer(ptrType)) {
    if (boundaryCheck)
      return op->emitOpError()
             << "boundaryCheck applies to block pointers only";
    if (padding)
      return op->emitOpError() << "padding applies to block pointers only";
    return success();
  }
  auto block = cast<RankedTensorType>(getPointeeType(ptrType));
  if (mask)
    return op->emitOpError() << "an access through a block pointer takes no "
                                "mask (boundaryCheck bounds it)";
  if (value != block)
    return op->emitOpError() << "accesses " << value << " through a block "
                             << "pointer to " << block;
  llvm::SmallBitVector seen(block.getRank());
  for (int32_t dim : boundaryCheck.value_or(ArrayRef<int32_t>())) {
    if (dim < 0 || dim >= block.getRank())
      return op->emitOpError()
             << "boundaryCheck dimension " << dim
             << " is out of range for a block of rank " << block.getRank();
    if (seen.test(dim))
      return op->emitOpError()
             << "boundaryCheck lists dimension " << dim << " twice";
    seen.set(dim);
  }
  if (padding == PaddingOption::PAD_NAN && !hasNaN(block.getElementType()))
    return op->emitOpError() << "NaN padding needs float elements with a "
                                "NaN, got "
                             << block.getElementType();
  return success();
}

LogicalResult LoadOp::verify() {
  Type ptrType = getPtr().getType();
  if (failed(verifyBlockAccess(*this, ptrType, getMask(), getType(),
                               getBoundaryCheck(), getPadding())))
    return failure();
  if (failed(verifyPointee(*this, "result", getResult().getType(), ptrType)) ||
      failed(verifyMask(*this, getMask(), ptrType)) ||
      failed(verifyCacheModifier(*this, getCache(), /*isLoad=*/true)))
    return failure();
  if (getOther()) {
    if (!getMask())
      return emitOpError() << "'other' is only meaningful with a mask";
    if (getOther().getType() != getResult().getType())
      return emitOpError() << "other type " << getOther().getType()
                           << " does not match the loaded type "
                           << getResult().getType();
  }
  if (getIsVolatile() && (getCache() != CacheModifier::NONE ||
                          getEvict() != EvictionPolicy::NORMAL))
    return emitOpError() << "a volatile load takes no cacheModifier or "
                            "evictionPolicy";
  return success();
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable(),
                       GlobalMemory::get());
  // A volatile load must neither be removed nor merged with another one.
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

// tile.store %ptr, %value (, %mask)? clauses attr-dict : ptr-type
ParseResult StoreOp::parse(OpAsmParser &parser, OperationState &result) {
  Type pointee;
  return parseAccess(parser, result, /*minOperands=*/2, /*isLoad=*/false,
                     getCacheAttrName(result.name),
                     getEvictAttrName(result.name), pointee);
}

void StoreOp::print(OpAsmPrinter &p) {
  p << ' ' << getPtr() << ", " << getValue();
  if (getMask())
    p << ", " << getMask();
  printCacheClauses(p, getCache(), getEvict());
  printLoadStoreAttrDict(p, *this, {getCacheAttrName(), getEvictAttrName()},
                         /*isVolatile=*/false);
  p << " : " << getPtr().getType();
  if (getValue().getType() != getPointeeType(getPtr().getType()))
    p << ", " << getValue().getType();
}

LogicalResult DescriptorLoadOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(), getIndices(),
                                getType().getShape(),
                                getType().getElementType(), "result");
}

LogicalResult DescriptorStoreOp::verify() {
  auto value = cast<RankedTensorType>(getValue().getType());
  return verifyDescriptorAccess(*this, getDesc().getType(), getIndices(),
                                value.getShape(), value.getElementType(),
                                "value");
}

LogicalResult StoreOp::verify() {
  Type ptrType = getPtr().getType();
  Type valueType = getValue().getType();
  if (failed(verifyBlockAccess(*this, ptrType, getMask(), valueType,
                               getBoundaryCheck(), std::nullopt)))
    return failure();
  // A value in another distributed layout than the pointers': the store
  // redistributes it.
  auto pointee = dyn_cast_or_null<RankedTensorType>(getPointeeType(ptrType));
  auto value = dyn_cast<RankedTensorType>(valueType);
  if (pointee && value && value != pointee &&
      value.getShape() == pointee.getShape() &&
      value.getElementType() == pointee.getElementType() &&
      (value.getEncoding() || pointee.getEncoding())) {
    if (!value.getEncoding() || !pointee.getEncoding())
      return emitOpError()
             << "value and pointers differ in layout, so both need a "
                "layout (value "
             << valueType << ", pointers " << ptrType << ")";
    valueType = pointee;
  }
  if (failed(verifyPointee(*this, "value", valueType, ptrType)) ||
      failed(verifyMask(*this, getMask(), ptrType)))
    return failure();
  return verifyCacheModifier(*this, getCache(), /*isLoad=*/false);
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

LogicalResult AtomicRMWOp::verify() {
  Type ptrType = getPtr().getType();
  if (failed(verifyPointee(*this, "value", getVal().getType(), ptrType)) ||
      failed(verifyMask(*this, getMask(), ptrType)))
    return failure();
  if (getResult().getType() != getVal().getType())
    return emitOpError() << "result type " << getResult().getType()
                         << " does not match the value type "
                         << getVal().getType();
  // The element types PTX `atom` has for each operation.
  Type element = getElementTypeOrSelf(getVal().getType());
  bool isInt = element.isSignlessInteger(32) || element.isSignlessInteger(64);
  bool isFloat =
      element.isF16() || element.isBF16() || element.isF32() || element.isF64();
  StringRef kind = stringifyRMWOp(getAtomicRmwOp());
  switch (getAtomicRmwOp()) {
  case RMWOp::FADD:
    if (!isFloat)
      return emitOpError() << "'" << kind
                           << "' needs f16, bf16, f32 or f64 values, got "
                           << element;
    break;
  case RMWOp::MAX:
  case RMWOp::MIN:
  case RMWOp::XCHG:
    if (!isInt && !isFloat)
      return emitOpError() << "'" << kind
                           << "' needs i32, i64 or floating-point values, got "
                           << element;
    break;
  default:
    if (!isInt)
      return emitOpError() << "'" << kind << "' needs i32 or i64 values, got "
                           << element;
  }
  return success();
}

LogicalResult AtomicCASOp::verify() {
  Type ptrType = getPtr().getType();
  if (failed(verifyPointee(*this, "value", getVal().getType(), ptrType)))
    return failure();
  if (getCmp().getType() != getVal().getType())
    return emitOpError() << "compare type " << getCmp().getType()
                         << " does not match the value type "
                         << getVal().getType();
  if (getResult().getType() != getVal().getType())
    return emitOpError() << "result type " << getResult().getType()
                         << " does not match the value type "
                         << getVal().getType();
  Type element = getElementTypeOrSelf(getVal().getType());
  unsigned bits = element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 0;
  if (bits != 16 && bits != 32 && bits != 64)
    return emitOpError() << "compare-and-swap needs 16-, 32- or 64-bit "
                            "values, got "
                         << element;
  return success();
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

LogicalResult SplatOp::verify() {
  Type element = getType().getElementType();
  if (element != getSrc().getType())
    return emitOpError() << "result element type " << element
                         << " does not match the scalar type "
                         << getSrc().getType();
  return success();
}

LogicalResult ExpandDimsOp::verify() {
  auto srcType = getSrc().getType();
  int64_t rank = srcType.getRank();
  int64_t axis = getAxis();
  if (axis < 0 || axis > rank)
    return emitOpError() << "axis " << axis << " is out of range for a rank-"
                         << rank << " operand (expected 0.." << rank << ")";
  SmallVector<int64_t> expected(srcType.getShape());
  expected.insert(expected.begin() + axis, 1);
  if (getType().getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape " << describeShape(getType())
                         << " is not the operand shape "
                         << describeShape(srcType) << " with a 1 at axis "
                         << axis << " (expected " << describeShape(expected)
                         << ")";
  // Distributed: the operand is the result's layout with `axis` sliced away.
  Attribute layout = getType().getEncoding();
  if (auto *infer = getInferLayoutInterface(layout)) {
    Attribute expectedLayout = infer->inferReducedEncoding(layout, axis);
    if (expectedLayout && srcType.getEncoding() != expectedLayout)
      return emitOpError() << "operand layout " << srcType.getEncoding()
                           << " must be the result layout sliced at axis "
                           << axis << " (" << expectedLayout << ")";
  }
  return verifySameElementType(*this, srcType, getType());
}

std::optional<int64_t>
mlir::tile::getCheckedNumElements(ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t dim : shape)
    if (llvm::MulOverflow(count, dim, count))
      return std::nullopt;
  return count;
}

LogicalResult ReshapeOp::verify() {
  auto srcType = getSrc().getType();
  for (ShapedType type : {ShapedType(srcType), ShapedType(getType())})
    if (!getCheckedNumElements(type.getShape()))
      return emitOpError() << describeShape(Type(type))
                           << " has more elements than a 64-bit count holds";
  if (srcType.getNumElements() != getType().getNumElements())
    return emitOpError() << "cannot reshape " << describeShape(srcType) << " ("
                         << srcType.getNumElements() << " elements) to "
                         << describeShape(getType()) << " ("
                         << getType().getNumElements() << " elements)";
  return verifySameElementType(*this, srcType, getType());
}

LogicalResult BroadcastOp::verify() {
  auto srcType = getSrc().getType();
  auto dstType = getType();
  if (srcType.getRank() != dstType.getRank())
    return emitOpError() << "operand rank " << srcType.getRank()
                         << " does not match result rank " << dstType.getRank()
                         << "; use tile.expand_dims to add dimensions first";
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(srcType.getShape(), dstType.getShape()))) {
    auto [from, to] = pair;
    if (from != to && from != 1)
      return emitOpError() << "cannot broadcast dimension " << i << " of size "
                           << from << " to " << to
                           << ": only dimensions of size 1 may grow";
  }
  // Distributed: broadcasting replicates within threads, so the layout stays.
  if (srcType.getEncoding() != dstType.getEncoding())
    return emitOpError() << "operand layout " << srcType.getEncoding()
                         << " differs from result layout "
                         << dstType.getEncoding();
  return verifySameElementType(*this, srcType, dstType);
}

/// Prints the arguments under the names they were parsed with (or Triton
/// gave them), so that printed IR parses back with the same names and
/// tile-specialize finds them there.
void FuncOp::getAsmBlockArgumentNames(Region &region,
                                      OpAsmSetValueNameFn setNameFn) {
  if (region.empty())
    return;
  for (BlockArgument arg : region.getArguments())
    if (StringRef name = getArgName(arg); !name.empty())
      setNameFn(arg, name);
}

StringRef mlir::tile::getArgName(BlockArgument arg) {
  if (auto name = dyn_cast<NameLoc>(arg.getLoc()))
    return name.getName().getValue();
  return "";
}

LogicalResult ExternElementwiseOp::verify() {
  if (!getSymbol().starts_with("__nv_") || getSymbol().size() == 5)
    return emitOpError() << "calls '" << getSymbol()
                         << "', but only libdevice's __nv_ functions can be "
                            "linked";
  // libdevice's functions take and return these; another type would be
  // called with a signature its definition does not have.
  for (Type type : llvm::concat<const Type>(getOperandTypes(),
                                            getOperation()->getResultTypes())) {
    Type element = getElementTypeOrSelf(type);
    if (!element.isF32() && !element.isF64() && !element.isInteger(32) &&
        !element.isInteger(64))
      return emitOpError() << "calls libdevice with " << element
                           << ", which its functions do not take or return "
                              "(f32, f64, i32, i64)";
  }
  return success();
}

/// The effects of a call out of the compiler's sight (a library function,
/// inline assembly): none where it is pure, else it may read and write
/// global memory.
static void addCallEffects(
    bool pure,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (pure)
    return;
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

void ExternElementwiseOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addCallEffects(getPure(), effects);
}

std::pair<unsigned, unsigned> ElementwiseInlineAsmOp::getRegisters(Type type) {
  unsigned pack = getPackedElement();
  unsigned bits = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
  unsigned perRegister = bits < 32 ? std::min(pack, 32 / bits) : 1;
  return {pack / perRegister, perRegister};
}

LogicalResult ElementwiseInlineAsmOp::verify() {
  if (getPackedElement() < 1)
    return emitOpError() << "packs " << getPackedElement()
                         << " elements; at least one";
  if (getResult().empty())
    return emitOpError() << "has no results";
  unsigned expected = 0;
  for (Type type : llvm::concat<const Type>(getOperation()->getResultTypes(),
                                            getOperandTypes())) {
    unsigned bits = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
    if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
      return emitOpError() << "passes " << getElementTypeOrSelf(type)
                           << " to assembly; elements of 8, 16, 32 or 64 "
                              "bits only";
    auto [registers, perRegister] = getRegisters(type);
    if (getPackedElement() % perRegister != 0)
      return emitOpError() << "packs " << getPackedElement()
                           << " elements, not a multiple of the " << perRegister
                           << " " << getElementTypeOrSelf(type)
                           << " elements of a register";
    expected += registers;
  }
  // The constraints, clobbers (~{...}) aside: one per register.
  unsigned given = 0;
  SmallVector<StringRef> parts;
  getConstraints().split(parts, ',');
  for (StringRef part : parts)
    if (!part.trim().starts_with("~"))
      ++given;
  if (getConstraints().empty())
    given = 0;
  if (given != expected)
    return emitOpError() << "has " << given << " constraints for the "
                         << expected << " registers of its results and "
                         << "operands";
  return success();
}

void ElementwiseInlineAsmOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addCallEffects(getPure(), effects);
}

LogicalResult UnsplatOp::verify() {
  if (llvm::any_of(getSrc().getType().getShape(),
                   [](int64_t d) { return d != 1; }))
    return emitOpError() << "takes a tensor of one element, not "
                         << getSrc().getType();
  return success();
}

LogicalResult HistogramOp::verify() {
  RankedTensorType src = getSrc().getType(), result = getType();
  if (src.getRank() != 1 || result.getRank() != 1)
    return emitOpError() << "counts a rank-1 tensor into a rank-1 tensor";
  if (!llvm::isPowerOf2_64(result.getDimSize(0)))
    return emitOpError() << "counts into " << result.getDimSize(0)
                         << " bins; a power of two";
  if (!result.getElementType().isInteger(32) &&
      !result.getElementType().isInteger(64))
    return emitOpError() << "counts into " << result.getElementType()
                         << "; i32 or i64";
  return success();
}

LogicalResult GatherOp::verify() {
  RankedTensorType src = getSrc().getType(), indices = getIndices().getType(),
                   result = getType();
  int64_t rank = src.getRank();
  if (indices.getRank() != rank)
    return emitOpError() << "indices of rank " << indices.getRank()
                         << " for a rank-" << rank << " source";
  int64_t axis = getAxis();
  if (axis >= rank)
    return emitOpError() << "axis " << getAxis() << " is not a dimension of "
                         << src;
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis && indices.getDimSize(d) != src.getDimSize(d))
      return emitOpError() << "indices dimension " << d << " is "
                           << indices.getDimSize(d) << ", the source's "
                           << src.getDimSize(d);
  if (result.getShape() != indices.getShape() ||
      result.getElementType() != src.getElementType())
    return emitOpError() << "result must be [" << indices.getShape()
                         << "] elements of " << src.getElementType() << ", not "
                         << result;
  return success();
}

FailureOr<SmallVector<int64_t>>
mlir::tile::verifyPermutation(Operation *op, ArrayRef<int32_t> order,
                              ArrayRef<int64_t> shape, StringRef what) {
  int64_t rank = shape.size();
  if (static_cast<int64_t>(order.size()) != rank)
    return op->emitOpError() << "order has " << order.size()
                             << " entries for a rank-" << rank << " " << what;
  SmallVector<bool> seen(rank, false);
  SmallVector<int64_t> permuted;
  for (int32_t d : order) {
    if (d < 0 || d >= rank || seen[d])
      return op->emitOpError() << "order [" << order
                               << "] is not a permutation of 0.." << rank - 1;
    seen[d] = true;
    permuted.push_back(shape[d]);
  }
  return permuted;
}

LogicalResult TransOp::verify() {
  auto srcType = getSrc().getType();
  FailureOr<SmallVector<int64_t>> expected =
      verifyPermutation(*this, getOrder(), srcType.getShape(), "operand");
  if (failed(expected))
    return failure();
  if (getType().getShape() != ArrayRef<int64_t>(*expected))
    return emitOpError() << "result shape " << describeShape(getType())
                         << " does not match the permuted operand shape "
                         << describeShape(*expected);
  return verifySameElementType(*this, srcType, getType());
}

LogicalResult CatOp::verify() {
  auto lhs = getLhs().getType();
  auto result = getType();
  if (failed(verifySameElementType(*this, lhs, result)))
    return failure();
  SmallVector<int64_t> expected(lhs.getShape());
  if (expected.empty())
    return emitOpError() << "operands must have rank 1 or more";
  if (llvm::MulOverflow(expected[0], int64_t(2), expected[0]))
    return emitOpError() << "dimension 0 of " << describeShape(lhs)
                         << " cannot be doubled";
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape " << describeShape(result)
                         << " is not the operand shape " << describeShape(lhs)
                         << " with dimension 0 doubled (expected "
                         << describeShape(expected) << ")";
  return success();
}

LogicalResult JoinOp::verify() {
  auto lhs = getLhs().getType();
  auto result = getType();
  if (failed(verifySameElementType(*this, lhs, result)))
    return failure();
  SmallVector<int64_t> expected(lhs.getShape());
  expected.push_back(2);
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape " << describeShape(result)
                         << " is not the operand shape " << describeShape(lhs)
                         << " with a new minor dimension of 2 (expected "
                         << describeShape(expected) << ")";
  return success();
}

LogicalResult SplitOp::verify() {
  auto src = getSrc().getType();
  auto result = getOutLHS().getType();
  if (src.getRank() == 0 || src.getShape().back() != 2)
    return emitOpError() << "operand shape " << describeShape(src)
                         << " must end in a dimension of size 2";
  if (failed(verifySameElementType(*this, src, result)))
    return failure();
  if (result.getShape() != src.getShape().drop_back())
    return emitOpError() << "result shape " << describeShape(result)
                         << " is not the operand shape without its last "
                            "dimension (expected "
                         << describeShape(src.getShape().drop_back()) << ")";
  return success();
}

LogicalResult MakeRangeOp::verify() {
  auto type = getType();
  int64_t start = getStartAttr().getInt(), end = getEndAttr().getInt();
  if (type.getRank() != 1 || !type.getElementType().isSignlessInteger(32))
    return emitOpError() << "result must be a 1-D tensor of i32, got " << type;
  if (end <= start)
    return emitOpError() << "end (" << end << ") must be greater than start ("
                         << start << ")";
  int64_t length = end - start;
  if (!llvm::isPowerOf2_64(length))
    return emitOpError() << "range length " << length
                         << " (end - start) must be a power of two";
  if (type.getDimSize(0) != length)
    return emitOpError() << "result has " << type.getDimSize(0)
                         << " elements but the range [" << start << ", " << end
                         << ") has " << length;
  return success();
}

//===----------------------------------------------------------------------===//
// Dot
//===----------------------------------------------------------------------===//

LogicalResult DotOp::verify() {
  auto a = getA().getType(), b = getB().getType(), c = getC().getType();
  int64_t rank = a.getRank();
  if (rank != 2 && rank != 3)
    return emitOpError() << "operands must have rank 2 (or 3 with a batch "
                            "dimension), got rank "
                         << rank;
  if (b.getRank() != rank || c.getRank() != rank)
    return emitOpError() << "operand ranks differ: a is " << rank << ", b is "
                         << b.getRank() << ", c is " << c.getRank();
  int64_t m = a.getDimSize(rank - 2), k = a.getDimSize(rank - 1);
  int64_t kb = b.getDimSize(rank - 2), n = b.getDimSize(rank - 1);
  if (k != kb)
    return emitOpError() << "reduction dimensions differ: a is "
                         << describeShape(a) << ", b is " << describeShape(b);
  if (c.getDimSize(rank - 2) != m || c.getDimSize(rank - 1) != n)
    return emitOpError() << "accumulator shape " << describeShape(c)
                         << " does not match the product shape [" << m << ", "
                         << n << "] of a " << describeShape(a) << " and b "
                         << describeShape(b);
  if (rank == 3 && (a.getDimSize(0) != b.getDimSize(0) ||
                    a.getDimSize(0) != c.getDimSize(0)))
    return emitOpError() << "batch dimensions differ: a is " << describeShape(a)
                         << ", b is " << describeShape(b) << ", c is "
                         << describeShape(c);
  Type ea = a.getElementType(), eb = b.getElementType(),
       ec = c.getElementType();
  bool bothFp8 = isa<FloatType>(ea) && isa<FloatType>(eb) &&
                 ea.getIntOrFloatBitWidth() == 8 &&
                 eb.getIntOrFloatBitWidth() == 8;
  if (ea != eb && !bothFp8)
    return emitOpError() << "a and b element types differ: " << ea << " and "
                         << eb;
  if (isa<FloatType>(ea) != isa<FloatType>(ec))
    return emitOpError() << "accumulator element type " << ec
                         << " does not suit " << ea
                         << " inputs: floats accumulate in a float type, "
                            "integers in an integer type";
  // Distributed: the operands take dot-operand layouts of the result's.
  if (auto *infer = getInferLayoutInterface(c.getEncoding())) {
    RankedTensorType operands[] = {a, b};
    for (auto [idx, operand] : llvm::enumerate(operands))
      if (failed(infer->verifyDotOperandEncoding(*this, operand.getEncoding(),
                                                 idx, c.getEncoding())))
        return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Reduce and scan
//===----------------------------------------------------------------------===//

/// Checks the combining region of a reduce or scan over `srcs`: 2N scalar
/// arguments of the element types, a terminator returning N of them.
static LogicalResult verifyCombineRegion(Operation *op, Region &region,
                                         ValueRange srcs) {
  Block &block = region.front();
  size_t n = srcs.size();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError()
           << "combining region must take " << 2 * n
           << " arguments (two per operand), got " << block.getNumArguments();
  for (auto [i, arg] : llvm::enumerate(block.getArguments())) {
    Type expected = getElementTypeOrSelf(srcs[i % n].getType());
    if (arg.getType() != expected)
      return op->emitOpError()
             << "combining region argument #" << i << " has type "
             << arg.getType() << ", expected the element type " << expected
             << " of operand #" << i % n;
  }
  Operation *terminator = block.getTerminator();
  if (terminator->getNumOperands() != n)
    return op->emitOpError() << "combining region must return " << n
                             << " values, got " << terminator->getNumOperands();
  for (auto [i, value] : llvm::enumerate(terminator->getOperands())) {
    Type expected = getElementTypeOrSelf(srcs[i].getType());
    if (value.getType() != expected)
      return op->emitOpError()
             << "combining region returns " << value.getType() << " as value #"
             << i << ", expected " << expected;
  }
  return success();
}

/// Operands are non-empty and of one shape (SameOperandsShape).
static LogicalResult verifyAxis(Operation *op, ValueRange srcs, int64_t axis) {
  int64_t rank = cast<RankedTensorType>(srcs[0].getType()).getRank();
  if (axis < 0 || axis >= rank)
    return op->emitOpError()
           << "axis " << axis << " is out of range for rank-" << rank
           << " operands (expected 0.." << rank - 1 << ")";
  return success();
}

/// The type of reducing `type` along `axis`: the dimension dropped, or the
/// element type for a 1-D tensor. A distributed layout becomes its slice.
static Type getReducedType(RankedTensorType type, int64_t axis) {
  if (type.getRank() == 1)
    return type.getElementType();
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + axis);
  Attribute encoding;
  if (auto *infer = getInferLayoutInterface(type.getEncoding()))
    encoding = infer->inferReducedEncoding(type.getEncoding(), axis);
  return RankedTensorType::get(shape, type.getElementType(), encoding);
}

void ReduceOp::build(OpBuilder &builder, OperationState &state, ValueRange srcs,
                     int axis) {
  SmallVector<Type> resultTypes;
  for (Value src : srcs)
    resultTypes.push_back(
        getReducedType(cast<RankedTensorType>(src.getType()), axis));
  build(builder, state, resultTypes, srcs, axis);
}

LogicalResult ReduceOp::verify() {
  if (failed(verifyAxis(*this, getSrcs(), getAxis())))
    return failure();
  if (getNumResults() != getSrcs().size())
    return emitOpError() << "has " << getSrcs().size() << " operands but "
                         << getNumResults() << " results";
  for (auto [i, pair] : llvm::enumerate(llvm::zip(getSrcs(), getResult()))) {
    auto [src, result] = pair;
    Type expected =
        getReducedType(cast<RankedTensorType>(src.getType()), getAxis());
    Type actual = result.getType();
    if (actual != expected)
      return emitOpError() << "result #" << i << " has type " << actual
                           << ", expected " << expected << " (operand "
                           << src.getType() << " reduced along axis "
                           << getAxis() << ")";
  }
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombineRegion(*this, getCombineOp(), getSrcs());
}

void ScanOp::build(OpBuilder &builder, OperationState &state, ValueRange srcs,
                   int axis, bool reverse) {
  build(builder, state, srcs.getTypes(), srcs, axis, reverse);
}

LogicalResult ScanOp::verify() {
  if (failed(verifyAxis(*this, getSrcs(), getAxis())))
    return failure();
  if (getNumResults() != getSrcs().size())
    return emitOpError() << "has " << getSrcs().size() << " operands but "
                         << getNumResults() << " results";
  for (auto [i, pair] : llvm::enumerate(llvm::zip(getSrcs(), getResult()))) {
    auto [src, result] = pair;
    if (getElementTypeOrSelf(src.getType()) !=
        getElementTypeOrSelf(result.getType()))
      return emitOpError() << "result #" << i << " has type "
                           << result.getType() << ", expected "
                           << src.getType();
  }
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombineRegion(*this, getCombineOp(), getSrcs());
}

//===----------------------------------------------------------------------===//
// Print
//===----------------------------------------------------------------------===//

LogicalResult PrintOp::verify() {
  if (getIsSigned().size() != getArgs().size())
    return emitOpError() << "isSigned has " << getIsSigned().size()
                         << " entries for " << getArgs().size()
                         << " arguments; give one per argument";
  return success();
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   FunctionType type, ArrayRef<NamedAttribute> attrs,
                   ArrayRef<DictionaryAttr> argAttrs) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.attributes.append(attrs.begin(), attrs.end());
  state.addRegion();
  if (argAttrs.empty())
    return;
  call_interface_impl::addArgAndResultAttrs(
      builder, state, argAttrs, /*resultAttrs=*/{},
      getArgAttrsAttrName(state.name), getResAttrsAttrName(state.name));
}

// As function_interface_impl::parseFunctionOp, but an argument without a
// location of its own is located at its name (`loc("n"(...))`), as
// Triton's TTIR locates its arguments: a specialization or a launcher can
// then name it.
ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  (void)impl::parseOptionalVisibilityKeyword(parser, result.attributes);
  StringAttr name;
  if (parser.parseSymbolName(name, SymbolTable::getSymbolAttrName(),
                             result.attributes))
    return failure();
  SmallVector<OpAsmParser::Argument> args;
  SmallVector<Type> resultTypes;
  SmallVector<DictionaryAttr> resultAttrs;
  bool isVariadic = false;
  if (function_interface_impl::parseFunctionSignatureWithArguments(
          parser, /*allowVariadic=*/false, args, isVariadic, resultTypes,
          resultAttrs))
    return failure();
  SmallVector<Type> argTypes;
  for (OpAsmParser::Argument &arg : args) {
    argTypes.push_back(arg.type);
    // (A declaration's arguments may have types alone.)
    if (!arg.sourceLoc && !arg.ssaName.name.empty())
      arg.sourceLoc =
          NameLoc::get(builder.getStringAttr(arg.ssaName.name.drop_front()),
                       parser.getEncodedSourceLoc(arg.ssaName.location));
  }
  result.addAttribute(
      getFunctionTypeAttrName(result.name),
      TypeAttr::get(builder.getFunctionType(argTypes, resultTypes)));
  SMLoc attrsLoc = parser.getCurrentLocation();
  NamedAttrList attrs;
  if (parser.parseOptionalAttrDictWithKeyword(attrs))
    return failure();
  for (StringRef inferred :
       {SymbolTable::getVisibilityAttrName(), SymbolTable::getSymbolAttrName(),
        getFunctionTypeAttrName(result.name).getValue()})
    if (attrs.get(inferred))
      return parser.emitError(attrsLoc)
             << "'" << inferred
             << "' is an inferred attribute and should not be specified in "
                "the explicit attribute dictionary";
  result.attributes.append(attrs);
  call_interface_impl::addArgAndResultAttrs(builder, result, args, resultAttrs,
                                            getArgAttrsAttrName(result.name),
                                            getResAttrsAttrName(result.name));
  Region *body = result.addRegion();
  SMLoc bodyLoc = parser.getCurrentLocation();
  OptionalParseResult parsed =
      parser.parseOptionalRegion(*body, args, /*enableNameShadowing=*/false);
  if (parsed.has_value() && failed(*parsed))
    return failure();
  if (parsed.has_value() && body->empty())
    return parser.emitError(bodyLoc, "expected non-empty function body");
  return success();
}

void FuncOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(
      p, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee = getCalleeAttr();
  auto fn = symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, callee);
  if (!fn)
    return emitOpError() << "'" << callee.getValue()
                         << "' does not reference a tile.func";
  FunctionType type = fn.getFunctionType();
  if (type.getNumInputs() != getNumOperands())
    return emitOpError() << "passes " << getNumOperands() << " arguments but @"
                         << callee.getValue() << " takes "
                         << type.getNumInputs();
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(type.getInputs(), getOperandTypes()))) {
    auto [expected, actual] = pair;
    if (expected != actual)
      return emitOpError() << "argument #" << i << " has type " << actual
                           << " but @" << callee.getValue() << " expects "
                           << expected;
  }
  if (type.getNumResults() != getNumResults())
    return emitOpError() << "expects " << getNumResults() << " results but @"
                         << callee.getValue() << " returns "
                         << type.getNumResults();
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(type.getResults(), getResultTypes()))) {
    auto [expected, actual] = pair;
    if (expected != actual)
      return emitOpError() << "result #" << i << " has type " << actual
                           << " but @" << callee.getValue() << " returns "
                           << expected;
  }
  return success();
}

LogicalResult ReturnOp::verify() {
  auto fn = (*this)->getParentOfType<FuncOp>();
  ArrayRef<Type> results = fn.getFunctionType().getResults();
  if (getNumOperands() != results.size())
    return emitOpError() << "returns " << getNumOperands() << " values but @"
                         << fn.getName() << " declares " << results.size()
                         << " results";
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(getOperandTypes(), results))) {
    auto [actual, expected] = pair;
    if (actual != expected)
      return emitOpError() << "value #" << i << " has type " << actual
                           << " but @" << fn.getName() << " returns "
                           << expected;
  }
  return success();
}

#define GET_OP_CLASSES
#include "tile/Dialect/Tile/IR/TileOps.cpp.inc"

#include "tile/Dialect/Tile/IR/TileEnums.cpp.inc"
