// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- runner.h - tile-run's runner, with or without checks ---------------===
 *
 * tile-run loads a kernel, fills its buffers, launches and times it. The
 * checking runner of the tests (tile-run-check) is the same program with
 * the examples' CPU references plugged in; the installed tile-run carries
 * none.
 *
 *===----------------------------------------------------------------------===*/

#ifndef TILE_RUN_RUNNER_H
#define TILE_RUN_RUNNER_H

#include <stddef.h>
#include <stdint.h>

/* One kernel argument as tile-run prepared it. */
typedef struct {
  int isBuffer;
  char type[8];      /* f32, f16, i32, i8, i64 */
  size_t count;      /* elements, for buffers */
  size_t rows, cols; /* a buffer passed as a tensor map (desc:) */
  void *host;        /* initial contents (buffers) */
  void *result;      /* contents after the run (buffers) */
  int64_t intValue;  /* scalars */
  double floatValue;
} RunArg;

/* Result of comparing a kernel's output with its reference. */
typedef struct {
  double maxAbsError, maxRelError;
  size_t checked, failed;
  char message[256];
} CheckResult;

/* Checks the outputs of kernel `name` launched on `grid` programs with
   `args`: 0 if every checked value is within tolerance, 1 if not, -1 if the
   kernel or its arguments are not the expected ones (with a message). */
typedef int (*TileRunCheck)(const char *name, const unsigned grid[3],
                            RunArg *args, int numArgs, CheckResult *result);

/* tile-run's command line (see runner.c); `--check NAME` calls `check`,
   and is an error where it is NULL. */
int tileRunMain(int argc, char **argv, TileRunCheck check);

float halfToFloat(uint16_t h);
uint16_t floatToHalf(float f);
float bfloatToFloat(uint16_t b);
uint16_t floatToBfloat(float f);
/* Element `i` of `data`, an array of `arg`'s element type, as a double. */
double element(const RunArg *arg, const void *data, size_t i);

#endif
