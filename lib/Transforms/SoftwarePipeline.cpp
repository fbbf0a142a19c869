//===- SoftwarePipeline.cpp - loads issued stages ahead into buffers ------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Turns the loads that a loop stages through shared memory (tile.load or
// tile.descriptor_load -> tilegpu.local_alloc -> tilegpu.local_load or
// tilenv.warpgroup_dot, the operands of a tensor-core dot) into cp.async or
// TMA copies issued num-stages - 1 iterations ahead into a ring of buffers,
// so that global-memory latency overlaps the loop's math.
//
//===----------------------------------------------------------------------===//

#include "tile/Transforms/Passes.h"

#include "tile/Analysis/Alignment.h"
#include "tile/Analysis/Uniformity.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tile {
#define GEN_PASS_DEF_PIPELINE
#include "tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

/// A load the pass moves ahead: the load (a tile.load, copied with
/// cp.async, or a tile.descriptor_load, copied by TMA), the buffer it
/// fills, the ops of the loop body its operands are computed by, and the
/// loop-carried values among their inputs.
struct Stream {
  Operation *load;
  LocalAllocOp alloc;
  SmallVector<Operation *> slice;
  SmallVector<BlockArgument> carried;

  DescriptorLoadOp getTMALoad() const {
    return dyn_cast<DescriptorLoadOp>(load);
  }
};

/// For a loop-carried value that advances by a loop-invariant amount each
/// iteration (yielded as addptr(arg, step) or addi(arg, step): Triton's
/// `a_ptrs += BLOCK_K * stride_k`), that amount.
Value getInductionStep(scf::ForOp loop, BlockArgument arg) {
  if (arg.getArgNumber() == 0)
    return {};
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  Value next = yield.getOperand(arg.getArgNumber() - 1);
  Value step;
  if (auto add = next.getDefiningOp<AddPtrOp>(); add && add.getPtr() == arg)
    step = add.getOffset();
  else if (auto add = next.getDefiningOp<arith::AddIOp>()) {
    if (add.getLhs() == arg)
      step = add.getRhs();
    else if (add.getRhs() == arg)
      step = add.getLhs();
  }
  if (!step || !loop.isDefinedOutsideOfLoop(step))
    return {};
  return step;
}

/// The body ops `values` depend on, in program order, if every one is
/// side-effect free without regions and the block arguments reached are the
/// induction variable and loop-carried values with a loop-invariant step
/// (collected in `carried`).
std::optional<SmallVector<Operation *>>
getSlice(scf::ForOp loop, ValueRange values,
         SmallVectorImpl<BlockArgument> &carried) {
  Block *body = loop.getBody();
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> worklist(values.begin(), values.end());
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() != body || arg == loop.getInductionVar())
        continue;
      if (!getInductionStep(loop, arg))
        return std::nullopt;
      if (!llvm::is_contained(carried, arg))
        carried.push_back(arg);
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (!loop->isAncestor(def))
      continue; // defined outside the loop
    if (def->getBlock() != body || def->getNumRegions() ||
        !isMemoryEffectFree(def))
      return std::nullopt;
    if (slice.insert(def))
      llvm::append_range(worklist, def->getOperands());
  }
  SmallVector<Operation *> ordered = slice.takeVector();
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ordered;
}

/// One stage of a ring: the ring's type without its leading dimension.
BufferType getStageType(Value ring) {
  auto type = cast<BufferType>(ring.getType());
  return BufferType::get(type.getContext(), type.getShape().drop_front(),
                         type.getElementType(), type.getEncoding(),
                         /*mutableMemory=*/true);
}

/// Whether `load` into `alloc`'s buffer can be a cp.async (vectors of 4, 8
/// or 16 bytes on both sides, zero where masked off). Any other copy lowers
/// to a synchronous load and store, which gains nothing from being issued
/// stages ahead and only multiplies the code: examples/matmul.mlir (f16, K
/// not known aligned) runs 14% faster unpipelined, in a third of the
/// instructions.
bool isAsyncCopy(LoadOp load, LocalAllocOp alloc,
                 const ModuleAlignmentAnalysis &alignment) {
  auto type = cast<RankedTensorType>(load.getPtr().getType());
  auto blocked = dyn_cast<BlockedLayoutAttr>(type.getEncoding());
  if (!blocked)
    return false;
  unsigned width = getCopyVectorWidth(
      alloc.getType(), blocked.getOrder()[0],
      alignment.getAccessWidth(load.getPtr(), load.getMask()));
  int64_t bytes = std::max<int64_t>(
      1, alloc.getType().getElementType().getIntOrFloatBitWidth() / 8);
  return isAsyncCopyable(width * bytes, load.getOther());
}

