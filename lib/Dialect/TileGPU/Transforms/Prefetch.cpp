//===- Prefetch.cpp - read the first K slice of mma.sync operands ahead ---===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A pipelined loop waits for its stage, meets at a CTA barrier, and only
// then reads its first mma.sync fragments (ldmatrix): while every warp does
// that, the tensor cores idle. Split along K, the next iteration's first
// slice is read at the end of this one, after the wait and the barrier,
// and the last slice's products cover its latency.
//
//===----------------------------------------------------------------------===//

#include "PipelineUtils.h"
#include "tile/Dialect/TileGPU/Transforms/Passes.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tile {
#define GEN_PASS_DEF_PREFETCH
#include "tile/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

/// One operand of the dot: its load, and the stage index it reads.
struct StagedOperand {
  LocalLoadOp load;
  BufferIndexOp stage;
};

/// A dot of the loop whose operands are read from stages of rings, and the
/// wait that guards them.
struct Candidate {
  DotOp dot;
  StagedOperand a, b;
  AsyncWaitOp wait;
  /// The body's ops that compute both stage indices, in order.
  SmallVector<Operation *> indexOps;
  int64_t sliceWidth;
};

/// Adds to `ops` (in def-use order) the body ops computing `value` from
/// the induction variable and values defined outside `loop`: pure ops
/// without regions only.
LogicalResult collectIndexOps(scf::ForOp loop, Value value,
                              llvm::SetVector<Operation *> &ops,
                              unsigned depth = 0) {
  if (value == loop.getInductionVar() || loop.isDefinedOutsideOfLoop(value))
    return success();
  // A stage index is a few ops; a chain of thousands (which would overflow
  // the stack) is not one worth splitting the loop for.
  if (depth > 256)
    return failure();
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != loop.getBody() || !isPure(def) ||
      def->getNumRegions())
    return failure();
  // Collected already (through another operand): each op is visited once.
  if (ops.contains(def))
    return success();
  for (Value operand : def->getOperands())
    if (failed(collectIndexOps(loop, operand, ops, depth + 1)))
      return failure();
  ops.insert(def);
  return success();
}

/// The load of a dot operand if it reads a stage of a ring from outside
/// `loop` at an index `x rem S` (S the ring's stages: in range for any x)
/// computed from the induction variable, and feeds only the dot.
std::optional<StagedOperand>
getStagedOperand(scf::ForOp loop, Value operand,
                 llvm::SetVector<Operation *> &ops) {
  auto load = operand.getDefiningOp<LocalLoadOp>();
  if (!load || load->getBlock() != loop.getBody() || load.getOffsets() ||
      !load->hasOneUse())
    return std::nullopt;
  auto stage = load.getSrc().getDefiningOp<BufferIndexOp>();
  if (!stage || !loop.isDefinedOutsideOfLoop(stage.getSrc()))
    return std::nullopt;
  auto rem = stage.getIndex().getDefiningOp<arith::RemUIOp>();
  std::optional<int64_t> stages =
      rem ? getConstantIntValue(rem.getRhs()) : std::nullopt;
  if (!stages || *stages != stage.getSrc().getType().getShape().front())
    return std::nullopt;
  if (failed(collectIndexOps(loop, stage.getIndex(), ops)))
    return std::nullopt;
  return StagedOperand{load, stage};
}

/// Whether `op` (or an op nested in it) may read shared memory.
bool readsShared(Operation *op) {
  return mayHaveEffect(op, [](const MemoryEffects::EffectInstance &effect) {
    return isa<MemoryEffects::Read>(effect.getEffect()) &&
           effect.getResource() == SharedMemory::get();
  });
}

/// Registers (32-bit) a thread holds for `dot` once split in steps of
/// `width` along K, at the end of an iteration: the accumulator, the last
/// step's operands and the next iteration's first, and the address of each
/// ldmatrix of every step (16x16 blocks of A, pairs of 8-column blocks of
/// B; loop-invariant, so ptxas keeps them in registers).
int64_t estimateRegisters(DotOp dot, int64_t width) {
  ArrayRef<int64_t> shape = dot.getType().getShape();
  ArrayRef<unsigned> warps =
      cast<MmaLayoutAttr>(dot.getType().getEncoding()).getWarps();
  int64_t rows = std::max<int64_t>(16, shape[0] / warps[0]);
  int64_t cols = std::max<int64_t>(8, shape[1] / warps[1]);
  int64_t k = dot.getA().getType().getDimSize(1);
  int64_t bytes =
      llvm::divideCeil(dot.getA().getType().getElementTypeBitWidth(), 8);
  int64_t accumulator = rows * cols / 32;
  int64_t step = (rows + cols) * width * bytes / (32 * 4);
  int64_t addresses =
      (k / width) * (llvm::divideCeil(rows, 16) + llvm::divideCeil(cols, 16));
  return accumulator + 2 * step + addresses;
}

