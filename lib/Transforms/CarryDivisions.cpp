//===- CarryDivisions.cpp - quotient and remainder as loop-carried values -===//
//
// An scf.for that divides its induction variable by a loop-invariant value
// every iteration carries the remainder (and the quotient, if read)
// instead: two adds, a compare and two selects per iteration in place of an
// unsigned division (on NVIDIA GPUs a reciprocal and a dozen dependent
// instructions, unless the divisor is a constant).
//
//===----------------------------------------------------------------------===//

#include "tile/Transforms/Passes.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tile {
#define GEN_PASS_DEF_CARRYDIVISIONS
#include "tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// The divisions and remainders of one loop's induction variable plus a
/// constant offset (a copy issued iterations ahead divides `iv + c`) by one
/// divisor. The remainder is carried in any case (it says when the
/// quotient moves on), the quotient only where a division reads it.
struct Divisor {
  Value divisor;
  int64_t offset;
  SmallVector<Operation *> divisions;
  bool needsQuotient() const {
    return llvm::any_of(divisions, llvm::IsaPred<arith::DivUIOp>);
  }
};

/// Whether `loop` counts by one, compared as signed numbers: if its lower
/// bound is non-negative too, the induction variable stays below half the
/// unsigned range (so adding a non-negative constant below that half cannot
/// wrap either), and each iteration's quotient and remainder follow from
/// the previous ones.
bool countsByOne(scf::ForOp loop) {
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  return !loop.getUnsignedCmp() && step && *step == 1;
}

/// The offset c if `value` is `loop`'s induction variable plus a constant c
/// (zero for the variable itself) that cannot make it wrap as an unsigned
/// number: below half the type's range.
std::optional<int64_t> getOffsetFromInduction(scf::ForOp loop, Value value) {
  Value iv = loop.getInductionVar();
  if (value == iv)
    return 0;
  auto add = value.getDefiningOp<arith::AddIOp>();
  if (!add)
    return std::nullopt;
  Value other = add.getLhs() == iv   ? add.getRhs()
                : add.getRhs() == iv ? add.getLhs()
                                     : Value();
  APInt offset;
  if (!other || !matchPattern(other, m_ConstantInt(&offset)) ||
      offset.isNegative())
    return std::nullopt;
  return offset.getSExtValue();
}

/// The divisors of `loop`'s induction variable plus a constant (divui and
/// remui anywhere in its body) that are defined outside the loop and not
/// constants, in program order.
SmallVector<Divisor> getDivisors(scf::ForOp loop) {
  SmallVector<Divisor> divisors;
  loop.getBody()->walk([&](Operation *op) {
    if (!isa<arith::DivUIOp, arith::RemUIOp>(op))
      return;
    std::optional<int64_t> offset =
        getOffsetFromInduction(loop, op->getOperand(0));
    Value divisor = op->getOperand(1);
    if (!offset || !loop.isDefinedOutsideOfLoop(divisor) ||
        matchPattern(divisor, m_Constant()))
      return;
    auto it = llvm::find_if(divisors, [&](const Divisor &d) {
      return d.divisor == divisor && d.offset == *offset;
    });
    if (it == divisors.end())
      divisors.push_back({divisor, *offset, {op}});
    else
      it->divisions.push_back(op);
  });
  return divisors;
}

class CarryDivisions : public tile::impl::CarryDivisionsBase<CarryDivisions> {
public:
  using Base::Base;

  void runOnOperation() override {
    SmallVector<std::pair<scf::ForOp, SmallVector<Divisor>>> loops;
    bool anyValueBound = false;
    getOperation().walk([&](scf::ForOp loop) {
      if (!countsByOne(loop))
        return;
      SmallVector<Divisor> divisors = getDivisors(loop);
      if (divisors.empty())
        return;
      anyValueBound |= !getConstantIntValue(loop.getLowerBound());
      loops.emplace_back(loop, std::move(divisors));
    });
    // A lower bound that is a value (the second loop of
    // tile-split-copy-masks starts at max(lb, split)) must be known
    // non-negative: integer range analysis, run only if there is one.
    DataFlowSolver solver;
    if (anyValueBound) {
      solver.load<dataflow::DeadCodeAnalysis>();
      solver.load<dataflow::SparseConstantPropagation>();
      solver.load<dataflow::IntegerRangeAnalysis>();
      if (failed(solver.initializeAndRun(getOperation()))) {
        getOperation().emitError("integer range analysis failed");
        return signalPassFailure();
      }
    }
    auto nonNegative = [&](Value lower) {
      if (std::optional<int64_t> value = getConstantIntValue(lower))
        return *value >= 0;
      return succeeded(dataflow::staticallyNonNegative(solver, lower));
    };
    llvm::erase_if(loops, [&](auto &entry) {
      return !nonNegative(entry.first.getLowerBound());
    });
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
    unsigned width = type.isIndex() ? IndexType::kInternalStorageBitWidth
                                    : type.getIntOrFloatBitWidth();
    auto constant = [&](const APInt &value) -> Value {
      return arith::ConstantOp::create(rewriter, loc,
                                       rewriter.getIntegerAttr(type, value));
    };
    std::optional<int64_t> lowerConstant = getConstantIntValue(lower);
    Value zero = constant(APInt(width, 0)), one = constant(APInt(width, 1));
    SmallVector<Value> inits;
    SmallVector<unsigned> position;
    for (const Divisor &d : divisors) {
      position.push_back(inits.size());
      // Below 2^width: both are below half of it.
      APInt offset(width, d.offset);
      Value first = lower;
      if (d.offset && lowerConstant)
        first = constant(APInt(width, *lowerConstant) + offset);
      else if (d.offset)
        first = arith::AddIOp::create(rewriter, loc, lower, constant(offset));
      Value safe = arith::MaxUIOp::create(rewriter, loc, d.divisor, one);
      inits.push_back(arith::RemUIOp::create(rewriter, loc, first, safe));
      if (d.needsQuotient())
        inits.push_back(arith::DivUIOp::create(rewriter, loc, first, safe));
    }
    unsigned newArgsBegin = loop.getNumRegionIterArgs();
    auto result = loop.replaceWithAdditionalYields(
        rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &b, Location loc, ArrayRef<BlockArgument> carried) {
          SmallVector<Value> next;
          for (auto [d, at] : llvm::zip_equal(divisors, position)) {
            Value bumped = arith::AddIOp::create(b, loc, carried[at], one);
            Value wraps = arith::CmpIOp::create(
                b, loc, arith::CmpIPredicate::eq, bumped, d.divisor);
            next.push_back(arith::SelectOp::create(b, loc, wraps, zero, bumped));
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