std::optional<Stream> getStream(scf::ForOp loop, Operation *load, bool hasTMA,
                                const ModuleAlignmentAnalysis &alignment) {
  auto plain = dyn_cast<LoadOp>(load);
  auto tma = hasTMA ? dyn_cast<DescriptorLoadOp>(load) : DescriptorLoadOp();
  if ((!plain && !tma) || load->getBlock() != loop.getBody() ||
      (plain && plain.getIsVolatile()) || !load->hasOneUse())
    return std::nullopt;
  auto alloc = dyn_cast<LocalAllocOp>(*load->getUsers().begin());
  if (!alloc || alloc->getBlock() != loop.getBody() ||
      !isa<SwizzledSharedLayoutAttr, NVMMASharedLayoutAttr>(
          alloc.getType().getEncoding()) ||
      !llvm::all_of(alloc->getUsers(), [](Operation *user) {
        return isa<LocalLoadOp, WarpgroupDotOp>(user);
      }))
    return std::nullopt;
  if (plain && !isAsyncCopy(plain, alloc, alignment))
    return std::nullopt;
  // TMA writes its blocks in the descriptor's layout only.
  if (tma &&
      alloc.getType().getEncoding() != getSharedLayout(tma.getDesc().getType()))
    return std::nullopt;
  SmallVector<Value> inputs;
  if (plain) {
    inputs.push_back(plain.getPtr());
    if (plain.getMask())
      inputs.push_back(plain.getMask());
    if (plain.getOther())
      inputs.push_back(plain.getOther());
  } else {
    llvm::append_range(inputs, tma.getIndices());
  }
  SmallVector<BlockArgument> carried;
  std::optional<SmallVector<Operation *>> slice =
      getSlice(loop, inputs, carried);
  if (!slice)
    return std::nullopt;
  return Stream{load, alloc, std::move(*slice), std::move(carried)};
}

/// Whether `use` of an asynchronous dot's result passes it straight back to
/// the dot's accumulator, iteration argument `index` of `loop`. (Not
/// through an scf.if: its result would merge the in-flight registers with
/// another value that a branch may write before the products land.)
bool isCarriedBack(OpOperand &use, scf::ForOp loop, unsigned index) {
  return use.getOwner() == loop.getBody()->getTerminator() &&
         use.getOperandNumber() == index;
}

/// The loop's warpgroup dot that can run asynchronously: both operands
/// staged by `streams`, the accumulator an iteration argument read by the
/// dot alone (an asynchronous dot's registers must not be read before a
/// wait), and the result carried back to it (isCarriedBack) or used inside
/// an scf.if of the loop body, which then waits for the products.
WarpgroupDotOp getAsyncDot(scf::ForOp loop, ArrayRef<Stream> streams) {
  auto staged = [&](Value buffer) {
    return llvm::any_of(streams, [&](const Stream &s) {
      return static_cast<Operation *>(s.alloc) == buffer.getDefiningOp();
    });
  };
  for (auto dot : loop.getBody()->getOps<WarpgroupDotOp>()) {
    auto acc = dyn_cast<BlockArgument>(dot.getC());
    if (!staged(dot.getA()) || !staged(dot.getB()) || !acc ||
        acc.getOwner() != loop.getBody() || acc.getArgNumber() == 0 ||
        !acc.hasOneUse())
      continue;
    unsigned index = acc.getArgNumber() - 1;
    bool carried = false, usable = true;
    for (OpOperand &use : dot->getUses()) {
      if (isCarriedBack(use, loop, index)) {
        carried = true;
        continue;
      }
      Operation *ifOp = use.getOwner()->getParentOfType<scf::IfOp>();
      while (ifOp && ifOp->getBlock() != loop.getBody())
        ifOp = ifOp->getParentOfType<scf::IfOp>();
      usable &= ifOp != nullptr;
    }
    if (carried && usable)
      return dot;
  }
  return {};
}

/// The synchronous warpgroup dot of `loop`'s body that comes before every
/// use of iteration argument `arg`, if any: its wait for all of its
/// warpgroup's groups completes whatever was in flight for `arg`.
WarpgroupDotOp getSyncDotBefore(scf::ForOp loop, BlockArgument arg) {
  Block *body = loop.getBody();
  Operation *first = body->getTerminator();
  for (Operation *user : arg.getUsers())
    if (Operation *ancestor = body->findAncestorOpInBlock(*user);
        ancestor && ancestor->isBeforeInBlock(first))
      first = ancestor;
  for (Operation &op : *body) {
    if (&op == first)
      break;
    if (auto sync = dyn_cast<WarpgroupDotOp>(op); sync && !sync.getIsAsync())
      return sync;
  }
  return {};
}

/// A warpgroup dot of `loop`'s body whose products only the next iteration
/// needs (carried back as iteration argument `index`), and the synchronous
/// warpgroup dot of the body before every use of that argument (attention's
/// P * V, rescaled after the next Q * K^T): it can run asynchronously, the
/// next iteration's products queued behind it on the tensor cores, its wait
/// free after that synchronous dot.
struct DeferredDot {
  WarpgroupDotOp dot, waitAfter;
  unsigned index = 0;
};

