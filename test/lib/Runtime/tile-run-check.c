// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- tile-run-check.c - tile-run with the examples' CPU references ------===
 *
 * The runner of the GPU checks (scripts/gpu-check.sh, test/GPU): tile-run
 * with `--check NAME` comparing the outputs with the float64 references of
 * references.c. Built with the tests, not installed.
 *
 *===----------------------------------------------------------------------===*/

#include "references.h"

int main(int argc, char **argv) {
  return tileRunMain(argc, argv, checkReference);
}
