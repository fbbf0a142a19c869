//===- Alias.cpp - which allocations a shared-memory buffer may be --------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "tile/Analysis/Alias.h"

#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;
using namespace mlir::dataflow;

void AliasInfo::print(raw_ostream &os) const {
  os << "[";
  llvm::interleaveComma(allocations, os, [&](Value v) {
    v.printAsOperand(os, OpPrintingFlags());
  });
  os << "]";
}

LogicalResult
AliasDataFlowAnalysis::visitOperation(Operation *op,
                                      ArrayRef<const AliasLattice *> operands,
                                      ArrayRef<AliasLattice *> results) {
  auto propagate = [&](AliasLattice *result, const AliasInfo &info) {
    propagateIfChanged(result, result->join(info));
  };
  // Views alias their source.
  if (auto view = dyn_cast<ViewLikeOpInterface>(op)) {
    for (auto [operand, lattice] : llvm::zip(op->getOperands(), operands))
      if (operand == view.getViewSource())
        propagate(results[0], lattice->getValue());
    return success();
  }
  // A select of buffers may be either.
  if (auto select = dyn_cast<arith::SelectOp>(op)) {
    if (isa<BufferType>(select.getType()))
      propagate(results[0], AliasInfo::join(operands[1]->getValue(),
                                            operands[2]->getValue()));
    return success();
  }
  // Any other op producing a buffer makes a buffer of its own.
  for (auto [result, lattice] : llvm::zip(op->getResults(), results))
    if (isa<BufferType>(result.getType()))
      propagate(lattice, AliasInfo(result));
  return success();
}

void AliasDataFlowAnalysis::setToEntryState(AliasLattice *lattice) {
  // A buffer from an unknown caller (or unknown control flow) is an
  // allocation of its own, distinct from every local one.
  Value value = lattice->getAnchor();
  if (isa<BufferType>(value.getType()))
    propagateIfChanged(lattice, lattice->join(AliasInfo(value)));
}

ModuleAliasAnalysis::ModuleAliasAnalysis(Operation *module) {
  solver.load<DeadCodeAnalysis>();
  solver.load<SparseConstantPropagation>();
  solver.load<AliasDataFlowAnalysis>();
  (void)solver.initializeAndRun(module);
}

ArrayRef<Value> ModuleAliasAnalysis::getAllocations(Value buffer) const {
  const auto *lattice = solver.lookupState<AliasLattice>(buffer);
  if (!lattice)
    return {};
  return lattice->getValue().getAllocations().getArrayRef();
}

bool ModuleAliasAnalysis::mayAlias(Value a, Value b) const {
  ArrayRef<Value> lhs = getAllocations(a), rhs = getAllocations(b);
  return llvm::any_of(lhs, [&](Value v) { return llvm::is_contained(rhs, v); });
}
