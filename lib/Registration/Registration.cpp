//===- Registration.cpp - everything tile's tools register ----------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "tile/InitTile.h"

#include "tile/Compiler.h"
#include "tile/Conversion/Passes.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Dialect/TileGPU/Transforms/Passes.h"
#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"
#include "tile/Dialect/TileNVGPU/Transforms/Passes.h"
#include "tile/Dialect/Triton/IR/TritonDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

void mlir::tile::registerTileDialects(DialectRegistry &registry) {
  registry.insert<
      TileDialect, tilegpu::TileGPUDialect, tilenvgpu::TileNVGPUDialect,
      triton::TritonDialect, arith::ArithDialect, cf::ControlFlowDialect,
      func::FuncDialect, gpu::GPUDialect, index::IndexDialect,
      LLVM::LLVMDialect, NVVM::NVVMDialect, math::MathDialect,
      memref::MemRefDialect, nvgpu::NVGPUDialect, scf::SCFDialect,
      tensor::TensorDialect, ub::UBDialect, vector::VectorDialect>();
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
}

void mlir::tile::registerTilePassesAndPipelines() {
  // Once per process: registering a pipeline name twice is a fatal error in
  // MLIR, and embedders (the C API) may call this more than once.
  static const bool registered = [] {
    registerAllPasses();
    registerTilePasses();
    registerTileGPUPasses();
    registerTileNVGPUPasses();
    registerTileConversionPasses();
    registerTilePipelines();
    return true;
  }();
  (void)registered;
}
