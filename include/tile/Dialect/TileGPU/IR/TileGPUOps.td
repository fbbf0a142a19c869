//===- TileGPUOps.td - tilegpu operations ------------------*- tablegen -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Ops that only exist once tensors have layouts: shared-memory buffers, layout
// conversions and asynchronous copies between global and shared memory.
//
//===----------------------------------------------------------------------===//

#ifndef TILEGPU_OPS
#define TILEGPU_OPS

include "tile/Dialect/Tile/IR/TileAttrs.td"
include "tile/Dialect/Tile/IR/TileTypes.td"
include "tile/Dialect/TileGPU/IR/TileGPUDialect.td"
include "tile/Dialect/TileGPU/IR/TileGPUTypes.td"
include "tile/Dialect/TileGPU/IR/TileGPULayouts.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"
include "tile/Dialect/TileGPU/IR/TileGPUInterfaces.td"

class TileGPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<TileGPU_Dialect, mnemonic, traits>;

def TileGPU_LocalAllocOp : TileGPU_Op<"local_alloc", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Allocate a shared-memory buffer, optionally filled from a tensor";
  let description = [{
    Allocates a buffer of the result type. With `src`, the buffer is
    initialized from the tensor; without it, it must be `mutable` (nothing
    else could ever write it). The allocation pass gives it an offset in the
    kernel's shared memory (`allocation.offset`).

    ```mlir
    %b = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x64xf16, #shared, mutable>
    %c = tilegpu.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #shared>
    ```
  }];
  let arguments = (ins Optional<Tile_Tensor>:$src);
  let results = (outs TileGPU_Buffer:$result);
  let assemblyFormat = "($src^)? attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def TileGPU_LocalDeallocOp : TileGPU_Op<"local_dealloc", [
    MemoryEffects<[MemFree<TileGPU_SharedMemory>]>]> {
  let summary = "End the lifetime of a shared-memory buffer";
  let description = [{
    Optional: without it a buffer lives until its last use. It lets the
    allocation pass reuse the memory earlier.
  }];
  let arguments = (ins Arg<TileGPU_Buffer, "", [MemFree<TileGPU_SharedMemory>]>:$src);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src))";
  let hasVerifier = 1;
}

def TileGPU_LocalLoadOp : TileGPU_Op<"local_load"> {
  let summary = "Load a tensor from a shared-memory buffer";
  let description = [{
    Reads the whole buffer, or with `at [o0, o1, ...]` the window of the
    result's shape whose first element is at those static offsets: one K
    slice of a staged dot operand, as `tile-prefetch` splits a dot.

    ```mlir
    %a = tilegpu.local_load %buf : !tilegpu.buffer<128x64xf16, #shared, mutable> -> tensor<128x64xf16, #dot_a>
    %s = tilegpu.local_load %buf at [0, 16] : !tilegpu.buffer<128x64xf16, #shared, mutable> -> tensor<128x16xf16, #dot_a>
    ```
  }];
  let arguments = (ins Arg<TileGPU_Buffer, "", [MemRead<TileGPU_SharedMemory>]>:$src,
                       OptionalAttr<DenseI64ArrayAttr>:$offsets);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = [{
    $src (`at` $offsets^)? attr-dict `:` qualified(type($src)) `->` type($result)
  }];
  let builders = [
    OpBuilder<(ins "Type":$result, "Value":$src), [{
      build($_builder, $_state, result, src, DenseI64ArrayAttr());
    }]>
  ];
  let extraClassDeclaration = [{
    /// The window's offsets: zeros without `at`.
    SmallVector<int64_t> getWindowOffsets() {
      if (std::optional<ArrayRef<int64_t>> offsets = getOffsets())
        return SmallVector<int64_t>(*offsets);
      return SmallVector<int64_t>(getSrc().getType().getRank(), 0);
    }
  }];
  let hasVerifier = 1;
}

def TileGPU_LocalStoreOp : TileGPU_Op<"local_store"> {
  let summary = "Store a tensor into a mutable shared-memory buffer";
  let arguments = (ins Tile_Tensor:$src,
                       Arg<TileGPU_Buffer, "", [MemWrite<TileGPU_SharedMemory>]>:$dst);
  let assemblyFormat = "$src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))";
  let hasVerifier = 1;
}

