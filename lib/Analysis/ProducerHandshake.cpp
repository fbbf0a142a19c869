//===- ProducerHandshake.cpp - a warp split's mbarrier handshake ----------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "ProducerHandshake.h"

using namespace mlir;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;
using namespace mlir::tile::barrier;

/// The producer's side of a warp_specialize handshake: each TMA copy
/// fills a stage of a data ring, completes on the same stage of a full
/// ring, and must first wait on the same stage of an empty ring, which
/// the kernel's warps arrive on once done reading. Records the rings
/// (data rings by their full and empty rings); a copy that does not wait
/// is an error.
void ProducerHandshake::collect(WarpSpecializeOp split, Reporter &reporter) {
  split.getProducer().walk(
      [&](AsyncTMACopyOp copy) {
        StageTag data = getStageTag(copy.getResult());
        StageTag full = getStageTag(copy.getBarrier());
        auto sameStage = [&](const StageTag &t) {
          return t.stages && t.stages == data.stages && t.base == data.base &&
                 t.offset == data.offset;
        };
        Operation *empty = nullptr;
        for (Operation *op = copy->getPrevNode(); op && !empty;
             op = op->getPrevNode())
          if (auto wait = dyn_cast<WaitBarrierOp>(op);
              wait && sameStage(getStageTag(wait.getBarrier())))
            empty = getStageTag(wait.getBarrier()).ring;
        if (!data.stages || !sameStage(full) || !empty) {
          if (reporter.report(copy))
            copy->emitError()
                << "copies into a stage the kernel's warps may still be "
                   "reading: a producer's copy goes into stage `(iv + c) rem "
                   "S` of a ring, completes on that stage of a ring of full "
                   "barriers, and first waits on that stage of a ring of empty "
                   "barriers (tilenv.wait_barrier in the same block)";
          return;
        }
        addAll(fullRings[full.ring], SmallVector<Operation *>{data.ring});
        addAll(emptyRings[empty], SmallVector<Operation *>{data.ring});
        fed.insert(data.ring);
      });
}

/// The stage `tag` (of a full or empty ring) of each data ring in `rings`.
static SmallVector<StageTag> dataStages(const StageTag &tag,
                                        ArrayRef<Operation *> rings) {
  return llvm::map_to_vector(rings, [&](Operation *ring) {
    return StageTag{ring, tag.base, tag.offset, tag.stages};
  });
}

/// The kernel's side of the handshake, in the default region: a wait on
/// a full barrier makes its stage held, an arrival on an empty one hands
/// it back (no warpgroup dot may still be reading it), and a read of a
/// producer-fed ring must be of a held stage.
void ProducerHandshake::check(Operation *op, Pending &state,
                              Reporter &reporter) {
  if (auto wait = dyn_cast<WaitBarrierOp>(op)) {
    StageTag tag = getStageTag(wait.getBarrier());
    auto it = fullRings.find(tag.ring);
    if (tag.stages && it != fullRings.end())
      addAll(state.held, dataStages(tag, it->second));
    return;
  }
  if (auto arrive = dyn_cast<ArriveBarrierOp>(op)) {
    StageTag tag = getStageTag(arrive.getBarrier());
    auto it = emptyRings.find(tag.ring);
    if (!tag.stages || it == emptyRings.end())
      return;
    AsyncTargets reading = Pending::flatten(state.dotGroups);
    for (const StageTag &stage : dataStages(tag, it->second)) {
      if (llvm::any_of(reading,
                       [&](const AsyncTarget &t) {
                         return t.stage.ring == stage.ring &&
                                !t.stage.isOtherStageThan(stage);
                       }) &&
          reporter.report(op)) {
        op->emitError() << "hands back a stage that a warpgroup dot may "
                           "still be reading: wait for it first "
                           "(tilenv.warpgroup_dot_wait)";
      }
      llvm::erase(state.held, stage);
    }
    return;
  }
  // The buffers the op declares it reads, so that an op known only by its
  // effects is held to the handshake too.
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return;
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffectsOnResource(SharedMemory::get(), instances);
  for (const MemoryEffects::EffectInstance &effect : instances) {
    Value buffer = effect.getValue();
    if (!buffer || !isa<MemoryEffects::Read>(effect.getEffect()))
      continue;
    StageTag tag = getStageTag(buffer);
    if (!fed.contains(tag.ring) && !fed.contains(buffer.getDefiningOp()))
      continue;
    if (!llvm::is_contained(state.held, tag) && reporter.report(op)) {
      op->emitError() << "reads a stage of a ring the producer fills "
                         "without holding it: wait on the stage's full "
                         "barrier first (tilenv.wait_barrier), and read it "
                         "before handing it back (tilenv.arrive_barrier)";
    }
  }
}
