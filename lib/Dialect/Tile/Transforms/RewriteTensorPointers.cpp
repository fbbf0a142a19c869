//===- RewriteTensorPointers.cpp - block pointers as pointer tensors ------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tile-rewrite-tensor-pointers: a block pointer becomes the values it stands
// for (base, sizes, strides, offsets; the offsets in 64 bits, as Triton
// carries them) by a 1:N dialect conversion, which also carries them through
// scf loops and branches; each access through one, and each descriptor op
// on a descriptor made in the kernel, becomes an access through a tensor of
// pointers with a mask. The address arithmetic has the form Triton's own
// rewrite gives it, which tile's alignment analysis reads as Triton's does.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "tile/Dialect/Tile/IR/OpUtils.h"
#include "tile/Dialect/TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tile {
#define GEN_PASS_DEF_REWRITETENSORPOINTERS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// Where a block lies in a strided tensor: per dimension, the 1-D i64
/// tensor of the block's indices along it, the tensor's size and its stride
/// (i64 scalars).
struct BlockPlace {
  Value base;
  SmallVector<Value> indices, sizes, strides;
};

/// A pointer tensor and its mask (null when nothing is checked).
struct BlockAccess {
  Value ptrs, mask;
};

Value splat(OpBuilder &b, Location loc, ArrayRef<int64_t> shape, Value v) {
  return SplatOp::create(b, loc, RankedTensorType::get(shape, v.getType()), v);
}

/// `offset + [0, size)` as a 1-D i64 tensor, for an i32 or i64 offset.
Value rangeFrom(OpBuilder &b, Location loc, Value offset, int64_t size) {
  Type i64 = b.getI64Type();
  if (offset.getType() != i64)
    offset = arith::ExtSIOp::create(b, loc, i64, offset);
  Value range = MakeRangeOp::create(
      b, loc, RankedTensorType::get({size}, b.getI32Type()), 0, size);
  Value wide =
      arith::ExtSIOp::create(b, loc, RankedTensorType::get({size}, i64), range);
  return arith::AddIOp::create(b, loc, splat(b, loc, {size}, offset), wide);
}

Value toI64(OpBuilder &b, Location loc, Value v) {
  if (v.getType().isInteger(64))
    return v;
  return arith::ExtSIOp::create(b, loc, b.getI64Type(), v);
}

/// The pointers to the elements of a block of `shape` at `place`, and
/// whether each lies inside the tensor along the dimensions `checked`.
BlockAccess buildAccess(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                        const BlockPlace &place, ArrayRef<int32_t> checked) {
  int64_t rank = shape.size();
  Type i64 = b.getI64Type();
  auto boolsOf = [&](ArrayRef<int64_t> s) {
    return RankedTensorType::get(s, b.getI1Type());
  };
  Value offset, mask;
  for (int64_t d = 0; d < rank; ++d) {
    // The indices along d, as a tensor of rank `rank` with size 1 elsewhere.
    Value index = place.indices[d];
    SmallVector<int64_t> unit(rank, 1);
    unit[d] = shape[d];
    SmallVector<int64_t> current = {shape[d]};
    for (int64_t axis = 0; axis < rank; ++axis) {
      if (axis == d)
        continue;
      current.insert(current.begin() + axis, 1);
      index = ExpandDimsOp::create(b, loc, RankedTensorType::get(current, i64),
                                   index, axis);
    }
    Value scaled = arith::MulIOp::create(b, loc, index,
                                         splat(b, loc, unit, place.strides[d]));
    auto full = RankedTensorType::get(shape, i64);
    if (rank > 1)
      scaled = BroadcastOp::create(b, loc, full, scaled);
    offset = offset ? arith::AddIOp::create(b, loc, offset, scaled) : scaled;
    if (!llvm::is_contained(checked, d))
      continue;
    auto units = RankedTensorType::get(unit, i64);
    Value zero = arith::ConstantOp::create(
        b, loc, units, DenseElementsAttr::get(units, b.getI64IntegerAttr(0)));
    Value above =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, index, zero);
    Value below =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, index,
                              splat(b, loc, unit, place.sizes[d]));
    Value inside = arith::AndIOp::create(b, loc, above, below);
    if (rank > 1)
      inside = BroadcastOp::create(b, loc, boolsOf(shape), inside);
    mask = mask ? arith::AndIOp::create(b, loc, mask, inside) : inside;
  }
  auto ptrsType = RankedTensorType::get(shape, place.base.getType());
  Value ptrs = AddPtrOp::create(b, loc, ptrsType,
                                splat(b, loc, shape, place.base), offset);
  return {ptrs, mask};
}

