//===- SharedMemoryOps.cpp - shared buffers and async copies --------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Shared buffers are addressed through their swizzled layout; tensors move
// in and out of them with vector accesses, ldmatrix and stmatrix; cp.async
// copies fill them from global memory, in groups that a wait completes.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "SharedOffsets.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include <map>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

MatrixLanes mlir::tile::emitMatrixLanes(OpBuilder &b, Location loc,
                                        Value lane) {
  return {arith::DivUIOp::create(b, loc, lane, createI32(b, loc, 4)),
          arith::MulIOp::create(
              b, loc,
              arith::RemUIOp::create(b, loc, lane, createI32(b, loc, 4)),
              createI32(b, loc, 2)),
          arith::RemUIOp::create(b, loc, lane, createI32(b, loc, 8)),
          arith::DivUIOp::create(b, loc, lane, createI32(b, loc, 8))};
}

Value mlir::tile::selectFromMatrix(OpBuilder &b, Location loc,
                                   const MatrixLanes &lanes, unsigned j,
                                   Value choice, Value chosen) {
  if (!chosen)
    return choice;
  Value from = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                     lanes.addressMatrix, createI32(b, loc, j));
  return arith::SelectOp::create(b, loc, from, choice, chosen);
}

namespace {

/// Integer arithmetic on i32 values built as IR, for sharedByteOffset.
struct EmitOps {
  using Int = Value;
  OpBuilder &b;
  Location loc;
  Int constant(int64_t v) { return createI32(b, loc, v); }
  Int add(Int x, Int y) { return arith::AddIOp::create(b, loc, x, y); }
  Int mul(Int x, Int y) { return arith::MulIOp::create(b, loc, x, y); }
  Int div(Int x, Int y) { return arith::DivUIOp::create(b, loc, x, y); }
  Int rem(Int x, Int y) { return arith::RemUIOp::create(b, loc, x, y); }
  Int bitXor(Int x, Int y) { return arith::XOrIOp::create(b, loc, x, y); }
};

/// The same arithmetic on known integers.
struct FoldOps {
  using Int = int64_t;
  Int constant(int64_t v) { return v; }
  Int add(Int x, Int y) { return x + y; }
  Int mul(Int x, Int y) { return x * y; }
  Int div(Int x, Int y) { return x / y; }
  Int rem(Int x, Int y) { return x % y; }
  Int bitXor(Int x, Int y) { return x ^ y; }
};

/// Byte offset of the element at `coords` in `buffer`: leading stage
/// dimensions row-major, then the swizzled layout over the trailing ones.
template <typename Ops>
typename Ops::Int sharedByteOffset(Ops ops, BufferType buffer,
                                   ArrayRef<typename Ops::Int> coords) {
  using Int = typename Ops::Int;
  auto linear = [&](ArrayRef<Int> cs, ArrayRef<int64_t> shape) {
    Int index = ops.constant(0);
    for (auto [c, dim] : llvm::zip(cs, shape))
      index = ops.add(ops.mul(index, ops.constant(dim)), c);
    return index;
  };
  SharedTiling layout = getSharedTiling(buffer);
  ArrayRef<unsigned> order = layout.order;
  ArrayRef<int64_t> shape = buffer.getShape();
  size_t lead = shape.size() - order.size();
  Int index = linear(coords.take_front(lead), shape.take_front(lead));
  ArrayRef<Int> inner = coords.drop_front(lead);
  ArrayRef<int64_t> innerShape = shape.drop_front(lead);
  // Rows: every dimension but the fastest, slowest first.
  unsigned fast = order[0];
  SmallVector<Int> rowCoords;
  SmallVector<int64_t> rowShape;
  for (unsigned i = order.size(); i > 1; --i) {
    rowCoords.push_back(inner[order[i - 1]]);
    rowShape.push_back(innerShape[order[i - 1]]);
  }
  Int row = linear(rowCoords, rowShape);
  Int col = inner[fast];
  int64_t rowLength = innerShape[fast];
  if (layout.blockElements && rowLength > layout.blockElements) {
    // Column blocks one after another: block j's rows follow block j-1's.
    int64_t rows = 1;
    for (int64_t d : rowShape)
      rows *= d;
    Int width = ops.constant(layout.blockElements);
    Int block = ops.div(col, width);
    col = ops.rem(col, width);
    row = ops.add(ops.mul(block, ops.constant(rows)), row);
    rowLength = layout.blockElements;
  }
  if (layout.maxPhase > 1) {
    // col' = ((col / vec) ^ ((row / perPhase) % maxPhase)) * vec + col % vec
    Int vec = ops.constant(layout.vec);
    Int phase = ops.rem(ops.div(row, ops.constant(layout.perPhase)),
                        ops.constant(layout.maxPhase));
    Int group = ops.bitXor(ops.div(col, vec), phase);
    // Sequenced: as arguments of one call, compilers order them differently.
    Int within = ops.rem(col, vec);
    col = ops.add(ops.mul(group, vec), within);
  }
  int64_t innerCount = 1;
  for (int64_t d : innerShape)
    innerCount *= d;
  Int offset = ops.add(ops.mul(row, ops.constant(rowLength)), col);
  offset = ops.add(ops.mul(index, ops.constant(innerCount)), offset);
  return ops.mul(offset,
                 ops.constant(getElementBytes(buffer.getElementType())));
}

Value emitSharedByteOffset(OpBuilder &b, Location loc, BufferType buffer,
                           ArrayRef<Value> coords) {
  return sharedByteOffset(EmitOps{b, loc}, buffer, coords);
}

/// The offsets of a thread's elements of a tensor in `buffer`.
SharedOffsets getBufferOffsets(OpBuilder &b, Location loc, const ThreadIds &ids,
                               const Distribution &dist, BufferType buffer,
                               ArrayRef<int64_t> shift,
                               const LoweringState &state) {
  return SharedOffsets(
      b, loc, ids, dist, shift,
      [buffer](ArrayRef<int64_t> coords) {
        return sharedByteOffset(FoldOps{}, buffer, coords);
      },
      [&b, loc, buffer](ArrayRef<Value> coords) {
        return emitSharedByteOffset(b, loc, buffer, coords);
      },
      state.numWarps, state.threadsPerWarp,
      /*linear=*/buffer.getRank() == dist.getRank());
}

/// Elements per shared-memory vector access of a tensor: the run a thread
/// holds along the buffer's contiguous dimension (checked element by
/// element for layouts other than blocked ones: an mma accumulator's
/// pairs), up to 16 bytes and within one swizzled group, so that the vector
/// stays contiguous and aligned (rows are a multiple of it).
unsigned getSharedVectorWidth(RankedTensorType type, BufferType buffer) {
  SharedTiling layout = getSharedTiling(buffer);
  Type element = type.getElementType();
  size_t lead = buffer.getRank() - layout.order.size();
  if (lead != 0 || !element.isIntOrFloat() ||
      element.getIntOrFloatBitWidth() < 8 ||
      !llvm::isPowerOf2_32(element.getIntOrFloatBitWidth()))
    return 1;
  Distribution dist = getDistribution(type);
  unsigned fast = layout.order[0];
  bool blocked = isa<BlockedLayoutAttr>(type.getEncoding());
  if (blocked && dist.getFastestDim() != fast)
    return 1;
  int64_t width = std::min<int64_t>(dist.getSizePerThread(fast),
                                    16 / getElementBytes(element));
  if (layout.maxPhase > 1)
    width = std::min<int64_t>(width, layout.vec);
  if (layout.blockElements)
    width = std::min<int64_t>(width, layout.blockElements);
  width = int64_t(1) << llvm::Log2_64(std::max<int64_t>(1, width));
  while (width > 1 && (buffer.getShape()[fast] % width ||
                       (!blocked && !dist.hasRuns(fast, width))))
    width /= 2;
  return width;
}

/// Whether stmatrix can write 8-element rows of `buffer` (16-bit
/// elements): a matrix whose rows run along its contiguous dimension, in
/// 16-byte groups that the swizzle and the column blocks keep whole.
bool canWriteMatrixRows(BufferType buffer) {
  SharedTiling layout = getSharedTiling(buffer);
  return buffer.getRank() == 2 && layout.order.size() == 2 &&
         layout.order[0] == 1 && buffer.getShape()[1] % 8 == 0 &&
         (layout.maxPhase == 1 || layout.vec % 8 == 0) &&
         layout.blockElements % 8 == 0;
}

} // namespace

