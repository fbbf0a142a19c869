//===- TMA.cpp - mbarriers and TMA copies ---------------------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One thread (thread 0 of the block, or a split kernel's producer thread)
// initializes, arms and invalidates the mbarriers and issues the TMA copies,
// in and out; every thread waits on them, and each warp arrives on those
// that count warps. A block whose rows are wider than the descriptor's swizzle
// is copied as column blocks of that width (the box), stored one after another
// as the NVMMA layout places them. A warpgroup_tma_store's warpgroups each
// copy their own chunks out.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

/// Whether this is the thread that issues `op`'s copies: thread 0 of the
/// block, or the producer thread of a split kernel, which runs alone (null).
Value isLeader(OpBuilder &b, Location loc, const LoweringState &state,
               Operation *op) {
  if (runsOnProducer(op))
    return Value();
  return isFirstThread(b, loc, emitThreadIds(b, loc, state.threadsPerWarp));
}

/// `pred`, or null if it is the constant true: the inline assembly of a
/// predicated NVVM op takes no constant predicate.
Value unlessTrue(Value pred) {
  return matchPattern(pred, m_One()) ? Value() : pred;
}

/// The leader, where `pred` holds: who arms the barrier and issues copies
/// (null: always).
Value leaderAnd(OpBuilder &b, Location loc, const LoweringState &state,
                Operation *op, Value pred) {
  return andOf(b, loc, isLeader(b, loc, state, op), unlessTrue(pred));
}

/// `body` where `pred` holds (always without one), behind a branch.
void onlyWhere(OpBuilder &b, Location loc, Value pred,
               function_ref<void()> body) {
  predicated(b, loc, pred, Type(),
             [&](OpBuilder &) {
               body();
               return Value();
             },
             {});
}

/// `body` in the leader only.
void inLeader(OpBuilder &b, Location loc, const LoweringState &state,
              Operation *op, function_ref<void()> body) {
  onlyWhere(b, loc, isLeader(b, loc, state, op), body);
}

/// Calls `issue` with `pred` to predicate each instruction on, or, for the
/// ops tile-plan-lowering marks tilegpu.branched, with none inside one scf.if
/// on `pred`.
void issueWhere(OpBuilder &b, Location loc, const LoweringState &state,
                Operation *op, Value pred,
                function_ref<void(Value predicate)> issue) {
  if (!pred || !isBranched(op))
    return issue(pred);
  onlyWhere(b, loc, pred, [&] { issue(Value()); });
}

/// Calls `copy` with the column coordinate and the shared-memory address
/// of each box of `desc`'s block whose first column is `column`: column
/// blocks of the box's width, one after another in the buffer at `base`.
void forEachBox(OpBuilder &b, Location loc, TensorDescType desc, Value column,
                Value base, function_ref<void(Value x, Value address)> copy) {
  SmallVector<int64_t, 2> box = getTMABox(desc);
  int64_t boxBytes = box[0] * box[1] * desc.getElementBytes();
  for (int64_t block = 0; block < desc.getShape()[1] / box[1]; ++block) {
    Value x = arith::AddIOp::create(b, loc, column,
                                    createI32(b, loc, block * box[1]));
    Value address = addBytes(b, loc, base, createI32(b, loc, block * boxBytes));
    copy(x, address);
  }
}

struct InitBarrierLowering : public TilePattern<InitBarrierOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(InitBarrierOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value barrier = adaptor.getBarrier().front();
    inLeader(rewriter, loc, state, op, [&] {
      NVVM::MBarrierInitOp::create(rewriter, loc, barrier,
                                   createI32(rewriter, loc, op.getCount()),
                                   Value());
      // Makes the initialization visible to the async proxy (TMA's
      // complete_tx) as well; the CTA barrier that follows, to the threads.
      NVVM::FenceMbarrierInitOp::create(rewriter, loc);
    });
    rewriter.eraseOp(op);
    return success();
  }
};

struct InvalBarrierLowering : public TilePattern<InvalBarrierOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(InvalBarrierOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value barrier = adaptor.getBarrier().front();
    inLeader(rewriter, loc, state, op,
             [&] { NVVM::MBarrierInvalOp::create(rewriter, loc, barrier); });
    rewriter.eraseOp(op);
    return success();
  }
};

