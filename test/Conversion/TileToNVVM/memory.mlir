// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Global loads and stores: vectors as wide as alignment allows, masks as
// predicates (predicated ld.global and st.global, no branch, the address a
// memory operand, "*m", so that LLVM folds constant offsets into it; a store
// whose value is costly work of its own stays a branch, so that the value is
// computed only where it is stored), one store per element even where the
// layout has copies.
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
// CHECK: llvm.inline_asm has_side_effects operand_attrs = [{elementtype = vector<4xf32>}, {}, {}, {}, {}, {}] "@$6 st.global.v4.b32 $1, {$2, $3, $4, $5};", "=r,*m,r,r,r,r,b" {{.*}} : (!llvm.ptr<1>, i32, i32, i32, i32, i1) -> i32
// CHECK: llvm.inline_asm has_side_effects {{.*}} "@$6 st.global.v4.b32
// CHECK-NOT: scf.if
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
// CHECK: llvm.inline_asm has_side_effects {{.*}} "@$3 st.global.b32 $1, $2;", "=r,*m,r,b" %{{.*}}, %{{.*}}, %[[OWNER]]
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
// CHECK: llvm.inline_asm has_side_effects operand_attrs = [{elementtype = i32}, {}, {}] "@$3 st.global.b32 $1, $2;", "=r,*m,r,b" %{{.*}}, %[[V]], %[[FIRST]]
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
// CHECK: llvm.inline_asm has_side_effects operand_attrs = [{elementtype = vector<4xf16>}, {}, {}, {}] "@$4 st.global.v2.b32 $1, {$2, $3};", "=r,*m,r,r,b"
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

// 16-bit scalars travel in 16-bit registers ("h"); the bitcasts between the
// load and the store cancel.
// CHECK-LABEL: gpu.func @bf16_ragged
// CHECK: %[[L:.*]] = llvm.inline_asm has_side_effects operand_attrs = [{{.*}}elementtype{{.*}}] "@$2 ld.global.b16 $0, $1;", "=h,*m,b,0" {{.*}} : (!llvm.ptr<1>, i1, i16) -> i16
// CHECK: llvm.inline_asm has_side_effects operand_attrs = [{elementtype = bf16}, {}, {}] "@$3 st.global.b16 $1, $2;", "=r,*m,h,b" %{{.*}}, %[[L]], %{{.*}}
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
// CHECK: %[[H:.*]] = arith.extui %{{.*}} : i1 to i16
// CHECK: llvm.inline_asm has_side_effects {{.*}} "@$3 st.global.u8 $1, $2;", "=r,*m,h,b" %{{.*}}, %[[H]], %{{.*}}
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

// -----

// A masked store of an exact division that nothing else uses stays a branch
// (LLVM computes the division only where it is stored); an approximate one
// (div.full) is a predicated store like any other.
// CHECK-LABEL: gpu.func @costly_value
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK-LABEL: gpu.func @cheap_value
// CHECK-NOT: scf.if
// CHECK: llvm.inline_asm has_side_effects {{.*}} "@$3 st.global.b32 $1, $2;"
tile.func public @costly_value(%x: !tile.ptr<f32>, %n: i32, %d: f32) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %ns = tile.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %v = tile.load %xp, %m : tensor<128x!tile.ptr<f32>>
  %ds = tile.splat %d : f32 -> tensor<128xf32>
  %q = arith.divf %v, %ds : tensor<128xf32>
  tile.store %xp, %q, %m : tensor<128x!tile.ptr<f32>>
  tile.return
}
tile.func public @cheap_value(%x: !tile.ptr<f32>, %n: i32, %d: f32) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %ns = tile.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %v = tile.load %xp, %m : tensor<128x!tile.ptr<f32>>
  %ds = tile.splat %d : f32 -> tensor<128xf32>
  %q = arith.divf %v, %ds fastmath<afn> : tensor<128xf32>
  tile.store %xp, %q, %m : tensor<128x!tile.ptr<f32>>
  tile.return
}

// -----

// The value's costly work is shared (the exact division also feeds the
// second store), so LLVM could not sink it: both stores are predicated.
// CHECK-LABEL: gpu.func @shared_value
// CHECK-NOT: scf.if
// CHECK: st.global.b32
// CHECK: st.global.b32
tile.func public @shared_value(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %n: i32, %d: f32) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %ns = tile.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %v = tile.load %xp, %m : tensor<128x!tile.ptr<f32>>
  %ds = tile.splat %d : f32 -> tensor<128xf32>
  %q = arith.divf %v, %ds : tensor<128xf32>
  %ys = tile.splat %y : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %xp, %q, %m : tensor<128x!tile.ptr<f32>>
  tile.store %yp, %q, %m : tensor<128x!tile.ptr<f32>>
  tile.return
}
