// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -tile-remove-layout-conversions -split-input-file | FileCheck %s
// After coalescing, the whole vector add runs in the access layout.
// RUN: tile-opt %tile_src_root/examples/vector_add.mlir -tile-assign-layouts -tile-coalesce -tile-remove-layout-conversions -canonicalize -cse | FileCheck %s --check-prefix=ADD
// ADD-NOT: tilegpu.convert_layout
// ADD: tile.load %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>, #blocked>
// ADD-NOT: tilegpu.convert_layout

// GIoU: the boxes' load layout (a box per thread) goes through the reshape
// and both splits, which then rename registers; nothing is converted.
// RUN: tile-opt %tile_src_root/examples/giou_loss.mlir -tile-assign-layouts -tile-coalesce -tile-remove-layout-conversions -canonicalize -cse | FileCheck %s --check-prefix=GIOU
// GIOU-DAG: #[[BOX:.*]] = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// GIOU-DAG: #[[ONE:.*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// GIOU-DAG: #[[BOX3:.*]] = #tilegpu.blocked<{sizePerThread = [1, 2, 2], threadsPerWarp = [32, 1, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// GIOU-DAG: #[[PAIR:.*]] = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// GIOU-NOT: tilegpu.convert_layout

// Pointers carried by a K loop and advanced each step: carried in the
// loads' coalesced layouts, so nothing is converted in the loop.
// RUN: tile-opt %tile_src_root/test/GPU/Inputs/matmul_carried.mlir -tile-assign-layouts -tile-coalesce -tile-accelerate-matmul -tile-remove-layout-conversions -canonicalize -cse | FileCheck %s --check-prefix=CARRY
// CARRY: scf.for {{.*}} iter_args({{.*}}) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tile.ptr<f16>, #[[A:blocked[0-9]*]]>, tensor<32x64x!tile.ptr<f16>, #[[B:blocked[0-9]*]]>)
// CARRY-NOT: tilegpu.convert_layout
// CARRY: tile.load {{.*}} : tensor<64x32x!tile.ptr<f16>, #[[A]]>
// CARRY-NOT: tilegpu.convert_layout
// CARRY: scf.yield
// CARRY: tilegpu.convert_layout {{.*}} : tensor<64x64xf32, #mma>

// Several softmax rows per program: the load's layout goes through the
// reductions along the rows (their slice), expand_dims (back to the parent)
// and the broadcasts; nothing is converted.
// RUN: tile-opt %tile_src_root/bench/kernels/softmax_rows.mlir -tile-specialize="args=ROWS=4,COLS=256" -tile-assign-layouts -tile-coalesce -tile-remove-layout-conversions -canonicalize -cse | FileCheck %s --check-prefix=ROWS
// ROWS-DAG: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// ROWS-DAG: #[[S:.*]] = #tilegpu.slice<{dim = 1, parent = #[[B]]}>
// ROWS-NOT: tilegpu.convert_layout
// ROWS: "tile.reduce"
// ROWS: (tensor<4x256xf32, #[[B]]>) -> tensor<4xf32, #[[S]]>
// ROWS: tile.expand_dims %{{.*}} {axis = 1 : i32} : tensor<4xf32, #[[S]]> -> tensor<4x1xf32, #[[B]]>
// ROWS: tile.broadcast %{{.*}} : tensor<4x1xf32, #[[B]]> -> tensor<4x256xf32, #[[B]]>
// ROWS-NOT: tilegpu.convert_layout
// GIOU: tile.reshape %{{.*}} : tensor<256x4xf32, #[[BOX]]> -> tensor<256x2x2xf32, #[[BOX3]]>
// GIOU: tile.split %{{.*}} : tensor<256x2x2xf32, #[[BOX3]]> -> tensor<256x2xf32, #[[PAIR]]>
// GIOU: tile.split %{{.*}} : tensor<256x2xf32, #[[PAIR]]> -> tensor<256xf32, #[[ONE]]>
// GIOU-NOT: tilegpu.convert_layout

#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// Splats, ranges and element-wise ops are recomputed in the target layout;
// conversions of a load stay (a load is not recomputed).
// CHECK-LABEL: tile.func public @chain
// CHECK-DAG: %[[R:.*]] = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #[[B4:blocked[0-9]*]]>
// CHECK-DAG: %[[S:.*]] = tile.splat %p : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>, #[[B4]]>
// CHECK: %[[P:.*]] = tile.addptr %[[S]], %[[R]] : tensor<256x!tile.ptr<f32>, #[[B4]]>
// CHECK: %[[V:.*]] = tile.load %[[P]]
// CHECK-NEXT: tile.return %[[V]]
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @chain(%p: !tile.ptr<f32>) -> tensor<256xf32, #b4> {
  %r = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b1>
  %s = tile.splat %p : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>, #b1>
  %a = tile.addptr %s, %r : tensor<256x!tile.ptr<f32>, #b1>, tensor<256xi32, #b1>
  %c = tilegpu.convert_layout %a : tensor<256x!tile.ptr<f32>, #b1> -> tensor<256x!tile.ptr<f32>, #b4>
  %v = tile.load %c : tensor<256x!tile.ptr<f32>, #b4>
  %w = tilegpu.convert_layout %v : tensor<256xf32, #b4> -> tensor<256xf32, #b1>
  %x = tilegpu.convert_layout %w : tensor<256xf32, #b1> -> tensor<256xf32, #b1>
  tile.return %v : tensor<256xf32, #b4>
}
}

// -----

#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// Divisions and remainders by a run-time value are recomputed in the target
// layout too (an implicit GEMM's pixel and channel indices): they are not
// speculatable, but the copy runs where the conversion was, after them.
// Before, the comparison's operands stayed behind and its i1 result went
// through shared memory.
// CHECK-LABEL: tile.func public @divisions
// CHECK-NOT: tilegpu.convert_layout
// CHECK: %[[R:.*]] = tile.make_range {{.*}} : tensor<256xi32, #[[B4:blocked[0-9]*]]>
// CHECK: %[[Q:.*]] = arith.divsi %[[R]], %{{.*}} : tensor<256xi32, #[[B4]]>
// CHECK: %[[M:.*]] = arith.remsi %[[Q]], %{{.*}} : tensor<256xi32, #[[B4]]>
// CHECK: %[[C:.*]] = arith.cmpi slt, %[[M]], %{{.*}} : tensor<256xi32, #[[B4]]>
// CHECK: tile.load %{{.*}}, %[[C]] : tensor<256x!tile.ptr<f32>, #[[B4]]>
// CHECK-NOT: tilegpu.convert_layout
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @divisions(%p: !tile.ptr<f32>, %w: i32, %h: i32) -> tensor<256xf32, #b4> {
  %r = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b1>
  %ws = tile.splat %w : i32 -> tensor<256xi32, #b1>
  %hs = tile.splat %h : i32 -> tensor<256xi32, #b1>
  %q = arith.divsi %r, %ws : tensor<256xi32, #b1>
  %m = arith.remsi %q, %hs : tensor<256xi32, #b1>
  %c = arith.cmpi slt, %m, %hs : tensor<256xi32, #b1>
  %cc = tilegpu.convert_layout %c : tensor<256xi1, #b1> -> tensor<256xi1, #b4>
  %s = tile.splat %p : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>, #b4>
  %r4 = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b4>
  %a = tile.addptr %s, %r4 : tensor<256x!tile.ptr<f32>, #b4>, tensor<256xi32, #b4>
  %v = tile.load %a, %cc : tensor<256x!tile.ptr<f32>, #b4>
  tile.return %v : tensor<256xf32, #b4>
}
}

