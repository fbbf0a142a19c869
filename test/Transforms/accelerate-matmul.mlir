// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -split-input-file -tile-assign-layouts -tile-accelerate-matmul | FileCheck %s
// RUN: tile-opt %s -split-input-file -tile-assign-layouts "-tile-accelerate-matmul=share-operand-buffers=false" | FileCheck %s --check-prefix=APART

// f16 operands with f32 accumulators go to mma.sync: the accumulator gets
// #tilegpu.mma version 2 (64x64 is 4x8 tiles of 16x8: warps 2x2, each with
// 2x4 tiles), the operands its dot_op layouts, read from swizzled shared
// buffers that ldmatrix reads without bank conflicts: rows of 32 f16 (64
// bytes) keep two rows per phase over 4 phases, rows of 64 one per phase
// over 8.
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #[[A:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>
// CHECK-DAG: #[[B:.*]] = #tilegpu.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 2}>
// CHECK-DAG: #[[SA:.*]] = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-DAG: #[[SB:.*]] = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-LABEL: tile.func @f16
// CHECK-NOT: #dot_op
// Both operands are stored before either is read.
// CHECK: %[[BA:.*]] = tilegpu.local_alloc %a : (tensor<64x32xf16, #{{.*}}>) -> !tilegpu.buffer<64x32xf16, #[[SA]]>
// CHECK: %[[BB:.*]] = tilegpu.local_alloc %b : (tensor<32x64xf16, #{{.*}}>) -> !tilegpu.buffer<32x64xf16, #[[SB]]>
// CHECK: %[[CA:.*]] = tilegpu.local_load %[[BA]] : !tilegpu.buffer<64x32xf16, #[[SA]]> -> tensor<64x32xf16, #[[A]]>
// CHECK: %[[CB:.*]] = tilegpu.local_load %[[BB]] : !tilegpu.buffer<32x64xf16, #[[SB]]> -> tensor<32x64xf16, #[[B]]>
// CHECK: %[[CC:.*]] = tilegpu.convert_layout %c : tensor<64x64xf32, #{{.*}}> -> tensor<64x64xf32, #[[MMA]]>
// CHECK: %[[D:.*]] = tile.dot %[[CA]], %[[CB]], %[[CC]] : tensor<64x32xf16, #[[A]]> * tensor<32x64xf16, #[[B]]> -> tensor<64x64xf32, #[[MMA]]>
// CHECK: tilegpu.convert_layout %[[D]] : tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #{{.*}}>
tile.func @f16(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = tile.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  tile.return %d : tensor<64x64xf32>
}

// -----

// Blocks a TMA descriptor loads keep its NVMMA layout (128-byte swizzle for
// rows of 64 f16), which ldmatrix reads too: the copies land in the
// operands' buffers and tile-pipeline can run them ahead.
// CHECK-DAG: #[[NV:.*]] = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tile.func @tma_operands
// CHECK: %[[TA:.*]] = tile.descriptor_load %da
// CHECK: %[[TB:.*]] = tile.descriptor_load %db
// CHECK: tilegpu.local_alloc %[[TA]] : (tensor<64x64xf16, #{{.*}}>) -> !tilegpu.buffer<64x64xf16, #[[NV]]>
// CHECK: tilegpu.local_alloc %[[TB]] : (tensor<64x64xf16, #{{.*}}>) -> !tilegpu.buffer<64x64xf16, #[[NV]]>
// CHECK: tile.dot
tile.func @tma_operands(%da: !tile.tensordesc<64x64xf16>, %db: !tile.tensordesc<64x64xf16>, %c: tensor<64x64xf32>, %i: i32) -> tensor<64x64xf32> {
  %a = tile.descriptor_load %da[%i, %i] : !tile.tensordesc<64x64xf16> -> tensor<64x64xf16>
  %b = tile.descriptor_load %db[%i, %i] : !tile.tensordesc<64x64xf16> -> tensor<64x64xf16>
  %d = tile.dot %a, %b, %c : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
  tile.return %d : tensor<64x64xf32>
}

