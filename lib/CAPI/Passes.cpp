//===- Passes.cpp - tile's passes from C (generated) ----------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "tile-c/Passes.h"

#include "tile/Conversion/Passes.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Dialect/TileGPU/Transforms/Passes.h"
#include "tile/Dialect/TileNVGPU/Transforms/Passes.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

#include "tile-c/TileConversionPasses.capi.cpp.inc"
#include "tile-c/TileGPUPasses.capi.cpp.inc"
#include "tile-c/TileNVGPUPasses.capi.cpp.inc"
#include "tile-c/TilePasses.capi.cpp.inc"
