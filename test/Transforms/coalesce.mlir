// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -tile-assign-layouts -tile-coalesce -split-input-file | FileCheck %s

// 16-byte aligned, contiguous f32 pointers and a mask uniform over blocks of
// 16: four floats (16 bytes) per thread.
// CHECK-DAG: #[[V4:.*]] = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tile.func public @f32_aligned
// CHECK: tile.load %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[V4]]>
// CHECK: tile.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[V4]]>
tile.func public @f32_aligned(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                              %y: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                              %n: i32 {tile.divisibility = 16 : i32}) {
  %r = tile.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %ns = tile.splat %n : i32 -> tensor<1024xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<1024xi32>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %v = tile.load %xp, %m : tensor<1024x!tile.ptr<f32>>
  %ys = tile.splat %y : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  tile.store %yp, %v, %m : tensor<1024x!tile.ptr<f32>>
  tile.return
}

// -----

// f16: eight elements make 16 bytes.
// CHECK-DAG: #[[V8:.*]] = #tilegpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tile.func public @f16_aligned
// CHECK: tile.load %{{.*}} : tensor<2048x!tile.ptr<f16>, #[[V8]]>
tile.func public @f16_aligned(%x: !tile.ptr<f16> {tile.divisibility = 16 : i32}) -> tensor<2048xf16> {
  %r = tile.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32>
  %xs = tile.splat %x : !tile.ptr<f16> -> tensor<2048x!tile.ptr<f16>>
  %xp = tile.addptr %xs, %r : tensor<2048x!tile.ptr<f16>>, tensor<2048xi32>
  %v = tile.load %xp : tensor<2048x!tile.ptr<f16>>
  tile.return %v : tensor<2048xf16>
}

// -----

// No alignment known for the base pointer: one element per thread.
// CHECK-DAG: #[[S:.*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tile.func public @unaligned_base
// CHECK: tile.load %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[S]]>
tile.func public @unaligned_base(%x: !tile.ptr<f32>) -> tensor<1024xf32> {
  %r = tile.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %v = tile.load %xp : tensor<1024x!tile.ptr<f32>>
  tile.return %v : tensor<1024xf32>
}

// -----

// An aligned base, but a bound n of unknown alignment: the mask may change
// inside any vector, so accesses stay scalar.
// CHECK-DAG: #[[S:.*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tile.func public @ragged_mask
// CHECK: tile.load %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[S]]>
tile.func public @ragged_mask(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) -> tensor<1024xf32> {
  %r = tile.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %ns = tile.splat %n : i32 -> tensor<1024xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<1024xi32>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %v = tile.load %xp, %m : tensor<1024x!tile.ptr<f32>>
  tile.return %v : tensor<1024xf32>
}

// -----

// An offset of 2 floats: 8-byte alignment allows two floats per thread.
// CHECK-DAG: #[[V2:.*]] = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tile.func public @offset_by_two
// CHECK: tile.load %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[V2]]>
tile.func public @offset_by_two(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}) -> tensor<1024xf32> {
  %r = tile.make_range {end = 1026 : i32, start = 2 : i32} : tensor<1024xi32>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %v = tile.load %xp : tensor<1024x!tile.ptr<f32>>
  tile.return %v : tensor<1024xf32>
}

// -----

// A column-major tile: contiguous along dimension 0, so threads and vectors
// run along it.
// CHECK-DAG: #[[COL:.*]] = #tilegpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: tile.func public @column_major
// CHECK: tile.load %{{.*}} : tensor<64x64x!tile.ptr<f32>, #[[COL]]>
tile.func public @column_major(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                               %ld: i32 {tile.divisibility = 16 : i32}) -> tensor<64x64xf32> {
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %rows = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rb = tile.broadcast %rows : tensor<64x1xi32> -> tensor<64x64xi32>
  %cols = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %lds = tile.splat %ld : i32 -> tensor<1x64xi32>
  %cs = arith.muli %cols, %lds : tensor<1x64xi32>
  %cb = tile.broadcast %cs : tensor<1x64xi32> -> tensor<64x64xi32>
  %off = arith.addi %rb, %cb : tensor<64x64xi32>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %off : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %v = tile.load %xp : tensor<64x64x!tile.ptr<f32>>
  tile.return %v : tensor<64x64xf32>
}

// -----

// Fewer elements than threads: no vectors, every thread keeps one element.
// Atomics take one element per thread too.
// CHECK-DAG: #[[S:.*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tile.func public @small_and_atomic
// CHECK: tile.load %{{.*}} : tensor<64x!tile.ptr<f32>, #[[S]]>
// CHECK: tile.atomic_rmw fadd, relaxed, gpu, %{{.*}}, %{{.*}} : (tensor<1024x!tile.ptr<f32>, #[[S]]>
tile.func public @small_and_atomic(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %v: tensor<1024xf32>) -> tensor<64xf32> {
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %l = tile.load %xp : tensor<64x!tile.ptr<f32>>
  %r2 = tile.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %ys = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %r2 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %old = tile.atomic_rmw fadd, relaxed, gpu, %yp, %v : (tensor<1024x!tile.ptr<f32>>, tensor<1024xf32>) -> tensor<1024xf32>
  tile.return %l : tensor<64xf32>
}
