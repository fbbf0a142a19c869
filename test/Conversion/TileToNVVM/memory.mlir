// Global loads and stores: vectors as wide as alignment allows, masks as
// predicates (loads: predicated ld.global, no branch, the address a memory
// operand, "*m", so that LLVM folds constant offsets into it; stores: a
// branch, so that the stored value is computed only where it is stored), one
// store per element even where the layout has copies.
// RUN: tile-opt %s -tile-assign-layouts -tile-coalesce -canonicalize -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse -split-input-file | FileCheck %s

// 16-byte aligned, contiguous, mask uniform over 16: four floats a vector;
// 1024 elements over 128 threads is two vectors per thread.
// CHECK-LABEL: gpu.func @aligned
// CHECK-SAME: (%[[X:.*]]: !llvm.ptr<1>, %[[Y:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32) kernel
// CHECK: gpu.thread_id x
// CHECK-NOT: scf.if
// CHECK: llvm.inline_asm has_side_effects operand_attrs = [{elementtype = vector<4xf32>}, {}, {}, {}, {}, {}] "@$5 ld.global.v4.b32 {$0, $1, $2, $3}, $4;", "=r,=r,=r,=r,*m,b,0,1,2,3" {{.*}} : (!llvm.ptr<1>, i1, i32, i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: llvm.bitcast %{{.*}} : vector<4xi32> to vector<4xf32>
// CHECK: llvm.inline_asm has_side_effects operand_attrs = [{{.*}}elementtype{{.*}}] "@$5 ld.global.v4.b32
// CHECK: scf.if %{{.*}} {
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK: scf.if %{{.*}} {
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK-NOT: llvm.store {{.*}}!llvm.ptr<1>
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
// masked-off lanes of a load take `other` (the destination register starts
// as `other`: a tied operand).
// CHECK-LABEL: gpu.func @ragged
// CHECK: %[[OTHER:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[OTHERI:.*]] = llvm.bitcast %[[OTHER]] : f32 to i32
// CHECK: %[[L:.*]] = llvm.inline_asm has_side_effects operand_attrs = [{{.*}}elementtype{{.*}}] "@$2 ld.global.b32 $0, $1;", "=r,*m,b,0" %{{.*}}, %{{.*}}, %[[OTHERI]] : (!llvm.ptr<1>, i1, i32) -> i32
// CHECK: llvm.bitcast %[[L]] : i32 to f32
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

// -----

// Four halves (8 bytes) a thread: two 32-bit registers, ld.global.v2.b32.
// CHECK-LABEL: gpu.func @halves
// CHECK: llvm.inline_asm has_side_effects operand_attrs = [{{.*}}elementtype{{.*}}] "@$3 ld.global.v2.b32 {$0, $1}, $2;", "=r,=r,*m,b,0,1" {{.*}} -> !llvm.struct<(i32, i32)>
// CHECK: llvm.bitcast %{{.*}} : vector<2xi32> to vector<4xf16>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<4xf16>, !llvm.ptr<1>
tile.func public @halves(%x: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                         %n: i32 {tile.divisibility = 4 : i32}) {
  %r = tile.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
  %ns = tile.splat %n : i32 -> tensor<512xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<512xi32>
  %xs = tile.splat %x : !tile.ptr<f16> -> tensor<512x!tile.ptr<f16>>
  %xp = tile.addptr %xs, %r : tensor<512x!tile.ptr<f16>>, tensor<512xi32>
  %v = tile.load %xp, %m : tensor<512x!tile.ptr<f16>>
  tile.store %xp, %v, %m : tensor<512x!tile.ptr<f16>>
  tile.return
}

// -----

// 16-bit scalars travel in 16-bit registers ("h").
// CHECK-LABEL: gpu.func @bf16_ragged
// CHECK: %[[L:.*]] = llvm.inline_asm has_side_effects operand_attrs = [{{.*}}elementtype{{.*}}] "@$2 ld.global.b16 $0, $1;", "=h,*m,b,0" {{.*}} : (!llvm.ptr<1>, i1, i16) -> i16
// CHECK: llvm.bitcast %[[L]] : i16 to bf16
tile.func public @bf16_ragged(%x: !tile.ptr<bf16>, %n: i32) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %ns = tile.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %xs = tile.splat %x : !tile.ptr<bf16> -> tensor<128x!tile.ptr<bf16>>
  %xp = tile.addptr %xs, %r : tensor<128x!tile.ptr<bf16>>, tensor<128xi32>
  %v = tile.load %xp, %m : tensor<128x!tile.ptr<bf16>>
  tile.store %xp, %v, %m : tensor<128x!tile.ptr<bf16>>
  tile.return
}

// -----

// Booleans are bytes in memory: u8 accesses through a 16-bit register.
// CHECK-LABEL: gpu.func @bools
// CHECK: %[[L:.*]] = llvm.inline_asm has_side_effects operand_attrs = [{{.*}}elementtype{{.*}}] "@$2 ld.global.u8 $0, $1;", "=h,*m,b,0" {{.*}} : (!llvm.ptr<1>, i1, i16) -> i16
// CHECK: arith.trunci %[[L]] : i16 to i1
// CHECK: scf.if
// CHECK: arith.extui %{{.*}} : i1 to i8
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 1 : i64} : i8, !llvm.ptr<1>
tile.func public @bools(%x: !tile.ptr<i1>, %n: i32) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %ns = tile.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %xs = tile.splat %x : !tile.ptr<i1> -> tensor<128x!tile.ptr<i1>>
  %xp = tile.addptr %xs, %r : tensor<128x!tile.ptr<i1>>, tensor<128xi32>
  %v = tile.load %xp, %m : tensor<128x!tile.ptr<i1>>
  %t = arith.xori %v, %m : tensor<128xi1>
  tile.store %xp, %t, %m : tensor<128x!tile.ptr<i1>>
  tile.return
}

// -----

// A masked volatile load stays volatile.
// CHECK-LABEL: gpu.func @volatile_masked
// CHECK: llvm.inline_asm has_side_effects operand_attrs = [{{.*}}elementtype{{.*}}] "@$2 ld.volatile.global.b32 $0, $1;", "=r,*m,b,0"
tile.func public @volatile_masked(%x: !tile.ptr<i32>, %n: i32) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %ns = tile.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %xs = tile.splat %x : !tile.ptr<i32> -> tensor<128x!tile.ptr<i32>>
  %xp = tile.addptr %xs, %r : tensor<128x!tile.ptr<i32>>, tensor<128xi32>
  %v = tile.load %xp, %m {isVolatile = true} : tensor<128x!tile.ptr<i32>>
  tile.store %xp, %v : tensor<128x!tile.ptr<i32>>
  tile.return
}
