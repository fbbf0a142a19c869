// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Ops that move data between threads: reductions (registers, shuffles,
// shared memory across warps) and redistributions through shared memory.
// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse -split-input-file | FileCheck %s

// A 1-D sum over 4 warps: 8 elements a thread folded in registers, a 5-step
// butterfly within the warp, then the 4 warp partials through shared memory
// at the reduction's offset, after a barrier: lane l loads partial l mod 4
// and a butterfly over groups of 4 lanes combines them (two combines a
// thread, not three).
// CHECK-LABEL: gpu.func @sum
// CHECK-COUNT-7: arith.addf %{{.*}} : f32
// CHECK: gpu.shuffle  xor %{{.*}}, %c16_i32, %c32_i32 : i32
// CHECK: gpu.shuffle  xor %{{.*}}, %c8_i32, %c32_i32 : i32
// CHECK: gpu.shuffle  xor %{{.*}}, %c4_i32, %c32_i32 : i32
// CHECK: gpu.shuffle  xor %{{.*}}, %c2_i32, %c32_i32 : i32
// CHECK: gpu.shuffle  xor %{{.*}}, %c1_i32, %c32_i32 : i32
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: %[[W:.*]] = arith.remui %{{.*}}, %c4_i32 : i32
// CHECK-NEXT: %[[B:.*]] = arith.muli %[[W]], %c4_i32 : i32
// CHECK-NEXT: llvm.getelementptr %{{.*}}[%[[B]]]
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: llvm.load
// CHECK: gpu.shuffle  xor %{{.*}}, %c2_i32, %c32_i32 : i32
// CHECK: arith.addf
// CHECK: gpu.shuffle  xor %{{.*}}, %c1_i32, %c32_i32 : i32
// CHECK: arith.addf
// CHECK-NOT: gpu.shuffle
// CHECK: gpu.return
tile.func public @sum(%p: !tile.ptr<f32>, %x: f32, %out: !tile.ptr<f32>) {
  %r = tile.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %pp = tile.addptr %ps, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %v = tile.load %pp : tensor<1024x!tile.ptr<f32>>
  %s = "tile.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tile.reduce.return %t : f32
  }) : (tensor<1024xf32>) -> f32
  tile.store %out, %s : !tile.ptr<f32>
  tile.return
}

// -----

// Columns over 4 warps (the sum of each of 32 columns of 8 rows, as the
// layer norm backward's dW sums): the lanes of a warp hold different
// columns, so each thread loads the 4 warps' partials of its own column and
// combines them; no butterfly mixes the lanes' columns.
// CHECK-LABEL: gpu.func @columns
// CHECK: gpu.barrier
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: llvm.load
// CHECK-NOT: gpu.shuffle
// CHECK: gpu.return
#blocked = #tilegpu.blocked<{sizePerThread = [2, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @columns(%p: !tile.ptr<f32>, %q: !tile.ptr<f32>) {
  %r = tile.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #tilegpu.slice<{dim = 1, parent = #blocked}>>
  %c = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %re = tile.expand_dims %r {axis = 1 : i32} : tensor<8xi32, #tilegpu.slice<{dim = 1, parent = #blocked}>> -> tensor<8x1xi32, #blocked>
  %ce = tile.expand_dims %c {axis = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
  %c32 = arith.constant dense<32> : tensor<8x1xi32, #blocked>
  %rs = arith.muli %re, %c32 : tensor<8x1xi32, #blocked>
  %rb = tile.broadcast %rs : tensor<8x1xi32, #blocked> -> tensor<8x32xi32, #blocked>
  %cb = tile.broadcast %ce : tensor<1x32xi32, #blocked> -> tensor<8x32xi32, #blocked>
  %off = arith.addi %rb, %cb : tensor<8x32xi32, #blocked>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<8x32x!tile.ptr<f32>, #blocked>
  %pp = tile.addptr %ps, %off : tensor<8x32x!tile.ptr<f32>, #blocked>, tensor<8x32xi32, #blocked>
  %v = tile.load %pp : tensor<8x32x!tile.ptr<f32>, #blocked>
  %s = "tile.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tile.reduce.return %t : f32
  }) : (tensor<8x32xf32, #blocked>) -> tensor<32xf32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %qs = tile.splat %q : !tile.ptr<f32> -> tensor<32x!tile.ptr<f32>, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %qp = tile.addptr %qs, %c : tensor<32x!tile.ptr<f32>, #tilegpu.slice<{dim = 0, parent = #blocked}>>, tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  tile.store %qp, %s : tensor<32x!tile.ptr<f32>, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  tile.return
}
}

