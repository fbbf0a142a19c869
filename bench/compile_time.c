// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- compile_time.c - tile's compile time through the C API ---------------===
 *
 *   tile-compile-time [--repeat N] [--emit ptx|cubin] [--opt 0-3] \
 *       kernel.mlir...
 *
 * For each kernel, in one process: the first compile (which also pays for
 * one-time set-up: registration, LLVM's NVPTX target, libdevice), then the
 * median of N cold compiles, each in a fresh MLIRContext: parse the text,
 * then mlirTileCompile (verify, the tile-to-llvm pipeline, LLVM's NVPTX
 * back end; ptxas for cubin). Times in milliseconds.
 *
 *===----------------------------------------------------------------------===*/

#include "mlir-c/IR.h"
#include "tile-c/Compile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

static void count(MlirStringRef piece, void *userData) {
  *(size_t *)userData += piece.length;
}

static char *readFile(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = malloc(size + 1);
  text[fread(text, 1, size, file)] = 0;
  fclose(file);
  return text;
}

/* One compile in a fresh context; returns milliseconds or -1. */
static double compileOnce(MlirDialectRegistry registry, const char *text,
                          MlirTileEmitKind emit, int optLevel) {
  double start = now();
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(text));
  size_t bytes = 0;
  MlirTileCompileOptions options;
  mlirTileCompileOptionsInit(&options);
  options.emit = emit;
  options.optLevel = optLevel;
  int ok = !mlirModuleIsNull(module) &&
           mlirLogicalResultIsSuccess(
               mlirTileCompile(module, &options, count, &bytes)) &&
           bytes > 0;
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return ok ? now() - start : -1;
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  int repeat = 10, optLevel = 3;
  MlirTileEmitKind emit = MlirTileEmitPTX;
  int first = 1;
  for (; first < argc && !strncmp(argv[first], "--", 2); first += 2) {
    if (first + 1 >= argc)
      return fprintf(stderr, "missing value after %s\n", argv[first]), 2;
    if (!strcmp(argv[first], "--repeat"))
      repeat = atoi(argv[first + 1]);
    else if (!strcmp(argv[first], "--opt"))
      optLevel = atoi(argv[first + 1]);
    else if (!strcmp(argv[first], "--emit"))
      emit = !strcmp(argv[first + 1], "cubin") ? MlirTileEmitCubin
                                               : MlirTileEmitPTX;
    else
      return fprintf(stderr, "unknown option %s\n", argv[first]), 2;
  }
  if (repeat < 1 || first >= argc)
    return fprintf(stderr,
                   "usage: tile-compile-time [--repeat N] [--emit ptx|cubin] "
                   "[--opt 0-3] kernel.mlir...\n"),
           2;

  double setupStart = now();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirTileRegisterAll(registry);
  double setup = now() - setupStart;
  printf("setup (registration, NVPTX target): %.1f ms\n", setup);

  double *times = malloc(sizeof(double) * repeat);
  int status = 0;
  for (int f = first; f < argc; ++f) {
    char *text = readFile(argv[f]);
    if (!text)
      return fprintf(stderr, "cannot read %s\n", argv[f]), 1;
    double cold = compileOnce(registry, text, emit, optLevel);
    for (int i = 0; i < repeat; ++i)
      times[i] = compileOnce(registry, text, emit, optLevel);
    qsort(times, repeat, sizeof(double), compareDoubles);
    if (cold < 0 || times[0] < 0) {
      fprintf(stderr, "%s: compilation failed\n", argv[f]);
      status = 1;
    }
    const char *name =
        strrchr(argv[f], '/') ? strrchr(argv[f], '/') + 1 : argv[f];
    printf("%-20s tile: to %s median %7.2f ms, min %7.2f ms (first in process "
           "%.1f ms)\n",
           name, emit == MlirTileEmitCubin ? "cubin" : "PTX  ",
           times[repeat / 2], times[0], cold);
    free(text);
  }
  free(times);
  mlirDialectRegistryDestroy(registry);
  return status;
}
