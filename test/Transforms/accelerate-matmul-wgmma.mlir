// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// On sm_90a, dots whose shape suits Hopper's warpgroup MMA become
// tilenv.warpgroup_dot: both operands stored (as computed) into NVMMA buffers
// with the widest swizzle their rows allow, the accumulator in #tilegpu.mma
// version 3 with every warp along M; the rest stay on mma.sync.
// RUN: tile-opt %s -split-input-file -tile-assign-layouts="target=sm_90a num-warps=8" -tile-accelerate-matmul | FileCheck %s
// Plain sm_90 has no wgmma: mma.sync.
// RUN: tile-opt %s -split-input-file -tile-assign-layouts="target=sm_90 num-warps=8" -tile-accelerate-matmul | FileCheck %s --check-prefix=SM90
// SM90-NOT: tilenv.warpgroup_dot
// SM90-NOT: versionMajor = 3

// 128x256x64 on 8 warps (two warpgroups of 64 rows each): m64n256k16, 128
// accumulators a thread; rows of 64 f16 (A) and 256 f16 (B) take the
// 128-byte swizzle.
// CHECK-DAG: #[[WG:.*]] = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
// CHECK-DAG: #[[S128:.*]] = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tile.func @large
// CHECK: %[[A:.*]] = tilegpu.local_alloc %a : (tensor<128x64xf16, #{{.*}}>) -> !tilegpu.buffer<128x64xf16, #[[S128]]>
// CHECK: %[[B:.*]] = tilegpu.local_alloc %b : (tensor<64x256xf16, #{{.*}}>) -> !tilegpu.buffer<64x256xf16, #[[S128]]>
// CHECK: %[[C:.*]] = tilegpu.convert_layout %c : tensor<128x256xf32, #{{.*}}> -> tensor<128x256xf32, #[[WG]]>
// CHECK: %[[D:.*]] = tilenv.warpgroup_dot %[[A]], %[[B]], %[[C]] : !tilegpu.buffer<128x64xf16, #[[S128]]>, !tilegpu.buffer<64x256xf16, #[[S128]]> -> tensor<128x256xf32, #[[WG]]>
// CHECK: tilegpu.convert_layout %[[D]] : tensor<128x256xf32, #[[WG]]> -> tensor<128x256xf32, #{{.*}}>
// CHECK-NOT: tilegpu.local_load
tile.func @large(%a: tensor<128x64xf16>, %b: tensor<64x256xf16>, %c: tensor<128x256xf32>) -> tensor<128x256xf32> {
  %d = tile.dot %a, %b, %c : tensor<128x64xf16> * tensor<64x256xf16> -> tensor<128x256xf32>
  tile.return %d : tensor<128x256xf32>
}

// -----

// bf16, K = 32: A's rows of 64 bytes take the 64-byte swizzle, B's of 128
// bytes (64 bf16) the 128-byte one.
// CHECK-DAG: #[[WG:.*]] = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
// CHECK-DAG: #[[S64:.*]] = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[S128:.*]] = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tile.func @bf16
// CHECK: tilenv.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} : !tilegpu.buffer<128x32xbf16, #[[S64]]>, !tilegpu.buffer<32x64xbf16, #[[S128]]> -> tensor<128x64xf32, #[[WG]]>
tile.func @bf16(%a: tensor<128x32xbf16>, %b: tensor<32x64xbf16>, %c: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %d = tile.dot %a, %b, %c : tensor<128x32xbf16> * tensor<32x64xbf16> -> tensor<128x64xf32>
  tile.return %d : tensor<128x64xf32>
}

// -----

