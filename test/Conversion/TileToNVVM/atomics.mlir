// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Atomics: once per element on its owner; a scalar atomic on one thread,
// its result shared through scratch.
// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse -split-input-file | FileCheck %s

// acq_rel: PTX's ordered atom (NVPTX would drop an atomicrmw's ordering).
// CHECK-LABEL: gpu.func @tensor_rmw
// CHECK-NOT: llvm.fence
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "atom.acq_rel.gpu.global.add.f32 $0, [$1], $2;", "=f,l,f,~{memory}" %{{.*}}, %{{.*}} : (!llvm.ptr<1>, f32) -> f32
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "atom.acq_rel.gpu.global.add.f32
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

// Each operation and type that PTX's atom has, with its ordering and scope.
// CHECK-LABEL: gpu.func @relaxed
// CHECK-NOT: llvm.fence
// CHECK: "atom.relaxed.sys.global.max.u32 $0, [$1], $2;", "=r,l,r,~{memory}"
// CHECK: "atom.acquire.cta.global.min.s64 $0, [$1], $2;", "=l,l,l,~{memory}"
// CHECK: "atom.release.gpu.global.exch.b32 $0, [$1], $2;", "=f,l,f,~{memory}"
// CHECK: "atom.acq_rel.gpu.global.xor.b32 $0, [$1], $2;", "=r,l,r,~{memory}"
// CHECK: "atom.acq_rel.gpu.global.add.f64 $0, [$1], $2;", "=d,l,d,~{memory}"
// CHECK-NOT: llvm.fence
tile.func public @relaxed(%p: !tile.ptr<i32>, %v: i32, %q: !tile.ptr<i64>, %w: i64,
                          %r: !tile.ptr<f32>, %x: f32, %s: !tile.ptr<f64>, %y: f64) {
  %0 = tile.atomic_rmw umax, relaxed, sys, %p, %v : (!tile.ptr<i32>, i32) -> i32
  %1 = tile.atomic_rmw min, acquire, cta, %q, %w : (!tile.ptr<i64>, i64) -> i64
  %2 = tile.atomic_rmw exch, release, gpu, %r, %x : (!tile.ptr<f32>, f32) -> f32
  %3 = tile.atomic_rmw xor, acq_rel, gpu, %p, %v : (!tile.ptr<i32>, i32) -> i32
  %4 = tile.atomic_rmw fadd, acq_rel, gpu, %s, %y : (!tile.ptr<f64>, f64) -> f64
  tile.return
}

// -----

// Without an ordered atom (16-bit floats, float max/min): fences around a
// relaxed atomicrmw.
// CHECK-LABEL: gpu.func @fenced
// CHECK: llvm.fence syncscope("device") release
// CHECK-NEXT: llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("device") monotonic : !llvm.ptr<1>, f16
// CHECK-NEXT: llvm.fence syncscope("device") acquire
// CHECK: llvm.fence syncscope("block") release
// CHECK-NEXT: llvm.atomicrmw fmax %{{.*}}, %{{.*}} syncscope("block") monotonic : !llvm.ptr<1>, f32
// CHECK-NOT: llvm.fence syncscope("block") acquire
tile.func public @fenced(%p: !tile.ptr<f16>, %v: f16, %q: !tile.ptr<f32>, %w: f32) {
  %0 = tile.atomic_rmw fadd, acq_rel, gpu, %p, %v : (!tile.ptr<f16>, f16) -> f16
  %1 = tile.atomic_rmw max, release, cta, %q, %w : (!tile.ptr<f32>, f32) -> f32
  tile.return
}
