// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- embed.c - tile embedded in a C program ------------------------------===
 *
 * Builds the vector add kernel op by op with MLIR's generic C API and tile's
 * type constructors (no text is parsed), verifies it, compiles it to PTX, and,
 * when a GPU is present, launches it through the runtime and checks it:
 *
 *   out[i] = x[i] + y[i] for i < n, 1024 elements per program.
 *
 *   tile-embed [out.ptx]   (also writes the PTX to out.ptx)
 *
 *===----------------------------------------------------------------------===*/

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"
#include "tile-c/Compile.h"
#include "tile-c/Dialect/Tile.h"
#include "tile-runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BLOCK = 1024 };

static MlirNamedAttribute named(MlirContext ctx, const char *name,
                                MlirAttribute attr) {
  return mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), attr);
}

/* Appends `name`(operands) -> result to `block`; returns the result. */
static MlirValue op(MlirBlock block, MlirLocation loc, const char *name,
                    intptr_t numOperands, MlirValue *operands, MlirType result,
                    intptr_t numAttrs, MlirNamedAttribute *attrs) {
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString(name), loc);
  mlirOperationStateAddOperands(&state, numOperands, operands);
  if (!mlirTypeIsNull(result))
    mlirOperationStateAddResults(&state, 1, &result);
  mlirOperationStateAddAttributes(&state, numAttrs, attrs);
  MlirOperation operation = mlirOperationCreate(&state);
  mlirBlockAppendOwnedOperation(block, operation);
  return mlirTypeIsNull(result) ? (MlirValue){NULL}
                                : mlirOperationGetResult(operation, 0);
}

static MlirValue binary(MlirBlock b, MlirLocation loc, const char *name,
                        MlirValue lhs, MlirValue rhs) {
  MlirValue operands[] = {lhs, rhs};
  return op(b, loc, name, 2, operands, mlirValueGetType(lhs), 0, NULL);
}

static MlirValue splat(MlirBlock b, MlirLocation loc, MlirValue v,
                       MlirType type) {
  return op(b, loc, "tile.splat", 1, &v, type, 0, NULL);
}

/* Builds `tile.func public @vector_add(x, y, out, n)` into `module`. */
static void buildVectorAdd(MlirContext ctx, MlirModule module) {
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirType f32 = mlirF32TypeGet(ctx), i32 = mlirIntegerTypeGet(ctx, 32),
           i1 = mlirIntegerTypeGet(ctx, 1);
  MlirType ptr = mlirTilePointerTypeGet(f32, 1);
  int64_t shape[] = {BLOCK};
  MlirAttribute none = mlirAttributeGetNull();
  MlirType ints = mlirRankedTensorTypeGet(1, shape, i32, none);
  MlirType bools = mlirRankedTensorTypeGet(1, shape, i1, none);
  MlirType floats = mlirRankedTensorTypeGet(1, shape, f32, none);
  MlirType ptrs = mlirRankedTensorTypeGet(1, shape, ptr, none);

  MlirType inputs[] = {ptr, ptr, ptr, i32};
  MlirType fnType = mlirFunctionTypeGet(ctx, 4, inputs, 0, NULL);
  /* Pointers are 16-byte aligned and n a multiple of 16: 16-byte accesses. */
  MlirNamedAttribute hint =
      named(ctx, "tile.divisibility", mlirIntegerAttrGet(i32, 16));
  MlirAttribute hinted = mlirDictionaryAttrGet(ctx, 1, &hint);
  MlirAttribute argAttrs[] = {hinted, hinted, hinted, hinted};

  MlirRegion body = mlirRegionCreate();
  MlirLocation locs[] = {loc, loc, loc, loc};
  MlirBlock b = mlirBlockCreate(4, inputs, locs);
  mlirRegionAppendOwnedBlock(body, b);
  MlirValue x = mlirBlockGetArgument(b, 0), y = mlirBlockGetArgument(b, 1),
            out = mlirBlockGetArgument(b, 2), n = mlirBlockGetArgument(b, 3);

  MlirNamedAttribute c1024 =
      named(ctx, "value", mlirIntegerAttrGet(i32, BLOCK));
  MlirValue block = op(b, loc, "arith.constant", 0, NULL, i32, 1, &c1024);
  MlirNamedAttribute axis = named(ctx, "axis", mlirIntegerAttrGet(i32, 0));
  MlirValue pid = op(b, loc, "tile.get_program_id", 0, NULL, i32, 1, &axis);
  MlirValue start = binary(b, loc, "arith.muli", pid, block);
  MlirNamedAttribute bounds[] = {
      named(ctx, "start", mlirIntegerAttrGet(i32, 0)),
      named(ctx, "end", mlirIntegerAttrGet(i32, BLOCK))};
  MlirValue range = op(b, loc, "tile.make_range", 0, NULL, ints, 2, bounds);
  MlirValue offsets =
      binary(b, loc, "arith.addi", splat(b, loc, start, ints), range);
  MlirNamedAttribute slt = named(
      ctx, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), 2));
  MlirValue cmp[] = {offsets, splat(b, loc, n, ints)};
  MlirValue mask = op(b, loc, "arith.cmpi", 2, cmp, bools, 1, &slt);

  int32_t loadSegments[] = {1, 1, 0};
  MlirNamedAttribute segments = named(
      ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 3, loadSegments));
  MlirValue values[2];
  MlirValue bases[] = {x, y};
  for (int i = 0; i < 2; ++i) {
    MlirValue addr[] = {splat(b, loc, bases[i], ptrs), offsets};
    MlirValue p = op(b, loc, "tile.addptr", 2, addr, ptrs, 0, NULL);
    MlirValue load[] = {p, mask};
    values[i] = op(b, loc, "tile.load", 2, load, floats, 1, &segments);
  }
  MlirValue sum = binary(b, loc, "arith.addf", values[0], values[1]);
  MlirValue addr[] = {splat(b, loc, out, ptrs), offsets};
  MlirValue outPtrs = op(b, loc, "tile.addptr", 2, addr, ptrs, 0, NULL);
  MlirValue store[] = {outPtrs, sum, mask};
  op(b, loc, "tile.store", 3, store, (MlirType){NULL}, 0, NULL);
  op(b, loc, "tile.return", 0, NULL, (MlirType){NULL}, 0, NULL);

  MlirNamedAttribute fnAttrs[] = {
      named(
          ctx, "sym_name",
          mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("vector_add"))),
      named(ctx, "function_type", mlirTypeAttrGet(fnType)),
      named(ctx, "arg_attrs", mlirArrayAttrGet(ctx, 4, argAttrs))};
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString("tile.func"), loc);
  mlirOperationStateAddAttributes(&state, 3, fnAttrs);
  mlirOperationStateAddOwnedRegions(&state, 1, &body);
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(module),
                                mlirOperationCreate(&state));
}

