//===- NonNegative.h - integer values that are never negative ---*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A sparse forward analysis of which integer values (scalars, or every
// element of a tensor) are never negative. The alignment analysis asks it
// about the dividends of signed division and remainder, which keep a
// contiguous operand's runs only where the operand is not negative.
//
// Offset arithmetic is assumed not to wrap, as the alignment analysis
// assumes of its runs: sums and products of non-negative values are
// non-negative. The sources are program ids and their counts, ranges from
// non-negative starts, non-negative constants, and `llvm.intr.assume` of
// `x >= c` (c >= 0) or `x > c` (c >= -1) in the block that defines x
// (Triton's `tl.assume(pid_n >= 0)`).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_ANALYSIS_NONNEGATIVE_H
#define TILE_ANALYSIS_NONNEGATIVE_H

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"

namespace mlir::tile {

/// The lattice value: nothing known yet, never negative, or possibly
/// negative (the top).
class NonNegative {
public:
  NonNegative() = default;
  explicit NonNegative(bool nonNegative)
      : state(nonNegative ? State::NonNegative : State::Unknown) {}

  bool isUninitialized() const { return state == State::Uninitialized; }
  bool isNonNegative() const { return state == State::NonNegative; }

  static NonNegative join(const NonNegative &lhs, const NonNegative &rhs) {
    if (lhs.isUninitialized())
      return rhs;
    if (rhs.isUninitialized())
      return lhs;
    return NonNegative(lhs.isNonNegative() && rhs.isNonNegative());
  }
  bool operator==(const NonNegative &other) const {
    return state == other.state;
  }
  void print(llvm::raw_ostream &os) const;

private:
  enum class State { Uninitialized, NonNegative, Unknown };
  State state = State::Uninitialized;
};

using NonNegativeLattice = dataflow::Lattice<NonNegative>;

/// Load it in a DataFlowSolver with DeadCodeAnalysis and
/// SparseConstantPropagation (ModuleAlignmentAnalysis does).
class NonNegativeAnalysis
    : public dataflow::SparseForwardDataFlowAnalysis<NonNegativeLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  LogicalResult
  visitOperation(Operation *op,
                 llvm::ArrayRef<const NonNegativeLattice *> operands,
                 llvm::ArrayRef<NonNegativeLattice *> results) override;
  void
  visitNonControlFlowArguments(Operation *op, const RegionSuccessor &successor,
                               llvm::ArrayRef<NonNegativeLattice *> argLattices,
                               unsigned firstIndex) override;
  void setToEntryState(NonNegativeLattice *lattice) override;
};

} // namespace mlir::tile

#endif // TILE_ANALYSIS_NONNEGATIVE_H