// 64 rows cannot give 8 warps 16 rows each: two warpgroups side by side
// along N, each computing 32 columns, as Triton places them. B's rows are
// stored swizzled for the 32 columns a warpgroup reads (64 bytes).
// CHECK-DAG: #mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 32, 16]}>
// CHECK-DAG: #[[B64:.*]] = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tile.func @few_rows
// CHECK: tilegpu.local_alloc %b : (tensor<32x64xf16, #{{.*}}>) -> !tilegpu.buffer<32x64xf16, #[[B64]]>
// CHECK: tilenv.warpgroup_dot {{.*}} -> tensor<64x64xf32, #mma>
tile.func @few_rows(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = tile.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  tile.return %d : tensor<64x64xf32>
}

// -----

// f16 accumulators: mma.sync's f16 form, not wgmma.
// CHECK: #mma = #tilegpu.mma<{versionMajor = 2
// CHECK-LABEL: tile.func @f16_accumulators
// CHECK-NOT: tilenv.warpgroup_dot
// CHECK: tile.dot {{.*}} -> tensor<128x128xf16, #mma>
tile.func @f16_accumulators(%a: tensor<128x64xf16>, %b: tensor<64x128xf16>, %c: tensor<128x128xf16>) -> tensor<128x128xf16> {
  %d = tile.dot %a, %b, %c : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf16>
  tile.return %d : tensor<128x128xf16>
}

// -----

// 256x256 on 8 warps would need 256 accumulators a thread: mma.sync.
// CHECK: #mma = #tilegpu.mma<{versionMajor = 2
// CHECK-LABEL: tile.func @too_many_accumulators
// CHECK-NOT: tilenv.warpgroup_dot
// CHECK: tile.dot {{.*}} -> tensor<256x256xf32, #mma>
tile.func @too_many_accumulators(%a: tensor<256x64xf16>, %b: tensor<64x256xf16>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %d = tile.dot %a, %b, %c : tensor<256x64xf16> * tensor<64x256xf16> -> tensor<256x256xf32>
  tile.return %d : tensor<256x256xf32>
}

// -----

// f16 B computed K-contiguous (attention's K^T: the transpose of an N x K
// tensor) is stored as computed: K-major (rows of 64 f16 along K), which
// wgmma reads as well as N-major, so that its stores and the pipeline's
// copies stay 16 bytes wide. A transposition's source goes to shared memory
// itself (rows along its K) and the dot reads a transposed view, so that
// the load it comes from can be copied ahead. A row-major B stays N-major.
// CHECK-DAG: #[[KMAJOR:.*]] = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK-DAG: #[[NMAJOR:.*]] = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tile.func @f16_k_major
// CHECK-NOT: tile.trans
// CHECK: %[[NK:.*]] = tilegpu.local_alloc %[[SRC:.*]] : (tensor<64x64xf16, #{{.*}}>) -> !tilegpu.buffer<64x64xf16, #[[NMAJOR]]>
// CHECK: %[[BT:.*]] = tilegpu.buffer_trans %[[NK]] {order = array<i32: 1, 0>} : !tilegpu.buffer<64x64xf16, #[[NMAJOR]]> -> !tilegpu.buffer<64x64xf16, #[[KMAJOR]]>
// CHECK: tilenv.warpgroup_dot %{{.*}}, %[[BT]], %{{.*}}
// CHECK: %[[B:.*]] = tilegpu.local_alloc %{{.*}} -> !tilegpu.buffer<64x64xf16, #[[NMAJOR]]>
// CHECK: tilenv.warpgroup_dot %{{.*}}, %[[B]], %{{.*}}
tile.func @f16_k_major(%a: tensor<128x64xf16>, %bt: tensor<64x64xf16>, %b: tensor<64x64xf16>, %c: tensor<128x64xf32>) -> (tensor<128x64xf32>, tensor<128x64xf32>) {
  %kmajor = tile.trans %bt {order = array<i32: 1, 0>} : tensor<64x64xf16> -> tensor<64x64xf16>
  %d = tile.dot %a, %kmajor, %c : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
  %e = tile.dot %a, %b, %c : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
  tile.return %d, %e : tensor<128x64xf32>, tensor<128x64xf32>
}

// -----

