//===- TileDialect.h - the tile dialect -------------------------*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Declares the tile dialect, its types and its ops, and the interface through
// which its ops reach the layout encodings of the levels below.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILEDIALECT_H
#define TILE_DIALECT_TILE_IR_TILEDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "tile/Dialect/Tile/IR/TileOpsDialect.h.inc"

#include "tile/Dialect/Tile/IR/TileEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tile/Dialect/Tile/IR/TileOpsTypes.h.inc"

namespace mlir::tile {

/// Global memory, as the resource that tile's loads, stores and atomics touch.
struct GlobalMemory : public SideEffects::Resource::Base<GlobalMemory> {
  llvm::StringRef getName() final { return "<tile::GlobalMemory>"; }
};

/// What the tile ops' verifiers and type inference need of the layout
/// encodings of a lower level, implemented by the dialect that defines the
/// encodings (tilegpu's layouts), so that this level names none of them.
class DialectInferLayoutInterface
    : public DialectInterface::Base<DialectInferLayoutInterface> {
public:
  DialectInferLayoutInterface(Dialect *dialect) : Base(dialect) {}

  /// The encoding of a tensor of `encoding` with dimension `axis` dropped
  /// (tile.reduce's results; tile.expand_dims's operand, from its result),
  /// or null if the encoding has no such form.
  virtual Attribute inferReducedEncoding(Attribute encoding,
                                         unsigned axis) const = 0;

  /// Checks the encoding of tile.dot's operand `opIdx` (0: a, 1: b) against
  /// the result's `encoding`, reporting on `op`.
  virtual LogicalResult verifyDotOperandEncoding(Operation *op,
                                                 Attribute operandEncoding,
                                                 unsigned opIdx,
                                                 Attribute encoding) const = 0;
};

/// The interface of `encoding`'s dialect, or null (no encoding, or a dialect
/// without it).
const DialectInferLayoutInterface *getInferLayoutInterface(Attribute encoding);

/// Checks an access of one block of `desc` at `indices` producing a value of
/// `shape` and `element` (a tensor or buffer): one index per dimension, one
/// block's shape and element type.
LogicalResult verifyDescriptorAccess(Operation *op, TensorDescType desc,
                                     ValueRange indices,
                                     ArrayRef<int64_t> shape, Type element,
                                     StringRef what);

/// Whether `type` is a pointer to one value (not to a block).
bool isScalarPointer(Type type);

/// Whether `type` is a block pointer: a pointer to a tensor.
bool isBlockPointer(Type type);

/// The type a load through `ptrType` yields: the pointee for a scalar pointer,
/// a tensor of the pointee (same shape and encoding) for a tensor of pointers.
/// Returns null when `ptrType` is neither.
Type getPointeeType(Type ptrType);

/// `ptrType` with its element type replaced by `i1`: the type of a mask.
Type getI1SameShape(Type type);

/// The shape of `type` if it is a ranked tensor, the empty shape otherwise.
llvm::ArrayRef<int64_t> getShapeOrScalar(Type type);

} // namespace mlir::tile

#define GET_OP_CLASSES
#include "tile/Dialect/Tile/IR/TileOps.h.inc"

#endif // TILE_DIALECT_TILE_IR_TILEDIALECT_H
