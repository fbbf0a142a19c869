//===- TileGPUDialect.td - the tilegpu dialect -------------*- tablegen -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The dialect definition. Ops, types and attributes live in their own files.
//
//===----------------------------------------------------------------------===//

#ifndef TILEGPU_DIALECT
#define TILEGPU_DIALECT

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TileGPU_Dialect : Dialect {
  let name = "tilegpu";
  let cppNamespace = "::mlir::tilegpu";
  let summary = "Tiles spread over the threads of a block";
  let description = [{
    The distributed level. Every tensor carries a layout encoding saying
    which thread of which warp holds which element (`#tilegpu.blocked`,
    `#tilegpu.slice`, `#tilegpu.mma`, `#tilegpu.dot_op`), and data that
    moves between threads goes through shared memory: buffers
    (`!tilegpu.buffer`, placed by `#tilegpu.shared` or
    `#tilegpu.nvmma_shared`), `tilegpu.convert_layout` between layouts, and
    copies from global memory that complete asynchronously
    (`tilegpu.async_copy_global_to_local`, cp.async on sm_80 and later).

    `tile-assign-layouts` brings a `tile` program here; the module's
    attributes (`tilegpu.num-warps`, `tilegpu.threads-per-warp`,
    `tilegpu.cluster-size`, `tilegpu.target`) are the launch configuration
    every layout must agree with. The ops are those any GPU with shared
    memory and warps has; what only Hopper has is in `tilenv`.
  }];

  let dependentDialects = ["::mlir::tile::TileDialect",
                           "::mlir::arith::ArithDialect"];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let hasOperationAttrVerify = 1;

  let extraClassDeclaration = [{
    /// Module attributes of the distributed level: the launch configuration
    /// every layout must agree with.
    static constexpr ::llvm::StringLiteral getNumWarpsAttrName() {
      return ::llvm::StringLiteral("tilegpu.num-warps");
    }
    static constexpr ::llvm::StringLiteral getThreadsPerWarpAttrName() {
      return ::llvm::StringLiteral("tilegpu.threads-per-warp");
    }
    /// CTAs per cluster along x (PTX .reqnctapercluster); absent: 1.
    static constexpr ::llvm::StringLiteral getClusterSizeAttrName() {
      return ::llvm::StringLiteral("tilegpu.cluster-size");
    }
    static constexpr ::llvm::StringLiteral getTargetAttrName() {
      return ::llvm::StringLiteral("tilegpu.target");
    }
    /// Written by tile-allocate-shared-memory: a buffer's (or scratch's, or
    /// a callee's) byte offset, and a function's or module's total bytes.
    static constexpr ::llvm::StringLiteral getOffsetAttrName() {
      return ::llvm::StringLiteral("tilegpu.offset");
    }
    static constexpr ::llvm::StringLiteral getSharedMemoryAttrName() {
      return ::llvm::StringLiteral("tilegpu.shared_memory");
    }
    /// Written by tile-split-copy-masks on the module: it split a loop of
    /// at most two iterations, which the compiler may lower again without
    /// splitting where the kernels spill (tile::compileCubin).
    static constexpr ::llvm::StringLiteral getSplitShortLoopsAttrName() {
      return ::llvm::StringLiteral("tilegpu.split_short_loops");
    }
    /// Written by tile-accelerate-matmul on the module: two dots read one
    /// operand buffer in different layouts, which the compiler may lower
    /// again without where the kernels spill (tile::compileCubin).
    static constexpr ::llvm::StringLiteral getSharedOperandBuffersAttrName() {
      return ::llvm::StringLiteral("tilegpu.shared_operand_buffers");
    }
    /// Written by tile-plan-lowering, read by convert-tile-to-nvvm: the
    /// elements per vector access of a global load, store or async copy;
    /// the aligned run of equal results an integer element-wise op
    /// computes once per thread; a masked store or TMA issue lowered behind
    /// a branch rather than predicated.
    static constexpr ::llvm::StringLiteral getVectorWidthAttrName() {
      return ::llvm::StringLiteral("tilegpu.vector_width");
    }
    static constexpr ::llvm::StringLiteral getUniformRunAttrName() {
      return ::llvm::StringLiteral("tilegpu.uniform_run");
    }
    static constexpr ::llvm::StringLiteral getBranchedAttrName() {
      return ::llvm::StringLiteral("tilegpu.branched");
    }
    /// On a lowered kernel: its parameters as the source declared them,
    /// `[{name = "n", type = i32}, ...]` (the name of the argument's
    /// location, or ""), for the kernel information.
    static constexpr ::llvm::StringLiteral getKernelParamsAttrName() {
      return ::llvm::StringLiteral("tilegpu.kernel_params");
    }
    /// On a module tile-plan-lowering has planned (unit): the conversion
    /// reads its plan rather than making one.
    static constexpr ::llvm::StringLiteral getPlannedAttrName() {
      return ::llvm::StringLiteral("tilegpu.planned");
    }
    /// Written by tile-schedule-loops, read by tile-pipeline: the buffers of
    /// each ring of a loop to pipeline (on the scf.for), the loads it
    /// copies ahead into them (unit, on tile.load and tile.descriptor_load),
    /// and whether the copies ahead go at the end of the loop's body rather
    /// than where their stage is free (unit, on the scf.for).
    static constexpr ::llvm::StringLiteral getNumStagesAttrName() {
      return ::llvm::StringLiteral("tilegpu.num_stages");
    }
    static constexpr ::llvm::StringLiteral getStagedAttrName() {
      return ::llvm::StringLiteral("tilegpu.staged");
    }
    static constexpr ::llvm::StringLiteral getIssueLastAttrName() {
      return ::llvm::StringLiteral("tilegpu.issue_last");
    }
  private:
    void registerTypes();
    void registerAttributes();
  public:
  }];
}

/// Shared memory as a side-effect resource: the alias, allocation and
/// barrier analyses read these effects.
def TileGPU_SharedMemory : Resource<"::mlir::tilegpu::SharedMemory">;

#endif // TILEGPU_DIALECT
