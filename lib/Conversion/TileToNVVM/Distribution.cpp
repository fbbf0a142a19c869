//===- Distribution.cpp - which thread holds which tensor element ---------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Distribution.h"

#include <algorithm>

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

static Value constantI32(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(b, loc, value, 32);
}

ThreadIds mlir::tile::emitThreadIds(OpBuilder &b, Location loc,
                                    unsigned threadsPerWarp) {
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  tid = arith::IndexCastUIOp::create(b, loc, b.getI32Type(), tid);
  Value width = constantI32(b, loc, threadsPerWarp);
  return {arith::RemUIOp::create(b, loc, tid, width),
          arith::DivUIOp::create(b, loc, tid, width)};
}

Value mlir::tile::emitUniformWarp(OpBuilder &b, Location loc,
                                  const ThreadIds &ids,
                                  unsigned threadsPerWarp) {
  return NVVM::ShflOp::create(b, loc, b.getI32Type(), constantI32(b, loc, -1),
                              ids.warp, constantI32(b, loc, 0),
                              constantI32(b, loc, threadsPerWarp - 1),
                              NVVM::ShflKind::idx, UnitAttr());
}

/// The base distribution of a blocked layout or of mma.sync's accumulators
/// over `shape`; failure for other layouts.
static FailureOr<Distribution::Base> baseOf(Attribute layout,
                                            ArrayRef<int64_t> shape) {
  Distribution::Base base;
  base.shape = SmallVector<int64_t>(shape);
  if (auto blocked = dyn_cast_or_null<BlockedLayoutAttr>(layout)) {
    base.sizePerThread = SmallVector<unsigned>(blocked.getSizePerThread());
    base.repeats = SmallVector<unsigned>(shape.size(), 1);
    base.threads = SmallVector<unsigned>(blocked.getThreads());
    base.warps = SmallVector<unsigned>(blocked.getWarps());
    base.order = SmallVector<unsigned>(blocked.getDimOrder());
    return base;
  }
  if (auto mma = dyn_cast_or_null<MmaLayoutAttr>(layout)) {
    // mma.sync m16n8 accumulators: lane l holds rows l/4 and l/4 + 8 and
    // columns 2*(l%4) + {0, 1} of each 16x8 tile; warps tile the result
    // row-major. Registers c0..c3 are (row, col) = (0,0) (0,1) (8,0) (8,1).
    // wgmma's (version 3) are the same: warp w of a warpgroup holds rows
    // 16*w.. of its 64, as 16x8 tiles along N. Warpgroups side by side
    // along N (warpsPerCTA [W, 2]) each hold a contiguous instruction's N
    // of columns, the warps of a warpgroup consecutive along M.
    if (shape.size() != 2 ||
        (mma.getVersionMajor() != 2 && mma.getVersionMajor() != 3))
      return failure();
    base.sizePerThread = {1, 2};
    base.repeats = {2, 1};
    base.threads = {8, 4};
    base.warps = SmallVector<unsigned>(mma.getWarps());
    base.order = {1, 0};
    if (mma.getVersionMajor() == 3 && base.warps[1] > 1) {
      base.repeats[1] = mma.getInstrShape()[1] / 8;
      base.warpStride = {1, base.warps[0]};
    }
    return base;
  }
  return failure();
}

/// mma.sync operands for a result of layout `mma`: lane l holds A's rows
/// l/4 and l/4 + 8 and B's column l/4, and of each K step (8 kWidth wide) K
/// elements kWidth*(l%4) + {0..kWidth-1} and those + 4 kWidth: pairs of
/// 16-bit elements for m16n8k16 (kWidth 2), single tf32 ones for m16n8k8
/// (kWidth 1), four i8 for m16n8k32 (kWidth 4).
static FailureOr<Distribution::Base> mmaOperandBase(DotOperandLayoutAttr layout,
                                                    ArrayRef<int64_t> shape) {
  auto mma = dyn_cast<MmaLayoutAttr>(layout.getParent());
  unsigned kWidth = layout.getKWidth();
  if (!mma || mma.getVersionMajor() != 2 ||
      !llvm::is_contained({1u, 2u, 4u}, kWidth) || shape.size() != 2)
    return failure();
  ArrayRef<unsigned> warps = mma.getWarps();
  Distribution::Base base;
  base.shape = SmallVector<int64_t>(shape);
  if (layout.getOpIdx() == 0) { // A: M x K
    base.sizePerThread = {1, kWidth};
    base.repeats = {2, 2};
    base.threads = {8, 4};
    base.warps = {warps[0], 1};
    base.order = {1, 0};
    base.warpStride = {warps[1], 1};
    base.replicaStride = 1;
    base.replicaWarps = warps[1];
  } else { // B: K x N
    base.sizePerThread = {kWidth, 1};
    base.repeats = {2, 1};
    base.threads = {4, 8};
    base.warps = {1, warps[1]};
    base.order = {0, 1};
    base.warpStride = {1, 1};
    base.replicaStride = warps[1];
    base.replicaWarps = warps[0];
  }
  return base;
}