// -----

#b2 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#b2v = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// Through broadcast and expand_dims, whose operands take the matching
// layouts (the slice of the target for expand_dims).
// CHECK-DAG: #[[V:.*]] = #tilegpu.blocked<{sizePerThread = [1, 4]
// CHECK-DAG: #[[SV:.*]] = #tilegpu.slice<{dim = 0, parent = #[[V]]}>
// CHECK-LABEL: tile.func public @broadcast
// CHECK: tile.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #[[SV]]>
// CHECK: tile.expand_dims %{{.*}} : tensor<4xi32, #[[SV]]> -> tensor<1x4xi32, #[[V]]>
// CHECK: tile.broadcast %{{.*}} : tensor<1x4xi32, #[[V]]> -> tensor<128x4xi32, #[[V]]>
// CHECK-NOT: tilegpu.convert_layout
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @broadcast() -> tensor<128x4xi32, #b2v> {
  %r = tile.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #tilegpu.slice<{dim = 0, parent = #b2}>>
  %e = tile.expand_dims %r {axis = 0 : i32} : tensor<4xi32, #tilegpu.slice<{dim = 0, parent = #b2}>> -> tensor<1x4xi32, #b2>
  %b = tile.broadcast %e : tensor<1x4xi32, #b2> -> tensor<128x4xi32, #b2>
  %c = tilegpu.convert_layout %b : tensor<128x4xi32, #b2> -> tensor<128x4xi32, #b2v>
  tile.return %c : tensor<128x4xi32, #b2v>
}
}

// -----

#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// Forward: a load's layout spreads to the math on its values and to the
// reductions of it; the splat it meets is recomputed in that layout, and
// the conversion back to it before the store folds away.
// CHECK-LABEL: tile.func public @softmax_like
// CHECK-NOT: tilegpu.convert_layout
// CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<512x!tile.ptr<f32>, #[[B4:blocked[0-9]*]]>
// CHECK: "tile.reduce"(%[[X]])
// CHECK: (tensor<512xf32, #[[B4]]>) -> f32
// CHECK: %[[M:.*]] = tile.splat %{{.*}} : f32 -> tensor<512xf32, #[[B4]]>
// CHECK: %[[D:.*]] = arith.subf %[[X]], %[[M]] : tensor<512xf32, #[[B4]]>
// CHECK: %[[E:.*]] = math.exp %[[D]] : tensor<512xf32, #[[B4]]>
// CHECK: tile.store %{{.*}}, %[[E]] : tensor<512x!tile.ptr<f32>, #[[B4]]>
// CHECK-NOT: tilegpu.convert_layout
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @softmax_like(%p: tensor<512x!tile.ptr<f32>, #b4>) {
  %x = tile.load %p : tensor<512x!tile.ptr<f32>, #b4>
  %c = tilegpu.convert_layout %x : tensor<512xf32, #b4> -> tensor<512xf32, #b1>
  %max = "tile.reduce"(%c) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    tile.reduce.return %m : f32
  }) : (tensor<512xf32, #b1>) -> f32
  %ms = tile.splat %max : f32 -> tensor<512xf32, #b1>
  %d = arith.subf %c, %ms : tensor<512xf32, #b1>
  %e = math.exp %d : tensor<512xf32, #b1>
  %ec = tilegpu.convert_layout %e : tensor<512xf32, #b1> -> tensor<512xf32, #b4>
  tile.store %p, %ec : tensor<512x!tile.ptr<f32>, #b4>
  tile.return
}
}

// -----

#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// Loop-carried values move with it: the accumulator, its initial value (a
// constant), the yield and the loop's result.
// CHECK-LABEL: tile.func public @accumulate
// CHECK-NOT: tilegpu.convert_layout
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<512xf32, #[[B4:blocked[0-9]*]]>
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %[[Z]]) -> (tensor<512xf32, #[[B4]]>)
// CHECK: %[[X:.*]] = tile.load {{.*}} : tensor<512x!tile.ptr<f32>, #[[B4]]>
// CHECK: %[[S:.*]] = arith.addf %[[A]], %[[X]] : tensor<512xf32, #[[B4]]>
// CHECK: scf.yield %[[S]] : tensor<512xf32, #[[B4]]>
// CHECK: "tile.reduce"(%[[R]])
// CHECK-NOT: tilegpu.convert_layout
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @accumulate(%p: tensor<512x!tile.ptr<f32>, #b4>, %n: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<512xf32, #b1>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<512xf32, #b1>) : i32 {
    %x = tile.load %p : tensor<512x!tile.ptr<f32>, #b4>
    %c = tilegpu.convert_layout %x : tensor<512xf32, #b4> -> tensor<512xf32, #b1>
    %s = arith.addf %a, %c : tensor<512xf32, #b1>
    scf.yield %s : tensor<512xf32, #b1>
  }
  %sum = "tile.reduce"(%acc) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.reduce.return %s : f32
  }) : (tensor<512xf32, #b1>) -> f32
  tile.return %sum : f32
}
}

// -----

#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// No forward move when a value it meets is not cheap to recompute (another
// load in the target layout), when a store's pointers keep the target
// layout, or when a user must keep its layout (a load's mask).
// CHECK-LABEL: tile.func public @stays
// CHECK-COUNT-3: tilegpu.convert_layout
// CHECK-NOT: tilegpu.convert_layout
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @stays(%p: tensor<512x!tile.ptr<f32>, #b4>, %q: tensor<512x!tile.ptr<f32>, #b1>,
                        %pi: tensor<512x!tile.ptr<i32>, #b4>, %pm: tensor<512x!tile.ptr<f32>, #b1>) {
  %x = tile.load %p : tensor<512x!tile.ptr<f32>, #b4>
  %c = tilegpu.convert_layout %x : tensor<512xf32, #b4> -> tensor<512xf32, #b1>
  %y = tile.load %q : tensor<512x!tile.ptr<f32>, #b1>
  %s = arith.addf %c, %y : tensor<512xf32, #b1>
  tile.store %q, %s : tensor<512x!tile.ptr<f32>, #b1>
  %x2 = tile.load %p : tensor<512x!tile.ptr<f32>, #b4>
  %c2 = tilegpu.convert_layout %x2 : tensor<512xf32, #b4> -> tensor<512xf32, #b1>
  tile.store %q, %c2 : tensor<512x!tile.ptr<f32>, #b1>
  %i = tile.load %pi : tensor<512x!tile.ptr<i32>, #b4>
  %ci = tilegpu.convert_layout %i : tensor<512xi32, #b4> -> tensor<512xi32, #b1>
  %zero = arith.constant dense<0> : tensor<512xi32, #b1>
  %mask = arith.cmpi sgt, %ci, %zero : tensor<512xi32, #b1>
  %m = tile.load %pm, %mask : tensor<512x!tile.ptr<f32>, #b1>
  tile.store %pm, %m : tensor<512x!tile.ptr<f32>, #b1>
  tile.return
}
}

