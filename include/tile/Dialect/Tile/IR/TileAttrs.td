//===- TileAttrs.td - tile enum attributes -----------------*- tablegen -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The enums of the tile ops. Spellings and values are those of Triton's TTIR
// so that Triton kernels parse unchanged but for the dialect prefix.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_ATTRS
#define TILE_ATTRS

include "mlir/IR/EnumAttr.td"

def Tile_CacheModifierAttr : I32EnumAttr<"CacheModifier",
    "PTX cache operator of a load or store", [
      I32EnumAttrCase<"NONE", 1, "none">,
      I32EnumAttrCase<"CA", 2, "ca">,
      I32EnumAttrCase<"CG", 3, "cg">,
      I32EnumAttrCase<"WB", 4, "wb">,
      I32EnumAttrCase<"CS", 5, "cs">,
      I32EnumAttrCase<"WT", 6, "wt">,
      I32EnumAttrCase<"CV", 7, "cv">
    ]> {
  let cppNamespace = "::mlir::tile";
}

def Tile_EvictionPolicyAttr : I32EnumAttr<"EvictionPolicy",
    "L1/L2 eviction priority of a load or store", [
      I32EnumAttrCase<"NORMAL", 1, "evict_normal">,
      I32EnumAttrCase<"EVICT_FIRST", 2, "evict_first">,
      I32EnumAttrCase<"EVICT_LAST", 3, "evict_last">
    ]> {
  let cppNamespace = "::mlir::tile";
}

def Tile_MemSemanticAttr : I32EnumAttr<"MemSemantic",
    "memory ordering of an atomic", [
      I32EnumAttrCase<"RELAXED", 1, "relaxed">,
      I32EnumAttrCase<"ACQUIRE", 2, "acquire">,
      I32EnumAttrCase<"RELEASE", 3, "release">,
      I32EnumAttrCase<"ACQUIRE_RELEASE", 4, "acq_rel">
    ]> {
  let cppNamespace = "::mlir::tile";
}

def Tile_MemSyncScopeAttr : I32EnumAttr<"MemSyncScope",
    "set of threads an atomic is ordered with", [
      I32EnumAttrCase<"GPU", 1, "gpu">,
      I32EnumAttrCase<"CTA", 2, "cta">,
      I32EnumAttrCase<"SYSTEM", 3, "sys">
    ]> {
  let cppNamespace = "::mlir::tile";
}

def Tile_AtomicRMWKindAttr : I32EnumAttr<"RMWOp",
    "read-modify-write operation of tile.atomic_rmw", [
      I32EnumAttrCase<"AND", 1, "and">,
      I32EnumAttrCase<"OR", 2, "or">,
      I32EnumAttrCase<"XOR", 3, "xor">,
      I32EnumAttrCase<"ADD", 4, "add">,
      I32EnumAttrCase<"FADD", 5, "fadd">,
      I32EnumAttrCase<"MAX", 6, "max">,
      I32EnumAttrCase<"MIN", 7, "min">,
      I32EnumAttrCase<"UMAX", 8, "umax">,
      I32EnumAttrCase<"UMIN", 9, "umin">,
      I32EnumAttrCase<"XCHG", 10, "exch">
    ]> {
  let cppNamespace = "::mlir::tile";
}

def Tile_ProgramDimAttr : I32EnumAttr<"ProgramIDDim",
    "axis of the launch grid", [
      I32EnumAttrCase<"X", 0, "x">,
      I32EnumAttrCase<"Y", 1, "y">,
      I32EnumAttrCase<"Z", 2, "z">
    ]> {
  let cppNamespace = "::mlir::tile";
}

def Tile_RoundingModeAttr : I32EnumAttr<"RoundingMode",
    "rounding of a narrowing floating-point conversion", [
      I32EnumAttrCase<"RTZ", 0, "rtz">,
      I32EnumAttrCase<"RTNE", 1, "rtne">
    ]> {
  let cppNamespace = "::mlir::tile";
}

def Tile_PropagateNanAttr : I32EnumAttr<"PropagateNan",
    "whether tile.clampf returns NaN when an operand is NaN", [
      I32EnumAttrCase<"NONE", 0, "none">,
      I32EnumAttrCase<"ALL", 0xFFFF, "all">
    ]> {
  let cppNamespace = "::mlir::tile";
}

def Tile_InputPrecisionAttr : I32EnumAttr<"InputPrecision",
    "how tile.dot multiplies f32 inputs", [
      I32EnumAttrCase<"TF32", 0, "tf32">,
      I32EnumAttrCase<"TF32x3", 1, "tf32x3">,
      I32EnumAttrCase<"IEEE", 2, "ieee">,
      I32EnumAttrCase<"BF16x3", 3, "bf16x3">,
      I32EnumAttrCase<"BF16x6", 4, "bf16x6">
    ]> {
  let cppNamespace = "::mlir::tile";
}

def Tile_DescriptorReduceKindAttr : I32EnumAttr<"DescriptorReduceKind",
    "how tile.descriptor_reduce combines a block with global memory", [
      I32EnumAttrCase<"ADD", 1, "add">,
      I32EnumAttrCase<"AND", 2, "and">,
      I32EnumAttrCase<"OR", 3, "or">,
      I32EnumAttrCase<"XOR", 4, "xor">,
      I32EnumAttrCase<"MAX", 5, "max">,
      I32EnumAttrCase<"MIN", 6, "min">,
      I32EnumAttrCase<"INC", 7, "inc">,
      I32EnumAttrCase<"DEC", 8, "dec">
    ]> {
  let cppNamespace = "::mlir::tile";
}

def Tile_PaddingOptionAttr : I32EnumAttr<"PaddingOption",
    "what a bounds-checked block load reads outside the tensor", [
      I32EnumAttrCase<"PAD_ZERO", 1, "zero">,
      I32EnumAttrCase<"PAD_NAN", 2, "nan">
    ]> {
  let cppNamespace = "::mlir::tile";
}

def Tile_ScaleDotElemTypeAttr : I32EnumAttr<"ScaleDotElemType",
    "the format of a tile.dot_scaled operand", [
      I32EnumAttrCase<"E4M3", 0, "e4m3">,
      I32EnumAttrCase<"E5M2", 1, "e5m2">,
      I32EnumAttrCase<"E2M3", 2, "e2m3">,
      I32EnumAttrCase<"E3M2", 3, "e3m2">,
      I32EnumAttrCase<"E2M1", 4, "e2m1">,
      I32EnumAttrCase<"BF16", 5, "bf16">,
      I32EnumAttrCase<"FP16", 6, "fp16">
    ]> {
  let cppNamespace = "::mlir::tile";
}

#endif // TILE_ATTRS
