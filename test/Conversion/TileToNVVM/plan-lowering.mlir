// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tile-plan-lowering records convert-tile-to-nvvm's per-op choices as
// attributes; the conversion follows them, a width written by hand too.
// RUN: tile-opt %s -tile-plan-lowering | FileCheck %s
// RUN: tile-opt %s -tile-plan-lowering -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s --check-prefix=LOWER

// CHECK-LABEL: tile.func public @plan
// i < n with n a multiple of 16 holds alike over each thread's 4 elements.
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} {tilegpu.uniform_run = 4 : i32}
// i < m, m unhinted, varies.
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<512xi32
// Contiguous, 16-byte aligned: quadruples; a width given stays.
// CHECK: tile.load %{{.*}} {tilegpu.vector_width = 4 : i32}
// CHECK: tile.load %{{.*}} {tilegpu.vector_width = 1 : i32}
// A masked store of an exact division stays a branch; the mask that varies
// per element makes its accesses single elements.
// CHECK: tile.store %{{.*}}, %{{.*}}, %{{.*}} {tilegpu.branched, tilegpu.vector_width = 1 : i32}
// CHECK: tile.store %{{.*}}, %{{.*}}, %{{.*}} {tilegpu.vector_width = 4 : i32}

// LOWER-LABEL: gpu.func @plan
// LOWER: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// LOWER-COUNT-4: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// LOWER-NOT: llvm.load
#b = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#p = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.threads-per-warp" = 32 : i32} {
tile.func public @plan(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %y: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32 {tile.divisibility = 16 : i32}, %m: i32) {
  %r = tile.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b>
  %ns = tile.splat %n : i32 -> tensor<512xi32, #b>
  %inside = arith.cmpi slt, %r, %ns : tensor<512xi32, #b>
  %ms = tile.splat %m : i32 -> tensor<512xi32, #b>
  %ragged = arith.cmpi slt, %r, %ms : tensor<512xi32, #b>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #b>
  %xp = tile.addptr %xs, %r : tensor<512x!tile.ptr<f32>, #b>, tensor<512xi32, #b>
  %v = tile.load %xp : tensor<512x!tile.ptr<f32>, #b>
  %w = tile.load %xp {tilegpu.vector_width = 1 : i32} : tensor<512x!tile.ptr<f32>, #b>
  %q = arith.divf %v, %w : tensor<512xf32, #b>
  %ys = tile.splat %y : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #b>
  %yp = tile.addptr %ys, %r : tensor<512x!tile.ptr<f32>, #b>, tensor<512xi32, #b>
  tile.store %yp, %q, %ragged : tensor<512x!tile.ptr<f32>, #b>
  tile.store %yp, %v, %inside : tensor<512x!tile.ptr<f32>, #b>
  tile.return
}

// A row in a slice of a blocked layout: each thread's 4 elements along the
// parent's fastest dimension are one vector; along the other dimension
// each thread holds one.
// CHECK-LABEL: tile.func public @slice_row
// CHECK: tile.load %{{.*}}, %{{.*}} {tilegpu.vector_width = 4 : i32} : tensor<128x!tile.ptr<f32>, #[[COLS:slice[0-9]*]]>
// CHECK: tile.load %{{.*}} {tilegpu.vector_width = 1 : i32} : tensor<16x!tile.ptr<f32>, #{{.*}}>
// CHECK: tile.store %{{.*}}, %{{.*}}, %{{.*}} {tilegpu.vector_width = 4 : i32}
// LOWER-LABEL: gpu.func @slice_row
// LOWER: ld.global.v4.b32
// LOWER: st.global.v4.b32
tile.func public @slice_row(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %y: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32 {tile.divisibility = 16 : i32}) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #tilegpu.slice<{dim = 0, parent = #p}>>
  %ns = tile.splat %n : i32 -> tensor<128xi32, #tilegpu.slice<{dim = 0, parent = #p}>>
  %in = arith.cmpi slt, %r, %ns : tensor<128xi32, #tilegpu.slice<{dim = 0, parent = #p}>>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #tilegpu.slice<{dim = 0, parent = #p}>>
  %xp = tile.addptr %xs, %r : tensor<128x!tile.ptr<f32>, #tilegpu.slice<{dim = 0, parent = #p}>>, tensor<128xi32, #tilegpu.slice<{dim = 0, parent = #p}>>
  %v = tile.load %xp, %in : tensor<128x!tile.ptr<f32>, #tilegpu.slice<{dim = 0, parent = #p}>>
  %rr = tile.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #tilegpu.slice<{dim = 1, parent = #p}>>
  %ys = tile.splat %x : !tile.ptr<f32> -> tensor<16x!tile.ptr<f32>, #tilegpu.slice<{dim = 1, parent = #p}>>
  %yp = tile.addptr %ys, %rr : tensor<16x!tile.ptr<f32>, #tilegpu.slice<{dim = 1, parent = #p}>>, tensor<16xi32, #tilegpu.slice<{dim = 1, parent = #p}>>
  %w = tile.load %yp : tensor<16x!tile.ptr<f32>, #tilegpu.slice<{dim = 1, parent = #p}>>
  %zs = tile.splat %y : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #tilegpu.slice<{dim = 0, parent = #p}>>
  %zp = tile.addptr %zs, %r : tensor<128x!tile.ptr<f32>, #tilegpu.slice<{dim = 0, parent = #p}>>, tensor<128xi32, #tilegpu.slice<{dim = 0, parent = #p}>>
  tile.store %zp, %v, %in : tensor<128x!tile.ptr<f32>, #tilegpu.slice<{dim = 0, parent = #p}>>
  %ws = tile.splat %y : !tile.ptr<f32> -> tensor<16x!tile.ptr<f32>, #tilegpu.slice<{dim = 1, parent = #p}>>
  %wp = tile.addptr %ws, %rr : tensor<16x!tile.ptr<f32>, #tilegpu.slice<{dim = 1, parent = #p}>>, tensor<16xi32, #tilegpu.slice<{dim = 1, parent = #p}>>
  tile.store %wp, %w : tensor<16x!tile.ptr<f32>, #tilegpu.slice<{dim = 1, parent = #p}>>
  tile.return
}
}
