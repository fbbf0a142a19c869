// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -split-input-file -tile-rewrite-tensor-pointers -verify-diagnostics | FileCheck %s

// A block pointer carried by a loop: the loop carries its offsets (64-bit),
// the base, sizes and strides; the load reads base + sum_d (offset_d +
// range_d) * stride_d, masked by 0 <= index < size on the checked
// dimensions, zero where masked; advance adds to the offsets.
// CHECK-LABEL: tile.func public @loop
// CHECK-NOT: tile.make_tensor_ptr
// CHECK-SAME: (%[[A:.*]]: !tile.ptr<f16>, %[[M:.*]]: i64, %[[K:.*]]: i64, %[[LDA:.*]]: i64, %[[ROW:.*]]: i32, %[[N:.*]]: i32)
// CHECK: %[[ROW64:.*]] = arith.extsi %[[ROW]] : i32 to i64
// CHECK: %[[COL64:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK: scf.for {{.*}} iter_args(%[[BASE:.*]] = %[[A]], %[[S0:.*]] = %[[M]], %[[S1:.*]] = %[[K]], %[[T0:.*]] = %[[LDA]], %[[T1:.*]] = %{{.*}}, %[[O0:.*]] = %[[ROW64]], %[[O1:.*]] = %[[COL64]], %{{.*}} = %{{.*}}) -> (!tile.ptr<f16>, i64, i64, i64, i64, i64, i64, tensor<64x32xf32>)
// CHECK: %[[R0:.*]] = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
// CHECK: %[[W0:.*]] = arith.extsi %[[R0]] : tensor<64xi32> to tensor<64xi64>
// CHECK: %[[I0:.*]] = arith.addi %{{.*}}, %[[W0]] : tensor<64xi64>
// CHECK: %[[E0:.*]] = tile.expand_dims %[[I0]] {axis = 1 : i32} : tensor<64xi64> -> tensor<64x1xi64>
// CHECK: %[[X0:.*]] = tile.splat %[[T0]] : i64 -> tensor<64x1xi64>
// CHECK: %[[Y0:.*]] = arith.muli %[[E0]], %[[X0]] : tensor<64x1xi64>
// CHECK: tile.broadcast %[[Y0]] : tensor<64x1xi64> -> tensor<64x32xi64>
// CHECK: %[[GE0:.*]] = arith.cmpi sge, %[[E0]], %{{.*}} : tensor<64x1xi64>
// CHECK: %[[SZ0:.*]] = tile.splat %[[S0]] : i64 -> tensor<64x1xi64>
// CHECK: %[[LT0:.*]] = arith.cmpi slt, %[[E0]], %[[SZ0]] : tensor<64x1xi64>
// CHECK: arith.andi %[[GE0]], %[[LT0]] : tensor<64x1xi1>
// CHECK: tile.expand_dims %{{.*}} {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<64x32xi1>
// CHECK: %[[PTRS:.*]] = tile.addptr %{{.*}}, %{{.*}} : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi64>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x32xf16>
// CHECK: tile.load %[[PTRS]], %[[MASK]], %[[ZERO]] : tensor<64x32x!tile.ptr<f16>>
// CHECK: %[[NEXT:.*]] = arith.addi %[[O1]], %{{.*}} : i64
// CHECK: scf.yield %[[BASE]], %[[S0]], %[[S1]], %[[T0]], %[[T1]], %{{.*}}, %[[NEXT]], %{{.*}}
// CHECK: tile.return
tile.func public @loop(%a: !tile.ptr<f16>, %m: i64, %k: i64, %lda: i64, %row: i32, %n: i32) -> tensor<64x32xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x32xf32>
  %p = tile.make_tensor_ptr %a, [%m, %k], [%lda, %c1], [%row, %c0] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  %r:2 = scf.for %i = %c0 to %n step %c32 iter_args(%q = %p, %acc = %zero) -> (!tile.ptr<tensor<64x32xf16>>, tensor<64x32xf32>) : i32 {
    %v = tile.load %q {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tile.ptr<tensor<64x32xf16>>
    %w = arith.extf %v : tensor<64x32xf16> to tensor<64x32xf32>
    %s = arith.addf %acc, %w : tensor<64x32xf32>
    %next = tile.advance %q, [%c0, %c32] : <tensor<64x32xf16>>
    scf.yield %next, %s : !tile.ptr<tensor<64x32xf16>>, tensor<64x32xf32>
  }
  tile.return %r#1 : tensor<64x32xf32>
}

// -----

