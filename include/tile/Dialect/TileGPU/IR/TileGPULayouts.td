//===- TileGPULayouts.td - layout encodings ----------------*- tablegen -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// At the distributed level every tensor type carries one of these encodings,
// saying which thread of which warp holds which element; shared-memory buffers
// carry a shared layout saying how elements are placed in shared memory.
//
//===----------------------------------------------------------------------===//

#ifndef TILEGPU_LAYOUTS
#define TILEGPU_LAYOUTS

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/TensorEncoding.td"
include "tile/Dialect/TileGPU/IR/TileGPUDialect.td"

//===----------------------------------------------------------------------===//
// Interfaces
//===----------------------------------------------------------------------===//

def TileGPU_DistributedLayoutInterface : AttrInterface<"DistributedLayoutAttr"> {
  let cppNamespace = "::mlir::tilegpu";
  let description = [{
    A layout that spreads a tensor over the threads of a block: per dimension,
    how many threads of a warp and how many warps of the block it spans, and
    which dimension varies fastest. Products over the dimensions are the
    threads of a warp and the warps of the block.
  }];
  let methods = [
    InterfaceMethod<"Rank of the tensors the layout applies to.",
                    "unsigned", "getRank">,
    InterfaceMethod<"Threads of a warp along each dimension.",
                    "::llvm::SmallVector<unsigned>", "getThreadsPerWarp">,
    InterfaceMethod<"Warps of the block along each dimension.",
                    "::llvm::SmallVector<unsigned>", "getWarpsPerCTA">,
    InterfaceMethod<"Dimensions from the fastest-varying to the slowest.",
                    "::llvm::SmallVector<unsigned>", "getOrder">,
  ];
}

def TileGPU_SharedLayoutInterface : AttrInterface<"SharedLayoutAttr"> {
  let cppNamespace = "::mlir::tilegpu";
  let description = [{
    A placement of a buffer's elements in shared memory (the swizzle).
  }];
  let methods = [
    InterfaceMethod<"Byte alignment the buffer's base address needs.",
                    "unsigned", "getAlignment">,
  ];
}

class TileGPU_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TileGPU_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

class TileGPU_DistributedAttr<string name, string attrMnemonic>
    : TileGPU_Attr<name, attrMnemonic, [
        DeclareAttrInterfaceMethods<TileGPU_DistributedLayoutInterface>,
        DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]>;

//===----------------------------------------------------------------------===//
// Distributed layouts
//===----------------------------------------------------------------------===//

def TileGPU_BlockedLayoutAttr : TileGPU_DistributedAttr<"BlockedLayout", "blocked"> {
  let summary = "Blocks of contiguous elements per thread, tiled over the block";
  let description = [{
    Each thread holds `sizePerThread[d]` contiguous elements along dimension
    `d`; `threadsPerWarp` and `warpsPerCTA` place threads and warps next to
    each other, dimension by dimension in `order` (fastest first). The
    resulting tile of `sizePerThread * threadsPerWarp * warpsPerCTA` elements
    repeats over larger tensors; over smaller ones threads hold copies.

    ```mlir
    #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
    ```
  }];
  // Stored under short names: the interface's getThreadsPerWarp(),
  // getWarpsPerCTA() and getOrder() return them.
  let parameters = (ins ArrayRefParameter<"unsigned">:$sizePerThread,
                        ArrayRefParameter<"unsigned">:$threads,
                        ArrayRefParameter<"unsigned">:$warps,
                        ArrayRefParameter<"unsigned">:$dimOrder);
}

def TileGPU_SliceLayoutAttr : TileGPU_DistributedAttr<"SliceLayout", "slice"> {
  let summary = "A parent layout with one dimension removed";
  let description = [{
    The layout of a tensor reduced along `dim` of a tensor with layout
    `parent`: the threads and warps that spanned `dim` hold copies.

    ```mlir
    #tilegpu.slice<{dim = 1, parent = #blocked}>
    ```
  }];
  let parameters = (ins "unsigned":$dim, "DistributedLayoutAttr":$parent);
}

def TileGPU_MmaLayoutAttr : TileGPU_DistributedAttr<"MmaLayout", "mma"> {
  let summary = "Accumulator layout of tensor-core matrix multiplication";
  let description = [{
    Version 2 is `mma.sync` (instruction shape `[16, 8]`, sm_80+), version 3
    is `wgmma` (instruction shape `[16, N, K]`, a warpgroup of 4 warps, sm_90a).
    `warpsPerCTA` places the warps over the output tile.

    ```mlir
    #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
    ```
  }];
  let parameters = (ins "unsigned":$versionMajor, "unsigned":$versionMinor,
                        ArrayRefParameter<"unsigned">:$warps,
                        ArrayRefParameter<"unsigned">:$instrShape);
}

def TileGPU_DotOperandLayoutAttr : TileGPU_DistributedAttr<"DotOperandLayout", "dot_op"> {
  let summary = "Layout of a tile.dot operand, derived from the result layout";
  let description = [{
    Operand `opIdx` (0 = A, 1 = B) of a `tile.dot` whose result has layout
    `parent`. With an `mma` parent, `kWidth` is the number of consecutive K
    elements a thread holds (e.g. 8 for f16 with ldmatrix); with a `blocked`
    parent (FMA) it is 0.
  }];
  let parameters = (ins "unsigned":$opIdx, "DistributedLayoutAttr":$parent,
                        "unsigned":$kWidth);
}

//===----------------------------------------------------------------------===//
// Shared layouts
//===----------------------------------------------------------------------===//

def TileGPU_SwizzledSharedLayoutAttr : TileGPU_Attr<"SwizzledSharedLayout", "shared", [
    DeclareAttrInterfaceMethods<TileGPU_SharedLayoutInterface>]> {
  let summary = "Shared-memory layout with an XOR swizzle";
  let description = [{
    Rows (along `order[1]`) are stored one after another; within a row,
    groups of `vec` elements are permuted by XOR with
    `(row / perPhase) % maxPhase` so that column accesses hit distinct banks.
    `vec = 1, perPhase = 1, maxPhase = 1` is no swizzle.

    ```mlir
    #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    ```
  }];
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase,
                        "unsigned":$maxPhase, ArrayRefParameter<"unsigned">:$order);
}

def TileGPU_NVMMASharedLayoutAttr : TileGPU_Attr<"NVMMASharedLayout", "nvmma_shared", [
    DeclareAttrInterfaceMethods<TileGPU_SharedLayoutInterface>]> {
  let summary = "The swizzled shared layout wgmma and TMA read and write";
  let description = [{
    The hardware swizzle of `wgmma` operands and TMA copies: 0 (none), 32, 64
    or 128-byte swizzle of rows of `elementBitWidth`-bit elements, optionally
    transposed (K-major vs MN-major operand).

    ```mlir
    #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
    ```
  }];
  let parameters = (ins "unsigned":$swizzlingByteWidth, "bool":$transposed,
                        "unsigned":$elementBitWidth);
}

#endif // TILEGPU_LAYOUTS