/// Each pair of a thread is one register of an 8x8 matrix, and lane l
/// gives the address of row l % 8 of matrix l / 8; one instruction moves
/// four matrices, what four 4-byte stores did. Matrix j of a group sits a
/// constant (rows, columns) away from matrix 0 of the first group
/// (getFirstThreadCoordinates), so a lane's row is its base, a constant
/// chosen by j = lane / 8 (one select chain per pattern of constants,
/// shared by the groups that repeat it), and the group's constant: in a
/// scratch, an immediate offset; in a swizzled buffer, coordinates its
/// layout places.
LogicalResult mlir::tile::writeWithStmatrix(OpBuilder &b, Location loc,
                                            const ThreadIds &ids,
                                            RankedTensorType type,
                                            ValueRange values,
                                            const StmatrixTarget &target) {
  Type element = type.getElementType();
  if (!isa<MmaLayoutAttr>(type.getEncoding()) || !element.isIntOrFloat() ||
      element.getIntOrFloatBitWidth() != 16 || type.getRank() != 2)
    return failure();
  if (target.buffer ? !canWriteMatrixRows(target.buffer)
                    : target.rowStride % 8 != 0)
    return failure();
  Distribution dist = getDistribution(type);
  // Copies of an element on several threads (a tensor smaller than the
  // warps' tiles) would be written by each.
  if (dist.hasReplication())
    return failure();
  SmallVector<std::pair<unsigned, unsigned>> pairs;
  unsigned included = 0;
  for (unsigned e = 0; e < dist.getNumElements(); ++e) {
    if (target.include && !target.include(e))
      continue;
    ++included;
    ArrayRef<int64_t> t = dist.getTuple(e);
    if (t[1] % 2)
      continue;
    int64_t second = dist.findElement({t[0], t[1] + 1});
    if (second < 0 || (target.include && !target.include(second)))
      return failure();
    pairs.push_back({e, unsigned(second)});
  }
  if (pairs.empty() || 2 * pairs.size() != included)
    return failure();

  // Constants: (row, column) from matrix 0 of the first group, and what
  // a row-major scratch makes of them.
  SmallVector<int64_t> origin = *dist.getFirstThreadCoordinates(pairs[0].first);
  auto constantOf = [&](unsigned e) {
    SmallVector<int64_t> c = *dist.getFirstThreadCoordinates(e);
    return SmallVector<int64_t>{c[0] - origin[0], c[1] - origin[1]};
  };
  auto linear = [&](ArrayRef<int64_t> c) {
    return c[0] * target.rowStride + c[1];
  };
  MatrixLanes lanes = emitMatrixLanes(b, loc, ids.lane);
  SmallVector<Value> coords = dist.emitCoordinates(b, loc, ids, pairs[0].first);
  for (auto [c, start] : llvm::zip(coords, target.origin))
    if (start)
      c = arith::SubIOp::create(b, loc, c, createI32(b, loc, start));
  Value row = arith::AddIOp::create(
      b, loc, arith::SubIOp::create(b, loc, coords[0], lanes.pairRow),
      lanes.addressRow);
  Value column = arith::SubIOp::create(b, loc, coords[1], lanes.pairColumn);
  Value laneBase;
  if (!target.buffer)
    laneBase = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, row, createI32(b, loc, target.rowStride)),
        column);
  std::map<SmallVector<int64_t>, SmallVector<Value, 2>> choices;
  for (size_t first = 0; first < pairs.size(); first += 4) {
    ArrayRef<std::pair<unsigned, unsigned>> group =
        ArrayRef(pairs).slice(first, std::min<size_t>(4, pairs.size() - first));
    SmallVector<int64_t> groupOffset = constantOf(group[0].first);
    SmallVector<int64_t> pattern;
    SmallVector<Value> sources;
    for (auto [firstElement, secondElement] : group) {
      SmallVector<int64_t> c = constantOf(firstElement);
      c[0] -= groupOffset[0];
      c[1] -= groupOffset[1];
      if (target.buffer)
        llvm::append_range(pattern, c);
      else
        pattern.push_back(linear(c));
      Value packed =
          packVector(b, loc, {values[firstElement], values[secondElement]});
      sources.push_back(
          LLVM::BitcastOp::create(b, loc, b.getI32Type(), packed));
    }
    SmallVector<Value, 2> &choice = choices[pattern];
    if (choice.empty()) {
      // One select chain per coordinate (one in a scratch).
      SmallVector<Value, 2> bases = target.buffer
                                        ? SmallVector<Value, 2>{row, column}
                                        : SmallVector<Value, 2>{laneBase};
      for (auto [d, base] : llvm::enumerate(bases)) {
        Value chosen;
        for (size_t j = 0; j < group.size(); ++j)
          chosen = selectFromMatrix(
              b, loc, lanes, j,
              createI32(b, loc, pattern[j * bases.size() + d]), chosen);
        choice.push_back(arith::AddIOp::create(b, loc, base, chosen));
      }
    }
    Value offset;
    if (target.buffer) {
      Value r = arith::AddIOp::create(b, loc, choice[0],
                                      createI32(b, loc, groupOffset[0]));
      Value c = arith::AddIOp::create(b, loc, choice[1],
                                      createI32(b, loc, groupOffset[1]));
      offset = emitSharedByteOffset(b, loc, target.buffer, {r, c});
    } else {
      offset = arith::MulIOp::create(
          b, loc,
          arith::AddIOp::create(b, loc, choice[0],
                                createI32(b, loc, linear(groupOffset))),
          createI32(b, loc, 2));
    }
    NVVM::StMatrixOp::create(
        b, loc, addBytes(b, loc, target.base, offset), sources,
        NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(b.getContext(), 8, 8),
        NVVM::LdStMatrixEltType::B16);
  }
  return success();
}