// -----

#src = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dst = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// An epilogue: the bias row, ReLU and the cast to f16 run in the
// accumulator's layout; only the bias row and the f16 result are converted,
// not the f32 values.
// CHECK-DAG: #[[SRC:.*]] = #tilegpu.blocked<{sizePerThread = [1, 2]
// CHECK-DAG: #[[DST:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8]
// CHECK-LABEL: tile.func public @sink_past_truncation
// CHECK-SAME: (%[[ACC:.*]]: tensor<64x64xf32, #[[SRC]]>, %[[BIAS:.*]]: tensor<1x64xf32, #[[DST]]>
// CHECK-NOT: tilegpu.convert_layout {{.*}}64x64xf32
// CHECK: %[[B1:.*]] = tilegpu.convert_layout %[[BIAS]] : tensor<1x64xf32, #[[DST]]> -> tensor<1x64xf32, #[[SRC]]>
// CHECK: %[[B:.*]] = tile.broadcast %[[B1]] : tensor<1x64xf32, #[[SRC]]> -> tensor<64x64xf32, #[[SRC]]>
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[B]] : tensor<64x64xf32, #[[SRC]]>
// CHECK: %[[R:.*]] = arith.maximumf %[[S]], %{{.*}} : tensor<64x64xf32, #[[SRC]]>
// CHECK: %[[H:.*]] = arith.truncf %[[R]] : tensor<64x64xf32, #[[SRC]]> to tensor<64x64xf16, #[[SRC]]>
// CHECK: %[[C:.*]] = tilegpu.convert_layout %[[H]] : tensor<64x64xf16, #[[SRC]]> -> tensor<64x64xf16, #[[DST]]>
// CHECK: tile.store %{{.*}}, %[[C]] : tensor<64x64x!tile.ptr<f16>, #[[DST]]>
// CHECK-NOT: tilegpu.convert_layout
tile.func public @sink_past_truncation(%acc: tensor<64x64xf32, #src>, %bias: tensor<1x64xf32, #dst>,
                                       %p: tensor<64x64x!tile.ptr<f16>, #dst>) {
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #dst>
  %c = tilegpu.convert_layout %acc : tensor<64x64xf32, #src> -> tensor<64x64xf32, #dst>
  %b = tile.broadcast %bias : tensor<1x64xf32, #dst> -> tensor<64x64xf32, #dst>
  %s = arith.addf %c, %b : tensor<64x64xf32, #dst>
  %r = arith.maximumf %s, %zero : tensor<64x64xf32, #dst>
  %h = arith.truncf %r : tensor<64x64xf32, #dst> to tensor<64x64xf16, #dst>
  tile.store %p, %h : tensor<64x64x!tile.ptr<f16>, #dst>
  tile.return
}

// A widening op: the conversion stays on the narrower values before it.
// CHECK-LABEL: tile.func public @stays_before_widening
// CHECK: tilegpu.convert_layout %{{.*}} : tensor<64x64xf16, #[[SRC]]> -> tensor<64x64xf16, #[[DST]]>
// CHECK: arith.extf %{{.*}} : tensor<64x64xf16, #[[DST]]> to tensor<64x64xf32, #[[DST]]>
tile.func public @stays_before_widening(%x: tensor<64x64xf16, #src>,
                                        %p: tensor<64x64x!tile.ptr<f32>, #dst>) {
  %c = tilegpu.convert_layout %x : tensor<64x64xf16, #src> -> tensor<64x64xf16, #dst>
  %e = arith.extf %c : tensor<64x64xf16, #dst> to tensor<64x64xf32, #dst>
  tile.store %p, %e : tensor<64x64x!tile.ptr<f32>, #dst>
  tile.return
}

// Moving past the cast would convert the other full-size operand of the
// addition as well, or the f32 values would still be needed for their other
// user: the conversion stays where it is.
// CHECK-LABEL: tile.func public @stays_other_operand
// CHECK: tilegpu.convert_layout %{{.*}} : tensor<64x64xf32, #[[SRC]]> -> tensor<64x64xf32, #[[DST]]>
// CHECK: arith.addf %{{.*}}, %{{.*}} : tensor<64x64xf32, #[[DST]]>
// CHECK: arith.truncf %{{.*}} : tensor<64x64xf32, #[[DST]]> to tensor<64x64xf16, #[[DST]]>
// CHECK-NOT: tilegpu.convert_layout
// CHECK-LABEL: tile.func public @stays_two_users
// CHECK: tilegpu.convert_layout %{{.*}} : tensor<64x64xf32, #[[SRC]]> -> tensor<64x64xf32, #[[DST]]>
// CHECK: arith.truncf %{{.*}} : tensor<64x64xf32, #[[DST]]> to tensor<64x64xf16, #[[DST]]>
// CHECK-NOT: tilegpu.convert_layout
tile.func public @stays_other_operand(%acc: tensor<64x64xf32, #src>, %y: tensor<64x64xf32, #dst>,
                                      %p: tensor<64x64x!tile.ptr<f16>, #dst>) {
  %c = tilegpu.convert_layout %acc : tensor<64x64xf32, #src> -> tensor<64x64xf32, #dst>
  %s = arith.addf %c, %y : tensor<64x64xf32, #dst>
  %h = arith.truncf %s : tensor<64x64xf32, #dst> to tensor<64x64xf16, #dst>
  tile.store %p, %h : tensor<64x64x!tile.ptr<f16>, #dst>
  tile.return
}
tile.func public @stays_two_users(%acc: tensor<64x64xf32, #src>,
                                  %p: tensor<64x64x!tile.ptr<f16>, #dst>,
                                  %q: tensor<64x64x!tile.ptr<f32>, #dst>) {
  %c = tilegpu.convert_layout %acc : tensor<64x64xf32, #src> -> tensor<64x64xf32, #dst>
  %h = arith.truncf %c : tensor<64x64xf32, #dst> to tensor<64x64xf16, #dst>
  tile.store %p, %h : tensor<64x64x!tile.ptr<f16>, #dst>
  tile.store %q, %c : tensor<64x64x!tile.ptr<f32>, #dst>
  tile.return
}

// -----