std::optional<DeferredDot> getDeferredDot(scf::ForOp loop) {
  Block *body = loop.getBody();
  for (auto dot : body->getOps<WarpgroupDotOp>()) {
    if (dot.getIsAsync() || !dot->hasOneUse())
      continue;
    OpOperand &use = *dot->use_begin();
    if (use.getOwner() != body->getTerminator())
      continue;
    unsigned index = use.getOperandNumber();
    if (WarpgroupDotOp sync =
            getSyncDotBefore(loop, loop.getRegionIterArg(index)))
      return DeferredDot{dot, sync, index};
  }
  return std::nullopt;
}

/// The last tile.dot of `loop`'s body (a synchronous one) on what a stage
/// of `streams` loaded with tilegpu.local_load.
DotOp getStageDot(scf::ForOp loop, ArrayRef<Stream> streams) {
  Block *body = loop.getBody();
  DotOp last;
  for (const Stream &stream : streams)
    for (Operation *read : stream.alloc->getUsers())
      if (isa<LocalLoadOp>(read))
        for (Operation *user : read->getUsers())
          if (auto dot = dyn_cast<DotOp>(user);
              dot && dot->getBlock() == body &&
              (!last || last->isBeforeInBlock(dot)))
            last = dot;
  return last;
}

/// A loop that restarts an accumulation on some iterations yields
/// select(%reset, zeros, %d) for the warpgroup dot %d on its accumulator
/// (canonicalization's form of a flattened persistent loop, whose epilogue
/// on each tile's last step hands the next tile zeros). The select reads
/// the products every iteration, so the dot could never stay in flight.
/// Instead %d is carried with %reset, and the next iteration's dot adds its
/// accumulator only if %reset was false (`accumulate if`). Returns the
/// loop, replaced if rewritten.
scf::ForOp carryResetAsFlag(scf::ForOp loop) {
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (auto dot : loop.getBody()->getOps<WarpgroupDotOp>()) {
    // Other readers of the accumulator would see %d where the select gave
    // them zeros.
    auto acc = dyn_cast<BlockArgument>(dot.getC());
    if (!acc || acc.getOwner() != loop.getBody() || acc.getArgNumber() == 0 ||
        !acc.hasOneUse() || dot.getUseC())
      continue;
    unsigned index = acc.getArgNumber() - 1;
    auto select = yield.getOperand(index).getDefiningOp<arith::SelectOp>();
    if (!select || !select->hasOneUse() ||
        select.getFalseValue() != dot.getResult() ||
        !select.getCondition().getType().isInteger(1) ||
        !loop.isDefinedOutsideOfLoop(select.getTrueValue()) ||
        !matchPattern(select.getTrueValue(), m_AnyZeroFloat()))
      continue;
    Location loc = select.getLoc();
    Value zeros = select.getTrueValue();
    IRRewriter rewriter(loop.getContext());
    rewriter.setInsertionPoint(loop);
    Value no = arith::ConstantIntOp::create(rewriter, loc, 0, 1);
    Value reset = select.getCondition();
    FailureOr<LoopLikeOpInterface> replaced = loop.replaceWithAdditionalYields(
        rewriter, no, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
          return SmallVector<Value>{reset};
        });
    if (failed(replaced))
      return loop;
    auto newLoop = cast<scf::ForOp>(replaced->getOperation());
    Value wasReset = newLoop.getRegionIterArgs().back();
    rewriter.setInsertionPoint(dot);
    Value yes = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
    Value useC = arith::XOrIOp::create(rewriter, loc, wasReset, yes);
    rewriter.modifyOpInPlace(dot, [&] { dot.getUseCMutable().assign(useC); });
    Operation *newYield = newLoop.getBody()->getTerminator();
    rewriter.modifyOpInPlace(
        newYield, [&] { newYield->setOperand(index, dot.getResult()); });
    rewriter.eraseOp(select);
    // After the loop: the accumulator as the select would have left it.
    Value result = newLoop.getResult(index);
    if (!result.use_empty()) {
      rewriter.setInsertionPointAfter(newLoop);
      auto after = arith::SelectOp::create(
          rewriter, loc, newLoop.getResults().back(), zeros, result);
      rewriter.replaceAllUsesExcept(result, after, after);
    }
    return newLoop;
  }
  return loop;
}