// -----

// bf16 too; 32x64 is 2x8 tiles: the warps go along N. Rows of 16 bf16 (32
// bytes): four rows per phase, two phases.
// CHECK-DAG: #tilegpu.shared<{vec = 8, perPhase = 4, maxPhase = 2, order = [1, 0]}>
// CHECK-DAG: #[[MMA2:.*]] = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
// CHECK-LABEL: tile.func @bf16
// CHECK: tile.dot {{.*}} -> tensor<32x64xf32, #[[MMA2]]>
tile.func @bf16(%a: tensor<32x16xbf16>, %b: tensor<16x64xbf16>, %c: tensor<32x64xf32>) -> tensor<32x64xf32> {
  %d = tile.dot %a, %b, %c : tensor<32x16xbf16> * tensor<16x64xbf16> -> tensor<32x64xf32>
  tile.return %d : tensor<32x64xf32>
}

// -----

// f32 operands with inputPrecision = tf32 or tf32x3 go to mma.sync
// m16n8k8: dot_op layouts of kWidth 1 (one tf32 per register), buffers of
// 16-byte groups of 4 f32 (rows of 32 f32 are 128 bytes: one row per
// phase over 8 phases).
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #[[A:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 1}>
// CHECK-DAG: #[[B:.*]] = #tilegpu.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 1}>
// CHECK-DAG: #[[S:.*]] = #tilegpu.shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-DAG: #[[S8:.*]] = #tilegpu.shared<{vec = 4, perPhase = 4, maxPhase = 2, order = [1, 0]}>
// CHECK-LABEL: tile.func @tf32
// CHECK: %[[BA:.*]] = tilegpu.local_alloc %a : (tensor<64x8xf32, #{{.*}}>) -> !tilegpu.buffer<64x8xf32, #[[S8]]>
// CHECK: tilegpu.local_load %[[BA]] {{.*}} -> tensor<64x8xf32, #[[A]]>
// CHECK: tilegpu.local_load {{.*}} -> tensor<8x64xf32, #[[B]]>
// CHECK: tile.dot {{.*}}, inputPrecision = tf32 : tensor<64x8xf32, #[[A]]> * tensor<8x64xf32, #[[B]]> -> tensor<64x64xf32, #[[MMA]]>
// CHECK: tilegpu.local_alloc %a32 : (tensor<64x32xf32, #{{.*}}>) -> !tilegpu.buffer<64x32xf32, #[[S]]>
// CHECK: tilegpu.local_alloc %b32 : (tensor<32x64xf32, #{{.*}}>) -> !tilegpu.buffer<32x64xf32, #[[S]]>
// CHECK: tile.dot {{.*}}, inputPrecision = tf32x3 : tensor<64x32xf32, #[[A]]> * tensor<32x64xf32, #[[B]]> -> tensor<64x64xf32, #[[MMA]]>
tile.func @tf32(%a: tensor<64x8xf32>, %b: tensor<8x64xf32>, %c: tensor<64x64xf32>,
                %a32: tensor<64x32xf32>, %b32: tensor<32x64xf32>) {
  %0 = tile.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x8xf32> * tensor<8x64xf32> -> tensor<64x64xf32>
  %1 = tile.dot %a32, %b32, %c, inputPrecision = tf32x3 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  tile.return
}

// -----

// i8 operands with i32 accumulators: mma.sync m16n8k32, four i8 per
// register (kWidth 4); 16-byte groups of 16 i8.
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #[[A:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 4}>
// CHECK-DAG: #[[B:.*]] = #tilegpu.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 4}>
// CHECK-DAG: #[[S:.*]] = #tilegpu.shared<{vec = 16, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-LABEL: tile.func @i8
// CHECK: tilegpu.local_alloc %a : (tensor<64x64xi8, #{{.*}}>) -> !tilegpu.buffer<64x64xi8, #[[S]]>
// CHECK: tile.dot {{.*}} : tensor<64x64xi8, #[[A]]> * tensor<64x64xi8, #[[B]]> -> tensor<64x64xi32, #[[MMA]]>
tile.func @i8(%a: tensor<64x64xi8>, %b: tensor<64x64xi8>, %c: tensor<64x64xi32>) -> tensor<64x64xi32> {
  %d = tile.dot %a, %b, %c : tensor<64x64xi8> * tensor<64x64xi8> -> tensor<64x64xi32>
  tile.return %d : tensor<64x64xi32>
}