#src = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dst = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#one = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#two = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// A product that a store keeps in its own layout and another store needs in
// a second one: converting the product once moves one tensor; recomputing
// it there would convert both factors and hold both copies. A value free
// in the second layout (from a range) is recomputed there.
// CHECK-DAG: #[[SRC:.*]] = #tilegpu.blocked<{sizePerThread = [1, 2]
// CHECK-DAG: #[[DST:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8]
// CHECK-DAG: #[[ONE:.*]] = #tilegpu.blocked<{sizePerThread = [1], 
// CHECK-DAG: #[[TWO:.*]] = #tilegpu.blocked<{sizePerThread = [2], 
// CHECK-LABEL: tile.func public @kept_elsewhere
// CHECK: %[[M:.*]] = arith.mulf %{{.*}}, %{{.*}} : tensor<64x64xf32, #[[SRC]]>
// CHECK: tile.store %{{.*}}, %[[M]] : tensor<64x64x!tile.ptr<f32>, #[[SRC]]>
// CHECK: %[[C:.*]] = tilegpu.convert_layout %[[M]] : tensor<64x64xf32, #[[SRC]]> -> tensor<64x64xf32, #[[DST]]>
// CHECK: tile.store %{{.*}}, %[[C]] : tensor<64x64x!tile.ptr<f32>, #[[DST]]>
// CHECK-NOT: arith.mulf
// CHECK-LABEL: tile.func public @free_elsewhere
// CHECK-DAG: arith.sitofp %{{.*}} : tensor<64xi32, #[[ONE]]>
// CHECK-DAG: arith.sitofp %{{.*}} : tensor<64xi32, #[[TWO]]>
// CHECK-NOT: tilegpu.convert_layout
// CHECK: tile.return
// A row loaded with fewer elements than threads is read again in the
// second layout, as a conversion of the load alone would be.
// CHECK-LABEL: tile.func public @reloaded_elsewhere
// CHECK-DAG: tile.load %{{.*}} : tensor<64x!tile.ptr<bf16>, #[[ONE]]>
// CHECK-DAG: tile.load %{{.*}} : tensor<64x!tile.ptr<bf16>, #[[TWO]]>
// CHECK-NOT: tilegpu.convert_layout {{.*}} : tensor<64xf32
// CHECK: tile.return
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @kept_elsewhere(%x: tensor<64x64xf32, #src>, %y: tensor<64x64xf32, #src>,
                                 %p: tensor<64x64x!tile.ptr<f32>, #src>,
                                 %q: tensor<64x64x!tile.ptr<f32>, #dst>) {
  %m = arith.mulf %x, %y : tensor<64x64xf32, #src>
  tile.store %p, %m : tensor<64x64x!tile.ptr<f32>, #src>
  %c = tilegpu.convert_layout %m : tensor<64x64xf32, #src> -> tensor<64x64xf32, #dst>
  tile.store %q, %c : tensor<64x64x!tile.ptr<f32>, #dst>
  tile.return
}
tile.func public @free_elsewhere(%p: tensor<64x!tile.ptr<f32>, #one>,
                                 %q: tensor<64x!tile.ptr<f32>, #two>) {
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #one>
  %f = arith.sitofp %r : tensor<64xi32, #one> to tensor<64xf32, #one>
  tile.store %p, %f : tensor<64x!tile.ptr<f32>, #one>
  %c = tilegpu.convert_layout %f : tensor<64xf32, #one> -> tensor<64xf32, #two>
  tile.store %q, %c : tensor<64x!tile.ptr<f32>, #two>
  tile.return
}
tile.func public @reloaded_elsewhere(%r: tensor<64x!tile.ptr<bf16>, #one>,
                                     %p: tensor<64x!tile.ptr<f32>, #one>,
                                     %q: tensor<64x!tile.ptr<f32>, #two>) {
  %x = tile.load %r : tensor<64x!tile.ptr<bf16>, #one>
  %f = arith.extf %x : tensor<64xbf16, #one> to tensor<64xf32, #one>
  tile.store %p, %f : tensor<64x!tile.ptr<f32>, #one>
  %c = tilegpu.convert_layout %f : tensor<64xf32, #one> -> tensor<64xf32, #two>
  tile.store %q, %c : tensor<64x!tile.ptr<f32>, #two>
  tile.return
}
}

// -----

#src = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dst = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#st = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// A loop-carried accumulator that goes through an scf.if (a persistent
// loop's epilogue, which stores it and restarts from zeros) and is
// computed in a layout of its own (%x's, as a dot's): the if's result and
// both branches' values take that layout with the loop, so the accumulator
// is not converted in the loop; only the f16 values the branch stores are.
// CHECK-DAG: #[[SRC:.*]] = #tilegpu.blocked<{sizePerThread = [1, 2]
// CHECK-DAG: #[[ST:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32]
// CHECK-LABEL: tile.func public @through_if
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #[[SRC]]>
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (tensor<64x64xf32, #[[SRC]]>)
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %x : tensor<64x64xf32, #[[SRC]]>
// CHECK: %[[NEXT:.*]] = scf.if {{.*}} -> (tensor<64x64xf32, #[[SRC]]>)
// CHECK-NEXT: %[[H:.*]] = arith.truncf %[[S]] : tensor<64x64xf32, #[[SRC]]> to tensor<64x64xf16, #[[SRC]]>
// CHECK-NEXT: %[[C:.*]] = tilegpu.convert_layout %[[H]] : tensor<64x64xf16, #[[SRC]]> -> tensor<64x64xf16, #[[ST]]>
// CHECK-NEXT: tile.store %{{.*}}, %[[C]]
// CHECK-NEXT: scf.yield %[[ZERO]] : tensor<64x64xf32, #[[SRC]]>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[S]] : tensor<64x64xf32, #[[SRC]]>
// CHECK: scf.yield %[[NEXT]] : tensor<64x64xf32, #[[SRC]]>
// CHECK-NOT: tilegpu.convert_layout
// CHECK: tile.return
tile.func public @through_if(%x: tensor<64x64xf32, #src>, %p: tensor<64x64x!tile.ptr<f16>, #st>,
                             %n: i32, %steps: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #dst>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #dst>) : i32 {
    %a = tilegpu.convert_layout %acc : tensor<64x64xf32, #dst> -> tensor<64x64xf32, #src>
    %s = arith.addf %a, %x : tensor<64x64xf32, #src>
    %d = tilegpu.convert_layout %s : tensor<64x64xf32, #src> -> tensor<64x64xf32, #dst>
    %k = arith.remui %i, %steps : i32
    %last = arith.cmpi eq, %k, %c0 : i32
    %next = scf.if %last -> (tensor<64x64xf32, #dst>) {
      %h = arith.truncf %d : tensor<64x64xf32, #dst> to tensor<64x64xf16, #dst>
      %hs = tilegpu.convert_layout %h : tensor<64x64xf16, #dst> -> tensor<64x64xf16, #st>
      tile.store %p, %hs : tensor<64x64x!tile.ptr<f16>, #st>
      scf.yield %zero : tensor<64x64xf32, #dst>
    } else {
      scf.yield %d : tensor<64x64xf32, #dst>
    }
    scf.yield %next : tensor<64x64xf32, #dst>
  }
  tile.return
}

// -----

