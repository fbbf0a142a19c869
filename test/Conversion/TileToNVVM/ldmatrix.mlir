// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// mma.sync operands read from shared memory with ldmatrix.
// RUN: tile-opt %s -tile-allocate-shared-memory -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s

#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#opA = #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#opB = #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#rows = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#wide = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#cols = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#plain = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#narrow = #tilegpu.shared<{vec = 4, perPhase = 1, maxPhase = 2, order = [1, 0]}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#slow = #tilegpu.shared<{vec = 8, perPhase = 4, maxPhase = 8, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {

// A (64x32, K contiguous): each warp's 32 rows are two 16-row blocks, K two
// 16-wide steps: four ldmatrix.x4 of 8x8 matrices, rows of 8 along K.
// CHECK-LABEL: gpu.func @a_rows
// CHECK-COUNT-4: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: nvvm.ldmatrix
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
tile.func public @a_rows(%x: f16) {
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<64x32xf16, #rows, mutable>
  %a = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #rows, mutable> -> tensor<64x32xf16, #opA>
  tile.print " a" {hex = false, isSigned = array<i32: 0>} : %a : tensor<64x32xf16, #opA>
  tile.return
}

// A with M contiguous: the same matrices read transposed.
// CHECK-LABEL: gpu.func @a_cols
// CHECK-COUNT-4: nvvm.ldmatrix %{{.*}} {{{.*}}layout = #nvvm.mma_layout<col>, num = 4 : i32{{.*}}}
// CHECK-NOT: nvvm.ldmatrix
tile.func public @a_cols(%x: f16) {
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<64x32xbf16, #cols, mutable>
  %a = tilegpu.local_load %buf : !tilegpu.buffer<64x32xbf16, #cols, mutable> -> tensor<64x32xbf16, #opA>
  tile.print " a" {hex = false, isSigned = array<i32: 0>} : %a : tensor<64x32xbf16, #opA>
  tile.return
}

// B (32x64, N contiguous): each warp's four 8-column blocks in pairs, two K
// steps: four transposed ldmatrix.x4.
// CHECK-LABEL: gpu.func @b_rows
// CHECK-COUNT-4: nvvm.ldmatrix %{{.*}} {{{.*}}layout = #nvvm.mma_layout<col>, num = 4 : i32{{.*}}}
// CHECK-NOT: nvvm.ldmatrix
tile.func public @b_rows(%x: f16) {
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<32x64xf16, #wide, mutable>
  %b = tilegpu.local_load %buf : !tilegpu.buffer<32x64xf16, #wide, mutable> -> tensor<32x64xf16, #opB>
  tile.print " b" {hex = false, isSigned = array<i32: 0>} : %b : tensor<32x64xf16, #opB>
  tile.return
}

// One 8-column block per warp (B is 16x16): ldmatrix.x2 per K step; an
// unswizzled buffer keeps rows of 8 contiguous too.
// CHECK-LABEL: gpu.func @b_single
// CHECK-COUNT-1: nvvm.ldmatrix %{{.*}} {{{.*}}layout = #nvvm.mma_layout<col>, num = 2 : i32{{.*}}} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32)>
// CHECK-NOT: nvvm.ldmatrix
tile.func public @b_single(%x: f16) {
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<16x16xf16, #plain, mutable>
  %b = tilegpu.local_load %buf : !tilegpu.buffer<16x16xf16, #plain, mutable> -> tensor<16x16xf16, #opB>
  tile.print " b" {hex = false, isSigned = array<i32: 0>} : %b : tensor<16x16xf16, #opB>
  tile.return
}

// A window of A (tilegpu.local_load ... at, as tile-prefetch reads one K
// step): the second K step of @a_rows's buffer, two ldmatrix.x4 whose
// columns start 16 further.
// CHECK-LABEL: gpu.func @a_window
// CHECK: arith.addi %{{.*}}, %c16_i32
// CHECK-COUNT-2: nvvm.ldmatrix %{{.*}} {{{.*}}layout = #nvvm.mma_layout<row>, num = 4 : i32{{.*}}}
// CHECK-NOT: nvvm.ldmatrix
// CHECK: gpu.return
tile.func public @a_window(%x: f16) {
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<64x32xf16, #rows, mutable>
  %a = tilegpu.local_load %buf at [0, 16] : !tilegpu.buffer<64x32xf16, #rows, mutable> -> tensor<64x16xf16, #opA>
  tile.print " a" {hex = false, isSigned = array<i32: 0>} : %a : tensor<64x16xf16, #opA>
  tile.return
}