/// What a masked-off element of a padded load reads.
Value paddingValue(OpBuilder &b, Location loc, RankedTensorType type,
                   PaddingOption padding) {
  Attribute value = b.getZeroAttr(type.getElementType());
  if (padding == PaddingOption::PAD_NAN) {
    auto fl = cast<FloatType>(type.getElementType());
    value = b.getFloatAttr(fl, APFloat::getNaN(fl.getFloatSemantics()));
  }
  return arith::ConstantOp::create(b, loc, type,
                                   DenseElementsAttr::get(type, value));
}

//===----------------------------------------------------------------------===//
// Block pointers: a 1:N conversion.
//===----------------------------------------------------------------------===//

/// The values a block pointer of rank r becomes: base, r sizes, r strides,
/// r offsets.
struct BlockPointerParts {
  Value base;
  ValueRange sizes, strides, offsets;

  explicit BlockPointerParts(ValueRange parts) {
    size_t rank = (parts.size() - 1) / 3;
    base = parts.front();
    sizes = parts.slice(1, rank);
    strides = parts.slice(1 + rank, rank);
    offsets = parts.slice(1 + 2 * rank, rank);
  }

  BlockPlace place(OpBuilder &b, Location loc, ArrayRef<int64_t> shape) const {
    BlockPlace place{
        base, {}, llvm::to_vector(sizes), llvm::to_vector(strides)};
    for (auto [offset, size] : llvm::zip_equal(offsets, shape))
      place.indices.push_back(rangeFrom(b, loc, offset, size));
    return place;
  }
};

/// The access of a block of `type` through the block pointer `ptr` (its
/// converted values), checked along `boundaryCheck`.
BlockAccess accessThrough(OpBuilder &b, Location loc, RankedTensorType type,
                          ValueRange ptr,
                          std::optional<ArrayRef<int32_t>> boundaryCheck) {
  BlockPointerParts parts(ptr);
  return buildAccess(b, loc, type.getShape(),
                     parts.place(b, loc, type.getShape()),
                     boundaryCheck.value_or(ArrayRef<int32_t>()));
}

struct MakeTensorPtrLowering : OpConversionPattern<MakeTensorPtrOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MakeTensorPtrOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> parts = {op.getBase()};
    llvm::append_range(parts, op.getShape());
    llvm::append_range(parts, op.getStrides());
    for (Value offset : op.getOffsets())
      parts.push_back(toI64(rewriter, loc, offset));
    rewriter.replaceOpWithMultiple(op, {parts});
    return success();
  }
};

struct AdvanceLowering : OpConversionPattern<AdvanceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AdvanceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange ptr = adaptor.getPtr();
    BlockPointerParts parts(ptr);
    SmallVector<Value> advanced(ptr.begin(), ptr.end());
    size_t first = ptr.size() - parts.offsets.size();
    for (auto [i, delta] : llvm::enumerate(op.getOffsets()))
      advanced[first + i] = arith::AddIOp::create(
          rewriter, loc, parts.offsets[i], toI64(rewriter, loc, delta));
    rewriter.replaceOpWithMultiple(op, {advanced});
    return success();
  }
};

struct BlockLoadLowering : OpConversionPattern<LoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isBlockPointer(op.getPtr().getType()))
      return failure();
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getType());
    BlockAccess access = accessThrough(rewriter, loc, type, adaptor.getPtr(),
                                       op.getBoundaryCheck());
    Value other;
    if (access.mask && op.getPadding())
      other = paddingValue(rewriter, loc, type, *op.getPadding());
    rewriter.replaceOpWithNewOp<LoadOp>(op, access.ptrs, access.mask, other,
                                        op.getCache(), op.getEvict(),
                                        op.getIsVolatile());
    return success();
  }
};