FailureOr<Distribution> Distribution::get(RankedTensorType type) {
  Distribution d;
  d.shape = SmallVector<int64_t>(type.getShape());
  // A layout whose base distribution is the tensor's own.
  auto fromBase = [&](FailureOr<Base> base) -> FailureOr<Distribution> {
    if (failed(base))
      return failure();
    d.kind = Kind::Blocked;
    d.base = *base;
    enumerate(d.base, d.tuples);
    d.sizePerThread = d.base.sizePerThread;
    d.threads = d.base.threads;
    d.warps = d.base.warps;
    d.order = d.base.order;
    return d;
  };
  Attribute encoding = type.getEncoding();
  if (isa_and_nonnull<BlockedLayoutAttr, MmaLayoutAttr>(encoding))
    return fromBase(baseOf(encoding, d.shape));
  if (auto slice = dyn_cast_or_null<SliceLayoutAttr>(encoding)) {
    // The parent's distribution over the shape with the sliced dimension put
    // back as 1; the slice holds the parent's elements at index 0 there.
    d.kind = Kind::Slice;
    d.slicedDim = slice.getDim();
    SmallVector<int64_t> parentShape(d.shape);
    parentShape.insert(parentShape.begin() + d.slicedDim, 1);
    FailureOr<Distribution> parent = get(RankedTensorType::get(
        parentShape, type.getElementType(), slice.getParent()));
    if (failed(parent))
      return failure();
    d.parent = std::make_shared<const Distribution>(std::move(*parent));
    for (unsigned e = 0; e < d.parent->getNumElements(); ++e) {
      ArrayRef<int64_t> tuple = d.parent->getTuple(e);
      if (tuple[d.slicedDim] != 0)
        continue;
      d.parentElements.push_back(e);
      SmallVector<int64_t> t(tuple);
      t.erase(t.begin() + d.slicedDim);
      d.tuples.push_back(t);
    }
    auto drop = [&](ArrayRef<unsigned> v) {
      SmallVector<unsigned> r(v);
      r.erase(r.begin() + d.slicedDim);
      return r;
    };
    d.sizePerThread = drop(d.parent->sizePerThread);
    d.threads = drop(d.parent->threads);
    d.warps = drop(d.parent->warps);
    for (unsigned o : d.parent->order)
      if (o != d.slicedDim)
        d.order.push_back(o > d.slicedDim ? o - 1 : o);
    return d;
  }
  if (auto dotOperand = dyn_cast_or_null<DotOperandLayoutAttr>(encoding);
      dotOperand && isa<MmaLayoutAttr>(dotOperand.getParent()))
    return fromBase(mmaOperandBase(dotOperand, d.shape));
  if (auto dotOperand = dyn_cast_or_null<DotOperandLayoutAttr>(encoding)) {
    auto parent = dyn_cast<BlockedLayoutAttr>(dotOperand.getParent());
    unsigned rank = type.getRank();
    if (!parent || rank < 2 || rank > 3 ||
        parent.getSizePerThread().size() != rank)
      return failure();
    d.kind = Kind::DotOperand;
    d.opIdx = dotOperand.getOpIdx();
    // A ([B]xMxK) keeps the parent's batches and rows, B ([B]xKxN) its
    // batches and columns; K is whole on every thread.
    unsigned kDim = d.getKDim();
    d.kSize = d.shape[kDim];
    SmallVector<int64_t> baseShape(d.shape);
    baseShape[kDim] = 1;
    d.base = *baseOf(parent, baseShape);
    SmallVector<SmallVector<int64_t>> all;
    enumerate(d.base, all);
    for (auto &tuple : all) {
      if (tuple[kDim] != 0)
        continue;
      for (int64_t k = 0; k < d.kSize; ++k) {
        SmallVector<int64_t> t(tuple);
        t[kDim] = k;
        d.tuples.push_back(t);
        d.baseTuples.push_back(tuple);
      }
    }
    // A thread's contiguous elements: the parent's along the kept
    // dimensions, all of K.
    d.sizePerThread = SmallVector<unsigned>(d.base.sizePerThread);
    d.sizePerThread[kDim] = unsigned(d.kSize);
    d.threads = d.base.threads;
    d.warps = d.base.warps;
    d.order = d.base.order;
    return d;
  }
  return failure();
}

