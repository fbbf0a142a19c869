// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Reductions and scans over tensors smaller than their layout's block: the
// registers, lanes or warps whose part of an element's coordinate reaches
// the size hold copies of other elements, and each element must be combined
// once. (A sum of 32 elements over 2 warps of 32 lanes added both warps'
// copies: twice the sum.)
// RUN: tile-opt %s -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse -split-input-file | FileCheck %s

// 32 elements over 64 threads: warp 1 holds a copy of warp 0's elements.
// The butterfly over the 32 lanes gives every thread the sum; no partials
// meet in shared memory.
// CHECK-LABEL: gpu.func @sum_warp_copies
// CHECK-NOT: arith.addf
// CHECK: gpu.shuffle  xor %{{.*}}, %c16_i32, %c32_i32 : i32
// CHECK: gpu.shuffle  xor %{{.*}}, %c1_i32, %c32_i32 : i32
// CHECK-NOT: !llvm.ptr<3>
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
#b = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"tilegpu.num-warps" = 2 : i32} {
tile.func public @sum_warp_copies(%p: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %r = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #b>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<32x!tile.ptr<f32>, #b>
  %pp = tile.addptr %ps, %r : tensor<32x!tile.ptr<f32>, #b>, tensor<32xi32, #b>
  %v = tile.load %pp : tensor<32x!tile.ptr<f32>, #b>
  %s = "tile.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %c: f32):
    %t = arith.addf %a, %c : f32
    tile.reduce.return %t : f32
  }) : (tensor<32xf32, #b>) -> f32
  tile.store %out, %s : !tile.ptr<f32>
  tile.return
}
}

// -----

// 8 elements over 4 warps: lanes 8 and up repeat lanes 0 to 7, and every
// warp repeats warp 0. Three butterfly steps, over lanes 0 to 7.
// CHECK-LABEL: gpu.func @sum_lane_copies
// CHECK-NOT: %c16_i32, %c32_i32
// CHECK-NOT: %c8_i32, %c32_i32
// CHECK: gpu.shuffle  xor %{{.*}}, %c4_i32, %c32_i32 : i32
// CHECK: gpu.shuffle  xor %{{.*}}, %c2_i32, %c32_i32 : i32
// CHECK: gpu.shuffle  xor %{{.*}}, %c1_i32, %c32_i32 : i32
// CHECK-NOT: gpu.shuffle
// CHECK-NOT: !llvm.ptr<3>
// CHECK: gpu.return
#b = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @sum_lane_copies(%p: !tile.ptr<i32>, %out: !tile.ptr<i32>) {
  %r = tile.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #b>
  %ps = tile.splat %p : !tile.ptr<i32> -> tensor<8x!tile.ptr<i32>, #b>
  %pp = tile.addptr %ps, %r : tensor<8x!tile.ptr<i32>, #b>, tensor<8xi32, #b>
  %v = tile.load %pp : tensor<8x!tile.ptr<i32>, #b>
  %s = "tile.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: i32, %c: i32):
    %t = arith.addi %a, %c : i32
    tile.reduce.return %t : i32
  }) : (tensor<8xi32, #b>) -> i32
  tile.store %out, %s : !tile.ptr<i32>
  tile.return
}
}

// -----

// 2 elements, 4 registers a thread: registers 2 and 3 repeat 0 and 1; one
// add, and every lane holds the whole tensor.
// CHECK-LABEL: gpu.func @sum_register_copies
// CHECK: arith.addf
// CHECK-NOT: arith.addf
// CHECK-NOT: gpu.shuffle
// CHECK: gpu.return
#b = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"tilegpu.num-warps" = 1 : i32} {
tile.func public @sum_register_copies(%p: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %r = tile.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #b>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<2x!tile.ptr<f32>, #b>
  %pp = tile.addptr %ps, %r : tensor<2x!tile.ptr<f32>, #b>, tensor<2xi32, #b>
  %v = tile.load %pp : tensor<2x!tile.ptr<f32>, #b>
  %s = "tile.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %c: f32):
    %t = arith.addf %a, %c : f32
    tile.reduce.return %t : f32
  }) : (tensor<2xf32, #b>) -> f32
  tile.store %out, %s : !tile.ptr<f32>
  tile.return
}
}

