// RUN: tile-opt %s -tile-insert-barriers -verify-diagnostics

#blocked = #tile.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tile.num-warps" = 4 : i32} {
tile.func public @unwaited(%p: tensor<256x!tile.ptr<f32>, #blocked>) {
  %a = tile.local_alloc : () -> !tile.buffer<256xf32, #shared, mutable>
  %t = tile.async_copy_global_to_local %p, %a : tensor<256x!tile.ptr<f32>, #blocked> -> !tile.buffer<256xf32, #shared, mutable>
  // expected-error @below {{reads shared memory [0, 1024) that an asynchronous copy may still be writing}}
  %x = tile.local_load %a : !tile.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  tile.return
}
}
