// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The vector add over 64x64 tiles computed in mma.sync's accumulator layout
// (#tilegpu.mma version 2): out[i] = x[i] + y[i] for i < n, 4096 elements per
// program, n a multiple of 4096. Compiled with --keep-layouts, it checks on
// the GPU (tile-run-check --check vector_add) that the mma distribution gives every
// element to exactly one lane and register, through address arithmetic in
// its slices, loads and stores. That the registers are the ones mma.sync
// reads and writes is for the tensor-core lowering's tests to show.
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#rows = #tilegpu.slice<{dim = 1, parent = #mma}>
#cols = #tilegpu.slice<{dim = 0, parent = #mma}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.threads-per-warp" = 32 : i32, tilegpu.target = "sm_90"} {
  tile.func public @vector_add(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                               %y: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                               %out: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                               %n: i32 {tile.divisibility = 16 : i32}) {
    %c4096 = arith.constant 4096 : i32
    %pid = tile.get_program_id x : i32
    %start = arith.muli %pid, %c4096 : i32
    %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #rows>
    %c = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #cols>
    %c64 = arith.constant dense<64> : tensor<64xi32, #rows>
    %r64 = arith.muli %r, %c64 : tensor<64xi32, #rows>
    %re = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32, #rows> -> tensor<64x1xi32, #mma>
    %rb = tile.broadcast %re : tensor<64x1xi32, #mma> -> tensor<64x64xi32, #mma>
    %ce = tile.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #cols> -> tensor<1x64xi32, #mma>
    %cb = tile.broadcast %ce : tensor<1x64xi32, #mma> -> tensor<64x64xi32, #mma>
    %local = arith.addi %rb, %cb : tensor<64x64xi32, #mma>
    %starts = tile.splat %start : i32 -> tensor<64x64xi32, #mma>
    %offsets = arith.addi %starts, %local : tensor<64x64xi32, #mma>
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>, #mma>
    %xp = tile.addptr %xs, %offsets : tensor<64x64x!tile.ptr<f32>, #mma>, tensor<64x64xi32, #mma>
    %a = tile.load %xp : tensor<64x64x!tile.ptr<f32>, #mma>
    %ys = tile.splat %y : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>, #mma>
    %yp = tile.addptr %ys, %offsets : tensor<64x64x!tile.ptr<f32>, #mma>, tensor<64x64xi32, #mma>
    %b = tile.load %yp : tensor<64x64x!tile.ptr<f32>, #mma>
    %sum = arith.addf %a, %b : tensor<64x64xf32, #mma>
    %os = tile.splat %out : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>, #mma>
    %op = tile.addptr %os, %offsets : tensor<64x64x!tile.ptr<f32>, #mma>, tensor<64x64xi32, #mma>
    tile.store %op, %sum : tensor<64x64x!tile.ptr<f32>, #mma>
    tile.return
  }
}