// -----

// 64 elements over 4 warps: warps 2 and 3 repeat warps 0 and 1. Every warp
// writes its partial, and every thread folds the first two.
// CHECK-LABEL: gpu.func @sum_some_warp_copies
// CHECK: gpu.shuffle  xor %{{.*}}, %c16_i32, %c32_i32 : i32
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK-COUNT-2: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: llvm.load
// CHECK: gpu.return
#b = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @sum_some_warp_copies(%p: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #b>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #b>
  %pp = tile.addptr %ps, %r : tensor<64x!tile.ptr<f32>, #b>, tensor<64xi32, #b>
  %v = tile.load %pp : tensor<64x!tile.ptr<f32>, #b>
  %s = "tile.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %c: f32):
    %t = arith.addf %a, %c : f32
    tile.reduce.return %t : f32
  }) : (tensor<64xf32, #b>) -> f32
  tile.store %out, %s : !tile.ptr<f32>
  tile.return
}
}

// -----

// Along the replicated dimension of a 2-D layout only: [2, 64] over warps
// [4, 1] reduced along rows folds warps 0 and 1 (2 and 3 repeat them); the
// columns, which the layout covers exactly, keep all their lanes.
// CHECK-LABEL: gpu.func @rows_of_copies
// CHECK-NOT: gpu.shuffle
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: llvm.load
// CHECK: gpu.return
#b = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @rows_of_copies(%x: f32, %out: !tile.ptr<f32>) {
  %v = tile.splat %x : f32 -> tensor<2x64xf32, #b>
  %s = "tile.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %c: f32):
    %t = arith.addf %a, %c : f32
    tile.reduce.return %t : f32
  }) : (tensor<2x64xf32, #b>) -> tensor<64xf32, #tilegpu.slice<{dim = 0, parent = #b}>>
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #b}>>
  %ps = tile.splat %out : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>, #tilegpu.slice<{dim = 0, parent = #b}>>
  %pp = tile.addptr %ps, %r : tensor<64x!tile.ptr<f32>, #tilegpu.slice<{dim = 0, parent = #b}>>, tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #b}>>
  tile.store %pp, %s : tensor<64x!tile.ptr<f32>, #tilegpu.slice<{dim = 0, parent = #b}>>
  tile.return
}
}

// -----

// An FMA dot's operand holds K whole on every thread, and the parent's
// lanes and warps along K hold copies: a sum along K stays in registers.
// CHECK-LABEL: gpu.func @sum_over_k
// CHECK-COUNT-7: arith.addf
// CHECK-NOT: arith.addf
// CHECK-NOT: gpu.shuffle
// CHECK-NOT: !llvm.ptr<3>
// CHECK: gpu.return
#b = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #b}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @sum_over_k(%x: f32, %out: !tile.ptr<f32>) {
  %v = tile.splat %x : f32 -> tensor<8x8xf32, #a>
  %s = "tile.reduce"(%v) <{axis = 1 : i32}> ({
  ^bb0(%l: f32, %r: f32):
    %t = arith.addf %l, %r : f32
    tile.reduce.return %t : f32
  }) : (tensor<8x8xf32, #a>) -> tensor<8xf32, #tilegpu.slice<{dim = 1, parent = #a}>>
  %ps = tile.splat %out : !tile.ptr<f32> -> tensor<8x!tile.ptr<f32>, #tilegpu.slice<{dim = 1, parent = #a}>>
  tile.store %ps, %s : tensor<8x!tile.ptr<f32>, #tilegpu.slice<{dim = 1, parent = #a}>>
  tile.return
}
}

// -----