namespace {

/// Stores a distributed tensor into a shared buffer at `base`: mma
/// accumulators of 16-bit elements with stmatrix (sm_90), anything else
/// element by element (or in vectors of a thread's consecutive elements).
void storeTensor(OpBuilder &b, Location loc, const LoweringState &state,
                 RankedTensorType type, ValueRange values, BufferType buffer,
                 Value base) {
  Distribution dist = getDistribution(type);
  ThreadIds ids = emitThreadIds(b, loc, state.threadsPerWarp);
  if (state.sm >= 90 &&
      succeeded(writeWithStmatrix(b, loc, ids, type, values,
                                  StmatrixTarget{base, 0, buffer})))
    return;
  unsigned width = getSharedVectorWidth(type, buffer);
  SharedOffsets offsets =
      getBufferOffsets(b, loc, ids, dist, buffer, {}, state);
  for (unsigned e = 0; e < dist.getNumElements(); e += width)
    storeShared(b, loc, values.slice(e, width),
                addBytes(b, loc, base, offsets.get(e)));
}

/// Reads an mma.sync operand (dot_op of a version 2 mma layout, 16-bit
/// elements) with ldmatrix: each 8x8 piece of a 16x16 A block or a 16x8 B
/// block is one matrix; lane i gives the address of row i % 8 of matrix
/// i / 8. Rows run along the buffer's contiguous dimension; when that is
/// not K, `.trans` hands each thread the K pairs mma.sync expects. Fails
/// (the caller falls back to element loads) when the buffer does not keep
/// 8-element rows contiguous.
FailureOr<SmallVector<Value>> loadWithLdmatrix(OpBuilder &b, Location loc,
                                               const LoweringState &state,
                                               RankedTensorType type,
                                               BufferType buffer, Value base,
                                               ArrayRef<int64_t> offsets) {
  auto dot = dyn_cast<DotOperandLayoutAttr>(type.getEncoding());
  auto mma = dot ? dyn_cast<MmaLayoutAttr>(dot.getParent()) : MmaLayoutAttr();
  if (!mma || mma.getVersionMajor() != 2 || dot.getKWidth() != 2 ||
      buffer.getRank() != 2 || !type.getElementType().isIntOrFloat() ||
      type.getElementType().getIntOrFloatBitWidth() != 16)
    return failure();
  // A swizzled layout, or an NVMMA one (TMA's blocks): 16-byte groups of a
  // row stay whole in both.
  SharedTiling layout = getSharedTiling(buffer);
  unsigned fast = layout.order[0];
  if (buffer.getShape()[fast] % 8 || (layout.maxPhase > 1 && layout.vec % 8) ||
      layout.blockElements % 8 || offsets[fast] % 8)
    return failure();
  unsigned opIdx = dot.getOpIdx();
  unsigned kDim = opIdx == 0 ? 1 : 0;
  bool trans = fast != kDim;
  Distribution dist = getDistribution(type);
  ThreadIds ids = emitThreadIds(b, loc, state.threadsPerWarp);
  MatrixLanes lanes = emitMatrixLanes(b, loc, ids.lane);

  // Matrices by the index tuple of their first element on each thread (a
  // K pair): A's 16x16 blocks as (rows 0-7, k 0-7), (rows 8-15, k 0-7),
  // (rows 0-7, k 8-15), (rows 8-15, k 8-15), mma.sync's register order; B's
  // (k 0-7), (k 8-15) of one 8-column block, two blocks per ldmatrix.
  SmallVector<SmallVector<SmallVector<int64_t, 2>, 4>> groups;
  if (opIdx == 0) {
    for (unsigned e = 0; e < dist.getNumElements(); ++e) {
      ArrayRef<int64_t> t = dist.getTuple(e);
      if (t[0] % 2 == 0 && t[1] % 4 == 0)
        groups.push_back({{t[0], t[1]},
                          {t[0] + 1, t[1]},
                          {t[0], t[1] + 2},
                          {t[0] + 1, t[1] + 2}});
    }
  } else {
    std::map<int64_t, SmallVector<int64_t>> columnsPerStep;
    for (unsigned e = 0; e < dist.getNumElements(); ++e) {
      ArrayRef<int64_t> t = dist.getTuple(e);
      if (t[0] % 4 == 0)
        columnsPerStep[t[0]].push_back(t[1]);
    }
    for (auto &[k, columns] : columnsPerStep)
      for (size_t i = 0; i < columns.size(); i += 2) {
        SmallVector<SmallVector<int64_t, 2>, 4> group;
        for (size_t j = i; j < std::min(i + 2, columns.size()); ++j)
          group.append({{k, columns[j]}, {k + 2, columns[j]}});
        groups.push_back(group);
      }
  }

  // A window that moves across the rows by whole swizzle periods (a K
  // step of B, rows along K) reads the addresses of the window at row 0
  // plus a constant: every K step's ldmatrix shares one address register
  // per matrix, the step an immediate offset.
  SmallVector<int64_t> coordOffsets(offsets);
  int64_t byteShift = 0;
  unsigned rowDim = 1 - fast;
  if (coordOffsets[rowDim] && !layout.blockElements &&
      coordOffsets[rowDim] % (layout.perPhase * layout.maxPhase) == 0) {
    byteShift = coordOffsets[rowDim] * buffer.getShape()[fast] *
                getElementBytes(buffer.getElementType());
    coordOffsets[rowDim] = 0;
  }
  Type i32 = b.getI32Type();
  Type element = type.getElementType();
  auto pairType = VectorType::get({2}, element);
  SmallVector<Value> values(dist.getNumElements());
  for (ArrayRef<SmallVector<int64_t, 2>> group : groups) {
    // This lane's row address in each matrix; lane i uses matrix i / 8's.
    Value offset;
    SmallVector<std::pair<int64_t, int64_t>> elements;
    for (auto [j, tuple] : llvm::enumerate(group)) {
      int64_t first = dist.findElement(tuple);
      SmallVector<int64_t, 2> next(tuple);
      ++next[kDim];
      int64_t second = dist.findElement(next);
      if (first < 0 || second < 0)
        return failure();
      elements.push_back({first, second});
      SmallVector<Value> coords = dist.emitCoordinates(b, loc, ids, first);
      // The matrix's corner: this thread's pair is at (row lane / 4,
      // column 2 * (lane % 4)) of it, K being the column.
      unsigned nonK = 1 - kDim;
      Value kBase =
          arith::SubIOp::create(b, loc, coords[kDim], lanes.pairColumn);
      Value nonKBase =
          arith::SubIOp::create(b, loc, coords[nonK], lanes.pairRow);
      Value addressRow = lanes.addressRow;
      SmallVector<Value> row(2);
      row[kDim] =
          trans ? arith::AddIOp::create(b, loc, kBase, addressRow).getResult()
                : kBase;
      row[nonK] =
          trans
              ? nonKBase
              : arith::AddIOp::create(b, loc, nonKBase, addressRow).getResult();
      addOffsets(b, loc, row, coordOffsets);
      offset = selectFromMatrix(
          b, loc, lanes, j, emitSharedByteOffset(b, loc, buffer, row), offset);
    }
    unsigned num = group.size();
    Type resultType = i32;
    if (num > 1)
      resultType = LLVM::LLVMStructType::getLiteral(
          b.getContext(), SmallVector<Type>(num, i32));
    Value loaded = NVVM::LdMatrixOp::create(
        b, loc, resultType,
        byteShift ? addBytes(b, loc, addBytes(b, loc, base, offset),
                             createI32(b, loc, byteShift))
                  : addBytes(b, loc, base, offset),
        num, trans ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(b.getContext(), 8, 8),
        NVVM::LdStMatrixEltType::B16);
    for (auto [j, pair] : llvm::enumerate(elements)) {
      Value word =
          num == 1
              ? loaded
              : LLVM::ExtractValueOp::create(b, loc, loaded, j).getResult();
      SmallVector<Value> halves =
          unpackVector(b, loc, LLVM::BitcastOp::create(b, loc, pairType, word));
      values[pair.first] = halves[0];
      values[pair.second] = halves[1];
    }
  }
  if (llvm::any_of(values, [](Value v) { return !v; }))
    return failure();
  return values;
}

} // namespace

