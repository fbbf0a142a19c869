// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The example parses, verifies, round-trips in custom and generic form, and
// survives canonicalization and CSE.
// RUN: tile-opt %tile_src_root/examples/vector_add.mlir | tile-opt | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/vector_add.mlir --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/vector_add.mlir --canonicalize --cse | FileCheck %s --check-prefix=OPT

// CHECK-LABEL: tile.func public @vector_add
// CHECK-SAME: {tile.divisibility = 16 : i32}
// CHECK: tile.get_program_id x
// CHECK: tile.make_range {end = 1024 : i32, start = 0 : i32}
// CHECK-COUNT-2: tile.load %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>>
// CHECK: arith.addf
// CHECK: tile.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>>

// OPT-LABEL: tile.func public @vector_add
// OPT-COUNT-2: tile.load
// OPT: tile.store