// -----

// Rows within one warp: shuffles only, no shared memory. An argmax reduces
// two operands together.
// CHECK-LABEL: gpu.func @rows
// CHECK-NOT: @global_smem
// CHECK: gpu.shuffle  xor
// CHECK: arith.cmpf ogt
// CHECK: gpu.return
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @rows(%p: !tile.ptr<f32>, %q: !tile.ptr<i32>, %f: f32, %j: i32) {
  %x = tile.splat %f : f32 -> tensor<4x64xf32, #blocked>
  %i = tile.splat %j : i32 -> tensor<4x64xi32, #blocked>
  %m:2 = "tile.reduce"(%x, %i) <{axis = 1 : i32}> ({
  ^bb0(%va: f32, %ia: i32, %vb: f32, %ib: i32):
    %gt = arith.cmpf ogt, %va, %vb : f32
    %v = arith.select %gt, %va, %vb : f32
    %k = arith.select %gt, %ia, %ib : i32
    tile.reduce.return %v, %k : f32, i32
  }) : (tensor<4x64xf32, #blocked>, tensor<4x64xi32, #blocked>) -> (tensor<4xf32, #tilegpu.slice<{dim = 1, parent = #blocked}>>, tensor<4xi32, #tilegpu.slice<{dim = 1, parent = #blocked}>>)
  %ps = tile.splat %q : !tile.ptr<i32> -> tensor<4x!tile.ptr<i32>, #tilegpu.slice<{dim = 1, parent = #blocked}>>
  tile.store %ps, %m#1 : tensor<4x!tile.ptr<i32>, #tilegpu.slice<{dim = 1, parent = #blocked}>>
  tile.return
}
}

// -----

// A layout conversion: every element written at its row-major position, a
// barrier, every element read back, as many consecutive ones at a time as
// a thread holds (up to 16 bytes): here two per load.
// CHECK-LABEL: gpu.func @convert
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK-NOT: llvm.load
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xf32>
// CHECK-NOT: llvm.load
// CHECK: gpu.return
#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @convert(%p: !tile.ptr<f32>) {
  %r = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b1>
  %x = arith.sitofp %r : tensor<256xi32, #b1> to tensor<256xf32, #b1>
  %c = tilegpu.convert_layout %x : tensor<256xf32, #b1> -> tensor<256xf32, #b2>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>, #b2>
  tile.store %ps, %c : tensor<256x!tile.ptr<f32>, #b2>
  tile.return
}
}

// -----

// Rows of 64 f32 (256 bytes) are padded in the scratch by as many bytes as
// one write covers of a row: here 4 lanes write 8-byte pairs, 32 bytes of
// each of 4 rows a wavefront, so rows are 64 + 8 elements apart and the 4
// rows fall on different banks; each thread reads its quadruples as 16-byte
// loads.
// CHECK-LABEL: gpu.func @convert_rows(
// CHECK-SAME: tilegpu.shared_memory = 9216 : i32
// CHECK-DAG: %[[STRIDE:.*]] = arith.constant 72 : i32
// CHECK: arith.muli %{{.*}}, %[[STRIDE]] : i32
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
#pairs = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#quads = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @convert_rows(%p: !tile.ptr<f32>, %f: f32) {
  %x = tile.splat %f : f32 -> tensor<32x64xf32, #pairs>
  %c = tilegpu.convert_layout %x : tensor<32x64xf32, #pairs> -> tensor<32x64xf32, #quads>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<32x64x!tile.ptr<f32>, #quads>
  tile.store %ps, %c : tensor<32x64x!tile.ptr<f32>, #quads>
  tile.return
}
}

