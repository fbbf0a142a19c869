//===- HoistInvariantAllocs.cpp - store loop-invariant values once --------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Moves an immutable tilegpu.local_alloc of a value defined outside a loop
// before the loop: the value is stored to shared memory once instead of in
// every iteration (attention's Q, the first dot's A operand). Upstream LICM
// leaves the op in place because it allocates and writes memory.
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
      for (LocalAllocOp alloc : invariant)
        alloc->moveBefore(loop);
    }
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
    return llvm::none_of(alloc->getUsers(), [](Operation *user) {
      return isa<LocalDeallocOp>(user);
    });
  }
};

} // namespace
