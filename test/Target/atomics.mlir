// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Ordered atomics become PTX's atom with their ordering and scope, which
// ptxas accepts for sm_90 for each operation and type.
// RUN: tile-translate %s --emit=ptx -o - | FileCheck %s
// RUN: %if ptxas %{ tile-translate %s --emit=cubin -o %t.cubin %}
// CHECK: atom.relaxed.sys.global.max.u32
// CHECK: atom.acquire.cta.global.min.s64
// CHECK: atom.release.gpu.global.exch.b32
// CHECK: atom.acq_rel.gpu.global.xor.b32
// CHECK: atom.acq_rel.gpu.global.add.f64
// CHECK: atom.acq_rel.gpu.global.add.u64
// CHECK-NOT: fence
// CHECK-NOT: membar
module {
tile.func public @atomics(%p: !tile.ptr<i32>, %v: i32, %q: !tile.ptr<i64>, %w: i64,
                          %r: !tile.ptr<f32>, %x: f32, %s: !tile.ptr<f64>, %y: f64, %o: !tile.ptr<f64>) {
  %0 = tile.atomic_rmw umax, relaxed, sys, %p, %v : (!tile.ptr<i32>, i32) -> i32
  %1 = tile.atomic_rmw min, acquire, cta, %q, %w : (!tile.ptr<i64>, i64) -> i64
  %2 = tile.atomic_rmw exch, release, gpu, %r, %x : (!tile.ptr<f32>, f32) -> f32
  %3 = tile.atomic_rmw xor, acq_rel, gpu, %p, %v : (!tile.ptr<i32>, i32) -> i32
  %4 = tile.atomic_rmw fadd, acq_rel, gpu, %s, %y : (!tile.ptr<f64>, f64) -> f64
  %5 = tile.atomic_rmw add, acq_rel, gpu, %q, %w : (!tile.ptr<i64>, i64) -> i64
  %a = arith.sitofp %0 : i32 to f64
  %b = arith.sitofp %1 : i64 to f64
  %c = arith.extf %2 : f32 to f64
  %d = arith.sitofp %3 : i32 to f64
  %e = arith.sitofp %5 : i64 to f64
  %s1 = arith.addf %a, %b : f64
  %s2 = arith.addf %s1, %c : f64
  %s3 = arith.addf %s2, %d : f64
  %s4 = arith.addf %s3, %4 : f64
  %s5 = arith.addf %s4, %e : f64
  tile.store %o, %s5 : !tile.ptr<f64>
  tile.return
}
}
