// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- tile-c/Dialect/Tile.h - C API of the tile dialect -------------------===
 *
 * The tile dialect's types and layout attributes in the style of MLIR's C
 * API. Constructors return a null type or attribute (and emit a diagnostic
 * at an unknown location) when their parameters are invalid; IsA functions
 * return false for null handles; accessors given the wrong kind of handle
 * return a null handle, 0 or -1, as documented. Nothing aborts.
 *
 *===----------------------------------------------------------------------===*/

#ifndef TILE_C_DIALECT_TILE_H
#define TILE_C_DIALECT_TILE_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The tile dialect: mlirGetDialectHandle__tile__(); the dialects of the
/// levels below it, whose types and layouts are also reached here:
/// mlirGetDialectHandle__tilegpu__() and mlirGetDialectHandle__tilenvgpu__().
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Tile, tile);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TileGPU, tilegpu);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TileNVGPU, tilenv);

//===----------------------------------------------------------------------===//
// !tile.ptr<T, addressSpace>
//===----------------------------------------------------------------------===//

/// Whether `type` is a !tile.ptr.
MLIR_CAPI_EXPORTED bool mlirTypeIsATilePointerType(MlirType type);
/// The TypeID of !tile.ptr.
MLIR_CAPI_EXPORTED MlirTypeID mlirTilePointerTypeGetTypeID(void);
/// !tile.ptr<pointee, addressSpace> (1: global, 3: shared); null if invalid.
MLIR_CAPI_EXPORTED MlirType mlirTilePointerTypeGet(MlirType pointee,
                                                   int addressSpace);
/// The pointee type; null for a non-pointer.
MLIR_CAPI_EXPORTED MlirType mlirTilePointerTypeGetPointeeType(MlirType type);
/// The address space; -1 for a non-pointer.
MLIR_CAPI_EXPORTED int mlirTilePointerTypeGetAddressSpace(MlirType type);

//===----------------------------------------------------------------------===//
// !tilegpu.buffer<shape x T, layout[, mutable]>
//===----------------------------------------------------------------------===//

/// Whether `type` is a shared-memory buffer. Buffers are shaped types: use
/// mlirShapedTypeGetRank/GetDimSize/GetElementType for their shape.
MLIR_CAPI_EXPORTED bool mlirTypeIsATileBufferType(MlirType type);
/// The TypeID of !tilegpu.buffer.
MLIR_CAPI_EXPORTED MlirTypeID mlirTileBufferTypeGetTypeID(void);
/// A buffer of `rank` dimensions `shape`, placed by the shared `layout`
/// (#tilegpu.shared or #tilegpu.nvmma_shared); null if invalid.
MLIR_CAPI_EXPORTED MlirType mlirTileBufferTypeGet(intptr_t rank,
                                                  const int64_t *shape,
                                                  MlirType elementType,
                                                  MlirAttribute layout,
                                                  bool isMutable);
/// The buffer's shared layout; null for a non-buffer.
MLIR_CAPI_EXPORTED MlirAttribute mlirTileBufferTypeGetLayout(MlirType type);
/// Whether the buffer may be written; false for a non-buffer.
MLIR_CAPI_EXPORTED bool mlirTileBufferTypeIsMutable(MlirType type);

//===----------------------------------------------------------------------===//
// !tilegpu.async.token
//===----------------------------------------------------------------------===//

/// Whether `type` is !tilegpu.async.token.
MLIR_CAPI_EXPORTED bool mlirTypeIsATileAsyncTokenType(MlirType type);
/// !tilegpu.async.token.
MLIR_CAPI_EXPORTED MlirType mlirTileAsyncTokenTypeGet(MlirContext context);

//===----------------------------------------------------------------------===//
// #tilegpu.blocked
//===----------------------------------------------------------------------===//