struct BarrierExpectLowering : public TilePattern<BarrierExpectOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(BarrierExpectOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value leader =
        leaderAnd(rewriter, loc, state, op, adaptor.getPred().front());
    issueWhere(rewriter, loc, state, op, leader, [&](Value pred) {
      NVVM::MBarrierArriveExpectTxOp::create(
          rewriter, loc, Type(), adaptor.getBarrier().front(),
          createI32(rewriter, loc, op.getBytes()), NVVM::MemScopeKind::CTA,
          /*relaxed=*/false, pred);
    });
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncTMACopyLowering : public TilePattern<AsyncTMACopyOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(AsyncTMACopyOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value leader =
        leaderAnd(rewriter, loc, state, op, adaptor.getPred().front());
    Value row = adaptor.getIndices()[0].front();
    // Multicast: box j comes from the CTA of rank j mod N, into all N.
    unsigned ranks = op.getMulticast() ? state.clusterSize : 1;
    Value rank, mask;
    if (ranks > 1) {
      rank = NVVM::ClusterId::create(rewriter, loc, rewriter.getI32Type());
      mask = LLVM::ConstantOp::create(
          rewriter, loc, rewriter.getI16Type(),
          rewriter.getI16IntegerAttr((1 << ranks) - 1));
    }
    unsigned box = 0;
    issueWhere(rewriter, loc, state, op, leader, [&](Value pred) {
      forEachBox(
          rewriter, loc, op.getDesc().getType(),
          adaptor.getIndices()[1].front(), adaptor.getResult().front(),
          [&](Value x, Value dst) {
            Value issue = pred;
            if (rank)
              issue = andOf(rewriter, loc, pred,
                            arith::CmpIOp::create(
                                rewriter, loc, arith::CmpIPredicate::eq, rank,
                                createI32(rewriter, loc, box++ % ranks)));
            // Unpredicated, the op is LLVM's intrinsic, which takes
            // the destination as a shared::cluster address.
            if (!issue)
              dst = LLVM::AddrSpaceCastOp::create(
                  rewriter, loc,
                  LLVM::LLVMPointerType::get(rewriter.getContext(), 7), dst);
            // TMA coordinates run innermost first. A multicast copy
            // writes and signals the same offsets in each CTA.
            NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
                rewriter, loc, dst, adaptor.getDesc().front(),
                ValueRange{x, row}, adaptor.getBarrier().front(),
                /*im2colOffsets=*/ValueRange(), mask,
                /*l2CacheHint=*/Value(), NVVM::TMALoadMode::TILE,
                /*isCTAOnly=*/false, /*group=*/NVVM::CTAGroupKindAttr(), issue);
          });
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// The TMA reduction of a tile.descriptor_reduce kind.
static NVVM::TMAReduxKind getReduxKind(DescriptorReduceKind kind) {
  switch (kind) {
  case DescriptorReduceKind::ADD:
    return NVVM::TMAReduxKind::ADD;
  case DescriptorReduceKind::MIN:
    return NVVM::TMAReduxKind::MIN;
  case DescriptorReduceKind::MAX:
    return NVVM::TMAReduxKind::MAX;
  case DescriptorReduceKind::INC:
    return NVVM::TMAReduxKind::INC;
  case DescriptorReduceKind::DEC:
    return NVVM::TMAReduxKind::DEC;
  case DescriptorReduceKind::AND:
    return NVVM::TMAReduxKind::AND;
  case DescriptorReduceKind::OR:
    return NVVM::TMAReduxKind::OR;
  case DescriptorReduceKind::XOR:
    return NVVM::TMAReduxKind::XOR;
  }
  llvm_unreachable("unknown reduce kind");
}

/// Thread 0 copies the buffer out box by box (the layout AsyncTMACopy
/// reads in); every thread closes a bulk async-group (empty but for thread
/// 0's), so that each store is one group in every thread and a wait's
/// count means the same stores in all of them (warpgroup_tma_stores'
/// copies come from other threads).
struct AsyncTMAStoreLowering : public TilePattern<AsyncTMAStoreOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(AsyncTMAStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value row = adaptor.getIndices()[0].front();
    inLeader(rewriter, loc, state, op, [&] {
      forEachBox(rewriter, loc, op.getDesc().getType(),
                 adaptor.getIndices()[1].front(), adaptor.getSrc().front(),
                 [&](Value x, Value src) {
                   if (std::optional<DescriptorReduceKind> kind =
                           op.getReduce()) {
                     NVVM::CpAsyncBulkTensorReduceOp::create(
                         rewriter, loc, adaptor.getDesc().front(), src,
                         getReduxKind(*kind), NVVM::TMAStoreMode::TILE,
                         ValueRange{x, row}, /*l2CacheHint=*/Value());
                     return;
                   }
                   NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
                       rewriter, loc, adaptor.getDesc().front(), src,
                       ValueRange{x, row}, /*l2CacheHint=*/Value(),
                       NVVM::TMAStoreMode::TILE, /*predicate=*/Value());
                 });
    });
    NVVM::CpAsyncBulkCommitGroupOp::create(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

/// Each warpgroup, chunk by chunk: its threads write the chunk into its
/// rows of the slot (stmatrix) and fence them for the async proxy; the
/// warpgroup's first thread waits until at most S - 2 of its copies are
/// still reading (so the slot the next chunk writes is free); the
/// warpgroup meets at its named barrier; that thread copies the chunk out
/// (a predicated instruction, not a branch) and every thread closes a bulk
/// async-group (empty but for that thread's). One barrier of 128 threads a
/// chunk, as cuBLAS's epilogue has, and none of the CTA.
struct WarpgroupTMAStoreLowering : public TilePattern<WarpgroupTMAStoreOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(WarpgroupTMAStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getValue().getType());
    BufferType buffer = op.getBuffer().getType();
    int64_t slots = buffer.getShape()[0], rows = buffer.getShape()[1],
            columns = buffer.getShape()[2];
    int64_t slotBytes = rows * columns * 2, groupBytes = 64 * columns * 2;
    BufferType slot =
        BufferType::get(rewriter.getContext(), {rows, columns},
                        buffer.getElementType(), buffer.getEncoding(),
                        /*mutableMemory=*/true);
    Distribution dist = getDistribution(type);
    ThreadIds ids = emitThreadIds(rewriter, loc, state.threadsPerWarp);
    Value warp = emitUniformWarp(rewriter, loc, ids, state.threadsPerWarp);
    Value four = createI32(rewriter, loc, 4),
          zero = createI32(rewriter, loc, 0);
    Value group = arith::DivUIOp::create(rewriter, loc, warp, four);
    // One statement each: the order of the ops does not depend on the
    // compiler's order of evaluating arguments.
    Value firstWarp = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq,
        arith::RemUIOp::create(rewriter, loc, warp, four), zero);
    Value firstLane = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, ids.lane, zero);
    Value leader = andOf(rewriter, loc, firstWarp, firstLane);
    Value barrier = arith::AddIOp::create(
        rewriter, loc, group, createI32(rewriter, loc, kFirstWarpgroupBarrier));
    Value row = arith::AddIOp::create(
        rewriter, loc, adaptor.getIndices()[0].front(),
        arith::MulIOp::create(rewriter, loc, group,
                              createI32(rewriter, loc, 64)));
    Value groupOffset = arith::MulIOp::create(
        rewriter, loc, group, createI32(rewriter, loc, groupBytes));
    Value base = adaptor.getBuffer().front();
    ValueRange values = adaptor.getValue();
    for (int64_t chunk = 0; chunk < type.getShape()[1] / columns; ++chunk) {
      Value slotBase =
          addBytes(rewriter, loc, base,
                   createI32(rewriter, loc, chunk % slots * slotBytes));
      SmallVector<int64_t> origin = {0, chunk * columns};
      // A thread's columns in an element's 8-column piece differ only by
      // its lane: thread 0's say which chunk the element is in.
      auto inChunk = [&](unsigned e) {
        return (*dist.getFirstThreadCoordinates(e))[1] / columns == chunk;
      };
      if (failed(writeWithStmatrix(
              rewriter, loc, ids, type, values,
              StmatrixTarget{slotBase, 0, slot, origin, inChunk})))
        return op.emitOpError() << "cannot write a chunk with stmatrix";
      emitAsyncProxyFence(rewriter, loc, state);
      NVVM::CpAsyncBulkWaitGroupOp::create(rewriter, loc, slots - 2,
                                           rewriter.getUnitAttr());
      NVVM::BarrierOp::create(rewriter, loc, Type(), barrier,
                              createI32(rewriter, loc, 128),
                              NVVM::BarrierReductionAttr(), Value());
      Value x =
          arith::AddIOp::create(rewriter, loc, adaptor.getIndices()[1].front(),
                                createI32(rewriter, loc, chunk * columns));
      NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
          rewriter, loc, adaptor.getDesc().front(),
          addBytes(rewriter, loc, slotBase, groupOffset), ValueRange{x, row},
          /*l2CacheHint=*/Value(), NVVM::TMAStoreMode::TILE, leader);
      NVVM::CpAsyncBulkCommitGroupOp::create(rewriter, loc);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// Every thread waits: each has closed the same groups, empty where it
/// issued no copy, and the branch around it would cost more than the
/// instruction.
struct AsyncTMAStoreWaitLowering : public TilePattern<AsyncTMAStoreWaitOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(AsyncTMAStoreWaitOp op, OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncBulkWaitGroupOp::create(
        rewriter, op.getLoc(), op.getPendings(), rewriter.getUnitAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

/// Each warp arrives once, from lane 0 after the warp's threads meet there
/// (which orders their accesses before the arrival); the producer thread
/// arrives alone. The arrival is a predicated instruction, not a branch:
/// an arrival expecting no bytes (plain mbarrier.arrive takes no
/// predicate), as a branch around it would make ptxas serialize the
/// loop's wgmma.
struct ArriveBarrierLowering : public TilePattern<ArriveBarrierOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ArriveBarrierOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value pred = unlessTrue(adaptor.getPred().front());
    if (!runsOnProducer(op)) {
      NVVM::SyncWarpOp::create(rewriter, loc, createI32(rewriter, loc, -1));
      ThreadIds ids = emitThreadIds(rewriter, loc, state.threadsPerWarp);
      pred =
          andOf(rewriter, loc, pred,
                arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                      ids.lane, createI32(rewriter, loc, 0)));
    }
    Value barrier = adaptor.getBarrier().front();
    if (!op.getCluster()) {
      NVVM::MBarrierArriveExpectTxOp::create(
          rewriter, loc, Type(), barrier, createI32(rewriter, loc, 0),
          NVVM::MemScopeKind::CTA, /*relaxed=*/false, pred);
      rewriter.eraseOp(op);
      return success();
    }
    // The barrier at the same offset in each CTA of the cluster (this one's
    // too). Predicated assembly: NVVM's predicated arrive writes no state
    // space, which would take the shared::cluster address for a generic
    // one. The arrival keeps the default .release.cta, as CUTLASS's cluster
    // barriers do: what it orders are this CTA's reads of its own stage,
    // which the wgmma wait has completed; .release.cluster made the matmul
    // 2.3x slower (H100, 4096^3).
    auto clusterPtr = LLVM::LLVMPointerType::get(
        rewriter.getContext(),
        static_cast<unsigned>(NVVM::NVVMMemorySpace::SharedCluster));
    std::string ptx = pred ? "@$1 " : "";
    ptx += "mbarrier.arrive.shared::cluster.b64 _, [$0];";
    for (unsigned rank = 0; rank < state.clusterSize; ++rank) {
      SmallVector<Value, 2> operands = {NVVM::MapaOp::create(
          rewriter, loc, clusterPtr, barrier, createI32(rewriter, loc, rank))};
      if (pred)
        operands.push_back(pred);
      emitInlinePtx(rewriter, loc, Type(), ptx, pred ? "l,b" : "l", operands,
                    /*hasSideEffects=*/true);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// Every thread of the block, then of the cluster: arrive (release), then
/// wait (acquire).
struct ClusterBarrierLowering : public TilePattern<ClusterBarrierOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ClusterBarrierOp op, OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::ClusterArriveOp::create(rewriter, op.getLoc(), UnitAttr());
    NVVM::ClusterWaitOp::create(rewriter, op.getLoc(), UnitAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

struct WaitBarrierLowering : public TilePattern<WaitBarrierOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(WaitBarrierOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // The suspend-time hint CUTLASS uses (ns); the op loops until the phase
    // completes.
    NVVM::MBarrierTryWaitParityOp::create(
        rewriter, loc, adaptor.getBarrier().front(), adaptor.getPhase().front(),
        createI32(rewriter, loc, 0x989680));
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tile::populateTMAPatterns(const TypeConverter &converter,
                                     RewritePatternSet &patterns,
                                     const LoweringState &state) {
  patterns
      .add<InitBarrierLowering, InvalBarrierLowering, BarrierExpectLowering,
           AsyncTMACopyLowering, AsyncTMAStoreLowering,
           WarpgroupTMAStoreLowering, AsyncTMAStoreWaitLowering,
           ArriveBarrierLowering, ClusterBarrierLowering, WaitBarrierLowering>(
          converter, patterns.getContext(), state);
}
