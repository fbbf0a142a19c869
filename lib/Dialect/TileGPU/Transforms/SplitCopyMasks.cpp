//===- SplitCopyMasks.cpp - unmasked copies where the masks are all true --===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A pipelined loop's cp.async copies carry the bounds checks of the loads
// they replace (K against the K step, M and N against the block, and the
// pipeline's own "is there an iteration that far ahead") on every element,
// every iteration: on mma.sync kernels the compares and zero-fill selects
// are most of a warp's integer work beside the products. Those checks go
// from true to false along the loop at most once, so up to an iteration
// computed once before the loop they are all true: those iterations run as
// a loop of their own, without them.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/TileGPU/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <limits>

namespace mlir::tile {
#define GEN_PASS_DEF_SPLITCOPYMASKS
#include "tile/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

// Constants beyond this stay out of the bound arithmetic, which is done in
// 64 bits and must not overflow there.
constexpr int64_t kConstantLimit = int64_t(1) << 31;
constexpr unsigned kMaxTerms = 4;

/// A 32-bit value of a loop iteration as an exact integer:
/// `coefficient * iv + constant + sum(terms)` plus an element of
/// [lo, hi] (a tensor's per-element offsets: a tile.make_range), the terms
/// i32 values defined outside the loop.
struct Ramp {
  int64_t coefficient = 0, constant = 0, lo = 0, hi = 0;
  SmallVector<Value> terms;
};

bool small(int64_t value) {
  return value > -kConstantLimit && value < kConstantLimit;
}

/// Whether `r`'s numbers all stay within the limit.
bool small(const Ramp &r) {
  return small(r.coefficient) && small(r.constant) && small(r.lo) &&
         small(r.hi);
}

std::optional<Ramp> add(std::optional<Ramp> x, std::optional<Ramp> y,
                        int64_t sign) {
  if (!x || !y || (sign < 0 && !y->terms.empty()))
    return std::nullopt;
  Ramp r = *x;
  r.coefficient += sign * y->coefficient;
  r.constant += sign * y->constant;
  r.lo += sign > 0 ? y->lo : -y->hi;
  r.hi += sign > 0 ? y->hi : -y->lo;
  r.terms.append(y->terms);
  if (!small(r) || r.terms.size() > kMaxTerms)
    return std::nullopt;
  return r;
}

/// Values as ramps of a loop's iterations, where they are: the induction
/// variable, constants, values from outside the loop, and their sums,
/// differences and products with constants; for tensors, splats of those,
/// tile.make_range, and their expand_dims, broadcasts and layout
/// conversions. Memoized (mask arithmetic shares subexpressions), and
/// bounded in depth.
class RampFinder {
public:
  explicit RampFinder(scf::ForOp loop) : loop(loop) {}

  std::optional<Ramp> get(Value value, unsigned depth = 0) {
    if (auto it = cache.find(value); it != cache.end())
      return it->second;
    std::optional<Ramp> ramp =
        depth < kMaxDepth ? compute(value, depth + 1) : std::nullopt;
    cache[value] = ramp;
    return ramp;
  }

private:
  static constexpr unsigned kMaxDepth = 32;
  scf::ForOp loop;
  DenseMap<Value, std::optional<Ramp>> cache;