void Distribution::enumerate(const Base &base,
                             SmallVectorImpl<SmallVector<int64_t>> &out) {
  size_t rank = base.shape.size();
  SmallVector<int64_t> count(rank);
  for (size_t d = 0; d < rank; ++d)
    count[d] = llvm::divideCeil(base.shape[d], base.tileSize(d)) *
               base.sizePerThread[d] * base.repeats[d];
  int64_t total = 1;
  for (int64_t c : count)
    total *= c;
  for (int64_t e = 0; e < total; ++e) {
    SmallVector<int64_t> tuple(rank);
    int64_t rest = e;
    for (unsigned d : base.order) {
      tuple[d] = rest % count[d];
      rest /= count[d];
    }
    out.push_back(tuple);
  }
}

int64_t Distribution::findElement(ArrayRef<int64_t> tuple) const {
  for (auto [e, t] : llvm::enumerate(tuples))
    if (ArrayRef<int64_t>(t) == tuple)
      return e;
  return -1;
}

int64_t Distribution::getConstantCoordinate(unsigned d, int64_t index) const {
  // (index / (s*r)) * tile + ((index / s) % r) * (s*t) + index % s
  int64_t s = base.sizePerThread[d], r = base.repeats[d], t = base.threads[d];
  return (index / (s * r)) * base.tileSize(d) + ((index / s) % r) * (s * t) +
         index % s;
}

int64_t Distribution::getRepetitionStart(unsigned e, unsigned dim) const {
  assert(kind == Kind::Blocked && "a blocked or mma distribution");
  int64_t s = base.sizePerThread[dim], r = base.repeats[dim];
  return (tuples[e][dim] / (s * r)) * base.tileSize(dim);
}

std::optional<SmallVector<int64_t>>
Distribution::getFirstThreadCoordinates(unsigned e) const {
  if (kind != Kind::Blocked || hasReplication())
    return std::nullopt;
  SmallVector<int64_t> coords;
  for (unsigned d = 0; d < getRank(); ++d)
    coords.push_back(getConstantCoordinate(d, tuples[e][d]));
  return coords;
}

std::optional<SmallVector<int64_t>>
Distribution::getThreadOffset(unsigned lane, unsigned warp) const {
  if (kind != Kind::Blocked || hasReplication())
    return std::nullopt;
  // As emitBaseCoordinate computes it: warp * (s*r*t) + lane * s.
  auto along = [&](unsigned id, ArrayRef<unsigned> counts, unsigned d) {
    return (id / getIdStride(counts, d)) % counts[d];
  };
  SmallVector<int64_t> offset;
  for (unsigned d = 0; d < getRank(); ++d) {
    int64_t s = base.sizePerThread[d], r = base.repeats[d], t = base.threads[d];
    int64_t w = base.warpStride.empty()
                    ? along(warp, base.warps, d)
                    : (warp / base.warpStride[d]) % base.warps[d];
    offset.push_back(w * (s * r * t) + along(lane, base.threads, d) * s);
  }
  return offset;
}

Value Distribution::emitLaneOrWarpCoordinate(OpBuilder &b, Location loc,
                                             Value id,
                                             ArrayRef<unsigned> counts,
                                             unsigned dim) const {
  if (counts[dim] == 1)
    return constantI32(b, loc, 0);
  int64_t stride = getIdStride(counts, dim);
  Value v = id;
  if (stride > 1)
    v = arith::DivUIOp::create(b, loc, v, constantI32(b, loc, stride));
  return arith::RemUIOp::create(b, loc, v, constantI32(b, loc, counts[dim]));
}

