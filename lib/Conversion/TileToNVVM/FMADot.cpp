//===- FMADot.cpp - tile.dot on the FMA units -----------------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A tile.dot whose accumulator has a blocked layout: each thread holds
// whole rows of A and columns of B for its accumulators (of its batches,
// for 3-D dots) and multiplies them out with fused multiply-adds.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

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
    // [batch,] M, K times [batch,] K, N.
    unsigned rank = op.getA().getType().getRank();
    int64_t k = op.getA().getType().getDimSize(rank - 1);
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
      SmallVector<int64_t> ta(t), tb(t);
      for (int64_t i = 0; i < k; ++i) {
        ta[rank - 1] = tb[rank - 2] = i;
        int64_t ia = a.findElement(ta), ib = b.findElement(tb);
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
  /// accumulators, or f16 ones for f16 operands; m16n8k32 for i8, i32
  /// accumulators): per 16x8 accumulator
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
    // f16 accumulators go in pairs, one f16x2 register per row of the tile.
    bool packedAcc = accType.isF16();
    Type accRegType = packedAcc ? VectorType::get({2}, accType) : accType;
    auto resultType = LLVM::LLVMStructType::getLiteral(
        rewriter.getContext(),
        SmallVector<Type>(packedAcc ? 2 : 4, accRegType));
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
          if (packedAcc)
            acc = {packVector(rewriter, loc, {acc[0], acc[1]}),
                   packVector(rewriter, loc, {acc[2], acc[3]})};
          Value product = NVVM::MmaOp::create(
              rewriter, loc, resultType, x, y, acc, {16, 8, int(kStep)},
              std::nullopt, overflow,
              std::array<NVVM::MMATypes, 2>{ptxType, ptxType},
              std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                             NVVM::MMALayout::col});
          SmallVector<Value> sums;
          for (int64_t i = 0; i < (packedAcc ? 2 : 4); ++i) {
            Value v = LLVM::ExtractValueOp::create(rewriter, loc, product, i);
            if (packedAcc)
              llvm::append_range(sums, unpackVector(rewriter, loc, v));
            else
              sums.push_back(v);
          }
          for (auto [sum, index] : llvm::zip_equal(sums, accIndex))
            results[index] = sum;
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

void mlir::tile::populateFMADotPatterns(const TypeConverter &converter,
                                        RewritePatternSet &patterns,
                                        const LoweringState &state) {
  patterns.add<DotLowering>(converter, patterns.getContext(), state);
}