struct BlockStoreLowering : OpConversionPattern<StoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(StoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isBlockPointer(op.getPtr().getType()))
      return failure();
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getValue().getType());
    BlockAccess access = accessThrough(rewriter, loc, type, adaptor.getPtr(),
                                       op.getBoundaryCheck());
    rewriter.replaceOpWithNewOp<StoreOp>(op, access.ptrs, op.getValue(),
                                         access.mask, op.getCache(),
                                         op.getEvict());
    return success();
  }
};

LogicalResult rewriteBlockPointers(ModuleOp module) {
  // Block pointers stay inside a function: one that crosses a call (a
  // function the inliner kept) has no values to become.
  bool found = false;
  WalkResult crossing = module.walk([&](Operation *op) {
    if (!usesBlockPointer(op))
      return WalkResult::advance();
    found = true;
    if (!isa<CallOpInterface, FunctionOpInterface>(op) &&
        !(op->hasTrait<OpTrait::ReturnLike>() &&
          isa<FunctionOpInterface>(op->getParentOp())))
      return WalkResult::advance();
    op->emitOpError() << "takes or passes a block pointer across a "
                         "function boundary, which "
                         "tile-rewrite-tensor-pointers cannot rewrite "
                         "(inline the function)";
    return WalkResult::interrupt();
  });
  if (crossing.wasInterrupted())
    return failure();
  if (!found)
    return success();
  MLIRContext *context = module.getContext();
  TypeConverter converter;
  converter.addConversion([](Type type) { return type; });
  converter.addConversion(
      [](PointerType ptr,
         SmallVectorImpl<Type> &results) -> std::optional<LogicalResult> {
        auto block = dyn_cast<RankedTensorType>(ptr.getPointeeType());
        if (!block)
          return std::nullopt;
        Builder b(ptr.getContext());
        results.push_back(PointerType::get(block.getElementType()));
        results.append(3 * block.getRank(), b.getI64Type());
        return success();
      });
  ConversionTarget target(*context);
  target.addIllegalOp<MakeTensorPtrOp, AdvanceOp>();
  target.markUnknownOpDynamicallyLegal(
      [](Operation *op) { return !usesBlockPointer(op); });
  RewritePatternSet patterns(context);
  patterns.add<MakeTensorPtrLowering, AdvanceLowering, BlockLoadLowering,
               BlockStoreLowering>(converter, context);
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  return applyPartialConversion(module, target, std::move(patterns));
}

//===----------------------------------------------------------------------===//
// Descriptors made in the kernel: each use rewritten in place.
//===----------------------------------------------------------------------===//

/// The place of the block at `indices` of the tensor `make` describes, with
/// the indices of dimension 0 given by `rows` (a gather's or scatter's)
/// where not null.
BlockPlace descriptorPlace(OpBuilder &b, Location loc, MakeTensorDescOp make,
                           ArrayRef<int64_t> shape, ValueRange indices,
                           Value rows) {
  BlockPlace place{make.getBase(), {}, {}, llvm::to_vector(make.getStrides())};
  for (Value size : make.getShape())
    place.sizes.push_back(toI64(b, loc, size));
  if (rows) {
    auto rowsType = cast<RankedTensorType>(rows.getType());
    place.indices.push_back(
        arith::ExtSIOp::create(b, loc, rowsType.clone(b.getI64Type()), rows));
    place.indices.push_back(rangeFrom(b, loc, indices.front(), shape[1]));
    return place;
  }
  for (auto [index, size] : llvm::zip_equal(indices, shape))
    place.indices.push_back(rangeFrom(b, loc, index, size));
  return place;
}

/// The atomic a reduction through `desc` becomes.
std::optional<RMWOp> atomicOf(DescriptorReduceKind kind, TensorDescType desc) {
  bool isUnsigned = desc.getUnsignedElements();
  switch (kind) {
  case DescriptorReduceKind::ADD:
    return isa<FloatType>(desc.getElementType()) ? RMWOp::FADD : RMWOp::ADD;
  case DescriptorReduceKind::MAX:
    return isUnsigned ? RMWOp::UMAX : RMWOp::MAX;
  case DescriptorReduceKind::MIN:
    return isUnsigned ? RMWOp::UMIN : RMWOp::MIN;
  case DescriptorReduceKind::AND:
    return RMWOp::AND;
  case DescriptorReduceKind::OR:
    return RMWOp::OR;
  case DescriptorReduceKind::XOR:
    return RMWOp::XOR;
  case DescriptorReduceKind::INC:
  case DescriptorReduceKind::DEC:
    return std::nullopt;
  }
  llvm_unreachable("unknown descriptor reduction");
}

