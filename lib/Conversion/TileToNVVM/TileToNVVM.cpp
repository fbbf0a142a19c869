//===- TileToNVVM.cpp - the distributed level to per-thread code ----------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The pass: checks that everything in the module can be lowered (located
// errors otherwise), picks vector widths from the alignment analysis, moves
// kernels into a gpu.module, and runs a dialect conversion in which every
// tensor becomes the scalars the current thread holds (a 1:N conversion).
// This file also holds the patterns for functions, element-wise ops, and
// ops that only rename registers.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/Passes.h"

#include "Lowering.h"
#include "tile/Analysis/Alignment.h"
#include "tile/Analysis/Allocation.h"

#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"

#include <cmath>
#include <numeric>

namespace mlir::tile {
#define GEN_PASS_DEF_CONVERTTILETONVVM
#include "tile/Conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

bool mlir::tile::allowsApproximation(Operation *op) {
  auto fastMath = dyn_cast<arith::ArithFastMathInterface>(op);
  return fastMath &&
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

Distribution mlir::tile::getDistribution(Type type) {
  return *Distribution::get(cast<RankedTensorType>(type));
}

//===----------------------------------------------------------------------===//
// Compute patterns
//===----------------------------------------------------------------------===//

namespace {

/// tile.func (a kernel) -> gpu.func kernel.
struct FuncLowering : public TilePattern<FuncOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(FuncOp fn, OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *getTypeConverter();
    TypeConverter::SignatureConversion signature(fn.getNumArguments());
    for (auto [i, type] : llvm::enumerate(fn.getArgumentTypes()))
      if (failed(converter.convertSignatureArg(i, type, signature)))
        return rewriter.notifyMatchFailure(fn, "argument type");
    auto gpuFn = gpu::GPUFuncOp::create(
        rewriter, fn.getLoc(), fn.getName(),
        rewriter.getFunctionType(signature.getConvertedTypes(), {}));
    gpuFn->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                   rewriter.getUnitAttr());
    // A split kernel's producer thread has a warp of its own.
    unsigned warps = state.numWarps + (hasProducer(fn) ? 1 : 0);
    gpuFn.setKnownBlockSizeAttr(rewriter.getDenseI32ArrayAttr(
        {int32_t(warps * state.threadsPerWarp), 1, 1}));
    if (state.minBlocksPerSM)
      gpuFn->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                     rewriter.getI32IntegerAttr(state.minBlocksPerSM));
    // A compile-time cluster shape (.reqnctapercluster): plain launches
    // then run in clusters.
    if (state.clusterSize > 1)
      gpuFn->setAttr(
          NVVM::NVVMDialect::getClusterDimAttrName(),
          rewriter.getDenseI32ArrayAttr({int32_t(state.clusterSize), 1, 1}));
    if (Attribute shared =
            fn->getAttr(TileGPUDialect::getSharedMemoryAttrName()))
      gpuFn->setAttr(TileGPUDialect::getSharedMemoryAttrName(), shared);
    // Tensor descriptors are CUtensorMaps passed by value, which
    // tile-tensor-map-params marks once the kernel is an llvm.func (the
    // gpu.func lowering drops byval parameter attributes).
    SmallVector<Attribute> tensorMaps;
    SmallVector<unsigned> descriptors;
    for (auto [i, type] : llvm::enumerate(fn.getArgumentTypes())) {
      if (!isa<TensorDescType>(type))
        continue;
      descriptors.push_back(i);
      SmallVector<NamedAttribute, 4> entry = {
          rewriter.getNamedAttr("index", rewriter.getI32IntegerAttr(i)),
          rewriter.getNamedAttr("type", TypeAttr::get(type))};
      // The chunks tile-plan-lowering found stored through it.
      if (auto box = fn.getArgAttrOfType<DictionaryAttr>(
              i, TileNVGPUDialect::getTensorMapBoxAttrName()))
        llvm::append_range(entry, box.getValue());
      tensorMaps.push_back(rewriter.getDictionaryAttr(entry));
    }
    if (!tensorMaps.empty())
      gpuFn->setAttr(TileNVGPUDialect::getTensorMapArgsAttrName(),
                     rewriter.getArrayAttr(tensorMaps));
    // Replace the entry block gpu.func made with the kernel's body.
    Block *made = &gpuFn.getBody().front();
    rewriter.inlineRegionBefore(fn.getBody(), gpuFn.getBody(),
                                gpuFn.getBody().end());
    rewriter.eraseBlock(made);
    Block *entry = rewriter.applySignatureConversion(&gpuFn.getBody().front(),
                                                     signature, &converter);
    // Thread 0 brings each tensor map into the SM's descriptor cache first
    // thing, as CUTLASS's TMA kernels do: the CTA's first copies would
    // otherwise wait for it to be fetched.
    if (!descriptors.empty()) {
      rewriter.setInsertionPointToStart(entry);
      Location loc = fn.getLoc();
      Value first = isFirstThread(
          rewriter, loc, emitThreadIds(rewriter, loc, state.threadsPerWarp));
      for (unsigned i : descriptors)
        NVVM::PrefetchOp::create(
            rewriter, loc, /*cacheLevel=*/nullptr, /*evictPriority=*/nullptr,
            entry->getArgument(i), first,
            /*tensormap=*/rewriter.getUnitAttr(),
            /*uniform=*/nullptr, /*in_param_space=*/nullptr);
    }
    rewriter.eraseOp(fn);
    return success();
  }
};

struct ReturnLowering : public TilePattern<ReturnOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ReturnOp op, OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<gpu::ReturnOp>(op);
    return success();
  }
};

