// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A loop's own stage count (Triton's tl.range(..., num_stages=N), which
// TTIR carries as tt.num_stages and tile-import-ttir renames) overrides the
// pass's: 2 stages, none (1), or the pass's 3 where the loop gives none;
// with the pass's stages off (1), a loop that asks for stages still gets
// them.
// RUN: tile-opt %s -tile-schedule-loops | FileCheck %s
// RUN: tile-opt %s -tile-schedule-loops=num-stages=1 | FileCheck %s --check-prefix=OFF
// CHECK-LABEL: tile.func public @own_two(
// CHECK: tile.load {{.*}} {tilegpu.staged}
// CHECK: } {tile.num_stages = 2 : i32, tilegpu.num_stages = 2 : i32}
// CHECK-LABEL: tile.func public @own_one(
// CHECK-NOT: tilegpu.staged
// CHECK: } {tile.num_stages = 1 : i32}
// CHECK-LABEL: tile.func public @default(
// CHECK: } {tilegpu.num_stages = 3 : i32}
// OFF-LABEL: tile.func public @own_two(
// OFF: } {tile.num_stages = 2 : i32, tilegpu.num_stages = 2 : i32}
// OFF-LABEL: tile.func public @default(
// OFF-NOT: tilegpu.num_stages
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @own_two(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %n: i32, %k: i32 {tile.divisibility = 16 : i32}) -> tensor<64x32xf16, #blocked> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
  %cols = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %cols2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
  %colsb = tile.broadcast %cols2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>, #blocked>
  %ks = tile.splat %k : i32 -> tensor<64x32xi32, #blocked>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x32xf16, #blocked>) : i32 {
    %k0 = arith.muli %iv, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64x32xi32, #blocked>
    %off = arith.addi %k0s, %colsb : tensor<64x32xi32, #blocked>
    %ok = arith.cmpi slt, %off, %ks : tensor<64x32xi32, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %x = tile.load %ptrs, %ok, %zero cacheModifier = cg : tensor<64x32x!tile.ptr<f16>, #blocked>
    %buf = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %v = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %s = arith.addf %acc, %v : tensor<64x32xf16, #blocked>
    scf.yield %s : tensor<64x32xf16, #blocked>
  } {tile.num_stages = 2 : i32}
  tile.return %r : tensor<64x32xf16, #blocked>
}
tile.func public @own_one(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %n: i32, %k: i32 {tile.divisibility = 16 : i32}) -> tensor<64x32xf16, #blocked> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
  %cols = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %cols2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
  %colsb = tile.broadcast %cols2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>, #blocked>
  %ks = tile.splat %k : i32 -> tensor<64x32xi32, #blocked>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x32xf16, #blocked>) : i32 {
    %k0 = arith.muli %iv, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64x32xi32, #blocked>
    %off = arith.addi %k0s, %colsb : tensor<64x32xi32, #blocked>
    %ok = arith.cmpi slt, %off, %ks : tensor<64x32xi32, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %x = tile.load %ptrs, %ok, %zero cacheModifier = cg : tensor<64x32x!tile.ptr<f16>, #blocked>
    %buf = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %v = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %s = arith.addf %acc, %v : tensor<64x32xf16, #blocked>
    scf.yield %s : tensor<64x32xf16, #blocked>
  } {tile.num_stages = 1 : i32}
  tile.return %r : tensor<64x32xf16, #blocked>
}
tile.func public @default(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %n: i32, %k: i32 {tile.divisibility = 16 : i32}) -> tensor<64x32xf16, #blocked> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
  %cols = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %cols2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
  %colsb = tile.broadcast %cols2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>, #blocked>
  %ks = tile.splat %k : i32 -> tensor<64x32xi32, #blocked>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x32xf16, #blocked>) : i32 {
    %k0 = arith.muli %iv, %c32 : i32
    %k0s = tile.splat %k0 : i32 -> tensor<64x32xi32, #blocked>
    %off = arith.addi %k0s, %colsb : tensor<64x32xi32, #blocked>
    %ok = arith.cmpi slt, %off, %ks : tensor<64x32xi32, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %x = tile.load %ptrs, %ok, %zero cacheModifier = cg : tensor<64x32x!tile.ptr<f16>, #blocked>
    %buf = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %v = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %s = arith.addf %acc, %v : tensor<64x32xf16, #blocked>
    scf.yield %s : tensor<64x32xf16, #blocked>
  }
  tile.return %r : tensor<64x32xf16, #blocked>
}
}