// -----

// The matmul epilogue's conversion: mma accumulators write f32 pairs, 4
// lanes a row (32 bytes of each of 4 rows a wavefront), so rows of 64 are
// padded by 32 bytes (72); the scratch is 64 rows of 72 f32.
// CHECK-LABEL: gpu.func @convert_mma_rows(
// CHECK-SAME: tilegpu.shared_memory = 18432 : i32
// CHECK-DAG: %[[STRIDE:.*]] = arith.constant 72 : i32
// CHECK: arith.muli %{{.*}}, %[[STRIDE]] : i32
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#quads = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @convert_mma_rows(%p: !tile.ptr<f32>, %f: f32) {
  %x = tile.splat %f : f32 -> tensor<64x64xf32, #mma>
  %c = tilegpu.convert_layout %x : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #quads>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>, #quads>
  tile.store %ps, %c : tensor<64x64x!tile.ptr<f32>, #quads>
  tile.return
}
}

// -----

// Writes of 4 bytes from 4 lanes a row (16 bytes of each of 8 rows); writes
// that cover a whole 128 bytes of a row; and 32-byte runs of a thread,
// written 16 bytes at a time with gaps between the lanes' pieces: 16 bytes
// of padding (68) for all three.
// CHECK-LABEL: gpu.func @convert_rows_narrow
// CHECK-DAG: %[[STRIDE:.*]] = arith.constant 68 : i32
// CHECK: arith.muli %{{.*}}, %[[STRIDE]] : i32
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK-LABEL: gpu.func @convert_rows_wide
// CHECK-DAG: %[[STRIDE:.*]] = arith.constant 68 : i32
// CHECK: arith.muli %{{.*}}, %[[STRIDE]] : i32
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK-LABEL: gpu.func @convert_rows_runs
// CHECK-DAG: %[[STRIDE:.*]] = arith.constant 68 : i32
// CHECK: arith.muli %{{.*}}, %[[STRIDE]] : i32
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
#singles = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#quads = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#eights = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @convert_rows_narrow(%p: !tile.ptr<f32>, %f: f32) {
  %x = tile.splat %f : f32 -> tensor<32x64xf32, #singles>
  %c = tilegpu.convert_layout %x : tensor<32x64xf32, #singles> -> tensor<32x64xf32, #quads>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<32x64x!tile.ptr<f32>, #quads>
  tile.store %ps, %c : tensor<32x64x!tile.ptr<f32>, #quads>
  tile.return
}
tile.func public @convert_rows_wide(%p: !tile.ptr<f32>, %f: f32) {
  %x = tile.splat %f : f32 -> tensor<32x64xf32, #quads>
  %c = tilegpu.convert_layout %x : tensor<32x64xf32, #quads> -> tensor<32x64xf32, #singles>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<32x64x!tile.ptr<f32>, #singles>
  tile.store %ps, %c : tensor<32x64x!tile.ptr<f32>, #singles>
  tile.return
}
tile.func public @convert_rows_runs(%p: !tile.ptr<f32>, %f: f32) {
  %x = tile.splat %f : f32 -> tensor<32x64xf32, #eights>
  %c = tilegpu.convert_layout %x : tensor<32x64xf32, #eights> -> tensor<32x64xf32, #singles>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<32x64x!tile.ptr<f32>, #singles>
  tile.store %ps, %c : tensor<32x64x!tile.ptr<f32>, #singles>
  tile.return
}
}

// -----

