//===- LowerDescriptors.cpp - descriptor loads and stores as TMA copies ---===//
//
// The descriptor loads tile-pipeline left (outside loops, or not staging a
// dot operand) become one TMA copy each, waited for on an mbarrier right
// away; descriptor stores, a buffer written by every thread and copied out
// by TMA, waited for until the copy has read it.
//
//===----------------------------------------------------------------------===//

#include "tile/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::tile {
#define GEN_PASS_DEF_LOWERDESCRIPTORS
#include "tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

class LowerDescriptors
    : public tile::impl::LowerDescriptorsBase<LowerDescriptors> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> accesses;
    module.walk([&](Operation *op) {
      if (isa<DescriptorLoadOp, DescriptorStoreOp>(op))
        accesses.push_back(op);
    });
    if (accesses.empty())
      return;
    auto target =
        module->getAttrOfType<StringAttr>(TileDialect::getTargetAttrName());
    unsigned sm = target ? parseSmVersion(target.getValue()) : 0;
    if (sm < 90) {
      accesses.front()->emitOpError()
          << "needs the tensor memory accelerator (sm_90 or newer), but the "
             "target is "
          << (target ? target.getValue() : StringRef("not set"));
      return signalPassFailure();
    }
    for (Operation *op : accesses) {
      if (auto load = dyn_cast<DescriptorLoadOp>(op))
        lower(load);
      else
        lower(cast<DescriptorStoreOp>(op));
    }
  }

private:
  /// A buffer for one block of `desc`, in the layout TMA copies it in.
  BufferType getBlockBuffer(TensorDescType desc, bool mutableMemory) {
    return BufferType::get(&getContext(), desc.getShape(),
                           desc.getElementType(), desc.getSharedLayout(),
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
          alloc && alloc.getType().getEncoding() == desc.getSharedLayout()) {
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

  /// The value goes to shared memory in the descriptor's layout (each
  /// thread writes its own elements, whatever their layout), TMA copies it
  /// out, and the buffer lives until the copy has read it. In a loop, one
  /// buffer serves every iteration: allocated before the outermost loop,
  /// waited for before each write (the previous iteration's copy) and after
  /// the loop, so that the copy overlaps the next iteration's work instead
  /// of stalling the thread that issued it, which reads it out only as fast
  /// as global memory takes it. Each wait is for every store before it (a
  /// second store in the same iteration waits for the first): exact counts
  /// would not hold for stores under conditions.
  void lower(DescriptorStoreOp store) {
    OpBuilder b(store);
    Location loc = store.getLoc();
    TensorDescType desc = store.getDesc().getType();
    Operation *loop = nullptr;
    for (Operation *op = store->getParentOp(); op && !isa<FuncOp>(op);
         op = op->getParentOp())
      if (isa<LoopLikeOpInterface>(op))
        loop = op;
    if (!loop) {
      Value buffer = LocalAllocOp::create(b, loc, getBlockBuffer(desc, false),
                                          store.getValue());
      AsyncTMAStoreOp::create(b, loc, store.getDesc(), store.getIndices(),
                              buffer);
      AsyncTMAStoreWaitOp::create(b, loc, 0);
      LocalDeallocOp::create(b, loc, buffer);
      store.erase();
      return;
    }
    OpBuilder outside(loop);
    Value buffer =
        LocalAllocOp::create(outside, loc, getBlockBuffer(desc, true), Value());
    AsyncTMAStoreWaitOp::create(b, loc, 0);
    LocalStoreOp::create(b, loc, store.getValue(), buffer);
    AsyncTMAStoreOp::create(b, loc, store.getDesc(), store.getIndices(),
                            buffer);
    // One wait after the loop covers all its stores.
    outside.setInsertionPointAfter(loop);
    auto next = dyn_cast_or_null<AsyncTMAStoreWaitOp>(loop->getNextNode());
    if (!next || next.getPendings() != 0)
      next = AsyncTMAStoreWaitOp::create(outside, loc, 0);
    outside.setInsertionPointAfter(next);
    LocalDeallocOp::create(outside, loc, buffer);
    store.erase();
  }
};

} // namespace