/// Whether `attr` is a #tilegpu.blocked layout.
MLIR_CAPI_EXPORTED bool mlirAttributeIsATileBlockedLayout(MlirAttribute attr);
/// #tilegpu.blocked with `rank` entries in each array; null if invalid (entries
/// not powers of two, order not a permutation...).
MLIR_CAPI_EXPORTED MlirAttribute mlirTileBlockedLayoutGet(
    MlirContext context, intptr_t rank, const unsigned *sizePerThread,
    const unsigned *threadsPerWarp, const unsigned *warpsPerCTA,
    const unsigned *order);
/// The layout's rank; -1 for another attribute.
MLIR_CAPI_EXPORTED intptr_t mlirTileBlockedLayoutGetRank(MlirAttribute attr);
/// Entry `dim` of sizePerThread, threadsPerWarp, warpsPerCTA or order; 0 for
/// another attribute or an out-of-range `dim`.
MLIR_CAPI_EXPORTED unsigned
mlirTileBlockedLayoutGetSizePerThread(MlirAttribute attr, intptr_t dim);
MLIR_CAPI_EXPORTED unsigned
mlirTileBlockedLayoutGetThreadsPerWarp(MlirAttribute attr, intptr_t dim);
MLIR_CAPI_EXPORTED unsigned
mlirTileBlockedLayoutGetWarpsPerCTA(MlirAttribute attr, intptr_t dim);
MLIR_CAPI_EXPORTED unsigned mlirTileBlockedLayoutGetOrder(MlirAttribute attr,
                                                          intptr_t dim);

//===----------------------------------------------------------------------===//
// #tilegpu.slice
//===----------------------------------------------------------------------===//

/// Whether `attr` is a #tilegpu.slice layout.
MLIR_CAPI_EXPORTED bool mlirAttributeIsATileSliceLayout(MlirAttribute attr);
/// #tilegpu.slice of the distributed layout `parent` without dimension `dim`.
MLIR_CAPI_EXPORTED MlirAttribute mlirTileSliceLayoutGet(MlirContext context,
                                                        unsigned dim,
                                                        MlirAttribute parent);
/// The removed dimension; -1 for another attribute.
MLIR_CAPI_EXPORTED int mlirTileSliceLayoutGetDim(MlirAttribute attr);
/// The parent layout; null for another attribute.
MLIR_CAPI_EXPORTED MlirAttribute
mlirTileSliceLayoutGetParent(MlirAttribute attr);

//===----------------------------------------------------------------------===//
// #tilegpu.mma
//===----------------------------------------------------------------------===//

/// Whether `attr` is a #tilegpu.mma layout.
MLIR_CAPI_EXPORTED bool mlirAttributeIsATileMmaLayout(MlirAttribute attr);
/// #tilegpu.mma (version 2: mma.sync, 3: wgmma) with `rank` warpsPerCTA and
/// `instrRank` instruction-shape entries; null if invalid.
MLIR_CAPI_EXPORTED MlirAttribute mlirTileMmaLayoutGet(
    MlirContext context, unsigned versionMajor, unsigned versionMinor,
    intptr_t rank, const unsigned *warpsPerCTA, intptr_t instrRank,
    const unsigned *instrShape);
/// Version numbers; 0 for another attribute.
MLIR_CAPI_EXPORTED unsigned
mlirTileMmaLayoutGetVersionMajor(MlirAttribute attr);
MLIR_CAPI_EXPORTED unsigned
mlirTileMmaLayoutGetVersionMinor(MlirAttribute attr);
/// warpsPerCTA's rank (-1 for another attribute) and entries (0 if out of
/// range).
MLIR_CAPI_EXPORTED intptr_t mlirTileMmaLayoutGetRank(MlirAttribute attr);
MLIR_CAPI_EXPORTED unsigned mlirTileMmaLayoutGetWarpsPerCTA(MlirAttribute attr,
                                                            intptr_t dim);