  std::optional<Ramp> compute(Value value, unsigned depth) {
    if (value == loop.getInductionVar())
      return Ramp{1, 0, 0, 0, {}};
    APInt constant;
    if (matchPattern(value, m_ConstantInt(&constant))) {
      if (constant.getBitWidth() > 64 || !small(constant.getSExtValue()))
        return std::nullopt;
      return Ramp{0, constant.getSExtValue(), 0, 0, {}};
    }
    Operation *def = value.getDefiningOp();
    if (auto splat = dyn_cast_if_present<SplatOp>(def))
      return get(splat.getSrc(), depth);
    // Shape ops and layout conversions keep the elements' values.
    if (isa_and_present<ExpandDimsOp, BroadcastOp, ConvertLayoutOp>(def))
      return get(def->getOperand(0), depth);
    if (auto range = dyn_cast_if_present<MakeRangeOp>(def)) {
      // The bounds are signed, as the verifier reads them.
      int64_t lo = range.getStartAttr().getInt();
      int64_t hi = range.getEndAttr().getInt() - 1;
      if (!small(lo) || !small(hi))
        return std::nullopt;
      return Ramp{0, 0, lo, hi, {}};
    }
    if (!isa<TensorType>(value.getType()) && loop.isDefinedOutsideOfLoop(value))
      return Ramp{0, 0, 0, 0, {value}};
    if (auto addi = dyn_cast_if_present<arith::AddIOp>(def))
      return add(get(addi.getLhs(), depth), get(addi.getRhs(), depth), 1);
    if (auto subi = dyn_cast_if_present<arith::SubIOp>(def))
      return add(get(subi.getLhs(), depth), get(subi.getRhs(), depth), -1);
    if (auto muli = dyn_cast_if_present<arith::MulIOp>(def)) {
      std::optional<Ramp> x = get(muli.getLhs(), depth);
      std::optional<Ramp> y = get(muli.getRhs(), depth);
      if (!x || !y)
        return std::nullopt;
      auto isConstant = [](const Ramp &r) {
        return !r.coefficient && r.terms.empty() && !r.lo && !r.hi;
      };
      if (!isConstant(*y))
        std::swap(x, y);
      if (!isConstant(*y) || !x->terms.empty())
        return std::nullopt;
      int64_t k = y->constant;
      Ramp r{x->coefficient * k,
             x->constant * k,
             std::min(x->lo * k, x->hi * k),
             std::max(x->lo * k, x->hi * k),
             {}};
      if (!small(r))
        return std::nullopt;
      return r;
    }
    return std::nullopt;
  }
};

/// A signed compare that holds on every element while the induction
/// variable is below some bound: `lhs < rhs` (or `<=`) with `rhs - lhs`
/// falling as the loop goes on, or not moving (a loop-invariant row or
/// column bound: then the bound is all or nothing).
struct FallingCheck {
  arith::CmpIOp cmp;
  Ramp lhs, rhs;
  bool orEqual;
};

std::optional<FallingCheck> getFallingCheck(RampFinder &ramps,
                                            arith::CmpIOp cmp) {
  Value lhs = cmp.getLhs(), rhs = cmp.getRhs();
  bool orEqual;
  switch (cmp.getPredicate()) {
  case arith::CmpIPredicate::slt:
  case arith::CmpIPredicate::sle:
    orEqual = cmp.getPredicate() == arith::CmpIPredicate::sle;
    break;
  case arith::CmpIPredicate::sgt:
  case arith::CmpIPredicate::sge:
    orEqual = cmp.getPredicate() == arith::CmpIPredicate::sge;
    std::swap(lhs, rhs);
    break;
  default:
    return std::nullopt;
  }
  if (!getElementTypeOrSelf(lhs.getType()).isInteger(32))
    return std::nullopt;
  std::optional<Ramp> l = ramps.get(lhs), r = ramps.get(rhs);
  if (!l || !r || r->coefficient - l->coefficient > 0)
    return std::nullopt;
  return FallingCheck{cmp, *l, *r, orEqual};
}

/// The checks among the ops that compute a loop's copies' masks, in its
/// body or before it in the same block, and those ops before the loop.
struct MaskSlice {
  SmallVector<FallingCheck> checks;
  llvm::SmallPtrSet<Operation *, 16> before;
};

MaskSlice getMaskSlice(scf::ForOp loop) {
  MaskSlice slice;
  RampFinder ramps(loop);
  llvm::SmallPtrSet<Operation *, 32> seen;
  SmallVector<Value> work;
  for (auto copy : loop.getBody()->getOps<AsyncCopyGlobalToLocalOp>())
    if (copy.getMask())
      work.push_back(copy.getMask());
  while (!work.empty()) {
    Operation *def = work.pop_back_val().getDefiningOp();
    if (!def || !seen.insert(def).second || def->getNumRegions() ||
        !isMemoryEffectFree(def))
      continue;
    bool inside = def->getBlock() == loop.getBody();
    if (!inside &&
        (def->getBlock() != loop->getBlock() || !def->isBeforeInBlock(loop)))
      continue;
    if (!inside)
      slice.before.insert(def);
    if (auto cmp = dyn_cast<arith::CmpIOp>(def))
      if (std::optional<FallingCheck> check = getFallingCheck(ramps, cmp)) {
        slice.checks.push_back(*check);
        continue;
      }
    llvm::append_range(work, def->getOperands());
  }
  return slice;
}

class SplitCopyMasks : public tile::impl::SplitCopyMasksBase<SplitCopyMasks> {
public:
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (!loop.getUnsignedCmp() &&
          loop.getInductionVar().getType().isInteger(32) &&
          isConstantIntValue(loop.getStep(), 1))
        loops.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    bool splitShort = false;
    for (scf::ForOp loop : loops) {
      std::optional<APInt> trips = loop.getStaticTripCount();
      bool isShort = trips && trips->getSExtValue() <= 2;
      if (isShort && !shortLoops)
        continue;
      MaskSlice slice = getMaskSlice(loop);
      if (slice.checks.empty())
        continue;
      split(rewriter, loop, slice);
      splitShort |= isShort;
    }
    if (splitShort)
      getOperation()->setAttr(TileGPUDialect::getSplitShortLoopsAttrName(),
                              UnitAttr::get(&getContext()));
  }

private:
  /// The first iteration (as an i32, clamped) at which some check may be
  /// false, computed before the loop.
  Value buildBound(IRRewriter &rewriter, scf::ForOp loop,
                   ArrayRef<FallingCheck> checks) {
    Location loc = loop.getLoc();
    Type i64 = rewriter.getI64Type();
    auto constant = [&](int64_t value) -> Value {
      return arith::ConstantIntOp::create(rewriter, loc, i64, value);
    };
    auto wide = [&](Value value) -> Value {
      return arith::ExtSIOp::create(rewriter, loc, i64, value);
    };
    auto sum = [&](Value x, Value y) -> Value {
      return arith::AddIOp::create(rewriter, loc, x, y);
    };
    auto times = [&](Value x, int64_t k) -> Value {
      return arith::MulIOp::create(rewriter, loc, x, constant(k));
    };
    auto terms = [&](const Ramp &r) {
      Value total = constant(r.constant);
      for (Value term : r.terms)
        total = sum(total, wide(term));
      return total;
    };
    auto cmp = [&](arith::CmpIPredicate predicate, Value x, Value y) -> Value {
      return arith::CmpIOp::create(rewriter, loc, predicate, x, y);
    };
    const int64_t minI32 = std::numeric_limits<int32_t>::min();
    const int64_t maxI32 = std::numeric_limits<int32_t>::max();
    Value never = constant(minI32);
    Value lower = wide(loop.getLowerBound());
    Value upper = wide(loop.getUpperBound());
    Value bound;
    for (const FallingCheck &check : checks) {
      const Ramp &l = check.lhs, &r = check.rhs;
      // rhs - lhs >= 1 (>= 0 for <=) on every element:
      // slope * iv + (r.terms - l.terms) + (r.lo - l.hi) >= need, with
      // slope < 0, holds exactly for iv <= floor(rest / -slope).
      int64_t slope = r.coefficient - l.coefficient;
      Value lTerms = terms(l), rTerms = terms(r);
      Value rest = arith::SubIOp::create(rewriter, loc, rTerms, lTerms);
      rest = sum(rest, constant(r.lo - l.hi - (check.orEqual ? 0 : 1)));
      Value end;
      if (slope) {
        Value floor =
            arith::FloorDivSIOp::create(rewriter, loc, rest, constant(-slope));
        // Clamped to where a 32-bit induction variable can be, which also
        // keeps the products below in range.
        end = arith::MaxSIOp::create(rewriter, loc, sum(floor, constant(1)),
                                     never);
        end = arith::MinSIOp::create(rewriter, loc, end, constant(maxI32));
      } else {
        end = arith::SelectOp::create(
            rewriter, loc, cmp(arith::CmpIPredicate::sge, rest, constant(0)),
            constant(maxI32), never);
      }
      // The ops compute both sides in 32 bits: the checks read them as
      // exact integers only where neither wraps, checked at both ends of
      // the iterations the first loop may run, [lower, min(end, upper))
      // (each side is monotonic in iv).
      Value last =
          sum(arith::MinSIOp::create(rewriter, loc, end, upper), constant(-1));
      Value exact;
      for (auto [side, base] :
           {std::make_pair(&l, lTerms), std::make_pair(&r, rTerms)}) {
        for (Value iv : {lower, last}) {
          Value at = sum(base, times(iv, side->coefficient));
          Value fits = arith::AndIOp::create(
              rewriter, loc,
              cmp(arith::CmpIPredicate::sge, sum(at, constant(side->lo)),
                  constant(minI32)),
              cmp(arith::CmpIPredicate::sle, sum(at, constant(side->hi)),
                  constant(maxI32)));
          exact =
              exact ? arith::AndIOp::create(rewriter, loc, exact, fits) : fits;
        }
      }
      end = arith::SelectOp::create(rewriter, loc, exact, end, never);
      bound = bound ? arith::MinSIOp::create(rewriter, loc, bound, end) : end;
    }
    return arith::TruncIOp::create(rewriter, loc, rewriter.getI32Type(), bound);
  }

