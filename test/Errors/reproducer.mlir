// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A failing pipeline leaves a reproducer: the input as the pipeline saw it
// and the pipeline, which tile-opt --run-reproducer runs again.
//
// tile-translate writes one and names it (here at --reproducer's path).
// RUN: rm -f %t.tt.mlir
// RUN: not tile-translate %s --emit=llvmir --reproducer=%t.tt.mlir 2>&1 | FileCheck %s --check-prefix=TT
// TT: reproducer.mlir:[[@LINE+18]]:{{[0-9]+}}: error: 'tile.fp_to_fp' op rounds toward zero into fp8, which PTX has no conversion for
// TT: tile-translate: reproducer written to {{.*}}.tt.mlir (tile-opt --run-reproducer {{.*}}.tt.mlir runs it again)
// RUN: FileCheck %s --check-prefix=REPRO < %t.tt.mlir
// REPRO: tile.func public @rtz
// REPRO: mlir_reproducer
// REPRO: pipeline: "builtin.module(tile-import-ttir, tile-check-level{level=tile}, canonicalize
// REPRO-SAME: convert-tile-to-nvvm
// RUN: not tile-opt --run-reproducer %t.tt.mlir 2>&1 | FileCheck %s --check-prefix=AGAIN
// AGAIN: error: 'tile.fp_to_fp' op rounds toward zero into fp8, which PTX has no conversion for
//
// tile-opt's own --mlir-pass-pipeline-crash-reproducer works the same way.
// RUN: not tile-opt %s -tile-coalesce --mlir-pass-pipeline-crash-reproducer=%t.opt.mlir 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: error: tile-coalesce needs the distributed level (tilegpu.num-warps): run tile-assign-layouts first
// RUN: FileCheck %s --check-prefix=OPTREPRO < %t.opt.mlir
// OPTREPRO: pipeline: "builtin.module(tile-coalesce)"
tile.func public @rtz(%p: !tile.ptr<f8E4M3FN>) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %f = arith.sitofp %r : tensor<128xi32> to tensor<128xf32>
  %h = tile.fp_to_fp %f, rounding = rtz : tensor<128xf32> -> tensor<128xf8E4M3FN>
  %ps = tile.splat %p : !tile.ptr<f8E4M3FN> -> tensor<128x!tile.ptr<f8E4M3FN>>
  tile.store %ps, %h : tensor<128x!tile.ptr<f8E4M3FN>>
  tile.return
}
