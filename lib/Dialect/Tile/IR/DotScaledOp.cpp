//===- DotScaledOp.cpp - verifier of tile.dot_scaled ----------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"

using namespace mlir;
using namespace mlir::tile;

/// Whether `element` is how an operand of `format` is held: fp8 and
/// 16-bit floats as themselves, the packed 4- and 6-bit ones as bytes.
static bool holdsFormat(Type element, ScaleDotElemType format) {
  switch (format) {
  case ScaleDotElemType::E4M3:
    return isa<Float8E4M3FNType>(element);
  case ScaleDotElemType::E5M2:
    return isa<Float8E5M2Type>(element);
  case ScaleDotElemType::BF16:
    return element.isBF16();
  case ScaleDotElemType::FP16:
    return element.isF16();
  case ScaleDotElemType::E2M1:
  case ScaleDotElemType::E2M3:
  case ScaleDotElemType::E3M2:
    return element.isInteger(8);
  }
  return false;
}

LogicalResult DotScaledOp::verify() {
  RankedTensorType a = getA().getType(), b = getB().getType(),
                   c = getC().getType();
  int64_t rank = a.getRank();
  if ((rank != 2 && rank != 3) || b.getRank() != rank || c.getRank() != rank)
    return emitOpError() << "operands must all have rank 2 (or 3 with a "
                            "batch dimension), got "
                         << a.getRank() << ", " << b.getRank() << " and "
                         << c.getRank();
  struct Side {
    StringRef name;
    RankedTensorType type;
    ScaleDotElemType format;
    bool kPack;
  };
  for (Side side : {Side{"lhs", a, getAElemType(), getLhsKPack()},
                    Side{"rhs", b, getBElemType(), getRhsKPack()}}) {
    if (!holdsFormat(side.type.getElementType(), side.format))
      return emitOpError() << side.name << " of " << side.type
                           << " does not hold "
                           << stringifyScaleDotElemType(side.format)
                           << " elements";
    if (!side.kPack && side.format != ScaleDotElemType::E2M1)
      return emitOpError() << side.name
                           << " is packed along a dimension "
                              "other than K, which only e2m1 can be";
  }
  // Elements per byte along the dimension each operand packs.
  auto packing = [](ScaleDotElemType format) {
    return format == ScaleDotElemType::E2M1 ? 2 : 1;
  };
  int64_t m = a.getDimSize(rank - 2), k = a.getDimSize(rank - 1);
  int64_t kb = b.getDimSize(rank - 2), n = b.getDimSize(rank - 1);
  (getLhsKPack() ? k : m) *= packing(getAElemType());
  (getRhsKPack() ? kb : n) *= packing(getBElemType());
  if (k != kb)
    return emitOpError() << "lhs " << a << " and rhs " << b
                         << " hold different K (" << k << " and " << kb
                         << " elements)";
  if (c.getDimSize(rank - 2) != m || c.getDimSize(rank - 1) != n ||
      (rank == 3 && (a.getDimSize(0) != c.getDimSize(0) ||
                     b.getDimSize(0) != c.getDimSize(0))))
    return emitOpError() << "accumulator " << c << " is not the " << m << " x "
                         << n << " product of " << a << " and " << b;
  // One scale per 32 elements along K (e8m0 bytes) or per 16 (e4m3).
  struct Scale {
    StringRef name;
    Value value;
    int64_t rows;
  };
  for (Scale scale :
       {Scale{"lhs", getAScale(), m}, Scale{"rhs", getBScale(), n}}) {
    if (!scale.value)
      continue;
    auto type = cast<RankedTensorType>(scale.value.getType());
    Type element = type.getElementType();
    if (!element.isInteger(8) && !isa<Float8E4M3FNType>(element))
      return emitOpError() << scale.name << " scale of " << element
                           << "; scales are i8 (e8m0) or f8E4M3FN";
    int64_t group = element.isInteger(8) ? 32 : 16;
    SmallVector<int64_t> expected(type.getShape().take_front(rank - 2));
    expected.append({scale.rows, k / group});
    if (k % group || type.getShape() != ArrayRef<int64_t>(expected))
      return emitOpError() << scale.name << " scale " << type
                           << " does not give one scale per " << group
                           << " of the " << k << " elements along K of each of "
                           << scale.rows << " rows";
  }
  return success();
}
