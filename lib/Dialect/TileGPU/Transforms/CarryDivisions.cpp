//===- CarryDivisions.cpp - quotient and remainder as loop-carried values -===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An scf.for that divides its induction variable by a loop-invariant value
// every iteration carries the remainder (and the quotient, if read)
// instead: two adds, a compare and two selects per iteration in place of an
// unsigned division (on NVIDIA GPUs a reciprocal and a dozen dependent
// instructions, unless the divisor is a constant).
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/TileGPU/Transforms/Passes.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"

namespace mlir::tile {
#define GEN_PASS_DEF_CARRYDIVISIONS
#include "tile/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

/// What a divided value adds to a loop's induction variable: a constant
/// and loop-invariant values (a copy issued iterations ahead divides
/// `iv + c`, a loop over a run of a sequence `start + iv`).
struct Offset {
  APInt constant;
  SmallVector<Value, 1> invariants;
  bool operator==(const Offset &other) const {
    return constant == other.constant && invariants == other.invariants;
  }
};

/// The divisions and remainders of one loop's induction variable plus one
/// offset by one divisor. The remainder is carried in any case (it says
/// when the quotient moves on), the quotient only where a division reads
/// it. `divisor` and `offset` hold only until a loop is rewritten: the
/// loop they come from may be one, its results replaced.
struct Divisor {
  Value divisor;
  Offset offset;
  SmallVector<Operation *> divisions;
  bool needsQuotient() const {
    return llvm::any_of(divisions, llvm::IsaPred<arith::DivUIOp>);
  }
};

/// Whether `loop` counts by one, compared as signed numbers: if its lower
/// bound is non-negative too, the induction variable stays below half the
/// unsigned range (so adding a non-negative value below that half cannot
/// wrap either), and each iteration's quotient and remainder follow from
/// the previous ones.
bool countsByOne(scf::ForOp loop) {
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  return !loop.getUnsignedCmp() && step && *step == 1;
}

/// `value` as `loop`'s induction variable plus an offset, if it is a chain
/// of `arith.addi`, each adding a non-negative constant or a loop-invariant
/// value to the induction variable or the add before, none of them
/// wrapping as unsigned numbers (the carried count would not wrap with
/// them): the add of the induction variable itself with a constant or a
/// value that `isNonNegative` (both below half the range, as the variable
/// is), or any add with the `nuw` flag (a wrap would be poison).
std::optional<Offset>
getOffsetFromInduction(scf::ForOp loop, Value value,
                       function_ref<bool(Value)> isNonNegative) {
  Value iv = loop.getInductionVar();
  // The adds from `value` down to the induction variable, each with the
  // operand it adds (a constant or a value from outside the loop); the
  // other operand leads on. A loop, not a recursion: chains may be long.
  auto adds = [&](Value operand) {
    return matchPattern(operand, m_Constant()) ||
           loop.isDefinedOutsideOfLoop(operand);
  };
  SmallVector<std::pair<arith::AddIOp, Value>> chain;
  while (value != iv) {
    auto add = value.getDefiningOp<arith::AddIOp>();
    if (!add || loop.isDefinedOutsideOfLoop(value))
      return std::nullopt;
    Value inner = add.getLhs(), other = add.getRhs();
    if (!adds(other))
      std::swap(inner, other);
    if (!adds(other))
      return std::nullopt;
    chain.emplace_back(add, other);
    value = inner;
  }
  Offset offset{
      APInt::getZero(ConstantIntRanges::getStorageBitwidth(iv.getType())), {}};
  for (auto [index, link] : llvm::enumerate(llvm::reverse(chain))) {
    auto [add, other] = link;
    bool ofInduction = index == 0;
    bool noUnsignedWrap = bitEnumContainsAll(add.getOverflowFlags(),
                                             arith::IntegerOverflowFlags::nuw);
    APInt constant;
    if (matchPattern(other, m_ConstantInt(&constant))) {
      if (constant.isNegative() || (!noUnsignedWrap && !ofInduction))
        return std::nullopt;
      offset.constant += constant;
      continue;
    }
    // (A constant that is not an integer, e.g. a poison, inside the loop
    // would not be available before it.)
    if (!loop.isDefinedOutsideOfLoop(other) ||
        (!noUnsignedWrap && (!ofInduction || !isNonNegative(other))))
      return std::nullopt;
    offset.invariants.push_back(other);
  }
  return offset;
}

/// The divisors of `loop`'s induction variable plus an offset (divui and
/// remui anywhere in its body) that are defined outside the loop and not
/// constants, in program order.
SmallVector<Divisor> getDivisors(scf::ForOp loop,
                                 function_ref<bool(Value)> isNonNegative) {
  SmallVector<Divisor> divisors;
  loop.getBody()->walk([&](Operation *op) {
    if (!isa<arith::DivUIOp, arith::RemUIOp>(op))
      return;
    Value divisor = op->getOperand(1);
    if (!loop.isDefinedOutsideOfLoop(divisor) ||
        matchPattern(divisor, m_Constant()))
      return;
    std::optional<Offset> offset =
        getOffsetFromInduction(loop, op->getOperand(0), isNonNegative);
    if (!offset)
      return;
    auto it = llvm::find_if(divisors, [&](const Divisor &d) {
      return d.divisor == divisor && d.offset == *offset;
    });
    if (it == divisors.end())
      divisors.push_back({divisor, std::move(*offset), {op}});
    else
      it->divisions.push_back(op);
  });
  return divisors;
}

class CarryDivisions : public tile::impl::CarryDivisionsBase<CarryDivisions> {
public:
  using Base::Base;