def TileGPU_BufferIndexOp : TileGPU_Op<"buffer_index", [Pure, ViewLikeOpInterface]> {
  let summary = "One buffer of a multi-buffered allocation";
  let description = [{
    A view of buffer `index` along the leading dimension: for a
    `3x128x64` allocation, the `128x64` buffer of one pipeline stage. The
    view aliases its source.

    ```mlir
    %s = tilegpu.buffer_index %b[%i] : !tilegpu.buffer<3x128x64xf16, #shared, mutable> -> !tilegpu.buffer<128x64xf16, #shared, mutable>
    ```
  }];
  let arguments = (ins TileGPU_Buffer:$src, I32:$index);
  let results = (outs TileGPU_Buffer:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// A view of `src`'s memory: what it aliases.
    ::mlir::Value getViewSource() { return getSrc(); }
  }];
}

def TileGPU_BufferTransOp : TileGPU_Op<"buffer_trans", [Pure, ViewLikeOpInterface]> {
  let summary = "A transposed view of a shared-memory buffer";
  let description = [{
    Permutes the dimensions of a buffer without moving data: the result's
    layout is the source's with its order permuted (or, for an NVMMA layout,
    its `transposed` flag flipped).
  }];
  let arguments = (ins TileGPU_Buffer:$src, DenseI32ArrayAttr:$order);
  let results = (outs TileGPU_Buffer:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// A view of `src`'s memory: what it aliases.
    ::mlir::Value getViewSource() { return getSrc(); }
  }];
}

def TileGPU_ConvertLayoutOp : TileGPU_Op<"convert_layout", [Pure]> {
  let summary = "Move a tensor to another layout";
  let description = [{
    The same values with another distribution over threads. Between
    layouts that place every element on the same thread it is free;
    otherwise it goes through shared memory (scratch the allocation pass
    sizes) or warp shuffles.
  }];
  let arguments = (ins Tile_Tensor:$src);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TileGPU_AsyncCopyGlobalToLocalOp : TileGPU_Op<"async_copy_global_to_local", [
    DeclareOpInterfaceMethods<TileGPU_AsyncOpInterface>,
    AttrSizedOperandSegments]> {
  let summary = "Start an asynchronous copy from global to shared memory";
  let description = [{
    Starts copying the elements `src` points to into the buffer (cp.async).
    The copy completes only after `tilegpu.async_commit_group` and a
    `tilegpu.async_wait` that covers its group; until then the buffer must not
    be read. Masked-off lanes write `other` (zero without it).

    ```mlir
    %t = tilegpu.async_copy_global_to_local %ptrs, %buf mask %m : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x64xf16, #shared, mutable>
    ```
  }];
  let arguments = (ins
    Arg<Tile_PtrTensor, "", [MemRead<Tile_GlobalMemory>]>:$src,
    Arg<TileGPU_Buffer, "", [MemWrite<TileGPU_SharedMemory>]>:$result,
    Optional<Tile_BoolTensor>:$mask,
    Optional<Tile_Tensor>:$other,
    DefaultValuedAttr<Tile_CacheModifierAttr, "::mlir::tile::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<Tile_EvictionPolicyAttr, "::mlir::tile::EvictionPolicy::NORMAL">:$evict);
  let results = (outs TileGPU_AsyncToken:$token);
  // Written in C++ like tile.load: mask and other types follow from the
  // pointer type.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

// Both order shared-memory writes: they must be neither removed nor moved
// across shared-memory accesses.
def TileGPU_AsyncCommitGroupOp : TileGPU_Op<"async_commit_group", [
    DeclareOpInterfaceMethods<TileGPU_AsyncOpInterface>,
    MemoryEffects<[MemWrite<TileGPU_SharedMemory>]>]> {
  let summary = "Close the group of asynchronous copies issued so far";
  let arguments = (ins Variadic<TileGPU_AsyncToken>:$inputTokens);
  let results = (outs TileGPU_AsyncToken:$asyncToken);
  let assemblyFormat = "(`tokens` $inputTokens^)? attr-dict";
}

def TileGPU_AsyncWaitOp : TileGPU_Op<"async_wait", [
    DeclareOpInterfaceMethods<TileGPU_AsyncOpInterface, ["getAsyncPendingGroups"]>,
    MemoryEffects<[MemWrite<TileGPU_SharedMemory>]>]> {
  let summary = "Wait until at most `num` groups of asynchronous copies are pending";
  let description = [{
    After it, the copies of all but the `num` most recent groups are in
    shared memory and visible to the thread that issued them; a barrier then
    makes them visible to the whole block.
  }];
  let arguments = (ins Variadic<TileGPU_AsyncToken>:$asyncToken,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$num);
  let results = (outs TileGPU_AsyncToken:$retToken);
  let assemblyFormat = "($asyncToken^)? attr-dict";
}

#endif // TILEGPU_OPS