#src = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dst = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#st = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// @through_if, with a value the branch loads (in another layout) added to
// the accumulator before the store (a stream-K block's other part). %x,
// defined outside the loop, is converted once before it, so the
// accumulator stays in the layout the branch loads in, and nothing is
// converted in the loop but the stored f16 block.
// CHECK-DAG: #[[SRC:.*]] = #tilegpu.blocked<{sizePerThread = [1, 2]
// CHECK-DAG: #[[DST:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8]
// CHECK-LABEL: tile.func public @through_if_other_operand
// CHECK: %[[X:.*]] = tilegpu.convert_layout %x : tensor<64x64xf32, #[[SRC]]> -> tensor<64x64xf32, #[[DST]]>
// CHECK-NEXT: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<64x64xf32, #[[DST]]>)
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[X]] : tensor<64x64xf32, #[[DST]]>
// CHECK: scf.if {{.*}} -> (tensor<64x64xf32, #[[DST]]>)
// CHECK-NEXT: %[[PART:.*]] = tile.load %{{.*}} : tensor<64x64x!tile.ptr<f32>, #[[DST]]>
// CHECK-NEXT: arith.addf %[[S]], %[[PART]] : tensor<64x64xf32, #[[DST]]>
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[S]] : tensor<64x64xf32, #[[DST]]>
tile.func public @through_if_other_operand(%x: tensor<64x64xf32, #src>, %p: tensor<64x64x!tile.ptr<f16>, #st>,
                                           %q: tensor<64x64x!tile.ptr<f32>, #dst>, %n: i32, %steps: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #dst>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #dst>) : i32 {
    %a = tilegpu.convert_layout %acc : tensor<64x64xf32, #dst> -> tensor<64x64xf32, #src>
    %s = arith.addf %a, %x : tensor<64x64xf32, #src>
    %d = tilegpu.convert_layout %s : tensor<64x64xf32, #src> -> tensor<64x64xf32, #dst>
    %k = arith.remui %i, %steps : i32
    %last = arith.cmpi eq, %k, %c0 : i32
    %next = scf.if %last -> (tensor<64x64xf32, #dst>) {
      %part = tile.load %q : tensor<64x64x!tile.ptr<f32>, #dst>
      %both = arith.addf %d, %part : tensor<64x64xf32, #dst>
      %h = arith.truncf %both : tensor<64x64xf32, #dst> to tensor<64x64xf16, #dst>
      %hs = tilegpu.convert_layout %h : tensor<64x64xf16, #dst> -> tensor<64x64xf16, #st>
      tile.store %p, %hs : tensor<64x64x!tile.ptr<f16>, #st>
      scf.yield %zero : tensor<64x64xf32, #dst>
    } else {
      scf.yield %d : tensor<64x64xf32, #dst>
    }
    scf.yield %next : tensor<64x64xf32, #dst>
  }
  tile.return
}

// -----

// A descriptor store takes its value in any layout (it goes to shared
// memory first): the conversion before it goes, and the truncation runs
// in the accumulator's layout.
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
// CHECK-LABEL: tile.func public @descriptor_store_any_layout
// CHECK-NOT: tilegpu.convert_layout
// CHECK: %[[H:.*]] = arith.truncf %acc : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
// CHECK-NEXT: tile.descriptor_store %d[%i, %i], %[[H]] : !tile.tensordesc<64x64xf16>, tensor<64x64xf16, #mma>
tile.func public @descriptor_store_any_layout(%d: !tile.tensordesc<64x64xf16>, %i: i32, %acc: tensor<64x64xf32, #mma>) {
  %c = tilegpu.convert_layout %acc : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
  %h = arith.truncf %c : tensor<64x64xf32, #blocked> to tensor<64x64xf16, #blocked>
  tile.descriptor_store %d[%i, %i], %h : !tile.tensordesc<64x64xf16>, tensor<64x64xf16, #blocked>
  tile.return
}
}

// -----

// A conversion into a store's layout that would take more scratch than a
// round (32 KiB) folds into the store, which converts its value itself in
// rounds. The 128x256 f16 accumulator spread row by row over the warps
// (#rows, 32 threads along a row: no smaller slice both layouts repeat
// in) goes to a layout with 8 threads a row, each warp access still whole
// 128-byte lines, whose block repeats every 64 columns: the pointers and
// the mask are computed there (their conversions rematerialize), and the
// value stays in the accumulator's layout.
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#rows = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#lines = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma64 = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
module attributes {"tilegpu.num-warps" = 8 : i32, tilegpu.target = "sm_90a"} {
// CHECK: #[[LINES:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-LABEL: tile.func public @store_in_rounds
// CHECK-NOT: tilegpu.convert_layout
// CHECK-DAG: %[[P:.*]] = tile.splat %c : !tile.ptr<f16> -> tensor<128x256x!tile.ptr<f16>, #[[LINES]]>
// CHECK-DAG: %[[M:.*]] = tile.splat %ok : i1 -> tensor<128x256xi1, #[[LINES]]>
// CHECK-DAG: %[[H:.*]] = arith.truncf %acc : tensor<128x256xf32, #mma> to tensor<128x256xf16, #mma>
// CHECK: tile.store %[[P]], %[[H]], %[[M]] : tensor<128x256x!tile.ptr<f16>, #[[LINES]]>, tensor<128x256xf16, #mma>
tile.func public @store_in_rounds(%c: !tile.ptr<f16>, %acc: tensor<128x256xf32, #mma>, %ok: i1) {
  %p = tile.splat %c : !tile.ptr<f16> -> tensor<128x256x!tile.ptr<f16>, #rows>
  %m = tile.splat %ok : i1 -> tensor<128x256xi1, #rows>
  %h = arith.truncf %acc : tensor<128x256xf32, #mma> to tensor<128x256xf16, #mma>
  %v = tilegpu.convert_layout %h : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #rows>
  tile.store %p, %v, %m : tensor<128x256x!tile.ptr<f16>, #rows>
  tile.return
}

// Pointers that cannot be computed in the narrower layout (an argument
// here) keep the store where it was: converting them would move more.
// CHECK-LABEL: tile.func public @pointers_stay
// CHECK: %[[V:.*]] = tilegpu.convert_layout %acc : tensor<128x256xf16, #mma> -> tensor<128x256xf16, {{#blocked[0-9]*}}>
// CHECK-NEXT: tile.store %p, %[[V]] : tensor<128x256x!tile.ptr<f16>, {{#blocked[0-9]*}}>{{$}}
tile.func public @pointers_stay(%p: tensor<128x256x!tile.ptr<f16>, #rows>, %acc: tensor<128x256xf16, #mma>) {
  %v = tilegpu.convert_layout %acc : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #rows>
  tile.store %p, %v : tensor<128x256x!tile.ptr<f16>, #rows>
  tile.return
}

// Into a layout that already allows rounds, a large conversion folds with
// the store's layout kept; one that fits a round (128x64 f16: 18 KiB with
// padding) stays a conversion before the store.
// CHECK-LABEL: tile.func public @other_conversions
// CHECK: tile.store %{{.*}}, %a : tensor<128x256x!tile.ptr<f16>, #[[LINES]]>, tensor<128x256xf16, #mma>
// CHECK: %[[V:.*]] = tilegpu.convert_layout %b : tensor<128x64xf16, #mma1> -> tensor<128x64xf16, #[[LINES]]>
// CHECK-NEXT: tile.store %{{.*}}, %[[V]] : tensor<128x64x!tile.ptr<f16>, #[[LINES]]>{{$}}
tile.func public @other_conversions(%c: !tile.ptr<f16>, %a: tensor<128x256xf16, #mma>, %b: tensor<128x64xf16, #mma64>) {
  %p = tile.splat %c : !tile.ptr<f16> -> tensor<128x256x!tile.ptr<f16>, #lines>
  %v = tilegpu.convert_layout %a : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #lines>
  tile.store %p, %v : tensor<128x256x!tile.ptr<f16>, #lines>
  %q = tile.splat %c : !tile.ptr<f16> -> tensor<128x64x!tile.ptr<f16>, #lines>
  %w = tilegpu.convert_layout %b : tensor<128x64xf16, #mma64> -> tensor<128x64xf16, #lines>
  tile.store %q, %w : tensor<128x64x!tile.ptr<f16>, #lines>
  tile.return
}
}

