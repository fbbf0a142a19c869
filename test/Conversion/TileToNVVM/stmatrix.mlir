// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// mma accumulators of 16-bit elements written to a conversion's scratch
// with stmatrix on sm_90: each thread's column pairs are the registers of
// 8x8 matrices, four per stmatrix.x4; the other side reads 16-byte rows.
// RUN: tile-opt %s -split-input-file -tile-allocate-shared-memory -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s
// (PTX: test/Examples/matmul_bias_relu.mlir; on the GPU: gpu-check's
// matmul_bias_relu, mma.sync and wgmma, ragged shapes.)

// mma.sync's layout, 2x2 warps over 64x64: each warp's 32x32 are 16 8x8
// matrices per thread's 16 pairs, four stmatrix.x4, no element stores.
// Rows of 64 f16 (128 bytes) are padded by 8 elements (row stride 72): the
// 8 rows of a matrix start in different bank groups. A thread's pairs come
// column block by column block: a group's matrices are 16 columns apart
// (the lane picks 0, 16, 32 or 48 elements by lane / 8), and the groups
// are rows 8, 32 and 40 (576, 2304 and 2880 elements) after the first.
// CHECK-LABEL: gpu.func @mma_v2
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : i32
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : i32
// CHECK-DAG: %[[C48:.*]] = arith.constant 48 : i32
// CHECK-DAG: %[[C576:.*]] = arith.constant 576 : i32
// CHECK-DAG: %[[C2304:.*]] = arith.constant 2304 : i32
// CHECK-DAG: %[[C2880:.*]] = arith.constant 2880 : i32
// CHECK: %[[S1:.*]] = arith.select %{{.*}}, %[[C16]], %[[C0]] : i32
// CHECK: %[[S2:.*]] = arith.select %{{.*}}, %[[C32]], %[[S1]] : i32
// CHECK: %[[S3:.*]] = arith.select %{{.*}}, %[[C48]], %[[S2]] : i32
// CHECK: %[[BASE:.*]] = arith.addi %{{.*}}, %[[S3]] : i32
// CHECK: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
// CHECK: arith.addi %[[BASE]], %[[C576]] : i32
// CHECK: nvvm.stmatrix
// CHECK: arith.addi %[[BASE]], %[[C2304]] : i32
// CHECK: nvvm.stmatrix
// CHECK: arith.addi %[[BASE]], %[[C2880]] : i32
// CHECK: nvvm.stmatrix
// CHECK-NOT: nvvm.stmatrix
// CHECK-NOT: llvm.store {{.*}}!llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#rows = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.target" = "sm_90"} {
tile.func public @mma_v2(%p: !tile.ptr<f16>) {
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #mma}>>
  %e = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #mma}>> -> tensor<1x64xi32, #mma>
  %b = tile.broadcast %e : tensor<1x64xi32, #mma> -> tensor<64x64xi32, #mma>
  %x = arith.sitofp %b : tensor<64x64xi32, #mma> to tensor<64x64xf16, #mma>
  %c = tilegpu.convert_layout %x : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #rows>
  %ps = tile.splat %p : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>, #rows>
  tile.store %ps, %c : tensor<64x64x!tile.ptr<f16>, #rows>
  tile.return
}
}

// -----

// Two pairs a thread (32x16 over 2x2 warps of 16x8): one stmatrix.x2.
// CHECK-LABEL: gpu.func @x2
// CHECK: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}} {{{.*}}} : !llvm.ptr<3>, i32, i32{{$}}
// CHECK-NOT: nvvm.stmatrix
// CHECK: gpu.return
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#rows = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.target" = "sm_90"} {
tile.func public @x2(%p: !tile.ptr<f16>, %f: f16) {
  %x = tile.splat %f : f16 -> tensor<32x16xf16, #mma>
  %c = tilegpu.convert_layout %x : tensor<32x16xf16, #mma> -> tensor<32x16xf16, #rows>
  %ps = tile.splat %p : !tile.ptr<f16> -> tensor<32x16x!tile.ptr<f16>, #rows>
  tile.store %ps, %c : tensor<32x16x!tile.ptr<f16>, #rows>
  tile.return
}
}

// -----