/// Rewrites `use`, a descriptor op on the descriptor `make` makes.
LogicalResult rewriteDescriptorUse(Operation *use, MakeTensorDescOp make) {
  OpBuilder b(use);
  Location loc = use->getLoc();
  SmallVector<int32_t> all =
      llvm::to_vector(llvm::seq<int32_t>(0, make.getType().getShape().size()));
  auto access = [&](ArrayRef<int64_t> shape, ValueRange indices,
                    Value rows = {}) {
    return buildAccess(b, loc, shape,
                       descriptorPlace(b, loc, make, shape, indices, rows),
                       all);
  };
  if (auto load = dyn_cast<DescriptorLoadOp>(use)) {
    RankedTensorType type = load.getType();
    BlockAccess a = access(type.getShape(), load.getIndices());
    Value other = paddingValue(b, loc, type, make.getPadding());
    load.replaceAllUsesWith(
        LoadOp::create(b, loc, a.ptrs, a.mask, other).getResult());
  } else if (auto store = dyn_cast<DescriptorStoreOp>(use)) {
    auto type = cast<RankedTensorType>(store.getValue().getType());
    BlockAccess a = access(type.getShape(), store.getIndices());
    StoreOp::create(b, loc, a.ptrs, store.getValue(), a.mask);
  } else if (auto reduce = dyn_cast<DescriptorReduceOp>(use)) {
    auto type = cast<RankedTensorType>(reduce.getSrc().getType());
    std::optional<RMWOp> kind =
        atomicOf(reduce.getKind(), reduce.getDesc().getType());
    if (!kind)
      return reduce.emitOpError()
             << "'" << stringifyDescriptorReduceKind(reduce.getKind())
             << "' on a descriptor made in the kernel has no atomic form "
                "(it is a TMA reduction only)";
    BlockAccess a = access(type.getShape(), reduce.getIndices());
    AtomicRMWOp::create(b, loc, type, *kind, a.ptrs, reduce.getSrc(), a.mask,
                        MemSemantic::RELAXED, MemSyncScope::GPU);
  } else if (auto gather = dyn_cast<DescriptorGatherOp>(use)) {
    RankedTensorType type = gather.getType();
    BlockAccess a =
        access(type.getShape(), gather.getYOffset(), gather.getXOffsets());
    Value other = paddingValue(b, loc, type, make.getPadding());
    gather.replaceAllUsesWith(
        LoadOp::create(b, loc, a.ptrs, a.mask, other).getResult());
  } else if (auto scatter = dyn_cast<DescriptorScatterOp>(use)) {
    auto type = cast<RankedTensorType>(scatter.getSrc().getType());
    BlockAccess a =
        access(type.getShape(), scatter.getYOffset(), scatter.getXOffsets());
    StoreOp::create(b, loc, a.ptrs, scatter.getSrc(), a.mask);
  } else {
    return use->emitOpError()
           << "uses a descriptor made in the kernel, which reaches only "
              "descriptor loads, stores, reductions, gathers and scatters "
              "(not through a loop's or a branch's values)";
  }
  use->erase();
  return success();
}

LogicalResult rewriteKernelDescriptors(ModuleOp module, bool tensorMaps) {
  SmallVector<MakeTensorDescOp> makes;
  module.walk([&](MakeTensorDescOp make) {
    if (!tensorMaps || !tilegpu::canMakeTensorMap(make))
      makes.push_back(make);
  });
  for (MakeTensorDescOp make : makes) {
    for (Operation *use : llvm::make_early_inc_range(make->getUsers()))
      if (failed(rewriteDescriptorUse(use, make)))
        return failure();
    make.erase();
  }
  return success();
}

struct RewriteTensorPointers
    : public tile::impl::RewriteTensorPointersBase<RewriteTensorPointers> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(rewriteKernelDescriptors(module, tensorMaps)) ||
        failed(rewriteBlockPointers(module)))
      signalPassFailure();
  }
};

} // namespace
