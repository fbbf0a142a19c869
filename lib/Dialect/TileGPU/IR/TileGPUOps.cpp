//===- TileGPUOps.cpp - tilegpu operations --------------------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "tile/Dialect/TileGPU/IR/TileGPUDialect.h"

#include "tile/Dialect/Tile/IR/OpUtils.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

/// Checks that a tensor and a buffer hold the same shape and element type.
static LogicalResult verifyElementTypeMatchesBuffer(Operation *op,
                                                    RankedTensorType tensor,
                                                    BufferType buffer) {
  if (tensor.getElementType() != buffer.getElementType())
    return op->emitOpError()
           << "tensor element type " << tensor.getElementType()
           << " does not match buffer element type " << buffer.getElementType();
  return success();
}

static LogicalResult verifyTensorMatchesBuffer(Operation *op,
                                               RankedTensorType tensor,
                                               BufferType buffer) {
  if (tensor.getShape() != buffer.getShape())
    return op->emitOpError()
           << "tensor shape [" << tensor.getShape()
           << "] does not match buffer shape [" << buffer.getShape() << "]";
  return verifyElementTypeMatchesBuffer(op, tensor, buffer);
}

LogicalResult LocalAllocOp::verify() {
  BufferType buffer = getType();
  if (!getSrc()) {
    if (!buffer.getMutableMemory())
      return emitOpError() << "a buffer allocated without an initial value "
                              "must be mutable";
    return success();
  }
  return verifyTensorMatchesBuffer(*this, getSrc().getType(), buffer);
}

void LocalAllocOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  OpResult result = getOperation()->getOpResult(0);
  effects.emplace_back(MemoryEffects::Allocate::get(), result,
                       SharedMemory::get());
  if (getSrc())
    effects.emplace_back(MemoryEffects::Write::get(), result,
                         SharedMemory::get());
}

LogicalResult LocalDeallocOp::verify() {
  if (!getSrc().getDefiningOp<LocalAllocOp>())
    return emitOpError()
           << "operand must be the result of tilegpu.local_alloc, "
              "not a view or an argument";
  return success();
}

LogicalResult LocalLoadOp::verify() {
  BufferType buffer = getSrc().getType();
  RankedTensorType tensor = getType();
  std::optional<ArrayRef<int64_t>> offsets = getOffsets();
  if (!offsets)
    return verifyTensorMatchesBuffer(*this, tensor, buffer);
  if (failed(verifyElementTypeMatchesBuffer(*this, tensor, buffer)))
    return failure();
  if (tensor.getRank() != buffer.getRank() ||
      int64_t(offsets->size()) != buffer.getRank())
    return emitOpError() << "a window needs one offset per dimension and a "
                            "result of the buffer's rank, got "
                         << offsets->size() << " offsets, a rank "
                         << tensor.getRank() << " result and a rank "
                         << buffer.getRank() << " buffer";
  for (auto [dim, offset] : llvm::enumerate(*offsets))
    if (offset < 0 || offset > buffer.getDimSize(dim) - tensor.getDimSize(dim))
      return emitOpError() << "window of " << tensor.getDimSize(dim) << " at "
                           << offset << " along dimension " << dim
                           << " is outside the buffer's [0, "
                           << buffer.getDimSize(dim) << ")";
  return success();
}

LogicalResult LocalStoreOp::verify() {
  BufferType buffer = getDst().getType();
  if (!buffer.getMutableMemory())
    return emitOpError() << "cannot store into an immutable buffer";
  return verifyTensorMatchesBuffer(*this, getSrc().getType(), buffer);
}

LogicalResult BufferIndexOp::verify() {
  BufferType src = getSrc().getType(), result = getType();
  if (src.getRank() < 2)
    return emitOpError() << "needs a multi-buffered source of rank 2 or more, "
                            "got rank "
                         << src.getRank();
  if (result.getShape() != src.getShape().drop_front())
    return emitOpError() << "result shape [" << result.getShape()
                         << "] is not the source shape [" << src.getShape()
                         << "] without its leading dimension";
  if (result.getElementType() != src.getElementType() ||
      result.getEncoding() != src.getEncoding() ||
      result.getMutableMemory() != src.getMutableMemory())
    return emitOpError() << "result must keep the source's element type, "
                            "layout and mutability";
  return success();
}

LogicalResult BufferTransOp::verify() {
  BufferType src = getSrc().getType(), result = getType();
  ArrayRef<int32_t> order = getOrder();
  int64_t rank = src.getRank();
  FailureOr<SmallVector<int64_t>> shape =
      verifyPermutation(*this, order, src.getShape(), "buffer");
  if (failed(shape))
    return failure();
  if (result.getShape() != ArrayRef<int64_t>(*shape))
    return emitOpError() << "result shape [" << result.getShape()
                         << "] does not match the permuted source shape ["
                         << *shape << "]";
  if (result.getElementType() != src.getElementType() ||
      result.getMutableMemory() != src.getMutableMemory())
    return emitOpError() << "result must keep the source's element type and "
                            "mutability";
  // The view moves no data: the layout must describe the same placement.
  if (!isa<SwizzledSharedLayoutAttr>(src.getEncoding()) && rank != 2)
    return emitOpError() << "can only transpose a 2-D NVMMA buffer";
  Attribute expected = getTransposedSharedLayout(src.getEncoding(), order);
  if (!expected)
    return emitOpError() << "can only transpose a buffer whose layout "
                            "covers every dimension";
  if (result.getEncoding() != expected)
    return emitOpError() << "result layout " << result.getEncoding()
                         << " is not the source layout transposed (" << expected
                         << ")";
  return success();
}

