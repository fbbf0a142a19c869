//===- Uniformity.cpp - values alike in every CTA of a cluster ------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "tile/Analysis/Uniformity.h"

#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

ClusterUniformity::ClusterUniformity(Operation *op)
    : clusterSize(tilegpu::getClusterSize(op)) {}

bool ClusterUniformity::isUniform(Value value) {
  if (auto it = known.find(value); it != known.end())
    return it->second;
  if (assumed.contains(value) || provisional.contains(value))
    return true;
  // Past this depth of operands the answer is "varying", which only costs
  // multicast: a chain of tens of thousands of ops overflowed the stack.
  if (depth >= kMaxDepth)
    return false;
  ++depth;
  bool uniform = compute(value);
  --depth;
  if (!uniform || assumed.empty())
    known[value] = uniform;
  else
    provisional.insert(value);
  return uniform;
}

bool ClusterUniformity::hasUniformBounds(scf::ForOp loop) {
  return isUniform(loop.getLowerBound()) && isUniform(loop.getUpperBound()) &&
         isUniform(loop.getStep());
}

/// Whether `value` is program_id(x) of CTAs that differ only in their rank
/// within the cluster, divided (rounding down) by a multiple of the
/// cluster size: cluster c holds the CTAs of x ids c * size ... c * size +
/// size - 1.
static bool isClusterIndex(Operation *op, unsigned clusterSize) {
  auto pid = op->getNumOperands() == 2
                 ? op->getOperand(0).getDefiningOp<GetProgramIdOp>()
                 : GetProgramIdOp();
  APInt amount;
  if (!pid || pid.getAxis() != ProgramIDDim::X ||
      !matchPattern(op->getOperand(1), m_ConstantInt(&amount)) ||
      !amount.isStrictlyPositive() || amount.getActiveBits() > 32)
    return false;
  uint64_t divisor = amount.getZExtValue();
  if (isa<arith::ShRUIOp, arith::ShRSIOp>(op))
    divisor = amount.getZExtValue() < 32 ? uint64_t(1) << divisor : 0;
  else if (!isa<arith::DivUIOp, arith::DivSIOp, arith::FloorDivSIOp>(op))
    return false;
  return divisor && divisor % clusterSize == 0;
}

bool ClusterUniformity::compute(Value value) {
  if (clusterSize <= 1)
    return true;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *parent = arg.getOwner()->getParentOp();
    // A kernel's arguments: every CTA gets the same.
    if (auto fn = dyn_cast<FuncOp>(parent))
      return arg.getOwner()->isEntryBlock() && fn.isPublic();
    auto loop = dyn_cast<scf::ForOp>(parent);
    if (!loop || !hasUniformBounds(loop))
      return false;
    if (arg == loop.getInductionVar())
      return true;
    assumed.insert(arg);
    bool uniform = isUniform(loop.getTiedLoopInit(arg)->get()) &&
                   isUniform(loop.getTiedLoopYieldedValue(arg)->get());
    assumed.erase(arg);
    // What was found uniform under an assumption that failed may not be;
    // under the outermost one, once it holds, it is.
    if (!uniform)
      provisional.clear();
    else if (assumed.empty()) {
      for (Value settled : provisional)
        known[settled] = true;
      provisional.clear();
    }
    return uniform;
  }
  Operation *op = value.getDefiningOp();
  if (auto pid = dyn_cast<GetProgramIdOp>(op))
    return pid.getAxis() != ProgramIDDim::X;
  if (isClusterIndex(op, clusterSize))
    return true;
  unsigned index = cast<OpResult>(value).getResultNumber();
  if (auto branch = dyn_cast<scf::IfOp>(op))
    return isUniform(branch.getCondition()) &&
           isUniform(branch.thenYield().getOperand(index)) &&
           isUniform(branch.elseYield().getOperand(index));
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return isUniform(loop.getRegionIterArg(index));
  // Anything else must be a pure function of its operands: what memory
  // holds may differ between CTAs.
  if (op->getNumRegions() || !isMemoryEffectFree(op))
    return false;
  return llvm::all_of(op->getOperands(),
                      [&](Value operand) { return isUniform(operand); });
}
