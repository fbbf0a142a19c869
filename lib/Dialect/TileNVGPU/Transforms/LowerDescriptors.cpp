//===- LowerDescriptors.cpp - descriptor loads and stores as TMA copies ---===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The descriptor loads tile-pipeline left (outside loops, or not staging a
// dot operand) become one TMA copy each, waited for on an mbarrier right
// away; descriptor stores and reductions, a buffer written by every thread
// and copied out (or reduced into global memory) by TMA, waited for until
// the copy has read it, or a wgmma result stored per warpgroup in chunks.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/TileGPU/IR/Target.h"
#include "tile/Dialect/TileNVGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::tile {
#define GEN_PASS_DEF_LOWERDESCRIPTORS
#include "tile/Dialect/TileNVGPU/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

class LowerDescriptors
    : public tile::impl::LowerDescriptorsBase<LowerDescriptors> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (storeChunkBytes != 0 &&
        (!llvm::is_contained({32, 64, 128}, int(storeChunkBytes)) ||
         storeSlots < 2)) {
      module.emitError() << "tile-lower-descriptors: store-chunk-bytes must "
                            "be 0, 32, 64 or 128 and store-slots at least 2, "
                            "got "
                         << static_cast<int>(storeChunkBytes) << " and "
                         << static_cast<int>(storeSlots);
      return signalPassFailure();
    }
    SmallVector<Operation *> accesses;
    module.walk([&](Operation *op) {
      if (isa<DescriptorLoadOp, DescriptorStoreOp, DescriptorReduceOp,
              DescriptorGatherOp, DescriptorScatterOp>(op))
        accesses.push_back(op);
    });
    if (accesses.empty())
      return;
    auto target =
        module->getAttrOfType<StringAttr>(TileGPUDialect::getTargetAttrName());
    StringRef targetName = target ? target.getValue() : StringRef("not set");
    unsigned sm = target ? parseSmVersion(target.getValue()) : 0;
    if (sm < 90) {
      accesses.front()->emitOpError()
          << "needs the tensor memory accelerator (sm_90 or newer), but the "
             "target is "
          << targetName;
      return signalPassFailure();
    }
    // Rows picked by index are one copy only with Blackwell's TMA (gather4,
    // scatter4); Hopper's copies boxes.
    for (Operation *op : accesses)
      if (isa<DescriptorGatherOp, DescriptorScatterOp>(op)) {
        op->emitOpError() << "needs the tensor memory accelerator's "
                          << (isa<DescriptorGatherOp>(op) ? "gather4"
                                                          : "scatter4")
                          << " (sm_100 and newer), which tile does not "
                             "target; the target is "
                          << targetName;
        return signalPassFailure();
      }
    // Decided before any store is rewritten: a descriptor goes per
    // warpgroup only if all its uses can.
    llvm::SmallPtrSet<Operation *, 4> inChunks;
    for (Operation *op : accesses)
      if (auto store = dyn_cast<DescriptorStoreOp>(op);
          store && allUsesInChunks(store.getDesc()))
        inChunks.insert(store);
    for (Operation *op : accesses) {
      if (auto load = dyn_cast<DescriptorLoadOp>(op))
        lower(load);
      else if (inChunks.contains(op))
        lowerInChunks(cast<DescriptorStoreOp>(op));
      else if (auto store = dyn_cast<DescriptorStoreOp>(op))
        lowerStore(store, store.getDesc(), store.getIndices(), store.getValue(),
                   {});
      else if (auto reduce = dyn_cast<DescriptorReduceOp>(op))
        lowerStore(reduce, reduce.getDesc(), reduce.getIndices(),
                   reduce.getSrc(), reduce.getKindAttr());
    }
  }

