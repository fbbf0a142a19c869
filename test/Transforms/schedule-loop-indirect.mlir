// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Loads whose addresses come from memory are copied ahead too: a block
// index read from a table at the induction variable (paged attention's
// block table), and an offset carried by the loop and advanced by values
// it loads (flex attention's key offset), a recurrence that the copies
// ahead run forward. Not where the loop also stores to global memory: a
// later iteration's index could be what an earlier one writes.
// RUN: tile-opt %s -tile-schedule-loops | FileCheck %s
// RUN: tile-opt %s -tile-schedule-loops -tile-pipeline | FileCheck %s --check-prefix=PIPE
// CHECK-LABEL: tile.func public @table(
// CHECK: tile.load {{.*}} {tilegpu.staged}
// CHECK-LABEL: tile.func public @recurrence(
// CHECK: tile.load {{.*}} {tilegpu.staged}
// CHECK-LABEL: tile.func public @stores(
// CHECK-NOT: tilegpu.staged
// CHECK: tile.return
// A recurrence that reads another carried value is not run ahead: the
// copies would see that value at the current iteration.
// CHECK-LABEL: tile.func public @coupled(
// CHECK-NOT: tilegpu.staged
// CHECK: tile.return
// The copies for iteration iv + 2 read the table there, masked to the
// iterations that exist. The recurrence is carried two iterations ahead in
// an iteration argument of its own, started by running it twice before the
// loop and advanced once an iteration, for iteration iv + 2.
// PIPE-LABEL: tile.func public @table(
// PIPE: scf.for %[[IV:[a-z0-9]+]] = {{.*}} {
// PIPE: %[[AHEAD:[0-9]+]] = arith.addi %[[IV]], %{{.*}} : i32
// PIPE: %[[SLOT:[0-9]+]] = tile.addptr %t, %[[AHEAD]]
// PIPE-NEXT: %[[IN:[0-9]+]] = arith.cmpi slt, %[[AHEAD]], %n : i32
// PIPE-NEXT: tile.load %[[SLOT]], %[[IN]] : !tile.ptr<i32>
// PIPE: tilegpu.async_copy_global_to_local
// PIPE-LABEL: tile.func public @recurrence(
// PIPE: %[[O2:[0-9]+]] = arith.addi %{{[0-9]+}}, %{{[0-9]+}} : i32
// PIPE-NEXT: scf.for %[[IV2:[a-z0-9]+]] = {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{[a-z0-9]+}} = %c0_i32, %[[OFF2:[a-z0-9]+]] = %[[O2]]) -> {{.*}} {
// PIPE: %[[NEXT:[0-9]+]] = arith.addi %[[IV2]], %c2_i32 : i32
// PIPE: tilegpu.async_copy_global_to_local
// PIPE: %[[IN2:[0-9]+]] = arith.cmpi slt, %[[NEXT]], %n : i32
// PIPE-NEXT: %[[STEP:[0-9]+]] = tile.load %{{.*}}, %[[IN2]] : !tile.ptr<i32>
// PIPE-NEXT: %[[MOVED:[0-9]+]] = arith.addi %[[OFF2]], %[[STEP]] : i32
// PIPE-NEXT: scf.yield %{{.*}}, %{{.*}}, %[[MOVED]]
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @table(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %t: !tile.ptr<i32>, %n: i32) -> tensor<64x32xf16, #blocked> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
  %rowlen = arith.constant dense<32> : tensor<64x32xi32, #blocked>
  %cols = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %cols2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
  %colsb = tile.broadcast %cols2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>, #blocked>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x32xf16, #blocked>) : i32 {
    %slot = tile.addptr %t, %iv : !tile.ptr<i32>, i32
    %block = tile.load %slot : !tile.ptr<i32>
    %blocks = tile.splat %block : i32 -> tensor<64x32xi32, #blocked>
    %rows = arith.muli %blocks, %rowlen : tensor<64x32xi32, #blocked>
    %off = arith.addi %rows, %colsb : tensor<64x32xi32, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %x = tile.load %ptrs : tensor<64x32x!tile.ptr<f16>, #blocked>
    %buf = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %v = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %s = arith.addf %acc, %v : tensor<64x32xf16, #blocked>
    scf.yield %s : tensor<64x32xf16, #blocked>
  }
  tile.return %r : tensor<64x32xf16, #blocked>
}
tile.func public @recurrence(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %t: !tile.ptr<i32>, %n: i32) -> tensor<64x32xf16, #blocked> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
  %cols = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %cols2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
  %colsb = tile.broadcast %cols2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>, #blocked>
  %r:2 = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero, %start = %c0) -> (tensor<64x32xf16, #blocked>, i32) : i32 {
    %first = arith.muli %start, %c32 : i32
    %firsts = tile.splat %first : i32 -> tensor<64x32xi32, #blocked>
    %off = arith.addi %firsts, %colsb : tensor<64x32xi32, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %x = tile.load %ptrs : tensor<64x32x!tile.ptr<f16>, #blocked>
    %buf = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %v = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %s = arith.addf %acc, %v : tensor<64x32xf16, #blocked>
    %slot = tile.addptr %t, %iv : !tile.ptr<i32>, i32
    %step = tile.load %slot : !tile.ptr<i32>
    %next = arith.addi %start, %step : i32
    scf.yield %s, %next : tensor<64x32xf16, #blocked>, i32
  }
  tile.return %r#0 : tensor<64x32xf16, #blocked>
}
tile.func public @stores(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %t: !tile.ptr<i32>, %n: i32) -> tensor<64x32xf16, #blocked> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
  %rowlen = arith.constant dense<32> : tensor<64x32xi32, #blocked>
  %cols = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %cols2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
  %colsb = tile.broadcast %cols2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>, #blocked>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x32xf16, #blocked>) : i32 {
    %slot = tile.addptr %t, %iv : !tile.ptr<i32>, i32
    %block = tile.load %slot : !tile.ptr<i32>
    %blocks = tile.splat %block : i32 -> tensor<64x32xi32, #blocked>
    %rows = arith.muli %blocks, %rowlen : tensor<64x32xi32, #blocked>
    %off = arith.addi %rows, %colsb : tensor<64x32xi32, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %x = tile.load %ptrs : tensor<64x32x!tile.ptr<f16>, #blocked>
    %buf = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %v = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %s = arith.addf %acc, %v : tensor<64x32xf16, #blocked>
    %next = tile.addptr %t, %iv : !tile.ptr<i32>, i32
    %one = arith.addi %block, %c1 : i32
    tile.store %next, %one : !tile.ptr<i32>
    scf.yield %s : tensor<64x32xf16, #blocked>
  }
  tile.return %r : tensor<64x32xf16, #blocked>
}
tile.func public @coupled(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %t: !tile.ptr<i32>, %n: i32) -> tensor<64x32xf16, #blocked> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x32xf16, #blocked>
  %cols = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>>
  %cols2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
  %colsb = tile.broadcast %cols2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %base = tile.splat %p : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>, #blocked>
  %r:3 = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero, %start = %c0, %k = %c0) -> (tensor<64x32xf16, #blocked>, i32, i32) : i32 {
    %first = arith.muli %start, %c32 : i32
    %firsts = tile.splat %first : i32 -> tensor<64x32xi32, #blocked>
    %off = arith.addi %firsts, %colsb : tensor<64x32xi32, #blocked>
    %ptrs = tile.addptr %base, %off : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %x = tile.load %ptrs : tensor<64x32x!tile.ptr<f16>, #blocked>
    %buf = tilegpu.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !tilegpu.buffer<64x32xf16, #shared>
    %v = tilegpu.local_load %buf : !tilegpu.buffer<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %s = arith.addf %acc, %v : tensor<64x32xf16, #blocked>
    %slot = tile.addptr %t, %k : !tile.ptr<i32>, i32
    %step = tile.load %slot : !tile.ptr<i32>
    %next = arith.addi %start, %step : i32
    %k1 = arith.addi %k, %c1 : i32
    scf.yield %s, %next, %k1 : tensor<64x32xf16, #blocked>, i32, i32
  }
  tile.return %r#0 : tensor<64x32xf16, #blocked>
}
}