/// What `estimateRegisters` may come to: 255 a thread, less about 32 for
/// the loop's other values (copy addresses, counters, the stage). Measured
/// on the H100's sm_80 code: 208 (128x256x32 blocks, 8 warps) compiles
/// without spills and runs 1.23-1.28x faster; 224 (128x256x64) spills
/// about 200 bytes a thread and runs 0.75-0.93x as fast.
constexpr int64_t kRegisterBudget = 255 - 32;

std::optional<Candidate> findCandidate(scf::ForOp loop) {
  Block *body = loop.getBody();
  SmallVector<DotOp> dots;
  for (auto dot : body->getOps<DotOp>()) {
    auto mma = dyn_cast_or_null<MmaLayoutAttr>(dot.getType().getEncoding());
    if (mma && mma.getVersionMajor() == 2)
      dots.push_back(dot);
  }
  if (dots.size() != 1)
    return std::nullopt;
  Candidate c;
  c.dot = dots.front();
  auto aType = c.dot.getA().getType();
  // Operands in the accumulator's mma.sync operand layouts (the lowering
  // takes nothing else; kWidth is 0 in layouts no pass has finished).
  auto operandLayout =
      dyn_cast_or_null<DotOperandLayoutAttr>(aType.getEncoding());
  auto bLayout = dyn_cast_or_null<DotOperandLayoutAttr>(
      c.dot.getB().getType().getEncoding());
  if (!operandLayout || !bLayout ||
      operandLayout.getParent() != c.dot.getType().getEncoding() ||
      bLayout.getParent() != operandLayout.getParent() ||
      operandLayout.getKWidth() == 0 ||
      bLayout.getKWidth() != operandLayout.getKWidth())
    return std::nullopt;
  c.sliceWidth = 8 * operandLayout.getKWidth();
  int64_t k = aType.getDimSize(1);
  if (k % c.sliceWidth || k / c.sliceWidth < 2)
    return std::nullopt;
  if (estimateRegisters(c.dot, c.sliceWidth) > kRegisterBudget)
    return std::nullopt;
  llvm::SetVector<Operation *> indexOps;
  std::optional<StagedOperand> a =
      getStagedOperand(loop, c.dot.getA(), indexOps);
  std::optional<StagedOperand> b =
      getStagedOperand(loop, c.dot.getB(), indexOps);
  if (!a || !b)
    return std::nullopt;
  c.a = *a;
  c.b = *b;
  c.indexOps.assign(indexOps.begin(), indexOps.end());
  // One wait, before any commit: moved to the end of the body, it waits for
  // the same groups.
  for (Operation &op : *body) {
    if (isa<AsyncCommitGroupOp>(op) && !c.wait)
      return std::nullopt;
    if (auto wait = dyn_cast<AsyncWaitOp>(op)) {
      if (c.wait || !wait->use_empty())
        return std::nullopt;
      c.wait = wait;
    }
  }
  if (!c.wait)
    return std::nullopt;
  // Nothing else reads shared memory: the wait orders only the two loads.
  for (Operation &op : *body)
    if (&op != c.a.load && &op != c.b.load && readsShared(&op))
      return std::nullopt;
  if (!c.wait->isBeforeInBlock(c.a.load) || !c.wait->isBeforeInBlock(c.b.load))
    return std::nullopt;
  return c;
}

/// Clones `ops` with the induction variable `iv` read as `replacement`,
/// folding what becomes constant (the barrier analysis knows a stage by a
/// constant index), and returns how the values map. The constants made are
/// added to `constants`.
IRMapping cloneIndices(OpBuilder &b, ArrayRef<Operation *> ops, Value iv,
                       Value replacement,
                       SmallVectorImpl<Operation *> &constants) {
  IRMapping mapping;
  mapping.map(iv, replacement);
  for (Operation *op : ops) {
    Operation *clone = b.clone(*op, mapping);
    SmallVector<OpFoldResult> folded;
    if (failed(clone->fold(folded)) || folded.empty())
      continue;
    SmallVector<Value> values;
    for (auto [result, fold] : llvm::zip(clone->getResults(), folded)) {
      Value value = dyn_cast<Value>(fold);
      if (!value) {
        auto constant = arith::ConstantOp::materialize(
            b, cast<TypedAttr>(cast<Attribute>(fold)), result.getType(),
            clone->getLoc());
        if (!constant)
          break;
        constants.push_back(constant);
        value = constant;
      }
      values.push_back(value);
    }
    // Otherwise the clone stays, as mapped.
    if (values.size() != clone->getNumResults())
      continue;
    for (auto [result, value] : llvm::zip(op->getResults(), values))
      mapping.map(result, value);
    clone->erase();
  }
  return mapping;
}

