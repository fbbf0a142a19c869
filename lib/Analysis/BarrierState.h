//===- BarrierState.h - what the barrier analysis propagates ---*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The state of the barrier analysis (Barrier.cpp) at a program point: the
// shared memory accessed since the last CTA barrier, the asynchronous
// copies, dots and stores still in flight, each with the stage of a ring
// it touches, and the join and stage maps the fixed points over regions
// and loops use.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_ANALYSIS_BARRIERSTATE_H
#define TILE_LIB_ANALYSIS_BARRIERSTATE_H

#include "tile/Analysis/Barrier.h"
#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

#include "llvm/ADT/SmallPtrSet.h"

#include <optional>

namespace mlir::tile::barrier {

using Intervals = SmallVector<ByteInterval>;

/// Adds `from` to the set `to`, kept sorted so that equal sets compare equal
/// (the fixed point over loops depends on it).
template <typename T>
void addAll(SmallVector<T> &to, const SmallVector<T> &from) {
  for (const T &x : from) {
    auto it = llvm::lower_bound(to, x);
    if (it == to.end() || !(*it == x))
      to.insert(it, x);
  }
}

/// The first interval of `a` that overlaps one of `b`, if any.
std::optional<ByteInterval> findOverlap(const Intervals &a, const Intervals &b);

/// Which stage of a multi-buffered allocation a view is:
/// `ring[(base + offset) mod stages]`, `base` null for a constant index.
/// Two views of one allocation with the same base and different offsets
/// (mod stages) are different stages. `stages == 0`: unknown.
struct StageTag {
  Operation *ring = nullptr;
  Value base;
  int64_t offset = 0, stages = 0;
  bool operator==(const StageTag &o) const {
    return ring == o.ring && base == o.base && offset == o.offset &&
           stages == o.stages;
  }
  bool operator<(const StageTag &o) const {
    return std::make_tuple(ring, base.getAsOpaquePointer(), offset, stages) <
           std::make_tuple(o.ring, o.base.getAsOpaquePointer(), o.offset,
                           o.stages);
  }
  /// Provably a different stage of the same allocation.
  bool isOtherStageThan(const StageTag &o) const {
    return stages != 0 && ring == o.ring && stages == o.stages &&
           base == o.base && offset != o.offset;
  }
};

/// The stage `buffer` views: a tilegpu.buffer_index whose index is
/// `(base + c) rem S` or the constant c, S the allocation's stage count.
StageTag getStageTag(Value buffer);

/// The tag of what an op that orders its own accesses
/// (tilegpu::AsyncOpInterface::ordersOwnAccesses) issues reading `buffer`:
/// no ring, the buffer as base, no stages (no ring's tag has that shape,
/// and stage maps leave it alone).
StageTag getSelfOrderedTag(Value buffer);
bool isSelfOrderedTag(const StageTag &tag);

/// An asynchronous copy's destination bytes and stage.
struct AsyncTarget {
  ByteInterval bytes;
  StageTag stage;
  bool operator==(const AsyncTarget &o) const {
    return bytes == o.bytes && stage == o.stage;
  }
  bool operator<(const AsyncTarget &o) const {
    return std::tie(bytes, stage) < std::tie(o.bytes, o.stage);
  }
};
using AsyncTargets = SmallVector<AsyncTarget>;

/// The bytes of `targets` that may be in the same stage as `stage` (all of
/// them but those provably in another stage of the same allocation).
Intervals sharedWith(const AsyncTargets &targets, const StageTag &stage);

/// All the bytes of `targets` (none is provably in another stage than an
/// unknown one).
Intervals bytesOf(const AsyncTargets &targets);

/// A TMA copy in flight: its destination, the mbarrier it completes on,
/// and whether it may not have been issued (its predicate is not constant).
struct TMATarget {
  AsyncTarget data;
  ByteInterval barrier;
  StageTag barrierStage;
  bool conditional;
  bool operator==(const TMATarget &o) const {
    return data == o.data && barrier == o.barrier &&
           barrierStage == o.barrierStage && conditional == o.conditional;
  }
  bool operator<(const TMATarget &o) const {
    return std::tie(data, barrier, barrierStage, conditional) <
           std::tie(o.data, o.barrier, o.barrierStage, o.conditional);
  }
};

/// The bytes of one mbarrier.
constexpr int64_t kMBarrierBytes = 8;

/// Shared memory accessed since the last barrier. Reads keep the stage
/// they read: a write to another stage of the same ring needs no barrier
/// after them (a loop that reads the next stage early, as `tile-prefetch`
/// makes it, refills the one before without a second barrier).
struct Pending {
  AsyncTargets reads;
  Intervals writes;
  /// TMA copies issued and not yet waited for (on their own mbarrier).
  SmallVector<TMATarget> tma;
  /// cp.async copies issued but not committed, and committed groups
  /// (oldest first) not yet waited for.
  AsyncTargets uncommittedCopies;
  SmallVector<AsyncTargets> copyGroups;
  /// Shared memory asynchronous warpgroup dots may still be reading, one
  /// group per dot (oldest first).
  SmallVector<AsyncTargets> dotGroups;
  /// Shared memory bulk copies (TMA stores) may still be reading, one group
  /// per copy (oldest first).
  SmallVector<AsyncTargets> bulkReadGroups;
  /// In the default region of a tilenv.warp_specialize: the stages of the
  /// rings the producer fills that the kernel's warps hold (waited for on
  /// the stage's full barrier, not yet handed back on its empty one).
  SmallVector<StageTag> held;

