// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -split-input-file -tile-stage-converted-loads | FileCheck %s
// RUN: tile-opt %s -split-input-file -tile-stage-converted-loads -tile-schedule-loops="num-stages=2" | FileCheck %s --check-prefix=SCHED
// RUN: tile-opt %s -split-input-file -tile-stage-converted-loads="num-stages=1" | FileCheck %s --check-prefix=ONE

// A block of v loaded each iteration and used in a product's layout (the
// delta rule's v - w * h): stored as loaded, read in that layout, and the
// schedule then copies it ahead.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1], instrShape = [16, 8]}>
// CHECK-LABEL: tile.func public @converted
// CHECK: scf.for
// CHECK: %[[V:.*]] = tile.load
// CHECK-NOT: tilegpu.convert_layout
// CHECK: %[[B:.*]] = tilegpu.local_alloc %[[V]] : (tensor<64x32xbf16, #blocked>) -> !tilegpu.buffer<64x32xbf16, #shared>
// CHECK: %[[R:.*]] = tilegpu.local_load %[[B]] : !tilegpu.buffer<64x32xbf16, #shared> -> tensor<64x32xbf16, #mma>
// CHECK: arith.extf %[[R]]
// SCHED: tile.load %{{.*}} {tilegpu.staged}
// ONE-LABEL: tile.func public @converted
// ONE: tilegpu.convert_layout
// ONE-NOT: tilegpu.local_alloc
module attributes {"tilegpu.num-warps" = 2 : i32, "tilegpu.target" = "sm_90"} {
  tile.func public @converted(%p: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %n: i32) -> tensor<64x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2048 = arith.constant 2048 : i32
    %zero = arith.constant dense<0.0> : tensor<64x32xf32, #mma>
    %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 1, parent = #blocked}>>
    %c = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
    %re = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %ce = tile.expand_dims %c {axis = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %c32 = arith.constant dense<32> : tensor<64x1xi32, #blocked>
    %rs = arith.muli %re, %c32 : tensor<64x1xi32, #blocked>
    %rb = tile.broadcast %rs : tensor<64x1xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %cb = tile.broadcast %ce : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %off = arith.addi %rb, %cb : tensor<64x32xi32, #blocked>
    %ps = tile.splat %p : !tile.ptr<bf16> -> tensor<64x32x!tile.ptr<bf16>, #blocked>
    %pp = tile.addptr %ps, %off : tensor<64x32x!tile.ptr<bf16>, #blocked>, tensor<64x32xi32, #blocked>
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<64x32xf32, #mma>) : i32 {
      %step = arith.muli %i, %c2048 : i32
      %steps = tile.splat %step : i32 -> tensor<64x32xi32, #blocked>
      %q = tile.addptr %pp, %steps : tensor<64x32x!tile.ptr<bf16>, #blocked>, tensor<64x32xi32, #blocked>
      %v = tile.load %q : tensor<64x32x!tile.ptr<bf16>, #blocked>
      %vc = tilegpu.convert_layout %v : tensor<64x32xbf16, #blocked> -> tensor<64x32xbf16, #mma>
      %x = arith.extf %vc : tensor<64x32xbf16, #mma> to tensor<64x32xf32, #mma>
      %s = arith.subf %a, %x : tensor<64x32xf32, #mma>
      scf.yield %s : tensor<64x32xf32, #mma>
    }
    tile.return %acc : tensor<64x32xf32, #mma>
  }
}

// -----

// A load that other ops read too, or one outside a loop, stays as it is.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1], instrShape = [16, 8]}>
// CHECK-LABEL: tile.func public @left_alone
// CHECK-NOT: tilegpu.local_alloc
// CHECK: tile.return
module attributes {"tilegpu.num-warps" = 2 : i32, "tilegpu.target" = "sm_90"} {
  tile.func public @left_alone(%pp: tensor<64x32x!tile.ptr<bf16>, #blocked>, %n: i32) -> tensor<64x32xbf16, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %outside = tile.load %pp : tensor<64x32x!tile.ptr<bf16>, #blocked>
    %oc = tilegpu.convert_layout %outside : tensor<64x32xbf16, #blocked> -> tensor<64x32xbf16, #mma>
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %oc) -> (tensor<64x32xbf16, #mma>) : i32 {
      %v = tile.load %pp : tensor<64x32x!tile.ptr<bf16>, #blocked>
      %vc = tilegpu.convert_layout %v : tensor<64x32xbf16, #blocked> -> tensor<64x32xbf16, #mma>
      %w = arith.addf %v, %v : tensor<64x32xbf16, #blocked>
      %wc = tilegpu.convert_layout %w : tensor<64x32xbf16, #blocked> -> tensor<64x32xbf16, #mma>
      %s = arith.addf %vc, %wc : tensor<64x32xbf16, #mma>
      scf.yield %s : tensor<64x32xbf16, #mma>
    }
    tile.return %acc : tensor<64x32xbf16, #mma>
  }
}
