//===- TestDialect.h - ops that exist only for tests ------------*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef TILE_TEST_LIB_DIALECT_TESTDIALECT_H
#define TILE_TEST_LIB_DIALECT_TESTDIALECT_H

#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "TestOpsDialect.h.inc"

#define GET_OP_CLASSES
#include "TestOps.h.inc"

#endif // TILE_TEST_LIB_DIALECT_TESTDIALECT_H