Value Distribution::emitWarpOf(OpBuilder &b, Location loc, const ThreadIds &ids,
                               unsigned d) const {
  if (base.warpStride.empty())
    return emitLaneOrWarpCoordinate(b, loc, ids.warp, base.warps, d);
  if (base.warps[d] == 1)
    return constantI32(b, loc, 0);
  Value w = ids.warp;
  if (base.warpStride[d] > 1)
    w = arith::DivUIOp::create(b, loc, w,
                               constantI32(b, loc, base.warpStride[d]));
  return arith::RemUIOp::create(b, loc, w, constantI32(b, loc, base.warps[d]));
}

Value Distribution::emitBaseCoordinate(OpBuilder &b, Location loc,
                                       const ThreadIds &ids, unsigned d,
                                       int64_t index, bool wrap) const {
  int64_t s = base.sizePerThread[d], r = base.repeats[d], t = base.threads[d];
  int64_t tile = base.tileSize(d);
  Value lane = emitLaneOrWarpCoordinate(b, loc, ids.lane, base.threads, d);
  Value warp = emitWarpOf(b, loc, ids, d);
  // getConstantCoordinate + warp * (s*r*t) + lane * s
  Value c = constantI32(b, loc, getConstantCoordinate(d, index));
  c = arith::AddIOp::create(
      b, loc, c,
      arith::MulIOp::create(b, loc, warp, constantI32(b, loc, s * r * t)));
  c = arith::AddIOp::create(
      b, loc, c, arith::MulIOp::create(b, loc, lane, constantI32(b, loc, s)));
  if (wrap && tile > base.shape[d])
    c = arith::RemUIOp::create(b, loc, c, constantI32(b, loc, base.shape[d]));
  return c;
}

SmallVector<Value> Distribution::emitCoordinates(OpBuilder &b, Location loc,
                                                 const ThreadIds &ids,
                                                 unsigned e) const {
  SmallVector<Value> coords;
  switch (kind) {
  case Kind::Blocked:
    for (unsigned d = 0; d < getRank(); ++d)
      coords.push_back(emitBaseCoordinate(b, loc, ids, d, tuples[e][d], true));
    return coords;
  case Kind::Slice:
    coords = parent->emitCoordinates(b, loc, ids, parentElements[e]);
    coords.erase(coords.begin() + slicedDim);
    return coords;
  case Kind::DotOperand:
    for (unsigned d = 0; d < getRank(); ++d)
      coords.push_back(
          d == getKDim()
              ? constantI32(b, loc, tuples[e][d])
              : emitBaseCoordinate(b, loc, ids, d, baseTuples[e][d], true));
    return coords;
  }
  return coords;
}

bool Distribution::hasReplication() const {
  if (kind == Kind::Slice)
    return parent->hasReplication();
  if (kind != Kind::Blocked || base.replicaWarps > 1)
    return true;
  for (unsigned d = 0; d < getRank(); ++d)
    if (base.tileSize(d) > base.shape[d])
      return true;
  return false;
}

bool Distribution::hasRuns(unsigned dim, unsigned width) const {
  // Consecutive indices are consecutive coordinates only within a thread's
  // contiguous elements.
  if (getNumElements() % width || getSizePerThread(dim) % width)
    return false;
  for (unsigned e = 0; e < getNumElements(); e += width) {
    ArrayRef<int64_t> first = getTuple(e);
    if (first[dim] % width)
      return false;
    for (unsigned i = 1; i < width; ++i) {
      ArrayRef<int64_t> t = getTuple(e + i);
      for (unsigned d = 0; d < getRank(); ++d)
        if (t[d] != first[d] + (d == dim ? int64_t(i) : 0))
          return false;
    }
  }
  return true;
}

