// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %tile_src_root/examples/softmax.mlir | tile-opt | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/softmax.mlir --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/softmax.mlir --canonicalize --cse | FileCheck %s

// CHECK-LABEL: tile.func public @softmax
// CHECK: %[[X:.*]] = tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>>
// CHECK: "tile.reduce"(%[[X]]) <{axis = 0 : i32}>
// CHECK: arith.maxnumf
// CHECK: math.exp
// CHECK: "tile.reduce"
// CHECK: arith.addf
// CHECK: arith.divf
// CHECK: tile.store
