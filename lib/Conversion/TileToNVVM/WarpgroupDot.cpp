//===- WarpgroupDot.cpp - tilenv.warpgroup_dot to wgmma -------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each warpgroup computes 64-row slices of the product with
// wgmma.mma_async m64nNkK (K = 32 bytes of elements: 16 f16 or bf16, 8
// tf32, 32 i8 or fp8), reading both operands from their NVMMA buffers through
// matrix descriptors: per 64-row slice a chain of instructions along K on one
// accumulator struct, then one commit and a wait for all of them. Where
// warpgroups also lie side by side along N (8 warps on 64 rows), each
// computes its own instruction's N of columns, reading B from its first
// column.
//
// A descriptor is the start address and two strides, in 16-byte units, and
// the swizzle mode. A (M x K, K contiguous, rows S bytes of a column block
// of S/e elements): the 64 x K slice at (m0, k0) starts in column block
// k0 / (S/e) at row m0; column blocks are M*S bytes apart and 8-row groups
// 8*S (the stride byte offset). B (K x N) N-contiguous (wgmma's "transposed"
// B, 16-bit only): the K x N slice at k0 starts at row k0 of the first
// column block; column blocks are K*S bytes apart (the leading byte offset)
// and 8-row groups 8*S. B K-contiguous (tf32, i8, fp8): as A, N rows in place
// of M.
// (The 16-bit formulas were checked on an H100 against a host product for
// 32, 64 and 128-byte swizzles and one to four column blocks.)
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

Value createI64(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(b, loc, value, 64);
}

/// A wgmma matrix descriptor for the operand at `address` (a shared-space
/// byte address, i64). The start address is its low field (bits 0-13, in
/// 16-byte units): a descriptor for `address + offset` is this one plus
/// offset / 16, shared memory being smaller than the field's 256 KiB.
Value emitDescriptor(OpBuilder &b, Location loc, Value address,
                     int64_t leadingBytes, int64_t strideBytes,
                     unsigned swizzle) {
  int64_t mode = swizzle == 128 ? 1 : swizzle == 64 ? 2 : 3;
  int64_t fields = ((leadingBytes >> 4) & 0x3FFF) << 16 |
                   ((strideBytes >> 4) & 0x3FFF) << 32 | mode << 62;
  Value start = arith::ShRUIOp::create(
      b, loc,
      arith::AndIOp::create(b, loc, address, createI64(b, loc, 0x3FFFF)),
      createI64(b, loc, 4));
  return arith::OrIOp::create(b, loc, start, createI64(b, loc, fields));
}

/// Inline-assembly constraints for `count` accumulators (f32: "f", i32:
/// "r"), as outputs and then as inputs: tied to the outputs (the same
/// registers) or not.
std::string getAccumulatorConstraints(size_t count, bool tied, Type type) {
  std::string kind = type.isF32() ? "f" : "r";
  std::string constraints;
  for (size_t i = 0; i < count; ++i)
    constraints += (i ? ",=" : "=") + kind;
  for (size_t i = 0; i < count; ++i)
    constraints += "," + (tied ? std::to_string(i) : kind);
  return constraints;
}

/// For a tensor in a #tilegpu.mma version 3 layout over `slices` 64-row
/// slices: which of this thread's elements is register `reg` of slice
/// `slice` (entry slice * N / 2 + reg). Per slice, 16x8 tiles along N, four
/// registers each, (row, col) = (0,0) (0,1) (8,0) (8,1), as in the
/// distribution: the accumulator struct of a wgmma, and, for a tensor
/// whose N is a dot's K, the order of its A fragments.
FailureOr<SmallVector<int64_t>> getRegisterElements(RankedTensorType type,
                                                    int64_t slices) {
  Distribution dist = getDistribution(type);
  // A warp's columns: the instruction's N where warpgroups split N.
  int64_t perSlice =
      type.getDimSize(1) /
      (2 * cast<MmaLayoutAttr>(type.getEncoding()).getWarps()[1]);
  SmallVector<int64_t> element(slices * perSlice, -1);
  for (unsigned e = 0; e < dist.getNumElements(); ++e) {
    ArrayRef<int64_t> t = dist.getTuple(e);
    int64_t slice = t[0] / 2;
    int64_t reg = (t[1] / 2) * 4 + (t[0] % 2) * 2 + t[1] % 2;
    if (slice >= slices || reg >= perSlice)
      return failure();
    element[slice * perSlice + reg] = e;
  }
  if (llvm::is_contained(element, -1))
    return failure();
  return element;
}

