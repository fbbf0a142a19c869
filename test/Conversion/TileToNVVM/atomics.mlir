// Atomics: once per element on its owner; a scalar atomic on one thread,
// its result shared through scratch.
// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse -split-input-file | FileCheck %s

// acq_rel: fences around a relaxed atomic (NVPTX drops atomicrmw orderings).
// CHECK-LABEL: gpu.func @tensor_rmw
// CHECK: llvm.fence syncscope("device") release
// CHECK-NEXT: llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("device") monotonic : !llvm.ptr<1>, f32
// CHECK-NEXT: llvm.fence syncscope("device") acquire
// CHECK: llvm.fence syncscope("device") release
// CHECK-NEXT: llvm.atomicrmw fadd
tile.func public @tensor_rmw(%p: !tile.ptr<f32>, %v: f32) {
  %r = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
  %pp = tile.addptr %ps, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %vs = tile.splat %v : f32 -> tensor<256xf32>
  %old = tile.atomic_rmw fadd, acq_rel, gpu, %pp, %vs : (tensor<256x!tile.ptr<f32>>, tensor<256xf32>) -> tensor<256xf32>
  tile.return
}

// -----

// CHECK-LABEL: gpu.func @scalar_cas
// CHECK: %[[FIRST:.*]] = arith.andi
// CHECK: scf.if %[[FIRST]] -> (i32) {
// CHECK:   llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} syncscope("block") acquire acquire : !llvm.ptr<1>, i32
// CHECK: scf.if %[[FIRST]] {
// CHECK:   llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
tile.func public @scalar_cas(%p: !tile.ptr<i32>, %q: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %old = tile.atomic_cas acquire, cta, %p, %c0, %c1 : (!tile.ptr<i32>, i32, i32) -> i32
  tile.store %q, %old : !tile.ptr<i32>
  tile.return
}

// -----

// relaxed: no fences.
// CHECK-LABEL: gpu.func @relaxed
// CHECK-NOT: llvm.fence
// CHECK: llvm.atomicrmw umax %{{.*}}, %{{.*}} monotonic : !llvm.ptr<1>, i32
// CHECK-NOT: llvm.fence
tile.func public @relaxed(%p: !tile.ptr<i32>, %v: i32) {
  %old = tile.atomic_rmw umax, relaxed, sys, %p, %v : (!tile.ptr<i32>, i32) -> i32
  tile.return
}
