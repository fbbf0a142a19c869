//===- SharedOffsets.cpp - a thread's shared-memory offsets ---------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "SharedOffsets.h"
#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

void mlir::tile::addOffsets(OpBuilder &b, Location loc,
                            MutableArrayRef<Value> coords,
                            ArrayRef<int64_t> offsets) {
  for (auto [coord, offset] : llvm::zip(coords, offsets))
    if (offset)
      coord = arith::AddIOp::create(b, loc, coord, createI32(b, loc, offset));
}

SharedOffsets::SharedOffsets(OpBuilder &b, Location loc, const ThreadIds &ids,
                             const Distribution &dist, ArrayRef<int64_t> shift,
                             FoldFn fold, EmitFn emit, unsigned numWarps,
                             unsigned threadsPerWarp, bool linear,
                             function_ref<bool(unsigned)> include)
    : b(b), loc(loc), ids(ids), dist(dist), shift(shift), fold(fold),
      emit(emit) {
  if (linear)
    plan(numWarps * threadsPerWarp, threadsPerWarp, include);
}

Value SharedOffsets::get(unsigned e) {
  auto at = [&](unsigned element) {
    SmallVector<Value> coords = dist.emitCoordinates(b, loc, ids, element);
    addOffsets(b, loc, coords, shift);
    return emit(coords);
  };
  auto it = constants.find(e);
  if (it == constants.end())
    return at(e);
  if (!first)
    first = at(firstElement);
  auto [pattern, immediate] = it->second;
  Value &reg = patterns[pattern];
  if (!reg)
    reg = pattern
              ? arith::XOrIOp::create(b, loc, first, createI32(b, loc, pattern))
                    .getResult()
              : first;
  return immediate
             ? arith::AddIOp::create(b, loc, reg, createI32(b, loc, immediate))
                   .getResult()
             : reg;
}

void SharedOffsets::plan(unsigned threads, unsigned threadsPerWarp,
                         function_ref<bool(unsigned)> include) {
  SmallVector<unsigned> elements;
  for (unsigned e = 0, count = dist.getNumElements(); e < count; ++e)
    if (!include || include(e))
      elements.push_back(e);
  if (elements.size() < 2 || !dist.getFirstThreadCoordinates(elements[0]))
    return;
  SmallVector<SmallVector<int64_t>> firsts;
  for (unsigned e : elements) {
    SmallVector<int64_t> c = *dist.getFirstThreadCoordinates(e);
    for (auto [coord, offset] : llvm::zip(c, shift))
      coord += offset;
    firsts.push_back(std::move(c));
  }
  auto offsetOf = [&](ArrayRef<int64_t> c, ArrayRef<int64_t> thread) {
    SmallVector<int64_t> at(c);
    for (auto [coord, add] : llvm::zip(at, thread))
      coord += add;
    return fold(at);
  };
  SmallVector<int64_t> zero(dist.getRank(), 0);
  int64_t base0 = offsetOf(firsts[0], zero);
  SmallVector<int64_t> xors;
  for (ArrayRef<int64_t> c : firsts)
    xors.push_back(offsetOf(c, zero) ^ base0);
  int64_t varying = 0;
  for (unsigned t = 0; t < threads; ++t) {
    SmallVector<int64_t> thread =
        *dist.getThreadOffset(t % threadsPerWarp, t / threadsPerWarp);
    int64_t base = offsetOf(firsts[0], thread);
    varying |= base ^ base0;
    for (unsigned i = 1; i < firsts.size(); ++i)
      if (offsetOf(firsts[i], thread) != (base ^ xors[i]))
        return;
  }
  firstElement = elements[0];
  int64_t fixed = base0 & ~varying;
  for (auto [e, x] : llvm::zip(elements, xors))
    constants[e] = {x & varying, (fixed ^ (x & ~varying)) - fixed};
}
