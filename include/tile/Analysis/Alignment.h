//===- Alignment.h - contiguity, divisibility and constancy -----*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The alignment analysis: for every integer or pointer value (scalar or
// tensor), per dimension, how long the runs of consecutive values are
// (contiguity), what power of two divides the first value of every run
// (divisibility; in bytes for pointers), and how long the runs of equal
// values are (constancy). Runs are aligned blocks: a contiguity of 4 along a
// dimension means elements 0..3, 4..7, ... each hold consecutive values.
// Passes query it to vectorize and coalesce memory accesses.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_ANALYSIS_ALIGNMENT_H
#define TILE_ANALYSIS_ALIGNMENT_H

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::tile {

/// The lattice value. Every entry is a power of two; a scalar has rank 1.
/// Rank 0 is the uninitialized state (nothing known yet).
class AlignmentInfo {
public:
  /// The largest divisibility tracked; the divisibility of 0.
  static constexpr int64_t kMaxDivisibility = int64_t(1) << 32;

  AlignmentInfo() = default;
  AlignmentInfo(llvm::SmallVector<int64_t> contiguity,
                llvm::SmallVector<int64_t> divisibility,
                llvm::SmallVector<int64_t> constancy,
                std::optional<int64_t> constantValue = std::nullopt)
      : contiguity(std::move(contiguity)),
        divisibility(std::move(divisibility)), constancy(std::move(constancy)),
        constantValue(constantValue) {}

  /// Nothing known: runs of 1, divisible by 1.
  static AlignmentInfo getPessimistic(unsigned rank);
  /// What the argument hints (tile.divisibility, ...) of `arg` say, or
  /// pessimistic without hints.
  static AlignmentInfo getFromHints(BlockArgument arg);

  bool isInitialized() const { return !contiguity.empty(); }
  unsigned getRank() const { return contiguity.size(); }
  int64_t getContiguity(unsigned d) const { return contiguity[d]; }
  int64_t getDivisibility(unsigned d) const { return divisibility[d]; }
  int64_t getConstancy(unsigned d) const { return constancy[d]; }
  llvm::ArrayRef<int64_t> getContiguity() const { return contiguity; }
  llvm::ArrayRef<int64_t> getDivisibility() const { return divisibility; }
  llvm::ArrayRef<int64_t> getConstancy() const { return constancy; }
  std::optional<int64_t> getConstantValue() const { return constantValue; }

  /// The divisibility of the elements at positions that are multiples of
  /// `stride` along `d`: they are run starts only if runs are no longer than
  /// the stride. `unit` converts positions to the value's unit (the element
  /// size in bytes for a pointer, 1 otherwise).
  int64_t getDivisibilityAt(unsigned d, int64_t stride, int64_t unit = 1) const;

  /// The lattice join: what holds on both sides.
  static AlignmentInfo join(const AlignmentInfo &lhs, const AlignmentInfo &rhs);

  bool operator==(const AlignmentInfo &other) const {
    return contiguity == other.contiguity &&
           divisibility == other.divisibility && constancy == other.constancy &&
           constantValue == other.constantValue;
  }

  void print(llvm::raw_ostream &os) const;

private:
  llvm::SmallVector<int64_t> contiguity, divisibility, constancy;
  std::optional<int64_t> constantValue;
};

using AlignmentLattice = dataflow::Lattice<AlignmentInfo>;

/// The sparse forward data-flow analysis computing AlignmentInfo. Load it in
/// a DataFlowSolver together with DeadCodeAnalysis and
/// SparseConstantPropagation, or use ModuleAlignmentAnalysis.
class AlignmentDataFlowAnalysis
    : public dataflow::SparseForwardDataFlowAnalysis<AlignmentLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  LogicalResult
  visitOperation(Operation *op,
                 llvm::ArrayRef<const AlignmentLattice *> operands,
                 llvm::ArrayRef<AlignmentLattice *> results) override;

  void
  visitNonControlFlowArguments(Operation *op, const RegionSuccessor &successor,
                               llvm::ArrayRef<AlignmentLattice *> argLattices,
                               unsigned firstIndex) override;

  void setToEntryState(AlignmentLattice *lattice) override;
};

/// Runs the alignment analysis over a module and answers the queries that
/// passes ask about memory accesses.
class ModuleAlignmentAnalysis {
public:
  explicit ModuleAlignmentAnalysis(Operation *module);

  /// The analysis result for `value`, or null if it was never reached (dead
  /// code) or is not an integer or pointer.
  const AlignmentInfo *getInfo(Value value) const;

  /// Dimensions of a pointer tensor from the most contiguous to the least;
  /// ties keep the order of `preferredOrder` (a layout's order).
  llvm::SmallVector<unsigned>
  getOrderByContiguity(Value ptr,
                       llvm::ArrayRef<unsigned> preferredOrder) const;

  /// Consecutive elements along `dim` that a pointer tensor lets one thread
  /// access as one aligned vector: min(contiguity, divisibility in bytes /
  /// element size), at least 1.
  unsigned getPtrAlignment(Value ptr, unsigned dim) const;

  /// Consecutive elements along `dim` over which a mask is known to be
  /// uniform (its constancy); the whole tensor for no mask.
  unsigned getMaskAlignment(Value mask, unsigned dim) const;

  /// Elements per vector of a global access through `ptr` (a tensor of
  /// pointers with a blocked or mma accumulator layout) under `mask`: as
  /// many as the layout gives one thread contiguously along its fastest
  /// dimension (an accumulator: pairs of columns), the pointers' alignment
  /// allows and the mask keeps uniform, up to 16 bytes, rounded down to a
  /// power of two; 1 for i1 or pointer elements and other layouts.
  unsigned getAccessWidth(Value ptr, Value mask) const;

private:
  DataFlowSolver solver;
};

} // namespace mlir::tile

#endif // TILE_ANALYSIS_ALIGNMENT_H
