//===- TileToNVVM.cpp - the distributed level to per-thread code ----------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The pass: checks that everything in the module can be lowered (located
// errors otherwise), picks vector widths from the alignment analysis, moves
// kernels into a gpu.module, and runs a dialect conversion in which every
// tensor becomes the scalars the current thread holds (a 1:N conversion).
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/Passes.h"

#include "Lowering.h"
#include "tile/Analysis/Alignment.h"
#include "tile/Analysis/Allocation.h"
#include "tile/Dialect/TileGPU/IR/Target.h"

#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"

#include <cmath>
#include <numeric>

namespace mlir::tile {
#define GEN_PASS_DEF_CONVERTTILETONVVM
#include "tile/Conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {

/// Why values of scalar type `type` (a tensor's elements, a pointer's
/// pointee, a scalar) cannot be lowered, or an empty string.
std::string checkScalarType(Type type) {
  Type pointee = type;
  if (auto ptr = dyn_cast<PointerType>(type))
    pointee = ptr.getPointeeType();
  if (auto integer = dyn_cast<IntegerType>(pointee);
      integer && (integer.getWidth() == 0 || integer.getWidth() > 64))
    return "uses " + std::to_string(integer.getWidth()) +
           "-bit integers; convert-tile-to-nvvm lowers 1 to 64 bits";
  return "";
}

/// Why an op cannot be lowered, or an empty string.
std::string checkLowerable(Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  if (auto fn = dyn_cast<FuncOp>(op)) {
    llvm::append_range(types, fn.getArgumentTypes());
    llvm::append_range(types, fn.getResultTypes());
  }
  // fp8 elements are bytes here: they move and convert (tile.fp_to_fp),
  // but arith and math have nothing to compute them with; only wgmma
  // multiplies them.
  if (isa<DotOp>(op) && llvm::any_of(op->getOperandTypes(), isFloat8))
    return "multiplies fp8 operands outside wgmma, which "
           "convert-tile-to-nvvm does not lower (tile-accelerate-matmul "
           "converts them to f16)";
  if (isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) &&
      !isa<arith::ConstantOp, arith::SelectOp, arith::BitcastOp>(op) &&
      llvm::any_of(types, isFloat8))
    return "computes with 8-bit floats: convert them with tile.fp_to_fp "
           "first";
  for (Type type : types) {
    std::string scalar = checkScalarType(getElementTypeOrSelf(type));
    if (!scalar.empty())
      return scalar;
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      continue;
    if (!tensor.getEncoding())
      return "has a tensor without a layout: run tile-assign-layouts first";
    if (failed(Distribution::get(tensor))) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "uses layout " << tensor.getEncoding()
         << ", which convert-tile-to-nvvm does not lower yet";
      return text;
    }
  }
  if (auto width = op->getAttrOfType<IntegerAttr>(
          TileGPUDialect::getVectorWidthAttrName());
      width && isa<LoadOp, StoreOp, AsyncCopyGlobalToLocalOp>(op)) {
    // The elements of one access: a run of the thread's consecutive ones
    // along the fastest dimension, 16 bytes at most.
    auto ptrs = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    int64_t w = width.getInt();
    bool fits = !ptrs && w == 1;
    if (ptrs && w > 0 && llvm::isPowerOf2_64(w)) {
      Distribution dist = getDistribution(ptrs);
      int64_t bytes = getElementBytes(
          cast<PointerType>(ptrs.getElementType()).getPointeeType());
      fits = w * bytes <= 16 && dist.hasRuns(dist.getFastestDim(), w);
    }
    if (!fits)
      return ("has tilegpu.vector_width " + Twine(w) +
              ", which is not a power-of-two run of a thread's consecutive "
              "elements of at most 16 bytes")
          .str();
  }
  if (isa<CallOp>(op))
    return "calls must be inlined before convert-tile-to-nvvm";
  if (isa<DescriptorLoadOp, DescriptorStoreOp, DescriptorReduceOp,
          DescriptorGatherOp, DescriptorScatterOp>(op))
    return "must become TMA copies first: run tile-lower-descriptors";
  if (auto map = dyn_cast<MapElementwiseOp>(op)) {
    // The region's scalars take the elements' registers as they are, all
    // tensors' elements paired by one layout.
    Attribute layout =
        cast<RankedTensorType>(map.getSrcs()[0].getType()).getEncoding();
    for (Type type : llvm::concat<const Type>(map.getSrcs().getTypes(),
                                              map.getResultTypes())) {
      Type element = getElementTypeOrSelf(type);
      if (isa<PointerType>(element) || isFloat8(element))
        return "maps over pointers or 8-bit floats, which "
               "convert-tile-to-nvvm does not pass to the region";
      if (cast<RankedTensorType>(type).getEncoding() != layout)
        return "has operands and results in different layouts";
    }
  }
  if (auto dot = dyn_cast<DotOp>(op);
      dot && isa<MmaLayoutAttr>(dot.getC().getType().getEncoding()))
    if (StringRef why =
            whyNotMmaSync(dot.getA().getType(), dot.getB().getType(),
                          dot.getC().getType(), dot.getInputPrecision());
        !why.empty())
      return why.str();
  if (auto scan = dyn_cast<ScanOp>(op)) {
    // The scan visits a thread's repetitions after all warps' lanes: in
    // coordinate order only where no warp boundary falls between them.
    Distribution dist = getDistribution(scan.getSrcs()[0].getType());
    unsigned axis = scan.getAxis();
    if (dist.getRepeats(axis) > 1 && dist.getDistinctWarps(axis) > 1)
      return "scans along a dimension whose warps interleave a thread's "
             "repetitions (mma layouts); convert to a blocked layout first";
  }
  if (auto cast = dyn_cast<FpToFpOp>(op))
    if (cast.getRounding() == RoundingMode::RTZ && isFloat8(cast.getType()))
      return "rounds toward zero into fp8, which PTX has no conversion for "
             "(Triton has none on sm_90 either)";
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    if (isa<RankedTensorType>(constant.getType()) &&
        (!dense || !dense.isSplat()))
      return "only splat tensor constants are lowered";
  }
  if ((isa<LocalAllocOp>(op) || getScratchSizeInBytes(op) > 0) &&
      !op->hasAttr(TileGPUDialect::getOffsetAttrName()))
    return "has no shared-memory offset: run tile-allocate-shared-memory first";
  return "";
}

