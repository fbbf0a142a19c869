// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Layer normalization forward over the rows of an f16 matrix, computed in f32:
//   y = (x - mean) * rstd * w + b,  rstd = 1 / sqrt(var + eps)
// One program per row; the row is walked in blocks of 1024 columns, so any
// row length works. Mean and rstd are stored per row for the backward pass.
// Launch: grid = n_rows programs along x.
module {
  tile.func public @layernorm(%X: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                              %Y: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                              %W: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                              %B: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                              %Mean: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                              %Rstd: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                              %stride: i32 {tile.divisibility = 16 : i32},
                              %N: i32, %eps: f32)
      attributes {tile.params = {BLOCK = 1024 : i32}} {
    %c0 = arith.constant 0 : i32
    %c1024 = arith.constant 1024 : i32
    %zeros = arith.constant dense<0.0> : tensor<1024xf32>
    %zeros_h = arith.constant dense<0.0> : tensor<1024xf16>
    %one = arith.constant 1.0 : f32
    %row = tile.get_program_id x : i32
    %row_off = arith.muli %row, %stride : i32
    %x_row = tile.addptr %X, %row_off : !tile.ptr<f16>, i32
    %y_row = tile.addptr %Y, %row_off : !tile.ptr<f16>, i32
    %x_rows = tile.splat %x_row : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>>
    %y_rows = tile.splat %y_row : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>>
    %ws = tile.splat %W : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>>
    %bs = tile.splat %B : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>>
    %range = tile.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %limit = tile.splat %N : i32 -> tensor<1024xi32>
    %n_f = arith.sitofp %N : i32 to f32

    // Mean.
    %sum_acc = scf.for %off = %c0 to %N step %c1024 iter_args(%acc = %zeros) -> (tensor<1024xf32>) : i32 {
      %offs = tile.splat %off : i32 -> tensor<1024xi32>
      %cols = arith.addi %offs, %range : tensor<1024xi32>
      %mask = arith.cmpi slt, %cols, %limit : tensor<1024xi32>
      %ptrs = tile.addptr %x_rows, %cols : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
      %a = tile.load %ptrs, %mask, %zeros_h : tensor<1024x!tile.ptr<f16>>
      %a32 = arith.extf %a : tensor<1024xf16> to tensor<1024xf32>
      %next = arith.addf %acc, %a32 : tensor<1024xf32>
      scf.yield %next : tensor<1024xf32>
    }
    %sum = "tile.reduce"(%sum_acc) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tile.reduce.return %s : f32
    }) : (tensor<1024xf32>) -> f32
    %mean = arith.divf %sum, %n_f : f32
    %means = tile.splat %mean : f32 -> tensor<1024xf32>

    // Variance.
    %var_acc = scf.for %off = %c0 to %N step %c1024 iter_args(%acc = %zeros) -> (tensor<1024xf32>) : i32 {
      %offs = tile.splat %off : i32 -> tensor<1024xi32>
      %cols = arith.addi %offs, %range : tensor<1024xi32>
      %mask = arith.cmpi slt, %cols, %limit : tensor<1024xi32>
      %ptrs = tile.addptr %x_rows, %cols : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
      %a = tile.load %ptrs, %mask, %zeros_h : tensor<1024x!tile.ptr<f16>>
      %a32 = arith.extf %a : tensor<1024xf16> to tensor<1024xf32>
      %centered = arith.subf %a32, %means : tensor<1024xf32>
      %d = arith.select %mask, %centered, %zeros : tensor<1024xi1>, tensor<1024xf32>
      %sq = arith.mulf %d, %d : tensor<1024xf32>
      %next = arith.addf %acc, %sq : tensor<1024xf32>
      scf.yield %next : tensor<1024xf32>
    }
    %var_sum = "tile.reduce"(%var_acc) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tile.reduce.return %s : f32
    }) : (tensor<1024xf32>) -> f32
    %var = arith.divf %var_sum, %n_f : f32
    %var_eps = arith.addf %var, %eps : f32
    %std = math.sqrt %var_eps : f32
    %rstd = arith.divf %one, %std : f32
    %mean_ptr = tile.addptr %Mean, %row : !tile.ptr<f32>, i32
    tile.store %mean_ptr, %mean : !tile.ptr<f32>
    %rstd_ptr = tile.addptr %Rstd, %row : !tile.ptr<f32>, i32
    tile.store %rstd_ptr, %rstd : !tile.ptr<f32>
    %rstds = tile.splat %rstd : f32 -> tensor<1024xf32>

    // Normalize, scale and shift.
    scf.for %off = %c0 to %N step %c1024 : i32 {
      %offs = tile.splat %off : i32 -> tensor<1024xi32>
      %cols = arith.addi %offs, %range : tensor<1024xi32>
      %mask = arith.cmpi slt, %cols, %limit : tensor<1024xi32>
      %wp = tile.addptr %ws, %cols : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
      %bp = tile.addptr %bs, %cols : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
      %xp = tile.addptr %x_rows, %cols : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
      %w = tile.load %wp, %mask : tensor<1024x!tile.ptr<f16>>
      %b = tile.load %bp, %mask : tensor<1024x!tile.ptr<f16>>
      %x = tile.load %xp, %mask, %zeros_h evictionPolicy = evict_first : tensor<1024x!tile.ptr<f16>>
      %x32 = arith.extf %x : tensor<1024xf16> to tensor<1024xf32>
      %w32 = arith.extf %w : tensor<1024xf16> to tensor<1024xf32>
      %b32 = arith.extf %b : tensor<1024xf16> to tensor<1024xf32>
      %centered = arith.subf %x32, %means : tensor<1024xf32>
      %xhat = arith.mulf %centered, %rstds : tensor<1024xf32>
      %scaled = arith.mulf %xhat, %w32 : tensor<1024xf32>
      %y32 = arith.addf %scaled, %b32 : tensor<1024xf32>
      %y = arith.truncf %y32 : tensor<1024xf32> to tensor<1024xf16>
      %yp = tile.addptr %y_rows, %cols : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
      tile.store %yp, %y, %mask : tensor<1024x!tile.ptr<f16>>
    }
    tile.return
  }
}
