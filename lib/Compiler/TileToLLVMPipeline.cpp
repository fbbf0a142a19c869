//===- TileToLLVMPipeline.cpp - the pipeline from tile IR to LLVM/NVVM ----===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "tile/Compiler.h"

#include "tile/Conversion/Passes.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Dialect/TileGPU/IR/Target.h"
#include "tile/Dialect/TileGPU/Transforms/Passes.h"
#include "tile/Dialect/TileNVGPU/Transforms/Passes.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

CompileOptions TilePipelineOptions::getCompileOptions() const {
  CompileOptions options;
#define TILE_TARGET_OPTION(TYPE, FIELD, FLAG, DEFAULT, DESCRIPTION)            \
  options.FIELD = FIELD;
#define TILE_PIPELINE_OPTION(TYPE, FIELD, FLAG, DEFAULT, DESCRIPTION)          \
  options.FIELD = FIELD;
#include "tile/Compiler/Options.def"
  options.specializations.assign(specializations.begin(),
                                 specializations.end());
  return options;
}

void mlir::tile::buildTileToLLVMPipeline(OpPassManager &pm,
                                         const CompileOptions &options) {
  // TTIR's `tt.` hints under their tile names, before anything reads them
  // (or tile-specialize overrides one).
  pm.addPass(createImportTTIR());
  // The input is at the level the options say (a located error if not).
  CheckLevelOptions entry;
  entry.level = options.keepLayouts ? "distributed" : "tile";
  pm.addPass(createCheckLevel(entry));
  if (!options.specializations.empty()) {
    SpecializeOptions specialize;
    specialize.args.assign(options.specializations.begin(),
                           options.specializations.end());
    pm.addPass(createSpecialize(specialize));
  }
  if (options.ttir)
    pm.addPass(createTritonMath());
  // Tile IR: simplify, and inline device functions.
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createInlinerPass());
  // Block pointers and descriptors made in the kernel as pointer tensors and
  // masks, as Triton rewrites them before anything else.
  // On sm_90a with PTX 8.3, the descriptors that can be are left for
  // tile-make-tensor-maps: tensor maps the kernel writes, TMA copies.
  RewriteTensorPointersOptions pointers;
  pointers.tensorMaps =
      options.sm >= 90 && options.archSpecific && options.ptxVersion >= 83;
  pm.addPass(createRewriteTensorPointers(pointers));
  // Loops that ask for it unrolled, as Triton does before anything else.
  pm.addPass(createUnrollLoops());
  // The distributed level, unless the input is already there and its
  // layouts are to be kept as written.
  if (!options.keepLayouts) {
    // Hopper's form of a scaled dot, in tile ops that get layouts next.
    pm.addPass(createDecomposeScaledDots());
    AssignLayoutsOptions layouts;
    layouts.numWarps = options.numWarps;
    layouts.clusterSize = options.clusterSize;
    layouts.target = getTargetName(options.sm, options.archSpecific);
    pm.addPass(createAssignLayouts(layouts));
    CheckLevelOptions gpu;
    gpu.level = "gpu";
    pm.addPass(createCheckLevel(gpu));
    pm.addPass(createCoalesce());
    AccelerateMatmulOptions matmul;
    matmul.shareOperandBuffers = options.shareOperandBuffers;
    pm.addPass(createAccelerateMatmul(matmul));
    // Layout clean-up: values are computed in the layouts that need no
    // conversion, and conversion pairs fold away.
    pm.addPass(createRemoveLayoutConversions());
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
  }
  // Descriptors made in the kernel that rewrite-tensor-pointers left:
  // tensor maps the kernel writes to its global scratch.
  pm.addPass(createMakeTensorMaps());
  // Loads that feed shared buffers in loops become asynchronous copies
  // issued ahead (the copies' address arithmetic is cloned; the clean-up
  // removes what the original loads no longer need).
  if (options.numStages >= 2) {
    // Loop-invariant address arithmetic out of the loops first (TTIR
    // computes a pointer's per-iteration advance inside the loop).
    pm.addPass(createLoopInvariantCodeMotionPass());
    pm.addPass(createHoistInvariantAllocs());
    // mma.sync operands computed from loads: the loads are stored instead,
    // so that the schedule can copy them ahead.
    OptimizeDotOperandsOptions operands;
    operands.numStages = options.numStages;
    pm.addPass(createOptimizeDotOperands(operands));
    // Loads only converted to another layout: stored as loaded and read in
    // that layout, so that the schedule can copy them ahead.
    StageConvertedLoadsOptions converted;
    converted.numStages = options.numStages;
    pm.addPass(createStageConvertedLoads(converted));
    ScheduleLoopsOptions schedule;
    schedule.numStages = options.numStages;
    schedule.warpSpecialize = options.warpSpecialize;
    pm.addPass(createScheduleLoops(schedule));
    pm.addPass(createPipeline());
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
    // The copies' bounds checks hold for all but the loop's last
    // iterations: those before run as a loop of their own without them
    // (the clean-up folds the masks the true checks leave).
    SplitCopyMasksOptions split;
    split.shortLoops = options.splitShortLoops;
    pm.addPass(createSplitCopyMasks(split));
    pm.addPass(createCanonicalizerPass());
  }
  // A loop that divides its induction variable by a run-time value each
  // iteration (a flattened persistent loop finding its block and K step)
  // carries the quotient and remainder instead; after tile-pipeline, which
  // runs ahead only addresses that advance by a loop-invariant step.
  pm.addPass(createCarryDivisions());
  // mma.sync loops read the next iteration's first K slice of their
  // operands ahead, behind the barrier rather than after it.
  pm.addPass(createPrefetch());
  // Descriptor loads left over: one TMA copy each, waited for at once;
  // descriptor stores: a buffer copied out by TMA.
  pm.addPass(createLowerDescriptors());
  pm.addPass(createAllocateSharedMemory());
  pm.addPass(createInsertBarriers());
  // Per-thread code, then the upstream lowerings to LLVM and NVVM.
  pm.addPass(createPlanLowering());
  ConvertTileToNVVMOptions convert;
  convert.fpFusion = options.fpFusion;
  convert.minBlocksPerSM = options.minBlocksPerSM;
  convert.ptxVersion = options.ptxVersion;
  pm.addPass(createConvertTileToNVVM(convert));
  // The per-element code repeats index arithmetic (coordinates, addresses)
  // that CSE folds to a third; the conversions that follow then have a third
  // of the ops to rewrite (matmul: convert-gpu-to-nvvm 22-33 -> 7 ms).
  pm.addPass(createCSEPass());
  pm.addPass(createSCFToControlFlowPass());
  // Only the dialects the lowering leaves behind: populating every loaded
  // dialect's ConvertToLLVM patterns took a third of this pass's time.
  ConvertGpuOpsToNVVMOpsOptions toNVVM;
  toNVVM.allowedDialects = {"arith", "cf", "math", "ub"};
  pm.nest<gpu::GPUModuleOp>().addPass(createConvertGpuOpsToNVVMOps(toNVVM));
  // NVVM ops written as PTX (wgmma.mma_async, mbarrier waits, predicated
  // TMA copies) become inline assembly.
  if (options.sm >= 90)
    pm.nest<gpu::GPUModuleOp>().addPass(createConvertNVVMToLLVMPass());
  // Tensor descriptors are passed by value, as the kernel info says.
  pm.addPass(createTensorMapParams());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::tile::registerTilePipelines() {
  PassPipelineRegistration<TilePipelineOptions>(
      "tile-to-llvm",
      "Tile IR to a gpu.module of LLVM/NVVM ops (layouts, coalescing, "
      "shared memory, barriers, lowering)",
      [](OpPassManager &pm, const TilePipelineOptions &options) {
        buildTileToLLVMPipeline(pm, options.getCompileOptions());
      });
}
