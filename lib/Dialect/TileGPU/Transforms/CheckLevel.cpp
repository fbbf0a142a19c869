//===- CheckLevel.cpp - a module's level, as a conversion target ----------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tile-check-level: what each level's IR may contain, stated as a
// ConversionTarget (as Triton's TritonGPU conversion states its own), and
// a located error for the first op that is not legal there.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/TileGPU/Transforms/Passes.h"

#include "tile/Dialect/Tile/IR/OpUtils.h"
#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tile {
#define GEN_PASS_DEF_CHECKLEVEL
#include "tile/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// The types `op` takes, yields and binds in its regions.
SmallVector<Type> getTypesOf(Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  for (Region &region : op->getRegions())
    for (Block &block : region)
      llvm::append_range(types, block.getArgumentTypes());
  return types;
}

/// Whether every tensor `op` takes, yields or binds in its regions has a
/// layout (`laidOut`) or none has.
bool tensorsHaveLayouts(Operation *op, bool laidOut) {
  return llvm::all_of(getTypesOf(op), [&](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return !tensor || (tensor.getEncoding() != nullptr) == laidOut;
  });
}

/// Whether `dialect` is one a kernel is written in at some level: tile's
/// three and the upstream ones (arith, math, scf, cf, ub).
bool isKernelDialect(Dialect *dialect) {
  return isa_and_nonnull<TileDialect, tilegpu::TileGPUDialect,
                         tilenvgpu::TileNVGPUDialect, arith::ArithDialect,
                         math::MathDialect, scf::SCFDialect,
                         cf::ControlFlowDialect, ub::UBDialect>(dialect);
}

/// What every level allows: the module, and the barrier and assumption
/// Triton programs write (tl.debug_barrier, tl.assume).
void addCommonLegality(ConversionTarget &target) {
  target.addLegalOp<ModuleOp, gpu::BarrierOp, LLVM::AssumeOp>();
}

/// Tile IR: the kernel dialects but the levels below (tilegpu, tilenv).
/// (A layout a tensor carries is replaced by tile-assign-layouts.)
void addTileLevelLegality(ConversionTarget &target) {
  addCommonLegality(target);
  target.addIllegalDialect<tilegpu::TileGPUDialect,
                           tilenvgpu::TileNVGPUDialect>();
  target.markUnknownOpDynamicallyLegal(
      [](Operation *op) { return isKernelDialect(op->getDialect()); });
}

/// Whether `op` makes or uses a block pointer or makes a descriptor that
/// cannot be a tensor map: tile-rewrite-tensor-pointers rewrites those at
/// the tile level.
bool isTileLevelPointerOp(Operation *op) {
  if (auto make = dyn_cast<MakeTensorDescOp>(op))
    return !tilegpu::canMakeTensorMap(make);
  return usesBlockPointer(op);
}

/// Why tile cannot copy the blocks of a tensor descriptor `op` takes,
/// yields, binds in its regions or declares in its signature (the first
/// such), or an empty string. Loads, stores and reductions copy whole
/// blocks; gathers and scatters rows.
std::string getUncopiableDescriptor(Operation *op) {
  bool wholeBlocks =
      isa<DescriptorLoadOp, DescriptorStoreOp, DescriptorReduceOp>(op);
  SmallVector<Type> types = getTypesOf(op);
  // A declaration binds no argument: its signature is all there is.
  if (auto func = dyn_cast<FunctionOpInterface>(op)) {
    llvm::append_range(types, func.getArgumentTypes());
    llvm::append_range(types, func.getResultTypes());
  }
  for (Type type : types)
    if (auto desc = dyn_cast<TensorDescType>(type))
      if (std::string reason = tilegpu::getUncopiableReason(desc, wholeBlocks);
          !reason.empty())
        return reason;
  return "";
}

/// The distributed level: every kernel dialect, every tensor with a
/// layout, no block pointer, descriptors made in the kernel only where they
/// can be tensor maps, and descriptors whose blocks TMA can copy.
void addDistributedLegality(ConversionTarget &target) {
  addCommonLegality(target);
  target.markUnknownOpDynamicallyLegal([](Operation *op) {
    return isKernelDialect(op->getDialect()) &&
           tensorsHaveLayouts(op, /*laidOut=*/true) &&
           !isTileLevelPointerOp(op) && getUncopiableDescriptor(op).empty();
  });
}

/// The GPU level: the distributed level without NVIDIA's dialect, as
/// tile-assign-layouts leaves a module (tile-accelerate-matmul and the
/// passes after it pick NVIDIA's instructions).
void addGPULevelLegality(ConversionTarget &target) {
  addDistributedLegality(target);
  target.addIllegalDialect<tilenvgpu::TileNVGPUDialect>();
}

struct CheckLevel : public tile::impl::CheckLevelBase<CheckLevel> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    ConversionTarget target(getContext());
    bool gpu = level == "gpu";
    bool distributed = gpu || level == "distributed";
    if (gpu) {
      addGPULevelLegality(target);
    } else if (distributed) {
      addDistributedLegality(target);
    } else if (level == "tile") {
      addTileLevelLegality(target);
    } else {
      module.emitError() << "tile-check-level: unknown level '" << level
                         << "' (tile, gpu or distributed)";
      return signalPassFailure();
    }
    StringRef levelName = gpu ? "the GPU level" : "the distributed level";
    WalkResult result = module.walk([&](Operation *op) {
      if (target.isLegal(op))
        return WalkResult::advance();
      InFlightDiagnostic diag = op->emitOpError();
      if (!isKernelDialect(op->getDialect()))
        diag << "is not " << (distributed ? levelName : "tile IR")
             << ": its dialect has no place in a kernel";
      else if (distributed && isTileLevelPointerOp(op))
        diag << "is not of " << levelName
             << ": block pointers and descriptors made in the kernel are "
                "rewritten at the tile level (tile-rewrite-tensor-pointers)";
      else if (gpu && isa<tilenvgpu::TileNVGPUDialect>(op->getDialect()))
        diag << "is not of the GPU level but NVIDIA-specific (tilenv ops "
                "come from tile-accelerate-matmul and the passes after it)";
      else if (std::string reason = getUncopiableDescriptor(op);
               distributed && !reason.empty())
        diag << "is not of " << levelName << ": " << reason;
      else if (distributed)
        diag << "is not of " << levelName << ": a tensor it uses has no layout";
      else
        diag << "is not tile IR but of the distributed level (compile the "
                "module with its layouts: --keep-layouts)";
      return WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
