// Global loads and stores: vectors as wide as alignment allows, masks as
// predicates, one store per element even where the layout has copies.
// RUN: tile-opt %s -tile-assign-layouts -tile-coalesce -canonicalize -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse -split-input-file | FileCheck %s

// 16-byte aligned, contiguous, mask uniform over 16: four floats a vector;
// 1024 elements over 128 threads is two vectors per thread.
// CHECK-LABEL: gpu.func @aligned
// CHECK-SAME: (%[[X:.*]]: !llvm.ptr<1>, %[[Y:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32) kernel
// CHECK: gpu.thread_id x
// CHECK: scf.if %{{.*}} -> (vector<4xf32>)
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: scf.if %{{.*}} -> (vector<4xf32>)
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK-NOT: llvm.store
// CHECK: gpu.return
tile.func public @aligned(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                          %y: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                          %n: i32 {tile.divisibility = 16 : i32}) {
  %r = tile.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %ns = tile.splat %n : i32 -> tensor<1024xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<1024xi32>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %v = tile.load %xp, %m : tensor<1024x!tile.ptr<f32>>
  %ys = tile.splat %y : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  tile.store %yp, %v, %m : tensor<1024x!tile.ptr<f32>>
  tile.return
}

// -----

// A bound of unknown alignment: one element per access, each predicated;
// masked-off lanes of a load take `other`.
// CHECK-LABEL: gpu.func @ragged
// CHECK: %[[OTHER:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[M0:.*]] = arith.cmpi slt
// CHECK: scf.if %[[M0]] -> (f32) {
// CHECK:   llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK: } else {
// CHECK:   scf.yield %[[OTHER]] : f32
tile.func public @ragged(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
  %r = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %ns = tile.splat %n : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  %inf = arith.constant dense<0xFF800000> : tensor<256xf32>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %v = tile.load %xp, %m, %inf : tensor<256x!tile.ptr<f32>>
  tile.store %xp, %v : tensor<256x!tile.ptr<f32>>
  tile.return
}

// -----

// 64 elements on 128 threads: every element is on two threads, and only the
// first of them stores it.
// CHECK-LABEL: gpu.func @replicated
// CHECK: %[[OWNER:.*]] = arith.cmpi ult, %{{.*}}, %c64_i32 : i32
// CHECK: scf.if %[[OWNER]] {
// CHECK:   llvm.store
tile.func public @replicated(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %one = arith.constant dense<1.0> : tensor<64xf32>
  tile.store %xp, %one : tensor<64x!tile.ptr<f32>>
  tile.return
}

// -----

// Scalar accesses: every thread loads; one thread stores. Volatile stays.
// CHECK-LABEL: gpu.func @scalar
// CHECK: %[[V:.*]] = llvm.load volatile %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> i32
// CHECK: %[[FIRST:.*]] = arith.andi
// CHECK: scf.if %[[FIRST]] {
// CHECK:   llvm.store %[[V]], %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<1>
tile.func public @scalar(%p: !tile.ptr<i32>, %q: !tile.ptr<i32>) {
  %v = tile.load %p {isVolatile = true} : !tile.ptr<i32>
  tile.store %q, %v : !tile.ptr<i32>
  tile.return
}
