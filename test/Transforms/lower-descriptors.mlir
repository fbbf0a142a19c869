// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -split-input-file -tile-lower-descriptors -verify-diagnostics | FileCheck %s

// A descriptor load stored into a buffer of the descriptor's layout (128x64
// f16 rows are 128 bytes: the 128-byte swizzle): TMA fills a mutable
// buffer of that layout in its place, on an mbarrier of its own, waited
// for at phase 0 and invalidated.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
// CHECK-DAG: #[[N32:.*]] = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
// CHECK-LABEL: tile.func public @into_buffer
// CHECK: %[[BUF:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<128x64xf16, #nvmma, mutable>
// CHECK: %[[BAR:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<1xi64, #{{.*}}, mutable>
// CHECK: tilenv.init_barrier %[[BAR]], 1
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: tilenv.barrier_expect %[[BAR]], 16384, %[[TRUE]]
// CHECK: tilenv.async_tma_copy %d[%i, %j], %[[BUF]], %[[BAR]], %[[TRUE]]
// CHECK: tilenv.wait_barrier %[[BAR]], %c0_i32
// CHECK: tilenv.inval_barrier %[[BAR]]
// CHECK: tilegpu.local_dealloc %[[BAR]]
// CHECK-NOT: tile.descriptor_load
// CHECK: tilenv.warpgroup_dot %[[BUF]], %b
tile.func public @into_buffer(%d: !tile.tensordesc<128x64xf16>, %b: !tilegpu.buffer<64x64xf16, #nvmma>,
                              %i: i32, %j: i32, %c: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
  %t = tile.descriptor_load %d[%i, %j] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16, #blocked>
  %a = tilegpu.local_alloc %t : (tensor<128x64xf16, #blocked>) -> !tilegpu.buffer<128x64xf16, #nvmma>
  %r = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<128x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<128x64xf32, #mma>
  tile.return %r : tensor<128x64xf32, #mma>
}

// Other uses read the block back into the load's layout. 32 f32 rows are
// 128 bytes too.
// CHECK-LABEL: tile.func public @into_registers
// CHECK: %[[BUF:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<16x32xf32, #[[N32]], mutable>
// CHECK: tilenv.barrier_expect %{{.*}}, 2048
// CHECK: tilenv.async_tma_copy %d[%i, %i], %[[BUF]]
// CHECK: tilenv.wait_barrier
// CHECK: %[[T:.*]] = tilegpu.local_load %[[BUF]] : {{.*}} -> tensor<16x32xf32, #blocked>
// CHECK: tile.return %[[T]]
tile.func public @into_registers(%d: !tile.tensordesc<16x32xf32>, %i: i32) -> tensor<16x32xf32, #blocked> {
  %t = tile.descriptor_load %d[%i, %i] : !tile.tensordesc<16x32xf32> -> tensor<16x32xf32, #blocked>
  tile.return %t : tensor<16x32xf32, #blocked>
}

// A descriptor store: the value, in its own layout, fills a buffer of the
// descriptor's layout; TMA copies it out, and the buffer lives until the
// copy has read it.
// CHECK-LABEL: tile.func public @store
// CHECK: %[[BUF:.*]] = tilegpu.local_alloc %v : (tensor<128x64xf16, #mma>) -> !tilegpu.buffer<128x64xf16, #nvmma>
// CHECK-NEXT: tilenv.async_tma_store %d[%i, %j], %[[BUF]] : !tile.tensordesc<128x64xf16>, !tilegpu.buffer<128x64xf16, #nvmma>
// CHECK-NEXT: tilenv.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: tilegpu.local_dealloc %[[BUF]]
// CHECK-NOT: tile.descriptor_store
tile.func public @store(%d: !tile.tensordesc<128x64xf16>, %i: i32, %j: i32, %v: tensor<128x64xf16, #mma>) {
  tile.descriptor_store %d[%i, %j], %v : !tile.tensordesc<128x64xf16>, tensor<128x64xf16, #mma>
  tile.return
}

