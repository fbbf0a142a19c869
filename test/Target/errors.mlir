// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tile-translate's errors: located, exit code 1.
//
// No ptxas where --cuda-path points.
// RUN: not tile-translate %tile_src_root/examples/vector_add.mlir --emit=cubin --cuda-path=%t.nowhere -o %t.cubin 2>&1 | FileCheck %s --check-prefix=NOPTXAS
// NOPTXAS: vector_add.mlir:{{[0-9]+}}:{{[0-9]+}}: error: no CUDA toolkit at '{{.*}}.nowhere' (no bin/ptxas there)
//
// Invalid options.
// RUN: not tile-translate %tile_src_root/examples/vector_add.mlir --num-warps=3 2>&1 | FileCheck %s --check-prefix=OPTIONS
// RUN: not tile-translate %tile_src_root/examples/vector_add.mlir --sm=90x 2>&1 | FileCheck %s --check-prefix=OPTIONS
// RUN: not tile-translate %tile_src_root/examples/vector_add.mlir --sm=a 2>&1 | FileCheck %s --check-prefix=OPTIONS
// RUN: not tile-translate %tile_src_root/examples/vector_add.mlir --opt-level=4 2>&1 | FileCheck %s --check-prefix=OPTIONS
// RUN: not tile-translate %tile_src_root/examples/vector_add.mlir --opt-level=-1 2>&1 | FileCheck %s --check-prefix=OPTIONS
// RUN: not tile-translate %tile_src_root/examples/vector_add.mlir --min-blocks-per-sm=-1 2>&1 | FileCheck %s --check-prefix=OPTIONS
// RUN: not tile-translate %tile_src_root/examples/vector_add.mlir --cluster-size=3 2>&1 | FileCheck %s --check-prefix=OPTIONS
// RUN: not tile-translate %tile_src_root/examples/vector_add.mlir --cluster-size=16 2>&1 | FileCheck %s --check-prefix=OPTIONS
// RUN: not tile-translate %tile_src_root/examples/vector_add.mlir --cluster-size=0 2>&1 | FileCheck %s --check-prefix=OPTIONS
// OPTIONS: error: invalid options: --sm must be 50 or more (90a for sm_90a), --num-warps a power of two, --ptx-version 60 or more, --opt-level 0 to 3, --min-blocks-per-sm not negative, --cluster-size a power of two from 1 to 8
// OPTIONS-NOT: reproducer
//
// An unwritable output path.
// RUN: not tile-translate %tile_src_root/examples/vector_add.mlir --emit=llvmir -o %t.no/such/dir/out.ll 2>&1 | FileCheck %s --check-prefix=OUTPUT
// OUTPUT: error: cannot write output
//
// A construct the lowering does not handle yet.
// RUN: not tile-translate %s --emit=llvmir 2>&1 | FileCheck %s --check-prefix=RTZ
// RTZ: errors.mlir:[[@LINE+4]]:{{[0-9]+}}: error: 'tile.fp_to_fp' op rounds toward zero into fp8, which PTX has no conversion for
tile.func public @rtz(%p: !tile.ptr<f8E4M3FN>, %x: f32) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %f = arith.sitofp %r : tensor<128xi32> to tensor<128xf32>
  %h = tile.fp_to_fp %f, rounding = rtz : tensor<128xf32> -> tensor<128xf8E4M3FN>
  %ps = tile.splat %p : !tile.ptr<f8E4M3FN> -> tensor<128x!tile.ptr<f8E4M3FN>>
  tile.store %ps, %h : tensor<128x!tile.ptr<f8E4M3FN>>
  tile.return
}
