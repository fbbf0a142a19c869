// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tile.dot on mma.sync: m16n8k16 for 16-bit operands, m16n8k8 for f32
// operands as tf32 (rounded with cvt.rna.tf32.f32), three products for
// tf32x3, the f16 form for f16 accumulators, m16n8k32 for i8 with i32
// accumulators.
// RUN: tile-opt %s -tile-allocate-shared-memory -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s
// RUN: tile-translate %s --keep-layouts --emit=ptx | FileCheck %s --check-prefix=PTX

#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#opA1 = #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>
#opB1 = #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>
#opA2 = #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#opB2 = #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#opA4 = #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>
#opB4 = #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>
#plain = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {

// 32x16 = 2x2 tiles of 16x8, one per warp; K = 16 is two tf32 steps. A
// thread holds 8 elements of A and 4 of B, each rounded to tf32 once.
// CHECK-LABEL: gpu.func @tf32
// CHECK-COUNT-6: nvvm.convert.float.to.tf32 %{{.*}} {rnd = #nvvm.fp_rnd_mode<rna>}
// CHECK: nvvm.mma.sync A[{{.*}}, {{.*}}, {{.*}}, {{.*}}] B[{{.*}}, {{.*}}] C[{{.*}}, {{.*}}, {{.*}}, {{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-COUNT-6: nvvm.convert.float.to.tf32
// CHECK: nvvm.mma.sync
// CHECK-NOT: nvvm.convert.float.to.tf32
// CHECK-NOT: nvvm.mma.sync
// CHECK: gpu.return
// PTX-LABEL: .entry tf32
// PTX-COUNT-2: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PTX-LABEL: .entry tf32x3
// PTX-COUNT-6: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PTX-LABEL: .entry f16
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
tile.func public @tf32(%y: f32) {
  %ba = tilegpu.local_alloc : () -> !tilegpu.buffer<32x16xf32, #plain, mutable>
  %bb = tilegpu.local_alloc : () -> !tilegpu.buffer<16x16xf32, #plain, mutable>
  %a = tilegpu.local_load %ba : !tilegpu.buffer<32x16xf32, #plain, mutable> -> tensor<32x16xf32, #opA1>
  %b = tilegpu.local_load %bb : !tilegpu.buffer<16x16xf32, #plain, mutable> -> tensor<16x16xf32, #opB1>
  %c = tile.splat %y : f32 -> tensor<32x16xf32, #mma>
  %d = tile.dot %a, %b, %c, inputPrecision = tf32 : tensor<32x16xf32, #opA1> * tensor<16x16xf32, #opB1> -> tensor<32x16xf32, #mma>
  tile.print " d" {hex = false, isSigned = array<i32: 0>} : %d : tensor<32x16xf32, #mma>
  tile.return
}

// tf32x3: each element's tf32 and the tf32 of its remainder (per K step
// the six tf32s, then the six remainders'); big A x small B, small A x big
// B, then big x big, accumulating in turn.
// CHECK-LABEL: gpu.func @tf32x3
// CHECK: %[[X:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: %[[BIG:.*]] = nvvm.convert.float.to.tf32 %[[X]]
// CHECK-COUNT-5: nvvm.convert.float.to.tf32
// CHECK: %[[BIGF:.*]] = llvm.bitcast %[[BIG]] : i32 to f32
// CHECK: %[[REST:.*]] = arith.subf %[[X]], %[[BIGF]] : f32
// CHECK: %[[SMALL:.*]] = nvvm.convert.float.to.tf32 %[[REST]]
// CHECK-COUNT-5: nvvm.convert.float.to.tf32
// CHECK: %[[P1:.*]] = nvvm.mma.sync A[%[[BIG]], {{.*}}]  B[{{.*}}]
// CHECK: %[[E1:.*]] = llvm.extractvalue %[[P1]][0]
// CHECK: %[[P2:.*]] = nvvm.mma.sync A[%[[SMALL]], {{.*}}]  B[{{.*}}]  C[%[[E1]], {{.*}}]
// CHECK: %[[E2:.*]] = llvm.extractvalue %[[P2]][0]
// CHECK: nvvm.mma.sync A[%[[BIG]], {{.*}}]  B[{{.*}}]  C[%[[E2]], {{.*}}]
// CHECK-COUNT-12: nvvm.convert.float.to.tf32
// CHECK-COUNT-3: nvvm.mma.sync
// CHECK-NOT: nvvm.convert.float.to.tf32
// CHECK-NOT: nvvm.mma.sync
// CHECK: gpu.return
tile.func public @tf32x3(%y: f32) {
  %ba = tilegpu.local_alloc : () -> !tilegpu.buffer<32x16xf32, #plain, mutable>
  %bb = tilegpu.local_alloc : () -> !tilegpu.buffer<16x16xf32, #plain, mutable>
  %a = tilegpu.local_load %ba : !tilegpu.buffer<32x16xf32, #plain, mutable> -> tensor<32x16xf32, #opA1>
  %b = tilegpu.local_load %bb : !tilegpu.buffer<16x16xf32, #plain, mutable> -> tensor<16x16xf32, #opB1>
  %c = tile.splat %y : f32 -> tensor<32x16xf32, #mma>
  %d = tile.dot %a, %b, %c, inputPrecision = tf32x3 : tensor<32x16xf32, #opA1> * tensor<16x16xf32, #opB1> -> tensor<32x16xf32, #mma>
  tile.print " d" {hex = false, isSigned = array<i32: 0>} : %d : tensor<32x16xf32, #mma>
  tile.return
}

