//===- InitTile.h - everything tile's tools register ------------*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef TILE_INITTILE_H
#define TILE_INITTILE_H

#include "mlir/IR/DialectRegistry.h"

namespace mlir::tile {

/// The tile dialect, the upstream dialects tile IR passes through on its way
/// to PTX, their interfaces (inlining, conversion to LLVM), the translations
/// to LLVM IR and the NVVM target (for gpu-module-to-binary).
void registerTileDialects(DialectRegistry &registry);

/// Every tile pass, the tile-to-llvm pipeline and the upstream passes.
void registerTilePassesAndPipelines();

} // namespace mlir::tile

#endif // TILE_INITTILE_H
