// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- passes.c - registering tile's passes from C -------------------------===
 *
 * The generated registration functions make each pass nameable in a textual
 * pipeline; mlirTileRegisterAll makes everything nameable; every
 * registration function may be called more than once.
 *
 *===----------------------------------------------------------------------===*/

// RUN: tile-capi-passes-test 2>&1 | FileCheck %s

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "tile-c/Compile.h"
#include "tile-c/Dialect/Tile.h"
#include "tile-c/Passes.h"

#include <stdio.h>

static void ignore(MlirStringRef piece, void *userData) {}

/* Whether `pipeline` parses: its passes are registered. */
static void probe(MlirContext ctx, const char *pipeline) {
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirLogicalResult result = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString(pipeline), ignore, NULL);
  fprintf(stderr, "%s: %s\n", pipeline,
          mlirLogicalResultIsSuccess(result) ? "registered" : "unknown");
  mlirPassManagerDestroy(pm);
}

static void probeAll(MlirContext ctx) {
  probe(ctx, "builtin.module(tile-assign-layouts)");
  probe(ctx, "builtin.module(tile-coalesce)");
  probe(ctx, "builtin.module(tile-remove-layout-conversions)");
  probe(ctx, "builtin.module(tile-allocate-shared-memory)");
  probe(ctx, "builtin.module(tile-insert-barriers)");
  probe(ctx, "builtin.module(convert-tile-to-nvvm)");
  probe(ctx, "builtin.module(tile-to-llvm)");
  probe(ctx, "builtin.module(canonicalize)");
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__tile__(), ctx);

  // CHECK-LABEL: nothing registered
  // CHECK-NEXT: tile-assign-layouts): unknown
  // CHECK-NEXT: tile-coalesce): unknown
  // CHECK-NEXT: tile-remove-layout-conversions): unknown
  // CHECK-NEXT: tile-allocate-shared-memory): unknown
  // CHECK-NEXT: tile-insert-barriers): unknown
  // CHECK-NEXT: convert-tile-to-nvvm): unknown
  // CHECK-NEXT: tile-to-llvm): unknown
  // CHECK-NEXT: canonicalize): unknown
  fprintf(stderr, "nothing registered\n");
  probeAll(ctx);

  // CHECK-LABEL: one by one
  // CHECK-NEXT: tile-assign-layouts): registered
  // CHECK-NEXT: tile-coalesce): registered
  // CHECK-NEXT: tile-remove-layout-conversions): unknown
  // CHECK-NEXT: tile-allocate-shared-memory): registered
  // CHECK-NEXT: tile-insert-barriers): registered
  // CHECK-NEXT: convert-tile-to-nvvm): registered
  // CHECK-NEXT: tile-to-llvm): unknown
  // CHECK-NEXT: canonicalize): unknown
  fprintf(stderr, "one by one\n");
  mlirRegisterTileGPUAssignLayouts();
  mlirRegisterTileGPUCoalesce();
  mlirRegisterTileGPUAllocateSharedMemory();
  mlirRegisterTileGPUInsertBarriers();
  mlirRegisterTileConversionConvertTileToNVVM();
  probeAll(ctx);

  // CHECK-LABEL: groups
  // CHECK-NEXT: tile-assign-layouts): registered
  // CHECK-NEXT: tile-coalesce): registered
  // CHECK-NEXT: tile-remove-layout-conversions): registered
  // CHECK-NEXT: tile-allocate-shared-memory): registered
  // CHECK-NEXT: tile-insert-barriers): registered
  // CHECK-NEXT: convert-tile-to-nvvm): registered
  // CHECK-NEXT: tile-to-llvm): unknown
  // CHECK-NEXT: canonicalize): unknown
  fprintf(stderr, "groups\n");
  mlirRegisterTileGPURemoveLayoutConversions();
  mlirRegisterTileGPUPasses();
  mlirRegisterTileConversionPasses();
  probeAll(ctx);

  // Everything, twice over (registration is idempotent), and a null
  // registry is ignored.
  // CHECK-LABEL: everything
  // CHECK-NEXT: tile-assign-layouts): registered
  // CHECK-COUNT-5: registered
  // CHECK-NEXT: tile-to-llvm): registered
  // CHECK-NEXT: canonicalize): registered
  fprintf(stderr, "everything\n");
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirTileRegisterAll(registry);
  mlirTileRegisterAll(registry);
  mlirTileRegisterAllPasses();
  mlirTileInitializeNVPTXTarget();
  mlirTileRegisterAll((MlirDialectRegistry){NULL});
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  probeAll(ctx);

  // Null and missing arguments to the compile entry points fail quietly.
  // CHECK: init(NULL): ok
  mlirTileCompileOptionsInit(NULL);
  fprintf(stderr, "init(NULL): ok\n");
  MlirModule module = mlirModuleCreateEmpty(mlirLocationUnknownGet(ctx));
  MlirTileCompileOptions options;
  mlirTileCompileOptionsInit(&options);
  // CHECK-NEXT: no options: failed
  fprintf(stderr, "no options: %s\n",
          mlirLogicalResultIsSuccess(mlirTileCompile(module, NULL, ignore, NULL))
              ? "ok" : "failed");
  // CHECK-NEXT: no callback: failed
  fprintf(stderr, "no callback: %s\n",
          mlirLogicalResultIsSuccess(mlirTileCompile(module, &options, NULL, NULL))
              ? "ok" : "failed");
  mlirModuleDestroy(module);

  mlirContextDestroy(ctx);
  // CHECK: done
  fprintf(stderr, "done\n");
  return 0;
}
