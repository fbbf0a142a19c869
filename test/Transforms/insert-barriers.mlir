// RUN: tile-opt %s -tile-insert-barriers -split-input-file | FileCheck %s
// Running it again adds nothing: existing barriers count.
// RUN: tile-opt %s -tile-insert-barriers -split-input-file | tile-opt -tile-insert-barriers -split-input-file | FileCheck %s

#blocked = #tile.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-LABEL: tile.func public @store_then_load
// CHECK: tile.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tile.local_load
// CHECK-NEXT: tile.local_load
// CHECK-NEXT: tile.return
module attributes {"tile.num-warps" = 4 : i32} {
tile.func public @store_then_load(%t: tensor<256xf32, #blocked>) {
  %a = tile.local_alloc : () -> !tile.buffer<256xf32, #shared, mutable>
  tile.local_store %t, %a : tensor<256xf32, #blocked> -> !tile.buffer<256xf32, #shared, mutable>
  %x = tile.local_load %a : !tile.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  %y = tile.local_load %a : !tile.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  tile.return
}
}

// -----

#blocked = #tile.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// Double buffering in a loop: one barrier before the read, one before the
// write, none elsewhere.
// CHECK-LABEL: tile.func public @double_buffer
// CHECK: scf.for
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tile.local_load
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tile.local_store
// CHECK-NEXT: scf.yield
// CHECK-NOT: gpu.barrier
module attributes {"tile.num-warps" = 4 : i32} {
tile.func public @double_buffer(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a = tile.local_alloc : () -> !tile.buffer<256xf32, #shared, mutable>
  %b = tile.local_alloc : () -> !tile.buffer<256xf32, #shared, mutable>
  %x, %y = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %a, %next = %b) -> (!tile.buffer<256xf32, #shared, mutable>, !tile.buffer<256xf32, #shared, mutable>) : i32 {
    %v = tile.local_load %cur : !tile.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
    tile.local_store %v, %next : tensor<256xf32, #blocked> -> !tile.buffer<256xf32, #shared, mutable>
    scf.yield %next, %cur : !tile.buffer<256xf32, #shared, mutable>, !tile.buffer<256xf32, #shared, mutable>
  }
  tile.return
}
}

// -----

#blocked = #tile.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// Buffers that never share memory need no barrier at all.
// CHECK-LABEL: tile.func public @disjoint
// CHECK-NOT: gpu.barrier
// CHECK: tile.return
module attributes {"tile.num-warps" = 4 : i32} {
tile.func public @disjoint(%t: tensor<256xf32, #blocked>) {
  %a = tile.local_alloc : () -> !tile.buffer<256xf32, #shared, mutable>
  %b = tile.local_alloc : () -> !tile.buffer<256xf32, #shared, mutable>
  tile.local_store %t, %a : tensor<256xf32, #blocked> -> !tile.buffer<256xf32, #shared, mutable>
  tile.local_store %t, %b : tensor<256xf32, #blocked> -> !tile.buffer<256xf32, #shared, mutable>
  tile.return
}
}
