//===- TensorPointerOps.cpp - block pointers and in-kernel descriptors ----===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "tile/Dialect/Tile/IR/OpUtils.h"

using namespace mlir;
using namespace mlir::tile;

/// Checks that `op` gives `count` values of `what`, one per dimension of a
/// block of rank `rank`.
static LogicalResult verifyPerDimension(Operation *op, StringRef what,
                                        size_t count, int64_t rank) {
  if (static_cast<int64_t>(count) != rank)
    return op->emitOpError() << "takes one " << what << " per dimension of "
                             << "its block (" << rank << "), got " << count;
  return success();
}

LogicalResult MakeTensorPtrOp::verify() {
  auto block = cast<RankedTensorType>(getType().getPointeeType());
  int64_t rank = block.getRank();
  if (failed(verifyPerDimension(*this, "size", getShape().size(), rank)) ||
      failed(verifyPerDimension(*this, "stride", getStrides().size(), rank)) ||
      failed(verifyPerDimension(*this, "offset", getOffsets().size(), rank)))
    return failure();
  return verifyPermutation(*this, getOrder(), block.getShape(), "block");
}

LogicalResult AdvanceOp::verify() {
  return verifyPerDimension(
      *this, "offset", getOffsets().size(),
      cast<RankedTensorType>(getType().getPointeeType()).getRank());
}

LogicalResult MakeTensorDescOp::verify() {
  TensorDescType desc = getType();
  if (getBase().getType().getAddressSpace() != kGlobalAddressSpace)
    return emitOpError() << "describes a tensor in global memory, got a "
                            "pointer to address space "
                         << getBase().getType().getAddressSpace();
  Type element = getBase().getType().getPointeeType();
  if (element != desc.getElementType())
    return emitOpError() << "base points to " << element
                         << " but the descriptor's blocks hold "
                         << desc.getElementType();
  int64_t rank = desc.getShape().size();
  if (failed(verifyPerDimension(*this, "size", getShape().size(), rank)) ||
      failed(verifyPerDimension(*this, "stride", getStrides().size(), rank)))
    return failure();
  if (getPadding() == PaddingOption::PAD_NAN && !hasNaN(desc.getElementType()))
    return emitOpError() << "NaN padding needs float elements with a NaN, "
                            "got "
                         << desc.getElementType();
  return success();
}
