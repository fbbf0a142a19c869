// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -tile-assign-layouts -split-input-file | FileCheck %s
// RUN: tile-opt %s -tile-assign-layouts="num-warps=8 target=sm_80" -split-input-file | FileCheck %s --check-prefix=WARPS8

// Every tensor gets the default blocked layout of its shape; the module
// records the launch configuration.
// CHECK-DAG: #[[L1:.*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90", "tilegpu.threads-per-warp" = 32 : i32}
// CHECK-LABEL: tile.func public @elementwise
// CHECK-SAME: (%{{.*}}: !tile.ptr<f32>, %{{.*}}: tensor<1024xf32, #[[L1]]>) -> tensor<1024xf32, #[[L1]]>
// CHECK: arith.constant dense<1.000000e+00> : tensor<1024xf32, #[[L1]]>
// CHECK: tile.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #[[L1]]>
// CHECK: tile.splat %{{.*}} : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>, #[[L1]]>
// CHECK: tile.load %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[L1]]>
// CHECK-NOT: tilegpu.convert_layout
// WARPS8: module attributes {"tilegpu.num-warps" = 8 : i32, tilegpu.target = "sm_80", "tilegpu.threads-per-warp" = 32 : i32}
// WARPS8: #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
tile.func public @elementwise(%p: !tile.ptr<f32>, %x: tensor<1024xf32>) -> tensor<1024xf32> {
  %one = arith.constant dense<1.0> : tensor<1024xf32>
  %r = tile.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %ptrs = tile.addptr %ps, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %v = tile.load %ptrs : tensor<1024x!tile.ptr<f32>>
  %s = arith.addf %v, %x : tensor<1024xf32>
  %t = arith.addf %s, %one : tensor<1024xf32>
  tile.return %t : tensor<1024xf32>
}

// -----

// Threads go to the fastest dimension first, as far as it has room, then
// warps the same way. What is left over (a tensor smaller than the block)
// holds copies along the slowest dimension.
// CHECK-DAG: #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-DAG: #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tile.func public @shapes
tile.func public @shapes(%a: tensor<64x128xf32>, %b: tensor<256x4xf32>, %c: tensor<16xi32>) {
  tile.return
}

// -----

// A reduction's result is the slice of its operand's layout, moved back to
// the default layout for its users; expand_dims takes the slice of its
// result's layout; broadcast keeps its result's layout.
// CHECK-DAG: #[[B2:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-DAG: #[[B1:.*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[COL:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[SL:.*]] = #tilegpu.slice<{dim = 1, parent = #[[B2]]}>
// CHECK-DAG: #[[SLCOL:.*]] = #tilegpu.slice<{dim = 1, parent = #[[COL]]}>
// CHECK-LABEL: tile.func public @reduce_and_broadcast
// CHECK: %[[R:.*]] = "tile.reduce"
// CHECK: }) : (tensor<64x128xf32, #[[B2]]>) -> tensor<64xf32, #[[SL]]>
// CHECK: %[[D:.*]] = tilegpu.convert_layout %[[R]] : tensor<64xf32, #[[SL]]> -> tensor<64xf32, #[[B1]]>
// CHECK: %[[S:.*]] = tilegpu.convert_layout %[[D]] : tensor<64xf32, #[[B1]]> -> tensor<64xf32, #[[SLCOL]]>
// CHECK: %[[E:.*]] = tile.expand_dims %[[S]] {axis = 1 : i32} : tensor<64xf32, #[[SLCOL]]> -> tensor<64x1xf32, #[[COL]]>
// CHECK: %[[C:.*]] = tilegpu.convert_layout %[[E]] : tensor<64x1xf32, #[[COL]]> -> tensor<64x1xf32, #[[B2]]>
// CHECK: tile.broadcast %[[C]] : tensor<64x1xf32, #[[B2]]> -> tensor<64x128xf32, #[[B2]]>
tile.func public @reduce_and_broadcast(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %m = "tile.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.maxnumf %a, %b : f32
    tile.reduce.return %s : f32
  }) : (tensor<64x128xf32>) -> tensor<64xf32>
  %e = tile.expand_dims %m {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
  %b = tile.broadcast %e : tensor<64x1xf32> -> tensor<64x128xf32>
  %y = arith.subf %x, %b : tensor<64x128xf32>
  tile.return %y : tensor<64x128xf32>
}

// -----

// tile.dot takes dot-operand layouts of its accumulator's layout.
// CHECK-DAG: #[[ACC:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[OPA:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[ACC]]}>
// CHECK-DAG: #[[OPB:.*]] = #tilegpu.dot_op<{opIdx = 1, parent = #[[ACC]]}>
// CHECK-LABEL: tile.func public @dot
// CHECK: %[[A:.*]] = tilegpu.convert_layout %a : {{.*}} -> tensor<64x32xf16, #[[OPA]]>
// CHECK: %[[B:.*]] = tilegpu.convert_layout %b : {{.*}} -> tensor<32x64xf16, #[[OPB]]>
// CHECK: tile.dot %[[A]], %[[B]], %c
tile.func public @dot(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = tile.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  tile.return %d : tensor<64x64xf32>
}

