// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Triton's descriptor_reduce, descriptor_gather, descriptor_scatter,
// map_elementwise and dot_scaled as tile ops: each round-trips in custom
// and generic form.
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// CHECK-LABEL: tile.func public @descriptors
// CHECK: tile.descriptor_reduce add, %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tile.tensordesc<64x64xf32>, tensor<64x64xf32>
// CHECK: tile.descriptor_reduce max, %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tile.tensordesc<64x64xi32>, tensor<64x64xi32>
// CHECK: %[[G:.*]] = tile.descriptor_gather %{{.*}}[%{{.*}}, %{{.*}}] : (!tile.tensordesc<1x64xf32>, tensor<8xi32>, i32) -> tensor<8x64xf32>
// CHECK: tile.descriptor_scatter %{{.*}}[%{{.*}}, %{{.*}}], %[[G]] : !tile.tensordesc<1x64xf32>, tensor<8xi32>, i32, tensor<8x64xf32>
tile.func public @descriptors(%d: !tile.tensordesc<64x64xf32>, %e: !tile.tensordesc<64x64xi32>,
                              %r: !tile.tensordesc<1x64xf32>, %rows: tensor<8xi32>, %i: i32, %j: i32,
                              %v: tensor<64x64xf32>, %w: tensor<64x64xi32>) {
  tile.descriptor_reduce add, %d[%i, %j], %v : !tile.tensordesc<64x64xf32>, tensor<64x64xf32>
  tile.descriptor_reduce max, %e[%i, %j], %w : !tile.tensordesc<64x64xi32>, tensor<64x64xi32>
  %g = tile.descriptor_gather %r[%rows, %j] : (!tile.tensordesc<1x64xf32>, tensor<8xi32>, i32) -> tensor<8x64xf32>
  tile.descriptor_scatter %r[%rows, %j], %g : !tile.tensordesc<1x64xf32>, tensor<8xi32>, i32, tensor<8x64xf32>
  tile.return
}

// A region of several blocks, using a value from outside, and a packed
// map of two results.
// CHECK-LABEL: tile.func public @maps
// CHECK: "tile.map_elementwise"(%{{.*}}, %{{.*}}) <{pack = 1 : i32}> ({
// CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
// CHECK: cf.cond_br
// CHECK: tile.map_elementwise.return %{{.*}} : f32
// CHECK: }) : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
// CHECK: "tile.map_elementwise"(%{{.*}}) <{pack = 2 : i32}> ({
// CHECK: tile.map_elementwise.return %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : f32, f32, i32, i32
// CHECK: }) : (tensor<128xf32>) -> (tensor<128xf32>, tensor<128xi32>)
tile.func public @maps(%x: tensor<128xf32>, %y: tensor<128xf32>) -> (tensor<128xf32>, tensor<128xf32>, tensor<128xi32>) {
  %zero = arith.constant 0.0 : f32
  %m = "tile.map_elementwise"(%x, %y) <{pack = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %pos = arith.cmpf ogt, %a, %zero : f32
    cf.cond_br %pos, ^bb1, ^bb2(%b : f32)
  ^bb1:
    tile.map_elementwise.return %a : f32
  ^bb2(%c: f32):
    %n = arith.negf %c : f32
    tile.map_elementwise.return %n : f32
  }) : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
  %p:2 = "tile.map_elementwise"(%x) <{pack = 2 : i32}> ({
  ^bb0(%a0: f32, %a1: f32):
    %s = arith.addf %a0, %a1 : f32
    %i0 = arith.fptosi %a0 : f32 to i32
    %i1 = arith.fptosi %a1 : f32 to i32
    tile.map_elementwise.return %s, %s, %i0, %i1 : f32, f32, i32, i32
  }) : (tensor<128xf32>) -> (tensor<128xf32>, tensor<128xi32>)
  tile.return %m, %p#0, %p#1 : tensor<128xf32>, tensor<128xf32>, tensor<128xi32>
}

// CHECK-LABEL: tile.func public @scaled
// CHECK: tile.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}} scale %{{.*}}, %{{.*}} lhs = e4m3 rhs = e5m2 : tensor<64x64xf8E4M3FN>, tensor<64x2xi8> * tensor<64x32xf8E5M2>, tensor<32x2xi8> -> tensor<64x32xf32>
// CHECK: tile.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}}, %{{.*}} lhs = e2m1 rhs = bf16 : tensor<64x32xi8>, tensor<64x2xi8> * tensor<64x32xbf16> -> tensor<64x32xf32>
// CHECK: tile.dot_scaled %{{.*}}, %{{.*}} scale %{{.*}}, %{{.*}} lhs = fp16 rhs = e5m2 {fastMath = true} : tensor<64x64xf16> * tensor<64x32xf8E5M2>, tensor<32x4xf8E4M3FN> -> tensor<64x32xf32>
tile.func public @scaled(%a: tensor<64x64xf8E4M3FN>, %sa: tensor<64x2xi8>, %b: tensor<64x32xf8E5M2>,
                         %sb: tensor<32x2xi8>, %c: tensor<64x32xf32>, %p: tensor<64x32xi8>,
                         %h: tensor<64x32xbf16>, %q: tensor<64x64xf16>, %s8: tensor<32x4xf8E4M3FN>)
    -> (tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>) {
  %d = tile.dot_scaled %a scale %sa, %b scale %sb, %c lhs = e4m3 rhs = e5m2 {fastMath = false} : tensor<64x64xf8E4M3FN>, tensor<64x2xi8> * tensor<64x32xf8E5M2>, tensor<32x2xi8> -> tensor<64x32xf32>
  %e = tile.dot_scaled %p scale %sa, %h, %c lhs = e2m1 rhs = bf16 : tensor<64x32xi8>, tensor<64x2xi8> * tensor<64x32xbf16> -> tensor<64x32xf32>
  %f = tile.dot_scaled %q, %b scale %s8, %c lhs = fp16 rhs = e5m2 {fastMath = true} : tensor<64x64xf16> * tensor<64x32xf8E5M2>, tensor<32x4xf8E4M3FN> -> tensor<64x32xf32>
  tile.return %d, %e, %f : tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>
}