// A store checked along one dimension only, NaN padding, no check at all
// (no mask, no other), and a block pointer chosen by a branch.
// CHECK-LABEL: tile.func public @checks
// CHECK: %[[M1:.*]] = tile.broadcast %{{.*}} : tensor<1x32xi1> -> tensor<64x32xi1>
// CHECK: tile.store %{{.*}}, %{{.*}}, %[[M1]] : tensor<64x32x!tile.ptr<f32>>
// CHECK: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<64x32xf32>
// CHECK: tile.load %{{.*}}, %{{.*}}, %[[NAN]] : tensor<64x32x!tile.ptr<f32>>
// CHECK: %[[SEL:.*]]:4 = scf.if %{{.*}} -> (!tile.ptr<f32>, i64, i64, i64)
// CHECK: tile.load %{{.*}} : tensor<64x!tile.ptr<f32>>
tile.func public @checks(%a: !tile.ptr<f32>, %m: i64, %k: i64, %lda: i64, %o: i32, %c: i1, %v: tensor<64x32xf32>) -> (tensor<64x32xf32>, tensor<64xf32>) {
  %c1 = arith.constant 1 : i64
  %p = tile.make_tensor_ptr %a, [%m, %k], [%lda, %c1], [%o, %o] {order = array<i32: 1, 0>} : <tensor<64x32xf32>>
  tile.store %p, %v {boundaryCheck = array<i32: 1>} : !tile.ptr<tensor<64x32xf32>>
  %n = tile.load %p {boundaryCheck = array<i32: 0>, padding = 2 : i32} : !tile.ptr<tensor<64x32xf32>>
  %q = tile.make_tensor_ptr %a, [%m], [%c1], [%o] {order = array<i32: 0>} : <tensor<64xf32>>
  %s = scf.if %c -> !tile.ptr<tensor<64xf32>> {
    %r = tile.advance %q, [%o] : <tensor<64xf32>>
    scf.yield %r : !tile.ptr<tensor<64xf32>>
  } else {
    scf.yield %q : !tile.ptr<tensor<64xf32>>
  }
  %u = tile.load %s : !tile.ptr<tensor<64xf32>>
  tile.return %n, %u : tensor<64x32xf32>, tensor<64xf32>
}

// -----

// A descriptor made in the kernel: each use becomes a masked access (every
// dimension checked; the descriptor's padding where masked), a reduction an
// atomic, a gather and a scatter accesses of the rows they name.
// CHECK-LABEL: tile.func public @descriptor
// CHECK: %[[M64:.*]] = arith.extsi %m : i32 to i64
// CHECK: %[[MS:.*]] = tile.splat %[[M64]] : i64 -> tensor<32x1xi64>
// CHECK: arith.cmpi slt, %{{.*}}, %[[MS]] : tensor<32x1xi64>
// CHECK: %[[L:.*]] = tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x32x!tile.ptr<f32>>
// CHECK: tile.store %{{.*}}, %[[L]], %{{.*}} : tensor<32x32x!tile.ptr<f32>>
// CHECK: tile.atomic_rmw fadd, relaxed, gpu, %{{.*}}, %[[L]], %{{.*}} : (tensor<32x32x!tile.ptr<f32>>, tensor<32x32xf32>, tensor<32x32xi1>) -> tensor<32x32xf32>
// CHECK: %[[ROWS:.*]] = arith.extsi %{{.*}} : tensor<8xi32> to tensor<8xi64>
// CHECK: tile.expand_dims %[[ROWS]] {axis = 1 : i32} : tensor<8xi64> -> tensor<8x1xi64>
// CHECK: %[[G:.*]] = tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<8x32x!tile.ptr<f32>>
// CHECK: tile.store %{{.*}}, %[[G]], %{{.*}} : tensor<8x32x!tile.ptr<f32>>
// CHECK-NOT: tile.make_tensor_descriptor
// CHECK: tile.return
tile.func public @descriptor(%x: !tile.ptr<f32>, %m: i32, %n: i32, %rows: tensor<8xi32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %ld = arith.extsi %n : i32 to i64
  %d = tile.make_tensor_descriptor %x, [%m, %n], [%ld, %c1] : <f32>, <32x32xf32>
  %v = tile.descriptor_load %d[%c0, %c0] : !tile.tensordesc<32x32xf32> -> tensor<32x32xf32>
  tile.descriptor_store %d[%m, %c0], %v : !tile.tensordesc<32x32xf32>, tensor<32x32xf32>
  tile.descriptor_reduce add, %d[%c0, %n], %v : !tile.tensordesc<32x32xf32>, tensor<32x32xf32>
  %r = tile.make_tensor_descriptor %x, [%m, %n], [%ld, %c1] : <f32>, <1x32xf32>
  %g = tile.descriptor_gather %r[%rows, %c0] : (!tile.tensordesc<1x32xf32>, tensor<8xi32>, i32) -> tensor<8x32xf32>
  tile.descriptor_scatter %r[%rows, %n], %g : !tile.tensordesc<1x32xf32>, tensor<8xi32>, i32, tensor<8x32xf32>
  tile.return
}

// -----

tile.func public @carried(%x: !tile.ptr<f32>, %m: i32, %s: i64, %c: i1) {
  %d = tile.make_tensor_descriptor %x, [%m, %m], [%s, %s] : <f32>, <32x32xf32>
  %e = scf.if %c -> !tile.tensordesc<32x32xf32> {
    scf.yield %d : !tile.tensordesc<32x32xf32>
  } else {
    // expected-error @below {{'scf.yield' op uses a descriptor made in the kernel, which reaches only descriptor loads, stores, reductions, gathers and scatters (not through a loop's or a branch's values)}}
    scf.yield %d : !tile.tensordesc<32x32xf32>
  }
  tile.return
}

