//===- TileTypes.td - tile types and type constraints ------*- tablegen -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef TILE_TYPES
#define TILE_TYPES

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "mlir/IR/CommonTypeConstraints.td"
include "tile/Dialect/Tile/IR/TileDialect.td"

class Tile_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Tile_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Tile_PointerType : Tile_TypeDef<"Pointer", "ptr"> {
  let summary = "Pointer to an element in a GPU address space";
  let description = [{
    A pointer to one value of `pointeeType`. The address space follows NVPTX
    numbering: 1 is global memory (the default, elided when printed), 3 is
    shared memory. A tile of pointers is a tensor of this type:
    `tensor<128x!tile.ptr<f32>>`.

    A pointer to a tensor is a block pointer (Triton's `tl.make_block_ptr`):
    a block of that shape inside a strided tensor in global memory, made by
    `tile.make_tensor_ptr`, moved by `tile.advance`, read and written by
    `tile.load` and `tile.store` with bounds checks. `tile-rewrite-tensor-pointers`
    turns it into tensors of pointers and masks before layouts are assigned.

    ```mlir
    !tile.ptr<f32>                  // global
    !tile.ptr<f16, 3>               // shared
    !tile.ptr<tensor<64x32xf16>>    // a block pointer
    ```
  }];
  let parameters = (ins "::mlir::Type":$pointeeType, "int":$addressSpace);
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointeeType,
                                        CArg<"int", "1">:$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 1;
}

def Tile_TensorDescType : Tile_TypeDef<"TensorDesc", "tensordesc"> {
  let summary = "A TMA descriptor of a row-major matrix in global memory";
  let description = [{
    Describes a 2-D row-major tensor in global memory (address, sizes, row
    stride) for the Hopper tensor memory accelerator, which loads blocks of
    `shape` of it with `tile.descriptor_load`. A descriptor made in the
    kernel (`tile.make_tensor_descriptor`) is a tensor map the kernel
    writes (`tilenv.make_tensor_map`, sm_90a) or is rewritten by
    `tile-rewrite-tensor-pointers` into tensors of pointers and masks. A
    kernel argument of this type is a tensor map: the host builds it (a
    128-byte CUtensorMap, `tileTensorMapEncodeTyped` in tile's runtime)
    with the box and swizzle the compiler reports in its kernel
    information (`tensormap` lines): rows
    of the block are cut into column blocks of the widest swizzle (128, 64
    or 32 bytes) that divides them, as in `#tilegpu.nvmma_shared`. The
    kernel receives it by value, as a `__grid_constant__` parameter.
    The type holds any 2-D block; TMA's limits (at most 256 x 256
    elements, a multiple of 8 rows of a multiple of 32 bytes) are the GPU
    level's, checked by `tile-check-level` for the descriptors that reach
    it.

    Integer elements are signless, as tile's tensors are; a descriptor of
    unsigned ones (`ui32`, as Triton marks them) keeps that fact for its
    reductions, whose `min` and `max` then compare unsigned.

    ```mlir
    !tile.tensordesc<128x64xf16>
    !tile.tensordesc<64x64xui32>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "bool":$unsignedElements);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Bytes of one element, of one row of a block, and of a block.
    unsigned getElementBytes() const {
      return getElementType().getIntOrFloatBitWidth() / 8;
    }
    int64_t getRowBytes() const { return getShape()[1] * getElementBytes(); }
    int64_t getBlockBytes() const { return getShape()[0] * getRowBytes(); }
  }];
}

//===----------------------------------------------------------------------===//
// Type constraints. "Like" means the scalar or a ranked tensor of it.
//===----------------------------------------------------------------------===//

def Tile_Ptr : Type<CPred<"::mlir::tile::isScalarPointer($_self)">,
                    "tile pointer", "::mlir::tile::PointerType">;
def Tile_BlockPtr : Type<CPred<"::mlir::tile::isBlockPointer($_self)">,
                         "block pointer", "::mlir::tile::PointerType">;
def Tile_Float : AnyTypeOf<[AnyFloat]>;
def Tile_Int : AnyTypeOf<[AnySignlessInteger]>;
def Tile_Bool : AnyTypeOf<[I1]>;
def Tile_Scalar : AnyTypeOf<[Tile_Float, Tile_Int, Tile_Ptr], "tile scalar">;

def Tile_Tensor : RankedTensorOf<[Tile_Float, Tile_Int, Tile_Ptr]>;
def Tile_FloatTensor : RankedTensorOf<[Tile_Float]>;
def Tile_IntTensor : RankedTensorOf<[Tile_Int]>;
def Tile_PtrTensor : RankedTensorOf<[Tile_Ptr]>;
def Tile_BoolTensor : RankedTensorOf<[I1]>;
def Tile_FpIntTensor : RankedTensorOf<[Tile_Float, Tile_Int]>;

def Tile_FloatLike : AnyTypeOf<[Tile_Float, Tile_FloatTensor], "floating-point scalar or tensor">;
def Tile_IntLike : AnyTypeOf<[Tile_Int, Tile_IntTensor], "integer scalar or tensor">;
def Tile_I64Like : AnyTypeOf<[I64, RankedTensorOf<[I64]>], "i64 scalar or tensor">;
def Tile_BoolLike : AnyTypeOf<[I1, Tile_BoolTensor], "i1 scalar or tensor">;
def Tile_PtrLike : AnyTypeOf<[Tile_Ptr, Tile_PtrTensor], "pointer or tensor of pointers">;
def Tile_Type : AnyTypeOf<[Tile_Scalar, Tile_Tensor], "tile scalar or tensor">;
def Tile_NumberLike : AnyTypeOf<[Tile_Float, Tile_Int, Tile_FpIntTensor],
    "integer or floating-point scalar or tensor">;
def Tile_TensorDesc : Type<CPred<"::llvm::isa<::mlir::tile::TensorDescType>($_self)">,
    "TMA tensor descriptor", "::mlir::tile::TensorDescType">;
#endif // TILE_TYPES