/// One wgmma K step whose A fragment is in registers (four packed pairs of
/// 16-bit elements) on accumulator struct `acc`: inline PTX, as NVVM's op
/// takes A as a descriptor only. scale-d comes from a register (0: the
/// product replaces the accumulator).
Value emitRegisterAStep(OpBuilder &b, Location loc, Value acc, Type structType,
                        int64_t count, Type accType, ArrayRef<Value> a,
                        Value descB, Value scale, int64_t n,
                        NVVM::WGMMATypes type, bool kMajorB) {
  SmallVector<Value> operands;
  std::string accs;
  for (int64_t reg = 0; reg < count; ++reg) {
    operands.push_back(LLVM::ExtractValueOp::create(b, loc, acc, reg));
    accs += (reg ? ", $" : "$") + std::to_string(reg);
  }
  llvm::append_range(operands, a);
  operands.push_back(descB);
  operands.push_back(scale);
  std::string in = NVVM::stringifyWGMMATypes(type).str();
  // Outputs, then the tied accumulator inputs, then these.
  auto arg = [&](int64_t i) { return "$" + std::to_string(2 * count + i); };
  // Scales of a and b, then b transposed (N-contiguous) or not.
  std::string text = "{\n.reg .pred p;\nsetp.ne.b32 p, " + arg(5) +
                     ", 0;\nwgmma.mma_async.sync.aligned.m64n" +
                     std::to_string(n) + "k16.f32." + in + "." + in + " {" +
                     accs + "}, {" + arg(0) + ", " + arg(1) + ", " + arg(2) +
                     ", " + arg(3) + "}, " + arg(4) + ", p, 1, 1, " +
                     (kMajorB ? "0" : "1") + ";\n}";
  std::string constraints =
      getAccumulatorConstraints(count, /*tied=*/true, accType) + ",r,r,r,r,l,r";
  return LLVM::InlineAsmOp::create(
             b, loc, structType, operands, text, constraints,
             /*has_side_effects=*/true, /*is_align_stack=*/false,
             LLVM::TailCallKind::None, LLVM::AsmDialectAttr(), ArrayAttr())
      .getResult(0);
}