// -----

tile.func public @inc(%x: !tile.ptr<i32>, %m: i32, %s: i64, %v: tensor<32x32xi32>) {
  %d = tile.make_tensor_descriptor %x, [%m, %m], [%s, %s] : <i32>, <32x32xi32>
  // expected-error @below {{'tile.descriptor_reduce' op 'inc' on a descriptor made in the kernel has no atomic form (it is a TMA reduction only)}}
  tile.descriptor_reduce inc, %d[%m, %m], %v : !tile.tensordesc<32x32xi32>, tensor<32x32xi32>
  tile.return
}

// -----

// min and max through a descriptor of unsigned elements (Triton's ui32)
// compare unsigned; through one of signless elements, signed.
// CHECK-LABEL: tile.func public @unsigned
// CHECK: tile.atomic_rmw umax, relaxed, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<32x32x!tile.ptr<i32>>
// CHECK: tile.atomic_rmw umin, relaxed, gpu
// CHECK: tile.atomic_rmw max, relaxed, gpu
// CHECK: tile.atomic_rmw min, relaxed, gpu
tile.func public @unsigned(%x: !tile.ptr<i32>, %m: i32, %s: i64, %v: tensor<32x32xi32>) {
  %d = tile.make_tensor_descriptor %x, [%m, %m], [%s, %s] : <i32>, <32x32xui32>
  tile.descriptor_reduce max, %d[%m, %m], %v : !tile.tensordesc<32x32xui32>, tensor<32x32xi32>
  tile.descriptor_reduce min, %d[%m, %m], %v : !tile.tensordesc<32x32xui32>, tensor<32x32xi32>
  %e = tile.make_tensor_descriptor %x, [%m, %m], [%s, %s] : <i32>, <32x32xi32>
  tile.descriptor_reduce max, %e[%m, %m], %v : !tile.tensordesc<32x32xi32>, tensor<32x32xi32>
  tile.descriptor_reduce min, %e[%m, %m], %v : !tile.tensordesc<32x32xi32>, tensor<32x32xi32>
  tile.return
}

// -----

// A while loop carrying a block pointer of rank 3, loads with no check
// (no mask) and with the middle dimension checked.
// CHECK-LABEL: tile.func public @while_rank3
// CHECK-NOT: tile.make_tensor_ptr
// CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (!tile.ptr<f32>, i64, i64, i64, i64, i64, i64, i64, i64, i64, i32)
// CHECK: tile.expand_dims %{{.*}} {axis = 1 : i32} : tensor<2xi64> -> tensor<2x1xi64>
// CHECK: tile.expand_dims %{{.*}} {axis = 2 : i32} : tensor<2x1xi64> -> tensor<2x1x1xi64>
// CHECK: tile.load %{{.*}} : tensor<2x4x8x!tile.ptr<f32>>
// CHECK: %[[MID:.*]] = tile.broadcast %{{.*}} : tensor<1x4x1xi1> -> tensor<2x4x8xi1>
// CHECK: tile.load %{{.*}}, %[[MID]], %{{.*}} : tensor<2x4x8x!tile.ptr<f32>>
// CHECK-NOT: tile.advance
// CHECK: tile.return
tile.func public @while_rank3(%a: !tile.ptr<f32>, %s: i64, %o: i32, %n: i32) -> tensor<2x4x8xf32> {
  %p = tile.make_tensor_ptr %a, [%s, %s, %s], [%s, %s, %s], [%o, %o, %o] {order = array<i32: 2, 1, 0>} : <tensor<2x4x8xf32>>
  %r:2 = scf.while (%q = %p, %i = %o) : (!tile.ptr<tensor<2x4x8xf32>>, i32) -> (!tile.ptr<tensor<2x4x8xf32>>, i32) {
    %go = arith.cmpi slt, %i, %n : i32
    scf.condition(%go) %q, %i : !tile.ptr<tensor<2x4x8xf32>>, i32
  } do {
  ^bb0(%q: !tile.ptr<tensor<2x4x8xf32>>, %i: i32):
    %next = tile.advance %q, [%o, %o, %o] : <tensor<2x4x8xf32>>
    %j = arith.addi %i, %o : i32
    scf.yield %next, %j : !tile.ptr<tensor<2x4x8xf32>>, i32
  }
  %v = tile.load %r#0 : !tile.ptr<tensor<2x4x8xf32>>
  %w = tile.load %r#0 {boundaryCheck = array<i32: 1>, padding = 1 : i32} : !tile.ptr<tensor<2x4x8xf32>>
  %sum = arith.addf %v, %w : tensor<2x4x8xf32>
  tile.return %sum : tensor<2x4x8xf32>
}

// -----

// expected-error @below {{'tile.func' op takes or passes a block pointer across a function boundary, which tile-rewrite-tensor-pointers cannot rewrite (inline the function)}}
tile.func private @callee(%p: !tile.ptr<tensor<64xf32>>) -> tensor<64xf32> {
  %v = tile.load %p : !tile.ptr<tensor<64xf32>>
  tile.return %v : tensor<64xf32>
}