// -----

#b2 = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#rows = #tilegpu.slice<{dim = 1, parent = #b2}>
// An online softmax's two row statistics, carried in another layout than
// the rows they are updated from: the running maximum takes each
// iteration's maxima (converted), the running sum its sums (converted too).
// Both move into the reductions' layout together: the sum's update is
// element-wise on a conversion out of that layout, which folds away.
// CHECK-LABEL: tile.func public @row_statistics
// CHECK: scf.for {{.*}} -> (tensor<128xf32, #[[STATS:slice[0-9]*]]>, tensor<128xf32, #slice{{[0-9]*}}>)
// CHECK-NOT: tilegpu.convert_layout
// CHECK: scf.yield %{{.*}}, %{{.*}} : tensor<128xf32, #[[STATS]]>, tensor<128xf32, #[[STATS]]>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @row_statistics(%x: tensor<128x64xf32, #b2>, %n: i32) -> (tensor<128xf32, #b1>, tensor<128xf32, #b1>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %ninf = arith.constant dense<0xFF800000> : tensor<128xf32, #b1>
  %zero = arith.constant dense<0.0> : tensor<128xf32, #b1>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %ninf, %l = %zero) -> (tensor<128xf32, #b1>, tensor<128xf32, #b1>) : i32 {
    %max = "tile.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.maxnumf %a, %b : f32
      tile.reduce.return %s : f32
    }) : (tensor<128x64xf32, #b2>) -> tensor<128xf32, #rows>
    %maxc = tilegpu.convert_layout %max : tensor<128xf32, #rows> -> tensor<128xf32, #b1>
    %mnew = arith.maxnumf %m, %maxc : tensor<128xf32, #b1>
    %sum = "tile.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tile.reduce.return %s : f32
    }) : (tensor<128x64xf32, #b2>) -> tensor<128xf32, #rows>
    %sumc = tilegpu.convert_layout %sum : tensor<128xf32, #rows> -> tensor<128xf32, #b1>
    %d = arith.subf %m, %mnew : tensor<128xf32, #b1>
    %alpha = math.exp2 %d : tensor<128xf32, #b1>
    %la = arith.mulf %l, %alpha : tensor<128xf32, #b1>
    %lnew = arith.addf %la, %sumc : tensor<128xf32, #b1>
    scf.yield %mnew, %lnew : tensor<128xf32, #b1>, tensor<128xf32, #b1>
  }
  tile.return %r#0, %r#1 : tensor<128xf32, #b1>, tensor<128xf32, #b1>
}
}

// -----

#a = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// Two conversions out of one layout whose results meet, each after its own
// element-wise op (flex attention's backward multiplies exp2 of one
// product by a function of another): from either, the other's operand is
// neither in the layout nor a conversion out of it, but it is computed
// element-wise from one, so it moves too. Everything stays in #a.
// CHECK-LABEL: tile.func public @meeting_conversions
// CHECK-NOT: tilegpu.convert_layout
// CHECK: math.exp2 %x
// CHECK: math.exp2 %y
// CHECK: arith.mulf
// CHECK-NOT: tilegpu.convert_layout
// CHECK: tile.return
tile.func public @meeting_conversions(%x: tensor<64x64xf32, #a>, %y: tensor<64x64xf32, #a>, %p: tensor<64x64x!tile.ptr<f32>, #a>) {
  %cx = tilegpu.convert_layout %x : tensor<64x64xf32, #a> -> tensor<64x64xf32, #b>
  %ex = math.exp2 %cx : tensor<64x64xf32, #b>
  %cy = tilegpu.convert_layout %y : tensor<64x64xf32, #a> -> tensor<64x64xf32, #b>
  %ey = math.exp2 %cy : tensor<64x64xf32, #b>
  %m = arith.mulf %ex, %ey : tensor<64x64xf32, #b>
  %back = tilegpu.convert_layout %m : tensor<64x64xf32, #b> -> tensor<64x64xf32, #a>
  tile.store %p, %back : tensor<64x64x!tile.ptr<f32>, #a>
  tile.return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#wide = #tilegpu.blocked<{sizePerThread = [1, 16], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A recurrent step (fla's fused_recurrent): rows of 64 elements loaded
// each iteration, at most one per thread of the block, used along both
// dimensions of a 64x64 state. Each is loaded again in the layout it is
// used in (threads that share an element read one address), its pointer
// carried in that layout, instead of converted through shared memory.
// CHECK-LABEL: tile.func public @recurrent_rows
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[PK:.*]] = %{{.*}}, %[[PV:.*]] = %{{.*}}) -> (tensor<64x64xf32, #{{.*}}>, tensor<64x!tile.ptr<bf16>, #[[KROWS:slice[0-9]*]]>, tensor<64x!tile.ptr<bf16>, #[[VCOLS:slice[0-9]*]]>)
// CHECK-NOT: tilegpu.convert_layout
// CHECK: tile.load %[[PK]], %{{.*}}, %{{.*}} : tensor<64x!tile.ptr<bf16>, #[[KROWS]]>
// CHECK: tile.load %[[PV]], %{{.*}}, %{{.*}} : tensor<64x!tile.ptr<bf16>, #[[VCOLS]]>
// CHECK: tile.expand_dims %{{.*}} {axis = 1 : i32} : tensor<64xf32, #[[KROWS]]>
// CHECK: tile.expand_dims %{{.*}} {axis = 0 : i32} : tensor<64xf32, #[[VCOLS]]>
// CHECK-NOT: tilegpu.convert_layout
// CHECK: scf.yield
// A row of more elements than threads stays converted; so does one whose
// target layout would give each thread more than 8 of them.
// CHECK-LABEL: tile.func public @wide_row
// CHECK: tile.load %{{.*}} : tensor<256x!tile.ptr<f32>, #{{.*}}>
// CHECK: tilegpu.convert_layout
// CHECK-LABEL: tile.func public @replicated_row
// CHECK: tile.load %{{.*}} : tensor<64x!tile.ptr<f32>, #{{.*}}>
// CHECK: tilegpu.convert_layout
tile.func public @recurrent_rows(%k: tensor<64x!tile.ptr<bf16>, #row>, %v: tensor<64x!tile.ptr<bf16>, #row>, %n: i32, %out: tensor<64x64x!tile.ptr<f32>, #blocked>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %step = arith.constant dense<64> : tensor<64xi32, #row>
  %zero = arith.constant dense<0.0> : tensor<64xbf16, #row>
  %h0 = arith.constant dense<0.0> : tensor<64x64xf32, #blocked>
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #row>
  %lim = arith.constant dense<48> : tensor<64xi32, #row>
  %m = arith.cmpi slt, %r, %lim : tensor<64xi32, #row>
  %res:3 = scf.for %i = %c0 to %n step %c1 iter_args(%h = %h0, %pk = %k, %pv = %v) -> (tensor<64x64xf32, #blocked>, tensor<64x!tile.ptr<bf16>, #row>, tensor<64x!tile.ptr<bf16>, #row>) : i32 {
    %bk = tile.load %pk, %m, %zero : tensor<64x!tile.ptr<bf16>, #row>
    %bv = tile.load %pv, %m, %zero : tensor<64x!tile.ptr<bf16>, #row>
    %kc = tilegpu.convert_layout %bk : tensor<64xbf16, #row> -> tensor<64xbf16, #tilegpu.slice<{dim = 1, parent = #blocked}>>
    %vc = tilegpu.convert_layout %bv : tensor<64xbf16, #row> -> tensor<64xbf16, #tilegpu.slice<{dim = 0, parent = #blocked}>>
    %kf = arith.extf %kc : tensor<64xbf16, #tilegpu.slice<{dim = 1, parent = #blocked}>> to tensor<64xf32, #tilegpu.slice<{dim = 1, parent = #blocked}>>
    %vf = arith.extf %vc : tensor<64xbf16, #tilegpu.slice<{dim = 0, parent = #blocked}>> to tensor<64xf32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
    %k2 = tile.expand_dims %kf {axis = 1 : i32} : tensor<64xf32, #tilegpu.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xf32, #blocked>
    %v2 = tile.expand_dims %vf {axis = 0 : i32} : tensor<64xf32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xf32, #blocked>
    %kb = tile.broadcast %k2 : tensor<64x1xf32, #blocked> -> tensor<64x64xf32, #blocked>
    %vb = tile.broadcast %v2 : tensor<1x64xf32, #blocked> -> tensor<64x64xf32, #blocked>
    %kv = arith.mulf %kb, %vb : tensor<64x64xf32, #blocked>
    %h2 = arith.addf %h, %kv : tensor<64x64xf32, #blocked>
    %pk2 = tile.addptr %pk, %step : tensor<64x!tile.ptr<bf16>, #row>, tensor<64xi32, #row>
    %pv2 = tile.addptr %pv, %step : tensor<64x!tile.ptr<bf16>, #row>, tensor<64xi32, #row>
    scf.yield %h2, %pk2, %pv2 : tensor<64x64xf32, #blocked>, tensor<64x!tile.ptr<bf16>, #row>, tensor<64x!tile.ptr<bf16>, #row>
  }
  tile.store %out, %res#0 : tensor<64x64x!tile.ptr<f32>, #blocked>
  tile.return
}

tile.func public @wide_row(%p: tensor<256x!tile.ptr<f32>, #row>, %out: tensor<256x!tile.ptr<f32>, #tilegpu.slice<{dim = 1, parent = #blocked}>>) {
  %x = tile.load %p : tensor<256x!tile.ptr<f32>, #row>
  %c = tilegpu.convert_layout %x : tensor<256xf32, #row> -> tensor<256xf32, #tilegpu.slice<{dim = 1, parent = #blocked}>>
  tile.store %out, %c : tensor<256x!tile.ptr<f32>, #tilegpu.slice<{dim = 1, parent = #blocked}>>
  tile.return
}

tile.func public @replicated_row(%p: tensor<64x!tile.ptr<f32>, #row>, %out: tensor<64x!tile.ptr<f32>, #tilegpu.slice<{dim = 0, parent = #wide}>>) {
  %x = tile.load %p : tensor<64x!tile.ptr<f32>, #row>
  %c = tilegpu.convert_layout %x : tensor<64xf32, #row> -> tensor<64xf32, #tilegpu.slice<{dim = 0, parent = #wide}>>
  tile.store %out, %c : tensor<64x!tile.ptr<f32>, #tilegpu.slice<{dim = 0, parent = #wide}>>
  tile.return
}
}