void mlir::tile::emitAsyncProxyFence(OpBuilder &b, Location loc,
                                     const LoweringState &state) {
  if (state.asyncProxyReads)
    NVVM::FenceProxyOp::create(
        b, loc,
        NVVM::ProxyKindAttr::get(b.getContext(), NVVM::ProxyKind::async_shared),
        NVVM::SharedSpaceAttr::get(b.getContext(),
                                   NVVM::SharedSpace::shared_cta));
}

namespace {

struct LocalAllocLowering : public TilePattern<LocalAllocOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(LocalAllocOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Value> base = getScratchPointer(rewriter, op);
    if (failed(base))
      return rewriter.notifyMatchFailure(op, "no offset");
    if (op.getSrc()) {
      storeTensor(rewriter, op.getLoc(), state, op.getSrc().getType(),
                  adaptor.getSrc(), op.getType(), *base);
      emitAsyncProxyFence(rewriter, op.getLoc(), state);
    }
    rewriter.replaceOp(op, *base);
    return success();
  }
};

struct LocalStoreLowering : public TilePattern<LocalStoreOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(LocalStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    storeTensor(rewriter, op.getLoc(), state, op.getSrc().getType(),
                adaptor.getSrc(), op.getDst().getType(),
                adaptor.getDst().front());
    emitAsyncProxyFence(rewriter, op.getLoc(), state);
    rewriter.eraseOp(op);
    return success();
  }
};

