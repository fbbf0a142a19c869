// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- references.h - CPU references of the example kernels ---------------===*/

#ifndef TILE_RUN_REFERENCES_H
#define TILE_RUN_REFERENCES_H

#include "runner.h"

/* Checks the outputs of the example kernel `name` (vector_add, softmax,
   layernorm, giou_loss, scan, matmul) launched on `grid` programs with `args`.
   Returns 0 if every checked value is within tolerance, 1 if not, -1 if the
   kernel or its arguments are not the expected ones. */
int checkReference(const char *name, const unsigned grid[3], RunArg *args,
                   int numArgs, CheckResult *result);

#endif