gpu::Dimension toGpuDimension(ProgramIDDim axis) {
  switch (axis) {
  case ProgramIDDim::X:
    return gpu::Dimension::x;
  case ProgramIDDim::Y:
    return gpu::Dimension::y;
  case ProgramIDDim::Z:
    return gpu::Dimension::z;
  }
  return gpu::Dimension::x;
}

/// Program ids are block ids; the number of programs is the grid size.
template <typename OpTy, typename GpuOpTy>
struct ProgramLowering : public TilePattern<OpTy> {
  using TilePattern<OpTy>::TilePattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename TilePattern<OpTy>::OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value id =
        GpuOpTy::create(rewriter, op.getLoc(), toGpuDimension(op.getAxis()));
    rewriter.replaceOpWithNewOp<arith::IndexCastUIOp>(op, rewriter.getI32Type(),
                                                      id);
    return success();
  }
};

struct MakeRangeLowering : public TilePattern<MakeRangeOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(MakeRangeOp op, OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Distribution dist = getDistribution(op.getType());
    ThreadIds ids = emitThreadIds(rewriter, loc, state.threadsPerWarp);
    Value start = createI32(rewriter, loc, op.getStartAttr().getInt());
    SmallVector<Value> values;
    for (unsigned e = 0; e < dist.getNumElements(); ++e)
      values.push_back(arith::AddIOp::create(
          rewriter, loc, dist.emitCoordinates(rewriter, loc, ids, e)[0],
          start));
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

struct SplatLowering : public TilePattern<SplatOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(SplatOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    unsigned n = getDistribution(op.getType()).getNumElements();
    rewriter.replaceOpWithMultiple(
        op, {SmallVector<Value>(n, adaptor.getSrc().front())});
    return success();
  }
};

/// A tensor constant: only splats (one value on every thread).
struct ConstantLowering : public TilePattern<arith::ConstantOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!type || !dense || !dense.isSplat())
      return failure();
    auto scalar = cast<TypedAttr>(dense.getSplatValue<Attribute>());
    Value value = arith::ConstantOp::create(rewriter, op.getLoc(), scalar);
    unsigned n = getDistribution(type).getNumElements();
    rewriter.replaceOpWithMultiple(op, {SmallVector<Value>(n, value)});
    return success();
  }
};

/// The scalar form of one element of a tile element-wise op.
Value lowerTileScalar(OpBuilder &b, Operation *op, ArrayRef<Value> operands,
                      Type type) {
  Location loc = op->getLoc();
  if (auto addptr = dyn_cast<AddPtrOp>(op)) {
    auto ptr =
        cast<PointerType>(getElementTypeOrSelf(addptr.getPtr().getType()));
    Type pointee = ptr.getPointeeType();
    if (isa<PointerType>(pointee))
      pointee = LLVM::LLVMPointerType::get(
          b.getContext(), cast<PointerType>(pointee).getAddressSpace());
    return LLVM::GEPOp::create(b, loc, type, pointee, operands[0],
                               ValueRange{operands[1]});
  }
  if (isa<IntToPtrOp>(op))
    return LLVM::IntToPtrOp::create(b, loc, type, operands[0]);
  if (isa<PtrToIntOp>(op))
    return LLVM::PtrToIntOp::create(b, loc, type, operands[0]);
  if (isa<BitcastOp>(op)) {
    if (isa<LLVM::LLVMPointerType>(type))
      return operands[0]; // opaque pointers: the same value
    return arith::BitcastOp::create(b, loc, type, operands[0]);
  }
  if (isa<FpToFpOp>(op)) {
    unsigned from = operands[0].getType().getIntOrFloatBitWidth();
    if (type.getIntOrFloatBitWidth() > from)
      return arith::ExtFOp::create(b, loc, type, operands[0]);
    return arith::TruncFOp::create(b, loc, type, operands[0]);
  }
  if (auto clamp = dyn_cast<ClampFOp>(op)) {
    if (clamp.getPropagateNan() == PropagateNan::ALL) {
      Value low = arith::MaximumFOp::create(b, loc, operands[0], operands[1]);
      return arith::MinimumFOp::create(b, loc, low, operands[2]);
    }
    Value low = arith::MaxNumFOp::create(b, loc, operands[0], operands[1]);
    return arith::MinNumFOp::create(b, loc, low, operands[2]);
  }
  if (isa<PreciseSqrtOp>(op))
    return math::SqrtOp::create(b, loc, operands[0]); // sqrt.rn
  if (isa<PreciseDivFOp>(op))
    return arith::DivFOp::create(b, loc, operands[0], operands[1]); // div.rn
  if (isa<MulhiUIOp>(op))
    return arith::MulUIExtendedOp::create(b, loc, operands[0], operands[1])
        .getHigh();
  return {};
}