/// The instruction shape's rank (-1 for another attribute) and entries.
MLIR_CAPI_EXPORTED intptr_t mlirTileMmaLayoutGetInstrRank(MlirAttribute attr);
MLIR_CAPI_EXPORTED unsigned mlirTileMmaLayoutGetInstrShape(MlirAttribute attr,
                                                           intptr_t dim);

//===----------------------------------------------------------------------===//
// #tilegpu.dot_op
//===----------------------------------------------------------------------===//

/// Whether `attr` is a #tilegpu.dot_op layout.
MLIR_CAPI_EXPORTED bool
mlirAttributeIsATileDotOperandLayout(MlirAttribute attr);
/// Operand `opIdx` (0: A, 1: B) of a dot whose result has layout `parent`.
MLIR_CAPI_EXPORTED MlirAttribute mlirTileDotOperandLayoutGet(
    MlirContext context, unsigned opIdx, MlirAttribute parent, unsigned kWidth);
/// Operand index and kWidth; -1 for another attribute.
MLIR_CAPI_EXPORTED int mlirTileDotOperandLayoutGetOpIdx(MlirAttribute attr);
MLIR_CAPI_EXPORTED int mlirTileDotOperandLayoutGetKWidth(MlirAttribute attr);
/// The parent layout; null for another attribute.
MLIR_CAPI_EXPORTED MlirAttribute
mlirTileDotOperandLayoutGetParent(MlirAttribute attr);

//===----------------------------------------------------------------------===//
// #tilegpu.shared and #tilegpu.nvmma_shared
//===----------------------------------------------------------------------===//

/// Whether `attr` is a #tilegpu.shared (swizzled) layout.
MLIR_CAPI_EXPORTED bool mlirAttributeIsATileSharedLayout(MlirAttribute attr);
/// #tilegpu.shared with `rank` order entries; null if invalid.
MLIR_CAPI_EXPORTED MlirAttribute mlirTileSharedLayoutGet(
    MlirContext context, unsigned vec, unsigned perPhase, unsigned maxPhase,
    intptr_t rank, const unsigned *order);
/// vec, perPhase, maxPhase; 0 for another attribute.
MLIR_CAPI_EXPORTED unsigned mlirTileSharedLayoutGetVec(MlirAttribute attr);
MLIR_CAPI_EXPORTED unsigned mlirTileSharedLayoutGetPerPhase(MlirAttribute attr);
MLIR_CAPI_EXPORTED unsigned mlirTileSharedLayoutGetMaxPhase(MlirAttribute attr);
/// The order's rank (-1 for another attribute) and entries.
MLIR_CAPI_EXPORTED intptr_t mlirTileSharedLayoutGetRank(MlirAttribute attr);
MLIR_CAPI_EXPORTED unsigned mlirTileSharedLayoutGetOrder(MlirAttribute attr,
                                                         intptr_t dim);

/// Whether `attr` is a #tilegpu.nvmma_shared layout.
MLIR_CAPI_EXPORTED bool
mlirAttributeIsATileNVMMASharedLayout(MlirAttribute attr);
/// #tilegpu.nvmma_shared; null if invalid.
MLIR_CAPI_EXPORTED MlirAttribute
mlirTileNVMMASharedLayoutGet(MlirContext context, unsigned swizzlingByteWidth,
                             bool transposed, unsigned elementBitWidth);
/// Swizzle width in bytes and element width in bits; 0 for another
/// attribute. Transposed: false for another attribute.
MLIR_CAPI_EXPORTED unsigned
mlirTileNVMMASharedLayoutGetSwizzlingByteWidth(MlirAttribute attr);
MLIR_CAPI_EXPORTED bool
mlirTileNVMMASharedLayoutIsTransposed(MlirAttribute attr);
MLIR_CAPI_EXPORTED unsigned
mlirTileNVMMASharedLayoutGetElementBitWidth(MlirAttribute attr);

#ifdef __cplusplus
}
#endif

#endif // TILE_C_DIALECT_TILE_H
