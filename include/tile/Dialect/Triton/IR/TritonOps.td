//===- TritonOps.td - Triton's TTIR, read as tile IR -----*- tablegen -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TRITON_DIALECT
#define TILE_TRITON_DIALECT

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Triton_Dialect : Dialect {
  let name = "tt";
  let cppNamespace = "::mlir::tile::triton";
  let summary = "Triton's TTIR namespace, parsed into the tile dialect";
  let description = [{
    The `tile` dialect's ops have the textual form of Triton's `tt` ops, so
    TTIR as Triton prints it (`tt.load`, `!tt.ptr<f32>`, `tt.divisibility`,
    its locations) is read by this dialect, which has no types and almost
    no ops of its own: an op `tt.X` in custom form is parsed by `tile.X`'s
    parser and becomes that op, a type `!tt.T` is parsed by the tile
    dialect as `!tile.T`. A `tt` op that tile does not have is an error
    located at it ("custom op 'tt.X' is unknown").

    Triton prints its reductions, scans and element-wise maps in generic
    form (`"tt.reduce"(...) <{axis = 0 : i32}> ({...})`), which MLIR parses
    by name only, so those ops and their terminators are declared here, as
    structure without semantics. `tile-import-ttir`, the first pass of the
    compilation pipeline, turns them into their tile namesakes and renames the
    discardable `tt.` attributes (argument hints, loop attributes), which
    are verified as their tile namesakes where they are parsed.
  }];

  let dependentDialects = ["::mlir::tile::TileDialect"];
  let hasRegionArgAttrVerify = 1;
  let hasOperationAttrVerify = 1;

  let extraClassDeclaration = [{
    std::optional<ParseOpHook>
    getParseOperationHook(::llvm::StringRef opName) const override;

    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type,
                   ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

class Triton_Op<string mnemonic, list<Trait> traits = []>
    : Op<Triton_Dialect, mnemonic, traits>;

def Triton_ReduceOp : Triton_Op<"reduce", [SingleBlock]> {
  let summary = "Triton's tt.reduce, as read; tile-import-ttir makes it tile.reduce";
  let arguments = (ins Variadic<AnyType>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<AnyType>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
}

def Triton_ReduceReturnOp : Triton_Op<"reduce.return",
    [HasParent<"ReduceOp">, Terminator]> {
  let summary = "The terminator of tt.reduce's combiner";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def Triton_ScanOp : Triton_Op<"scan", [SingleBlock]> {
  let summary = "Triton's tt.scan, as read; tile-import-ttir makes it tile.scan";
  let arguments = (ins Variadic<AnyType>:$srcs, I32Attr:$axis,
                       BoolAttr:$reverse);
  let results = (outs Variadic<AnyType>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
}

def Triton_ScanReturnOp : Triton_Op<"scan.return",
    [HasParent<"ScanOp">, Terminator]> {
  let summary = "The terminator of tt.scan's combiner";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def Triton_MapElementwiseOp : Triton_Op<"map_elementwise"> {
  let summary = "Triton's tt.map_elementwise, as read; tile-import-ttir makes it tile.map_elementwise";
  let arguments = (ins Variadic<AnyType>:$srcs, I32Attr:$pack);
  let results = (outs Variadic<AnyType>:$result);
  let regions = (region AnyRegion:$scalarOp);
}

def Triton_MapElementwiseReturnOp : Triton_Op<"map_elementwise.return",
    [HasParent<"MapElementwiseOp">, Terminator]> {
  let summary = "The terminator of tt.map_elementwise's region";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

#endif // TILE_TRITON_DIALECT