/// Element-wise ops on tensors (arith, math, and tile's own): one scalar op
/// per element the thread holds. Scalar tile element-wise ops lower the
/// same way with one element.
struct ElementwiseLowering : public ConversionPattern {
  ElementwiseLowering(const TypeConverter &converter, MLIRContext *context,
                      const LoweringState &state)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context),
        state(state) {}

  /// The element that starts `e`'s run of `run` equal values along the
  /// fastest dimension (`e` itself when runs are not known): its index
  /// tuple, and its coordinates, are `e`'s less `e`'s offset in the run.
  static unsigned getRunStart(const Distribution &dist, unsigned e,
                              unsigned run) {
    if (run <= 1)
      return e;
    unsigned d = dist.getFastestDim();
    SmallVector<int64_t> tuple(dist.getTuple(e));
    int64_t offset = tuple[d] % run;
    if (offset == 0)
      return e;
    tuple[d] -= offset;
    // The fastest dimension's elements come first in a thread's order.
    int64_t start = e - offset;
    if (dist.getTuple(start) != ArrayRef<int64_t>(tuple))
      start = dist.findElement(tuple);
    if (start < 0)
      return e;
    std::optional<SmallVector<int64_t>> here =
        dist.getFirstThreadCoordinates(e);
    std::optional<SmallVector<int64_t>> there =
        dist.getFirstThreadCoordinates(start);
    if (!here || !there)
      return e;
    for (unsigned i = 0; i < here->size(); ++i)
      if ((*here)[i] - (*there)[i] != (i == d ? offset : 0))
        return e;
    return start;
  }

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1)
      return failure();
    Type resultType = op->getResult(0).getType();
    bool isTile = isa<TileDialect>(op->getDialect());
    auto tensor = dyn_cast<RankedTensorType>(resultType);
    if (!tensor && !isTile)
      return failure();
    SmallVector<Type> scalarTypes;
    if (failed(getTypeConverter()->convertType(resultType, scalarTypes)))
      return failure();
    SmallVector<Value> results;
    std::optional<Distribution> dist;
    unsigned run = getUniformRun(op);
    if (tensor && run > 1)
      dist = getDistribution(tensor);
    for (unsigned e = 0; e < scalarTypes.size(); ++e) {
      if (dist) {
        unsigned start = getRunStart(*dist, e, run);
        if (start < e) {
          results.push_back(results[start]);
          continue;
        }
      }
      SmallVector<Value> scalars;
      for (ValueRange range : operands)
        scalars.push_back(range.size() == 1 ? range.front() : range[e]);
      if (isTile) {
        Value v = lowerTileScalar(rewriter, op, scalars, scalarTypes[e]);
        if (!v)
          return failure();
        results.push_back(v);
        continue;
      }
      OperationState opState(op->getLoc(), op->getName());
      opState.addOperands(scalars);
      opState.addTypes(scalarTypes[e]);
      opState.addAttributes(op->getAttrs());
      results.push_back(rewriter.create(opState)->getResult(0));
    }
    rewriter.replaceOpWithMultiple(op, {results});
    return success();
  }

  const LoweringState &state;
};

/// The LLVM or NVVM intrinsic a scalar float op lowers to directly, instead
/// of through the upstream lowering (libdevice calls, LLVM's choices), or
/// an empty name:
/// - f32 division and exponential allowing approximation (`fastmath<afn>`),
///   as Triton's `/` and `exp`: div.full.f32, 2 ulp over the full range
///   (LLVM would pick div.approx.f32, which flushes quotients of large
///   divisors to zero), and ex2.approx.f32 of x * log2(e), whose relative
///   error grows with |x| (libdevice's __nv_expf, the exact path, is ~4x
///   the instructions);
/// - f32 square roots allowing approximation, as Triton's `sqrt`:
///   sqrt.approx.f32;
/// - other f32 and f64 square roots: llvm.sqrt, correctly rounded
///   (sqrt.rn); libdevice's __nv_sqrtf is sqrt.approx unless the module asks
///   for precise roots, and linking libdevice costs ~2.5 ms a compile.
StringRef getDirectIntrinsic(Operation *op) {
  if (isa<arith::DivFOp>(op) && op->getResult(0).getType().isF32() &&
      allowsApproximation(op))
    return "llvm.nvvm.div.full";
  if (isa<math::ExpOp>(op) && op->getResult(0).getType().isF32() &&
      allowsApproximation(op))
    return "llvm.nvvm.ex2.approx.f32";
  if (auto sqrt = dyn_cast<math::SqrtOp>(op)) {
    if (sqrt.getType().isF32())
      return allowsApproximation(op) ? "llvm.nvvm.sqrt.approx.f"
                                     : "llvm.sqrt.f32";
    if (sqrt.getType().isF64())
      return "llvm.sqrt.f64";
  }
  return "";
}

/// Scalar ops with a direct intrinsic (getDirectIntrinsic). Tensors are
/// first split into scalars by ElementwiseLowering, so the adaptor holds one
/// value per operand.
template <typename OpTy>
struct DirectIntrinsicLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OneToNOpAdaptor = typename OpConversionPattern<OpTy>::OneToNOpAdaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef intrinsic = getDirectIntrinsic(op);
    if (intrinsic.empty())
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> operands;
    for (ValueRange operand : adaptor.getOperands())
      operands.push_back(operand.front());
    if (isa<math::ExpOp>(op))
      operands[0] = arith::MulFOp::create(
          rewriter, loc, operands[0],
          arith::ConstantOp::create(rewriter, loc,
                                    rewriter.getF32FloatAttr(M_LOG2E)));
    rewriter.replaceOp(op, LLVM::CallIntrinsicOp::create(
                               rewriter, loc, op.getType(),
                               rewriter.getStringAttr(intrinsic), operands)
                               .getResult(0));
    return success();
  }
};

