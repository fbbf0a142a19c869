//===- Passes.h - passes on tile IR -----------------------------*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef TILE_DIALECT_TILE_TRANSFORMS_PASSES_H
#define TILE_DIALECT_TILE_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

namespace mlir::tile {

#define GEN_PASS_DECL
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"

/// One entry of tile-specialize's `args`, NAME=VALUE or NAME%K, split at
/// its first '=' or '%' (both sides trimmed); nullopt where it is neither
/// or a side is empty.
struct SpecializationEntry {
  StringRef text, name, value;
  bool isDivisibility;
};
std::optional<SpecializationEntry> parseSpecialization(StringRef text);

/// The entries of a comma-separated list of them, each trimmed (nothing
/// between two commas is no entry): a C API's or a launcher variant's.
SmallVector<std::string> splitSpecializations(StringRef list);

} // namespace mlir::tile

#endif // TILE_DIALECT_TILE_TRANSFORMS_PASSES_H
