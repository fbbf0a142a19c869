//===- tile-opt.cpp - the tile optimizer driver ---------------------------===//
//
// mlir-opt for tile: the tile dialect, the upstream dialects a tile pipeline
// passes through on its way to PTX, and the upstream passes.
//
//===----------------------------------------------------------------------===//

#include "tile/TileDialect.h"
#include "tile/Transforms/Passes.h"

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
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

namespace mlir::tile::test {
void registerTestAlignmentPass();
void registerTestAliasPass();
void registerTestAllocationPasses();
void registerTestBarriersPass();
} // namespace mlir::tile::test

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::tile::registerTilePasses();
  mlir::tile::test::registerTestAlignmentPass();
  mlir::tile::test::registerTestAliasPass();
  mlir::tile::test::registerTestAllocationPasses();
  mlir::tile::test::registerTestBarriersPass();

  mlir::DialectRegistry registry;
  registry.insert<mlir::tile::TileDialect, mlir::arith::ArithDialect,
                  mlir::cf::ControlFlowDialect, mlir::func::FuncDialect,
                  mlir::gpu::GPUDialect, mlir::index::IndexDialect,
                  mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect,
                  mlir::math::MathDialect, mlir::memref::MemRefDialect,
                  mlir::nvgpu::NVGPUDialect, mlir::scf::SCFDialect,
                  mlir::tensor::TensorDialect, mlir::ub::UBDialect,
                  mlir::vector::VectorDialect>();
  // Interfaces the upstream passes need on these dialects (inlining,
  // conversion to LLVM, bufferization models...).
  mlir::registerAllExtensions(registry);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tile optimizer driver\n", registry));
}