LogicalResult ConvertLayoutOp::verify() {
  auto src = getSrc().getType(), result = getType();
  if (src.getShape() != result.getShape() ||
      src.getElementType() != result.getElementType())
    return emitOpError() << "changes only the layout: " << src << " and "
                         << result << " differ in shape or element type";
  return success();
}

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  // convert(convert(x)) converts x directly.
  if (auto inner = getSrc().getDefiningOp<ConvertLayoutOp>()) {
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  // A constant splat is the same in every layout.
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(adaptor.getSrc()))
    if (dense.isSplat())
      return DenseElementsAttr::get(getType(),
                                    dense.getSplatValue<Attribute>());
  return {};
}

LogicalResult AsyncCopyGlobalToLocalOp::verify() {
  auto src = getSrc().getType();
  BufferType buffer = getResult().getType();
  if (!buffer.getMutableMemory())
    return emitOpError() << "cannot copy into an immutable buffer";
  auto pointee = cast<RankedTensorType>(getPointeeType(src));
  if (failed(verifyTensorMatchesBuffer(*this, pointee, buffer)))
    return failure();
  if (getMask() && getMask().getType().getShape() != src.getShape())
    return emitOpError() << "mask shape [" << getMask().getType().getShape()
                         << "] does not match pointer shape [" << src.getShape()
                         << "]";
  if (getOther()) {
    if (!getMask())
      return emitOpError() << "'other' is only meaningful with a mask";
    if (getOther().getType() != pointee)
      return emitOpError() << "other type " << getOther().getType()
                           << " does not match the copied type " << pointee;
  }
  return success();
}

// tilegpu.async_copy_global_to_local %src, %buf (mask %m)? (other %o)? clauses
//   attr-dict : src-type -> buffer-type
ParseResult AsyncCopyGlobalToLocalOp::parse(OpAsmParser &parser,
                                            OperationState &result) {
  OpAsmParser::UnresolvedOperand src, dst, mask, other;
  bool hasMask = false, hasOther = false;
  if (parser.parseOperand(src) || parser.parseComma() ||
      parser.parseOperand(dst))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("mask"))) {
    hasMask = true;
    if (parser.parseOperand(mask))
      return failure();
  }
  if (succeeded(parser.parseOptionalKeyword("other"))) {
    hasOther = true;
    if (parser.parseOperand(other))
      return failure();
  }
  Type srcType, dstType;
  SMLoc typeLoc;
  if (parseCacheClauses(parser, result, getCacheAttrName(result.name),
                        getEvictAttrName(result.name)) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.getCurrentLocation(&typeLoc) || parser.parseType(srcType) ||
      parser.parseArrow() || parser.parseType(dstType))
    return failure();
  Type pointee = getPointeeType(srcType);
  if (!isa_and_nonnull<RankedTensorType>(pointee))
    return parser.emitError(typeLoc, "expected a tensor of pointers, got ")
           << srcType;
  if (parser.resolveOperand(src, srcType, result.operands) ||
      parser.resolveOperand(dst, dstType, result.operands) ||
      (hasMask &&
       parser.resolveOperand(mask, getI1SameShape(srcType), result.operands)) ||
      (hasOther && parser.resolveOperand(other, pointee, result.operands)))
    return failure();
  result.addAttribute(
      getOperandSegmentSizesAttrName(result.name),
      parser.getBuilder().getDenseI32ArrayAttr({1, 1, hasMask, hasOther}));
  result.addTypes(AsyncTokenType::get(parser.getContext()));
  return success();
}

void AsyncCopyGlobalToLocalOp::print(OpAsmPrinter &p) {
  p << ' ' << getSrc() << ", " << getResult();
  if (getMask())
    p << " mask " << getMask();
  if (getOther())
    p << " other " << getOther();
  printCacheClauses(p, getCache(), getEvict());
  printLoadStoreAttrDict(p, *this, {getCacheAttrName(), getEvictAttrName()},
                         /*isVolatile=*/false);
  p << " : " << getSrc().getType() << " -> " << getResult().getType();
}

//===----------------------------------------------------------------------===//
// cp.async groups
//===----------------------------------------------------------------------===//

AsyncQueue AsyncCopyGlobalToLocalOp::getAsyncQueue() {
  return AsyncQueue::CopyGroups;
}
AsyncStep AsyncCopyGlobalToLocalOp::getAsyncStep() { return AsyncStep::Issue; }

AsyncQueue AsyncCommitGroupOp::getAsyncQueue() {
  return AsyncQueue::CopyGroups;
}
AsyncStep AsyncCommitGroupOp::getAsyncStep() { return AsyncStep::Commit; }

AsyncQueue AsyncWaitOp::getAsyncQueue() { return AsyncQueue::CopyGroups; }
AsyncStep AsyncWaitOp::getAsyncStep() { return AsyncStep::Wait; }
unsigned AsyncWaitOp::getAsyncPendingGroups() { return getNum(); }

#include "tile/Dialect/TileGPU/IR/TileGPUInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "tile/Dialect/TileGPU/IR/TileGPUOps.cpp.inc"
