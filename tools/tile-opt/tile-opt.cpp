//===- tile-opt.cpp - the tile optimizer driver ---------------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// mlir-opt for tile: the tile dialect and the upstream dialects a tile
// pipeline passes through on its way to PTX, tile's passes and pipelines,
// the upstream passes, and the test-print-* passes of the analyses.
//
//===----------------------------------------------------------------------===//

#include "tile/InitTile.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"

namespace mlir::tile::test {
void registerTestAlignmentPass();
void registerTestAliasPass();
void registerTestAllocationPasses();
void registerTestBarriersPass();
void registerTestNonNegativePass();
void registerTestUniformityPass();
void registerTestDialect(mlir::DialectRegistry &registry);
} // namespace mlir::tile::test

int main(int argc, char **argv) {
  mlir::tile::registerTilePassesAndPipelines();
  mlir::tile::test::registerTestAlignmentPass();
  mlir::tile::test::registerTestAliasPass();
  mlir::tile::test::registerTestAllocationPasses();
  mlir::tile::test::registerTestBarriersPass();
  mlir::tile::test::registerTestNonNegativePass();
  mlir::tile::test::registerTestUniformityPass();

  mlir::DialectRegistry registry;
  mlir::tile::registerTileDialects(registry);
  mlir::tile::test::registerTestDialect(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tile optimizer driver\n", registry));
}