  void runOnOperation() override {
    // Values not constants (a lower bound: the second loop of
    // tile-split-copy-masks starts at max(lb, split); an offset) must be
    // known non-negative: integer range analysis, run on the first such
    // question (before anything changes).
    DataFlowSolver solver;
    bool solved = false, solverFailed = false;
    auto isNonNegative = [&](Value value) {
      if (std::optional<int64_t> constant = getConstantIntValue(value))
        return *constant >= 0;
      if (!solved) {
        solved = true;
        solver.load<dataflow::DeadCodeAnalysis>();
        solver.load<dataflow::SparseConstantPropagation>();
        solver.load<dataflow::IntegerRangeAnalysis>();
        solverFailed = failed(solver.initializeAndRun(getOperation()));
      }
      return !solverFailed &&
             succeeded(dataflow::staticallyNonNegative(solver, value));
    };
    SmallVector<std::pair<scf::ForOp, SmallVector<Divisor>>> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (!countsByOne(loop))
        return;
      SmallVector<Divisor> divisors = getDivisors(loop, isNonNegative);
      if (!divisors.empty() && isNonNegative(loop.getLowerBound()))
        loops.emplace_back(loop, std::move(divisors));
    });
    if (solverFailed) {
      getOperation().emitError("integer range analysis failed");
      return signalPassFailure();
    }
    IRRewriter rewriter(&getContext());
    for (auto &[loop, divisors] : loops)
      carry(rewriter, loop, divisors);
  }

private:
  void carry(IRRewriter &rewriter, scf::ForOp loop,
             ArrayRef<Divisor> divisors) {
    Location loc = loop.getLoc();
    // The first iteration's remainders (and quotients), from the lower
    // bound; `position[i]` is divisor i's first carried value. A divisor
    // of zero leaves the loop undefined only if it runs: these divide by
    // one instead.
    rewriter.setInsertionPoint(loop);
    Value lower = loop.getLowerBound();
    Type type = lower.getType();
    unsigned width = ConstantIntRanges::getStorageBitwidth(type);
    auto constant = [&](const APInt &value) -> Value {
      return arith::ConstantOp::create(rewriter, loc,
                                       rewriter.getIntegerAttr(type, value));
    };
    std::optional<int64_t> lowerConstant = getConstantIntValue(lower);
    // The divisors and offsets as the divisions read them now: a loop
    // rewritten before this one may have replaced its results, which this
    // one divides by or adds. (The adds themselves are in this loop and
    // unchanged; whether they can wrap was decided before anything
    // changed.)
    SmallVector<std::pair<Value, Offset>> current;
    for (const Divisor &d : divisors) {
      Operation *division = d.divisions.front();
      std::optional<Offset> offset = getOffsetFromInduction(
          loop, division->getOperand(0), [](Value) { return true; });
      if (!offset)
        return;
      current.emplace_back(division->getOperand(1), std::move(*offset));
    }
    Value zero = constant(APInt(width, 0)), one = constant(APInt(width, 1));
    SmallVector<Value> inits;
    SmallVector<unsigned> position;
    for (auto [d, divisorAndOffset] : llvm::zip_equal(divisors, current)) {
      auto &[divisor, offset] = divisorAndOffset;
      position.push_back(inits.size());
      // No add wraps (getOffsetFromInduction), so neither do these.
      Value first = lower;
      for (Value invariant : offset.invariants)
        first = first == lower && lowerConstant == 0
                    ? invariant
                    : arith::AddIOp::create(rewriter, loc, first, invariant);
      if (!offset.constant.isZero() && lowerConstant &&
          offset.invariants.empty())
        first = constant(APInt(width, *lowerConstant) + offset.constant);
      else if (!offset.constant.isZero())
        first = arith::AddIOp::create(rewriter, loc, first,
                                      constant(offset.constant));
      Value safe = arith::MaxUIOp::create(rewriter, loc, divisor, one);
      inits.push_back(arith::RemUIOp::create(rewriter, loc, first, safe));
      if (d.needsQuotient())
        inits.push_back(arith::DivUIOp::create(rewriter, loc, first, safe));
    }
    unsigned newArgsBegin = loop.getNumRegionIterArgs();
    auto result = loop.replaceWithAdditionalYields(
        rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &b, Location loc, ArrayRef<BlockArgument> carried) {
          SmallVector<Value> next;
          for (auto [d, divisorAndOffset, at] :
               llvm::zip_equal(divisors, current, position)) {
            Value bumped = arith::AddIOp::create(b, loc, carried[at], one);
            Value wraps =
                arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, bumped,
                                      divisorAndOffset.first);
            next.push_back(
                arith::SelectOp::create(b, loc, wraps, zero, bumped));
            if (!d.needsQuotient())
              continue;
            Value quotient = carried[at + 1];
            next.push_back(arith::SelectOp::create(
                b, loc, wraps, arith::AddIOp::create(b, loc, quotient, one),
                quotient));
          }
          return next;
        });
    if (failed(result))
      return;
    auto newLoop = cast<scf::ForOp>(result->getOperation());
    for (auto [d, at] : llvm::zip_equal(divisors, position))
      for (Operation *division : d.divisions)
        rewriter.replaceOp(
            division, newLoop.getRegionIterArg(newArgsBegin + at +
                                               isa<arith::DivUIOp>(division)));
  }
};

} // namespace