// -----

#a = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// Row sums of an f32 product of a value loaded in #a and a bf16 factor
// loaded in #c, carried by a loop: converting the bf16 factor to #a moves
// half the bytes of converting the f32 operand to #b, and the rows are then
// summed in #a. The other way round (the f32 operand to #c) would move
// twice the bytes: not done.
// CHECK-DAG: #[[A:.*]] = #tilegpu.blocked<{sizePerThread = [1, 2]
// CHECK-DAG: #[[C:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8]
// CHECK-LABEL: tile.func public @factor_converted
// CHECK: scf.for
// CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<64x64x!tile.ptr<bf16>, #[[C]]>
// CHECK: %[[XA:.*]] = tilegpu.convert_layout %[[X]] : tensor<64x64xbf16, #[[C]]> -> tensor<64x64xbf16, #[[A]]>
// CHECK: arith.extf %[[XA]] : tensor<64x64xbf16, #[[A]]> to tensor<64x64xf32, #[[A]]>
// CHECK: arith.mulf %{{.*}}, %{{.*}} : tensor<64x64xf32, #[[A]]>
// CHECK: tile.reduce
// CHECK: (tensor<64x64xf32, #[[A]]>) -> tensor<64xf32, #slice
// CHECK-NOT: tilegpu.convert_layout
// CHECK: scf.yield
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @factor_converted(%pa: tensor<64x64x!tile.ptr<f32>, #a>, %p: tensor<64x64x!tile.ptr<bf16>, #c>,
                                   %q: tensor<64x!tile.ptr<f32>, #tilegpu.slice<{dim = 1, parent = #b}>>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<64xf32, #tilegpu.slice<{dim = 1, parent = #b}>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %zero) -> (tensor<64xf32, #tilegpu.slice<{dim = 1, parent = #b}>>) : i32 {
    %x = tile.load %p : tensor<64x64x!tile.ptr<bf16>, #c>
    %xb = tilegpu.convert_layout %x : tensor<64x64xbf16, #c> -> tensor<64x64xbf16, #b>
    %xf = arith.extf %xb : tensor<64x64xbf16, #b> to tensor<64x64xf32, #b>
    %a = tile.load %pa : tensor<64x64x!tile.ptr<f32>, #a>
    %sq = arith.mulf %a, %a : tensor<64x64xf32, #a>
    %y = tilegpu.convert_layout %sq : tensor<64x64xf32, #a> -> tensor<64x64xf32, #b>
    %m = arith.mulf %y, %xf : tensor<64x64xf32, #b>
    %rs = "tile.reduce"(%m) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %w = arith.addf %u, %v : f32
      tile.reduce.return %w : f32
    }) : (tensor<64x64xf32, #b>) -> tensor<64xf32, #tilegpu.slice<{dim = 1, parent = #b}>>
    %s2 = arith.addf %s, %rs : tensor<64xf32, #tilegpu.slice<{dim = 1, parent = #b}>>
    scf.yield %s2 : tensor<64xf32, #tilegpu.slice<{dim = 1, parent = #b}>>
  }
  tile.store %q, %r : tensor<64x!tile.ptr<f32>, #tilegpu.slice<{dim = 1, parent = #b}>>
  tile.return
}
}

