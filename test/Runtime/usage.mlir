// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tile-run rejects bad command lines with exit code 2.
// RUN: not tile-run 2>&1 | FileCheck %s --check-prefix=NOKERNEL
// NOKERNEL: tile-run: give a PTX or cubin file and --kernel
// RUN: not tile-run k.ptx --kernel k --arg buf:f64:10:zero 2>&1 | FileCheck %s --check-prefix=BADARG
// BADARG: tile-run: bad --arg
// Numbers are whole: no trailing garbage, no negative count, no overflow.
// RUN: not tile-run k.ptx --kernel k --arg i32:12abc 2>&1 | FileCheck %s --check-prefix=BADARG
// RUN: not tile-run k.ptx --kernel k --arg i32:4294967296 2>&1 | FileCheck %s --check-prefix=BADARG
// RUN: not tile-run k.ptx --kernel k --arg f32:1.5x 2>&1 | FileCheck %s --check-prefix=BADARG
// RUN: not tile-run k.ptx --kernel k --arg buf:f32:-8:zero 2>&1 | FileCheck %s --check-prefix=BADARG
// RUN: not tile-run k.ptx --kernel k --threads 128x 2>&1 | FileCheck %s --check-prefix=THREADS
// THREADS: tile-run: bad --threads
// RUN: not tile-run k.ptx --kernel k --repeat -1 2>&1 | FileCheck %s --check-prefix=REPEAT
// RUN: not tile-run k.ptx --kernel k --grid 4x 2>&1 | FileCheck %s --check-prefix=GRID
// RUN: not tile-run k.ptx --kernel k --grid 2,-1 2>&1 | FileCheck %s --check-prefix=GRID
// RUN: not tile-run k.ptx --kernel k --grid 1,1,1,1 2>&1 | FileCheck %s --check-prefix=GRID
// GRID: tile-run: bad --grid
// RUN: not tile-run k.ptx --kernel k --seed " 7" 2>&1 | FileCheck %s --check-prefix=SEED
// SEED: tile-run: bad --seed
// REPEAT: tile-run: bad --repeat
// RUN: not tile-run k.ptx --kernel k --frobnicate 1 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: tile-run: unknown option
// The installed runner has no CPU references; the tests' tile-run-check
// does (here it gets as far as loading the driver, or the file).
// RUN: not tile-run k.ptx --kernel k --check vector_add 2>&1 | FileCheck %s --check-prefix=NOCHECK
// NOCHECK: tile-run: --check needs the CPU references of the tests' tile-run-check; this tile-run has none
// RUN: not tile-run-check k.ptx --kernel k --check vector_add 2>&1 | FileCheck %s --check-prefix=CHECKER
// CHECKER-NOT: needs the CPU references
// CHECKER: tile-run: {{cannot load the CUDA driver|.*k.ptx}}
// The kernel information gives the source's signature; arguments that do
// not match it are rejected before anything runs.
// RUN: tile-translate %tile_src_root/examples/vector_add.mlir --emit=ptx -o %t.ptx --kernel-info=%t.info
// RUN: FileCheck %s --check-prefix=INFO < %t.info
// INFO: param vector_add 0 x !tile.ptr<f32>
// INFO-NEXT: param vector_add 1 y !tile.ptr<f32>
// INFO-NEXT: param vector_add 2 out !tile.ptr<f32>
// INFO-NEXT: param vector_add 3 n i32
// RUN: not tile-run %t.ptx --kernel vector_add --kernel-info %t.info --arg buf:f32:8:zero --arg i32:8 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: tile-run: the kernel takes 4 arguments (--kernel-info), 2 given
// RUN: not tile-run %t.ptx --kernel vector_add --kernel-info %t.info --arg buf:f32:8:zero --arg buf:f16:8:zero --arg buf:f32:8:zero --arg i32:8 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: tile-run: argument 1 (y: !tile.ptr<f32>) is given as a buf:f16
// RUN: not tile-run %t.ptx --kernel vector_add --kernel-info %t.info --arg buf:f32:8:zero --arg buf:f32:8:zero --arg buf:f32:8:zero --arg f32:8 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: tile-run: argument 3 (n: i32) is given as a f32
// With the kernel information an argument may leave its type out: it is the
// parameter's (n: i32 cannot be 1.5; a typeless buffer is !tile.ptr<f32>'s).
// Without it, a typeless argument is an error.
// RUN: not tile-run %t.ptx --kernel vector_add --kernel-info %t.info --arg buf:8:zero --arg buf:8:zero --arg buf:8:zero --arg 1.5 2>&1 | FileCheck %s --check-prefix=IMPLIED
// IMPLIED: tile-run: bad --arg 1.5
// RUN: not tile-run %t.ptx --kernel vector_add --kernel-info %t.info --arg buf:8:zero --arg buf:f16:8:zero --arg buf:8:zero --arg 8 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not tile-run %t.ptx --kernel vector_add --arg buf:8:zero 2>&1 | FileCheck %s --check-prefix=BADARG