// f16: pairs along K, one m16n8k16 for the single K step.
// CHECK-LABEL: gpu.func @f16
// CHECK-NOT: nvvm.convert.float.to.tf32
// CHECK: nvvm.mma.sync A[{{.*}}]  B[{{.*}}]  C[{{.*}}]  {{{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32)
// CHECK-NOT: nvvm.mma.sync
tile.func public @f16(%y: f32) {
  %ba = tilegpu.local_alloc : () -> !tilegpu.buffer<32x16xf16, #plain, mutable>
  %bb = tilegpu.local_alloc : () -> !tilegpu.buffer<16x16xf16, #plain, mutable>
  %a = tilegpu.local_load %ba : !tilegpu.buffer<32x16xf16, #plain, mutable> -> tensor<32x16xf16, #opA2>
  %b = tilegpu.local_load %bb : !tilegpu.buffer<16x16xf16, #plain, mutable> -> tensor<16x16xf16, #opB2>
  %c = tile.splat %y : f32 -> tensor<32x16xf32, #mma>
  %d = tile.dot %a, %b, %c : tensor<32x16xf16, #opA2> * tensor<16x16xf16, #opB2> -> tensor<32x16xf32, #mma>
  tile.print " d" {hex = false, isSigned = array<i32: 0>} : %d : tensor<32x16xf32, #mma>
  tile.return
}

// f16 accumulators: each row's pair of a 16x8 tile packed into one f16x2
// register, two a tile, unpacked from the result.
// CHECK-LABEL: gpu.func @f16_acc
// CHECK-COUNT-2: llvm.insertelement %{{.*}} : vector<2xf16>
// CHECK: nvvm.mma.sync A[{{.*}}, {{.*}}, {{.*}}, {{.*}}] B[{{.*}}, {{.*}}] C[{{.*}}, {{.*}}] {{{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
// CHECK-COUNT-2: llvm.extractvalue %{{.*}} : !llvm.struct<(vector<2xf16>, vector<2xf16>)>
// CHECK-NOT: nvvm.mma.sync
// PTX-LABEL: .entry f16_acc
// PTX: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
tile.func public @f16_acc(%y: f16) {
  %ba = tilegpu.local_alloc : () -> !tilegpu.buffer<32x16xf16, #plain, mutable>
  %bb = tilegpu.local_alloc : () -> !tilegpu.buffer<16x16xf16, #plain, mutable>
  %a = tilegpu.local_load %ba : !tilegpu.buffer<32x16xf16, #plain, mutable> -> tensor<32x16xf16, #opA2>
  %b = tilegpu.local_load %bb : !tilegpu.buffer<16x16xf16, #plain, mutable> -> tensor<16x16xf16, #opB2>
  %c = tile.splat %y : f16 -> tensor<32x16xf16, #mma>
  %d = tile.dot %a, %b, %c : tensor<32x16xf16, #opA2> * tensor<16x16xf16, #opB2> -> tensor<32x16xf16, #mma>
  tile.print " d" {hex = false, isSigned = array<i32: 0>} : %d : tensor<32x16xf16, #mma>
  tile.return
}

// i8: four K elements a register, packed and bitcast to i32; signed
// multiplicands, wrapping i32 accumulators.
// CHECK-LABEL: gpu.func @i8
// CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: nvvm.mma.sync A[{{.*}}]  B[{{.*}}]  C[{{.*}}]  {intOverflowBehavior = #nvvm.mma_int_overflow<wrapped>, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<s8>, shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: nvvm.mma.sync
// PTX-LABEL: .entry i8
// PTX: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
tile.func public @i8(%y: i32) {
  %ba = tilegpu.local_alloc : () -> !tilegpu.buffer<32x32xi8, #plain, mutable>
  %bb = tilegpu.local_alloc : () -> !tilegpu.buffer<32x16xi8, #plain, mutable>
  %a = tilegpu.local_load %ba : !tilegpu.buffer<32x32xi8, #plain, mutable> -> tensor<32x32xi8, #opA4>
  %b = tilegpu.local_load %bb : !tilegpu.buffer<32x16xi8, #plain, mutable> -> tensor<32x16xi8, #opB4>
  %c = tile.splat %y : i32 -> tensor<32x16xi32, #mma>
  %d = tile.dot %a, %b, %c : tensor<32x32xi8, #opA4> * tensor<32x16xi8, #opB4> -> tensor<32x16xi32, #mma>
  tile.print " d" {hex = false, isSigned = array<i32: 1>} : %d : tensor<32x16xi32, #mma>
  tile.return
}
}