// f32 operands: ieee stays on FMA; tf32 is a warpgroup dot (m64n64k8) when
// B is computed K-contiguous (here the transpose of an N x K tensor): it is
// stored transposed (rows of 32 f32 = 128 bytes along K: the N x K source,
// read through a transposed view), as wgmma reads tf32 K-major only. A row-major B would be stored element by element: with
// this small accumulator (32 registers a thread), that tf32 dot stays on
// mma.sync, as does tf32x3 (three products).
// CHECK-DAG: #[[NV_A:.*]] = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
// CHECK-DAG: #[[NV_B:.*]] = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
// CHECK-DAG: #[[MMA3:.*]] = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 8]}>
// CHECK-DAG: #[[MMA2:.*]] = #tilegpu.mma<{versionMajor = 2
// CHECK-LABEL: tile.func @f32
// CHECK: tile.dot {{.*}} -> tensor<128x64xf32, #blocked{{[0-9]*}}>
// CHECK: %[[A:.*]] = tilegpu.local_alloc %{{.*}} -> !tilegpu.buffer<128x32xf32, #[[NV_A]]>
// CHECK: %[[NK:.*]] = tilegpu.local_alloc %{{.*}} -> !tilegpu.buffer<64x32xf32, #[[NV_A]]>
// CHECK: %[[B:.*]] = tilegpu.buffer_trans %[[NK]] {{.*}} -> !tilegpu.buffer<32x64xf32, #[[NV_B]]>
// CHECK: tilenv.warpgroup_dot %[[A]], %[[B]], %{{.*}} : {{.*}} -> tensor<128x64xf32, #[[MMA3]]>
// CHECK: tile.dot {{.*}}, inputPrecision = tf32 : {{.*}} -> tensor<128x64xf32, #[[MMA2]]>
// CHECK: tile.dot {{.*}}, inputPrecision = tf32x3 : {{.*}} -> tensor<128x64xf32, #[[MMA2]]>
tile.func @f32(%a: tensor<128x32xf32>, %bt: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<128x64xf32>) -> (tensor<128x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>) {
  %d = tile.dot %a, %b, %c : tensor<128x32xf32> * tensor<32x64xf32> -> tensor<128x64xf32>
  %kmajor = tile.trans %bt {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>
  %e = tile.dot %a, %kmajor, %c, inputPrecision = tf32 : tensor<128x32xf32> * tensor<32x64xf32> -> tensor<128x64xf32>
  %g = tile.dot %a, %b, %c, inputPrecision = tf32 : tensor<128x32xf32> * tensor<32x64xf32> -> tensor<128x64xf32>
  %f = tile.dot %a, %b, %c, inputPrecision = tf32x3 : tensor<128x32xf32> * tensor<32x64xf32> -> tensor<128x64xf32>
  tile.return %d, %e, %g, %f : tensor<128x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>
}

// -----

// A row-major tf32 B with a large accumulator (128x256 on 8 warps: 128
// registers a thread, the tutorial matmul's block) goes to wgmma all the
// same, stored transposed: mma.sync's operand fragments would not fit
// beside the accumulator.
// CHECK-DAG: #[[NV_BT:.*]] = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
// CHECK-LABEL: tile.func @tf32_large
// CHECK: %[[B:.*]] = tilegpu.local_alloc %{{.*}} -> !tilegpu.buffer<32x256xf32, #[[NV_BT]]>
// CHECK: tilenv.warpgroup_dot %{{.*}}, %[[B]], %{{.*}} : {{.*}} -> tensor<128x256xf32, #mma
tile.func @tf32_large(%a: tensor<128x32xf32>, %b: tensor<32x256xf32>, %c: tensor<128x256xf32>) -> tensor<128x256xf32> {
  %d = tile.dot %a, %b, %c, inputPrecision = tf32 : tensor<128x32xf32> * tensor<32x256xf32> -> tensor<128x256xf32>
  tile.return %d : tensor<128x256xf32>
}

// -----

// i8 operands, i32 accumulators: like tf32, on wgmma (m64n64k32) when B is
// computed K-contiguous, B stored transposed (rows of 64 i8 along K, 64-byte
// swizzle); a row-major B stays on mma.sync (m16n8k32).
// CHECK-DAG: #[[NV8_A:.*]] = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
// CHECK-DAG: #[[NV8_B:.*]] = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
// CHECK-DAG: #[[MMA3I:.*]] = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 32]}>
// CHECK-DAG: #[[MMA2I:.*]] = #tilegpu.mma<{versionMajor = 2
// CHECK-LABEL: tile.func @i8
// CHECK: %[[A:.*]] = tilegpu.local_alloc %{{.*}} -> !tilegpu.buffer<128x64xi8, #[[NV8_A]]>
// CHECK: %[[NK:.*]] = tilegpu.local_alloc %{{.*}} -> !tilegpu.buffer<64x64xi8, #[[NV8_A]]>
// CHECK: %[[B:.*]] = tilegpu.buffer_trans %[[NK]] {{.*}} -> !tilegpu.buffer<64x64xi8, #[[NV8_B]]>
// CHECK: tilenv.warpgroup_dot %[[A]], %[[B]], %{{.*}} : {{.*}} -> tensor<128x64xi32, #[[MMA3I]]>
// CHECK: tile.dot {{.*}} -> tensor<128x64xi32, #[[MMA2I]]>
tile.func @i8(%a: tensor<128x64xi8>, %bt: tensor<64x64xi8>, %b: tensor<64x64xi8>, %c: tensor<128x64xi32>) -> (tensor<128x64xi32>, tensor<128x64xi32>) {
  %kmajor = tile.trans %bt {order = array<i32: 1, 0>} : tensor<64x64xi8> -> tensor<64x64xi8>
  %d = tile.dot %a, %kmajor, %c : tensor<128x64xi8> * tensor<64x64xi8> -> tensor<128x64xi32>
  %e = tile.dot %a, %b, %c : tensor<128x64xi8> * tensor<64x64xi8> -> tensor<128x64xi32>
  tile.return %d, %e : tensor<128x64xi32>, tensor<128x64xi32>
}

// -----

// A chain of dots, as attention has it: the second dot's A is computed (the
// first dot's product, cast to f16), so it stays in registers, converted to
// the layout of an accumulator whose N is its K; B (loaded) and the first
// dot's operands go through shared memory.
// CHECK-DAG: #[[PA:.*]] = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
// CHECK-LABEL: tile.func @chain
// CHECK: %[[S:.*]] = tilenv.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} : !tilegpu.buffer<128x64xf16, {{.*}}>, !tilegpu.buffer<64x64xf16, {{.*}}> -> tensor<128x64xf32, #[[PA]]>
// CHECK: %[[P:.*]] = arith.truncf
// CHECK: %[[PR:.*]] = tilegpu.convert_layout %{{.*}} : tensor<128x64xf16, #{{.*}}> -> tensor<128x64xf16, #[[PA]]>
// CHECK-NOT: tilegpu.local_alloc %[[P]] :
// CHECK: tilenv.warpgroup_dot %[[PR]], %{{.*}}, %{{.*}} : tensor<128x64xf16, #[[PA]]>, !tilegpu.buffer<64x128xf16, #{{.*}}> -> tensor<128x128xf32, #mma{{[0-9]*}}>
tile.func @chain(%qp: tensor<128x64x!tile.ptr<f16>>, %kp: tensor<64x64x!tile.ptr<f16>>, %vp: tensor<64x128x!tile.ptr<f16>>, %acc: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %q = tile.load %qp : tensor<128x64x!tile.ptr<f16>>
  %k = tile.load %kp : tensor<64x64x!tile.ptr<f16>>
  %v = tile.load %vp : tensor<64x128x!tile.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<128x64xf32>
  %s = tile.dot %q, %k, %zero : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
  %p = arith.truncf %s : tensor<128x64xf32> to tensor<128x64xf16>
  %o = tile.dot %p, %v, %acc : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  tile.return %o : tensor<128x128xf32>
}

// -----

// An A computed from a load, not from another dot's product (an f32 matrix
// cast to f16), goes through shared memory as a loaded one does: in
// registers it would first be converted through shared memory anyway.
// CHECK-LABEL: tile.func @cast_load
// CHECK: %[[A:.*]] = tilegpu.local_alloc %{{.*}} -> !tilegpu.buffer<128x64xf16
// CHECK: tilenv.warpgroup_dot %[[A]], %{{.*}}, %{{.*}} : !tilegpu.buffer<128x64xf16
tile.func @cast_load(%ap: tensor<128x64x!tile.ptr<f32>>, %bp: tensor<64x128x!tile.ptr<f16>>, %acc: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %a32 = tile.load %ap : tensor<128x64x!tile.ptr<f32>>
  %a = arith.truncf %a32 : tensor<128x64xf32> to tensor<128x64xf16>
  %b = tile.load %bp : tensor<64x128x!tile.ptr<f16>>
  %o = tile.dot %a, %b, %acc : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  tile.return %o : tensor<128x128xf32>
}

// -----

// i8 with a row-major B stays on mma.sync whatever the accumulator's size:
// its 1-byte elements would be copied one at a time, not asynchronously.
// CHECK-LABEL: tile.func @i8_large
// CHECK-NOT: tilenv.warpgroup_dot
// CHECK: tile.dot
tile.func @i8_large(%a: tensor<128x64xi8>, %b: tensor<64x256xi8>, %c: tensor<128x256xi32>) -> tensor<128x256xi32> {
  %d = tile.dot %a, %b, %c : tensor<128x64xi8> * tensor<64x256xi8> -> tensor<128x256xi32>
  tile.return %d : tensor<128x256xi32>
}

// -----

// fp8 (e4m3 x e5m2), f32 accumulators: wgmma (m64n64k32) whichever way B
// was computed, B stored transposed (K-contiguous rows of 64 bytes); with
// no wgmma (sm_90) the operands become f16 for mma.sync.
// CHECK-DAG: #[[NV8_A:.*]] = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
// CHECK-DAG: #[[NV8_B:.*]] = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
// CHECK-LABEL: tile.func @fp8
// CHECK: %[[A:.*]] = tilegpu.local_alloc %{{.*}} -> !tilegpu.buffer<128x64xf8E4M3FN, #[[NV8_A]]>
// CHECK: %[[B:.*]] = tilegpu.local_alloc %{{.*}} -> !tilegpu.buffer<64x64xf8E5M2, #[[NV8_B]]>
// CHECK: tilenv.warpgroup_dot %[[A]], %[[B]], %{{.*}} : !tilegpu.buffer<128x64xf8E4M3FN, #[[NV8_A]]>, !tilegpu.buffer<64x64xf8E5M2, #[[NV8_B]]> -> tensor<128x64xf32, #{{.*}}>
// SM90-LABEL: tile.func @fp8
// SM90: tile.fp_to_fp %{{.*}} : tensor<128x64xf8E4M3FN, #{{.*}}> -> tensor<128x64xf16, #{{.*}}>
// SM90: tile.fp_to_fp %{{.*}} : tensor<64x64xf8E5M2, #{{.*}}> -> tensor<64x64xf16, #{{.*}}>
// SM90: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x64xf16, #{{.*}}> * tensor<64x64xf16, #{{.*}}> -> tensor<128x64xf32, #mma{{.*}}>
tile.func @fp8(%a: tensor<128x64xf8E4M3FN>, %b: tensor<64x64xf8E5M2>, %c: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %d = tile.dot %a, %b, %c : tensor<128x64xf8E4M3FN> * tensor<64x64xf8E5M2> -> tensor<128x64xf32>
  tile.return %d : tensor<128x64xf32>
}