/// Window `slice` of K of the dot operand that `operand` loads (A: K its
/// columns; B: K its rows) read from `buffer`.
Value loadSlice(OpBuilder &b, Location loc, LocalLoadOp operand, Value buffer,
                int64_t slice, int64_t width) {
  RankedTensorType type = operand.getType();
  SmallVector<int64_t> shape(type.getShape()), offsets(2, 0);
  int kDim =
      cast<DotOperandLayoutAttr>(type.getEncoding()).getOpIdx() == 0 ? 1 : 0;
  shape[kDim] = width;
  offsets[kDim] = slice * width;
  auto sliceType =
      RankedTensorType::get(shape, type.getElementType(), type.getEncoding());
  return LocalLoadOp::create(b, loc, sliceType, buffer,
                             b.getDenseI64ArrayAttr(offsets));
}

LogicalResult prefetch(scf::ForOp loop, Candidate c) {
  IRRewriter rewriter(loop.getContext());
  Location loc = c.dot.getLoc();
  Value iv = loop.getInductionVar();
  int64_t slices = c.dot.getA().getType().getDimSize(1) / c.sliceWidth;

  // The first iteration's windows, after its wait.
  rewriter.setInsertionPoint(loop);
  rewriter.clone(*c.wait);
  auto firstWindows = [&](Value at) {
    SmallVector<Value> windows;
    SmallVector<Operation *> constants;
    IRMapping indices = cloneIndices(rewriter, c.indexOps, iv, at, constants);
    for (StagedOperand operand : {c.a, c.b}) {
      Value index = indices.lookupOrDefault(operand.stage.getIndex());
      Value stage =
          BufferIndexOp::create(rewriter, loc, operand.stage.getType(),
                                operand.stage.getSrc(), index);
      windows.push_back(
          loadSlice(rewriter, loc, operand.load, stage, 0, c.sliceWidth));
    }
    // Those that only fed folded ops.
    for (Operation *constant : constants)
      if (constant->use_empty())
        rewriter.eraseOp(constant);
    return windows;
  };
  SmallVector<Value> inits = firstWindows(loop.getLowerBound());

  DotOp dot = c.dot;
  FailureOr<LoopLikeOpInterface> replaced = loop.replaceWithAdditionalYields(
      rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &b, Location, ArrayRef<BlockArgument> carried) {
        rewriter.setInsertionPoint(dot);
        Value acc = dot.getC();
        SmallVector<Value> current(carried.begin(), carried.end()), next;
        for (int64_t slice = 0; slice < slices; ++slice) {
          if (slice + 1 < slices) {
            next.clear();
            for (LocalLoadOp load : {c.a.load, c.b.load})
              next.push_back(loadSlice(rewriter, loc, load, load.getSrc(),
                                       slice + 1, c.sliceWidth));
          } else {
            // The next iteration's first windows, once its stage landed.
            c.wait->moveBefore(dot);
            Value ahead =
                arith::AddIOp::create(rewriter, loc, iv, loop.getStep());
            next = firstWindows(ahead);
          }
          Operation *part = rewriter.clone(*dot);
          part->setOperands({current[0], current[1], acc});
          acc = part->getResult(0);
          current = next;
        }
        rewriter.replaceOp(dot, acc);
        return SmallVector<Value>(next.begin(), next.end());
      });
  if (failed(replaced))
    return failure();
  rewriter.eraseOp(c.a.load);
  rewriter.eraseOp(c.b.load);
  return success();
}

class Prefetch : public tile::impl::PrefetchBase<Prefetch> {
public:
  void runOnOperation() override {
    SmallVector<std::pair<scf::ForOp, Candidate>> work;
    getOperation().walk([&](scf::ForOp loop) {
      if (std::optional<Candidate> c = findCandidate(loop))
        work.push_back({loop, *c});
    });
    for (auto &[loop, candidate] : work)
      if (failed(prefetch(loop, candidate))) {
        loop.emitError("tile-prefetch could not rewrite the loop");
        return signalPassFailure();
      }
  }
};

} // namespace