// An inclusive scan of 32 elements over 2 warps: warp 1 scans its copies
// as warp 0 does, and no warp's total reaches the other through shared
// memory (which would add warp 0's total to warp 1's copies): five shuffle
// steps, whose inclusive result is the element's (a thread holds one, so
// no shuffle for the lane before).
// CHECK-LABEL: gpu.func @cumsum_warp_copies
// CHECK-COUNT-5: gpu.shuffle  up
// CHECK-NOT: gpu.shuffle  up
// CHECK-NOT: !llvm.ptr<3>
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
#b = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"tilegpu.num-warps" = 2 : i32} {
tile.func public @cumsum_warp_copies(%p: !tile.ptr<f32>) {
  %r = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #b>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<32x!tile.ptr<f32>, #b>
  %pp = tile.addptr %ps, %r : tensor<32x!tile.ptr<f32>, #b>, tensor<32xi32, #b>
  %v = tile.load %pp : tensor<32x!tile.ptr<f32>, #b>
  %s = "tile.scan"(%v) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %c: f32):
    %t = arith.addf %a, %c : f32
    tile.scan.return %t : f32
  }) : (tensor<32xf32, #b>) -> tensor<32xf32, #b>
  tile.store %pp, %s : tensor<32x!tile.ptr<f32>, #b>
  tile.return
}
}

// -----

// 8 elements over 32 lanes, 2 warps, scanned in reverse: lanes 8 and up
// scan as lane % 8 does (the lane coordinate is taken modulo 8): three
// shuffle steps.
// CHECK-LABEL: gpu.func @cumsum_lane_copies
// CHECK: arith.remui %{{.*}}, %c8_i32 : i32
// CHECK-COUNT-3: gpu.shuffle  down
// CHECK-NOT: gpu.shuffle  down
// CHECK-NOT: !llvm.ptr<3>
// CHECK: gpu.return
#b = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"tilegpu.num-warps" = 2 : i32} {
tile.func public @cumsum_lane_copies(%p: !tile.ptr<i32>) {
  %r = tile.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #b>
  %ps = tile.splat %p : !tile.ptr<i32> -> tensor<8x!tile.ptr<i32>, #b>
  %pp = tile.addptr %ps, %r : tensor<8x!tile.ptr<i32>, #b>, tensor<8xi32, #b>
  %v = tile.load %pp : tensor<8x!tile.ptr<i32>, #b>
  %s = "tile.scan"(%v) <{axis = 0 : i32, reverse = true}> ({
  ^bb0(%a: i32, %c: i32):
    %t = arith.addi %a, %c : i32
    tile.scan.return %t : i32
  }) : (tensor<8xi32, #b>) -> tensor<8xi32, #b>
  tile.store %pp, %s : tensor<8x!tile.ptr<i32>, #b>
  tile.return
}
}

// -----

// 2 elements, 4 registers a thread: the scan combines registers 0 and 1
// once; registers 2 and 3 take their results.
// CHECK-LABEL: gpu.func @cumsum_register_copies
// CHECK: arith.addf
// CHECK-NOT: arith.addf
// CHECK-NOT: gpu.shuffle
// CHECK: gpu.return
#b = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"tilegpu.num-warps" = 1 : i32} {
tile.func public @cumsum_register_copies(%p: !tile.ptr<f32>) {
  %r = tile.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #b>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<2x!tile.ptr<f32>, #b>
  %pp = tile.addptr %ps, %r : tensor<2x!tile.ptr<f32>, #b>, tensor<2xi32, #b>
  %v = tile.load %pp : tensor<2x!tile.ptr<f32>, #b>
  %s = "tile.scan"(%v) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %c: f32):
    %t = arith.addf %a, %c : f32
    tile.scan.return %t : f32
  }) : (tensor<2xf32, #b>) -> tensor<2xf32, #b>
  tile.store %pp, %s : tensor<2x!tile.ptr<f32>, #b>
  tile.return
}
}
