// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -split-input-file -tile-lower-descriptors | FileCheck %s
// RUN: tile-opt %s -split-input-file -tile-lower-descriptors="store-chunk-bytes=64 store-slots=2" | FileCheck %s --check-prefix=NARROW
// RUN: tile-opt %s -split-input-file -tile-lower-descriptors="store-chunk-bytes=0" | FileCheck %s --check-prefix=WHOLE
// RUN: not tile-opt %s -split-input-file -tile-lower-descriptors="store-chunk-bytes=48" 2>&1 | FileCheck %s --check-prefix=BAD-BYTES
// RUN: not tile-opt %s -split-input-file -tile-lower-descriptors="store-slots=1" 2>&1 | FileCheck %s --check-prefix=BAD-SLOTS

// A wgmma result of f16 whose warpgroup holds 64 whole rows, stored in a
// loop through a descriptor nothing else uses: per warpgroup, in chunks of
// 64 columns (128-byte rows, the 128-byte swizzle) through two slots
// allocated before the loop, the copies waited for after it; with
// store-chunk-bytes=64, chunks of 32 columns (64-byte swizzle).
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
// CHECK-LABEL: tile.func public @store_in_loop
// CHECK: %[[BUF:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x64xf16, #[[N128:.*]], mutable>
// CHECK: scf.for
// CHECK-NOT: tilenv.async_tma_store_wait
// CHECK: tilenv.warpgroup_tma_store %d[%i, %{{.*}}], %v, %[[BUF]] : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #{{.*}}>, !tilegpu.buffer<2x64x64xf16, #[[N128]], mutable>
// CHECK: }
// CHECK-NEXT: tilenv.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: tilegpu.local_dealloc %[[BUF]]
// NARROW: #[[N64:.*]] = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// NARROW-LABEL: tile.func public @store_in_loop
// NARROW: tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x32xf16, #[[N64]], mutable>
// NARROW: tilenv.warpgroup_tma_store
// WHOLE-LABEL: tile.func public @store_in_loop
// WHOLE: tilegpu.local_alloc : () -> !tilegpu.buffer<64x128xf16, #{{.*}}, mutable>
// WHOLE-NOT: tilenv.warpgroup_tma_store
// WHOLE: tilegpu.local_store
// WHOLE: tilenv.async_tma_store
// BAD-BYTES: error: tile-lower-descriptors: store-chunk-bytes must be 0, 32, 64 or 128 and store-slots at least 2, got 48 and 2
// BAD-SLOTS: error: tile-lower-descriptors: store-chunk-bytes must be 0, 32, 64 or 128 and store-slots at least 2, got 128 and 1
tile.func public @store_in_loop(%d: !tile.tensordesc<64x128xf16>, %i: i32, %n: i32, %v: tensor<64x128xf16, #mma>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %k = %c0 to %n step %c1 : i32 {
    %col = arith.muli %k, %n : i32
    tile.descriptor_store %d[%i, %col], %v : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #mma>
  }
  tile.return
}
}

// -----

// Outside loops: the buffer lives from the store to the wait after it.
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
module attributes {"tilegpu.num-warps" = 8 : i32, tilegpu.target = "sm_90a"} {
// CHECK-LABEL: tile.func public @store
// CHECK-NEXT: %[[BUF:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<2x128x64xbf16, #{{.*}}, mutable>
// CHECK-NEXT: tilenv.warpgroup_tma_store %d[%i, %j], %v, %[[BUF]]
// CHECK-NEXT: tilenv.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: tilegpu.local_dealloc %[[BUF]]
// CHECK-NEXT: tile.return
tile.func public @store(%d: !tile.tensordesc<128x256xbf16>, %i: i32, %j: i32, %v: tensor<128x256xbf16, #mma>) {
  tile.descriptor_store %d[%i, %j], %v : !tile.tensordesc<128x256xbf16>, tensor<128x256xbf16, #mma>
  tile.return
}
}

// -----

// Stored whole: a descriptor that is also loaded from (one tensor map, one
// box), f32 elements (no stmatrix), warpgroups that hold their rows twice,
// columns that are not whole instruction tiles (the op's verifier rule),
// and a block of one chunk, which two slots do not divide.
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#mma64 = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mma96 = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 96, 16]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
// CHECK-LABEL: tile.func public @also_loaded
// CHECK-NOT: tilenv.warpgroup_tma_store
// CHECK: tilenv.async_tma_store
tile.func public @also_loaded(%d: !tile.tensordesc<64x128xf16>, %i: i32, %v: tensor<64x128xf16, #mma>) -> tensor<64x128xf16> {
  tile.descriptor_store %d[%i, %i], %v : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #mma>
  %t = tile.descriptor_load %d[%i, %i] : !tile.tensordesc<64x128xf16> -> tensor<64x128xf16>
  tile.return %t : tensor<64x128xf16>
}
// CHECK-LABEL: tile.func public @f32
// CHECK-NOT: tilenv.warpgroup_tma_store
// CHECK: tilenv.async_tma_store
tile.func public @f32(%d: !tile.tensordesc<64x128xf32>, %i: i32, %v: tensor<64x128xf32, #mma>) {
  tile.descriptor_store %d[%i, %i], %v : !tile.tensordesc<64x128xf32>, tensor<64x128xf32, #mma>
  tile.return
}
// CHECK-LABEL: tile.func public @rows_twice
// CHECK-NOT: tilenv.warpgroup_tma_store
// CHECK: tilenv.async_tma_store
tile.func public @rows_twice(%d: !tile.tensordesc<128x128xf16>, %i: i32, %v: tensor<128x128xf16, #mma>) {
  tile.descriptor_store %d[%i, %i], %v : !tile.tensordesc<128x128xf16>, tensor<128x128xf16, #mma>
  tile.return
}
// CHECK-LABEL: tile.func public @partial_instructions
// CHECK-NOT: tilenv.warpgroup_tma_store
// CHECK: tilenv.async_tma_store
tile.func public @partial_instructions(%d: !tile.tensordesc<64x128xf16>, %i: i32, %v: tensor<64x128xf16, #mma96>) {
  tile.descriptor_store %d[%i, %i], %v : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #mma96>
  tile.return
}
// CHECK-LABEL: tile.func public @odd_chunks
// CHECK-NOT: tilenv.warpgroup_tma_store
// CHECK: tilenv.async_tma_store
// With 32-column chunks the block is two, one round of the two slots.
// NARROW-LABEL: tile.func public @odd_chunks
// NARROW: tilenv.warpgroup_tma_store
tile.func public @odd_chunks(%d: !tile.tensordesc<64x64xf16>, %i: i32, %v: tensor<64x64xf16, #mma64>) {
  tile.descriptor_store %d[%i, %i], %v : !tile.tensordesc<64x64xf16>, tensor<64x64xf16, #mma64>
  tile.return
}
}