// In a loop (here under an scf.if in it), one mutable buffer before the
// outermost loop serves every iteration: each waits for the previous
// copy to have read it before writing it, and the last is waited for after
// the loop.
// CHECK-LABEL: tile.func public @store_in_loop
// CHECK: %[[BUF:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<128x64xf16, #nvmma, mutable>
// CHECK-NEXT: scf.for
// CHECK: scf.for
// CHECK: scf.if
// CHECK-NEXT: tilenv.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: tilegpu.local_store %{{.*}}, %[[BUF]]
// CHECK-NEXT: tilenv.async_tma_store %d[%{{.*}}, %i], %[[BUF]]
// CHECK-NOT: tilenv.async_tma_store_wait
// CHECK: }
// CHECK: }
// CHECK: }
// CHECK-NEXT: tilenv.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: tilegpu.local_dealloc %[[BUF]]
// CHECK-NEXT: tile.return
tile.func public @store_in_loop(%d: !tile.tensordesc<128x64xf16>, %i: i32, %n: i32, %v: tensor<128x64xf16, #mma>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %outer = %c0 to %n step %c1 : i32 {
    scf.for %row = %c0 to %n step %c1 : i32 {
      %odd = arith.cmpi eq, %row, %outer : i32
      scf.if %odd {
        tile.descriptor_store %d[%row, %i], %v : !tile.tensordesc<128x64xf16>, tensor<128x64xf16, #mma>
      }
    }
  }
  tile.return
}

// Two stores in one loop (an scf.while): a buffer each; each waits for
// every store before it; one wait after the loop, then both buffers end.
// CHECK-LABEL: tile.func public @two_stores_in_while
// CHECK: %[[A:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<128x64xf16, #nvmma, mutable>
// CHECK: %[[B:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<128x64xf16, #nvmma, mutable>
// CHECK-NEXT: scf.while
// CHECK: tilenv.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: tilegpu.local_store %v, %[[A]]
// CHECK-NEXT: tilenv.async_tma_store %d[%{{.*}}, %i], %[[A]]
// CHECK-NEXT: tilenv.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: tilegpu.local_store %v, %[[B]]
// CHECK-NEXT: tilenv.async_tma_store %d[%{{.*}}, %j], %[[B]]
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: tilenv.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: tilegpu.local_dealloc %[[B]]
// CHECK-NEXT: tilegpu.local_dealloc %[[A]]
// CHECK-NEXT: tile.return
tile.func public @two_stores_in_while(%d: !tile.tensordesc<128x64xf16>, %i: i32, %j: i32, %v: tensor<128x64xf16, #mma>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%row = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %row, %n : i32
    scf.condition(%more) %row : i32
  } do {
  ^bb0(%row: i32):
    tile.descriptor_store %d[%row, %i], %v : !tile.tensordesc<128x64xf16>, tensor<128x64xf16, #mma>
    tile.descriptor_store %d[%row, %j], %v : !tile.tensordesc<128x64xf16>, tensor<128x64xf16, #mma>
    %next = arith.addi %row, %c1 : i32
    scf.yield %next : i32
  }
  tile.return
}
}

// -----

module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_80"} {
tile.func public @old_target(%d: !tile.tensordesc<64x64xf16>, %i: i32) -> tensor<64x64xf16> {
  // expected-error @below {{'tile.descriptor_load' op needs the tensor memory accelerator (sm_90 or newer), but the target is sm_80}}
  %t = tile.descriptor_load %d[%i, %i] : !tile.tensordesc<64x64xf16> -> tensor<64x64xf16>
  tile.return %t : tensor<64x64xf16>
}
}

// -----

module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @no_target(%d: !tile.tensordesc<64x64xf16>, %i: i32) -> tensor<64x64xf16> {
  // expected-error @below {{needs the tensor memory accelerator (sm_90 or newer), but the target is not set}}
  %t = tile.descriptor_load %d[%i, %i] : !tile.tensordesc<64x64xf16> -> tensor<64x64xf16>
  tile.return %t : tensor<64x64xf16>
}
}

// -----

module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_86"} {
tile.func public @store_old_target(%d: !tile.tensordesc<64x64xf16>, %i: i32, %v: tensor<64x64xf16>) {
  // expected-error @below {{'tile.descriptor_store' op needs the tensor memory accelerator (sm_90 or newer), but the target is sm_86}}
  tile.descriptor_store %d[%i, %i], %v : !tile.tensordesc<64x64xf16>, tensor<64x64xf16>
  tile.return
}
}