// -----

#b1 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 1], order = [1, 0]}>
#b8 = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
// Forward through a scan: a load's layout spreads to the scan of its values
// (a blocked layout scans in place along any axis) and on to their store.
// CHECK-LABEL: tile.func public @scan_forward
// CHECK-NOT: tilegpu.convert_layout
// CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<64x32x!tile.ptr<f32>, #[[B8:blocked[0-9]*]]>
// CHECK: %[[S:.*]] = "tile.scan"(%[[X]])
// CHECK: (tensor<64x32xf32, #[[B8]]>) -> tensor<64x32xf32, #[[B8]]>
// CHECK: tile.store %{{.*}}, %[[S]] : tensor<64x32x!tile.ptr<f32>, #[[B8]]>
// CHECK-NOT: tilegpu.convert_layout
module attributes {"tilegpu.num-warps" = 2 : i32} {
tile.func public @scan_forward(%p: tensor<64x32x!tile.ptr<f32>, #b8>) {
  %x = tile.load %p : tensor<64x32x!tile.ptr<f32>, #b8>
  %c = tilegpu.convert_layout %x : tensor<64x32xf32, #b8> -> tensor<64x32xf32, #b1>
  %s = "tile.scan"(%c) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tile.scan.return %t : f32
  }) : (tensor<64x32xf32, #b1>) -> tensor<64x32xf32, #b1>
  %sc = tilegpu.convert_layout %s : tensor<64x32xf32, #b1> -> tensor<64x32xf32, #b8>
  tile.store %p, %sc : tensor<64x32x!tile.ptr<f32>, #b8>
  tile.return
}
}

// -----

#b1 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 1], order = [1, 0]}>
#b4 = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#b8 = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
// Backward through a scan: a scan whose only use is converted for a store
// in another layout runs in that layout, and the conversion moves before
// the cast that widens its input (the bf16 values move, not the f32 sums).
// CHECK-LABEL: tile.func public @scan_backward
// CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<64x32x!tile.ptr<bf16>, #[[B8:blocked[0-9]*]]>
// CHECK: %[[C:.*]] = tilegpu.convert_layout %[[X]] : tensor<64x32xbf16, #[[B8]]> -> tensor<64x32xbf16, #[[B4:blocked[0-9]*]]>
// CHECK: %[[E:.*]] = arith.extf %[[C]] : tensor<64x32xbf16, #[[B4]]> to tensor<64x32xf32, #[[B4]]>
// CHECK: %[[S:.*]] = "tile.scan"(%[[E]])
// CHECK: (tensor<64x32xf32, #[[B4]]>) -> tensor<64x32xf32, #[[B4]]>
// CHECK-NOT: tilegpu.convert_layout
// CHECK: tile.store %{{.*}}, %[[S]] : tensor<64x32x!tile.ptr<f32>, #[[B4]]>
module attributes {"tilegpu.num-warps" = 2 : i32} {
tile.func public @scan_backward(%p: tensor<64x32x!tile.ptr<bf16>, #b8>, %q: tensor<64x32x!tile.ptr<f32>, #b4>) {
  %x = tile.load %p : tensor<64x32x!tile.ptr<bf16>, #b8>
  %c = tilegpu.convert_layout %x : tensor<64x32xbf16, #b8> -> tensor<64x32xbf16, #b1>
  %e = arith.extf %c : tensor<64x32xbf16, #b1> to tensor<64x32xf32, #b1>
  %s = "tile.scan"(%e) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tile.scan.return %t : f32
  }) : (tensor<64x32xf32, #b1>) -> tensor<64x32xf32, #b1>
  %sc = tilegpu.convert_layout %s : tensor<64x32xf32, #b1> -> tensor<64x32xf32, #b4>
  tile.store %q, %sc : tensor<64x32x!tile.ptr<f32>, #b4>
  tile.return
}
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#b2 = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
// A row sum converted out of its reduction's slice, subtracted from a
// loaded row: the load's conversion moves forward and the sum's is
// retargeted to the load's layout, so the row is converted neither for the
// math nor back for its store.
// CHECK-LABEL: tile.func public @retarget_row_sum
// CHECK: %[[R:.*]] = "tile.reduce"
// CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<128x!tile.ptr<f32>, #[[B2:blocked[0-9]*]]>
// CHECK: %[[C:.*]] = tilegpu.convert_layout %[[R]] : tensor<128xf32, #slice> -> tensor<128xf32, #[[B2]]>
// CHECK: %[[D:.*]] = arith.subf %[[X]], %[[C]] : tensor<128xf32, #[[B2]]>
// CHECK-NOT: tilegpu.convert_layout
// CHECK: tile.store %{{.*}}, %[[D]] : tensor<128x!tile.ptr<f32>, #[[B2]]>
module attributes {"tilegpu.num-warps" = 2 : i32} {
tile.func public @retarget_row_sum(%p: tensor<128x!tile.ptr<f32>, #b2>, %s: tensor<128x32xf32, #b>) {
  %r = "tile.reduce"(%s) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %c: f32):
    %t = arith.addf %a, %c : f32
    tile.reduce.return %t : f32
  }) : (tensor<128x32xf32, #b>) -> tensor<128xf32, #tilegpu.slice<{dim = 1, parent = #b}>>
  %rc = tilegpu.convert_layout %r : tensor<128xf32, #tilegpu.slice<{dim = 1, parent = #b}>> -> tensor<128xf32, #b1>
  %x = tile.load %p : tensor<128x!tile.ptr<f32>, #b2>
  %xc = tilegpu.convert_layout %x : tensor<128xf32, #b2> -> tensor<128xf32, #b1>
  %d = arith.subf %xc, %rc : tensor<128xf32, #b1>
  %dc = tilegpu.convert_layout %d : tensor<128xf32, #b1> -> tensor<128xf32, #b2>
  tile.store %p, %dc : tensor<128x!tile.ptr<f32>, #b2>
  tile.return
}
}

// -----

#b1 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 1], order = [1, 0]}>
#b4 = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
// No widening cast before the scan: the conversion after it moves the same
// bytes either way, and the scan stays where its axis lies in a thread.
// CHECK-LABEL: tile.func public @scan_stays
// CHECK: "tile.scan"
// CHECK: (tensor<64x32xf32, #[[B1:blocked[0-9]*]]>) -> tensor<64x32xf32, #[[B1]]>
// CHECK: tilegpu.convert_layout %{{.*}} : tensor<64x32xf32, #[[B1]]> -> tensor<64x32xf32, #{{blocked[0-9]*}}>
module attributes {"tilegpu.num-warps" = 2 : i32} {
tile.func public @scan_stays(%x: tensor<64x32xf32, #b1>, %q: tensor<64x32x!tile.ptr<f32>, #b4>) {
  %s = "tile.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tile.scan.return %t : f32
  }) : (tensor<64x32xf32, #b1>) -> tensor<64x32xf32, #b1>
  %sc = tilegpu.convert_layout %s : tensor<64x32xf32, #b1> -> tensor<64x32xf32, #b4>
  tile.store %q, %sc : tensor<64x32x!tile.ptr<f32>, #b4>
  tile.return
}
}
