//===- Passes.cpp - tile's passes from C (generated) ----------------------===//

#include "tile-c/Passes.h"

#include "tile/Conversion/Passes.h"
#include "tile/Transforms/Passes.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::tile;

#include "tile-c/TilePasses.capi.cpp.inc"
#include "tile-c/TileConversionPasses.capi.cpp.inc"
