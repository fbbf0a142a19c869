// tile-run rejects bad command lines with exit code 2.
// RUN: not tile-run 2>&1 | FileCheck %s --check-prefix=NOKERNEL
// NOKERNEL: tile-run: give a PTX or cubin file and --kernel
// RUN: not tile-run k.ptx --kernel k --arg buf:f64:10:zero 2>&1 | FileCheck %s --check-prefix=BADARG
// BADARG: tile-run: bad --arg
// RUN: not tile-run k.ptx --kernel k --frobnicate 1 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: tile-run: unknown option