struct LocalLoadLowering : public TilePattern<LocalLoadOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(LocalLoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    BufferType buffer = op.getSrc().getType();
    Value base = adaptor.getSrc().front();
    SmallVector<int64_t> offsets = op.getWindowOffsets();
    if (FailureOr<SmallVector<Value>> values =
            loadWithLdmatrix(rewriter, loc, state, type, buffer, base, offsets);
        succeeded(values)) {
      rewriter.replaceOpWithMultiple(op, {*values});
      return success();
    }
    Distribution dist = getDistribution(type);
    ThreadIds ids = emitThreadIds(rewriter, loc, state.threadsPerWarp);
    Type element = getTypeConverter()->convertType(type.getElementType());
    unsigned width = getSharedVectorWidth(type, buffer);
    // A vector stays within one swizzle group only from an aligned column.
    if (SharedTiling layout = getSharedTiling(buffer); !layout.order.empty())
      while (width > 1 && offsets[layout.order[0]] % width)
        width /= 2;
    SharedOffsets byteOffsets =
        getBufferOffsets(rewriter, loc, ids, dist, buffer, offsets, state);
    SmallVector<Value> values;
    for (unsigned e = 0; e < dist.getNumElements(); e += width)
      llvm::append_range(values, loadShared(rewriter, loc, element, width,
                                            addBytes(rewriter, loc, base,
                                                     byteOffsets.get(e))));
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

struct BufferIndexLowering : public TilePattern<BufferIndexOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(BufferIndexOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t stageBytes = op.getType().getSizeInBytes();
    Value offset =
        arith::MulIOp::create(rewriter, loc, adaptor.getIndex().front(),
                              createI32(rewriter, loc, stageBytes));
    rewriter.replaceOp(
        op, addBytes(rewriter, loc, adaptor.getSrc().front(), offset));
    return success();
  }
};