/// Checks that each warpgroup_tma_store copies through a kernel parameter
/// whose planned tensor map (tilenv.tensormap_box) has the store's box and
/// swizzle: the kernel information gives the host that box.
LogicalResult checkTensorMapBoxes(ModuleOp module) {
  WalkResult walk = module.walk([&](WarpgroupTMAStoreOp store) {
    auto arg = dyn_cast<BlockArgument>(store.getDesc());
    auto fn = arg ? dyn_cast<FuncOp>(arg.getOwner()->getParentOp()) : FuncOp();
    auto planned = fn ? fn.getArgAttrOfType<DictionaryAttr>(
                            arg.getArgNumber(),
                            TileNVGPUDialect::getTensorMapBoxAttrName())
                      : DictionaryAttr();
    auto box = planned ? planned.getAs<DenseI64ArrayAttr>("box") : nullptr;
    auto swizzle = planned ? planned.getAs<IntegerAttr>("swizzle") : nullptr;
    if (box && swizzle && box.asArrayRef() == ArrayRef(store.getBox()) &&
        swizzle.getInt() == store.getSwizzle())
      return WalkResult::advance();
    store.emitOpError() << "copies through a descriptor without its boxes "
                           "planned ('"
                        << TileNVGPUDialect::getTensorMapBoxAttrName()
                        << "'): run tile-plan-lowering";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

/// Marks the floating-point multiplies, adds and subtracts of every kernel
/// `contract`, so that LLVM's NVPTX back end may fuse them into fma.
void allowContraction(ModuleOp module) {
  module.walk([](Operation *op) {
    if (!isa<arith::MulFOp, arith::AddFOp, arith::SubFOp>(op))
      return;
    auto fastMath = cast<arith::ArithFastMathInterface>(op);
    arith::FastMathFlags flags = fastMath.getFastMathFlagsAttr().getValue();
    op->setAttr(fastMath.getFastMathAttrName(),
                arith::FastMathFlagsAttr::get(
                    op->getContext(), flags | arith::FastMathFlags::contract));
  });
}

class ConvertTileToNVVM
    : public tile::impl::ConvertTileToNVVMBase<ConvertTileToNVVM> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    LoweringState state;
    FailureOr<unsigned> numWarps =
        getNumWarpsOrError(module, "convert-tile-to-nvvm");
    if (failed(numWarps))
      return signalPassFailure();
    state.numWarps = *numWarps;
    if (minBlocksPerSM < 0) {
      module.emitError() << "convert-tile-to-nvvm: min-blocks-per-sm must "
                            "not be negative, got "
                         << static_cast<int>(minBlocksPerSM);
      return signalPassFailure();
    }
    state.minBlocksPerSM = minBlocksPerSM;
    state.clusterSize = getClusterSize(module);
    state.ptxVersion = ptxVersion;
    state.asyncProxyReads =
        module
            .walk([](Operation *op) {
              return isa<WarpgroupDotOp, AsyncTMAStoreOp, WarpgroupTMAStoreOp>(
                         op)
                         ? WalkResult::interrupt()
                         : WalkResult::advance();
            })
            .wasInterrupted();
    StringRef targetName;
    if (auto target = module->getAttrOfType<StringAttr>(
            TileGPUDialect::getTargetAttrName()))
      targetName = target.getValue();
    state.sm = parseSmVersion(targetName);
    if (fpFusion)
      allowContraction(module);
    state.threadsPerWarp = getThreadsPerWarp(module);

    // Device functions are inlined by the pipeline; a leftover one is only
    // fine if nothing calls it.
    SymbolTable symbols(module);
    for (FuncOp fn : llvm::make_early_inc_range(module.getOps<FuncOp>())) {
      if (fn.isPublic()) {
        if (fn.getNumResults() != 0) {
          fn.emitOpError() << "is a kernel (public) and cannot return values";
          return signalPassFailure();
        }
        for (Type type : fn.getArgumentTypes())
          if (!isa<PointerType, IntegerType, FloatType, TensorDescType>(type)) {
            fn.emitOpError() << "kernel arguments must be pointers, scalars "
                                "or tensor descriptors, got "
                             << type;
            return signalPassFailure();
          }
        continue;
      }
      if (SymbolTable::symbolKnownUseEmpty(fn, module))
        fn.erase();
    }
    bool failedCheck = false;
    // wgmma is sm_90a's (architecture-specific): LLVM cannot select it for
    // sm_90.
    bool hasWgmma = state.sm == 90 && hasArchSpecificFeatures(targetName);
    module.walk([&](Operation *op) {
      std::string reason = checkLowerable(op);
      if (reason.empty() && isa<WarpgroupDotOp>(op) && !hasWgmma)
        reason = ("needs an sm_90a target (wgmma), but the module's is '" +
                  targetName + "'")
                     .str();
      if (reason.empty() && isa<MakeTensorMapOp>(op) &&
          (!hasWgmma || state.ptxVersion < 83))
        reason =
            ("needs an sm_90a target and PTX 8.3 (tensormap.replace), "
             "but the module's target is '" +
             targetName + "' and PTX " + std::to_string(state.ptxVersion / 10) +
             "." + std::to_string(state.ptxVersion % 10))
                .str();
      if (!reason.empty()) {
        op->emitOpError() << reason;
        failedCheck = true;
      }
    });
    if (failedCheck)
      return signalPassFailure();

    if (!module->hasAttr(TileGPUDialect::getPlannedAttrName()) &&
        failed(planLowering(module, getAnalysis<ModuleAlignmentAnalysis>())))
      return signalPassFailure();
    if (failed(checkTensorMapBoxes(module)))
      return signalPassFailure();
    splitWarpSpecialized(module, state);

    // Kernels move into one gpu.module, with the shared-memory array.
    OpBuilder builder(context);
    builder.setInsertionPointToEnd(module.getBody());
    auto gpuModule =
        gpu::GPUModuleOp::create(builder, module.getLoc(), "tile_kernels");
    builder.setInsertionPointToStart(gpuModule.getBody());
    LLVM::GlobalOp::create(builder, module.getLoc(),
                           LLVM::LLVMArrayType::get(builder.getI8Type(), 0),
                           /*isConstant=*/false, LLVM::Linkage::External,
                           kSharedMemorySymbol, Attribute(),
                           /*alignment=*/16, /*addrSpace=*/3);
    for (FuncOp fn : llvm::make_early_inc_range(module.getOps<FuncOp>()))
      fn->moveBefore(gpuModule.getBody(), gpuModule.getBody()->end());
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    builder.getUnitAttr());

    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    // LLVM has no fp8: its elements are bytes (tile.fp_to_fp converts).
    converter.addConversion([context](FloatType type) -> Type {
      return isFloat8(type) ? Type(IntegerType::get(context, 8)) : type;
    });
    converter.addConversion([context](PointerType type) -> Type {
      return LLVM::LLVMPointerType::get(context, type.getAddressSpace());
    });
    converter.addConversion([context](BufferType) -> Type {
      return LLVM::LLVMPointerType::get(context, 3);
    });
    // The kernel parameter's generic address (tile-tensor-map-params).
    converter.addConversion([context](TensorDescType) -> Type {
      return LLVM::LLVMPointerType::get(context);
    });
    converter.addConversion(
        [](AsyncTokenType, SmallVectorImpl<Type> &) -> LogicalResult {
          return success(); // tokens order ops; no value remains
        });
    converter.addConversion(
        [&converter](RankedTensorType type, SmallVectorImpl<Type> &results)
            -> std::optional<LogicalResult> {
          FailureOr<Distribution> dist = Distribution::get(type);
          if (failed(dist))
            return failure();
          Type element = converter.convertType(type.getElementType());
          results.append(dist->getNumElements(), element);
          return success();
        });

    ConversionTarget target(*context);
    target.addIllegalDialect<TileDialect, TileGPUDialect, TileNVGPUDialect>();
    target.addLegalDialect<gpu::GPUDialect, LLVM::LLVMDialect,
                           NVVM::NVVMDialect, cf::ControlFlowDialect>();
    // tile.map_elementwise's copies of its region (scf-to-cf inlines them).
    target.addLegalOp<ModuleOp, gpu::GPUModuleOp, scf::ExecuteRegionOp>();
    auto isLegal = [&](Operation *op) {
      return getDirectIntrinsic(op).empty() &&
             converter.isLegal(op->getOperandTypes()) &&
             converter.isLegal(op->getResultTypes());
    };
    target.addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect>(
        isLegal);
    RewritePatternSet patterns(context);
    populateComputePatterns(converter, patterns, state);
    populateFMADotPatterns(converter, patterns, state);
    populateGlobalMemoryPatterns(converter, patterns, state);
    populateSharedMemoryPatterns(converter, patterns, state);
    populateDebugPatterns(converter, patterns, state);
    populateExchangePatterns(converter, patterns, state);
    populateIndexedPatterns(converter, patterns, state);
    populateMapElementwisePatterns(converter, patterns, state);
    populateWarpgroupDotPatterns(converter, patterns, state);
    populateTMAPatterns(converter, patterns, state);
    populateTensorMapPatterns(converter, patterns, state);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    narrowKernelBarriers(module);
  }
};

} // namespace
