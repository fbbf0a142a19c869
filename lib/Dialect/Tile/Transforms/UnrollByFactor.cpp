//===- UnrollByFactor.cpp - MLIR's scf.for unrolling, wrapped -------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "UnrollByFactor.h"

#include "mlir/Dialect/SCF/Utils/Utils.h"

mlir::LogicalResult mlir::scf_unroll::unrollByFactor(scf::ForOp loop,
                                                     uint64_t factor) {
  return loopUnrollByFactor(loop, factor);
}