// -----

// A transpose gets the permuted layout, so that it moves no data; join adds
// a per-thread minor dimension of 2 and split takes one.
// CHECK-DAG: #[[SRC:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-DAG: #[[PERM:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
// CHECK-DAG: #[[PAIR:.*]] = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tile.func public @trans_join_split
// CHECK: %[[T:.*]] = tile.trans %x {order = array<i32: 1, 0>} : tensor<16x128xf32, #[[SRC]]> -> tensor<128x16xf32, #[[PERM]]>
// CHECK: tilegpu.convert_layout %[[T]] : tensor<128x16xf32, #[[PERM]]>
// CHECK: %[[J:.*]] = tile.join %y, %y : tensor<128xf32, #{{.*}}> -> tensor<128x2xf32, #[[PAIR]]>
// CHECK: %[[JD:.*]] = tilegpu.convert_layout %[[J]] : tensor<128x2xf32, #[[PAIR]]>
// CHECK: %[[SP:.*]] = tilegpu.convert_layout %[[JD]] : {{.*}} -> tensor<128x2xf32, #[[PAIR]]>
// CHECK: tile.split %[[SP]] : tensor<128x2xf32, #[[PAIR]]>
tile.func public @trans_join_split(%x: tensor<16x128xf32>, %y: tensor<128xf32>) {
  %t = tile.trans %x {order = array<i32: 1, 0>} : tensor<16x128xf32> -> tensor<128x16xf32>
  %j = tile.join %y, %y : tensor<128xf32> -> tensor<128x2xf32>
  %a, %b = tile.split %j : tensor<128x2xf32> -> tensor<128xf32>
  tile.return
}

// -----

// Loop-carried tensors and scf results keep one layout throughout.
// CHECK-DAG: #[[L:.*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tile.func public @loops
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<256xf32, #[[L]]>)
// CHECK: scf.yield %{{.*}} : tensor<256xf32, #[[L]]>
// CHECK: scf.if %{{.*}} -> (tensor<256xf32, #[[L]]>)
tile.func public @loops(%n: i32, %c: i1) -> tensor<256xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.0> : tensor<256xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (tensor<256xf32>) : i32 {
    %b = arith.addf %a, %a : tensor<256xf32>
    scf.yield %b : tensor<256xf32>
  }
  %r = scf.if %c -> tensor<256xf32> {
    scf.yield %acc : tensor<256xf32>
  } else {
    scf.yield %z : tensor<256xf32>
  }
  tile.return %r : tensor<256xf32>
}

// -----

// Device functions and their calls agree on layouts.
// CHECK-DAG: #[[L:.*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: tile.func private @callee(%{{.*}}: tensor<128xf32, #[[L]]>) -> tensor<128xf32, #[[L]]>
// CHECK: tile.call @callee(%{{.*}}) : (tensor<128xf32, #[[L]]>) -> tensor<128xf32, #[[L]]>
tile.func private @callee(%x: tensor<128xf32>) -> tensor<128xf32> {
  tile.return %x : tensor<128xf32>
}
tile.func public @caller(%x: tensor<128xf32>) {
  %y = tile.call @callee(%x) : (tensor<128xf32>) -> tensor<128xf32>
  tile.return
}

// -----

// A map of pairs of elements: each thread holds runs of two along the
// fastest dimension, so that a call takes consecutive elements.
// CHECK-DAG: #[[ONE:.*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[TWO:.*]] = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tile.func @map_pairs
// CHECK: %[[X:.*]] = tilegpu.convert_layout %{{.*}} : tensor<256xf32, #[[ONE]]> -> tensor<256xf32, #[[TWO]]>
// CHECK: %[[M:.*]] = "tile.map_elementwise"(%[[X]]) <{pack = 2 : i32}>
// CHECK: }) : (tensor<256xf32, #[[TWO]]>) -> tensor<256xf32, #[[TWO]]>
// CHECK: tilegpu.convert_layout %[[M]] : tensor<256xf32, #[[TWO]]> -> tensor<256xf32, #[[ONE]]>
tile.func @map_pairs(%x: tensor<256xf32>) -> tensor<256xf32> {
  %m = "tile.map_elementwise"(%x) <{pack = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tile.map_elementwise.return %b, %a : f32, f32
  }) : (tensor<256xf32>) -> tensor<256xf32>
  tile.return %m : tensor<256xf32>
}
