//===- Lowering.cpp - helpers every lowering shares -----------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Small builders the ops' lowerings share (Lowering.h).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

/// Whether this is thread 0 of the block (i1).
Value mlir::tile::isFirstThread(OpBuilder &b, Location loc,
                                const ThreadIds &ids) {
  // Sequenced: as call arguments, the host compiler would pick the order.
  Value zero = createI32(b, loc, 0);
  Value firstLane =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, ids.lane, zero);
  Value firstWarp =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, ids.warp, zero);
  return arith::AndIOp::create(b, loc, firstLane, firstWarp);
}

/// Runs `body` only where `predicate` holds (always without one); returns
/// its result, or `otherwise` where it did not run.
Value mlir::tile::predicated(OpBuilder &b, Location loc, Value predicate,
                             Type type, function_ref<Value(OpBuilder &)> body,
                             function_ref<Value(OpBuilder &)> otherwise) {
  if (!predicate)
    return body(b);
  if (!type) {
    auto ifOp = scf::IfOp::create(b, loc, predicate, /*withElse=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    body(b);
    return {};
  }
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{type}, predicate,
                                /*withElse=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    scf::YieldOp::create(b, loc, body(b));
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    scf::YieldOp::create(b, loc, otherwise(b));
  }
  return ifOp.getResult(0);
}

Value mlir::tile::andOf(OpBuilder &b, Location loc, Value x, Value y) {
  if (!x)
    return y;
  if (!y)
    return x;
  return arith::AndIOp::create(b, loc, x, y);
}
