//===- NonNegative.cpp - integer values that are never negative -----------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Transfer functions of the non-negativity analysis. A claim must hold for
// every element and every run of the kernel in which offsets do not wrap;
// an unknown operand makes the result unknown unless the op bounds it
// (a remainder takes its dividend's sign, an `and` with a non-negative
// value is non-negative).
//
//===----------------------------------------------------------------------===//

#include "tile/Analysis/NonNegative.h"

#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;
using namespace mlir::dataflow;

void NonNegative::print(raw_ostream &os) const {
  os << (isUninitialized() ? "<uninitialized>"
         : isNonNegative() ? "non-negative"
                           : "unknown");
}

/// The value of an integer constant (a scalar or a splat), if `v` is one.
static std::optional<APInt> getConstantInt(Value v) {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)))
    return value;
  return std::nullopt;
}

/// Whether `llvm.intr.assume` says `v` is at least 0: a comparison `v >= c`
/// (c >= 0) or `v > c` (c >= -1), either way round, assumed in the block
/// that defines `v` (every run that defines v reaches the assumption, and
/// a false assumption is undefined behaviour).
static bool isAssumedNonNegative(Value v) {
  using P = arith::CmpIPredicate;
  for (Operation *user : v.getUsers()) {
    auto cmp = dyn_cast<arith::CmpIOp>(user);
    if (!cmp || cmp.getLhs() == cmp.getRhs())
      continue;
    bool lhs = cmp.getLhs() == v;
    std::optional<APInt> c = getConstantInt(lhs ? cmp.getRhs() : cmp.getLhs());
    if (!c)
      continue;
    // The predicate with v on the left.
    P pred = cmp.getPredicate();
    if (!lhs) {
      if (pred == P::sle) // c <= v
        pred = P::sge;
      else if (pred == P::slt) // c < v
        pred = P::sgt;
      else
        continue;
    }
    bool bounds = (pred == P::sge && !c->isNegative()) ||
                  (pred == P::sgt && (!c->isNegative() || c->isAllOnes()));
    if (!bounds)
      continue;
    for (Operation *assumer : cmp->getUsers())
      if (isa<LLVM::AssumeOp>(assumer) &&
          assumer->getBlock() == v.getParentBlock())
        return true;
  }
  return false;
}

/// Whether the single integer result of `op` is non-negative, from its
/// operands' facts `in`.
static bool computeNonNegative(Operation *op, ArrayRef<bool> in) {
  auto all = [&] { return llvm::all_of(in, [](bool b) { return b; }); };
  auto any = [&] { return llvm::any_of(in, [](bool b) { return b; }); };
  return llvm::TypeSwitch<Operation *, bool>(op)
      .Case([&](arith::ConstantOp c) {
        std::optional<APInt> value = getConstantInt(c);
        return value && !value->isNegative();
      })
      .Case(
          [&](MakeRangeOp range) { return range.getStartAttr().getInt() >= 0; })
      .Case<GetProgramIdOp, GetNumProgramsOp>([](Operation *) { return true; })
      // Every element is an operand's element.
      .Case<SplatOp, BroadcastOp, ExpandDimsOp, ConvertLayoutOp, TransOp,
            ReshapeOp, arith::IndexCastOp, arith::IndexCastUIOp,
            arith::ExtSIOp>([&](Operation *) { return in[0]; })
      .Case([](arith::ExtUIOp) { return true; })
      // No wrapping (see the header).
      .Case<arith::AddIOp, arith::MulIOp>([&](Operation *) { return all(); })
      .Case([&](arith::ShLIOp) { return in[0]; })
      // A quotient or remainder has its dividend's sign (and a signed
      // quotient its divisor's too); an unsigned one is no larger than a
      // non-negative dividend.
      .Case<arith::DivSIOp, arith::CeilDivSIOp, arith::FloorDivSIOp>(
          [&](Operation *) { return in[0] && in[1]; })
      .Case<arith::RemSIOp, arith::DivUIOp, arith::RemUIOp, arith::ShRSIOp,
            arith::CeilDivUIOp>([&](Operation *) { return in[0]; })
      .Case([&](arith::ShRUIOp shift) {
        std::optional<APInt> amount = getConstantInt(shift.getRhs());
        return in[0] || (amount && amount->getZExtValue() >= 1);
      })
      .Case<arith::AndIOp, arith::MaxSIOp, arith::MinUIOp>(
          [&](Operation *) { return any(); })
      .Case<arith::OrIOp, arith::XOrIOp, arith::MinSIOp, arith::MaxUIOp>(
          [&](Operation *) { return all(); })
      .Case([&](arith::SelectOp) { return in[1] && in[2]; })
      .Default([](Operation *) { return false; });
}

LogicalResult NonNegativeAnalysis::visitOperation(
    Operation *op, ArrayRef<const NonNegativeLattice *> operands,
    ArrayRef<NonNegativeLattice *> results) {
  SmallVector<bool> in;
  for (const NonNegativeLattice *operand : operands) {
    // Wait until every operand is known: joining later only loses facts.
    if (operand->getValue().isUninitialized())
      return success();
    in.push_back(operand->getValue().isNonNegative());
  }
  for (NonNegativeLattice *result : results) {
    Value value = result->getAnchor();
    bool nonNegative = false;
    if (getElementTypeOrSelf(value.getType()).isIntOrIndex())
      nonNegative = (op->getNumResults() == 1 && computeNonNegative(op, in)) ||
                    isAssumedNonNegative(value);
    propagateIfChanged(result, result->join(NonNegative(nonNegative)));
  }
  return success();
}

void NonNegativeAnalysis::visitNonControlFlowArguments(
    Operation *op, const RegionSuccessor &successor,
    ArrayRef<NonNegativeLattice *> argLattices, unsigned firstIndex) {
  auto loop = dyn_cast<LoopLikeOpInterface>(op);
  std::optional<Value> iv =
      loop ? loop.getSingleInductionVar() : std::optional<Value>();
  if (!iv || !loop.getSingleLowerBound() || !loop.getSingleStep())
    return SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
        op, successor, argLattices, firstIndex);
  // lb, lb + step, ...: non-negative when both are (the loop stops before
  // its bound, so no step wraps).
  auto known = [&](OpFoldResult ofr) -> std::optional<bool> {
    if (auto attr = dyn_cast<Attribute>(ofr))
      return !cast<IntegerAttr>(attr).getValue().isNegative();
    const NonNegativeLattice *lattice =
        getLatticeElementFor(getProgramPointAfter(op), cast<Value>(ofr));
    if (lattice->getValue().isUninitialized())
      return std::nullopt;
    return lattice->getValue().isNonNegative();
  };
  ValueRange inputs = successor.getSuccessorInputs();
  for (NonNegativeLattice *lattice : argLattices) {
    Value anchor = lattice->getAnchor();
    if (anchor == *iv) {
      std::optional<bool> lb = known(*loop.getSingleLowerBound());
      std::optional<bool> step = known(*loop.getSingleStep());
      if (lb && step)
        propagateIfChanged(
            lattice, lattice->join(NonNegative((*lb && *step) ||
                                               isAssumedNonNegative(anchor))));
      continue;
    }
    if (!llvm::is_contained(inputs, anchor))
      setToEntryState(lattice);
  }
}

void NonNegativeAnalysis::setToEntryState(NonNegativeLattice *lattice) {
  Value value = lattice->getAnchor();
  bool nonNegative = getElementTypeOrSelf(value.getType()).isIntOrIndex() &&
                     isAssumedNonNegative(value);
  propagateIfChanged(lattice, lattice->join(NonNegative(nonNegative)));
}
