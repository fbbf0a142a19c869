// tile-run rejects bad command lines with exit code 2.
// RUN: not tile-run 2>&1 | FileCheck %s --check-prefix=NOKERNEL
// NOKERNEL: tile-run: give a PTX or cubin file and --kernel
// RUN: not tile-run k.ptx --kernel k --arg buf:f64:10:zero 2>&1 | FileCheck %s --check-prefix=BADARG
// BADARG: tile-run: bad --arg
// RUN: not tile-run k.ptx --kernel k --frobnicate 1 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: tile-run: unknown option
// The installed runner has no CPU references; the tests' tile-run-check
// does (here it gets as far as loading the driver, or the file).
// RUN: not tile-run k.ptx --kernel k --check vector_add 2>&1 | FileCheck %s --check-prefix=NOCHECK
// NOCHECK: tile-run: --check needs the CPU references of the tests' tile-run-check; this tile-run has none
// RUN: not tile-run-check k.ptx --kernel k --check vector_add 2>&1 | FileCheck %s --check-prefix=CHECKER
// CHECKER-NOT: needs the CPU references
// CHECKER: tile-run: {{cannot load the CUDA driver|.*k.ptx}}
