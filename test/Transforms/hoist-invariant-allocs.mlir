// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tile-hoist-invariant-allocs: an immutable local_alloc of a value from
// outside the loop is stored once, before the loop, and once for loops
// that follow one another.
// RUN: tile-opt %s -split-input-file -tile-hoist-invariant-allocs | FileCheck %s

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Q stored once; the loop's own value (its load) stays in the loop; so do a
// mutable buffer, one the loop frees, and one of a value from inside the
// loop.
// CHECK-LABEL: tile.func public @hoist
// CHECK: %[[Q:.*]] = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
// CHECK-NEXT: scf.for
// CHECK: tilegpu.local_load %[[Q]]
// CHECK: tilegpu.local_alloc %{{.*}} : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
// CHECK: tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared, mutable>
// CHECK: %[[FREED:.*]] = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
// CHECK: tilegpu.local_dealloc %[[FREED]]
tile.func public @hoist(%p: tensor<64x32x!tile.ptr<f16>, #blocked>, %x: tensor<64x32xf16, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %q = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %a = tilegpu.local_load %q : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %v = tile.load %p : tensor<64x32x!tile.ptr<f16>, #blocked>
    %k = tilegpu.local_alloc %v : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %b = tilegpu.local_load %k : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %m = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared, mutable>
    %f = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    tilegpu.local_dealloc %f : !tilegpu.buffer<64x32xf16, #shared>
    scf.yield
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Out of a nest, loop by loop.
// CHECK-LABEL: tile.func public @nest
// CHECK: tilegpu.local_alloc %x
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
tile.func public @nest(%x: tensor<64x32xf16, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %n step %c1 : i32 {
      %q = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
      %a = tilegpu.local_load %q : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    }
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#other = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Two loops store the same value: the second reads the first's buffer, and
// %x need not be kept for a second store. A buffer of another layout, or
// one freed before, is not reused.
// CHECK-LABEL: tile.func public @two_loops
// CHECK: %[[FREED:.*]] = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
// CHECK: tilegpu.local_dealloc %[[FREED]]
// CHECK: %[[Q:.*]] = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
// CHECK-NEXT: scf.for
// CHECK: tilegpu.local_load %[[Q]]
// CHECK: %[[O:.*]] = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared1>
// CHECK-NOT: tilegpu.local_alloc
// CHECK: scf.for
// CHECK: tilegpu.local_load %[[Q]]
// CHECK: tilegpu.local_load %[[O]]
tile.func public @two_loops(%x: tensor<64x32xf16, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %f = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
  tilegpu.local_dealloc %f : !tilegpu.buffer<64x32xf16, #shared>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %q = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %a = tilegpu.local_load %q : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
  }
  scf.for %i = %c0 to %n step %c1 : i32 {
    %q = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %a = tilegpu.local_load %q : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %o = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #other>
    %b = tilegpu.local_load %o : !tilegpu.buffer<64x32xf16, #other> -> tensor<64x32xf16, #blocked>
  }
  tile.return
}
}
