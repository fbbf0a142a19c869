// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- tile-run.c - run a compiled tile kernel ----------------------------===
 *
 * The installed runner: loads, fills, launches and times a kernel (see
 * runner.c for its command line). It checks nothing: the CPU references
 * the tests compare against are in the tests' tile-run-check.
 *
 *===----------------------------------------------------------------------===*/

#include "runner.h"

int main(int argc, char **argv) { return tileRunMain(argc, argv, NULL); }