Value Distribution::emitOwner(OpBuilder &b, Location loc, const ThreadIds &ids,
                              unsigned e) const {
  if (kind == Kind::Slice)
    return parent->emitOwner(b, loc, ids, parentElements[e]);
  if (!hasReplication())
    return {};
  ArrayRef<int64_t> tuple = kind == Kind::Blocked ? tuples[e] : baseTuples[e];
  Value owner;
  for (unsigned d = 0; d < base.shape.size(); ++d) {
    bool dimReplicated = base.tileSize(d) > base.shape[d] ||
                         (kind == Kind::DotOperand && base.shape[d] == 1);
    if (!dimReplicated)
      continue;
    Value c = emitBaseCoordinate(b, loc, ids, d, tuple[d], /*wrap=*/false);
    Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, c,
                                     constantI32(b, loc, base.shape[d]));
    owner = owner ? arith::AndIOp::create(b, loc, owner, ok) : ok;
  }
  if (base.replicaWarps > 1) {
    // Of the warps holding copies, the first owns the element.
    Value w = ids.warp;
    if (base.replicaStride > 1)
      w = arith::DivUIOp::create(b, loc, w,
                                 constantI32(b, loc, base.replicaStride));
    w = arith::RemUIOp::create(b, loc, w,
                               constantI32(b, loc, base.replicaWarps));
    Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, w,
                                        constantI32(b, loc, 0));
    owner = owner ? arith::AndIOp::create(b, loc, owner, first) : first;
  }
  if (!owner)
    owner = arith::ConstantIntOp::create(b, loc, 1, 1);
  return owner;
}

unsigned Distribution::getLaneStride(unsigned dim) const {
  if (kind == Kind::Slice)
    return parent->getLaneStride(parentDim(dim));
  return getIdStride(base.threads, dim);
}

int64_t Distribution::getIdStride(ArrayRef<unsigned> counts,
                                  unsigned dim) const {
  int64_t stride = 1;
  for (unsigned o : base.order) {
    if (o == dim)
      break;
    stride *= counts[o];
  }
  return stride;
}

Value Distribution::emitWarpCoordinate(OpBuilder &b, Location loc,
                                       const ThreadIds &ids,
                                       unsigned dim) const {
  if (kind == Kind::Slice)
    return parent->emitWarpCoordinate(b, loc, ids, parentDim(dim));
  return emitWarpOf(b, loc, ids, dim);
}

Value Distribution::emitLaneCoordinate(OpBuilder &b, Location loc,
                                       const ThreadIds &ids,
                                       unsigned dim) const {
  if (kind == Kind::Slice)
    return parent->emitLaneCoordinate(b, loc, ids, parentDim(dim));
  return emitLaneOrWarpCoordinate(b, loc, ids.lane, base.threads, dim);
}

int64_t Distribution::getConstantOffset(unsigned e, unsigned dim) const {
  switch (kind) {
  case Kind::Blocked:
    return getConstantCoordinate(dim, tuples[e][dim]);
  case Kind::Slice:
    return parent->getConstantOffset(parentElements[e], parentDim(dim));
  case Kind::DotOperand:
    // K is held whole: its index is its coordinate.
    if (dim == getKDim())
      return tuples[e][dim];
    return getConstantCoordinate(dim, baseTuples[e][dim]);
  }
  llvm_unreachable("unknown distribution kind");
}

unsigned Distribution::distinctAlongBase(unsigned d, unsigned count,
                                         int64_t unit) const {
  // A dot operand's base is 1 along K: all its lanes and warps there are
  // copies.
  int64_t distinct = llvm::divideCeil(base.shape[d], unit);
  return unsigned(std::clamp<int64_t>(distinct, 1, count));
}

unsigned Distribution::getDistinctThreads(unsigned dim) const {
  if (kind == Kind::Slice)
    return parent->getDistinctThreads(parentDim(dim));
  return distinctAlongBase(dim, base.threads[dim], base.sizePerThread[dim]);
}

unsigned Distribution::getRepeats(unsigned dim) const {
  if (kind == Kind::Slice)
    return parent->getRepeats(parentDim(dim));
  return base.repeats[dim];
}

unsigned Distribution::getDistinctWarps(unsigned dim) const {
  if (kind == Kind::Slice)
    return parent->getDistinctWarps(parentDim(dim));
  int64_t unit =
      int64_t(base.sizePerThread[dim]) * base.repeats[dim] * base.threads[dim];
  return distinctAlongBase(dim, base.warps[dim], unit);
}