/// Maps each result element to an operand element by index tuple: ops that
/// keep every element on the thread that held it.
template <typename OpTy> struct RenameLowering : public TilePattern<OpTy> {
  using TilePattern<OpTy>::TilePattern;
  using Adaptor = typename TilePattern<OpTy>::OneToNOpAdaptor;

  /// Operand index and operand tuple of the result tuple `t`.
  virtual std::pair<unsigned, SmallVector<int64_t>>
  mapTuple(OpTy op, unsigned result, ArrayRef<int64_t> t,
           ArrayRef<Distribution> operands) const = 0;
  /// Only where every element stays on its thread (movesDataBetweenThreads
  /// is false for the ops that never move any).
  virtual bool applies(OpTy op) const { return !movesDataBetweenThreads(op); }

  LogicalResult
  matchAndRewrite(OpTy op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!applies(op))
      return failure();
    SmallVector<Distribution, 2> operandDists;
    for (Value operand : op->getOperands())
      operandDists.push_back(getDistribution(operand.getType()));
    SmallVector<SmallVector<Value>> results;
    for (OpResult result : op->getResults()) {
      Distribution dist = getDistribution(result.getType());
      SmallVector<Value> values;
      for (unsigned e = 0; e < dist.getNumElements(); ++e) {
        auto [operand, tuple] = mapTuple(op, result.getResultNumber(),
                                         dist.getTuple(e), operandDists);
        int64_t index = operandDists[operand].findElement(tuple);
        if (index < 0)
          return rewriter.notifyMatchFailure(op, "element not on this thread");
        values.push_back(adaptor.getOperands()[operand][index]);
      }
      results.push_back(values);
    }
    SmallVector<ValueRange> ranges(results.begin(), results.end());
    rewriter.replaceOpWithMultiple(op, ranges);
    return success();
  }
};

struct BroadcastLowering : public RenameLowering<BroadcastOp> {
  using RenameLowering::RenameLowering;
  std::pair<unsigned, SmallVector<int64_t>>
  mapTuple(BroadcastOp, unsigned, ArrayRef<int64_t> t,
           ArrayRef<Distribution> operands) const override {
    // Per dimension the operand holds `count` index values; a broadcast
    // dimension (size 1) maps every index to one of them.
    SmallVector<int64_t> count(t.size(), 0);
    for (unsigned e = 0; e < operands[0].getNumElements(); ++e)
      for (auto [d, i] : llvm::enumerate(operands[0].getTuple(e)))
        count[d] = std::max(count[d], i + 1);
    SmallVector<int64_t> src;
    for (auto [d, i] : llvm::enumerate(t))
      src.push_back(i % count[d]);
    return {0, src};
  }
};

struct ExpandDimsLowering : public RenameLowering<ExpandDimsOp> {
  using RenameLowering::RenameLowering;
  std::pair<unsigned, SmallVector<int64_t>>
  mapTuple(ExpandDimsOp op, unsigned, ArrayRef<int64_t> t,
           ArrayRef<Distribution>) const override {
    SmallVector<int64_t> src(t);
    src.erase(src.begin() + op.getAxis());
    return {0, src};
  }
};

/// A conversion between layouts with the same distribution
/// (isSameDistribution): every thread keeps its registers.
struct ConvertLayoutRenameLowering : public RenameLowering<ConvertLayoutOp> {
  using RenameLowering::RenameLowering;
  std::pair<unsigned, SmallVector<int64_t>>
  mapTuple(ConvertLayoutOp, unsigned, ArrayRef<int64_t> t,
           ArrayRef<Distribution>) const override {
    return {0, SmallVector<int64_t>(t)};
  }
};

struct TransLowering : public RenameLowering<TransOp> {
  using RenameLowering::RenameLowering;
  std::pair<unsigned, SmallVector<int64_t>>
  mapTuple(TransOp op, unsigned, ArrayRef<int64_t> t,
           ArrayRef<Distribution>) const override {
    SmallVector<int64_t> src(t.size());
    for (auto [i, d] : llvm::enumerate(op.getOrder()))
      src[d] = t[i];
    return {0, src};
  }
};

struct JoinLowering : public RenameLowering<JoinOp> {
  using RenameLowering::RenameLowering;
  std::pair<unsigned, SmallVector<int64_t>>
  mapTuple(JoinOp, unsigned, ArrayRef<int64_t> t,
           ArrayRef<Distribution>) const override {
    return {static_cast<unsigned>(t.back()),
            SmallVector<int64_t>(t.drop_back())};
  }
};

struct SplitLowering : public RenameLowering<SplitOp> {
  using RenameLowering::RenameLowering;
  std::pair<unsigned, SmallVector<int64_t>>
  mapTuple(SplitOp, unsigned result, ArrayRef<int64_t> t,
           ArrayRef<Distribution>) const override {
    SmallVector<int64_t> src(t);
    src.push_back(result);
    return {0, src};
  }
};

/// A reshape whose split dimensions every thread holds entirely
/// (getReshapedLayout): the split dimensions' indices linearized.
struct ReshapeLowering : public RenameLowering<ReshapeOp> {
  using RenameLowering::RenameLowering;
  bool applies(ReshapeOp op) const override {
    return RenameLowering::applies(op) &&
           getReshapeSplit(op.getSrc().getType().getShape(),
                           op.getType().getShape());
  }
  std::pair<unsigned, SmallVector<int64_t>>
  mapTuple(ReshapeOp op, unsigned, ArrayRef<int64_t> t,
           ArrayRef<Distribution>) const override {
    ArrayRef<int64_t> shape = op.getType().getShape();
    auto [dim, count] =
        *getReshapeSplit(op.getSrc().getType().getShape(), shape);
    SmallVector<int64_t> src(t.take_front(dim));
    int64_t index = 0;
    for (unsigned i = 0; i < count; ++i)
      index = index * shape[dim + i] + t[dim + i];
    src.push_back(index);
    llvm::append_range(src, t.drop_front(dim + count));
    return {0, src};
  }
};