/// A transposed view addresses the same memory: the view's layout order is
/// the source's permuted, so the same coordinates land on the same bytes.
struct BufferTransLowering : public TilePattern<BufferTransOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(BufferTransOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc().front());
    return success();
  }
};

struct LocalDeallocLowering : public TilePattern<LocalDeallocOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(LocalDeallocOp op, OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op); // offsets are static; nothing to free
    return success();
  }
};

/// cp.async per vector of 4, 8 or 16 bytes (masked lanes copy 0 bytes and
/// zero-fill); narrower or non-contiguous pieces, and a non-zero `other`,
/// fall back to a synchronous load and store.
struct AsyncCopyLowering : public TilePattern<AsyncCopyGlobalToLocalOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(AsyncCopyGlobalToLocalOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    BufferType buffer = op.getResult().getType();
    Distribution dist = getDistribution(op.getSrc().getType());
    ThreadIds ids = emitThreadIds(rewriter, loc, state.threadsPerWarp);
    Type element = buffer.getElementType();
    int64_t bytes = getElementBytes(element);
    unsigned run = getVectorWidth(op);
    // The vector must stay contiguous in shared memory too.
    unsigned width = getCopyVectorWidth(buffer, dist.getFastestDim(), run);
    bool async = isAsyncCopyable(width * bytes, op.getOther());
    ValueRange ptrs = adaptor.getSrc(), masks = adaptor.getMask(),
               others = adaptor.getOther();
    for (unsigned first = 0; first < ptrs.size(); first += width) {
      // Where shared memory splits a run of contiguous global elements (a
      // row-major tf32 B stored K-major), each copy's source is the run's
      // first pointer plus a constant: one address a run stays live, not
      // one an element.
      Value src = ptrs[first];
      if (unsigned lead = first % run)
        src = addBytes(rewriter, loc, ptrs[first - lead],
                       createI32(rewriter, loc, lead * bytes));
      SmallVector<Value> coords =
          dist.emitCoordinates(rewriter, loc, ids, first);
      Value dst = addBytes(rewriter, loc, adaptor.getResult().front(),
                           emitSharedByteOffset(rewriter, loc, buffer, coords));
      Value mask = masks.empty() ? Value() : masks[first];
      if (async) {
        int64_t size = width * bytes;
        Value srcBytes;
        if (mask)
          srcBytes = arith::SelectOp::create(rewriter, loc, mask,
                                             createI32(rewriter, loc, size),
                                             createI32(rewriter, loc, 0));
        NVVM::CpAsyncOp::create(
            rewriter, loc, dst, src, rewriter.getI32IntegerAttr(size),
            NVVM::LoadCacheModifierKindAttr::get(
                rewriter.getContext(), size == 16
                                           ? NVVM::LoadCacheModifierKind::CG
                                           : NVVM::LoadCacheModifierKind::CA),
            srcBytes);
        continue;
      }
      for (unsigned i = 0; i < width; ++i) {
        Value m = masks.empty() ? Value() : masks[first + i];
        Value v =
            emitGlobalLoad(rewriter, loc, element, ptrs[first + i], m, bytes,
                           [&](OpBuilder &b) -> Value {
                             return others.empty()
                                        ? LLVM::ZeroOp::create(b, loc, element)
                                        : others[first + i];
                           });
        storeShared(
            rewriter, loc, v,
            addBytes(rewriter, loc, dst, createI32(rewriter, loc, i * bytes)));
      }
    }
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};

struct AsyncCommitLowering : public TilePattern<AsyncCommitGroupOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(AsyncCommitGroupOp op, OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncCommitGroupOp::create(rewriter, op.getLoc());
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};

struct AsyncWaitLowering : public TilePattern<AsyncWaitOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(AsyncWaitOp op, OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncWaitGroupOp::create(rewriter, op.getLoc(), op.getNum());
    emitAsyncProxyFence(rewriter, op.getLoc(), state);
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};

} // namespace

void mlir::tile::populateSharedMemoryPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns,
                                              const LoweringState &state) {
  patterns.add<LocalAllocLowering, LocalStoreLowering, LocalLoadLowering,
               BufferIndexLowering, BufferTransLowering, LocalDeallocLowering,
               AsyncCopyLowering, AsyncCommitLowering, AsyncWaitLowering>(
      converter, patterns.getContext(), state);
}
