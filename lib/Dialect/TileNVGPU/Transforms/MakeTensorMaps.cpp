//===- MakeTensorMaps.cpp - descriptors made in a kernel as tensor maps ---===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A descriptor a kernel makes is a tensor map the kernel writes, in a slot
// of a global buffer the launch passes (the kernel's last parameter), as
// Triton does; the TMA copies through it are then those of a descriptor
// parameter.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/TileGPU/IR/Target.h"
#include "tile/Dialect/TileNVGPU/Transforms/Passes.h"

#include "tile/Dialect/Tile/IR/OpUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_MAKETENSORMAPS
#include "tile/Dialect/TileNVGPU/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

/// The block's linear index in the grid, x fastest (i64). Sequenced: as
/// call arguments, the host compiler would pick the order.
Value emitLinearProgramId(OpBuilder &b, Location loc) {
  auto id = [&](ProgramIDDim axis) {
    return GetProgramIdOp::create(b, loc, b.getI32Type(), axis).getResult();
  };
  auto count = [&](ProgramIDDim axis) {
    return GetNumProgramsOp::create(b, loc, b.getI32Type(), axis).getResult();
  };
  Value z = id(ProgramIDDim::Z);
  Value ny = count(ProgramIDDim::Y);
  Value linear = arith::MulIOp::create(b, loc, z, ny);
  Value y = id(ProgramIDDim::Y);
  linear = arith::AddIOp::create(b, loc, linear, y);
  Value nx = count(ProgramIDDim::X);
  linear = arith::MulIOp::create(b, loc, linear, nx);
  Value x = id(ProgramIDDim::X);
  linear = arith::AddIOp::create(b, loc, linear, x);
  return arith::ExtSIOp::create(b, loc, b.getI64Type(), linear);
}

class MakeTensorMaps : public tile::impl::MakeTensorMapsBase<MakeTensorMaps> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto target =
        module->getAttrOfType<StringAttr>(TileGPUDialect::getTargetAttrName());
    bool archSpecific = target && parseSmVersion(target.getValue()) >= 90 &&
                        hasArchSpecificFeatures(target.getValue());
    for (FuncOp fn : module.getOps<FuncOp>()) {
      SmallVector<MakeTensorDescOp> makes;
      fn.walk([&](MakeTensorDescOp make) { makes.push_back(make); });
      if (makes.empty())
        continue;
      for (MakeTensorDescOp make : makes) {
        if (!canMakeTensorMap(make)) {
          make.emitOpError()
              << "is not one a kernel can write as a tensor map (made in a "
                 "kernel's entry block, rows of stride 1, whole blocks TMA "
                 "copies): tile-rewrite-tensor-pointers rewrites it";
          return signalPassFailure();
        }
        if (!archSpecific) {
          make.emitOpError()
              << "is written as a tensor map with tensormap.replace, which "
                 "needs an sm_90a target, but the target is "
              << (target ? target.getValue() : StringRef("not set"));
          return signalPassFailure();
        }
      }
      makeMaps(fn, makes);
    }
  }

private:
  void makeMaps(FuncOp fn, ArrayRef<MakeTensorDescOp> makes) {
    MLIRContext *context = &getContext();
    OpBuilder b(context);
    int64_t bytes = kTensorMapBytes * int64_t(makes.size());
    unsigned index = fn.getNumArguments();
    Type scratchType =
        PointerType::get(b.getI8Type(), static_cast<int>(kGlobalAddressSpace));
    if (failed(fn.insertArgument(
            index, scratchType,
            b.getDictionaryAttr(
                b.getNamedAttr(TileNVGPUDialect::getGlobalScratchAttrName(),
                               b.getI64IntegerAttr(bytes))),
            NameLoc::get(b.getStringAttr("global_scratch"), fn.getLoc())))) {
      fn.emitOpError() << "cannot take a global scratch parameter";
      return signalPassFailure();
    }
    Value scratch = fn.getArgument(index);
    Block &entry = fn.getBody().front();
    b.setInsertionPointToStart(&entry);
    Location loc = fn.getLoc();
    Value base = arith::MulIOp::create(
        b, loc, emitLinearProgramId(b, loc),
        arith::ConstantIntOp::create(b, loc, b.getI64Type(), bytes));
    for (auto [i, constMake] : llvm::enumerate(makes)) {
      MakeTensorDescOp make = constMake;
      b.setInsertionPoint(make);
      Value offset =
          i == 0 ? base
                 : arith::AddIOp::create(b, make.getLoc(), base,
                                         arith::ConstantIntOp::create(
                                             b, make.getLoc(), b.getI64Type(),
                                             int64_t(i) * kTensorMapBytes))
                       .getResult();
      Value slot =
          AddPtrOp::create(b, make.getLoc(), scratchType, scratch, offset);
      auto map = MakeTensorMapOp::create(b, make.getLoc(), make.getType(), slot,
                                         make.getBase(), make.getShape(),
                                         make.getStrides(), make.getPadding());
      make.replaceAllUsesWith(map.getResult());
      make.erase();
    }
  }
};

} // namespace