/// tile.dot through FMA: each thread holds whole rows of A and columns of B
/// (dot-operand layouts of a blocked accumulator) for its accumulators.
struct DotLowering : public TilePattern<DotOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(DotOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Distribution a = getDistribution(op.getA().getType());
    Distribution b = getDistribution(op.getB().getType());
    Distribution c = getDistribution(op.getC().getType());
    if (isa<MmaLayoutAttr>(op.getC().getType().getEncoding()))
      return lowerMmaSync(op, adaptor, rewriter, a, b, c);
    int64_t k = op.getA().getType().getDimSize(1);
    Type accType = op.getC().getType().getElementType();
    bool isFloat = isa<FloatType>(accType);
    auto widen = [&](Value v) -> Value {
      if (v.getType() == accType)
        return v;
      if (isFloat)
        return arith::ExtFOp::create(rewriter, loc, accType, v);
      return arith::ExtSIOp::create(rewriter, loc, accType, v);
    };
    SmallVector<Value> results;
    for (unsigned e = 0; e < c.getNumElements(); ++e) {
      ArrayRef<int64_t> t = c.getTuple(e);
      Value acc = adaptor.getC()[e];
      for (int64_t i = 0; i < k; ++i) {
        int64_t ia = a.findElement({t[0], i}), ib = b.findElement({i, t[1]});
        if (ia < 0 || ib < 0)
          return rewriter.notifyMatchFailure(op, "operand element missing");
        Value x = widen(adaptor.getA()[ia]), y = widen(adaptor.getB()[ib]);
        if (isFloat)
          acc = math::FmaOp::create(rewriter, loc, x, y, acc);
        else
          acc = arith::AddIOp::create(
              rewriter, loc, acc, arith::MulIOp::create(rewriter, loc, x, y));
      }
      results.push_back(acc);
    }
    rewriter.replaceOpWithMultiple(op, {results});
    return success();
  }

  /// mma.sync (m16n8k16 for f16/bf16 operands, m16n8k8 for tf32, f32
  /// accumulators; m16n8k32 for i8, i32 accumulators): per 16x8 accumulator
  /// tile of this thread and K step, A's four and B's two 32-bit registers
  /// (Distribution's mma operand layouts: kWidth elements each, f32 ones
  /// rounded to tf32) and the four accumulators go to one instruction.
  /// tf32x3 splits each f32 into a tf32 and the tf32 of its remainder and
  /// adds the small products first: big*small + small*big + big*big.
  LogicalResult lowerMmaSync(DotOp op, OneToNOpAdaptor adaptor,
                             ConversionPatternRewriter &rewriter,
                             const Distribution &a, const Distribution &b,
                             const Distribution &c) const {
    Location loc = op.getLoc();
    InputPrecision precision = op.getInputPrecision();
    StringRef why = whyNotMmaSync(op.getA().getType(), op.getB().getType(),
                                  op.getC().getType(), precision);
    if (!why.empty())
      return rewriter.notifyMatchFailure(op, why);
    Type elementA = op.getA().getType().getElementType();
    int64_t k = op.getA().getType().getDimSize(1);
    int64_t kWidth = getMmaKWidth(elementA), kStep = getMmaKStep(elementA);
    NVVM::MMATypes ptxType = elementA.isF16()    ? NVVM::MMATypes::f16
                             : elementA.isBF16() ? NVVM::MMATypes::bf16
                             : elementA.isF32()  ? NVVM::MMATypes::tf32
                                                 : NVVM::MMATypes::s8;
    bool split = precision == InputPrecision::TF32x3 && elementA.isF32();
    Type f32 = rewriter.getF32Type(), i32 = rewriter.getI32Type();
    Type accType = op.getC().getType().getElementType();
    auto resultType = LLVM::LLVMStructType::getLiteral(
        rewriter.getContext(), SmallVector<Type>(4, accType));
    std::optional<NVVM::MMAIntOverflow> overflow;
    if (ptxType == NVVM::MMATypes::s8)
      overflow = NVVM::MMAIntOverflow::wrapped;
    auto toTF32 = [&](Value v) -> Value {
      return NVVM::ConvertFloatToTF32Op::create(rewriter, loc, i32, v,
                                                NVVM::FPRoundingMode::RNA);
    };
    // The register holding elements `first` .. `first` + kWidth - 1 along
    // K (`kDim`); `small`: the tf32 of the remainders (tf32x3). Each is
    // built once, by its first element: A's serve every tile of a row, B's
    // every tile of a column.
    DenseMap<std::pair<Value, unsigned>, Value> registers;
    auto reg = [&](ValueRange values, const Distribution &d,
                   SmallVector<int64_t> first, unsigned kDim,
                   bool small) -> FailureOr<Value> {
      SmallVector<Value> elements;
      for (int64_t j = 0; j < kWidth; ++j, ++first[kDim]) {
        int64_t index = d.findElement(first);
        if (index < 0)
          return failure();
        elements.push_back(values[index]);
      }
      if (Value known = registers.lookup({elements[0], unsigned(small)}))
        return known;
      Value v;
      if (ptxType == NVVM::MMATypes::tf32) {
        Value big = registers.lookup({elements[0], 0u});
        if (!big)
          big = registers[{elements[0], 0u}] = toTF32(elements[0]);
        if (!small)
          return big;
        v = toTF32(arith::SubFOp::create(
            rewriter, loc, elements[0],
            LLVM::BitcastOp::create(rewriter, loc, f32, big)));
      } else {
        v = packVector(rewriter, loc, elements);
        // The bf16 and s8 forms of the instruction take 32-bit words.
        if (ptxType == NVVM::MMATypes::bf16 || ptxType == NVVM::MMATypes::s8)
          v = LLVM::BitcastOp::create(rewriter, loc, i32, v);
      }
      return registers[{elements[0], unsigned(small)}] = v;
    };
    SmallVector<Value> results(adaptor.getC().begin(), adaptor.getC().end());
    // The 16x8 tiles this thread holds: (row tile, column tile) of element 0
    // of each group of four accumulators.
    for (unsigned e = 0; e < c.getNumElements(); ++e) {
      ArrayRef<int64_t> t = c.getTuple(e);
      if (t[0] % 2 || t[1] % 2)
        continue;
      int64_t m = t[0] / 2, n = t[1] / 2;
      SmallVector<int64_t> accIndex;
      for (auto [dm, dn] : {std::pair(0, 0), {0, 1}, {1, 0}, {1, 1}}) {
        int64_t index = c.findElement({2 * m + dm, 2 * n + dn});
        if (index < 0)
          return rewriter.notifyMatchFailure(op, "accumulator missing");
        accIndex.push_back(index);
      }
      for (int64_t step = 0; step < k / kStep; ++step) {
        // Operand registers: big parts, then (tf32x3) remainders.
        auto operands = [&](bool small, SmallVector<Value> &operandA,
                            SmallVector<Value> &operandB) -> LogicalResult {
          for (auto [row, kHalf] : {std::pair(0, 0), {1, 0}, {0, 1}, {1, 1}}) {
            int64_t kk = kWidth * (2 * step + kHalf);
            FailureOr<Value> v =
                reg(adaptor.getA(), a, {2 * m + row, kk}, 1, small);
            if (failed(v))
              return failure();
            operandA.push_back(*v);
          }
          for (int64_t kHalf = 0; kHalf < 2; ++kHalf) {
            FailureOr<Value> v = reg(
                adaptor.getB(), b, {kWidth * (2 * step + kHalf), n}, 0, small);
            if (failed(v))
              return failure();
            operandB.push_back(*v);
          }
          return success();
        };
        SmallVector<Value> bigA, bigB, smallA, smallB;
        if (failed(operands(false, bigA, bigB)) ||
            (split && failed(operands(true, smallA, smallB))))
          return rewriter.notifyMatchFailure(op, "operand element missing");
        auto mma = [&](ValueRange x, ValueRange y) {
          SmallVector<Value> acc;
          for (int64_t index : accIndex)
            acc.push_back(results[index]);
          Value product = NVVM::MmaOp::create(
              rewriter, loc, resultType, x, y, acc, {16, 8, int(kStep)},
              std::nullopt, overflow,
              std::array<NVVM::MMATypes, 2>{ptxType, ptxType},
              std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                             NVVM::MMALayout::col});
          for (auto [i, index] : llvm::enumerate(accIndex))
            results[index] =
                LLVM::ExtractValueOp::create(rewriter, loc, product, i);
        };
        if (split) {
          mma(bigA, smallB);
          mma(smallA, bigB);
        }
        mma(bigA, bigB);
      }
    }
    rewriter.replaceOpWithMultiple(op, {results});
    return success();
  }
};

} // namespace