typedef struct {
  char *data;
  size_t size;
} Buffer;

static void append(MlirStringRef piece, void *userData) {
  Buffer *buffer = userData;
  buffer->data = realloc(buffer->data, buffer->size + piece.length + 1);
  memcpy(buffer->data + buffer->size, piece.data, piece.length);
  buffer->size += piece.length;
  buffer->data[buffer->size] = 0;
}

static void printDiagnostic(MlirStringRef message, void *userData) {
  (void)userData;
  fprintf(stderr, "%.*s\n", (int)message.length, message.data);
}

/* Runs the kernel on n elements and compares with x + y. */
static int run(const char *ptx, int sharedBytes, unsigned threads) {
  TileRuntime *rt = NULL;
  if (tileRuntimeCreate(0, &rt) != 0) {
    printf("run: skipped (%s)\n", tileRuntimeLastError(rt));
    tileRuntimeDestroy(rt);
    return 0;
  }
  const int n = 1000016;
  size_t bytes = n * sizeof(float);
  float *x = malloc(bytes), *y = malloc(bytes), *out = malloc(bytes);
  for (int i = 0; i < n; ++i) {
    x[i] = (float)i;
    y[i] = 0.5f * (float)(i % 97);
  }
  TileModule *module = NULL;
  TileKernel *kernel = NULL;
  uint64_t dx = 0, dy = 0, dout = 0;
  int status = tileModuleLoad(rt, ptx, &module) ||
               tileModuleGetKernel(module, "vector_add", &kernel) ||
               tileMalloc(rt, bytes, &dx) || tileMalloc(rt, bytes, &dy) ||
               tileMalloc(rt, bytes, &dout) ||
               tileCopyToDevice(rt, dx, x, bytes) ||
               tileCopyToDevice(rt, dy, y, bytes);
  int32_t count = n;
  void *args[] = {&dx, &dy, &dout, &count};
  unsigned grid[3] = {(n + BLOCK - 1) / BLOCK, 1, 1};
  status = status || tileLaunch(kernel, grid, threads, sharedBytes, args) ||
           tileSynchronize(rt) || tileCopyToHost(rt, out, dout, bytes);
  int wrong = 0;
  for (int i = 0; !status && i < n; ++i)
    wrong += out[i] != x[i] + y[i];
  if (status)
    printf("run: FAILED: %s\n", tileRuntimeLastError(rt));
  else
    printf("run: %d elements, %d wrong: %s\n", n, wrong,
           wrong ? "FAIL" : "PASS");
  free(x);
  free(y);
  free(out);
  tileRuntimeDestroy(rt);
  return status || wrong;
}

int main(int argc, char **argv) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirTileRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirContextLoadAllAvailableDialects(ctx);

  MlirModule module = mlirModuleCreateEmpty(mlirLocationUnknownGet(ctx));
  buildVectorAdd(ctx, module);
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  if (!mlirOperationVerify(moduleOp)) {
    fprintf(stderr, "embed: the kernel does not verify\n");
    return 1;
  }
  printf("built and verified: tile.func @vector_add\n");

  MlirTileCompileOptions options;
  mlirTileCompileOptionsInit(&options);
  options.diagnosticCallback = printDiagnostic;
  Buffer ptx = {NULL, 0};
  if (mlirLogicalResultIsFailure(
          mlirTileCompile(module, &options, append, &ptx))) {
    fprintf(stderr, "embed: compilation failed\n");
    return 1;
  }
  printf("PTX: %zu bytes, target %s, 16-byte loads: %s\n", ptx.size,
         strstr(ptx.data, ".target sm_90") ? "sm_90" : "?",
         strstr(ptx.data, "ld.global.v4.b32") ? "yes" : "no");
  if (argc > 1) {
    FILE *file = fopen(argv[1], "wb");
    if (!file || fwrite(ptx.data, 1, ptx.size, file) != ptx.size) {
      fprintf(stderr, "embed: cannot write %s\n", argv[1]);
      return 1;
    }
    fclose(file);
  }
  MlirAttribute shared = mlirOperationGetAttributeByName(
      moduleOp, mlirStringRefCreateFromCString("tilegpu.shared_memory"));
  int sharedBytes =
      mlirAttributeIsNull(shared) ? 0 : (int)mlirIntegerAttrGetValueInt(shared);
  int status = run(ptx.data, sharedBytes, options.numWarps * 32);

  free(ptx.data);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return status;
}
