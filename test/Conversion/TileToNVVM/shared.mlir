// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Shared buffers: swizzled addressing, stage views, async copies.
// RUN: tile-opt %s -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse -split-input-file | FileCheck %s

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
#blocked = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 4, perPhase = 1, maxPhase = 4, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @pipeline(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %i: i32, %c: i1, %q: !tile.ptr<f32>) {
  %m = tile.splat %c : i1 -> tensor<128x4xi1, #blocked>
  %r = tile.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %e = tile.expand_dims %r {axis = 0 : i32} : tensor<4xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x4xi32, #blocked>
  %b = tile.broadcast %e : tensor<1x4xi32, #blocked> -> tensor<128x4xi32, #blocked>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<128x4x!tile.ptr<f32>, #blocked>
  %pp = tile.addptr %ps, %b : tensor<128x4x!tile.ptr<f32>, #blocked>, tensor<128x4xi32, #blocked>
  %ring = tilegpu.local_alloc : () -> !tilegpu.buffer<2x128x4xf32, #shared, mutable>
  %stage = tilegpu.buffer_index %ring[%i] : !tilegpu.buffer<2x128x4xf32, #shared, mutable> -> !tilegpu.buffer<128x4xf32, #shared, mutable>
  %t = tilegpu.async_copy_global_to_local %pp, %stage mask %m : tensor<128x4x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<128x4xf32, #shared, mutable>
  %g = tilegpu.async_commit_group tokens %t
  %w = tilegpu.async_wait %g {num = 0 : i32}
  %v = tilegpu.local_load %stage : !tilegpu.buffer<128x4xf32, #shared, mutable> -> tensor<128x4xf32, #blocked>
  %qs = tile.splat %q : !tile.ptr<f32> -> tensor<128x4x!tile.ptr<f32>, #blocked>
  tile.store %qs, %v : tensor<128x4x!tile.ptr<f32>, #blocked>
  tile.return
}
}

// -----

// A row-major f32 block stored K-major (a tf32 B for wgmma): shared memory
// splits each thread's run of four contiguous floats into 4-byte copies,
// whose sources are the run's first pointer plus 4, 8 and 12 bytes.
// CHECK-LABEL: gpu.func @split_runs
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %[[P]], 4, cache =  ca
// CHECK: %[[P1:.*]] = llvm.getelementptr %[[P]][4] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i8
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %[[P1]], 4, cache =  ca
// CHECK: %[[P2:.*]] = llvm.getelementptr %[[P]][8] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i8
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %[[P2]], 4, cache =  ca
// CHECK: %[[P3:.*]] = llvm.getelementptr %[[P]][12] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i8
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %[[P3]], 4, cache =  ca
#blocked = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
tile.func public @split_runs(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %e = tile.expand_dims %r {axis = 0 : i32} : tensor<128xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
  %b = tile.broadcast %e : tensor<1x128xi32, #blocked> -> tensor<4x128xi32, #blocked>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<4x128x!tile.ptr<f32>, #blocked>
  %pp = tile.addptr %ps, %b : tensor<4x128x!tile.ptr<f32>, #blocked>, tensor<4x128xi32, #blocked>
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<4x128xf32, #nvmma, mutable>
  %t = tilegpu.async_copy_global_to_local %pp, %buf : tensor<4x128x!tile.ptr<f32>, #blocked> -> !tilegpu.buffer<4x128xf32, #nvmma, mutable>
  %g = tilegpu.async_commit_group tokens %t
  tile.return
}
}

// -----

// A 64x256 block with lanes along the rows, each thread holding 64 columns
// four apart, stored K-major into a 128-byte swizzled buffer: the swizzle
// is linear over the coordinates' bits, so every element's offset is the
// first one's XOR a constant. The constants' bits that differ between
// threads take one XOR (the columns' phase 4 of the swizzle): two address
// registers, where each element had its own; the rest are immediates.
// CHECK-LABEL: gpu.func @linear_offsets
// CHECK-COUNT-2: arith.xori
// CHECK-NOT: arith.xori
// CHECK: gpu.return
#rows = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 4], order = [0, 1]}>
#kmajor = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
module attributes {"tilegpu.num-warps" = 8 : i32} {
tile.func public @linear_offsets(%p: !tile.ptr<f16>) {
  %ps = tile.splat %p : !tile.ptr<f16> -> tensor<64x256x!tile.ptr<f16>, #rows>
  %v = tile.load %ps : tensor<64x256x!tile.ptr<f16>, #rows>
  %b = tilegpu.local_alloc %v : (tensor<64x256xf16, #rows>) -> !tilegpu.buffer<64x256xf16, #kmajor>
  tile.return
}
}
