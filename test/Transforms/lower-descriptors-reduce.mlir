// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -split-input-file -tile-lower-descriptors -verify-diagnostics | FileCheck %s

// A descriptor reduction goes as a store does (a buffer of the
// descriptor's layout, waited for until the copy has read it, one buffer
// before a loop), its copy a TMA reduction of its kind.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
// CHECK-LABEL: tile.func public @reduce
// CHECK: %[[BUF:.*]] = tilegpu.local_alloc %v : (tensor<64x64xf32, #blocked>) -> !tilegpu.buffer<64x64xf32, #{{.*}}>
// CHECK-NEXT: tilenv.async_tma_store reduce add %d[%i, %j], %[[BUF]] : !tile.tensordesc<64x64xf32>
// CHECK-NEXT: tilenv.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: tilegpu.local_dealloc %[[BUF]]
// CHECK-NOT: tile.descriptor_reduce
tile.func public @reduce(%d: !tile.tensordesc<64x64xf32>, %i: i32, %j: i32, %v: tensor<64x64xf32, #blocked>) {
  tile.descriptor_reduce add, %d[%i, %j], %v : !tile.tensordesc<64x64xf32>, tensor<64x64xf32, #blocked>
  tile.return
}

// CHECK-LABEL: tile.func public @reduce_in_loop
// CHECK: %[[BUF:.*]] = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xi32, #{{.*}}, mutable>
// CHECK-NEXT: scf.for
// CHECK: tilenv.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: tilegpu.local_store %{{.*}}, %[[BUF]]
// CHECK-NEXT: tilenv.async_tma_store reduce xor %d[%{{.*}}, %i], %[[BUF]]
// CHECK: }
// CHECK-NEXT: tilenv.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: tilegpu.local_dealloc %[[BUF]]
tile.func public @reduce_in_loop(%d: !tile.tensordesc<64x64xi32>, %i: i32, %n: i32, %v: tensor<64x64xi32, #blocked>) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %r = %c0 to %n step %c64 : i32 {
    tile.descriptor_reduce xor, %d[%r, %i], %v : !tile.tensordesc<64x64xi32>, tensor<64x64xi32, #blocked>
  }
  tile.return
}
}

// -----

// Rows picked by index need Blackwell's TMA.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
tile.func public @gather(%d: !tile.tensordesc<1x64xf32>, %r: tensor<8xi32, #row>, %i: i32) -> tensor<8x64xf32, #blocked> {
  // expected-error @below {{'tile.descriptor_gather' op needs the tensor memory accelerator's gather4 (sm_100 and newer), which tile does not target; the target is sm_90a}}
  %g = tile.descriptor_gather %d[%r, %i] : (!tile.tensordesc<1x64xf32>, tensor<8xi32, #row>, i32) -> tensor<8x64xf32, #blocked>
  tile.return %g : tensor<8x64xf32, #blocked>
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
tile.func public @scatter(%d: !tile.tensordesc<1x64xf32>, %r: tensor<8xi32, #row>, %i: i32, %v: tensor<8x64xf32, #blocked>) {
  // expected-error @below {{'tile.descriptor_scatter' op needs the tensor memory accelerator's scatter4 (sm_100 and newer), which tile does not target; the target is sm_90a}}
  tile.descriptor_scatter %d[%r, %i], %v : !tile.tensordesc<1x64xf32>, tensor<8xi32, #row>, i32, tensor<8x64xf32, #blocked>
  tile.return
}
}