// A window of B (K rows 16-31 of @b_rows's buffer): two transposed
// ldmatrix.x4. 16 rows are two whole periods of the swizzle (8 rows), so
// each address is the first window's plus 16 rows of 128 bytes: one
// register serves every K step.
// CHECK-LABEL: gpu.func @b_window
// CHECK-COUNT-2: llvm.getelementptr %{{.*}}[2048] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.ldmatrix %{{.*}} {{{.*}}layout = #nvvm.mma_layout<col>, num = 4 : i32{{.*}}}
// CHECK-NOT: nvvm.ldmatrix
// CHECK: gpu.return
tile.func public @b_window(%x: f16) {
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<32x64xf16, #wide, mutable>
  %b = tilegpu.local_load %buf at [16, 0] : !tilegpu.buffer<32x64xf16, #wide, mutable> -> tensor<16x64xf16, #opB>
  tile.print " b" {hex = false, isSigned = array<i32: 0>} : %b : tensor<16x64xf16, #opB>
  tile.return
}

// The same window under a swizzle whose phase repeats every 32 rows: its
// rows 16-31 are swizzled unlike rows 0-15, so the addresses are computed
// for them (no constant offset).
// CHECK-LABEL: gpu.func @b_window_phase
// CHECK-NOT: llvm.getelementptr %{{.*}}[2048]
// CHECK-COUNT-2: nvvm.ldmatrix %{{.*}} {{{.*}}layout = #nvvm.mma_layout<col>, num = 4 : i32{{.*}}}
// CHECK-NOT: nvvm.ldmatrix
// CHECK: gpu.return
tile.func public @b_window_phase(%x: f16) {
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<32x64xf16, #slow, mutable>
  %b = tilegpu.local_load %buf at [16, 0] : !tilegpu.buffer<32x64xf16, #slow, mutable> -> tensor<16x64xf16, #opB>
  tile.print " b" {hex = false, isSigned = array<i32: 0>} : %b : tensor<16x64xf16, #opB>
  tile.return
}

// A window whose columns do not start on a whole 16-byte group: plain
// loads instead of ldmatrix.
// CHECK-LABEL: gpu.func @window_unaligned
// CHECK-NOT: nvvm.ldmatrix
// CHECK: llvm.load
// CHECK-NOT: nvvm.ldmatrix
// CHECK: gpu.return
tile.func public @window_unaligned(%x: f16) {
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<64x48xf16, #plain, mutable>
  %a = tilegpu.local_load %buf at [0, 4] : !tilegpu.buffer<64x48xf16, #plain, mutable> -> tensor<64x16xf16, #opA>
  tile.print " a" {hex = false, isSigned = array<i32: 0>} : %a : tensor<64x16xf16, #opA>
  tile.return
}

// A window of a blocked tensor two columns in: each thread's 4 consecutive
// elements are read as pairs (the run starts 4 bytes into a 8-byte one).
// CHECK-LABEL: gpu.func @blocked_window
// CHECK-NOT: vector<4xf16>
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<2xf16>
// CHECK-NOT: vector<4xf16>
// CHECK: gpu.return
tile.func public @blocked_window(%x: f16) {
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<32x64xf16, #plain, mutable>
  %a = tilegpu.local_load %buf at [16, 2] : !tilegpu.buffer<32x64xf16, #plain, mutable> -> tensor<16x32xf16, #blocked>
  tile.print " a" {hex = false, isSigned = array<i32: 0>} : %a : tensor<16x32xf16, #blocked>
  tile.return
}

// A swizzle that splits rows of 8 elements: plain loads instead, of the
// K pairs each thread holds (4 bytes, within a swizzled group).
// CHECK-LABEL: gpu.func @fallback
// CHECK-NOT: nvvm.ldmatrix
// CHECK-NOT: !llvm.ptr<3> -> f16
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<2xf16>
// CHECK-NOT: !llvm.ptr<3> -> f16
// CHECK-NOT: nvvm.ldmatrix
// CHECK: gpu.return
tile.func public @fallback(%x: f16) {
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<64x32xf16, #narrow, mutable>
  %a = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #narrow, mutable> -> tensor<64x32xf16, #opA>
  tile.print " a" {hex = false, isSigned = array<i32: 0>} : %a : tensor<64x32xf16, #opA>
  tile.return
}
}
