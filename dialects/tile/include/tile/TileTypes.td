//===- TileTypes.td - tile types and type constraints ------*- tablegen -*-===//

#ifndef TILE_TYPES
#define TILE_TYPES

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "mlir/IR/CommonTypeConstraints.td"
include "tile/TileDialect.td"

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

    ```mlir
    !tile.ptr<f32>      // global
    !tile.ptr<f16, 3>   // shared
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

//===----------------------------------------------------------------------===//
// Type constraints. "Like" means the scalar or a ranked tensor of it.
//===----------------------------------------------------------------------===//

def Tile_Ptr : Type<CPred<"::llvm::isa<::mlir::tile::PointerType>($_self)">,
                    "tile pointer", "::mlir::tile::PointerType">;
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

#endif // TILE_TYPES
