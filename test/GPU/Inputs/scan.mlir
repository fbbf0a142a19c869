// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Forward and reverse inclusive sums of rows of 2048 floats, one row per
// program: out[r, i] = sum(x[r, :i+1]), rev[r, i] = sum(x[r, i:]).
// Launch: grid = rows. Row stride 2048.
module {
  tile.func public @scan(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                         %out: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                         %rev: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
    %c2048 = arith.constant 2048 : i32
    %row = tile.get_program_id x : i32
    %base = arith.muli %row, %c2048 : i32
    %cols = tile.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32>
    %bases = tile.splat %base : i32 -> tensor<2048xi32>
    %offs = arith.addi %bases, %cols : tensor<2048xi32>
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<2048x!tile.ptr<f32>>
    %xp = tile.addptr %xs, %offs : tensor<2048x!tile.ptr<f32>>, tensor<2048xi32>
    %v = tile.load %xp : tensor<2048x!tile.ptr<f32>>
    %f = "tile.scan"(%v) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tile.scan.return %s : f32
    }) : (tensor<2048xf32>) -> tensor<2048xf32>
    %r = "tile.scan"(%v) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tile.scan.return %s : f32
    }) : (tensor<2048xf32>) -> tensor<2048xf32>
    %os = tile.splat %out : !tile.ptr<f32> -> tensor<2048x!tile.ptr<f32>>
    %op = tile.addptr %os, %offs : tensor<2048x!tile.ptr<f32>>, tensor<2048xi32>
    tile.store %op, %f : tensor<2048x!tile.ptr<f32>>
    %rs = tile.splat %rev : !tile.ptr<f32> -> tensor<2048x!tile.ptr<f32>>
    %rp = tile.addptr %rs, %offs : tensor<2048x!tile.ptr<f32>>, tensor<2048xi32>
    tile.store %rp, %r : tensor<2048x!tile.ptr<f32>>
    tile.return
  }
}
