//===- TritonDialect.h - Triton's TTIR, read as tile IR ---------*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef TILE_DIALECT_TRITON_IR_TRITONDIALECT_H
#define TILE_DIALECT_TRITON_IR_TRITONDIALECT_H

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"

#include "tile/Dialect/Triton/IR/TritonOpsDialect.h.inc"

#define GET_OP_CLASSES
#include "tile/Dialect/Triton/IR/TritonOps.h.inc"

namespace mlir::tile::triton {

/// The tile op that Triton's op `name` (`tt.X`) is: `tile.X`, if tile has
/// it.
std::optional<RegisteredOperationName> getTileOp(StringRef name,
                                                 MLIRContext *context);

} // namespace mlir::tile::triton

#endif // TILE_DIALECT_TRITON_IR_TRITONDIALECT_H