/// Whether `loop` can move into the default region of a
/// tilenv.warp_specialize placed before it: directly in a kernel's body, and
/// every op before it either safe to run on the extra warp or a pure tensor
/// op that can move into the default region too (collected in `sink`).
bool canSpecialize(scf::ForOp loop, SmallVectorImpl<Operation *> &sink) {
  // A kernel: the return can follow the split, which yields nothing.
  if (!isa<FuncOp>(loop->getParentOp()) ||
      loop->getBlock()->getTerminator()->getNumOperands())
    return false;
  for (Operation &op : *loop->getBlock()) {
    if (&op == loop)
      return true;
    if (!WarpSpecializeOp::findUnsafeBefore(&op))
      continue;
    if (op.getNumRegions() || !isMemoryEffectFree(&op) ||
        !WarpSpecializeOp::computesTensors(&op))
      return false;
    sink.push_back(&op);
  }
  return false;
}

/// Whether the copies of `streams` read a value that one of `ops` defines
/// (the producer, which issues them, could not see it there).
bool readsAnyOf(ArrayRef<Stream> streams, ArrayRef<Operation *> ops) {
  auto definedThere = [&](Value v) {
    return llvm::is_contained(ops, v.getDefiningOp());
  };
  for (const Stream &stream : streams) {
    if (llvm::any_of(stream.getTMALoad().getIndices(), definedThere))
      return true;
    for (Operation *op : stream.slice)
      if (llvm::any_of(op->getOperands(), definedThere))
        return true;
  }
  return false;
}

class Pipeline : public tile::impl::PipelineBase<Pipeline> {
public:
  using Base::Base;

  void runOnOperation() override {
    if (numStages < 2)
      return;
    // TMA needs sm_90; tile-lower-descriptors reports the loads
    // otherwise.
    auto target = getOperation()->getAttrOfType<StringAttr>(
        TileGPUDialect::getTargetAttrName());
    hasTMA = target && parseSmVersion(target.getValue()) >= 90;
    // Multicast copies are for the architecture-specific target: ptxas
    // warns that on plain sm_90 code they may be slow on later GPUs.
    clusterSize = target && hasArchSpecificFeatures(target.getValue())
                      ? getClusterSize(getOperation())
                      : 1;
    if (warpSpecialize) {
      FailureOr<unsigned> warps =
          getNumWarpsOrError(getOperation(), "tile-pipeline");
      if (failed(warps))
        return signalPassFailure();
      numWarps = *warps;
    }
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    if (loops.empty())
      return;
    // Rewritten loops get new block arguments, so before the analysis.
    for (scf::ForOp &loop : loops)
      loop = carryResetAsFlag(loop);
    // Loads of later loops are left as they are by earlier ones, so one
    // analysis of the module answers for all.
    const ModuleAlignmentAnalysis &alignment =
        getAnalysis<ModuleAlignmentAnalysis>();
    for (scf::ForOp loop : loops)
      pipeline(loop, alignment);
  }

private:
  bool hasTMA = false;
  unsigned numWarps = 0;
  /// CTAs per cluster that may share multicast copies (1: none).
  unsigned clusterSize = 1;

  /// Puts `loop` and what follows it into the default region of a new
  /// tilenv.warp_specialize (with the tensor ops in `sink`), and builds the
  /// producer: a copy of the loop that waits for each iteration's stage to
  /// be empty, then issues its copies (`issue`, loop-carried inputs
  /// advanced with `advance`).
  static void buildProducer(
      OpBuilder &b, scf::ForOp loop, int64_t lb, ArrayRef<Stream> streams,
      ArrayRef<Operation *> sink, Value emptyBarriers, int64_t stages,
      bool clusterWide, function_ref<Value(Value)> toI32,
      function_ref<void(Value, Value, function_ref<Value(BlockArgument)>)>
          issue,
      function_ref<Value(BlockArgument, Value, int64_t)> advance) {
    Location loc = loop.getLoc();
    auto split = WarpSpecializeOp::create(b, loc);
    Block *consumer = &split.getDefaultRegion().emplaceBlock();
    Block *body = split->getBlock();
    consumer->getOperations().splice(consumer->end(), body->getOperations(),
                                     loop->getIterator(),
                                     body->getTerminator()->getIterator());
    for (Operation *op : llvm::reverse(sink))
      op->moveBefore(consumer, consumer->begin());

    b.setInsertionPointToStart(&split.getProducer().emplaceBlock());
    SmallVector<BlockArgument> carried;
    for (const Stream &stream : streams)
      for (BlockArgument arg : stream.carried)
        if (!llvm::is_contained(carried, arg))
          carried.push_back(arg);
    SmallVector<Value> inits =
        llvm::map_to_vector(carried, [&](BlockArgument arg) {
          return loop.getInitArgs()[arg.getArgNumber() - 1];
        });
    auto copies =
        scf::ForOp::create(b, loc, loop.getLowerBound(), loop.getUpperBound(),
                           loop.getStep(), inits);
    Block *copyBody = copies.getBody();
    if (carried.empty())
      b.setInsertionPoint(copyBody->getTerminator());
    else
      b.setInsertionPointToStart(copyBody);
    DenseMap<BlockArgument, Value> current;
    for (auto [arg, now] : llvm::zip(carried, copies.getRegionIterArgs()))
      current[arg] = now;
    // Use k of a stage waits for the readers' k-th release (phase k - 1,
    // parity (k & 1) ^ 1; a fresh barrier counts as past phase -1).
    Value iv = toI32(copies.getInductionVar());
    Value stageCount = arith::ConstantIntOp::create(b, loc, stages, 32);
    Value slot = arith::RemUIOp::create(b, loc, iv, stageCount);
    Value round = arith::DivUIOp::create(
        b, loc,
        arith::SubIOp::create(b, loc, iv,
                              arith::ConstantIntOp::create(b, loc, lb, 32)),
        stageCount);
    Value one = arith::ConstantIntOp::create(b, loc, 1, 32);
    Value parity = arith::XOrIOp::create(
        b, loc, arith::AndIOp::create(b, loc, round, one), one);
    WaitBarrierOp::create(b, loc,
                          BufferIndexOp::create(b, loc,
                                                getStageType(emptyBarriers),
                                                emptyBarriers, slot),
                          parity);
    issue(copies.getInductionVar(), slot,
          [&](BlockArgument arg) { return current.lookup(arg); });
    if (!carried.empty())
      scf::YieldOp::create(b, loc,
                           llvm::map_to_vector(carried, [&](BlockArgument arg) {
                             return advance(arg, current.lookup(arg), 1);
                           }));
    // The cluster's barriers stay valid until every CTA's thread is done
    // with them (the kernel's warps meet here before invalidating them).
    if (clusterWide) {
      b.setInsertionPointAfter(copies);
      ClusterBarrierOp::create(b, loc);
    }
  }