private:
  /// A buffer for one block of `desc`, in the layout TMA copies it in.
  BufferType getBlockBuffer(TensorDescType desc, bool mutableMemory) {
    return BufferType::get(&getContext(), desc.getShape(),
                           desc.getElementType(), getSharedLayout(desc),
                           mutableMemory);
  }

  void lower(DescriptorLoadOp load) {
    OpBuilder b(load);
    Location loc = load.getLoc();
    TensorDescType desc = load.getDesc().getType();
    BufferType bufferType = getBlockBuffer(desc, /*mutableMemory=*/true);
    // A load only stored into a buffer of the descriptor's layout: TMA
    // fills that buffer.
    LocalAllocOp into;
    if (load->hasOneUse())
      if (auto alloc = dyn_cast<LocalAllocOp>(*load->getUsers().begin());
          alloc && alloc.getType().getEncoding() == getSharedLayout(desc)) {
        into = alloc;
        b.setInsertionPoint(alloc);
      }
    Value buffer = LocalAllocOp::create(b, loc, bufferType, Value());
    Value barrier =
        LocalAllocOp::create(b, loc, getMBarrierType(&getContext()), Value());
    InitBarrierOp::create(b, loc, barrier, 1);
    Value always = arith::ConstantIntOp::create(b, loc, 1, 1);
    BarrierExpectOp::create(b, loc, barrier, desc.getBlockBytes(), always);
    AsyncTMACopyOp::create(b, loc, load.getDesc(), load.getIndices(), buffer,
                           barrier, always);
    WaitBarrierOp::create(b, loc, barrier,
                          arith::ConstantIntOp::create(b, loc, 0, 32));
    InvalBarrierOp::create(b, loc, barrier);
    LocalDeallocOp::create(b, loc, barrier);
    if (into) {
      into.replaceAllUsesWith(buffer);
      into.erase();
    } else {
      load.replaceAllUsesWith(
          LocalLoadOp::create(b, loc, load.getType(), buffer).getResult());
    }
    load.erase();
  }

  /// The buffer of a warpgroup_tma_store of `value`, or null where the
  /// value cannot go out per warpgroup: a wgmma result of 16-bit elements
  /// in a layout the op stores, its columns a multiple of the slots'
  /// chunks.
  BufferType getChunkBuffer(RankedTensorType value) {
    int64_t columns = storeChunkBytes / 2;
    if (!storeChunkBytes || value.getElementTypeBitWidth() != 16 ||
        !WarpgroupTMAStoreOp::hasWarpgroupRows(value) ||
        value.getShape()[1] % (columns * storeSlots))
      return {};
    return BufferType::get(
        &getContext(), {storeSlots, value.getShape()[0], columns},
        value.getElementType(),
        NVMMASharedLayoutAttr::get(&getContext(), storeChunkBytes,
                                   /*transposed=*/false, 16),
        /*mutableMemory=*/true);
  }

  /// Whether `desc` is a kernel parameter that only such stores use: its
  /// tensor map then has their chunks as boxes.
  bool allUsesInChunks(Value desc) {
    auto arg = dyn_cast<BlockArgument>(desc);
    return arg && arg.getOwner()->isEntryBlock() &&
           isa<FuncOp>(arg.getOwner()->getParentOp()) &&
           llvm::all_of(desc.getUsers(), [&](Operation *user) {
             auto store = dyn_cast<DescriptorStoreOp>(user);
             return store && store.getDesc() == desc &&
                    getChunkBuffer(store.getValue().getType());
           });
  }

  /// The outermost loop around `op` in its function, if any.
  static Operation *getOutermostLoop(Operation *op) {
    Operation *loop = nullptr;
    for (Operation *parent = op->getParentOp(); parent && !isa<FuncOp>(parent);
         parent = parent->getParentOp())
      if (isa<LoopLikeOpInterface>(parent))
        loop = parent;
    return loop;
  }

  /// One wait after `after` (shared with a wait already there) for every
  /// store before it, then the end of `buffer`'s life.
  static void waitThenFree(Operation *after, Value buffer, Location loc) {
    OpBuilder b(after->getContext());
    b.setInsertionPointAfter(after);
    auto next = dyn_cast_or_null<AsyncTMAStoreWaitOp>(after->getNextNode());
    if (!next || next.getPendings() != 0)
      next = AsyncTMAStoreWaitOp::create(b, loc, 0);
    b.setInsertionPointAfter(next);
    LocalDeallocOp::create(b, loc, buffer);
  }

  /// The value goes to shared memory in the descriptor's layout (each
  /// thread writes its own elements, whatever their layout), TMA copies it
  /// out, and the buffer lives until the copy has read it. In a loop, one
  /// buffer serves every iteration: allocated before the outermost loop,
  /// waited for before each write (the previous iteration's copy) and after
  /// the loop, so that the copy overlaps the next iteration's work instead
  /// of stalling the thread that issued it, which reads it out only as fast
  /// as global memory takes it. Each wait is for every store before it (a
  /// second store in the same iteration waits for the first): exact counts
  /// would not hold for stores under conditions. A reduction (`reduce`
  /// set) goes the same way, the copy combining instead of overwriting.
  void lowerStore(Operation *store, TypedValue<TensorDescType> descValue,
                  ValueRange indices, Value value,
                  DescriptorReduceKindAttr reduce) {
    OpBuilder b(store);
    Location loc = store->getLoc();
    TensorDescType desc = descValue.getType();
    Operation *loop = getOutermostLoop(store);
    if (!loop) {
      Value buffer =
          LocalAllocOp::create(b, loc, getBlockBuffer(desc, false), value);
      AsyncTMAStoreOp::create(b, loc, descValue, indices, buffer, reduce);
      AsyncTMAStoreWaitOp::create(b, loc, 0);
      LocalDeallocOp::create(b, loc, buffer);
      store->erase();
      return;
    }
    OpBuilder outside(loop);
    Value buffer =
        LocalAllocOp::create(outside, loc, getBlockBuffer(desc, true), Value());
    AsyncTMAStoreWaitOp::create(b, loc, 0);
    LocalStoreOp::create(b, loc, value, buffer);
    AsyncTMAStoreOp::create(b, loc, descValue, indices, buffer, reduce);
    waitThenFree(loop, buffer, loc);
    store->erase();
  }

  /// The store per warpgroup, through a buffer allocated before the
  /// outermost loop (the op orders its own runs) and waited for after it.
  void lowerInChunks(DescriptorStoreOp store) {
    Location loc = store.getLoc();
    Operation *loop = getOutermostLoop(store);
    OpBuilder outside(loop ? loop : store.getOperation());
    Value buffer = LocalAllocOp::create(
        outside, loc, getChunkBuffer(store.getValue().getType()), Value());
    OpBuilder b(store);
    auto chunks = WarpgroupTMAStoreOp::create(
        b, loc, store.getDesc(), store.getIndices(), store.getValue(), buffer);
    waitThenFree(loop ? loop : chunks.getOperation(), buffer, loc);
    store.erase();
  }
};

} // namespace