// wgmma's layout (4 warps along M, each 16 rows of 64 columns): bf16 as
// well; 64 columns are 8 matrices per 16-row tile, four stmatrix.x4.
// CHECK-LABEL: gpu.func @mma_v3
// CHECK-COUNT-4: nvvm.stmatrix
// CHECK-NOT: nvvm.stmatrix
// CHECK: gpu.barrier
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#rows = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.target" = "sm_90a"} {
tile.func public @mma_v3(%p: !tile.ptr<bf16>, %f: bf16) {
  %x = tile.splat %f : bf16 -> tensor<64x64xbf16, #mma>
  %c = tilegpu.convert_layout %x : tensor<64x64xbf16, #mma> -> tensor<64x64xbf16, #rows>
  %ps = tile.splat %p : !tile.ptr<bf16> -> tensor<64x64x!tile.ptr<bf16>, #rows>
  tile.store %ps, %c : tensor<64x64x!tile.ptr<bf16>, #rows>
  tile.return
}
}

// -----

// Element stores where stmatrix does not apply: before sm_90, for 32-bit
// elements, and for a tensor smaller than the warps' tiles (copies of an
// element on several warps).
// CHECK-LABEL: gpu.func @sm80
// CHECK-NOT: nvvm.stmatrix
// CHECK: llvm.store %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<3>
// CHECK-NOT: nvvm.stmatrix
// CHECK: gpu.return
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#rows = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.target" = "sm_80"} {
tile.func public @sm80(%p: !tile.ptr<f16>, %f: f16) {
  %x = tile.splat %f : f16 -> tensor<64x64xf16, #mma>
  %c = tilegpu.convert_layout %x : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #rows>
  %ps = tile.splat %p : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>, #rows>
  tile.store %ps, %c : tensor<64x64x!tile.ptr<f16>, #rows>
  tile.return
}
}

// -----

// CHECK-LABEL: gpu.func @f32
// CHECK-NOT: nvvm.stmatrix
// CHECK: llvm.store %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
// CHECK-NOT: nvvm.stmatrix
// CHECK: gpu.return
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#rows = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.target" = "sm_90"} {
tile.func public @f32(%p: !tile.ptr<f32>, %f: f32) {
  %x = tile.splat %f : f32 -> tensor<64x64xf32, #mma>
  %c = tilegpu.convert_layout %x : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #rows>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>, #rows>
  tile.store %ps, %c : tensor<64x64x!tile.ptr<f32>, #rows>
  tile.return
}
}

// -----

// CHECK-LABEL: gpu.func @replicated
// CHECK-NOT: nvvm.stmatrix
// CHECK: gpu.return
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#rows = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.target" = "sm_90"} {
tile.func public @replicated(%p: !tile.ptr<f16>, %f: f16) {
  %x = tile.splat %f : f16 -> tensor<16x16xf16, #mma>
  %c = tilegpu.convert_layout %x : tensor<16x16xf16, #mma> -> tensor<16x16xf16, #rows>
  %ps = tile.splat %p : !tile.ptr<f16> -> tensor<16x16x!tile.ptr<f16>, #rows>
  tile.store %ps, %c : tensor<16x16x!tile.ptr<f16>, #rows>
  tile.return
}
}

// -----

