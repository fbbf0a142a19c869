//===- PipelineUtils.h - shared by scheduling and expansion -----*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The shapes tile-schedule-loops looks for and tile-pipeline expands: a
// load staged through a shared buffer (a stream), the ops its copy is
// computed by, and the loop's place in its kernel.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_DIALECT_TILEGPU_TRANSFORMS_PIPELINEUTILS_H
#define TILE_LIB_DIALECT_TILEGPU_TRANSFORMS_PIPELINEUTILS_H

#include "tile/Analysis/Alignment.h"
#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <optional>

namespace mlir::tile {

/// A load copied ahead: the load (a tile.load, copied with cp.async, or a
/// tile.descriptor_load, copied by TMA), the buffer it fills, the ops of
/// the loop body its operands are computed by, and the loop-carried values
/// among their inputs.
struct Stream {
  Operation *load;
  tilegpu::LocalAllocOp alloc;
  SmallVector<Operation *> slice;
  SmallVector<BlockArgument> carried;
  /// For each of `carried`: its recurrence (getRecurrence), or nothing for
  /// a loop-invariant step.
  SmallVector<SmallVector<Operation *>> updates;

  DescriptorLoadOp getTMALoad() const {
    return dyn_cast<DescriptorLoadOp>(load);
  }
};

/// For a loop-carried value that advances by a loop-invariant amount each
/// iteration (yielded as addptr(arg, step) or addi(arg, step): Triton's
/// `a_ptrs += BLOCK_K * stride_k`), that amount.
Value getInductionStep(scf::ForOp loop, BlockArgument arg);

/// Whether `op`, or an op nested in it, may have a memory effect that
/// `matches` accepts: an op that declares no effects may have any.
bool mayHaveEffect(
    Operation *op,
    function_ref<bool(const MemoryEffects::EffectInstance &)> matches);

/// For a loop-carried value that each iteration computes from itself, the
/// induction variable and values defined outside the loop (flex
/// attention's key offset, advanced by block indices it loads), the body
/// ops that compute the next iteration's value, in program order. Loads
/// among them are only allowed where the loop writes only shared memory.
std::optional<SmallVector<Operation *>> getRecurrence(scf::ForOp loop,
                                                      BlockArgument arg);

/// `load` (a tile.load or tile.descriptor_load of `loop`'s body) as a
/// stream, if its only use is a local_alloc of the body (of a swizzled or
/// NVMMA layout, the descriptor's own for TMA) read only by local_loads
/// and warpgroup dots, and the ops its operands depend on can be cloned
/// for another iteration.
std::optional<Stream> getStream(scf::ForOp loop, Operation *load);

/// Whether the operands of `load` (a tile.load or tile.descriptor_load of
/// `loop`'s body) are computed by ops that can be cloned for another
/// iteration (getStream's condition on them).
bool hasClonableOperands(scf::ForOp loop, Operation *load);

/// The stages of `loop`'s rings: its own count, where the kernel gave it
/// one (Triton's `tl.range(..., num_stages=N)`, TTIR's tt.num_stages),
/// else `fallback` (the pass's option).
int64_t getLoopStages(scf::ForOp loop, int64_t fallback);

/// Whether tile-schedule-loops can pipeline `loop`: a constant lower bound
/// and a constant step of at least 1 (a loop of another step, or starting
/// below 0, is normalized first, which needs a signed comparison).
bool isPipelinable(scf::ForOp loop);

/// Whether `load` into a buffer of type `buffer` can be a cp.async (vectors
/// of 4, 8 or 16 bytes on both sides, zero where masked off). Any other
/// copy lowers to a synchronous load and store, which gains nothing from
/// being issued stages ahead and only multiplies the code
/// (examples/matmul.mlir, K not known aligned, is faster unpipelined:
/// docs/performance.md).
bool isAsyncCopy(LoadOp load, tilegpu::BufferType buffer,
                 const ModuleAlignmentAnalysis &alignment);

/// Whether tile-schedule-loops can copy `load`, a load of `loop`'s body,
/// ahead into a buffer of type `buffer` (null where none fits): not
/// volatile, a cp.async (isAsyncCopy) whose operands can be computed for
/// another iteration (hasClonableOperands). What tile-optimize-dot-operands
/// and tile-stage-converted-loads stage a load for.
bool canCopyAhead(scf::ForOp loop, LoadOp load, tilegpu::BufferType buffer,
                  const ModuleAlignmentAnalysis &alignment);

/// Whether `use` of an asynchronous dot's result passes it straight back to
/// the dot's accumulator, iteration argument `index` of `loop`. (Not
/// through an scf.if: its result would merge the in-flight registers with
/// another value that a branch may write before the products land.)
bool isCarriedBack(OpOperand &use, scf::ForOp loop, unsigned index);

/// The synchronous warpgroup dot of `loop`'s body that comes before every
/// use of iteration argument `arg`, if any: its wait for all of its
/// warpgroup's groups completes whatever was in flight for `arg`.
tilenvgpu::WarpgroupDotOp getSyncDotBefore(scf::ForOp loop, BlockArgument arg);

/// Whether warpgroup dot `dot` of `loop`'s body can stay in flight into the
/// next iteration: both operands staged by `streams`, the accumulator an
/// iteration argument read by the dot alone (an asynchronous dot's
/// registers must not be read before a wait), and the result carried back
/// to it (isCarriedBack) or used inside an scf.if of the loop body, which
/// then waits for the products.
bool canCarryInFlight(scf::ForOp loop, tilenvgpu::WarpgroupDotOp dot,
                      ArrayRef<Stream> streams);

/// Whether the copies of `streams` read a value that one of `ops` defines
/// (a producer, which issues them, could not see it there).
bool readsAnyOf(ArrayRef<Stream> streams, ArrayRef<Operation *> ops);

/// Whether `loop` can move into the default region of a
/// tilenv.warp_specialize placed before it: directly in a kernel's body, and
/// every op before it either safe to run on the extra warp or a pure tensor
/// op that can move into the default region too (collected in `sink`).
bool canSpecialize(scf::ForOp loop, SmallVectorImpl<Operation *> &sink);

} // namespace mlir::tile

#endif // TILE_LIB_DIALECT_TILEGPU_TRANSFORMS_PIPELINEUTILS_H