struct WarpgroupDotLowering : public TilePattern<WarpgroupDotOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(WarpgroupDotOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    auto aType = cast<ShapedType>(op.getA().getType());
    BufferType bType = op.getB().getType();
    int64_t m = aType.getShape()[0], k = aType.getShape()[1],
            n = bType.getShape()[1];
    auto registerA = dyn_cast<RankedTensorType>(op.getA().getType());
    unsigned swizzleA =
        registerA
            ? 128
            : cast<NVMMASharedLayoutAttr>(cast<BufferType>(aType).getEncoding())
                  .getSwizzlingByteWidth();
    auto layoutB = cast<NVMMASharedLayoutAttr>(bType.getEncoding());
    unsigned swizzleB = layoutB.getSwizzlingByteWidth();
    bool kMajorB = layoutB.getTransposed();
    Type elementType = aType.getElementType();
    int64_t bytes = elementType.getIntOrFloatBitWidth() / 8;
    int64_t kStep = getMmaKStep(elementType);
    // Elements in a row of a column block.
    int64_t blockA = swizzleA / bytes, blockB = swizzleB / bytes;
    auto mma = cast<MmaLayoutAttr>(op.getC().getType().getEncoding());
    unsigned warps = mma.getWarps()[0];
    int64_t slices = m / (16 * warps);
    // Warpgroups side by side along N each compute instrN columns.
    int64_t instrN = mma.getInstrShape()[1];
    int64_t groupsAlongM = warps / 4;

    int64_t perSlice = instrN / 2;
    FailureOr<SmallVector<int64_t>> accumulator =
        getRegisterElements(op.getC().getType(), slices);
    if (failed(accumulator))
      return rewriter.notifyMatchFailure(op, "accumulator registers");
    ArrayRef<int64_t> element = *accumulator;

    // A in registers: its layout is an accumulator's whose N is K, so the
    // same numbering gives its registers, and the fragment of K step j is
    // registers 8j to 8j + 7 of a slice (rows r and r + 8, columns
    // 16j + 2c + {0, 1} and 8 more), packed in pairs: packed[slice][4j..].
    SmallVector<SmallVector<Value>> packed;
    if (registerA) {
      int64_t perSliceA = k / 2;
      FailureOr<SmallVector<int64_t>> index =
          getRegisterElements(registerA, slices);
      if (failed(index))
        return rewriter.notifyMatchFailure(op, "a registers");
      ValueRange values = adaptor.getA();
      auto pairType = VectorType::get({2}, values.front().getType());
      for (int64_t slice = 0; slice < slices; ++slice) {
        SmallVector<Value> &regs = packed.emplace_back();
        for (int64_t r = 0; r < perSliceA; r += 2) {
          Value pair = LLVM::UndefOp::create(rewriter, loc, pairType);
          for (int64_t j = 0; j < 2; ++j)
            pair = LLVM::InsertElementOp::create(
                rewriter, loc, pair,
                values[(*index)[slice * perSliceA + r + j]],
                createI32(rewriter, loc, j));
          regs.push_back(LLVM::BitcastOp::create(rewriter, loc,
                                                 rewriter.getI32Type(), pair));
        }
      }
    }

    // f32 accumulators, i32 for i8 operands.
    Type accType = op.getC().getType().getElementType();
    Type i64 = rewriter.getI64Type();
    auto structType = LLVM::LLVMStructType::getLiteral(
        context, SmallVector<Type>(perSlice, accType));
    Value aBase = registerA ? Value()
                            : LLVM::PtrToIntOp::create(rewriter, loc, i64,
                                                       adaptor.getA().front());
    Value bBase =
        LLVM::PtrToIntOp::create(rewriter, loc, i64, adaptor.getB().front());
    // The warpgroup from a warp index ptxas knows to be uniform: the
    // descriptors, computed from it, then stay in uniform registers (from
    // tid / 32 they are per-thread values moved over before each wgmma).
    ThreadIds ids = emitThreadIds(rewriter, loc, state.threadsPerWarp);
    Value group = arith::ExtUIOp::create(
        rewriter, loc, i64,
        arith::DivUIOp::create(
            rewriter, loc,
            emitUniformWarp(rewriter, loc, ids, state.threadsPerWarp),
            createI32(rewriter, loc, 4)));
    // Warpgroups are consecutive along M, then along N: this one's B
    // columns start at (group / groupsAlongM) * instrN, a whole column
    // block N-major, a row of K-major B.
    if (mma.getWarps()[1] > 1) {
      Value groupN = arith::DivUIOp::create(
          rewriter, loc, group, createI64(rewriter, loc, groupsAlongM));
      group = arith::RemUIOp::create(rewriter, loc, group,
                                     createI64(rewriter, loc, groupsAlongM));
      int64_t columnBytes =
          kMajorB ? instrN * swizzleB : instrN / blockB * k * swizzleB;
      bBase = arith::AddIOp::create(
          rewriter, loc, bBase,
          arith::MulIOp::create(rewriter, loc, groupN,
                                createI64(rewriter, loc, columnBytes)));
    }
    bool integer = elementType.isInteger(8);
    auto wgmmaType = [&](Type element) {
      return integer                          ? NVVM::WGMMATypes::s8
             : element.isF32()                ? NVVM::WGMMATypes::tf32
             : element.isBF16()               ? NVVM::WGMMATypes::bf16
             : isa<Float8E4M3FNType>(element) ? NVVM::WGMMATypes::e4m3
             : isa<Float8E5M2Type>(element)   ? NVVM::WGMMATypes::e5m2
                                              : NVVM::WGMMATypes::f16;
    };
    // fp8 operands may be of different formats; the others are alike.
    auto type = wgmmaType(elementType);
    auto typeB = wgmmaType(bType.getElementType());
    auto typeD = integer ? NVVM::WGMMATypes::s32 : NVVM::WGMMATypes::f32;
    auto shape = NVVM::MMAShapeAttr::get(context, 64, instrN, kStep);
    // NVVM's layout of B: `row` is N-contiguous (PTX's transposed B).
    auto bLayout = kMajorB ? NVVM::MMALayout::col : NVVM::MMALayout::row;

    // The leading byte offset: unused K-major, else the next column block.
    Value firstB =
        emitDescriptor(rewriter, loc, bBase, kMajorB ? 16 : k * swizzleB,
                       8 * swizzleB, swizzleB);
    // B's descriptor for the K step at k0: the first one plus the step's
    // byte offset / 16.
    auto descriptorB = [&](int64_t k0) -> Value {
      int64_t offset =
          kMajorB ? (k0 / blockB) * n * swizzleB + (k0 % blockB) * bytes
                  : k0 * swizzleB;
      return arith::AddIOp::create(rewriter, loc, firstB,
                                   createI64(rewriter, loc, offset / 16));
    };
    SmallVector<Value> results(adaptor.getC().begin(), adaptor.getC().end());
    SmallVector<Value> products;
    NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
    for (int64_t slice = 0; slice < slices; ++slice) {
      Value acc = LLVM::UndefOp::create(rewriter, loc, structType);
      for (int64_t reg = 0; reg < perSlice; ++reg)
        acc = LLVM::InsertValueOp::create(
            rewriter, loc, acc, results[element[slice * perSlice + reg]], reg);
      if (registerA) {
        for (int64_t k0 = 0; k0 < k; k0 += kStep) {
          Value descB = descriptorB(k0);
          Value scale =
              k0 == 0 && !adaptor.getUseC().empty()
                  ? arith::ExtUIOp::create(rewriter, loc, rewriter.getI32Type(),
                                           adaptor.getUseC().front())
                        .getResult()
                  : createI32(rewriter, loc, 1);
          acc = emitRegisterAStep(
              rewriter, loc, acc, structType, perSlice, accType,
              ArrayRef(packed[slice]).slice(4 * (k0 / kStep), 4), descB, scale,
              instrN, type, kMajorB);
        }
        products.push_back(acc);
        continue;
      }
      // This warpgroup's 64 rows of the slice: slice * 16 * warps + 64 * g.
      Value row = arith::AddIOp::create(
          rewriter, loc, createI64(rewriter, loc, slice * 16 * warps),
          arith::MulIOp::create(rewriter, loc, group,
                                createI64(rewriter, loc, 64)));
      // The slice's first descriptors; each K step adds its byte offset / 16.
      Value sliceA = emitDescriptor(
          rewriter, loc,
          arith::AddIOp::create(
              rewriter, loc, aBase,
              arith::MulIOp::create(rewriter, loc, row,
                                    createI64(rewriter, loc, swizzleA))),
          16, 8 * swizzleA, swizzleA);
      for (int64_t k0 = 0; k0 < k; k0 += kStep) {
        int64_t aOffset = (k0 / blockA) * m * swizzleA + (k0 % blockA) * bytes;
        Value descA = arith::AddIOp::create(
            rewriter, loc, sliceA, createI64(rewriter, loc, aOffset / 16));
        Value descB = descriptorB(k0);
        if (k0 > 0 || adaptor.getUseC().empty()) {
          acc = NVVM::WgmmaMmaAsyncOp::create(
              rewriter, loc, structType, acc, descA, descB, shape, type, typeB,
              typeD, NVVM::WGMMAScaleOut::one, NVVM::WGMMAScaleIn::one,
              NVVM::WGMMAScaleIn::one, NVVM::MMALayout::row, bLayout,
              /*satfinite=*/NVVM::MMAIntOverflowAttr());
          continue;
        }
        // The first step adds c only where useC holds. NVVM's wgmma takes
        // scale-d as an attribute; this one reads it from a register, so
        // that one instruction serves both cases (a branch between two
        // would split the wgmma group, and ptxas then waits between them).
        SmallVector<Value> operands;
        for (int64_t reg = 0; reg < perSlice; ++reg)
          operands.push_back(results[element[slice * perSlice + reg]]);
        operands.push_back(descA);
        operands.push_back(descB);
        operands.push_back(arith::ExtUIOp::create(
            rewriter, loc, rewriter.getI32Type(), adaptor.getUseC().front()));
        std::string accs;
        for (int64_t reg = 0; reg < perSlice; ++reg)
          accs += (reg ? ", $" : "$") + std::to_string(reg);
        std::string constraints =
            getAccumulatorConstraints(perSlice, /*tied=*/true, accType) +
            ",l,l,r";
        std::string inputs = NVVM::stringifyWGMMATypes(type).str() + "." +
                             NVVM::stringifyWGMMATypes(typeB).str();
        // Scales of a and b (floats only), then (16-bit only) a not
        // transposed, b transposed.
        std::string immediates = integer   ? ""
                                 : kMajorB ? ", 1, 1"
                                           : ", 1, 1, 0, 1";
        std::string asmText =
            "{\n.reg .pred p;\nsetp.ne.b32 p, $" +
            std::to_string(2 * perSlice + 2) +
            ", 0;\nwgmma.mma_async.sync.aligned.m64n" + std::to_string(instrN) +
            "k" + std::to_string(kStep) + "." +
            NVVM::stringifyWGMMATypes(typeD).str() + "." + inputs + " {" +
            accs + "}, $" + std::to_string(2 * perSlice) + ", $" +
            std::to_string(2 * perSlice + 1) + ", p" + immediates + ";\n}";
        acc = LLVM::InlineAsmOp::create(
                  rewriter, loc, structType, operands, asmText, constraints,
                  /*has_side_effects=*/true, /*is_align_stack=*/false,
                  LLVM::TailCallKind::None, LLVM::AsmDialectAttr(), ArrayAttr())
                  .getResult(0);
      }
      products.push_back(acc);
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
    // An asynchronous dot leaves its group in flight for a
    // tilenv.warpgroup_dot_wait.
    if (!op.getIsAsync())
      NVVM::WgmmaWaitGroupSyncOp::create(rewriter, loc, 0);
    // The products are extracted after the wait, or, for an asynchronous
    // dot, go to the tilenv.warpgroup_dot_wait that makes them readable.
    for (auto [slice, acc] : llvm::enumerate(products))
      for (int64_t reg = 0; reg < perSlice; ++reg)
        results[element[slice * perSlice + reg]] =
            LLVM::ExtractValueOp::create(rewriter, loc, acc, reg);
    rewriter.replaceOpWithMultiple(op, {results});
    return success();
  }
};

