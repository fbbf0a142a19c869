//===- DecomposeScaledDots.cpp - tile.dot_scaled as upcasts and a dot -----===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Sm_90's tensor cores take no block scales, so a scaled dot is computed as
// it is defined: each operand in the 16-bit compute type, times its scale
// repeated over its group along K, then an ordinary tile.dot. The steps are
// Triton's on Hopper, so that both give the same bits.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_DECOMPOSESCALEDDOTS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// Builds the decomposition of one op, before it.
class Decomposer {
public:
  Decomposer(DotScaledOp op) : b(op), loc(op.getLoc()), op(op) {
    bool half = op.getAElemType() == ScaleDotElemType::FP16 ||
                op.getBElemType() == ScaleDotElemType::FP16;
    compute = half ? FloatType(b.getF16Type()) : FloatType(b.getBF16Type());
  }

  LogicalResult run() {
    if (op.getA().getType().getRank() != 2)
      return op.emitOpError() << "has batched (3-D) operands, which "
                                 "tile-decompose-scaled-dots does not take";
    if (!op.getLhsKPack() || !op.getRhsKPack())
      return op.emitOpError() << "packs e2m1 along M or N, which "
                                 "tile-decompose-scaled-dots does not take";
    for (ScaleDotElemType format : {op.getAElemType(), op.getBElemType()})
      if (format == ScaleDotElemType::E2M3 || format == ScaleDotElemType::E3M2)
        return op.emitOpError()
               << "multiplies " << stringifyScaleDotElemType(format)
               << " (fp6) operands, which tile-decompose-scaled-dots does "
                  "not unpack";
    // a as M x K; b as N x K (its K along rows, as its scale has it), then
    // transposed for the dot.
    Value a = scaled(op.getA(), op.getAElemType(), op.getAScale());
    Value bt = scaled(transpose(op.getB()), op.getBElemType(), op.getBScale());
    auto dot = DotOp::create(b, loc, op.getType(), a, transpose(bt), op.getC(),
                             InputPrecision::IEEE, 0);
    op.replaceAllUsesWith(dot.getResult());
    op.erase();
    return success();
  }

private:
  OpBuilder b;
  Location loc;
  DotScaledOp op;
  FloatType compute;

  static RankedTensorType typeOf(Value v) {
    return cast<RankedTensorType>(v.getType());
  }

  Value splat(RankedTensorType type, int64_t value) {
    return arith::ConstantOp::create(
        b, loc, type,
        DenseElementsAttr::get(type,
                               b.getIntegerAttr(type.getElementType(), value)));
  }

  /// `x` (R x C) as C x R.
  Value transpose(Value x) {
    RankedTensorType type = typeOf(x);
    auto result = RankedTensorType::get(
        {type.getDimSize(1), type.getDimSize(0)}, type.getElementType());
    return TransOp::create(b, loc, result, x, b.getDenseI32ArrayAttr({1, 0}));
  }

  /// The operand `x` (R x K, or R x K/2 bytes of e2m1) in the compute
  /// type, times `scale` (R x K/group) where given.
  Value scaled(Value x, ScaleDotElemType format, Value scale) {
    Value v = format == ScaleDotElemType::E2M1 ? unpackE2M1(x) : upcast(x);
    if (!scale)
      return v;
    RankedTensorType vType = typeOf(v);
    Value factor = repeat(scaleFactor(scale), vType.getDimSize(1));
    return arith::MulFOp::create(b, loc, v, factor);
  }

  /// fp8, bf16 or f16 elements converted to the compute type.
  Value upcast(Value x) {
    RankedTensorType type = typeOf(x);
    auto from = cast<FloatType>(type.getElementType());
    if (from == compute)
      return x;
    bool exact = llvm::APFloatBase::isRepresentableBy(
        from.getFloatSemantics(), compute.getFloatSemantics());
    return FpToFpOp::create(
        b, loc, type.clone(compute), x,
        exact ? RoundingModeAttr()
              : RoundingModeAttr::get(b.getContext(), RoundingMode::RTNE));
  }

