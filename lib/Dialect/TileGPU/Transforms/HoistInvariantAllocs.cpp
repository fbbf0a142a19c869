//===- HoistInvariantAllocs.cpp - store loop-invariant values once --------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Moves an immutable tilegpu.local_alloc of a value defined outside a loop
// before the loop: the value is stored to shared memory once instead of in
// every iteration (attention's Q, the first dot's A operand). Upstream LICM
// leaves the op in place because it allocates and writes memory. Where two
// loops store the same value (flex attention's loops over partial and full
// blocks, each reading Q), the second reads the first's buffer: the value
// need not stay in registers through the first loop to be stored again.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/TileGPU/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_HOISTINVARIANTALLOCS
#include "tile/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

struct HoistInvariantAllocs
    : public tile::impl::HoistInvariantAllocsBase<HoistInvariantAllocs> {
  void runOnOperation() override {
    // Innermost loops first, so that an alloc can leave a nest loop by loop.
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      SmallVector<LocalAllocOp> invariant;
      for (auto alloc : loop.getBody()->getOps<LocalAllocOp>())
        if (isHoistable(alloc, loop))
          invariant.push_back(alloc);
      for (LocalAllocOp alloc : invariant) {
        alloc->moveBefore(loop);
        reuseEarlierStore(alloc);
      }
    }
  }

  /// Replaces `alloc`, hoisted, by an earlier alloc of its block that
  /// stores the same value into the same kind of buffer (both immutable and
  /// never freed, so the earlier buffer holds the value from there on).
  static void reuseEarlierStore(LocalAllocOp alloc) {
    for (Operation *op = alloc->getPrevNode(); op; op = op->getPrevNode()) {
      auto earlier = dyn_cast<LocalAllocOp>(op);
      if (!earlier || earlier.getSrc() != alloc.getSrc() ||
          earlier.getType() != alloc.getType() || !isNeverFreed(earlier))
        continue;
      alloc.replaceAllUsesWith(earlier.getResult());
      alloc.erase();
      return;
    }
  }

  static bool isNeverFreed(LocalAllocOp alloc) {
    return llvm::none_of(alloc->getUsers(), [](Operation *user) {
      return isa<LocalDeallocOp>(user);
    });
  }

  /// An alloc that stores a value from outside `loop` into a buffer nothing
  /// writes again (immutable) or frees: the buffer holds the same in every
  /// iteration, and freeing it with the loop's other buffers is left to the
  /// allocator, which sees it live across the loop.
  static bool isHoistable(LocalAllocOp alloc, scf::ForOp loop) {
    Value src = alloc.getSrc();
    if (!src || alloc.getType().getMutableMemory() ||
        !loop.isDefinedOutsideOfLoop(src))
      return false;
    return isNeverFreed(alloc);
  }
};

} // namespace
