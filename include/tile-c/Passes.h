// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- tile-c/Passes.h - tile's passes from C ------------------------------===
 *
 * Registration and creation functions for every tile pass, generated from
 * the passes' TableGen records: mlirRegisterTile<Pass>() and
 * mlirCreateTile<Pass>() for the transformation passes, and the same with
 * TileConversion for the conversion passes; mlirRegisterTilePasses() and
 * mlirRegisterTileConversionPasses() register all of them.
 *
 *===----------------------------------------------------------------------===*/

#ifndef TILE_C_PASSES_H
#define TILE_C_PASSES_H

#include "mlir-c/Pass.h"

#include "tile-c/TileConversionPasses.capi.h.inc"
#include "tile-c/TilePasses.capi.h.inc"

#endif // TILE_C_PASSES_H