/// wgmma.wait_group as inline PTX whose operands are the accumulators (tied
/// to its results), so that every later read of them depends on the wait:
/// NVVM's wait op takes no operands, and registers a wgmma may still be
/// writing must not be read or copied before it. Where the accumulators
/// stay live past the wait (an epilogue's wait for all products, while the
/// loop carries them on), tied operands would make LLVM copy them before
/// it; the copies are then inside the assembly, after the wait.
struct WarpgroupDotWaitLowering : public TilePattern<WarpgroupDotWaitOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(WarpgroupDotWaitOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> values;
    for (ValueRange input : adaptor.getInputs())
      llvm::append_range(values, input);
    // All f32 or all i32 (the verifier's rule): one register kind.
    SmallVector<Type> types(values.size(), values.front().getType());
    bool liveAfter =
        llvm::any_of(op->getOperands(), [](Value v) { return !v.hasOneUse(); });
    std::string constraints = getAccumulatorConstraints(
        values.size(), /*tied=*/!liveAfter, values.front().getType());
    std::string text = "wgmma.wait_group.sync.aligned " +
                       std::to_string(op.getPendings()) + ";";
    for (size_t i = 0; liveAfter && i < values.size(); ++i)
      text += "\nmov.b32 $" + std::to_string(i) + ", $" +
              std::to_string(values.size() + i) + ";";
    auto structType =
        LLVM::LLVMStructType::getLiteral(rewriter.getContext(), types);
    auto wait = LLVM::InlineAsmOp::create(
        rewriter, loc, structType, values, text, constraints,
        /*has_side_effects=*/true, /*is_align_stack=*/false,
        LLVM::TailCallKind::None, LLVM::AsmDialectAttr(), ArrayAttr());
    SmallVector<SmallVector<Value>> results;
    size_t next = 0;
    for (ValueRange input : adaptor.getInputs()) {
      SmallVector<Value> &out = results.emplace_back();
      for (size_t i = 0; i < input.size(); ++i)
        out.push_back(LLVM::ExtractValueOp::create(rewriter, loc,
                                                   wait.getResult(0), next++));
    }
    SmallVector<ValueRange> ranges(results.begin(), results.end());
    rewriter.replaceOpWithMultiple(op, ranges);
    return success();
  }
};

} // namespace

void mlir::tile::populateWarpgroupDotPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns,
                                              const LoweringState &state) {
  patterns.add<WarpgroupDotLowering, WarpgroupDotWaitLowering>(
      converter, patterns.getContext(), state);
}