void mlir::tile::populateComputePatterns(const TypeConverter &converter,
                                         RewritePatternSet &patterns,
                                         const LoweringState &state) {
  MLIRContext *context = patterns.getContext();
  patterns
      .add<FuncLowering, ReturnLowering,
           ProgramLowering<GetProgramIdOp, gpu::BlockIdOp>,
           ProgramLowering<GetNumProgramsOp, gpu::GridDimOp>, MakeRangeLowering,
           SplatLowering, ConstantLowering, BroadcastLowering,
           ExpandDimsLowering, TransLowering, ConvertLayoutRenameLowering,
           JoinLowering, SplitLowering, ReshapeLowering, DotLowering>(
          converter, context, state);
  patterns.add<ElementwiseLowering>(converter, context, state);
  patterns.add<DirectIntrinsicLowering<arith::DivFOp>,
               DirectIntrinsicLowering<math::ExpOp>,
               DirectIntrinsicLowering<math::SqrtOp>>(converter, context);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {

/// Why values of scalar type `type` (a tensor's elements, a pointer's
/// pointee, a scalar) cannot be lowered, or an empty string.
/// Pointers to 8-bit floats are fine (their arithmetic is by bytes); loading
/// or computing with the floats is not.
std::string checkScalarType(Type type) {
  Type pointee = type;
  if (auto ptr = dyn_cast<PointerType>(type))
    pointee = ptr.getPointeeType();
  if (auto integer = dyn_cast<IntegerType>(pointee);
      integer && (integer.getWidth() == 0 || integer.getWidth() > 64))
    return "uses " + std::to_string(integer.getWidth()) +
           "-bit integers; convert-tile-to-nvvm lowers 1 to 64 bits";
  if (isa<FloatType>(type) && type.getIntOrFloatBitWidth() == 8)
    return "uses 8-bit floats, which convert-tile-to-nvvm does not lower yet";
  return "";
}

/// Why an op cannot be lowered, or an empty string.
std::string checkLowerable(Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  if (auto fn = dyn_cast<FuncOp>(op)) {
    llvm::append_range(types, fn.getArgumentTypes());
    llvm::append_range(types, fn.getResultTypes());
  }
  for (Type type : types) {
    std::string scalar = checkScalarType(getElementTypeOrSelf(type));
    if (!scalar.empty())
      return scalar;
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      continue;
    if (!tensor.getEncoding())
      return "has a tensor without a layout: run tile-assign-layouts first";
    if (failed(Distribution::get(tensor))) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "uses layout " << tensor.getEncoding()
         << ", which convert-tile-to-nvvm does not lower yet";
      return text;
    }
  }
  if (auto width = op->getAttrOfType<IntegerAttr>(
          TileGPUDialect::getVectorWidthAttrName());
      width && isa<LoadOp, StoreOp, AsyncCopyGlobalToLocalOp>(op)) {
    // The elements of one access: a run of the thread's consecutive ones
    // along the fastest dimension, 16 bytes at most.
    auto ptrs = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    int64_t w = width.getInt();
    bool fits = !ptrs && w == 1;
    if (ptrs && w > 0 && llvm::isPowerOf2_64(w)) {
      Distribution dist = getDistribution(ptrs);
      int64_t bytes = getElementBytes(
          cast<PointerType>(ptrs.getElementType()).getPointeeType());
      fits = w * bytes <= 16 && dist.hasRuns(dist.getFastestDim(), w);
    }
    if (!fits)
      return ("has tilegpu.vector_width " + Twine(w) +
              ", which is not a power-of-two run of a thread's consecutive "
              "elements of at most 16 bytes")
          .str();
  }
  if (isa<CallOp>(op))
    return "calls must be inlined before convert-tile-to-nvvm";
  if (isa<DescriptorLoadOp, DescriptorStoreOp>(op))
    return "must become TMA copies first: run tile-lower-descriptors";
  if (auto dot = dyn_cast<DotOp>(op);
      dot && isa<MmaLayoutAttr>(dot.getC().getType().getEncoding()))
    if (StringRef why =
            whyNotMmaSync(dot.getA().getType(), dot.getB().getType(),
                          dot.getC().getType(), dot.getInputPrecision());
        !why.empty())
      return why.str();
  if (auto scan = dyn_cast<ScanOp>(op)) {
    // The scan visits a thread's repetitions after all warps' lanes: in
    // coordinate order only where no warp boundary falls between them.
    Distribution dist = getDistribution(scan.getSrcs()[0].getType());
    unsigned axis = scan.getAxis();
    if (dist.getRepeats(axis) > 1 && dist.getDistinctWarps(axis) > 1)
      return "scans along a dimension whose warps interleave a thread's "
             "repetitions (mma layouts); convert to a blocked layout first";
  }
  if (auto cast = dyn_cast<FpToFpOp>(op))
    if (cast.getRounding() == RoundingMode::RTZ)
      return "rounding = rtz is not lowered yet";
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    if (isa<RankedTensorType>(constant.getType()) &&
        (!dense || !dense.isSplat()))
      return "only splat tensor constants are lowered";
  }
  if ((isa<LocalAllocOp>(op) || getScratchSizeInBytes(op) > 0) &&
      !op->hasAttr(TileGPUDialect::getOffsetAttrName()))
    return "has no shared-memory offset: run tile-allocate-shared-memory first";
  return "";
}