  /// The two 4-bit floats of each byte of `bytes` (R x C), the low bits
  /// first, as R x 2C of the compute type. An e2m1 element is s e e m:
  /// 0 or 0.5 with a zero exponent field, else 2^(e - 1) * (1 + m / 2),
  /// which the compute type holds exactly.
  Value unpackE2M1(Value bytes) {
    RankedTensorType type = typeOf(bytes);
    RankedTensorType i16 = type.clone(b.getI16Type());
    // Ops are created one statement at a time: the evaluation order of a
    // call's arguments is unspecified, and the IR should not depend on the
    // host compiler.
    Value x = arith::ExtUIOp::create(b, loc, i16, bytes);
    Value low = arith::AndIOp::create(b, loc, x, splat(i16, 0xF));
    Value shifted = arith::ShRUIOp::create(b, loc, x, splat(i16, 4));
    Value high = arith::AndIOp::create(b, loc, shifted, splat(i16, 0xF));
    Value nibbles[] = {low, high};
    int64_t bias = compute.isBF16() ? 127 : 15;
    int64_t mantissa = compute.getFPMantissaWidth() - 1;
    Value values[2];
    for (auto [n, value] : llvm::zip(nibbles, values)) {
      Value exponentBits = arith::ShRUIOp::create(b, loc, n, splat(i16, 1));
      Value e = arith::AndIOp::create(b, loc, exponentBits, splat(i16, 3));
      Value m = arith::AndIOp::create(b, loc, n, splat(i16, 1));
      Value exponent = arith::AddIOp::create(b, loc, e, splat(i16, bias - 1));
      Value exponentField =
          arith::ShLIOp::create(b, loc, exponent, splat(i16, mantissa));
      Value mantissaField =
          arith::ShLIOp::create(b, loc, m, splat(i16, mantissa - 1));
      Value normal = arith::OrIOp::create(b, loc, exponentField, mantissaField);
      // 0.5 is 2^-1: the exponent field bias - 1, no mantissa.
      Value subnormal =
          arith::MulIOp::create(b, loc, m, splat(i16, (bias - 1) << mantissa));
      Value isSubnormal = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq, e, splat(i16, 0));
      Value magnitude =
          arith::SelectOp::create(b, loc, isSubnormal, subnormal, normal);
      Value signBit = arith::AndIOp::create(b, loc, n, splat(i16, 8));
      Value sign = arith::ShLIOp::create(b, loc, signBit, splat(i16, 12));
      Value bits = arith::OrIOp::create(b, loc, magnitude, sign);
      value = arith::BitcastOp::create(b, loc, type.clone(compute), bits);
    }
    auto joined = RankedTensorType::get(
        {type.getDimSize(0), type.getDimSize(1), 2}, compute);
    Value pairs = JoinOp::create(b, loc, joined, values[0], values[1]);
    return ReshapeOp::create(
        b, loc,
        RankedTensorType::get({type.getDimSize(0), 2 * type.getDimSize(1)},
                              compute),
        pairs, /*allow_reorder=*/false, /*efficient_layout=*/false);
  }

  /// The scales as compute-type factors: an e4m3 scale converted, an e8m0
  /// byte s shifted into the exponent field (2^(s - 127); 0 gives 0) and
  /// NaN where s is 255 unless fastMath (Triton's NaN after the product,
  /// which a NaN factor gives too).
  Value scaleFactor(Value scale) {
    RankedTensorType type = typeOf(scale);
    if (isa<FloatType>(type.getElementType()))
      return upcast(scale);
    Value factor;
    if (compute.isBF16()) {
      RankedTensorType i16 = type.clone(b.getI16Type());
      Value wide = arith::ExtUIOp::create(b, loc, i16, scale);
      Value bits = arith::ShLIOp::create(b, loc, wide, splat(i16, 7));
      factor = arith::BitcastOp::create(b, loc, type.clone(compute), bits);
    } else {
      RankedTensorType i32 = type.clone(b.getI32Type());
      Value wide = arith::ExtUIOp::create(b, loc, i32, scale);
      Value bits = arith::ShLIOp::create(b, loc, wide, splat(i32, 23));
      Value f32 =
          arith::BitcastOp::create(b, loc, type.clone(b.getF32Type()), bits);
      factor = arith::TruncFOp::create(b, loc, type.clone(compute), f32);
    }
    if (op.getFastMath())
      return factor;
    Value isNan = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, scale,
                                        splat(type, 0xFF));
    RankedTensorType factorType = typeOf(factor);
    Value nan = arith::ConstantOp::create(
        b, loc, factorType,
        DenseElementsAttr::get(factorType,
                               APFloat::getNaN(compute.getFloatSemantics())));
    return arith::SelectOp::create(b, loc, isNan, nan, factor);
  }

  /// `s` (R x G) with each column repeated to fill R x `columns`.
  Value repeat(Value s, int64_t columns) {
    RankedTensorType type = typeOf(s);
    int64_t rows = type.getDimSize(0), groups = type.getDimSize(1);
    int64_t group = columns / groups;
    Type element = type.getElementType();
    Value expanded = ExpandDimsOp::create(
        b, loc, RankedTensorType::get({rows, groups, 1}, element), s, 2);
    Value broadcast = BroadcastOp::create(
        b, loc, RankedTensorType::get({rows, groups, group}, element),
        expanded);
    return ReshapeOp::create(b, loc,
                             RankedTensorType::get({rows, columns}, element),
                             broadcast, false, false);
  }
};

struct DecomposeScaledDots
    : public tile::impl::DecomposeScaledDotsBase<DecomposeScaledDots> {
  void runOnOperation() override {
    SmallVector<DotScaledOp> dots;
    getOperation().walk([&](DotScaledOp op) { dots.push_back(op); });
    for (DotScaledOp op : dots)
      if (failed(Decomposer(op).run()))
        return signalPassFailure();
  }
};

} // namespace
