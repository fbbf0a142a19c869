//===- BarrierState.cpp - what the barrier analysis propagates ------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "BarrierState.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace mlir::tile::barrier {

std::optional<ByteInterval> findOverlap(const Intervals &a,
                                        const Intervals &b) {
  for (const ByteInterval &x : a)
    for (const ByteInterval &y : b)
      if (x.first < y.second && y.first < x.second)
        return ByteInterval(std::max(x.first, y.first),
                            std::min(x.second, y.second));
  return std::nullopt;
}

StageTag getStageTag(Value buffer) {
  // A view of a stage (a transposed one, a dot's B) is of that stage.
  while (auto view = buffer.getDefiningOp<ViewLikeOpInterface>()) {
    if (isa<BufferIndexOp>(view))
      break;
    buffer = view.getViewSource();
  }
  auto index = buffer.getDefiningOp<BufferIndexOp>();
  auto ring = index ? index.getSrc().getDefiningOp<LocalAllocOp>() : nullptr;
  if (!ring)
    return {};
  int64_t stages = index.getSrc().getType().getShape().front();
  auto normalize = [&](Value base, int64_t c) {
    return StageTag{ring, base, ((c % stages) + stages) % stages, stages};
  };
  if (std::optional<int64_t> c = getConstantIntValue(index.getIndex()))
    return normalize(Value(), *c);
  auto rem = index.getIndex().getDefiningOp<arith::RemUIOp>();
  std::optional<int64_t> divisor =
      rem ? getConstantIntValue(rem.getRhs()) : std::nullopt;
  if (!divisor || *divisor != stages)
    return {};
  // Integer casts keep the stage: an index or i64 induction variable is
  // cast to the i32 the index takes (stages repeat long before a count
  // would wrap).
  auto uncast = [](Value v) {
    while (Operation *def = v.getDefiningOp()) {
      if (!isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::TruncIOp,
               arith::ExtSIOp, arith::ExtUIOp>(def))
        break;
      v = def->getOperand(0);
    }
    return v;
  };
  Value base = uncast(rem.getLhs());
  int64_t c = 0;
  if (auto add = base.getDefiningOp<arith::AddIOp>())
    if (std::optional<int64_t> k = getConstantIntValue(add.getRhs())) {
      base = uncast(add.getLhs());
      c = *k;
    }
  return normalize(base, c);
}

StageTag getSelfOrderedTag(Value buffer) {
  return StageTag{nullptr, buffer, 0, 0};
}

bool isSelfOrderedTag(const StageTag &tag) {
  return !tag.ring && tag.base && tag.stages == 0;
}

Intervals sharedWith(const AsyncTargets &targets, const StageTag &stage) {
  Intervals bytes;
  for (const AsyncTarget &t : targets)
    if (!t.stage.isOtherStageThan(stage))
      addAll(bytes, Intervals{t.bytes});
  return bytes;
}

Intervals bytesOf(const AsyncTargets &targets) {
  return sharedWith(targets, StageTag());
}

} // namespace mlir::tile::barrier
