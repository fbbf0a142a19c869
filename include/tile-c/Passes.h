// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- tile-c/Passes.h - tile's passes from C ------------------------------===
 *
 * Registration and creation functions for every tile pass, generated from
 * the passes' TableGen records, named by the level a pass works at:
 * mlirRegister<Level><Pass>() and mlirCreate<Level><Pass>() with Level Tile
 * (tile IR), TileGPU (the distributed level), TileNVGPU (Hopper's ops) or
 * TileConversion (the conversion); mlirRegister<Level>Passes() registers
 * a level's passes.
 *
 *===----------------------------------------------------------------------===*/

#ifndef TILE_C_PASSES_H
#define TILE_C_PASSES_H

#include "mlir-c/Pass.h"

#include "tile-c/TileConversionPasses.capi.h.inc"
#include "tile-c/TileGPUPasses.capi.h.inc"
#include "tile-c/TileNVGPUPasses.capi.h.inc"
#include "tile-c/TilePasses.capi.h.inc"

#endif // TILE_C_PASSES_H
