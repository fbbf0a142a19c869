// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Fused row softmax: one program per row, rows of up to 1024 columns.
//   out[r, :] = exp(in[r, :] - max(in[r, :])) / sum(exp(in[r, :] - max(in[r, :])))
// Launch: grid = n_rows programs along x. Columns past n_cols are masked:
// they load as -inf, so they add nothing to the max or the sum.
module {
  tile.func public @softmax(%out: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                            %in: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                            %in_row_stride: i32 {tile.divisibility = 16 : i32},
                            %out_row_stride: i32 {tile.divisibility = 16 : i32},
                            %n_cols: i32)
      attributes {tile.params = {BLOCK = 1024 : i32}} {
    %neg_inf = arith.constant dense<0xFF800000> : tensor<1024xf32>
    %row = tile.get_program_id x : i32
    %in_off = arith.muli %row, %in_row_stride : i32
    %in_row = tile.addptr %in, %in_off : !tile.ptr<f32>, i32
    %cols = tile.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %in_rows = tile.splat %in_row : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %in_ptrs = tile.addptr %in_rows, %cols : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %limit = tile.splat %n_cols : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %cols, %limit : tensor<1024xi32>
    %x = tile.load %in_ptrs, %mask, %neg_inf : tensor<1024x!tile.ptr<f32>>
    %max = "tile.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tile.reduce.return %m : f32
    }) : (tensor<1024xf32>) -> f32
    %maxs = tile.splat %max : f32 -> tensor<1024xf32>
    %shifted = arith.subf %x, %maxs : tensor<1024xf32>
    %num = math.exp %shifted : tensor<1024xf32>
    %den = "tile.reduce"(%num) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tile.reduce.return %s : f32
    }) : (tensor<1024xf32>) -> f32
    %dens = tile.splat %den : f32 -> tensor<1024xf32>
    // Division to 2 ulp (div.full.f32), as Triton's `/`.
    %y = arith.divf %num, %dens fastmath<afn> : tensor<1024xf32>
    %out_off = arith.muli %row, %out_row_stride : i32
    %out_row = tile.addptr %out, %out_off : !tile.ptr<f32>, i32
    %out_rows = tile.splat %out_row : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %out_ptrs = tile.addptr %out_rows, %cols : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    tile.store %out_ptrs, %y, %mask : tensor<1024x!tile.ptr<f32>>
    tile.return
  }
}
