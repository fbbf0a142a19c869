// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %tile_src_root/examples/layernorm.mlir | tile-opt | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/layernorm.mlir --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/layernorm.mlir --canonicalize --cse | FileCheck %s

// Three passes over the row: mean, variance, then normalize and store.
// CHECK-LABEL: tile.func public @layernorm
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (tensor<1024xf32>)
// CHECK: tile.load {{.*}} : tensor<1024x!tile.ptr<f16>>
// CHECK: "tile.reduce"
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (tensor<1024xf32>)
// CHECK: "tile.reduce"
// CHECK: math.sqrt
// CHECK: tile.store %{{.*}}, %{{.*}} : !tile.ptr<f32>
// CHECK: tile.store %{{.*}}, %{{.*}} : !tile.ptr<f32>
// CHECK: scf.for
// CHECK: evictionPolicy = evict_first
// CHECK: tile.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f16>>
