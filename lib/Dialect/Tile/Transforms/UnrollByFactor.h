//===- UnrollByFactor.h - MLIR's scf.for unrolling, wrapped ---*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// MLIR's SCF utilities declare functions named mlir::tile, which clash with
// this project's namespace; this wrapper's file includes them without it.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_DIALECT_TILE_TRANSFORMS_UNROLLBYFACTOR_H
#define TILE_LIB_DIALECT_TILE_TRANSFORMS_UNROLLBYFACTOR_H

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::scf_unroll {

/// mlir::loopUnrollByFactor: the body repeated `factor` times, and a loop
/// for the iterations left over.
LogicalResult unrollByFactor(scf::ForOp loop, uint64_t factor);

} // namespace mlir::scf_unroll

#endif // TILE_LIB_DIALECT_TILE_TRANSFORMS_UNROLLBYFACTOR_H
