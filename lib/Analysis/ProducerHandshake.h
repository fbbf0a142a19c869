//===- ProducerHandshake.h - a warp split's mbarrier handshake --*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The barrier analysis' check of a tilenv.warp_specialize: the producer
// thread and the kernel's warps order their use of the rings' stages with
// full and empty mbarriers, not CTA barriers, and this class checks that
// each side keeps its half of that protocol.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_ANALYSIS_PRODUCERHANDSHAKE_H
#define TILE_LIB_ANALYSIS_PRODUCERHANDSHAKE_H

#include "BarrierState.h"

namespace mlir::tile::barrier {

/// The rings of the warp_specialize whose default region is being visited:
/// data rings by the full and empty rings of their stages, and the rings
/// the producer fills.
class ProducerHandshake {
public:
  /// Reads the producer region of `split`.
  void collect(tilenvgpu::WarpSpecializeOp split, Reporter &reporter);
  /// Updates `state` for `op` of the default region (the stages held) and
  /// checks its reads of producer-fed rings.
  void check(Operation *op, Pending &state, Reporter &reporter);
  /// Whether a producer fills any ring (in a default region).
  bool isActive() const { return !fed.empty(); }

private:
  DenseMap<Operation *, SmallVector<Operation *>> fullRings, emptyRings;
  llvm::SmallPtrSet<Operation *, 4> fed;
};

} // namespace mlir::tile::barrier

#endif // TILE_LIB_ANALYSIS_PRODUCERHANDSHAKE_H
