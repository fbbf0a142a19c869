//===- VerifyUtils.h - checks shared by tile op verifiers -------*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef TILE_LIB_VERIFYUTILS_H
#define TILE_LIB_VERIFYUTILS_H

#include "mlir/IR/Operation.h"

namespace mlir::tile {

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

} // namespace mlir::tile

#endif // TILE_LIB_VERIFYUTILS_H
