// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A conversion between layouts that place every element on the same threads
// in the same register order (the rows of two wgmma accumulators that differ
// only in N: attention's row statistics, shared by its two dots) takes no
// scratch and lowers to nothing; one between layouts that differ goes
// through shared memory.
// RUN: tile-opt %s -tile-allocate-shared-memory | FileCheck %s --check-prefix=ALLOC
// RUN: tile-opt %s -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s

// ALLOC-LABEL: tile.func public @rows
// ALLOC: tilegpu.convert_layout %{{.*}} : tensor<128xi32, #[[A:slice[0-9]*]]> -> tensor<128xi32, #[[B:slice[0-9]*]]>
// ALLOC-NOT: tilegpu.offset
// ALLOC-LABEL: tile.func public @columns
// ALLOC: tilegpu.convert_layout %{{.*}} {tilegpu.offset = 0 : i32}

// CHECK-LABEL: gpu.func @rows
// CHECK-NOT: !llvm.ptr<3>
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @columns
// CHECK: gpu.barrier
#mma64 = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
#mma128 = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
module attributes {"tilegpu.num-warps" = 8 : i32, tilegpu.target = "sm_90a"} {
tile.func public @rows(%p: !tile.ptr<i32>) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #tilegpu.slice<{dim = 1, parent = #mma64}>>
  %c = tilegpu.convert_layout %r : tensor<128xi32, #tilegpu.slice<{dim = 1, parent = #mma64}>> -> tensor<128xi32, #tilegpu.slice<{dim = 1, parent = #mma128}>>
  %s = tile.splat %p : !tile.ptr<i32> -> tensor<128x!tile.ptr<i32>, #tilegpu.slice<{dim = 1, parent = #mma128}>>
  %q = tile.addptr %s, %c : tensor<128x!tile.ptr<i32>, #tilegpu.slice<{dim = 1, parent = #mma128}>>, tensor<128xi32, #tilegpu.slice<{dim = 1, parent = #mma128}>>
  tile.store %q, %c : tensor<128x!tile.ptr<i32>, #tilegpu.slice<{dim = 1, parent = #mma128}>>
  tile.return
}
// The columns of the same two layouts are not distributed alike.
tile.func public @columns(%p: !tile.ptr<i32>) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #tilegpu.slice<{dim = 0, parent = #mma64}>>
  %c = tilegpu.convert_layout %r : tensor<128xi32, #tilegpu.slice<{dim = 0, parent = #mma64}>> -> tensor<128xi32, #tilegpu.slice<{dim = 0, parent = #mma128}>>
  %s = tile.splat %p : !tile.ptr<i32> -> tensor<128x!tile.ptr<i32>, #tilegpu.slice<{dim = 0, parent = #mma128}>>
  %q = tile.addptr %s, %c : tensor<128x!tile.ptr<i32>, #tilegpu.slice<{dim = 0, parent = #mma128}>>, tensor<128xi32, #tilegpu.slice<{dim = 0, parent = #mma128}>>
  tile.store %q, %c : tensor<128x!tile.ptr<i32>, #tilegpu.slice<{dim = 0, parent = #mma128}>>
  tile.return
}
}