  /// The groups in flight on one of the group queues.
  SmallVector<AsyncTargets> &groups(tilegpu::AsyncQueue queue) {
    switch (queue) {
    case tilegpu::AsyncQueue::CopyGroups:
      return copyGroups;
    case tilegpu::AsyncQueue::DotGroups:
      return dotGroups;
    case tilegpu::AsyncQueue::BulkReadGroups:
    case tilegpu::AsyncQueue::MBarrier:
      break;
    }
    assert(queue == tilegpu::AsyncQueue::BulkReadGroups &&
           "the mbarrier queue has no groups");
    return bulkReadGroups;
  }

  AsyncTargets allAsync() const {
    AsyncTargets all = uncommittedCopies;
    for (const AsyncTargets &group : copyGroups)
      addAll(all, group);
    for (const TMATarget &copy : tma)
      addAll(all, AsyncTargets{copy.data});
    return all;
  }

  /// The targets of all `groups` (dotGroups, bulkReadGroups) as one set.
  static AsyncTargets flatten(const SmallVector<AsyncTargets> &groups) {
    AsyncTargets all;
    for (const AsyncTargets &group : groups)
      addAll(all, group);
    return all;
  }

  /// Drops all but the `keep` most recent of `groups` and returns the
  /// others' targets (what an async_wait or a warpgroup_dot_wait completes).
  static AsyncTargets retire(SmallVector<AsyncTargets> &groups, size_t keep) {
    size_t retired = groups.size() - std::min(keep, groups.size());
    AsyncTargets done;
    for (size_t i = 0; i < retired; ++i)
      addAll(done, groups[i]);
    groups.erase(groups.begin(), groups.begin() + retired);
    return done;
  }

  /// Rewrites every async target's stage tag (loop entry and back edges).
  void mapStages(function_ref<StageTag(const StageTag &)> fn) {
    auto apply = [&](AsyncTargets &targets) {
      AsyncTargets mapped;
      for (AsyncTarget t : targets) {
        if (t.stage.stages)
          t.stage = fn(t.stage);
        addAll(mapped, AsyncTargets{t});
      }
      targets = std::move(mapped);
    };
    apply(reads);
    apply(uncommittedCopies);
    for (AsyncTargets &group : copyGroups)
      apply(group);
    for (AsyncTargets &group : dotGroups)
      apply(group);
    for (AsyncTargets &group : bulkReadGroups)
      apply(group);
    SmallVector<TMATarget> mapped;
    for (TMATarget t : tma) {
      if (t.data.stage.stages)
        t.data.stage = fn(t.data.stage);
      if (t.barrierStage.stages)
        t.barrierStage = fn(t.barrierStage);
      addAll(mapped, SmallVector<TMATarget>{t});
    }
    tma = std::move(mapped);
    // A stage whose tag is lost cannot be known to be held.
    SmallVector<StageTag> still;
    for (const StageTag &tag : held)
      if (StageTag t = fn(tag); t.stages)
        addAll(still, SmallVector<StageTag>{t});
    held = std::move(still);
  }

  void join(const Pending &other) {
    addAll(reads, other.reads);
    addAll(writes, other.writes);
    addAll(tma, other.tma);
    addAll(uncommittedCopies, other.uncommittedCopies);
    // Align groups by recency: the most recent groups wait together.
    auto merge = [](SmallVector<AsyncTargets> &mine,
                    const SmallVector<AsyncTargets> &theirs) {
      size_t n = std::max(mine.size(), theirs.size());
      SmallVector<AsyncTargets> groups(n);
      for (const SmallVector<AsyncTargets> *from :
           std::initializer_list<const SmallVector<AsyncTargets> *>{&mine,
                                                                    &theirs})
        for (size_t i = 0; i < from->size(); ++i)
          addAll(groups[n - from->size() + i], (*from)[i]);
      mine = std::move(groups);
    };
    merge(copyGroups, other.copyGroups);
    merge(dotGroups, other.dotGroups);
    merge(bulkReadGroups, other.bulkReadGroups);
    // Held on every path only.
    llvm::erase_if(held, [&](const StageTag &tag) {
      return !llvm::is_contained(other.held, tag);
    });
  }

  /// Keeps at most `limit` groups by merging the oldest: with no wait in
  /// the function keeping more than `limit - 1` groups pending, the oldest
  /// groups always land together, so this loses nothing; it bounds the
  /// state of loops that commit groups without waiting.
  static void capGroups(SmallVector<AsyncTargets> &groups, size_t limit) {
    while (groups.size() > limit) {
      addAll(groups[1], groups[0]);
      groups.erase(groups.begin());
    }
  }

  bool operator==(const Pending &other) const {
    return reads == other.reads && writes == other.writes && tma == other.tma &&
           uncommittedCopies == other.uncommittedCopies &&
           copyGroups == other.copyGroups && dotGroups == other.dotGroups &&
           bulkReadGroups == other.bulkReadGroups && held == other.held;
  }
};

/// The errors an analysis reports: each op once, and whether any was.
struct Reporter {
  llvm::SmallPtrSet<Operation *, 4> reported;
  bool failed = false;
  /// Records a failure at `op`; true if `op` was not reported before (the
  /// caller then emits the error).
  bool report(Operation *op) {
    failed = true;
    return reported.insert(op).second;
  }
};

} // namespace mlir::tile::barrier

#endif // TILE_LIB_ANALYSIS_BARRIERSTATE_H
