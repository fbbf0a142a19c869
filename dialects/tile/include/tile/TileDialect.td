//===- TileDialect.td - the tile dialect -------------------*- tablegen -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The dialect definition. Ops, types and attributes live in their own files.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT
#define TILE_DIALECT

include "mlir/IR/OpBase.td"

def Tile_Dialect : Dialect {
  let name = "tile";
  let cppNamespace = "::mlir::tile";
  let summary = "Tile-level GPU kernels: programs over blocks of values and pointers";
  let description = [{
    The `tile` dialect describes GPU kernels the way Triton's `tt` dialect does:
    a kernel (`tile.func`) runs once per *program* of a launch grid, and each
    program computes on *tiles*, statically shaped tensors of values or of
    pointers. There are no threads at this level; how a tile is spread over the
    threads of a block is decided later, when tensor types get layout encodings.

    Global memory is reached through `!tile.ptr<T>` values: a tensor of pointers
    is built by splatting a base pointer and adding a tensor of offsets
    (`tile.addptr`); `tile.load` and `tile.store` take an optional `i1` mask of
    the same shape, and a load an `other` value for masked-off lanes.
    Element-wise arithmetic stays in `arith` and `math`, control flow in `scf`.

    The textual form of the core ops is that of Triton's TTIR with the prefix
    `tt.` renamed to `tile.`, so that Triton kernels can be brought over.
  }];

  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect"];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let hasRegionArgAttrVerify = 1;
  let hasOperationAttrVerify = 1;

  let extraClassDeclaration = [{
    /// Names of the argument hints that the alignment analysis reads.
    static constexpr ::llvm::StringLiteral getDivisibilityAttrName() {
      return ::llvm::StringLiteral("tile.divisibility");
    }
    static constexpr ::llvm::StringLiteral getContiguityAttrName() {
      return ::llvm::StringLiteral("tile.contiguity");
    }
    static constexpr ::llvm::StringLiteral getConstancyAttrName() {
      return ::llvm::StringLiteral("tile.constancy");
    }

    /// Module attributes of the distributed level: the launch configuration
    /// every layout must agree with.
    static constexpr ::llvm::StringLiteral getNumWarpsAttrName() {
      return ::llvm::StringLiteral("tile.num-warps");
    }
    static constexpr ::llvm::StringLiteral getThreadsPerWarpAttrName() {
      return ::llvm::StringLiteral("tile.threads-per-warp");
    }
    /// CTAs per cluster along x (PTX .reqnctapercluster); absent: 1.
    static constexpr ::llvm::StringLiteral getClusterSizeAttrName() {
      return ::llvm::StringLiteral("tile.cluster-size");
    }
    static constexpr ::llvm::StringLiteral getTargetAttrName() {
      return ::llvm::StringLiteral("tile.target");
    }
    /// Written by tile-allocate-shared-memory: a buffer's (or scratch's, or
    /// a callee's) byte offset, and a function's or module's total bytes.
    static constexpr ::llvm::StringLiteral getOffsetAttrName() {
      return ::llvm::StringLiteral("tile.offset");
    }
    static constexpr ::llvm::StringLiteral getSharedMemoryAttrName() {
      return ::llvm::StringLiteral("tile.shared_memory");
    }
    /// Written by tile-plan-lowering, read by convert-tile-to-nvvm: the
    /// elements per vector access of a global load, store or async copy;
    /// the aligned run of equal results an integer element-wise op
    /// computes once per thread; a masked store or TMA issue lowered behind
    /// a branch rather than predicated.
    static constexpr ::llvm::StringLiteral getVectorWidthAttrName() {
      return ::llvm::StringLiteral("tile.vector_width");
    }
    static constexpr ::llvm::StringLiteral getUniformRunAttrName() {
      return ::llvm::StringLiteral("tile.uniform_run");
    }
    static constexpr ::llvm::StringLiteral getBranchedAttrName() {
      return ::llvm::StringLiteral("tile.branched");
    }
    /// On a lowered kernel: its tensor-descriptor parameters (CUtensorMaps
    /// passed by value) as `{index, type}` dictionaries, for
    /// tile-tensor-map-params and the kernel information.
    static constexpr ::llvm::StringLiteral getTensorMapArgsAttrName() {
      return ::llvm::StringLiteral("tile.tensormap_args");
    }

  private:
    void registerTypes();
    void registerAttributes();
  public:
  }];
}

#endif // TILE_DIALECT
