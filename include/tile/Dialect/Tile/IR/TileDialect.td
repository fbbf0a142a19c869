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
include "mlir/Interfaces/SideEffectInterfaces.td"

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

    The textual form of the ops is that of Triton's TTIR with the prefix
    `tt.` renamed to `tile.`, so that Triton kernels can be brought over.

    This is the first of three levels. The `tilegpu` dialect adds what
    spreads a tile over threads (layout encodings, shared-memory buffers,
    layout conversions, asynchronous copies), and `tilenv` what only
    NVIDIA's Hopper GPUs have (wgmma, mbarriers, TMA, clusters, warp
    specialization). Nothing here names threads or a target.
  }];

  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect"];
  let useDefaultTypePrinterParser = 1;
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

    /// Names of the loop attributes (Triton's `tl.range` arguments).
    static constexpr ::llvm::StringLiteral getNumStagesAttrName() {
      return ::llvm::StringLiteral("tile.num_stages");
    }
    static constexpr ::llvm::StringLiteral getWarpSpecializeAttrName() {
      return ::llvm::StringLiteral("tile.warp_specialize");
    }
    static constexpr ::llvm::StringLiteral getLoopUnrollFactorAttrName() {
      return ::llvm::StringLiteral("tile.loop_unroll_factor");
    }
    static constexpr ::llvm::StringLiteral getFlattenAttrName() {
      return ::llvm::StringLiteral("tile.flatten");
    }
    static constexpr ::llvm::StringLiteral getDisallowAccMultiBufferAttrName() {
      return ::llvm::StringLiteral("tile.disallow_acc_multi_buffer");
    }

  private:
    void registerTypes();
  public:
  }];
}

/// Global memory as a side-effect resource, so that loads and stores are
/// ordered against each other but not against unrelated effects.
def Tile_GlobalMemory : Resource<"::mlir::tile::GlobalMemory">;

#endif // TILE_DIALECT
