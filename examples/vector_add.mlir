// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// out[i] = x[i] + y[i] for i < n, 1024 elements per program.
// Launch: grid = ceil(n / 1024) programs along x.
module {
  tile.func public @vector_add(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                               %y: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                               %out: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                               %n: i32 {tile.divisibility = 16 : i32}) {
    %c1024 = arith.constant 1024 : i32
    %pid = tile.get_program_id x : i32
    %start = arith.muli %pid, %c1024 : i32
    %range = tile.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %starts = tile.splat %start : i32 -> tensor<1024xi32>
    %offsets = arith.addi %starts, %range : tensor<1024xi32>
    %ns = tile.splat %n : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %offsets, %ns : tensor<1024xi32>
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %xptrs = tile.addptr %xs, %offsets : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %a = tile.load %xptrs, %mask : tensor<1024x!tile.ptr<f32>>
    %ys = tile.splat %y : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %yptrs = tile.addptr %ys, %offsets : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %b = tile.load %yptrs, %mask : tensor<1024x!tile.ptr<f32>>
    %sum = arith.addf %a, %b : tensor<1024xf32>
    %outs = tile.splat %out : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %optrs = tile.addptr %outs, %offsets : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    tile.store %optrs, %sum, %mask : tensor<1024x!tile.ptr<f32>>
    tile.return
  }
}
