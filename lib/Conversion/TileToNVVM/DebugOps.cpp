//===- DebugOps.cpp - device-side print and assert ------------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tile.print as one printf per element; tile.assert as a printf of its
// message and a trap in the threads where any of their elements fails.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

/// One printf per element: program id, element coordinates, value.
struct PrintLowering : public TilePattern<PrintOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(PrintOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ThreadIds ids = emitThreadIds(rewriter, loc, state.threadsPerWarp);
    Value pid = arith::IndexCastUIOp::create(
        rewriter, loc, rewriter.getI32Type(),
        gpu::BlockIdOp::create(rewriter, loc, gpu::Dimension::x));
    if (op.getArgs().empty()) {
      gpu::PrintfOp::create(
          rewriter, loc,
          rewriter.getStringAttr("pid %d: " + op.getPrefix().str() + "\n"),
          ValueRange{pid});
      rewriter.eraseOp(op);
      return success();
    }
    for (auto [i, arg] : llvm::enumerate(op.getArgs())) {
      bool isSigned = op.getIsSigned()[i] != 0;
      auto tensor = dyn_cast<RankedTensorType>(arg.getType());
      std::optional<Distribution> dist;
      if (tensor)
        dist = getDistribution(tensor);
      ValueRange values = adaptor.getArgs()[i];
      for (unsigned e = 0; e < values.size(); ++e) {
        std::string format = "pid %d";
        SmallVector<Value> printArgs = {pid};
        if (dist) {
          format += " idx (";
          for (auto [d, c] :
               llvm::enumerate(dist->emitCoordinates(rewriter, loc, ids, e))) {
            format += d ? ", %d" : "%d";
            printArgs.push_back(c);
          }
          format += ")";
        }
        format += ": " + op.getPrefix().str();
        Value v = values[e];
        Type type = v.getType();
        if (isa<FloatType>(type)) {
          format += "%f";
          v = arith::ExtFOp::create(rewriter, loc, rewriter.getF64Type(), v);
        } else if (isa<LLVM::LLVMPointerType>(type)) {
          format += "%p";
        } else {
          format += op.getHex() ? "0x%llx" : (isSigned ? "%lld" : "%llu");
          if (type.getIntOrFloatBitWidth() < 64)
            v = isSigned ? arith::ExtSIOp::create(rewriter, loc,
                                                  rewriter.getI64Type(), v)
                               .getResult()
                         : arith::ExtUIOp::create(rewriter, loc,
                                                  rewriter.getI64Type(), v)
                               .getResult();
        }
        printArgs.push_back(v);
        gpu::PrintfOp::create(rewriter, loc,
                              rewriter.getStringAttr(format + "\n"), printArgs);
      }
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// A failed element prints the message and traps.
struct AssertLowering : public TilePattern<AssertOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(AssertOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value allTrue;
    for (Value v : adaptor.getCondition())
      allTrue = andOf(rewriter, loc, allTrue, v);
    Value failed = arith::XOrIOp::create(
        rewriter, loc, allTrue,
        arith::ConstantIntOp::create(rewriter, loc, 1, 1));
    predicated(rewriter, loc, failed, Type(),
               [&](OpBuilder &b) -> Value {
                 gpu::PrintfOp::create(
                     b, loc,
                     b.getStringAttr(
                         "Assertion failed: " + op.getMessage().str() + "\n"),
                     ValueRange{});
                 LLVM::Trap::create(b, loc);
                 return {};
               },
               {});
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tile::populateDebugPatterns(const TypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       const LoweringState &state) {
  patterns.add<PrintLowering, AssertLowering>(converter, patterns.getContext(),
                                              state);
}
