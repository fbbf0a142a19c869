//===- DescriptorOps.cpp - verifiers of the TMA reduce, gather, scatter ---===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"

using namespace mlir;
using namespace mlir::tile;

LogicalResult DescriptorReduceOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  if (failed(verifyDescriptorAccess(*this, getDesc().getType(), getIndices(),
                                    src.getShape(), src.getElementType(),
                                    "value")))
    return failure();
  // The element types cp.reduce.async.bulk.tensor combines by each kind.
  Type element = src.getElementType();
  bool i32 = element.isInteger(32), i64 = element.isInteger(64);
  bool half = element.isF16() || element.isBF16();
  bool supported = false;
  switch (getKind()) {
  case DescriptorReduceKind::ADD:
    supported = i32 || i64 || half || element.isF32();
    break;
  case DescriptorReduceKind::MIN:
  case DescriptorReduceKind::MAX:
    supported = i32 || i64 || half;
    break;
  case DescriptorReduceKind::INC:
  case DescriptorReduceKind::DEC:
    supported = i32;
    break;
  case DescriptorReduceKind::AND:
  case DescriptorReduceKind::OR:
  case DescriptorReduceKind::XOR:
    supported = i32 || i64;
    break;
  }
  if (!supported)
    return emitOpError() << "cannot reduce " << element << " by "
                         << stringifyDescriptorReduceKind(getKind())
                         << " (the tensor memory accelerator's types: add "
                            "i32, i64, f32, f16, bf16; min and max i32, i64, "
                            "f16, bf16; inc and dec i32; and, or, xor i32, "
                            "i64)";
  return success();
}

/// Checks a gather or scatter of `rows` (`block`, the result or source)
/// through `desc`: a descriptor of one row, a 1-D tensor of row indices,
/// and a block of that many rows of the descriptor's row.
static LogicalResult verifyRowAccess(Operation *op, TensorDescType desc,
                                     RankedTensorType rows,
                                     RankedTensorType block, StringRef what) {
  if (desc.getShape()[0] != 1)
    return op->emitOpError()
           << "needs a descriptor of one row (1 x N), got " << desc;
  if (rows.getRank() != 1)
    return op->emitOpError()
           << "takes a 1-D tensor of row indices, got " << rows;
  SmallVector<int64_t> expected = {rows.getDimSize(0), desc.getShape()[1]};
  if (block.getShape() != ArrayRef<int64_t>(expected) ||
      block.getElementType() != desc.getElementType())
    return op->emitOpError()
           << what << " " << block << " is not " << expected[0] << " rows of "
           << desc << " (one per index)";
  return success();
}

LogicalResult DescriptorGatherOp::verify() {
  return verifyRowAccess(*this, getDesc().getType(), getXOffsets().getType(),
                         cast<RankedTensorType>(getResult().getType()),
                         "result");
}

LogicalResult DescriptorScatterOp::verify() {
  return verifyRowAccess(*this, getDesc().getType(), getXOffsets().getType(),
                         cast<RankedTensorType>(getSrc().getType()), "value");
}
