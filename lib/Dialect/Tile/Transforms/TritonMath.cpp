//===- TritonMath.cpp - Triton's precision for its float ops --------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Marks the f32 divisions, exponentials and square roots of a Triton
// program `fastmath<afn>`: in TTIR they mean Triton's approximate
// instructions, which convert-tile-to-nvvm emits for ops that allow
// approximation.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TRITONMATH
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;

namespace {

struct TritonMath : public tile::impl::TritonMathBase<TritonMath> {
  void runOnOperation() override {
    getOperation().walk([](Operation *op) {
      if (!isa<arith::DivFOp, math::ExpOp, math::Exp2Op, math::SqrtOp,
               math::RsqrtOp>(op) ||
          !getElementTypeOrSelf(op->getResult(0).getType()).isF32())
        return;
      auto fastMath = cast<arith::ArithFastMathInterface>(op);
      arith::FastMathFlags flags = fastMath.getFastMathFlagsAttr().getValue() |
                                   arith::FastMathFlags::afn;
      op->setAttr(fastMath.getFastMathAttrName(),
                  arith::FastMathFlagsAttr::get(op->getContext(), flags));
    });
  }
};

} // namespace
