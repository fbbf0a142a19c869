//===- LowerDescriptorLoads.cpp - tile.descriptor_load as TMA copies ------===//
//
// The descriptor loads tile-pipeline left (outside loops, or not staging a
// dot operand) become one TMA copy each, waited for on an mbarrier right
// away.
//
//===----------------------------------------------------------------------===//

#include "tile/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_LOWERDESCRIPTORLOADS
#include "tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

class LowerDescriptorLoads
    : public tile::impl::LowerDescriptorLoadsBase<LowerDescriptorLoads> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<DescriptorLoadOp> loads;
    module.walk([&](DescriptorLoadOp load) { loads.push_back(load); });
    if (loads.empty())
      return;
    auto target =
        module->getAttrOfType<StringAttr>(TileDialect::getTargetAttrName());
    unsigned sm = target ? parseSmVersion(target.getValue()) : 0;
    if (sm < 90) {
      loads.front().emitOpError()
          << "needs the tensor memory accelerator (sm_90 or newer), but the "
             "target is "
          << (target ? target.getValue() : StringRef("not set"));
      return signalPassFailure();
    }
    for (DescriptorLoadOp load : loads)
      lower(load);
  }

private:
  void lower(DescriptorLoadOp load) {
    OpBuilder b(load);
    Location loc = load.getLoc();
    TensorDescType desc = load.getDesc().getType();
    auto bufferType =
        BufferType::get(&getContext(), desc.getShape(), desc.getElementType(),
                        desc.getSharedLayout(), /*mutableMemory=*/true);
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
};

} // namespace
