// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tile-specialize binds the parameters a kernel declares in tile.params
// (the values its body is written at): a block dimension wherever it
// stands in a shape, a make_range bound or an integer constant, an element
// type wherever it stands as a type, all bindings of a kernel at once.
// RUN: tile-opt %s | tile-opt | FileCheck %s --check-prefix=ROUND
// RUN: tile-opt %s -tile-specialize="args=BM=32,BN=64,T=bf16" | FileCheck %s
// RUN: tile-opt %s -tile-specialize="args=BK=16" | FileCheck %s --check-prefix=PART
// A parameter whose value a binding gives another one stops being one.
// RUN: tile-opt %s -tile-specialize="args=BM=32" | FileCheck %s --check-prefix=MERGED
// MERGED: attributes {tile.params = {ACC = f32, BK = 8 : i32, T = f16}}
// RUN: tile-opt %s -tile-specialize="args=T=i8,ACC=i32" | FileCheck %s --check-prefix=INT
// The same through tile-translate, to PTX.
// RUN: tile-translate %s --emit=ptx --specialize=BM=128 --specialize=T=bf16 | FileCheck %s --check-prefix=PTX

// ROUND: tile.func public @blocks({{.*}}) attributes {tile.params = {ACC = f32, BK = 8 : i32, BM = 64 : i32, BN = 32 : i32, T = f16}}

// CHECK-LABEL: tile.func public @blocks(
// CHECK-SAME: %{{.*}}: !tile.ptr<bf16>, %{{.*}}: !tile.ptr<bf16>, %{{.*}}: i32)
// CHECK-SAME: attributes {tile.params = {ACC = f32, BK = 8 : i32}}
// CHECK-DAG: arith.constant 32 : i32
// CHECK-DAG: arith.constant 64 : i32
// The derived constant stays what the body computes from the parameter.
// CHECK-DAG: arith.constant 1 : i32
// CHECK-DAG: arith.constant dense<0.000000e+00> : tensor<32x64xbf16>
// CHECK: tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
// CHECK: tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
// CHECK: tile.expand_dims %{{.*}} {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
// CHECK: tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x64x!tile.ptr<bf16>>
// CHECK: tile.store %{{.*}}, %{{.*}} : tensor<32x64x!tile.ptr<bf16>>

// PART: attributes {tile.params = {ACC = f32, BM = 64 : i32, BN = 32 : i32, T = f16}}
// PART: tensor<64x32xf16>

// INT-LABEL: tile.func public @blocks(
// INT-SAME: %{{.*}}: !tile.ptr<i8>, %{{.*}}: !tile.ptr<i8>, %{{.*}}: i32)
// INT: arith.constant dense<0> : tensor<64x32xi8>

// PTX-LABEL: .entry blocks(
// PTX: ld.global

module {
  tile.func public @blocks(%x: !tile.ptr<f16>, %y: !tile.ptr<f16>, %n: i32)
      attributes {tile.params = {BM = 64 : i32, BN = 32 : i32, BK = 8 : i32,
                                 T = f16, ACC = f32}} {
    %c1 = arith.constant 1 : i32
    %bm = arith.constant 64 : i32
    %bn = arith.constant 32 : i32
    %bm1 = arith.subi %bm, %c1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x32xf16>
    %rows = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %cols = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %ns = tile.splat %n : i32 -> tensor<64xi32>
    %r = arith.muli %rows, %ns : tensor<64xi32>
    %re = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %rb = tile.broadcast %re : tensor<64x1xi32> -> tensor<64x32xi32>
    %ce = tile.expand_dims %cols {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %cb = tile.broadcast %ce : tensor<1x32xi32> -> tensor<64x32xi32>
    %off = arith.addi %rb, %cb : tensor<64x32xi32>
    %lim = tile.splat %bm1 : i32 -> tensor<64x32xi32>
    %bns = tile.splat %bn : i32 -> tensor<64x32xi32>
    %lim2 = arith.addi %lim, %bns : tensor<64x32xi32>
    %mask = arith.cmpi slt, %off, %lim2 : tensor<64x32xi32>
    %xs = tile.splat %x : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>>
    %xp = tile.addptr %xs, %off : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
    %xv = tile.load %xp, %mask, %zero : tensor<64x32x!tile.ptr<f16>>
    %ys = tile.splat %y : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>>
    %yp = tile.addptr %ys, %off : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
    tile.store %yp, %xv, %mask : tensor<64x32x!tile.ptr<f16>>
    tile.return
  }
}
