//===- TileOps.td - tile operations ------------------------*- tablegen -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The ops of the tile dialect. Mnemonics, operands, attributes and textual
// forms follow Triton's `tt` dialect so that TTIR parses with only the prefix
// renamed; verifiers are stricter and their messages name the offending shapes.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_OPS
#define TILE_OPS

include "tile/Dialect/Tile/IR/TileDialect.td"
include "tile/Dialect/Tile/IR/TileTypes.td"
include "tile/Dialect/Tile/IR/TileAttrs.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Tile_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tile_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

class Tile_CastOp<string mnemonic, list<Trait> traits = []>
    : Tile_Op<mnemonic, !listconcat(traits,
                                    [Pure, Elementwise, SameOperandsAndResultShape])> {
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def Tile_IntToPtrOp : Tile_CastOp<"int_to_ptr"> {
  let summary = "Reinterpret a 64-bit integer as a pointer";
  let arguments = (ins Tile_I64Like:$src);
  let results = (outs Tile_PtrLike:$result);
  let hasFolder = 1;
}

def Tile_PtrToIntOp : Tile_CastOp<"ptr_to_int"> {
  let summary = "Reinterpret a pointer as a 64-bit integer";
  let arguments = (ins Tile_PtrLike:$src);
  let results = (outs Tile_I64Like:$result);
  let hasFolder = 1;
}

def Tile_BitcastOp : Tile_CastOp<"bitcast"> {
  let summary = "Reinterpret bits as another type of the same width";
  let description = [{
    Element-wise bit cast between scalar types of the same bit width, or
    between pointer types (`arith.bitcast` accepts no pointers). Use
    `tile.ptr_to_int` / `tile.int_to_ptr` to move between pointers and integers.
  }];
  let arguments = (ins Tile_Type:$src);
  let results = (outs Tile_Type:$result);
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_FpToFpOp : Tile_CastOp<"fp_to_fp"> {
  let summary = "Floating-point conversion with an explicit rounding mode";
  let description = [{
    Converts between floating-point types, including the 8-bit formats that
    `arith` conversions do not cover well. A narrowing conversion must name its
    rounding (`rtne` or `rtz`); a widening one is exact and takes none.

    ```mlir
    %y = tile.fp_to_fp %x, rounding = rtne : tensor<128xf32> -> tensor<128xf8E4M3FN>
    ```
  }];
  let arguments = (ins Tile_FloatLike:$src,
                       OptionalAttr<Tile_RoundingModeAttr>:$rounding);
  let results = (outs Tile_FloatLike:$result);
  let assemblyFormat = [{
    $src attr-dict (`,` `rounding` `=` $rounding^)? `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Arithmetic that arith and math do not have
//===----------------------------------------------------------------------===//

def Tile_ClampFOp : Tile_Op<"clampf", [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "Clamp floating-point values to [min, max]";
  let description = [{
    `min(max(x, min), max)` element-wise. With `propagateNan = all` a NaN in
    any operand gives NaN; with `none` NaNs follow `minnum`/`maxnum`.
  }];
  let arguments = (ins Tile_FloatLike:$x, Tile_FloatLike:$min, Tile_FloatLike:$max,
                       Tile_PropagateNanAttr:$propagateNan);
  let results = (outs Tile_FloatLike:$result);
  let assemblyFormat = [{
    $x `,` $min `,` $max `,` `propagateNan` `=` $propagateNan attr-dict `:` type($result)
  }];
}

def Tile_PreciseSqrtOp : Tile_Op<"precise_sqrt", [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "Correctly rounded square root (IEEE, round to nearest even)";
  let arguments = (ins Tile_FloatLike:$x);
  let results = (outs Tile_FloatLike:$result);
  let assemblyFormat = "$x attr-dict `:` type($x)";
}

def Tile_PreciseDivFOp : Tile_Op<"precise_divf", [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "Correctly rounded floating-point division";
  let arguments = (ins Tile_FloatLike:$x, Tile_FloatLike:$y);
  let results = (outs Tile_FloatLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

def Tile_ExternElementwiseOp : Tile_Op<"extern_elementwise", [Elementwise,
    SameOperandsAndResultShape,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "A device library function applied element-wise";
  let description = [{
    Calls the function `symbol` of CUDA's device library, libdevice (the
    `__nv_` functions), on each element of the operands: one call per
    element, with the operands' element types as its parameters and the
    result's as its return type. A `pure` call has no side effects, so it
    may be moved, combined or removed; an impure one reads and writes
    global memory, so it stays where and as often as it is written.
    `libname` and `libpath` say which library Triton's front end meant;
    tile links libdevice from the CUDA toolkit for any `__nv_` symbol, and
    rejects other symbols. As Triton's `tt.extern_elementwise`.

    ```mlir
    %y = tile.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_rsqrtf"} : (tensor<128xf32>) -> tensor<128xf32>
    ```
  }];
  let arguments = (ins Variadic<Tile_NumberLike>:$srcs, StrAttr:$libname,
                       StrAttr:$libpath, StrAttr:$symbol, BoolAttr:$pure);
  let results = (outs Tile_NumberLike:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, $result)";
  let hasVerifier = 1;
}

def Tile_ElementwiseInlineAsmOp : Tile_Op<"elementwise_inline_asm", [
    Elementwise, SameOperandsAndResultShape,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "PTX inline assembly applied element-wise";
  let description = [{
    Runs `asm_string` (PTX, LLVM's inline-assembly syntax: `$0`, `$1`...
    name the operands in the order of `constraints`) once for every
    `packed_element` elements of the operands, each thread on the elements
    it holds. Outputs come first in `constraints`, then inputs. Elements
    narrower than 32 bits are packed into 32-bit registers, as many as
    `packed_element` allows (four i8 or two f16 to a register); wider
    ones take a register each. So an operand or result takes
    `packed_element / per-register` constraints. A `pure` block depends
    on its inputs only, so it may be moved, combined or removed; an impure
    one reads and writes global memory and stays as written. As Triton's
    `tt.elementwise_inline_asm`.

    ```mlir
    %y = tile.elementwise_inline_asm "shl.b32 $0, $1, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<256xi32> -> tensor<256xi32>
    ```
  }];
  let arguments = (ins StrAttr:$asm_string, StrAttr:$constraints,
                       BoolAttr:$pure, I32Attr:$packed_element,
                       Variadic<Tile_NumberLike>:$args);
  let results = (outs Variadic<Tile_NumberLike>:$result);
  let assemblyFormat = [{
    $asm_string attr-dict ($args^ `:` type($args))? `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The registers one block of `packed_element` elements of `type`
    /// takes, and the elements each holds.
    std::pair<unsigned, unsigned> getRegisters(Type type);
  }];
}

def Tile_MapElementwiseOp : Tile_Op<"map_elementwise", [
    RecursiveMemoryEffects, SameOperandsAndResultShape]> {
  let summary = "A scalar function applied element-wise, as a region";
  let description = [{
    Runs the region once for every `pack` elements of the operands (all of
    one shape), each thread on the elements it holds. The region takes
    `pack` scalars of each operand in turn (operand 0's elements 0 ..
    pack - 1, then operand 1's, ...) and returns `pack` scalars of each
    result the same way through `tile.map_elementwise.return`; past the end
    of a thread's elements the arguments are undefined and the results
    dropped. The region may branch (several blocks) and use values defined
    outside it; it is what a Triton function passed to
    `tl.map_elementwise` becomes, so an `if` in it runs one side only. As
    Triton's `tt.map_elementwise`.

    ```mlir
    %y = "tile.map_elementwise"(%x) <{pack = 1 : i32}> ({
    ^bb0(%e: f32):
      %r = arith.mulf %e, %e : f32
      tile.map_elementwise.return %r : f32
    }) : (tensor<256xf32>) -> tensor<256xf32>
    ```
  }];
  let arguments = (ins Variadic<Tile_Tensor>:$srcs,
                       ConfinedAttr<I32Attr, [IntPositive]>:$pack);
  let results = (outs Variadic<Tile_Tensor>:$result);
  let regions = (region MinSizedRegion<1>:$scalarOp);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Tile_MapElementwiseReturnOp : Tile_Op<"map_elementwise.return",
    [HasParent<"MapElementwiseOp">, Pure, Terminator, ReturnLike]> {
  let summary = "Terminator of the tile.map_elementwise region";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

def Tile_MulhiUIOp : Tile_Op<"mulhiui", [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "High half of the unsigned 2N-bit product of two N-bit integers";
  let arguments = (ins Tile_IntLike:$x, Tile_IntLike:$y);
  let results = (outs Tile_IntLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Pointers and memory
//===----------------------------------------------------------------------===//

def Tile_AddPtrOp : Tile_Op<"addptr", [Pure, Elementwise, SameOperandsAndResultShape,
                                       AllTypesMatch<["ptr", "result"]>]> {
  let summary = "Advance pointers by a number of elements";
  let description = [{
    `result = ptr + offset * sizeof(pointee)`, element-wise; the offset is
    sign-extended. A scalar pointer takes a scalar offset, a tensor of
    pointers a tensor of offsets of the same shape.
  }];
  let arguments = (ins Tile_PtrLike:$ptr, Tile_IntLike:$offset);
  let results = (outs Tile_PtrLike:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($result) `,` type($offset)";
  let hasFolder = 1;
}

def Tile_MakeTensorPtrOp : Tile_Op<"make_tensor_ptr", [Pure,
    SameVariadicOperandSize,
    TypesMatchWith<"base points to the block's elements", "result", "base",
      "::mlir::tile::PointerType::get(::llvm::cast<::mlir::RankedTensorType>("
      "::llvm::cast<::mlir::tile::PointerType>($_self).getPointeeType())"
      ".getElementType())">]> {
  let summary = "A block pointer into a strided tensor";
  let description = [{
    A pointer to the block of the result's shape whose first element is at
    `offsets` of the tensor at `base` with sizes `shape` and element
    strides `strides` (Triton's `tl.make_block_ptr`). `order` lists the
    dimensions from the fastest-varying in memory; it is a layout hint, not
    part of the addressing. The pointer is rewritten into a tensor of
    pointers and masks where it is used (`tile-rewrite-tensor-pointers`).

    ```mlir
    %bp = tile.make_tensor_ptr %a, [%m, %k], [%lda, %c1], [%row, %c0] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
    ```
  }];
  let arguments = (ins Tile_Ptr:$base, Variadic<I64>:$shape,
                       Variadic<I64>:$strides, Variadic<I32>:$offsets,
                       DenseI32ArrayAttr:$order);
  let results = (outs Tile_BlockPtr:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` `,` `[` $offsets `]`
    attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_AdvanceOp : Tile_Op<"advance", [Pure,
    AllTypesMatch<["ptr", "result"]>]> {
  let summary = "A block pointer moved by some elements along each dimension";
  let description = [{
    ```mlir
    %next = tile.advance %bp, [%c0, %c32] : <tensor<64x32xf16>>
    ```
  }];
  let arguments = (ins Tile_BlockPtr:$ptr, Variadic<I32>:$offsets);
  let results = (outs Tile_BlockPtr:$result);
  let assemblyFormat = [{
    $ptr `,` `[` $offsets `]` attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_LoadOp : Tile_Op<"load", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Load from a pointer or a tensor of pointers";
  let description = [{
    Loads one value per pointer. Lanes whose `mask` is false are not accessed
    and yield `other` (undefined without `other`). The mask is `i1` of the
    pointer's shape; `other` has the result type. `cacheModifier`,
    `evictionPolicy` and `isVolatile` map to the PTX `ld` qualifiers.

    ```mlir
    %v = tile.load %ptrs, %mask, %zero cacheModifier = cg : tensor<128x!tile.ptr<f32>>
    ```

    Through a block pointer the load reads the pointer's block and takes no
    mask: the dimensions listed in `boundaryCheck` are checked against the
    tensor's shape, and elements outside read as `padding` (zero or NaN;
    undefined without it), as in Triton.

    ```mlir
    %b = tile.load %bp {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tile.ptr<tensor<64x32xf16>>
    ```
  }];
  let arguments = (ins
    AnyTypeOf<[Tile_PtrLike, Tile_BlockPtr]>:$ptr,
    Optional<Tile_BoolLike>:$mask,
    Optional<Tile_Type>:$other,
    DefaultValuedAttr<Tile_CacheModifierAttr, "::mlir::tile::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<Tile_EvictionPolicyAttr, "::mlir::tile::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile,
    OptionalAttr<DenseI32ArrayAttr>:$boundaryCheck,
    OptionalAttr<Tile_PaddingOptionAttr>:$padding);
  let results = (outs Tile_Type:$result);
  let builders = [
    OpBuilder<(ins "::mlir::Value":$ptr, "::mlir::Value":$mask, "::mlir::Value":$other,
                   CArg<"::mlir::tile::CacheModifier", "::mlir::tile::CacheModifier::NONE">:$cache,
                   CArg<"::mlir::tile::EvictionPolicy", "::mlir::tile::EvictionPolicy::NORMAL">:$evict,
                   CArg<"bool", "false">:$isVolatile)>
  ];
  // Written in C++: the mask and other types follow from the pointer type,
  // and the verifier, not a type constraint, reports any mismatch.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Tile_MakeTensorDescOp : Tile_Op<"make_tensor_descriptor", [Pure,
    SameVariadicOperandSize]> {
  let summary = "A tensor descriptor made in the kernel";
  let description = [{
    Describes the tensor at `base` with sizes `shape` and element strides
    `strides` for the descriptor ops (Triton's `tl.make_tensor_descriptor`).
    Elements outside the tensor read as `padding`. On sm_90a it is a tensor
    map the kernel writes (`tile-make-tensor-maps`), where it can be one
    (made in the kernel's entry block, last stride 1, whole blocks TMA
    copies); otherwise tile rewrites the descriptor ops on it into tensors
    of pointers and masks (`tile-rewrite-tensor-pointers`), as Triton does
    for GPUs without a tensor memory accelerator.

    ```mlir
    %d = tile.make_tensor_descriptor %x, [%m, %n], [%ldx, %c1] : <f32>, <32x32xf32>
    ```
  }];
  let arguments = (ins Tile_Ptr:$base, Variadic<I32>:$shape,
                       Variadic<I64>:$strides,
                       DefaultValuedAttr<Tile_PaddingOptionAttr,
                           "::mlir::tile::PaddingOption::PAD_ZERO">:$padding);
  let results = (outs Tile_TensorDesc:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` attr-dict `:` type($base)
    `,` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_DescriptorLoadOp : Tile_Op<"descriptor_load", [
    MemoryEffects<[MemRead<Tile_GlobalMemory>]>]> {
  let summary = "Load a block of a tensor through its TMA descriptor";
  let description = [{
    Loads the block of the descriptor's shape whose first element is at
    (`row`, `column`) of the tensor the descriptor describes; elements past
    the tensor's edges read as zero (so no masks are needed). On the GPU
    one thread starts a tensor-memory-accelerator copy into shared memory
    and the block waits for it on an mbarrier (sm_90 and newer).

    ```mlir
    %a = tile.descriptor_load %desc[%row, %k] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16>
    ```
  }];
  let arguments = (ins Tile_TensorDesc:$desc, Variadic<I32>:$indices);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = [{
    $desc `[` $indices `]` attr-dict `:` qualified(type($desc)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_DescriptorStoreOp : Tile_Op<"descriptor_store", [
    MemoryEffects<[MemWrite<Tile_GlobalMemory>]>]> {
  let summary = "Store a block of a tensor through its TMA descriptor";
  let description = [{
    Stores `value` as the block of the descriptor's shape whose first
    element is at (`row`, `column`) of the tensor the descriptor describes;
    elements past the tensor's edges are not written (so no masks are
    needed). `value` may be in any layout. On the GPU (sm_90 and newer) the
    block writes it to shared memory in the descriptor's NVMMA layout and
    one thread starts a tensor-memory-accelerator copy of that buffer to
    global memory, which the block waits for only until it has read the
    buffer: the writes to global memory complete asynchronously, so other
    accesses to that block later in the kernel are not ordered with them.

    ```mlir
    tile.descriptor_store %desc[%row, %col], %c : !tile.tensordesc<128x64xf16>, tensor<128x64xf16>
    ```
  }];
  let arguments = (ins Tile_TensorDesc:$desc, Variadic<I32>:$indices,
                       Tile_Tensor:$value);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $value attr-dict `:` qualified(type($desc)) `,` type($value)
  }];
  let hasVerifier = 1;
}

def Tile_DescriptorReduceOp : Tile_Op<"descriptor_reduce", [
    MemoryEffects<[MemRead<Tile_GlobalMemory>, MemWrite<Tile_GlobalMemory>]>]> {
  let summary = "Combine a block with a tensor through its TMA descriptor";
  let description = [{
    Combines `src` element by element with the block of the descriptor's
    shape whose first element is at `indices` of the tensor the descriptor
    describes, by `kind`, each element atomically: `add`, `min`, `max`,
    `inc` and `dec` (unsigned wrapping increment and decrement, as
    `atom.inc`/`atom.dec`), `and`, `or`, `xor`. Elements past the tensor's
    edges are left alone. Integer `min` and `max` compare signed, or
    unsigned on a descriptor of unsigned elements (`ui32`); through a
    tensor map the host built, the map's data type decides, as the tensor
    memory accelerator reads it. The element types are those the
    tensor memory accelerator reduces: `add` on i32, i64, f32, f16 and bf16;
    `min` and `max` on i32, i64, f16 and bf16; `inc` and `dec` on i32;
    `and`, `or` and `xor` on i32 and i64. On the GPU (sm_90 and newer) the
    block goes to shared memory as for `tile.descriptor_store` and one
    thread starts a TMA reduction (`cp.reduce.async.bulk.tensor`). As
    Triton's `tt.descriptor_reduce`.

    ```mlir
    tile.descriptor_reduce add, %desc[%row, %col], %c : !tile.tensordesc<64x64xf32>, tensor<64x64xf32>
    ```
  }];
  let arguments = (ins Tile_DescriptorReduceKindAttr:$kind,
                       Tile_TensorDesc:$desc, Variadic<I32>:$indices,
                       Tile_Tensor:$src);
  let assemblyFormat = [{
    $kind `,` $desc `[` $indices `]` `,` $src attr-dict `:`
    qualified(type($desc)) `,` type($src)
  }];
  let hasVerifier = 1;
}

def Tile_DescriptorGatherOp : Tile_Op<"descriptor_gather", [
    MemoryEffects<[MemRead<Tile_GlobalMemory>]>]> {
  let summary = "Load rows of a tensor, picked by index, through its TMA descriptor";
  let description = [{
    Row `i` of the result is the `N` elements of row `x_offsets[i]` of the
    tensor the descriptor describes, from column `y_offset` on; the
    descriptor's block is that one row (1 x N). Elements past the tensor's
    edges read as zero. The hardware that does this in one copy (TMA
    gather4) is Blackwell's (sm_100); on sm_90 the op is rejected where it
    is lowered, with an error that names it. As Triton's
    `tt.descriptor_gather`.

    ```mlir
    %r = tile.descriptor_gather %desc[%rows, %col] : (!tile.tensordesc<1x64xf32>, tensor<8xi32>, i32) -> tensor<8x64xf32>
    ```
  }];
  let arguments = (ins Tile_TensorDesc:$desc, RankedTensorOf<[I32]>:$x_offsets,
                       I32:$y_offset);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Tile_DescriptorScatterOp : Tile_Op<"descriptor_scatter", [
    MemoryEffects<[MemWrite<Tile_GlobalMemory>]>]> {
  let summary = "Store rows of a block to rows of a tensor picked by index";
  let description = [{
    The converse of `tile.descriptor_gather`: row `i` of `src` is written
    to row `x_offsets[i]` of the tensor, from column `y_offset` on.
    Elements past the tensor's edges are not written. Like the gather, it
    needs Blackwell's TMA scatter4 and is rejected on sm_90. As Triton's
    `tt.descriptor_scatter`.

    ```mlir
    tile.descriptor_scatter %desc[%rows, %col], %v : !tile.tensordesc<1x64xf32>, tensor<8xi32>, i32, tensor<8x64xf32>
    ```
  }];
  let arguments = (ins Tile_TensorDesc:$desc, RankedTensorOf<[I32]>:$x_offsets,
                       I32:$y_offset, Tile_Tensor:$src);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` `,` $src attr-dict `:`
    qualified(type($desc)) `,` type($x_offsets) `,` type($y_offset) `,`
    type($src)
  }];
  let hasVerifier = 1;
}

def Tile_StoreOp : Tile_Op<"store", [MemoryEffects<[MemWrite<Tile_GlobalMemory>]>]> {
  let summary = "Store through a pointer or a tensor of pointers";
  let description = [{
    Stores `value` element-wise; lanes whose `mask` is false are not written.

    ```mlir
    tile.store %ptrs, %v, %mask : tensor<128x!tile.ptr<f32>>
    ```

    At the distributed level the value may have another layout than the
    pointers (its type then follows the pointer type): the store moves it to
    the pointers' threads through shared memory itself, in rounds when the
    whole tensor would take more scratch than one (see
    `tile-remove-layout-conversions`), and stores each round's elements as
    soon as they arrive.

    ```mlir
    tile.store %ptrs, %v, %mask : tensor<128x256x!tile.ptr<f16>, #blocked>, tensor<128x256xf16, #mma>
    ```

    Through a block pointer the store writes the pointer's block, without a
    mask; elements outside the tensor along the dimensions in
    `boundaryCheck` are not written.
  }];
  let arguments = (ins
    AnyTypeOf<[Tile_PtrLike, Tile_BlockPtr]>:$ptr,
    Tile_Type:$value,
    Optional<Tile_BoolLike>:$mask,
    DefaultValuedAttr<Tile_CacheModifierAttr, "::mlir::tile::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<Tile_EvictionPolicyAttr, "::mlir::tile::EvictionPolicy::NORMAL">:$evict,
    OptionalAttr<DenseI32ArrayAttr>:$boundaryCheck);
  let builders = [
    OpBuilder<(ins "::mlir::Value":$ptr, "::mlir::Value":$value, "::mlir::Value":$mask,
                   CArg<"::mlir::tile::CacheModifier", "::mlir::tile::CacheModifier::NONE">:$cache,
                   CArg<"::mlir::tile::EvictionPolicy", "::mlir::tile::EvictionPolicy::NORMAL">:$evict), [{
      build($_builder, $_state, ptr, value, mask, cache, evict,
            /*boundaryCheck=*/nullptr);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Tile_AtomicRMWOp : Tile_Op<"atomic_rmw", [
    MemoryEffects<[MemRead<Tile_GlobalMemory>, MemWrite<Tile_GlobalMemory>]>]> {
  let summary = "Atomic read-modify-write";
  let description = [{
    For each unmasked lane, atomically applies `atomic_rmw_op` to the value at
    `ptr` and `val`, stores the result and returns the old value.
  }];
  let arguments = (ins Tile_AtomicRMWKindAttr:$atomic_rmw_op, Tile_PtrLike:$ptr,
                       Tile_Type:$val, Optional<Tile_BoolLike>:$mask,
                       Tile_MemSemanticAttr:$sem, Tile_MemSyncScopeAttr:$scope);
  let results = (outs Tile_Type:$result);
  let assemblyFormat = [{
    $atomic_rmw_op `,` $sem `,` $scope `,` $ptr `,` $val (`,` $mask^)? attr-dict `:`
    functional-type(operands, $result)
  }];
  let hasVerifier = 1;
}

def Tile_AtomicCASOp : Tile_Op<"atomic_cas", [
    MemoryEffects<[MemRead<Tile_GlobalMemory>, MemWrite<Tile_GlobalMemory>]>]> {
  let summary = "Atomic compare-and-swap";
  let description = [{
    Atomically: `old = *ptr; if (old == cmp) *ptr = val; return old`.
  }];
  let arguments = (ins Tile_PtrLike:$ptr, Tile_Type:$cmp, Tile_Type:$val,
                       Tile_MemSemanticAttr:$sem, Tile_MemSyncScopeAttr:$scope);
  let results = (outs Tile_Type:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $cmp `,` $val attr-dict `:`
    functional-type(operands, $result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Building and reshaping tiles
//===----------------------------------------------------------------------===//

class Tile_ShapeOp<string mnemonic, list<Trait> traits = []>
    : Tile_Op<mnemonic, !listconcat(traits, [Pure])> {
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_SplatOp : Tile_ShapeOp<"splat"> {
  let summary = "Tensor with every element equal to a scalar";
  let arguments = (ins Tile_Scalar:$src);
  let results = (outs Tile_Tensor:$result);
}

def Tile_UnsplatOp : Tile_Op<"unsplat", [Pure,
    TypesMatchWith<"result is the element of src", "src", "result",
                   "::mlir::cast<::mlir::RankedTensorType>($_self).getElementType()">]> {
  let summary = "The one element of a tensor, as a scalar";
  let description = [{
    The inverse of `tile.splat` for a tensor of one element (every
    dimension 1). As Triton's `tt.unsplat`.

    ```mlir
    %s = tile.unsplat %x : tensor<1x1xf32>
    ```
  }];
  let arguments = (ins Tile_Tensor:$src);
  let results = (outs Tile_Scalar:$result);
  let assemblyFormat = "$src attr-dict `:` type($src)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_ExpandDimsOp : Tile_ShapeOp<"expand_dims"> {
  let summary = "Insert a dimension of size 1";
  let description = [{
    `tensor<32xf32>` with `axis = 1` becomes `tensor<32x1xf32>`.
  }];
  let arguments = (ins Tile_Tensor:$src, I32Attr:$axis);
  let results = (outs Tile_Tensor:$result);
  let hasCanonicalizer = 1;
}

def Tile_ReshapeOp : Tile_ShapeOp<"reshape"> {
  let summary = "Reinterpret a tensor with another shape of the same size";
  let description = [{
    Row-major reshape. With `allow_reorder` the compiler may also permute the
    elements (for reductions whose order does not matter), with
    `efficient_layout` it is asked to keep the result's layout.
  }];
  let arguments = (ins Tile_Tensor:$src, UnitAttr:$allow_reorder,
                       UnitAttr:$efficient_layout);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = [{
    $src (`allow_reorder` $allow_reorder^)? (`efficient_layout` $efficient_layout^)?
    attr-dict `:` type($src) `->` type($result)
  }];
  let hasCanonicalizer = 1;
}

def Tile_BroadcastOp : Tile_ShapeOp<"broadcast"> {
  let summary = "Repeat size-1 dimensions to a larger size";
  let description = [{
    `tensor<1x32xf32>` to `tensor<64x32xf32>`: only dimensions of size 1 may
    change, and the rank stays the same.
  }];
  let arguments = (ins Tile_Tensor:$src);
  let results = (outs Tile_Tensor:$result);
  let hasCanonicalizer = 1;
}

def Tile_TransOp : Tile_ShapeOp<"trans"> {
  let summary = "Permute the dimensions of a tensor";
  let description = [{
    Result dimension `i` is source dimension `order[i]`: `tensor<2x4x8xf32>`
    with `order = array<i32: 2, 0, 1>` gives `tensor<8x2x4xf32>`.
  }];
  let arguments = (ins Tile_Tensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs Tile_Tensor:$result);
  let hasCanonicalizer = 1;
}

def Tile_CatOp : Tile_Op<"cat", [Pure, SameTypeOperands]> {
  let summary = "Concatenate two tensors along dimension 0";
  let description = [{
    Like Triton's `tl.cat(..., can_reorder=True)`: the result holds all
    elements of both operands; their order is left to the compiler.
  }];
  let arguments = (ins Tile_Tensor:$lhs, Tile_Tensor:$rhs);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_JoinOp : Tile_Op<"join", [Pure, SameTypeOperands]> {
  let summary = "Join two tensors along a new minor dimension of size 2";
  let arguments = (ins Tile_Tensor:$lhs, Tile_Tensor:$rhs);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_SplitOp : Tile_Op<"split", [Pure,
    AllTypesMatch<["outLHS", "outRHS"]>]> {
  let summary = "Split a tensor along its last dimension, which has size 2";
  let arguments = (ins Tile_Tensor:$src);
  let results = (outs Tile_Tensor:$outLHS, Tile_Tensor:$outRHS);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($outLHS)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_MakeRangeOp : Tile_Op<"make_range", [Pure]> {
  let summary = "The integers [start, end) as a 1-D i32 tensor";
  let description = [{
    `end - start` must be a power of two, since every tile dimension is one.
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs Tile_IntTensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Programs
//===----------------------------------------------------------------------===//

def Tile_GetProgramIdOp : Tile_Op<"get_program_id", [Pure]> {
  let summary = "Index of this program along an axis of the launch grid";
  let arguments = (ins Tile_ProgramDimAttr:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

def Tile_GetNumProgramsOp : Tile_Op<"get_num_programs", [Pure]> {
  let summary = "Number of programs along an axis of the launch grid";
  let arguments = (ins Tile_ProgramDimAttr:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Matrix multiplication, reductions and scans
//===----------------------------------------------------------------------===//

def Tile_DotOp : Tile_Op<"dot", [Pure, AllTypesMatch<["c", "d"]>]> {
  let summary = "Matrix multiply-accumulate: d = a * b + c";
  let description = [{
    `a` is MxK, `b` KxN, `c` and `d` MxN (or all with one leading batch
    dimension). `a` and `b` have the same element type; a floating-point
    product accumulates in floating point, an integer one in integers.
    `inputPrecision` says how f32 inputs use tensor cores: `tf32`, `tf32x3`,
    `bf16x3`, `bf16x6`, or `ieee` (exact, no tensor cores).
  }];
  let arguments = (ins
    Tile_FpIntTensor:$a, Tile_FpIntTensor:$b, Tile_FpIntTensor:$c,
    DefaultValuedAttr<Tile_InputPrecisionAttr, "::mlir::tile::InputPrecision::IEEE">:$inputPrecision,
    DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc);
  let results = (outs Tile_FpIntTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`,` `inputPrecision` `=` $inputPrecision^)? attr-dict `:`
    type($a) `*` type($b) `->` type($d)
  }];
  let hasVerifier = 1;
}

def Tile_DotScaledOp : Tile_Op<"dot_scaled", [Pure, AttrSizedOperandSegments,
                                               AllTypesMatch<["c", "d"]>]> {
  let summary = "Matrix multiply-accumulate of block-scaled (microscaling) operands";
  let description = [{
    `d = (a * scale(a_scale)) * (b * scale(b_scale)) + c`: `a` is M x K and
    `b` K x N in the formats `a_elem_type` and `b_elem_type` (`e4m3`,
    `e5m2`: fp8; `bf16`, `fp16`; `e2m1`: two 4-bit floats to a byte, the
    first element in the low bits, along K, so that the operand is
    M x K/2 or K/2 x N of i8). A scale, where given, has one entry per 32
    elements along K (`a_scale` M x K/32, `b_scale` N x K/32): an i8
    exponent (e8m0, the value 2^(s - 127); 255 means NaN unless
    `fastMath`), or an fp8 e4m3 value per 16 elements. `c` and `d` are
    M x N of f32. Sm_90 has no scaled tensor-core instruction, so
    `tile-decompose-scaled-dots` rewrites the op into the operands' upcast
    to bf16 (f16 if either is `fp16`), the scaling and a `tile.dot`, as
    Triton does on Hopper. `lhs_k_pack` / `rhs_k_pack` false (e2m1 packed
    along M or N) is not supported. As Triton's `tt.dot_scaled`.

    ```mlir
    %d = tile.dot_scaled %a scale %sa, %b scale %sb, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<64x64xf8E4M3FN>, tensor<64x2xi8> * tensor<64x64xf8E4M3FN>, tensor<64x2xi8> -> tensor<64x64xf32>
    ```
  }];
  let arguments = (ins
    Tile_FpIntTensor:$a, Tile_FpIntTensor:$b, Tile_FloatTensor:$c,
    Optional<Tile_FpIntTensor>:$a_scale, Optional<Tile_FpIntTensor>:$b_scale,
    Tile_ScaleDotElemTypeAttr:$a_elem_type,
    Tile_ScaleDotElemTypeAttr:$b_elem_type,
    DefaultValuedAttr<BoolAttr, "false">:$fastMath,
    DefaultValuedAttr<BoolAttr, "true">:$lhs_k_pack,
    DefaultValuedAttr<BoolAttr, "true">:$rhs_k_pack);
  let results = (outs Tile_FloatTensor:$d);
  let assemblyFormat = [{
    $a (`scale` $a_scale^)? `,` $b (`scale` $b_scale^)? `,` $c
    `lhs` `=` $a_elem_type `rhs` `=` $b_elem_type attr-dict
    `:` type($a) (`,` type($a_scale)^)? `*` type($b) (`,` type($b_scale)^)?
    `->` type($d)
  }];
  let hasVerifier = 1;
}

def Tile_HistogramOp : Tile_Op<"histogram", [Pure,
    OptionalTypesMatchWith<"mask has the source's shape", "src", "mask",
        "::mlir::cast<::mlir::RankedTensorType>($_self).clone("
        "::mlir::IntegerType::get($_self.getContext(), 1))">]> {
  let summary = "Count the elements of each value in 0 .. bins - 1";
  let description = [{
    Element `i` of the result counts the elements of `src` equal to `i`
    (where `mask`, if given, is set); the result's length, a power of two,
    is the number of bins. A value outside the bins counts in the bin its
    low bits name, as Triton's lowering has it (Triton leaves such values
    unspecified). As Triton's `tt.histogram`.

    ```mlir
    %h = tile.histogram %x, %m : tensor<256xi32> -> tensor<16xi32>
    ```
  }];
  let arguments = (ins Tile_IntTensor:$src, Optional<Tile_BoolTensor>:$mask);
  let results = (outs Tile_IntTensor:$result);
  let assemblyFormat = [{
    $src (`,` $mask^)? attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_GatherOp : Tile_Op<"gather", [Pure]> {
  let summary = "Elements of a tensor picked along one axis by index";
  let description = [{
    `result[i0, .., ik, ..] = src[i0, .., indices[i0, .., ik, ..], ..]`,
    `k` the axis: the result has the indices' shape, which matches the
    source's except along the axis. An index outside the source's axis is
    undefined behaviour, as in Triton's `tt.gather`.

    ```mlir
    %y = tile.gather %x[%idx] {axis = 1 : i32} : (tensor<16x32xf32>, tensor<16x8xi32>) -> tensor<16x8xf32>
    ```
  }];
  let arguments = (ins Tile_Tensor:$src, Tile_IntTensor:$indices,
                       I32Attr:$axis, UnitAttr:$efficient_layout);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = [{
    $src `[` $indices `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Tile_ReduceOp : Tile_Op<"reduce", [Pure, SameOperandsShape, SingleBlock]> {
  let summary = "Reduce tensors along an axis with a combining region";
  let description = [{
    Reduces N tensors of the same shape together along `axis`. The region
    takes 2N scalars (the N accumulated values, then the N new ones) and
    returns N combined values through `tile.reduce.return`; it must be
    associative and commutative. Results drop the reduced dimension (a scalar
    when the operands are 1-D).
  }];
  let arguments = (ins Variadic<Tile_Tensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<Tile_Type>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let builders = [OpBuilder<(ins "::mlir::ValueRange":$srcs, "int":$axis)>];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Tile_ReduceReturnOp : Tile_Op<"reduce.return",
    [HasParent<"ReduceOp">, Pure, Terminator, ReturnLike]> {
  let summary = "Terminator of the tile.reduce combining region";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def Tile_ScanOp : Tile_Op<"scan", [Pure, SameOperandsAndResultShape, SingleBlock]> {
  let summary = "Inclusive prefix scan along an axis with a combining region";
  let description = [{
    Like `tile.reduce`, but returns every partial result: element `i` of a
    result combines elements `0..i` of the operands along `axis` (`i..n-1`
    when `reverse` is set). The region must be associative.
  }];
  let arguments = (ins Variadic<Tile_Tensor>:$srcs, I32Attr:$axis, BoolAttr:$reverse);
  let results = (outs Variadic<Tile_Tensor>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let builders = [OpBuilder<(ins "::mlir::ValueRange":$srcs, "int":$axis, "bool":$reverse)>];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Tile_ScanReturnOp : Tile_Op<"scan.return",
    [HasParent<"ScanOp">, Pure, Terminator, ReturnLike]> {
  let summary = "Terminator of the tile.scan combining region";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

def Tile_PrintOp : Tile_Op<"print", [MemoryEffects<[MemWrite<Tile_GlobalMemory>]>]> {
  let summary = "Device-side print of scalars and tensors, for debugging";
  let description = [{
    Prints `prefix` and the values of `args`, one line per element. `hex`
    prints integers in hexadecimal; `isSigned` holds one flag per argument
    (1: print as signed).
  }];
  let arguments = (ins StrAttr:$prefix, BoolAttr:$hex, Variadic<Tile_Type>:$args,
                       DenseI32ArrayAttr:$isSigned);
  let assemblyFormat = "$prefix attr-dict (`:` $args^ `:` type($args))?";
  let hasVerifier = 1;
}

def Tile_AssertOp : Tile_Op<"assert", [MemoryEffects<[MemWrite<Tile_GlobalMemory>]>]> {
  let summary = "Device-side assertion";
  let description = [{
    When any element of `condition` is false, prints `message` and traps.
  }];
  let arguments = (ins AnyTypeOf<[I1, Tile_BoolTensor]>:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

def Tile_FuncOp : Tile_Op<"func", [
    AutomaticAllocationScope, CallableOpInterface, FunctionOpInterface,
    IsolatedFromAbove,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let summary = "A kernel (public) or a device function (private)";
  let description = [{
    A `public` function is a kernel entry: it runs once per program of the
    launch grid. A `private` function is a device function reached through
    `tile.call`. Arguments may carry the hints `tile.divisibility`,
    `tile.contiguity` and `tile.constancy` (positive powers of two) for the
    alignment analysis.

    ```mlir
    tile.func public @kernel(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
      tile.return
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name, "::mlir::FunctionType":$type,
      CArg<"::llvm::ArrayRef<::mlir::NamedAttribute>", "{}">:$attrs,
      CArg<"::llvm::ArrayRef<::mlir::DictionaryAttr>", "{}">:$argAttrs)>];
  let extraClassDeclaration = [{
    ::mlir::Region *getCallableRegion() { return isExternal() ? nullptr : &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() { return getFunctionType().getInputs(); }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() { return getFunctionType().getResults(); }
    bool isDeclaration() { return isExternal(); }
  }];
  let hasCustomAssemblyFormat = 1;
}

def Tile_CallOp : Tile_Op<"call", [CallOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Call a device function";
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>);
  let builders = [
    OpBuilder<(ins "FuncOp":$callee, CArg<"::mlir::ValueRange", "{}">:$operands), [{
      $_state.addOperands(operands);
      $_state.addAttribute("callee", ::mlir::SymbolRefAttr::get(callee));
      $_state.addTypes(callee.getFunctionType().getResults());
    }]>];
  let extraClassDeclaration = [{
    ::mlir::FunctionType getCalleeType() {
      return ::mlir::FunctionType::get(getContext(), getOperandTypes(), getResultTypes());
    }
    operand_range getArgOperands() { return getOperands(); }
    ::mlir::MutableOperandRange getArgOperandsMutable() { return getOperandsMutable(); }
    ::mlir::CallInterfaceCallable getCallableForCallee() {
      return (*this)->getAttrOfType<::mlir::SymbolRefAttr>("callee");
    }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      (*this)->setAttr("callee", ::llvm::cast<::mlir::SymbolRefAttr>(callee));
    }
  }];
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
}

def Tile_ReturnOp : Tile_Op<"return", [Pure, HasParent<"FuncOp">, ReturnLike, Terminator]> {
  let summary = "Return from a tile.func";
  let arguments = (ins Variadic<AnyType>:$srcs);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
  let assemblyFormat = "attr-dict ($srcs^ `:` type($srcs))?";
  let hasVerifier = 1;
}

#endif // TILE_OPS
