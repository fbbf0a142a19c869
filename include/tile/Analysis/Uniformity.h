//===- Uniformity.h - values alike in every CTA of a cluster ----*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The cluster uniformity analysis: whether a scalar value is the same in
// every CTA of a cluster (of `tilegpu.cluster-size` CTAs along x) wherever
// they compute it. Kernel arguments, constants, program ids along y and z,
// the number of programs, and program_id(x) divided by a multiple of the
// cluster size are; program_id(x) itself, loaded values and anything
// computed from them are not. A loop's induction variable is when its
// bounds are, a loop-carried value when its initial and yielded values are
// too, an scf.if's result when its condition and yielded values are.
// tile-schedule-loops asks it, through the pass's analysis manager, whether
// a TMA load may be multicast: the same block, loaded in the same
// iterations, by every CTA of the cluster.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_ANALYSIS_UNIFORMITY_H
#define TILE_ANALYSIS_UNIFORMITY_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir {
class Operation;
namespace scf {
class ForOp;
} // namespace scf
} // namespace mlir

namespace mlir::tile {

class ClusterUniformity {
public:
  /// For the clusters of `op`'s module (tilegpu.cluster-size CTAs along x;
  /// one when unset), as the analysis manager builds it.
  explicit ClusterUniformity(Operation *op);

  /// The CTAs per cluster the answers are for.
  unsigned getClusterSize() const { return clusterSize; }

  /// Whether `value` is the same in every CTA of a cluster.
  bool isUniform(Value value);

  /// Whether `loop` runs the same iterations in every CTA of a cluster:
  /// its bounds and step are uniform.
  bool hasUniformBounds(scf::ForOp loop);

private:
  bool compute(Value value);

  unsigned clusterSize;
  /// Settled answers. A loop-carried value is assumed uniform while its
  /// own yielded value is being judged (the greatest fixed point: alike on
  /// entry and alike after each alike iteration). "Not uniform" is always
  /// kept; "uniform" only once no assumption is pending.
  llvm::DenseMap<Value, bool> known;
  llvm::DenseSet<Value> assumed;
  /// "Uniform" found while assumptions are pending: settled when the
  /// outermost holds, dropped when any fails. (Judging such values again
  /// each time they are reached took time exponential in shared operands.)
  llvm::DenseSet<Value> provisional;
  /// How deep isUniform is in operands now, and how deep it may go.
  unsigned depth = 0;
  static constexpr unsigned kMaxDepth = 512;
};

} // namespace mlir::tile

#endif // TILE_ANALYSIS_UNIFORMITY_H