// A transpose: rows of 4 f32 written, columns of 4 read. No padding keeps
// both sides off each other's banks (16-byte writes leave the column reads
// 2-way conflicts at best), so the scratch is unpadded and swizzled: bits
// of an element's index above a 128-byte line are XORed into those that
// pick its bank. Pairs written (two wavefronts a warp, as a quadruple's
// four are one per quarter warp), single elements read, none conflicting;
// each access a constant XOR of the thread's first offset.
// CHECK-LABEL: gpu.func @convert_transpose(
// CHECK-COUNT-16: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
// CHECK-NOT: llvm.store
// CHECK: gpu.barrier
// CHECK-COUNT-32: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: llvm.load
#rows = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #tilegpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @convert_transpose(%p: !tile.ptr<f32>, %f: f32) {
  %x = tile.splat %f : f32 -> tensor<64x64xf32, #rows>
  %c = tilegpu.convert_layout %x : tensor<64x64xf32, #rows> -> tensor<64x64xf32, #cols>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>, #cols>
  tile.store %ps, %c : tensor<64x64x!tile.ptr<f32>, #cols>
  tile.return
}
}

// -----

// A reshape that changes which thread holds an element goes through shared
// memory too.
// CHECK-LABEL: gpu.func @reshape
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
tile.func public @reshape(%p: !tile.ptr<f32>, %q: !tile.ptr<f32>) {
  %r = tile.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %pp = tile.addptr %ps, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %v = tile.load %pp : tensor<1024x!tile.ptr<f32>>
  %w = tile.reshape %v : tensor<1024xf32> -> tensor<256x4xf32>
  %qs = tile.splat %q : !tile.ptr<f32> -> tensor<256x4x!tile.ptr<f32>>
  tile.store %qs, %w : tensor<256x4x!tile.ptr<f32>>
  tile.return
}

// -----

// Scans: in-thread prefixes, shuffles up across lanes (down for a reverse
// scan), warp totals through shared memory.
// CHECK-LABEL: gpu.func @scans
// CHECK: gpu.shuffle  up
// CHECK: gpu.barrier
// CHECK: gpu.shuffle  down
tile.func public @scans(%p: !tile.ptr<f32>) {
  %r = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %x = arith.sitofp %r : tensor<256xi32> to tensor<256xf32>
  %f = "tile.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.scan.return %s : f32
  }) : (tensor<256xf32>) -> tensor<256xf32>
  %g = "tile.scan"(%f) <{axis = 0 : i32, reverse = true}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.scan.return %s : f32
  }) : (tensor<256xf32>) -> tensor<256xf32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
  %pp = tile.addptr %ps, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  tile.store %pp, %g : tensor<256x!tile.ptr<f32>>
  tile.return
}

// -----

// A cumulative sum down 16 rows with the default layout of 4 warps: a
// thread holds 4 rows, one per repetition of the layout, and the warps
// take turns along the axis. Every repetition's warp total is stored, then
// one barrier, then the totals are read back: not a barrier pair per
// repetition. (The reshape that makes the input moves through shared memory
// before, with barriers of its own.)
// CHECK-LABEL: gpu.func @column_scan
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NOT: gpu.barrier
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NOT: gpu.barrier
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NOT: gpu.barrier
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
tile.func public @column_scan(%p: !tile.ptr<f32>) {
  %r = tile.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
  %o = tile.reshape %r : tensor<512xi32> -> tensor<16x32xi32>
  %t = arith.sitofp %o : tensor<16x32xi32> to tensor<16x32xf32>
  %s = "tile.scan"(%t) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %x = arith.addf %a, %b : f32
    tile.scan.return %x : f32
  }) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<16x32x!tile.ptr<f32>>
  %pp = tile.addptr %ps, %o : tensor<16x32x!tile.ptr<f32>>, tensor<16x32xi32>
  tile.store %pp, %s : tensor<16x32x!tile.ptr<f32>>
  tile.return
}
