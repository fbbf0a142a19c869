// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// An integer element-wise op whose result the alignment analysis finds
// constant over aligned runs (a mask `i < n` with n a multiple of 16, over
// a thread's 4 contiguous elements) is computed once per run: one compare
// per thread instead of four, one predicate for the four selects.
// RUN: tile-opt %s -split-input-file -tile-allocate-shared-memory -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s

// CHECK-LABEL: gpu.func @uniform
// CHECK: %[[MASK:.*]] = arith.cmpi slt
// CHECK-NOT: arith.cmpi
// CHECK-COUNT-4: arith.select %[[MASK]], %{{.*}}, %{{.*}} : f32
#b = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @uniform(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32 {tile.divisibility = 16 : i32}, %f: f32) {
  %r = tile.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b>
  %ns = tile.splat %n : i32 -> tensor<512xi32, #b>
  %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #b>
  %x = arith.sitofp %r : tensor<512xi32, #b> to tensor<512xf32, #b>
  %zeros = tile.splat %f : f32 -> tensor<512xf32, #b>
  %y = arith.select %m, %x, %zeros : tensor<512xi1, #b>, tensor<512xf32, #b>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #b>
  %pp = tile.addptr %ps, %r : tensor<512x!tile.ptr<f32>, #b>, tensor<512xi32, #b>
  tile.store %pp, %y : tensor<512x!tile.ptr<f32>, #b>
  tile.return
}
}

// -----

// n of unknown divisibility: the mask may change inside a thread's four
// elements, so each is compared.
// CHECK-LABEL: gpu.func @per_element
// CHECK-COUNT-4: arith.cmpi slt
// CHECK-NOT: arith.cmpi
#b = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @per_element(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32, %f: f32) {
  %r = tile.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b>
  %ns = tile.splat %n : i32 -> tensor<512xi32, #b>
  %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #b>
  %x = arith.sitofp %r : tensor<512xi32, #b> to tensor<512xf32, #b>
  %zeros = tile.splat %f : f32 -> tensor<512xf32, #b>
  %y = arith.select %m, %x, %zeros : tensor<512xi1, #b>, tensor<512xf32, #b>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #b>
  %pp = tile.addptr %ps, %r : tensor<512x!tile.ptr<f32>, #b>, tensor<512xi32, #b>
  tile.store %pp, %y : tensor<512x!tile.ptr<f32>, #b>
  tile.return
}
}
