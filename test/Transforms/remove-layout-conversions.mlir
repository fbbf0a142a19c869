// RUN: tile-opt %s -tile-remove-layout-conversions -split-input-file | FileCheck %s
// After coalescing, the whole vector add runs in the access layout.
// RUN: tile-opt %tile_src_root/examples/vector_add.mlir -tile-assign-layouts -tile-coalesce -tile-remove-layout-conversions -canonicalize -cse | FileCheck %s --check-prefix=ADD
// ADD-NOT: tile.convert_layout
// ADD: tile.load %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>, #blocked>
// ADD-NOT: tile.convert_layout

#b1 = #tile.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #tile.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// Splats, ranges and element-wise ops are recomputed in the target layout;
// conversions of a load stay (a load is not recomputed).
// CHECK-LABEL: tile.func public @chain
// CHECK-DAG: %[[R:.*]] = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #[[B4:blocked[0-9]*]]>
// CHECK-DAG: %[[S:.*]] = tile.splat %arg0 : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>, #[[B4]]>
// CHECK: %[[P:.*]] = tile.addptr %[[S]], %[[R]] : tensor<256x!tile.ptr<f32>, #[[B4]]>
// CHECK: %[[V:.*]] = tile.load %[[P]]
// CHECK-NEXT: tile.return %[[V]]
module attributes {"tile.num-warps" = 4 : i32} {
tile.func public @chain(%p: !tile.ptr<f32>) -> tensor<256xf32, #b4> {
  %r = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b1>
  %s = tile.splat %p : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>, #b1>
  %a = tile.addptr %s, %r : tensor<256x!tile.ptr<f32>, #b1>, tensor<256xi32, #b1>
  %c = tile.convert_layout %a : tensor<256x!tile.ptr<f32>, #b1> -> tensor<256x!tile.ptr<f32>, #b4>
  %v = tile.load %c : tensor<256x!tile.ptr<f32>, #b4>
  %w = tile.convert_layout %v : tensor<256xf32, #b4> -> tensor<256xf32, #b1>
  %x = tile.convert_layout %w : tensor<256xf32, #b1> -> tensor<256xf32, #b1>
  tile.return %v : tensor<256xf32, #b4>
}
}

// -----

#b2 = #tile.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#b2v = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// Through broadcast and expand_dims, whose operands take the matching
// layouts (the slice of the target for expand_dims).
// CHECK-DAG: #[[V:.*]] = #tile.blocked<{sizePerThread = [1, 4]
// CHECK-DAG: #[[SV:.*]] = #tile.slice<{dim = 0, parent = #[[V]]}>
// CHECK-LABEL: tile.func public @broadcast
// CHECK: tile.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #[[SV]]>
// CHECK: tile.expand_dims %{{.*}} : tensor<4xi32, #[[SV]]> -> tensor<1x4xi32, #[[V]]>
// CHECK: tile.broadcast %{{.*}} : tensor<1x4xi32, #[[V]]> -> tensor<128x4xi32, #[[V]]>
// CHECK-NOT: tile.convert_layout
module attributes {"tile.num-warps" = 4 : i32} {
tile.func public @broadcast() -> tensor<128x4xi32, #b2v> {
  %r = tile.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #tile.slice<{dim = 0, parent = #b2}>>
  %e = tile.expand_dims %r {axis = 0 : i32} : tensor<4xi32, #tile.slice<{dim = 0, parent = #b2}>> -> tensor<1x4xi32, #b2>
  %b = tile.broadcast %e : tensor<1x4xi32, #b2> -> tensor<128x4xi32, #b2>
  %c = tile.convert_layout %b : tensor<128x4xi32, #b2> -> tensor<128x4xi32, #b2v>
  tile.return %c : tensor<128x4xi32, #b2v>
}
}
