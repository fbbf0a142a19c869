//===- KernelParams.h - binding a kernel's declared parameters --*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef TILE_LIB_DIALECT_TILE_TRANSFORMS_KERNELPARAMS_H
#define TILE_LIB_DIALECT_TILE_TRANSFORMS_KERNELPARAMS_H

#include "tile/Dialect/Tile/IR/TileDialect.h"

namespace mlir::tile {

/// NAME=VALUE for a parameter declared in `tile.params`; `text` is the
/// entry as given, for messages.
struct ParamBinding {
  StringRef text, name, value;
};

/// The parameters `fn` declares, or an empty dictionary.
DictionaryAttr getKernelParams(FuncOp fn);

/// Rewrites `fn` for `bindings`, all at once (so BM=64 and BN=128 may swap
/// the values the body is written at), and drops them from `tile.params`.
/// Fails with a located error where a value is not of its parameter's kind
/// or the kernel is not valid with it.
LogicalResult bindKernelParams(FuncOp fn, ArrayRef<ParamBinding> bindings);

} // namespace mlir::tile

#endif // TILE_LIB_DIALECT_TILE_TRANSFORMS_KERNELPARAMS_H
