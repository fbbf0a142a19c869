// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -tile-triton-math | FileCheck %s
// RUN: tile-opt %s -tile-triton-math | tile-opt -tile-triton-math | FileCheck %s

// f32 division, exponentials, square root and its reciprocal, scalars and
// tensors, take `afn`; other flags stay; other types and ops keep theirs.
// CHECK-LABEL: tile.func @math
// CHECK: arith.divf %{{.*}}, %{{.*}} fastmath<afn> : f32
// CHECK: math.exp %{{.*}} fastmath<afn> : tensor<128xf32>
// CHECK: math.sqrt %{{.*}} fastmath<afn> : tensor<128xf32>
// CHECK: arith.divf %{{.*}}, %{{.*}} fastmath<nnan,afn> : tensor<128xf32>
// CHECK: arith.divf %{{.*}}, %{{.*}} : tensor<128xf16>
// CHECK: math.exp %{{.*}} : f64
// CHECK: math.log %{{.*}} : tensor<128xf32>
// CHECK: arith.mulf %{{.*}}, %{{.*}} : tensor<128xf32>
// CHECK: tile.precise_divf %{{.*}}, %{{.*}} : tensor<128xf32>
// CHECK: math.exp2 %{{.*}} fastmath<afn> : tensor<128xf32>
// CHECK: math.rsqrt %{{.*}} fastmath<afn> : f32
// CHECK: math.exp2 %{{.*}} : tensor<128xf16>
// CHECK: math.rsqrt %{{.*}} : f64
tile.func @math(%a: f32, %t: tensor<128xf32>, %h: tensor<128xf16>, %d: f64) -> f32 {
  %0 = arith.divf %a, %a : f32
  %1 = math.exp %t : tensor<128xf32>
  %2 = math.sqrt %1 : tensor<128xf32>
  %3 = arith.divf %2, %t fastmath<nnan> : tensor<128xf32>
  %4 = arith.divf %h, %h : tensor<128xf16>
  %5 = math.exp %d : f64
  %6 = math.log %3 : tensor<128xf32>
  %7 = arith.mulf %6, %6 : tensor<128xf32>
  %8 = tile.precise_divf %7, %7 : tensor<128xf32>
  %9 = math.exp2 %8 : tensor<128xf32>
  %10 = math.rsqrt %a : f32
  %11 = math.exp2 %h : tensor<128xf16>
  %12 = math.rsqrt %d : f64
  tile.return %0 : f32
}