// -----

// What mma.sync does not take stays on the FMA path: f32 operands without
// a tf32 input precision (ieee, the default; bf16x3), tf32 with K not a
// multiple of 8, 16-bit operands with K not a multiple of 16, f16
// accumulators, shapes the warps do not divide, i8 with K = 16, i16.
// CHECK-LABEL: tile.func @fma
// CHECK-NOT: #tilegpu.mma
// CHECK-COUNT-8: tile.dot
// CHECK-NOT: #tilegpu.mma
tile.func @fma(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>,
               %a8: tensor<64x8xf16>, %b8: tensor<8x64xf16>,
               %ah: tensor<64x32xf16>, %bh: tensor<32x64xf16>, %ch: tensor<64x64xf16>,
               %as: tensor<16x16xf16>, %bs: tensor<16x4xf16>, %cs: tensor<16x4xf32>,
               %a4: tensor<64x4xf32>, %b4: tensor<4x64xf32>,
               %ai: tensor<64x16xi8>, %bi: tensor<16x64xi8>, %ci: tensor<64x64xi32>,
               %aw: tensor<64x32xi16>, %bw: tensor<32x64xi16>) {
  %0 = tile.dot %a, %b, %c : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  %1 = tile.dot %a8, %b8, %c : tensor<64x8xf16> * tensor<8x64xf16> -> tensor<64x64xf32>
  %2 = tile.dot %ah, %bh, %ch : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf16>
  %3 = tile.dot %as, %bs, %cs : tensor<16x16xf16> * tensor<16x4xf16> -> tensor<16x4xf32>
  %4 = tile.dot %a, %b, %c, inputPrecision = bf16x3 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  %5 = tile.dot %a4, %b4, %c, inputPrecision = tf32 : tensor<64x4xf32> * tensor<4x64xf32> -> tensor<64x64xf32>
  %6 = tile.dot %ai, %bi, %ci : tensor<64x16xi8> * tensor<16x64xi8> -> tensor<64x64xi32>
  %7 = tile.dot %aw, %bw, %ci : tensor<64x32xi16> * tensor<32x64xi16> -> tensor<64x64xi32>
  tile.return
}

// -----

