//===- Lowering.cpp - helpers every lowering shares -----------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Small builders the ops' lowerings share (Lowering.h).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

/// Whether this is thread 0 of the block (i1).
Value mlir::tile::isFirstThread(OpBuilder &b, Location loc,
                                const ThreadIds &ids) {
  // Sequenced: as call arguments, the host compiler would pick the order.
  Value zero = createI32(b, loc, 0);
  Value firstLane =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, ids.lane, zero);
  Value firstWarp =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, ids.warp, zero);
  return arith::AndIOp::create(b, loc, firstLane, firstWarp);
}

/// Runs `body` only where `predicate` holds (always without one); returns
/// its result, or `otherwise` where it did not run.
Value mlir::tile::predicated(OpBuilder &b, Location loc, Value predicate,
                             Type type, function_ref<Value(OpBuilder &)> body,
                             function_ref<Value(OpBuilder &)> otherwise) {
  if (!predicate)
    return body(b);
  if (!type) {
    auto ifOp = scf::IfOp::create(b, loc, predicate, /*withElse=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    body(b);
    return {};
  }
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{type}, predicate,
                                /*withElse=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    scf::YieldOp::create(b, loc, body(b));
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    scf::YieldOp::create(b, loc, otherwise(b));
  }
  return ifOp.getResult(0);
}

Value mlir::tile::andOf(OpBuilder &b, Location loc, Value x, Value y) {
  if (!x)
    return y;
  if (!y)
    return x;
  return arith::AndIOp::create(b, loc, x, y);
}

bool mlir::tile::allowsApproximation(Operation *op) {
  auto fastMath = dyn_cast<arith::ArithFastMathInterface>(op);
  // Some ops declare the interface and carry no flags at all.
  return fastMath && fastMath.getFastMathFlagsAttr() &&
         arith::bitEnumContainsAll(fastMath.getFastMathFlagsAttr().getValue(),
                                   arith::FastMathFlags::afn);
}

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

Value mlir::tile::createI32(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(b, loc, value, 32);
}

Value mlir::tile::packVector(OpBuilder &b, Location loc, ValueRange elements) {
  auto type =
      VectorType::get({int64_t(elements.size())}, elements.front().getType());
  Value v = LLVM::UndefOp::create(b, loc, type);
  for (auto [i, element] : llvm::enumerate(elements))
    v = LLVM::InsertElementOp::create(b, loc, v, element, createI32(b, loc, i));
  return v;
}

SmallVector<Value> mlir::tile::unpackVector(OpBuilder &b, Location loc,
                                            Value vector) {
  int64_t n = cast<VectorType>(vector.getType()).getNumElements();
  SmallVector<Value> elements;
  for (int64_t i = 0; i < n; ++i)
    elements.push_back(
        LLVM::ExtractElementOp::create(b, loc, vector, createI32(b, loc, i)));
  return elements;
}

Value mlir::tile::getSharedBase(OpBuilder &b, Location loc) {
  return LLVM::AddressOfOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), 3),
      kSharedMemorySymbol);
}

Value mlir::tile::addBytes(OpBuilder &b, Location loc, Value base,
                           Value bytes) {
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ValueRange{bytes});
}

FailureOr<Value> mlir::tile::getScratchPointer(OpBuilder &b, Operation *op) {
  auto offset =
      op->getAttrOfType<IntegerAttr>(TileGPUDialect::getOffsetAttrName());
  if (!offset)
    return failure();
  return addBytes(b, op->getLoc(), getSharedBase(b, op->getLoc()),
                  createI32(b, op->getLoc(), offset.getInt()));
}

int64_t mlir::tile::getElementBytes(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (isa<PointerType, LLVM::LLVMPointerType>(element))
    return 8;
  return std::max<int64_t>(1, element.getIntOrFloatBitWidth() / 8);
}

void mlir::tile::storeShared(OpBuilder &b, Location loc, Value value,
                             Value ptr) {
  if (value.getType().isInteger(1))
    value = arith::ExtUIOp::create(b, loc, b.getI8Type(), value);
  LLVM::StoreOp::create(b, loc, value, ptr);
}

Value mlir::tile::loadShared(OpBuilder &b, Location loc, Type type, Value ptr) {
  if (type.isInteger(1)) {
    Value byte = LLVM::LoadOp::create(b, loc, b.getI8Type(), ptr);
    return arith::TruncIOp::create(b, loc, type, byte);
  }
  return LLVM::LoadOp::create(b, loc, type, ptr);
}

void mlir::tile::storeShared(OpBuilder &b, Location loc, ValueRange values,
                             Value ptr) {
  if (values.size() == 1)
    return storeShared(b, loc, values.front(), ptr);
  LLVM::StoreOp::create(b, loc, packVector(b, loc, values), ptr,
                        /*alignment=*/values.size() *
                            getElementBytes(values.front().getType()));
}

SmallVector<Value> mlir::tile::loadShared(OpBuilder &b, Location loc, Type type,
                                          unsigned count, Value ptr) {
  if (count == 1)
    return {loadShared(b, loc, type, ptr)};
  Value vector =
      LLVM::LoadOp::create(b, loc, VectorType::get({int64_t(count)}, type), ptr,
                           /*alignment=*/count * getElementBytes(type));
  return unpackVector(b, loc, vector);
}

Value mlir::tile::linearize(OpBuilder &b, Location loc, ArrayRef<Value> coords,
                            ArrayRef<int64_t> shape) {
  Value index = createI32(b, loc, 0);
  for (auto [c, dim] : llvm::zip(coords, shape)) {
    index = arith::MulIOp::create(b, loc, index, createI32(b, loc, dim));
    index = arith::AddIOp::create(b, loc, index, c);
  }
  return index;
}

Value mlir::tile::emitInlinePtx(OpBuilder &b, Location loc, Type type,
                                StringRef ptx, StringRef constraints,
                                ValueRange operands, bool hasSideEffects) {
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, type ? TypeRange(type) : TypeRange(), operands, ptx, constraints,
      hasSideEffects,
      /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      ArrayAttr());
  return type ? asmOp.getResult(0) : Value();
}

bool mlir::tile::isFloat8(Type type) {
  Type element = getElementTypeOrSelf(type);
  return isa<FloatType>(element) && element.getIntOrFloatBitWidth() == 8;
}

Distribution mlir::tile::getDistribution(Type type) {
  return *Distribution::get(cast<RankedTensorType>(type));
}
