//===- Passes.h - tile conversion passes and pipelines ----------*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef TILE_CONVERSION_PASSES_H
#define TILE_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"
#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

namespace mlir::tile {

#define GEN_PASS_DECL
#include "tile/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tile/Conversion/Passes.h.inc"

/// Options of the tile-to-llvm pipeline.
struct TilePipelineOptions : public PassPipelineOptions<TilePipelineOptions> {
  Option<int> sm{*this, "sm", llvm::cl::desc("Target SM version (90 = sm_90)"),
                 llvm::cl::init(90)};
  Option<bool> archSpecific{
      *this, "arch-specific",
      llvm::cl::desc("Use the SM version's architecture-specific features "
                     "(sm_90a: wgmma)"),
      llvm::cl::init(false)};
  Option<int> numWarps{*this, "num-warps", llvm::cl::desc("Warps per block"),
                       llvm::cl::init(4)};
  Option<int> clusterSize{
      *this, "cluster-size",
      llvm::cl::desc("CTAs per cluster along x (sm_90): multicast TMA loads "
                     "that every CTA of a cluster makes alike"),
      llvm::cl::init(1)};
  Option<bool> keepLayouts{
      *this, "keep-layouts",
      llvm::cl::desc("The input is distributed tile IR: keep its layouts "
                     "(no tile-assign-layouts, tile-coalesce or "
                     "tile-remove-layout-conversions)"),
      llvm::cl::init(false)};
  Option<bool> ttir{
      *this, "ttir",
      llvm::cl::desc("The input is a Triton program: its f32 division, "
                     "exponential and square root take Triton's precision "
                     "(tile-triton-math)"),
      llvm::cl::init(false)};
  Option<bool> fpFusion{
      *this, "fp-fusion",
      llvm::cl::desc("Allow floating-point multiply and add to fuse into fma"),
      llvm::cl::init(true)};
  Option<int> ptxVersion{*this, "ptx-version",
                         llvm::cl::desc("PTX ISA version x10 (80 = PTX 8.0)"),
                         llvm::cl::init(80)};
  Option<int> minBlocksPerSM{
      *this, "min-blocks-per-sm",
      llvm::cl::desc("Blocks that should fit on one SM at once (PTX "
                     ".minnctapersm); 0: no bound"),
      llvm::cl::init(0)};
  Option<int> numStages{
      *this, "num-stages",
      llvm::cl::desc("Buffers per pipelined load (tile-pipeline); below 2, "
                     "loads are not pipelined"),
      llvm::cl::init(3)};
  Option<bool> warpSpecialize{
      *this, "warp-specialize",
      llvm::cl::desc("Pipelined TMA loads come from a producer thread of an "
                     "extra warp (tile-pipeline)"),
      llvm::cl::init(false)};
};

/// The pipeline from tile IR to a gpu.module of LLVM and NVVM ops:
/// simplification and inlining, layouts, coalescing, shared-memory
/// allocation, barriers, convert-tile-to-nvvm, then the upstream lowerings
/// of scf, gpu, arith and math to LLVM/NVVM.
void buildTileToLLVMPipeline(OpPassManager &pm,
                             const TilePipelineOptions &options);

/// Registers `tile-to-llvm` with the pass registry.
void registerTilePipelines();

} // namespace mlir::tile

#endif // TILE_CONVERSION_PASSES_H