  /// Rewrites `loop` (step `step` > 1, lower bound lb >= 0) in place to
  /// count its iterations from 0 by 1, up to ceil((ub - lb) / step), with
  /// the induction value lb + i * step computed at the top of the body
  /// (attention's `range(0, hi, BLOCK_N)`): stage indices are then the
  /// iteration count, as for a loop of step 1.
  void normalize(scf::ForOp loop, int64_t lb, int64_t step) {
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    Type type = loop.getInductionVar().getType();
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, v));
    };
    // max(ub, lb) - lb: no wrap for an upper bound below the lower one
    // (lb >= 0), which runs no iteration.
    Value span = arith::SubIOp::create(
        b, loc,
        arith::MaxSIOp::create(b, loc, loop.getUpperBound(), constant(lb)),
        constant(lb));
    Value trips = arith::CeilDivSIOp::create(b, loc, span, constant(step));
    Value iv = loop.getInductionVar();
    b.setInsertionPointToStart(loop.getBody());
    auto scaled = arith::MulIOp::create(b, loc, iv, constant(step));
    Value value = arith::AddIOp::create(b, loc, scaled, constant(lb));
    iv.replaceAllUsesExcept(value, scaled);
    b.setInsertionPoint(loop);
    loop.getLowerBoundMutable().assign(constant(0));
    loop.getUpperBoundMutable().assign(trips);
    loop.getStepMutable().assign(constant(1));
  }

  void pipeline(scf::ForOp loop, const ModuleAlignmentAnalysis &alignment) {
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    // Stage indices are (iv + c) rem S, which needs iv >= 0 and consecutive
    // iterations to take consecutive stages: a loop of another constant
    // step with loads to stage is first rewritten to count by 1.
    if (!lb || *lb < 0 || !step || *step < 1 ||
        (*step != 1 && loop.getUnsignedCmp()))
      return;
    auto collect = [&] {
      SmallVector<Stream> streams;
      for (Operation &op : *loop.getBody())
        if (std::optional<Stream> stream =
                getStream(loop, &op, hasTMA, alignment))
          streams.push_back(std::move(*stream));
      return streams;
    };
    SmallVector<Stream> streams = collect();
    if (streams.empty())
      return;
    if (*step != 1) {
      normalize(loop, *lb, *step);
      lb = 0;
      streams = collect();
    }
    bool anyCopy = false, anyTMA = false;
    int64_t tmaBytes = 0;
    for (const Stream &stream : streams) {
      if (DescriptorLoadOp tma = stream.getTMALoad()) {
        anyTMA = true;
        tmaBytes += tma.getDesc().getType().getBlockBytes();
      } else {
        anyCopy = true;
      }
    }

    SmallVector<Operation *> sink;
    bool specialize = warpSpecialize && anyTMA && !anyCopy &&
                      canSpecialize(loop, sink) && !readsAnyOf(streams, sink);
    // Loads that every CTA of the cluster makes alike, in the same
    // iterations, are multicast (producer to producer, the stages' handover
    // then cluster-wide).
    SmallVector<bool> multicast(streams.size(), false);
    bool anyMulticast = false;
    if (specialize && clusterSize > 1) {
      ClusterUniformity uniformity(clusterSize);
      if (uniformity.hasUniformBounds(loop))
        for (auto [stream, shared] : llvm::zip(streams, multicast)) {
          DescriptorLoadOp tma = stream.getTMALoad();
          shared = uniformity.isUniform(tma.getDesc()) &&
                   llvm::all_of(tma.getIndices(), [&](Value index) {
                     return uniformity.isUniform(index);
                   });
          anyMulticast |= shared;
        }
    }
    int64_t stages = numStages;
    // A warpgroup dot on the staged buffers, accumulating in a loop-carried
    // value, runs asynchronously: one in flight while the next iteration
    // waits for its data. Its stage stays busy until the next iteration's
    // wait retires it, so that iteration's copies are issued after the
    // wait, into the stage just retired: still stages - 1 iterations ahead
    // (as Triton orders them), where issuing them before the dot would
    // leave one stage idle.
    WarpgroupDotOp asyncDot = getAsyncDot(loop, streams);
    // Otherwise a dot whose products only the next iteration needs runs
    // asynchronously too; the copies, which refill the stage it read, are
    // issued once the next iteration has waited for it.
    std::optional<DeferredDot> deferred;
    if (!asyncDot && !specialize)
      deferred = getDeferredDot(loop);
    // The iteration argument the asynchronous dot's products are carried in.
    unsigned accIndex =
        asyncDot   ? cast<BlockArgument>(asyncDot.getC()).getArgNumber() - 1
        : deferred ? deferred->index
                   : 0;
    int64_t distance = stages - 1;
    Location loc = loop.getLoc();
    OpBuilder b(loop);
    Value iv = loop.getInductionVar();
    Type ivType = iv.getType();
    Value ub = loop.getUpperBound();
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantOp::create(b, loc, b.getIntegerAttr(ivType, v));
    };
    auto toI32 = [&](Value v) -> Value {
      if (v.getType().isInteger(32))
        return v;
      if (v.getType().isIndex())
        return arith::IndexCastOp::create(b, loc, b.getI32Type(), v);
      return arith::TruncIOp::create(b, loc, b.getI32Type(), v);
    };

    // One ring of `stages` buffers per stream.
    SmallVector<Value> rings;
    for (Stream &stream : streams) {
      BufferType type = stream.alloc.getType();
      SmallVector<int64_t> shape = {stages};
      llvm::append_range(shape, type.getShape());
      auto ringType =
          BufferType::get(&getContext(), shape, type.getElementType(),
                          type.getEncoding(), /*mutable=*/true);
      rings.push_back(LocalAllocOp::create(b, loc, ringType, Value()));
    }
    // TMA copies complete on one mbarrier per stage, armed once a stage
    // with all of its streams' bytes.
    // A warp-specialized loop's stages also have "empty" barriers, which
    // each of the kernel's warps arrives on once it is done reading.
    Value barriers, emptyBarriers;
    auto stageOfRing = [&](Value ring, Value slot) -> Value {
      return BufferIndexOp::create(b, loc, getStageType(ring), ring, slot);
    };
    auto barrierOf = [&](Value slot) { return stageOfRing(barriers, slot); };
    // Each stage's barriers, initialized before the loop, invalidated after.
    SmallVector<Value> stageBarriers;
    auto initBarriers = [&](int64_t count) {
      Value ring = LocalAllocOp::create(
          b, loc, getMBarrierType(&getContext(), stages), Value());
      for (int64_t s = 0; s < stages; ++s) {
        stageBarriers.push_back(
            stageOfRing(ring, arith::ConstantIntOp::create(b, loc, s, 32)));
        InitBarrierOp::create(b, loc, stageBarriers.back(), count);
      }
      return ring;
    };
    if (anyTMA)
      barriers = initBarriers(1);
    if (specialize)
      emptyBarriers = initBarriers(numWarps * (anyMulticast ? clusterSize : 1));
    // Every CTA's barriers are initialized before any CTA signals another's.
    if (anyMulticast)
      ClusterBarrierOp::create(b, loc);

    // `base` advanced by `steps` iterations of loop-carried value `arg`.
    auto advance = [&](BlockArgument arg, Value base, int64_t steps) -> Value {
      if (steps == 0)
        return base;
      Value step = getInductionStep(loop, arg);
      Type stepType = step.getType();
      TypedAttr count = b.getIntegerAttr(getElementTypeOrSelf(stepType), steps);
      if (auto shaped = dyn_cast<ShapedType>(stepType))
        count = DenseElementsAttr::get(shaped, count);
      Value scaled = arith::MulIOp::create(
          b, loc, step, arith::ConstantOp::create(b, loc, count));
      if (isa<PointerType>(getElementTypeOrSelf(base.getType())))
        return AddPtrOp::create(b, loc, base.getType(), base, scaled);
      return arith::AddIOp::create(b, loc, base, scaled);
    };

    // Copies of every stream for the iteration at `at` into stage `slot`,
    // masked off past the upper bound: cp.async ones as one group, TMA ones
    // on the stage's mbarrier. Loop-carried inputs are `carried(arg)` there.
    auto issue = [&](Value at, Value slot,
                     function_ref<Value(BlockArgument)> carried,
                     bool inBounds = false) {
      Value inRange =
          inBounds
              ? arith::ConstantIntOp::create(b, loc, 1, 1).getResult()
              : arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, at, ub)
                    .getResult();
      SmallVector<Value> tokens;
      Value barrier;
      if (anyTMA) {
        barrier = barrierOf(slot);
        BarrierExpectOp::create(b, loc, barrier, tmaBytes, inRange);
      }
      for (auto [stream, ring, shared] : llvm::zip(streams, rings, multicast)) {
        IRMapping mapping;
        mapping.map(iv, at);
        for (BlockArgument arg : stream.carried)
          mapping.map(arg, carried(arg));
        for (Operation *op : stream.slice)
          b.clone(*op, mapping);
        auto stageOf = [&] {
          return BufferIndexOp::create(b, loc, getStageType(ring), ring, slot);
        };
        if (DescriptorLoadOp tma = stream.getTMALoad()) {
          SmallVector<Value> indices;
          for (Value index : tma.getIndices())
            indices.push_back(mapping.lookupOrDefault(index));
          AsyncTMACopyOp::create(b, loc, tma.getDesc(), indices, stageOf(),
                                 barrier, inRange, shared);
          continue;
        }
        auto load = cast<LoadOp>(stream.load);
        auto maskType = cast<RankedTensorType>(load.getPtr().getType())
                            .clone(b.getI1Type());
        Value mask = SplatOp::create(b, loc, maskType, inRange);
        if (load.getMask())
          mask = arith::AndIOp::create(
              b, loc, mapping.lookupOrDefault(load.getMask()), mask);
        Value other = load.getOther() ? mapping.lookupOrDefault(load.getOther())
                                      : Value();
        tokens.push_back(AsyncCopyGlobalToLocalOp::create(
            b, loc, AsyncTokenType::get(&getContext()),
            mapping.lookupOrDefault(load.getPtr()), stageOf(), mask, other,
            load.getCacheAttr(), load.getEvictAttr()));
      }
      if (anyCopy)
        AsyncCommitGroupOp::create(b, loc, AsyncTokenType::get(&getContext()),
                                   tokens);
    };

    // Prologue: iterations lb .. lb + distance - 1, or the producer.
    if (specialize)
      buildProducer(
          b, loop, *lb, streams, sink, emptyBarriers, stages, anyMulticast,
          toI32,
          [&](Value at, Value slot,
              function_ref<Value(BlockArgument)> carried) {
            issue(at, slot, carried, /*inBounds=*/true);
          },
          advance);
    else
      for (int64_t i = 0; i < distance; ++i)
        issue(constant(*lb + i),
              arith::ConstantIntOp::create(b, loc, (*lb + i) % stages, 32),
              [&](BlockArgument arg) {
                return advance(arg, loop.getInitArgs()[arg.getArgNumber() - 1],
                               i);
              });

    // Each iteration: wait for its own group and its stage's mbarrier (the
    // ((iv - lb) / stages)-th phase of it), issue the copies `distance`
    // ahead (after the dot's wait for an asynchronous dot, after a
    // synchronous tile.dot for TMA copies), read its stage.
    b.setInsertionPointToStart(loop.getBody());
    if (anyCopy)
      AsyncWaitOp::create(b, loc, AsyncTokenType::get(&getContext()),
                          ValueRange(), distance - 1);
    Value stageCount = arith::ConstantIntOp::create(b, loc, stages, 32);
    Value slot;
    if (anyTMA) {
      slot = arith::RemUIOp::create(b, loc, toI32(iv), stageCount);
      Value round = arith::DivUIOp::create(
          b, loc,
          arith::SubIOp::create(b, loc, toI32(iv),
                                arith::ConstantIntOp::create(b, loc, *lb, 32)),
          stageCount);
      Value phase = arith::AndIOp::create(
          b, loc, round, arith::ConstantIntOp::create(b, loc, 1, 32));
      WaitBarrierOp::create(b, loc, barrierOf(slot), phase);
    }
    // The asynchronous dot: right after it, a wait that leaves only its own
    // products in flight, and the copies after that wait. Uses that need
    // the products (an epilogue in an scf.if) wait for all of them first.
    if (asyncDot) {
      if (!slot)
        slot = arith::RemUIOp::create(b, loc, toI32(iv), stageCount);
      asyncDot.setIsAsync(true);
      b.setInsertionPointAfter(asyncDot);
      auto pending = WarpgroupDotWaitOp::create(b, loc, asyncDot.getType(),
                                                asyncDot.getResult(), 1);
      asyncDot.getResult().replaceAllUsesExcept(pending.getResult(0), pending);
      DenseMap<Block *, Value> done;
      SmallVector<OpOperand *> uses = llvm::map_to_vector(
          pending.getResult(0).getUses(), [](OpOperand &use) { return &use; });
      for (OpOperand *use : uses) {
        if (isCarriedBack(*use, loop, accIndex))
          continue;
        Block *block = use->getOwner()->getBlock();
        Value &all = done[block];
        if (!all) {
          OpBuilder inside = OpBuilder::atBlockBegin(block);
          all = WarpgroupDotWaitOp::create(inside, loc, asyncDot.getType(),
                                           pending.getResult(0), 0)
                    .getResult(0);
        }
        use->set(all);
      }
    }
    if (deferred) {
      BlockArgument arg = loop.getRegionIterArg(accIndex);
      if (!slot)
        slot = arith::RemUIOp::create(b, loc, toI32(iv), stageCount);
      deferred->dot.setIsAsync(true);
      b.setInsertionPointAfter(deferred->waitAfter);
      auto wait = WarpgroupDotWaitOp::create(b, loc, arg.getType(), arg, 0);
      arg.replaceAllUsesExcept(wait.getResult(0), wait);
    }
    if (specialize) {
      // The stage goes back to the producer once this iteration's reads of
      // it are done: after the next iteration's wait for an asynchronous
      // dot (here, for the previous iteration's stage), at the end of the
      // iteration otherwise.
      Value done = slot, pred = arith::ConstantIntOp::create(b, loc, 1, 1);
      if (asyncDot) {
        Value previous = arith::AddIOp::create(
            b, loc, toI32(iv),
            arith::ConstantIntOp::create(b, loc, stages - 1, 32));
        done = arith::RemUIOp::create(b, loc, previous, stageCount);
        pred = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, iv,
                                     loop.getLowerBound());
      } else {
        b.setInsertionPoint(loop.getBody()->getTerminator());
      }
      ArriveBarrierOp::create(b, loc, stageOfRing(emptyBarriers, done), pred,
                              anyMulticast);
    } else {
      // TMA copies for a synchronous tile.dot go after it: the warps start
      // their products as soon as the stage has landed, and the CTA
      // barrier before the copies (the stage they refill was read the
      // iteration before) waits behind the products in flight. Together
      // with the lowering's branch around copies that follow a tile.dot
      // (tile-plan-lowering marks them tilegpu.branched; either change alone
      // lost): TMA + mma.sync kernels 1.02-1.24x on the H100. Not with 2
      // stages, whose copies would then be waited for right after they are
      // issued; not for cp.async copies, which lost 1-10% issued that late.
      if (!asyncDot && !anyCopy && stages >= 3)
        if (DotOp dot = getStageDot(loop, streams))
          b.setInsertionPointAfter(dot);
      Value ahead = arith::AddIOp::create(b, loc, iv, constant(distance));
      Value aheadSlot =
          arith::RemUIOp::create(b, loc, toI32(ahead), stageCount);
      issue(ahead, aheadSlot,
            [&](BlockArgument arg) { return advance(arg, arg, distance); });
    }
    if (!slot)
      slot = arith::RemUIOp::create(b, loc, toI32(iv), stageCount);
    for (auto [stream, ring] : llvm::zip(streams, rings)) {
      b.setInsertionPoint(stream.alloc);
      Value stage =
          BufferIndexOp::create(b, loc, getStageType(ring), ring, slot);
      stream.alloc.replaceAllUsesWith(stage);
      stream.alloc.erase();
      stream.load->erase();
    }

    // After the loop: the last dot is done and every copy has landed
    // before the ring is freed.
    b.setInsertionPointAfter(loop);
    if (asyncDot || deferred) {
      Value result = loop.getResult(accIndex);
      auto done =
          WarpgroupDotWaitOp::create(b, loc, result.getType(), result, 0);
      result.replaceAllUsesExcept(done.getResult(0), done);
    }
    if (anyCopy)
      AsyncWaitOp::create(b, loc, AsyncTokenType::get(&getContext()),
                          ValueRange(), 0);
    if (anyTMA) {
      // Every TMA copy in range was waited for in its iteration (and the
      // producer is past its last wait); with multicast, the other CTAs'
      // warps are done arriving on this one's barriers too.
      if (anyMulticast)
        ClusterBarrierOp::create(b, loc);
      for (Value barrier : stageBarriers)
        InvalBarrierOp::create(b, loc, barrier);
      LocalDeallocOp::create(b, loc, barriers);
      if (emptyBarriers)
        LocalDeallocOp::create(b, loc, emptyBarriers);
    }
    for (Value ring : rings)
      LocalDeallocOp::create(b, loc, ring);
  }
};

} // namespace
