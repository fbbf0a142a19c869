//===- TileGPUTypes.td - tilegpu types ---------------------*- tablegen -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Shared-memory buffers and the tokens of asynchronous copies.
//
//===----------------------------------------------------------------------===//

#ifndef TILEGPU_TYPES
#define TILEGPU_TYPES

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "tile/Dialect/TileGPU/IR/TileGPUDialect.td"

class TileGPU_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TileGPU_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TileGPU_BufferType : TileGPU_TypeDef<"Buffer", "buffer", [ShapedTypeInterface]> {
  let summary = "A buffer in shared memory";
  let description = [{
    A statically shaped buffer of `elementType` in shared memory, placed by a
    shared layout (`#tilegpu.shared` or `#tilegpu.nvmma_shared`). A leading
    dimension beyond the layout's rank counts buffers of a multi-buffered
    allocation (one per pipeline stage). Only a `mutable` buffer may be
    written after it is allocated.

    ```mlir
    !tilegpu.buffer<3x128x64xf16, #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>, mutable>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "::mlir::Attribute":$encoding,
                        "bool":$mutableMemory);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool hasRank() const { return true; }
    ::mlir::ShapedType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                                 ::mlir::Type elementType) const;
    /// Size in bytes (elements are packed; sub-byte types round up).
    int64_t getSizeInBytes() const;
  }];
}

def TileGPU_AsyncTokenType : TileGPU_TypeDef<"AsyncToken", "async.token"> {
  let summary = "Completion of asynchronous copies into shared memory";
  let description = [{
    Produced by `tilegpu.async_copy_global_to_local`, grouped by
    `tilegpu.async_commit_group` and consumed by `tilegpu.async_wait`; it orders
    the copies, it holds no value.
  }];
}

def TileGPU_Buffer : Type<CPred<"::llvm::isa<::mlir::tilegpu::BufferType>($_self)">,
                       "shared-memory buffer", "::mlir::tilegpu::BufferType">;
def TileGPU_AsyncToken : Type<CPred<"::llvm::isa<::mlir::tilegpu::AsyncTokenType>($_self)">,
                           "async token", "::mlir::tilegpu::AsyncTokenType"> {
  let builderCall = "::mlir::tilegpu::AsyncTokenType::get($_builder.getContext())";
}

#endif // TILEGPU_TYPES
