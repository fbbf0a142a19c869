// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Malformed input gives a located error and exit code 1, never a crash.
//
// A truncated kernel (the first lines of an example only):
// RUN: head -n 12 %tile_src_root/examples/vector_add.mlir > %t.truncated.mlir
// RUN: not tile-opt %t.truncated.mlir 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// RUN: tile-opt %t.truncated.mlir 2>/dev/null; test $? -eq 1
// TRUNCATED: truncated.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
//
// A verifier error:
// RUN: not tile-opt %s 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: tile-opt %s 2>/dev/null; test $? -eq 1
// VERIFY: exit-codes.mlir:[[@LINE+3]]:{{[0-9]+}}: error: 'tile.make_range' op range length 3 (end - start) must be a power of two
//
tile.func public @bad() {
  %r = tile.make_range {end = 3 : i32, start = 0 : i32} : tensor<3xi32>
  tile.return
}
//
// A missing input file and an unwritable output path:
// RUN: not tile-opt %t.does-not-exist.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: {{[Nn]}}o such file or directory
// RUN: not tile-opt %tile_src_root/examples/vector_add.mlir -o %t.no-such-dir/out.mlir 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: {{[Nn]}}o such file or directory
//
// A PTX version too old for the target (LLVM's NVPTX back end would abort):
// RUN: not tile-translate %tile_src_root/examples/vector_add.mlir --ptx-version=73 --emit=ptx 2>&1 | FileCheck %s --check-prefix=PTXVERSION
// RUN: tile-translate %tile_src_root/examples/vector_add.mlir --sm=90a --ptx-version=78 --emit=cubin -o %t.cubin 2>/dev/null; test $? -eq 1
// PTXVERSION: vector_add.mlir:{{[0-9]+}}:{{[0-9]+}}: error: PTX 7.3 cannot target sm_90: it needs PTX 7.8 or newer
//
// An unknown op of the tile dialect:
// RUN: echo 'tile.func public @f() { tile.frobnicate  tile.return }' | not tile-opt 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: <stdin>:1:{{[0-9]+}}: error: custom op 'tile.frobnicate' is unknown