/// Checks that each warpgroup_tma_store copies through a kernel parameter
/// whose planned tensor map (tilenv.tensormap_box) has the store's box and
/// swizzle: the kernel information gives the host that box.
LogicalResult checkTensorMapBoxes(ModuleOp module) {
  WalkResult walk = module.walk([&](WarpgroupTMAStoreOp store) {
    auto arg = dyn_cast<BlockArgument>(store.getDesc());
    auto fn = arg ? dyn_cast<FuncOp>(arg.getOwner()->getParentOp()) : FuncOp();
    auto planned = fn ? fn.getArgAttrOfType<DictionaryAttr>(
                            arg.getArgNumber(),
                            TileNVGPUDialect::getTensorMapBoxAttrName())
                      : DictionaryAttr();
    auto box = planned ? planned.getAs<DenseI64ArrayAttr>("box") : nullptr;
    auto swizzle = planned ? planned.getAs<IntegerAttr>("swizzle") : nullptr;
    if (box && swizzle && box.asArrayRef() == ArrayRef(store.getBox()) &&
        swizzle.getInt() == store.getSwizzle())
      return WalkResult::advance();
    store.emitOpError() << "copies through a descriptor without its boxes "
                           "planned ('"
                        << TileNVGPUDialect::getTensorMapBoxAttrName()
                        << "'): run tile-plan-lowering";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

/// Marks the floating-point multiplies, adds and subtracts of every kernel
/// `contract`, so that LLVM's NVPTX back end may fuse them into fma.
void allowContraction(ModuleOp module) {
  module.walk([](Operation *op) {
    if (!isa<arith::MulFOp, arith::AddFOp, arith::SubFOp>(op))
      return;
    auto fastMath = cast<arith::ArithFastMathInterface>(op);
    arith::FastMathFlags flags = fastMath.getFastMathFlagsAttr().getValue();
    op->setAttr(fastMath.getFastMathAttrName(),
                arith::FastMathFlagsAttr::get(
                    op->getContext(), flags | arith::FastMathFlags::contract));
  });
}

class ConvertTileToNVVM
    : public tile::impl::ConvertTileToNVVMBase<ConvertTileToNVVM> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    LoweringState state;
    FailureOr<unsigned> numWarps =
        getNumWarpsOrError(module, "convert-tile-to-nvvm");
    if (failed(numWarps))
      return signalPassFailure();
    state.numWarps = *numWarps;
    if (minBlocksPerSM < 0) {
      module.emitError() << "convert-tile-to-nvvm: min-blocks-per-sm must "
                            "not be negative, got "
                         << static_cast<int>(minBlocksPerSM);
      return signalPassFailure();
    }
    state.minBlocksPerSM = minBlocksPerSM;
    state.clusterSize = getClusterSize(module);
    state.ptxVersion = ptxVersion;
    state.asyncProxyReads =
        module
            .walk([](Operation *op) {
              return isa<WarpgroupDotOp, AsyncTMAStoreOp, WarpgroupTMAStoreOp>(
                         op)
                         ? WalkResult::interrupt()
                         : WalkResult::advance();
            })
            .wasInterrupted();
    StringRef targetName;
    if (auto target = module->getAttrOfType<StringAttr>(
            TileGPUDialect::getTargetAttrName()))
      targetName = target.getValue();
    state.sm = parseSmVersion(targetName);
    if (fpFusion)
      allowContraction(module);
    if (auto t = module->getAttrOfType<IntegerAttr>(
            TileGPUDialect::getThreadsPerWarpAttrName()))
      state.threadsPerWarp = t.getInt();

    // Device functions are inlined by the pipeline; a leftover one is only
    // fine if nothing calls it.
    SymbolTable symbols(module);
    for (FuncOp fn : llvm::make_early_inc_range(module.getOps<FuncOp>())) {
      if (fn.isPublic()) {
        if (fn.getNumResults() != 0) {
          fn.emitOpError() << "is a kernel (public) and cannot return values";
          return signalPassFailure();
        }
        for (Type type : fn.getArgumentTypes())
          if (!isa<PointerType, IntegerType, FloatType, TensorDescType>(type)) {
            fn.emitOpError() << "kernel arguments must be pointers, scalars "
                                "or tensor descriptors, got "
                             << type;
            return signalPassFailure();
          }
        continue;
      }
      if (SymbolTable::symbolKnownUseEmpty(fn, module))
        fn.erase();
    }
    bool failedCheck = false;
    // wgmma is sm_90a's (architecture-specific): LLVM cannot select it for
    // sm_90.
    bool hasWgmma = state.sm == 90 && hasArchSpecificFeatures(targetName);
    module.walk([&](Operation *op) {
      std::string reason = checkLowerable(op);
      if (reason.empty() && isa<WarpgroupDotOp>(op) && !hasWgmma)
        reason = ("needs an sm_90a target (wgmma), but the module's is '" +
                  targetName + "'")
                     .str();
      if (!reason.empty()) {
        op->emitOpError() << reason;
        failedCheck = true;
      }
    });
    if (failedCheck)
      return signalPassFailure();

    if (!module->hasAttr(TileGPUDialect::getPlannedAttrName()) &&
        failed(planLowering(module, getAnalysis<ModuleAlignmentAnalysis>())))
      return signalPassFailure();
    if (failed(checkTensorMapBoxes(module)))
      return signalPassFailure();
    splitWarpSpecialized(module, state);

    // Kernels move into one gpu.module, with the shared-memory array.
    OpBuilder builder(context);
    builder.setInsertionPointToEnd(module.getBody());
    auto gpuModule =
        gpu::GPUModuleOp::create(builder, module.getLoc(), "tile_kernels");
    builder.setInsertionPointToStart(gpuModule.getBody());
    LLVM::GlobalOp::create(builder, module.getLoc(),
                           LLVM::LLVMArrayType::get(builder.getI8Type(), 0),
                           /*isConstant=*/false, LLVM::Linkage::External,
                           kSharedMemorySymbol, Attribute(),
                           /*alignment=*/16, /*addrSpace=*/3);
    for (FuncOp fn : llvm::make_early_inc_range(module.getOps<FuncOp>()))
      fn->moveBefore(gpuModule.getBody(), gpuModule.getBody()->end());
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    builder.getUnitAttr());

    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion([context](PointerType type) -> Type {
      return LLVM::LLVMPointerType::get(context, type.getAddressSpace());
    });
    converter.addConversion([context](BufferType) -> Type {
      return LLVM::LLVMPointerType::get(context, 3);
    });
    // The kernel parameter's generic address (tile-tensor-map-params).
    converter.addConversion([context](TensorDescType) -> Type {
      return LLVM::LLVMPointerType::get(context);
    });
    converter.addConversion(
        [](AsyncTokenType, SmallVectorImpl<Type> &) -> LogicalResult {
          return success(); // tokens order ops; no value remains
        });
    converter.addConversion(
        [&converter](RankedTensorType type, SmallVectorImpl<Type> &results)
            -> std::optional<LogicalResult> {
          FailureOr<Distribution> dist = Distribution::get(type);
          if (failed(dist))
            return failure();
          Type element = converter.convertType(type.getElementType());
          results.append(dist->getNumElements(), element);
          return success();
        });

    ConversionTarget target(*context);
    target.addIllegalDialect<TileDialect, TileGPUDialect, TileNVGPUDialect>();
    target.addLegalDialect<gpu::GPUDialect, LLVM::LLVMDialect,
                           NVVM::NVVMDialect, cf::ControlFlowDialect>();
    target.addLegalOp<ModuleOp, gpu::GPUModuleOp>();
    auto isLegal = [&](Operation *op) {
      return getDirectIntrinsic(op).empty() &&
             converter.isLegal(op->getOperandTypes()) &&
             converter.isLegal(op->getResultTypes());
    };
    target.addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect>(
        isLegal);
    RewritePatternSet patterns(context);
    populateComputePatterns(converter, patterns, state);
    populateGlobalMemoryPatterns(converter, patterns, state);
    populateSharedMemoryPatterns(converter, patterns, state);
    populateDebugPatterns(converter, patterns, state);
    populateExchangePatterns(converter, patterns, state);
    populateWarpgroupDotPatterns(converter, patterns, state);
    populateTMAPatterns(converter, patterns, state);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    narrowKernelBarriers(module);
  }
};

} // namespace
