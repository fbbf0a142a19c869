//===- Alias.h - which allocations a shared-memory buffer may be -*- C++
//-*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// For every value of buffer type, the set of allocations (tilegpu.local_alloc
// results, or buffer arguments of a function whose callers are unknown) it
// may be a view of: through buffer_index and buffer_trans views, selects,
// and scf.if / scf.for results and iteration arguments. Sparse forward
// data flow; the join is set union.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_ANALYSIS_ALIAS_H
#define TILE_ANALYSIS_ALIAS_H

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tile {

/// The lattice value: the allocations a buffer may be a view of.
class AliasInfo {
public:
  AliasInfo() = default;
  explicit AliasInfo(Value allocation) { allocations.insert(allocation); }

  const llvm::SetVector<Value> &getAllocations() const { return allocations; }

  static AliasInfo join(const AliasInfo &lhs, const AliasInfo &rhs) {
    AliasInfo result = lhs;
    result.allocations.insert(rhs.allocations.begin(), rhs.allocations.end());
    return result;
  }
  bool operator==(const AliasInfo &other) const {
    return allocations == other.allocations;
  }
  void print(llvm::raw_ostream &os) const;

private:
  llvm::SetVector<Value> allocations;
};

using AliasLattice = dataflow::Lattice<AliasInfo>;

/// The data-flow analysis computing AliasInfo for buffer values.
class AliasDataFlowAnalysis
    : public dataflow::SparseForwardDataFlowAnalysis<AliasLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  LogicalResult visitOperation(Operation *op,
                               llvm::ArrayRef<const AliasLattice *> operands,
                               llvm::ArrayRef<AliasLattice *> results) override;
  void setToEntryState(AliasLattice *lattice) override;
};

/// Runs the alias analysis over a module.
class ModuleAliasAnalysis {
public:
  explicit ModuleAliasAnalysis(Operation *module);

  /// The allocations `buffer` may be a view of; empty if unknown (dead
  /// code).
  llvm::ArrayRef<Value> getAllocations(Value buffer) const;

  /// Whether two buffer values may share memory.
  bool mayAlias(Value a, Value b) const;

private:
  DataFlowSolver solver;
};

} // namespace mlir::tile

#endif // TILE_ANALYSIS_ALIAS_H
