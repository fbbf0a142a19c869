//===- ComputeOps.cpp - functions, element-wise ops, renames --------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The patterns for kernels and returns, program ids and ranges, constants
// and splats, element-wise ops (each thread's elements, one by one or as
// the few intrinsics PTX has), and the ops that only rename registers
// (broadcast, expand_dims, trans, join, split, reshape, conversions that
// move nothing).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "tile/Dialect/Tile/IR/OpUtils.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"

#include <cmath>
#include <numeric>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

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
    // The global scratch a launch provides (tile-make-tensor-maps), for the
    // kernel information.
    if (fn.getNumArguments())
      if (Attribute scratch =
              fn.getArgAttr(fn.getNumArguments() - 1,
                            TileNVGPUDialect::getGlobalScratchAttrName()))
        gpuFn->setAttr(TileNVGPUDialect::getGlobalScratchAttrName(), scratch);
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
    // The parameters as declared, for the kernel information (the lowered
    // types say a pointer, not of what).
    SmallVector<Attribute> params;
    for (BlockArgument arg : fn.getArguments())
      params.push_back(rewriter.getDictionaryAttr(
          {rewriter.getNamedAttr("name",
                                 rewriter.getStringAttr(getArgName(arg))),
           rewriter.getNamedAttr("type", TypeAttr::get(arg.getType()))}));
    gpuFn->setAttr(TileGPUDialect::getKernelParamsAttrName(),
                   rewriter.getArrayAttr(params));
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
    // fp8 elements are bytes (the type converter's).
    if (auto f = dyn_cast<FloatAttr>(scalar); f && isFloat8(f.getType()))
      scalar = rewriter.getI8IntegerAttr(
          f.getValue().bitcastToAPInt().getZExtValue());
    Value value = arith::ConstantOp::create(rewriter, op.getLoc(), scalar);
    unsigned n = getDistribution(type).getNumElements();
    rewriter.replaceOpWithMultiple(op, {SmallVector<Value>(n, value)});
    return success();
  }
};

/// One element of a tile.extern_elementwise: a call of its libdevice
/// function, declared in the kernels' module on first use; null (the
/// pattern fails) where the module has the symbol with another signature
/// or as something else.
Value lowerExternCall(OpBuilder &b, ExternElementwiseOp op,
                      ArrayRef<Value> operands, Type type) {
  Location loc = op.getLoc();
  Operation *table = op->getParentWithTrait<OpTrait::SymbolTable>();
  auto fnType = LLVM::LLVMFunctionType::get(
      type, llvm::to_vector(ValueRange(operands).getTypes()));
  Operation *existing = SymbolTable::lookupSymbolIn(table, op.getSymbol());
  auto fn = dyn_cast_or_null<LLVM::LLVMFuncOp>(existing);
  if (existing && !fn) {
    op.emitOpError() << "calls '" << op.getSymbol()
                     << "', which the module defines as something else";
    return Value();
  }
  if (!fn) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&table->getRegion(0).front());
    fn = LLVM::LLVMFuncOp::create(b, loc, op.getSymbol(), fnType);
  } else if (fn.getFunctionType() != fnType) {
    op.emitOpError() << "calls '" << op.getSymbol() << "' as " << fnType
                     << ", but it is also called as " << fn.getFunctionType();
    return Value();
  }
  return LLVM::CallOp::create(b, loc, fn, operands).getResult();
}

/// The PTX name of an fp8 format.
StringRef getFloat8Name(Type type) {
  return isa<Float8E4M3FNType>(type) ? "e4m3" : "e5m2";
}