// A dot left on the FMA path gets an accumulator of 4x4 elements per thread
// once it has 16 per thread (64x64 over 128 threads), 2x2 once it has 4
// (32x32), and keeps its layout below that (16x4). Its operands go through
// row-major buffers, both stored before either is read, and the product
// returns to the layout the function had for it.
// CHECK-DAG: #[[ROWS:.*]] = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK-DAG: #[[ACC4:.*]] = #tilegpu.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[ACC2:.*]] = #tilegpu.blocked<{sizePerThread = [2, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[A4:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[ACC4]]}>
// CHECK-DAG: #[[B4:.*]] = #tilegpu.dot_op<{opIdx = 1, parent = #[[ACC4]]}>
// CHECK-LABEL: tile.func @fma_layouts
// CHECK: %[[BA:.*]] = tilegpu.local_alloc %a : (tensor<64x32xf32, #{{.*}}>) -> !tilegpu.buffer<64x32xf32, #[[ROWS]]>
// CHECK-NEXT: %[[BB:.*]] = tilegpu.local_alloc %b : (tensor<32x64xf32, #{{.*}}>) -> !tilegpu.buffer<32x64xf32, #[[ROWS]]>
// CHECK-NEXT: %[[VA:.*]] = tilegpu.local_load %[[BA]] : {{.*}} -> tensor<64x32xf32, #[[A4]]>
// CHECK-NEXT: %[[VB:.*]] = tilegpu.local_load %[[BB]] : {{.*}} -> tensor<32x64xf32, #[[B4]]>
// CHECK-NEXT: %[[C:.*]] = tilegpu.convert_layout %c : {{.*}} -> tensor<64x64xf32, #[[ACC4]]>
// CHECK-NEXT: %[[D:.*]] = tile.dot %[[VA]], %[[VB]], %[[C]] : {{.*}} -> tensor<64x64xf32, #[[ACC4]]>
// CHECK-NEXT: tilegpu.convert_layout %[[D]] : tensor<64x64xf32, #[[ACC4]]> -> tensor<64x64xf32, #
// CHECK: tile.dot {{.*}} -> tensor<32x32xf32, #[[ACC2]]>
// CHECK: tile.dot {{.*}} : tensor<16x16xf32, #{{.*}}> * tensor<16x4xf32, #{{.*}}> -> tensor<16x4xf32, #[[SMALL:[a-z0-9]+]]>
// CHECK-NOT: tilegpu.convert_layout {{.*}} -> tensor<16x4xf32, #[[SMALL]]>
// CHECK: tile.return
tile.func @fma_layouts(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>,
                       %a2: tensor<32x8xf32>, %b2: tensor<8x32xf32>, %c2: tensor<32x32xf32>,
                       %as: tensor<16x16xf32>, %bs: tensor<16x4xf32>, %cs: tensor<16x4xf32>) {
  %0 = tile.dot %a, %b, %c : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  %1 = tile.dot %a2, %b2, %c2 : tensor<32x8xf32> * tensor<8x32xf32> -> tensor<32x32xf32>
  %2 = tile.dot %as, %bs, %cs : tensor<16x16xf32> * tensor<16x4xf32> -> tensor<16x4xf32>
  tile.return
}

// -----

// A 3-D (batched) dot on FMA: each thread's accumulators are a 4x4 square
// of one batch (4x32x16: 16 a thread), its operands read from row-major
// 3-D buffers.
// CHECK-DAG: #[[ROWS3:.*]] = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [2, 1, 0]}>
// CHECK-DAG: #[[ACC3:.*]] = #tilegpu.blocked<{sizePerThread = [1, 4, 4], threadsPerWarp = {{.*}}, warpsPerCTA = {{.*}}, order = [2, 1, 0]}>
// CHECK-DAG: #[[OPA3:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[ACC3]]}>
// CHECK-LABEL: tile.func @fma_batched
// CHECK: tilegpu.local_alloc %a : (tensor<4x32x32xf32, #{{.*}}>) -> !tilegpu.buffer<4x32x32xf32, #[[ROWS3]]>
// CHECK: tilegpu.local_load {{.*}} -> tensor<4x32x32xf32, #[[OPA3]]>
// CHECK: tile.dot {{.*}} -> tensor<4x32x16xf32, #[[ACC3]]>
tile.func @fma_batched(%a: tensor<4x32x32xf32>, %b: tensor<4x32x16xf32>, %c: tensor<4x32x16xf32>) -> tensor<4x32x16xf32> {
  %d = tile.dot %a, %b, %c : tensor<4x32x32xf32> * tensor<4x32x16xf32> -> tensor<4x32x16xf32>
  tile.return %d : tensor<4x32x16xf32>
}

// -----

