// Shared buffers: swizzled addressing, stage views, async copies.
// RUN: tile-opt %s -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s

// CHECK-LABEL: gpu.func @pipeline
// Stage index: base + i * 2048 bytes.
// CHECK: arith.muli %{{.*}}, %c2048_i32 : i32
// One group of four columns: the swizzle (row phase xor column group)
// leaves the phase times the group size as the column offset.
// 16-byte pieces (four floats) with cp.async, zero-filled where masked.
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 0
// CHECK: gpu.barrier
// Each thread reads back its four contiguous floats as one vector.
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
#blocked = #tile.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tile.shared<{vec = 4, perPhase = 1, maxPhase = 4, order = [1, 0]}>
module attributes {"tile.num-warps" = 4 : i32} {
tile.func public @pipeline(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %i: i32, %c: i1, %q: !tile.ptr<f32>) {
  %m = tile.splat %c : i1 -> tensor<128x4xi1, #blocked>
  %r = tile.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #tile.slice<{dim = 0, parent = #blocked}>>
  %e = tile.expand_dims %r {axis = 0 : i32} : tensor<4xi32, #tile.slice<{dim = 0, parent = #blocked}>> -> tensor<1x4xi32, #blocked>
  %b = tile.broadcast %e : tensor<1x4xi32, #blocked> -> tensor<128x4xi32, #blocked>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<128x4x!tile.ptr<f32>, #blocked>
  %pp = tile.addptr %ps, %b : tensor<128x4x!tile.ptr<f32>, #blocked>, tensor<128x4xi32, #blocked>
  %ring = tile.local_alloc : () -> !tile.buffer<2x128x4xf32, #shared, mutable>
  %stage = tile.buffer_index %ring[%i] : !tile.buffer<2x128x4xf32, #shared, mutable> -> !tile.buffer<128x4xf32, #shared, mutable>
  %t = tile.async_copy_global_to_local %pp, %stage mask %m : tensor<128x4x!tile.ptr<f32>, #blocked> -> !tile.buffer<128x4xf32, #shared, mutable>
  %g = tile.async_commit_group tokens %t
  %w = tile.async_wait %g {num = 0 : i32}
  %v = tile.local_load %stage : !tile.buffer<128x4xf32, #shared, mutable> -> tensor<128x4xf32, #blocked>
  %qs = tile.splat %q : !tile.ptr<f32> -> tensor<128x4x!tile.ptr<f32>, #blocked>
  tile.store %qs, %v : tensor<128x4x!tile.ptr<f32>, #blocked>
  tile.return
}
}
