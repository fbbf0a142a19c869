// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Every kind of layout the layout passes can give a tensor (blocked, mma.sync
// and wgmma accumulators, mma.sync and FMA dot operands, slices of each,
// slices of slices), at shapes that fill the layout's block and at shapes
// smaller than it, through the lowering: a range, element-wise ops, stores,
// a reduction along every dimension, and a conversion to a blocked layout.
// A layout the passes can make and the lowering cannot fails the run.
// RUN: %python %S/Inputs/layout_walk.py > %t.mlir
// RUN: grep -c '^module' %t.mlir | FileCheck %s --check-prefix=CASES
// RUN: tile-opt %t.mlir -split-input-file -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm > %t.lowered.mlir
// RUN: grep -c 'gpu.func @walk_' %t.lowered.mlir | FileCheck %s --check-prefix=CASES
// RUN: FileCheck %s < %t.lowered.mlir

// CASES: 182

// The slices of mma.sync operands, which a range met first.
// CHECK-LABEL: gpu.func @walk_{{[0-9]+}}(
// CHECK-NOT: tile.make_range
// CHECK: gpu.return