// Into shared buffers (local_alloc of an mma accumulator): stmatrix
// wherever 16-byte groups of a row stay whole in the buffer's layout (a
// swizzle of 8-element groups, the 64-byte NVMMA swizzle), element pairs
// where they do not (4-element swizzle groups) or where rows do not run
// along the contiguous dimension (column-major).
// A warp's 16x32 is 8 pairs a thread: two stmatrix.x4 per buffer that
// takes them, then 8 pair stores, then 16 element stores.
// CHECK-LABEL: gpu.func @buffers
// CHECK-NOT: llvm.store
// CHECK-COUNT-4: nvvm.stmatrix
// CHECK-NOT: nvvm.stmatrix
// CHECK-COUNT-8: llvm.store %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<3>
// CHECK-NOT: nvvm.stmatrix
// CHECK-COUNT-16: llvm.store %{{.*}} : f16, !llvm.ptr<3>
// CHECK-NOT: nvvm.stmatrix
// CHECK: gpu.return
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#swizzled = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#split = #tilegpu.shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#columns = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.target" = "sm_90a"} {
tile.func public @buffers(%f: f16) {
  %v = tile.splat %f : f16 -> tensor<64x32xf16, #mma>
  %a = tilegpu.local_alloc %v : (tensor<64x32xf16, #mma>) -> !tilegpu.buffer<64x32xf16, #swizzled>
  %b = tilegpu.local_alloc %v : (tensor<64x32xf16, #mma>) -> !tilegpu.buffer<64x32xf16, #nvmma64>
  %c = tilegpu.local_alloc %v : (tensor<64x32xf16, #mma>) -> !tilegpu.buffer<64x32xf16, #split>
  %d = tilegpu.local_alloc %v : (tensor<64x32xf16, #mma>) -> !tilegpu.buffer<64x32xf16, #columns>
  %x = tilegpu.local_load %a : !tilegpu.buffer<64x32xf16, #swizzled> -> tensor<64x32xf16, #mma>
  %y = tilegpu.local_load %b : !tilegpu.buffer<64x32xf16, #nvmma64> -> tensor<64x32xf16, #mma>
  %z = tilegpu.local_load %c : !tilegpu.buffer<64x32xf16, #split> -> tensor<64x32xf16, #mma>
  %w = tilegpu.local_load %d : !tilegpu.buffer<64x32xf16, #columns> -> tensor<64x32xf16, #mma>
  tile.print " v" {hex = false, isSigned = array<i32: 0, 0, 0, 0>} : %x, %y, %z, %w : tensor<64x32xf16, #mma>, tensor<64x32xf16, #mma>, tensor<64x32xf16, #mma>, tensor<64x32xf16, #mma>
  tile.return
}
}

// -----

// A store of wgmma's 128x256 f16 accumulator through #lines (whose block
// repeats every 64 columns) converts it in 4 rounds of 64 columns, through
// one 18 KiB scratch (128 rows of 72): each thread's 4 stmatrix.x4 of the
// round, a barrier, its 4 16-byte rows of the round read back and stored
// at once, and a barrier before the next round writes the scratch again.
// CHECK-LABEL: gpu.func @store_in_rounds
// CHECK-COUNT-4: nvvm.stmatrix %[[A:[^,]*]],
// CHECK-NOT: llvm.store
// CHECK: gpu.barrier
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// CHECK-COUNT-4: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<1>
// CHECK: gpu.barrier
// CHECK-COUNT-4: nvvm.stmatrix
// CHECK: gpu.barrier
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// CHECK-COUNT-4: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<1>
// CHECK: gpu.barrier
// CHECK-COUNT-4: nvvm.stmatrix
// CHECK: gpu.barrier
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// CHECK-COUNT-4: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<1>
// CHECK: gpu.barrier
// CHECK-COUNT-4: nvvm.stmatrix
// CHECK: gpu.barrier
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// CHECK-COUNT-4: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<1>
// CHECK-NOT: gpu.barrier
// CHECK-NOT: nvvm.stmatrix
// CHECK: gpu.return
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#lines = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 8 : i32, "tilegpu.target" = "sm_90a"} {
tile.func public @store_in_rounds(%c: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %f: f16) {
  %v = tile.splat %f : f16 -> tensor<128x256xf16, #mma>
  %r = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #tilegpu.slice<{dim = 0, parent = #lines}>>
  %e = tile.expand_dims %r {axis = 0 : i32} : tensor<256xi32, #tilegpu.slice<{dim = 0, parent = #lines}>> -> tensor<1x256xi32, #lines>
  %o = tile.broadcast %e : tensor<1x256xi32, #lines> -> tensor<128x256xi32, #lines>
  %s = tile.splat %c : !tile.ptr<f16> -> tensor<128x256x!tile.ptr<f16>, #lines>
  %p = tile.addptr %s, %o : tensor<128x256x!tile.ptr<f16>, #lines>, tensor<128x256xi32, #lines>
  tile.store %p, %v : tensor<128x256x!tile.ptr<f16>, #lines>, tensor<128x256xf16, #mma>
  tile.return
}
}