/// One element of a tile.fp_to_fp. fp8 has no LLVM type (its elements
/// are i8 here) and LLVM rounds only to nearest, so the conversions into
/// and out of fp8, and those toward zero, are PTX's cvt: to fp8 from f32
/// or f16 rounded to nearest even and saturated to the largest finite
/// value (`satfinite`, as Triton), other types through f32; from fp8
/// through f16, which holds every fp8 value.
Value lowerFpToFp(OpBuilder &b, FpToFpOp op, Value x) {
  Location loc = op.getLoc();
  Type from = getElementTypeOrSelf(op.getSrc().getType());
  Type to = getElementTypeOrSelf(op.getType());
  Type i8 = b.getI8Type(), i16 = b.getI16Type(), i32 = b.getI32Type();
  Type f16 = b.getF16Type(), f32 = b.getF32Type();
  auto convert = [&](Value v, Type type) -> Value {
    unsigned width = v.getType().getIntOrFloatBitWidth();
    if (type.getIntOrFloatBitWidth() > width)
      return arith::ExtFOp::create(b, loc, type, v);
    if (type.getIntOrFloatBitWidth() < width)
      return arith::TruncFOp::create(b, loc, type, v);
    if (v.getType() != type) // f16 <-> bf16
      return arith::TruncFOp::create(b, loc, type,
                                     arith::ExtFOp::create(b, loc, f32, v));
    return v;
  };
  bool fromF8 = isa<Float8E4M3FNType, Float8E5M2Type>(from);
  bool toF8 = isa<Float8E4M3FNType, Float8E5M2Type>(to);
  if (fromF8) {
    // The byte in the low half of an f16 pair.
    Value pair = arith::ExtUIOp::create(b, loc, i16, x);
    Value halves = emitInlinePtx(
        b, loc, i32,
        ("cvt.rn.f16x2." + getFloat8Name(from) + "x2 $0, $1;").str(), "=r,h",
        pair);
    Value half = arith::BitcastOp::create(
        b, loc, f16, arith::TruncIOp::create(b, loc, i16, halves));
    if (!toF8)
      return convert(half, to);
    x = half;
    from = f16;
  }
  if (toF8) {
    if (op.getRounding() == RoundingMode::RTZ)
      return Value(); // rejected before the conversion
    if (!from.isF16())
      x = convert(x, f32);
    bool half = x.getType().isF16();
    // Both bytes from x; the low one is kept.
    Value pair = half ? arith::BitcastOp::create(
                            b, loc, i32, packVector(b, loc, ValueRange{x, x}))
                            .getResult()
                      : x;
    std::string ptx = ("cvt.rn.satfinite." + getFloat8Name(to) + "x2." +
                       (half ? "f16x2 $0, $1;" : "f32 $0, $1, $1;"))
                          .str();
    Value bytes = emitInlinePtx(b, loc, i16, ptx, "=h,r", pair);
    return arith::TruncIOp::create(b, loc, i8, bytes);
  }
  if (op.getRounding() == RoundingMode::RTZ) {
    // cvt.rz.<to>.<from>: f32 to f16 or bf16, f64 to f32 (others through
    // f32, exact first).
    if (from.isF64()) {
      x = emitInlinePtx(b, loc, f32, "cvt.rz.f32.f64 $0, $1;", "=r,d", x);
      if (to.isF32())
        return x;
    }
    StringRef name = to.isBF16() ? "bf16" : "f16";
    return emitInlinePtx(b, loc, to, ("cvt.rz." + name + ".f32 $0, $1;").str(),
                         "=h,r", convert(x, f32));
  }
  return convert(x, to);
}

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
    if (isFloat8(pointee))
      pointee = b.getI8Type();
    return LLVM::GEPOp::create(b, loc, type, pointee, operands[0],
                               ValueRange{operands[1]});
  }
  if (auto call = dyn_cast<ExternElementwiseOp>(op))
    return lowerExternCall(b, call, operands, type);
  if (isa<IntToPtrOp>(op))
    return LLVM::IntToPtrOp::create(b, loc, type, operands[0]);
  if (isa<PtrToIntOp>(op))
    return LLVM::PtrToIntOp::create(b, loc, type, operands[0]);
  if (isa<BitcastOp>(op)) {
    if (isa<LLVM::LLVMPointerType>(type))
      return operands[0]; // opaque pointers: the same value
    return arith::BitcastOp::create(b, loc, type, operands[0]);
  }
  if (auto cvt = dyn_cast<FpToFpOp>(op))
    return lowerFpToFp(b, cvt, operands[0]);
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

} // namespace

/// The LLVM or NVVM intrinsic a scalar float op lowers to directly, instead
/// of through the upstream lowering (libdevice calls, LLVM's choices), or
/// an empty name:
/// - f32 division and exponential allowing approximation (`fastmath<afn>`),
///   as Triton's `/` and `exp`: div.full.f32, 2 ulp over the full range
///   (LLVM would pick div.approx.f32, which flushes quotients of large
///   divisors to zero), and ex2.approx.f32 of x * log2(e), whose relative
///   error grows with |x| (libdevice's __nv_expf, the exact path, is ~4x
///   the instructions);
/// - f32 exp2, square root and reciprocal square root allowing
///   approximation, as Triton's `exp2`, `sqrt` and `rsqrt` (and CUDA's fast
///   math): the approximate instructions with subnormals flushed to zero.
///   Without the flush, ptxas wraps each in a range test and two scalings;
/// - other f32 and f64 square roots: llvm.sqrt, correctly rounded
///   (sqrt.rn); libdevice's __nv_sqrtf is sqrt.approx unless the module asks
///   for precise roots, and linking libdevice costs ~2.5 ms a compile.
StringRef mlir::tile::getDirectIntrinsic(Operation *op) {
  // Scalars only: tensors are split into them first.
  if (op->getNumResults() != 1)
    return "";
  bool approximateF32 =
      op->getResult(0).getType().isF32() && allowsApproximation(op);
  if (isa<arith::DivFOp>(op) && approximateF32)
    return "llvm.nvvm.div.full";
  if (isa<math::ExpOp>(op) && approximateF32)
    return "llvm.nvvm.ex2.approx.f32";
  if (isa<math::Exp2Op>(op) && approximateF32)
    return "llvm.nvvm.ex2.approx.ftz.f";
  if (isa<math::RsqrtOp>(op) && approximateF32)
    return "llvm.nvvm.rsqrt.approx.ftz.f";
  if (auto sqrt = dyn_cast<math::SqrtOp>(op)) {
    if (sqrt.getType().isF32())
      return approximateF32 ? "llvm.nvvm.sqrt.approx.ftz.f" : "llvm.sqrt.f32";
    if (sqrt.getType().isF64())
      return "llvm.sqrt.f64";
  }
  return "";
}

namespace {

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
           JoinLowering, SplitLowering, ReshapeLowering>(converter, context,
                                                         state);
  patterns.add<ElementwiseLowering>(converter, context, state);
  patterns.add<DirectIntrinsicLowering<arith::DivFOp>,
               DirectIntrinsicLowering<math::ExpOp>,
               DirectIntrinsicLowering<math::Exp2Op>,
               DirectIntrinsicLowering<math::RsqrtOp>,
               DirectIntrinsicLowering<math::SqrtOp>>(converter, context);
}
