//===- OpUtils.h - helpers shared by the tile dialects' ops -----*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef TILE_DIALECT_TILE_IR_OPUTILS_H
#define TILE_DIALECT_TILE_IR_OPUTILS_H

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/Operation.h"

namespace mlir::tile {

/// The NVPTX address space of global memory, the default of a pointer.
constexpr int kGlobalAddressSpace = 1;

/// Whether `op` takes, yields or binds in its regions a block pointer.
bool usesBlockPointer(Operation *op);

/// Whether `type` is a float type with a NaN (NaN padding needs one).
bool hasNaN(Type type);

/// The name an argument's location gives it: `loc("n"(...))`, as Triton's
/// TTIR carries it, or the SSA name tile.func's parser records; "" if none.
StringRef getArgName(BlockArgument arg);

/// The attribute of a tile.func that declares its compile-time parameters:
/// a dictionary from each name to the value the body is written at, an
/// integer (a block size) or a type (an element type). tile-specialize
/// binds them.
inline StringRef getKernelParamsAttrName() { return "tile.params"; }

/// An attribute name under the tile prefix: TTIR's `tt.X` is `tile.X`;
/// other names stay as they are.
std::string getTileAttrName(StringRef name);

/// Checks that `order` permutes the dimensions of `shape` (`what` names the
/// operand, e.g. "operand" or "buffer") and returns the permuted shape
/// (result dimension i is `shape[order[i]]`).
FailureOr<SmallVector<int64_t>> verifyPermutation(Operation *op,
                                                  ArrayRef<int32_t> order,
                                                  ArrayRef<int64_t> shape,
                                                  StringRef what);

/// The number of elements of `shape`, or nullopt if it does not fit in
/// int64_t (ShapedType::getNumElements wraps).
std::optional<int64_t> getCheckedNumElements(ArrayRef<int64_t> shape);

/// Parses the optional `cacheModifier = X` and `evictionPolicy = Y` clauses
/// of a global-memory access, in any order, each at most once (Triton's
/// oilist), into attributes `cacheName` and `evictName`.
ParseResult parseCacheClauses(OpAsmParser &parser, OperationState &result,
                              StringAttr cacheName, StringAttr evictName);

/// Prints the clauses that are not the defaults.
void printCacheClauses(OpAsmPrinter &p, CacheModifier cache,
                       EvictionPolicy evict);

/// Prints `op`'s attribute dictionary without those the custom form prints
/// (`printed`), the operand segment sizes, and isVolatile when false.
void printLoadStoreAttrDict(OpAsmPrinter &p, Operation *op,
                            ArrayRef<StringRef> printed, bool isVolatile);

} // namespace mlir::tile

#endif // TILE_DIALECT_TILE_IR_OPUTILS_H