// fla's k * k^T: the transposed operand is read through a transposed view
// of its source's buffer, and A, the same value, from that buffer too: one
// store of k, no transpose in registers, and a load of k feeds only the
// buffer (tile-pipeline can copy it in). A dot of a value with itself
// stores it once.
// CHECK-DAG: #[[S:.*]] = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-DAG: #[[ST:.*]] = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [0, 1]}>
// CHECK-LABEL: tile.func @k_kt
// CHECK-NOT: tile.trans
// CHECK: %[[K:.*]] = tilegpu.local_alloc %k : (tensor<64x32xf16, #{{.*}}>) -> !tilegpu.buffer<64x32xf16, #[[S]]>
// CHECK-NOT: tilegpu.local_alloc
// CHECK: %[[KT:.*]] = tilegpu.buffer_trans %[[K]] {order = array<i32: 1, 0>} : !tilegpu.buffer<64x32xf16, #[[S]]> -> !tilegpu.buffer<32x64xf16, #[[ST]]>
// CHECK: tilegpu.local_load %[[K]] : !tilegpu.buffer<64x32xf16, #[[S]]> -> tensor<64x32xf16, #dot_op>
// CHECK: tilegpu.local_load %[[KT]] : !tilegpu.buffer<32x64xf16, #[[ST]]> -> tensor<32x64xf16, #dot_op1>
// CHECK-NOT: tile.trans
// CHECK-LABEL: tile.func @square
// CHECK: %[[A:.*]] = tilegpu.local_alloc %a
// CHECK-NOT: tilegpu.local_alloc
// CHECK: tilegpu.local_load %[[A]] : !tilegpu.buffer<64x64xf16, #{{.*}}> -> tensor<64x64xf16, #dot_op>
// CHECK: tilegpu.local_load %[[A]] : !tilegpu.buffer<64x64xf16, #{{.*}}> -> tensor<64x64xf16, #dot_op1>
tile.func @k_kt(%k: tensor<64x32xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %kt = tile.trans %k {order = array<i32: 1, 0>} : tensor<64x32xf16> -> tensor<32x64xf16>
  %d = tile.dot %k, %kt, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  tile.return %d : tensor<64x64xf32>
}
tile.func @square(%a: tensor<64x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = tile.dot %a, %a, %c : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
  tile.return %d : tensor<64x64xf32>
}

// -----

// Two dots of one block read the same B (the delta rule's v_new for both
// state updates): the second reads the first's fragment, one store and one
// read. Where the reads differ (the same value as A of one dot and B of
// another), the second dot reads the first one's buffer in its own layout,
// and the module says so (the compiler may lower it again without where
// the kernels spill: tile::compileCubin); with share-operand-buffers=false
// each dot stores its own.
// CHECK-LABEL: module attributes {{{.*}}tilegpu.shared_operand_buffers
// CHECK-LABEL: tile.func @same_b
// CHECK: %[[B:.*]] = tilegpu.local_alloc %b
// CHECK: %[[R:.*]] = tilegpu.local_load %[[B]] : {{.*}} -> tensor<32x64xf16, #dot_op1>
// CHECK: tile.dot %{{.*}}, %[[R]]
// CHECK-NOT: tilegpu.local_alloc %b
// CHECK: tile.dot %{{.*}}, %[[R]]
// CHECK-LABEL: tile.func @a_then_b
// CHECK: %[[X:.*]] = tilegpu.local_alloc %x
// CHECK: %[[Y:.*]] = tilegpu.local_alloc %y
// CHECK: tilegpu.local_load %[[X]] : {{.*}} -> tensor<64x64xf16, #dot_op>
// CHECK: tile.dot
// CHECK-NOT: tilegpu.local_alloc
// CHECK: tilegpu.local_load %[[Y]] : {{.*}} -> tensor<64x64xf16, #dot_op>
// CHECK: tilegpu.local_load %[[X]] : {{.*}} -> tensor<64x64xf16, #dot_op1>
// CHECK: tile.dot
// APART-NOT: tilegpu.shared_operand_buffers
// APART-LABEL: tile.func @a_then_b
// APART: tilegpu.local_alloc %x
// APART: tilegpu.local_alloc %x
tile.func @same_b(%a1: tensor<64x32xf16>, %a2: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d1 = tile.dot %a1, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %d2 = tile.dot %a2, %b, %d1 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  tile.return %d2 : tensor<64x64xf32>
}
tile.func @a_then_b(%x: tensor<64x64xf16>, %y: tensor<64x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d1 = tile.dot %x, %y, %c : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
  %d2 = tile.dot %y, %x, %d1 : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
  tile.return %d2 : tensor<64x64xf32>
}