  /// `loop` as two loops: up to the bound (clamped to the loop's range),
  /// a clone in which the checks are true; from there, `loop` as it was.
  void split(IRRewriter &rewriter, scf::ForOp loop, const MaskSlice &slice) {
    Location loc = loop.getLoc();
    rewriter.setInsertionPoint(loop);
    Value bound = buildBound(rewriter, loop, slice.checks);
    Value middle = arith::MaxSIOp::create(
        rewriter, loc, loop.getLowerBound(),
        arith::MinSIOp::create(rewriter, loc, bound, loop.getUpperBound()));
    auto allTrue = [&](arith::CmpIOp cmp) -> Value {
      Type type = cmp.getType();
      TypedAttr value = rewriter.getBoolAttr(true);
      if (auto shaped = dyn_cast<ShapedType>(type))
        value = DenseElementsAttr::get(shaped, true);
      return arith::ConstantOp::create(rewriter, cmp.getLoc(), type, value);
    };
    // The mask ops before the loop, again, with their checks true.
    IRMapping before;
    SmallVector<Operation *> ops;
    for (Operation &op : *loop->getBlock()) {
      if (&op == loop)
        break;
      if (slice.before.contains(&op))
        ops.push_back(&op);
    }
    for (Operation *opPtr : ops) {
      Operation &op = *opPtr;
      auto check = llvm::find_if(
          slice.checks, [&](const FallingCheck &c) { return c.cmp == &op; });
      if (check != slice.checks.end())
        before.map(op.getResult(0), allTrue(check->cmp));
      else if (llvm::any_of(op.getOperands(),
                            [&](Value v) { return before.contains(v); }))
        rewriter.clone(op, before);
    }
    IRMapping mapping;
    auto first = cast<scf::ForOp>(rewriter.clone(*loop, mapping));
    rewriter.modifyOpInPlace(first, [&] { first.setUpperBound(middle); });
    for (auto [from, to] : before.getValueMap())
      rewriter.replaceUsesWithIf(from, to, [&](OpOperand &use) {
        return first->isProperAncestor(use.getOwner());
      });
    rewriter.setInsertionPointToStart(first.getBody());
    for (const FallingCheck &check : slice.checks) {
      arith::CmpIOp cmp = check.cmp;
      if (Operation *clone = mapping.lookupOrNull(cmp.getOperation()))
        rewriter.replaceOp(clone, allTrue(cmp));
    }
    rewriter.modifyOpInPlace(loop, [&] {
      loop.setLowerBound(middle);
      loop.getInitArgsMutable().assign(first.getResults());
    });
  }
};

} // namespace
