// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %tile_src_root/examples/giou_loss.mlir | tile-opt | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/giou_loss.mlir --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/giou_loss.mlir --canonicalize --cse | FileCheck %s

// CHECK-LABEL: tile.func public @giou_loss
// CHECK-COUNT-2: tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<256x4x!tile.ptr<f32>>
// CHECK: tile.reshape %{{.*}} : tensor<256x4xf32> -> tensor<256x2x2xf32>
// CHECK: tile.split %{{.*}} : tensor<256x2x2xf32> -> tensor<256x2xf32>
// CHECK: "tile.reduce"
// CHECK: "tile.reduce"
// CHECK: tile.atomic_rmw fadd, acq_rel, gpu
// CHECK: tile.atomic_rmw add, acq_rel, gpu
// CHECK: tile.atomic_rmw add, acq_rel, gpu
// CHECK: scf.if
// CHECK: tile.store %{{.*}}, %{{.*}} : !tile.ptr<f32>
