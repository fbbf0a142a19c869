// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Layer normalization forward, one pass: each program holds its whole row
// (N <= BLOCK columns; BLOCK a parameter, written at 1024) in registers, so x is read once
// (examples/layernorm.mlir walks any row length in three passes, reading x
// three times). Same arguments and results as the example. The row's
// statistics are computed as Triton's `/` and `sqrt` compute them (fastmath
// afn: div.full.f32, sqrt.approx.ftz.f32), as in the Triton kernel it is
// measured against; the example keeps them exact.
module {
  tile.func public @layernorm(%X: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                              %Y: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                              %W: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                              %B: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                              %Mean: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                              %Rstd: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                              %stride: i32 {tile.divisibility = 16 : i32},
                              %N: i32 {tile.divisibility = 16 : i32}, %eps: f32)
      attributes {tile.params = {BLOCK = 1024 : i32}} {
    %zeros = arith.constant dense<0.0> : tensor<1024xf32>
    %zeros_h = arith.constant dense<0.0> : tensor<1024xf16>
    %one = arith.constant 1.0 : f32
    %row = tile.get_program_id x : i32
    %row_off = arith.muli %row, %stride : i32
    %x_row = tile.addptr %X, %row_off : !tile.ptr<f16>, i32
    %y_row = tile.addptr %Y, %row_off : !tile.ptr<f16>, i32
    %cols = tile.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %limit = tile.splat %N : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %cols, %limit : tensor<1024xi32>
    %n_f = arith.sitofp %N : i32 to f32
    %x_rows = tile.splat %x_row : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>>
    %xp = tile.addptr %x_rows, %cols : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
    %x = tile.load %xp, %mask, %zeros_h evictionPolicy = evict_first : tensor<1024x!tile.ptr<f16>>
    %x32 = arith.extf %x : tensor<1024xf16> to tensor<1024xf32>
    %sum = "tile.reduce"(%x32) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tile.reduce.return %s : f32
    }) : (tensor<1024xf32>) -> f32
    %mean = arith.divf %sum, %n_f fastmath<afn> : f32
    %means = tile.splat %mean : f32 -> tensor<1024xf32>
    %centered = arith.subf %x32, %means : tensor<1024xf32>
    %d = arith.select %mask, %centered, %zeros : tensor<1024xi1>, tensor<1024xf32>
    %sq = arith.mulf %d, %d : tensor<1024xf32>
    %var_sum = "tile.reduce"(%sq) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tile.reduce.return %s : f32
    }) : (tensor<1024xf32>) -> f32
    %var = arith.divf %var_sum, %n_f fastmath<afn> : f32
    %var_eps = arith.addf %var, %eps : f32
    %std = math.sqrt %var_eps fastmath<afn> : f32
    %rstd = arith.divf %one, %std fastmath<afn> : f32
    %mean_ptr = tile.addptr %Mean, %row : !tile.ptr<f32>, i32
    tile.store %mean_ptr, %mean : !tile.ptr<f32>
    %rstd_ptr = tile.addptr %Rstd, %row : !tile.ptr<f32>, i32
    tile.store %rstd_ptr, %rstd : !tile.ptr<f32>
    %rstds = tile.splat %rstd : f32 -> tensor<1024xf32>
    %ws = tile.splat %W : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>>
    %bs = tile.splat %B : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>>
    %wp = tile.addptr %ws, %cols : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
    %bp = tile.addptr %bs, %cols : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
    %w = tile.load %wp, %mask : tensor<1024x!tile.ptr<f16>>
    %b = tile.load %bp, %mask : tensor<1024x!tile.ptr<f16>>
    %w32 = arith.extf %w : tensor<1024xf16> to tensor<1024xf32>
    %b32 = arith.extf %b : tensor<1024xf16> to tensor<1024xf32>
    %xhat = arith.mulf %d, %rstds : tensor<1024xf32>
    %scaled = arith.mulf %xhat, %w32 : tensor<1024xf32>
    %y32 = arith.addf %scaled, %b32 : tensor<1024xf32>
    %y = arith.truncf %y32 : tensor<1024xf32> to tensor<1024xf16>
    %y_rows = tile.splat %y_row : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>>
    %yp = tile.addptr %y_rows, %cols : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
    tile.store %yp, %y, %mask : tensor<1024x!tile.ptr<f16>>
    tile.return
  }
}
