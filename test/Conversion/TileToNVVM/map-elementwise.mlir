// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tile.map_elementwise: each thread runs a copy of the region for every
// `pack` of its elements, inside an scf.execute_region entered with the
// elements (poison past the last) and left through scf.yield; the region's
// branches stay branches, so one side of an `if` runs per element.
// RUN: tile-opt %s -convert-tile-to-nvvm | FileCheck %s
// RUN: %if ptxas %{ tile-translate %s --keep-layouts --sm=90 --num-warps=1 --emit=ptx -o - | FileCheck %s --check-prefix=PTX %}

#b = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"tilegpu.num-warps" = 1 : i32, "tilegpu.threads-per-warp" = 32 : i32, tilegpu.target = "sm_90"} {
// Four elements a thread: four copies of the region.
// CHECK-LABEL: gpu.func @branches
// CHECK-COUNT-4: scf.execute_region -> f32 {
// CHECK-NOT: scf.execute_region
// CHECK: cf.br ^bb1(%{{.*}}, %{{.*}} : f32, f32)
// CHECK: ^bb1(%[[A:.*]]: f32, %[[S:.*]]: f32):
// CHECK: cf.cond_br %{{.*}}, ^bb2, ^bb3
// CHECK: ^bb2:
// CHECK: scf.yield %[[A]] : f32
// CHECK: ^bb3:
// CHECK: math.exp
// CHECK: scf.yield %{{.*}} : f32
// PTX-LABEL: .entry branches(
// PTX-COUNT-4: ex2.approx
tile.func public @branches(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b>
  %xp = tile.splat %x : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #b>
  %xa = tile.addptr %xp, %r : tensor<128x!tile.ptr<f32>, #b>, tensor<128xi32, #b>
  %v = tile.load %xa : tensor<128x!tile.ptr<f32>, #b>
  %s = arith.constant dense<2.0> : tensor<128xf32, #b>
  %zero = arith.constant 0.0 : f32
  %m = "tile.map_elementwise"(%v, %s) <{pack = 1 : i32}> ({
  ^bb0(%a: f32, %k: f32):
    %pos = arith.cmpf ogt, %a, %zero : f32
    cf.cond_br %pos, ^bb1, ^bb2
  ^bb1:
    tile.map_elementwise.return %a : f32
  ^bb2:
    %e = math.exp %a : f32
    %t = arith.mulf %e, %k : f32
    tile.map_elementwise.return %t : f32
  }) : (tensor<128xf32, #b>, tensor<128xf32, #b>) -> tensor<128xf32, #b>
  %yp = tile.splat %y : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #b>
  %ya = tile.addptr %yp, %r : tensor<128x!tile.ptr<f32>, #b>, tensor<128xi32, #b>
  tile.store %ya, %m : tensor<128x!tile.ptr<f32>, #b>
  tile.return
}

// Three elements at a time: two copies for four elements, the second
// entered with poison for the two missing ones and their results dropped.
// CHECK-LABEL: gpu.func @triples
// CHECK: scf.execute_region -> (i32, i32, i32, f32, f32, f32) {
// CHECK: %[[P:.*]] = llvm.mlir.poison : i32
// CHECK: %[[Q:.*]] = llvm.mlir.poison : i32
// CHECK: scf.execute_region -> (i32, i32, i32, f32, f32, f32) {
// CHECK: cf.br ^bb1(%{{.*}}, %[[P]], %[[Q]] : i32, i32, i32)
// CHECK-NOT: scf.execute_region
tile.func public @triples(%p: !tile.ptr<i32>, %q: !tile.ptr<f32>) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b>
  %pp = tile.splat %p : !tile.ptr<i32> -> tensor<128x!tile.ptr<i32>, #b>
  %pa = tile.addptr %pp, %r : tensor<128x!tile.ptr<i32>, #b>, tensor<128xi32, #b>
  %x = tile.load %pa : tensor<128x!tile.ptr<i32>, #b>
  %m:2 = "tile.map_elementwise"(%x) <{pack = 3 : i32}> ({
  ^bb0(%a0: i32, %a1: i32, %a2: i32):
    %s = arith.addi %a0, %a1 : i32
    %f0 = arith.sitofp %a0 : i32 to f32
    %f2 = arith.sitofp %a2 : i32 to f32
    tile.map_elementwise.return %s, %a1, %a2, %f0, %f2, %f2 : i32, i32, i32, f32, f32, f32
  }) : (tensor<128xi32, #b>) -> (tensor<128xi32, #b>, tensor<128xf32, #b>)
  tile.store %pa, %m#0 : tensor<128x!tile.ptr<i32>, #b>
  %qp = tile.splat %q : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #b>
  %qa = tile.addptr %qp, %r : tensor<128x!tile.ptr<f32>, #b>, tensor<128xi32, #b>
  tile.store %qa, %m#1 : tensor<128x!tile.ptr<f32>, #b>
  tile.return
}
}
