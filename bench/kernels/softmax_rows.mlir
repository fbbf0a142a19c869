// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Fused row softmax, ROWS rows per program (for short rows, where one row
// per program leaves too little work per block): a [ROWS, COLS] tile,
// reductions along the rows. ROWS and COLS are parameters (tile.params),
// written at 8 x 256; bench/compile-kernels.sh binds them.
//   out[r, :] = exp(in[r, :] - max(in[r, :])) / sum(exp(in[r, :] - max(in[r, :])))
// Launch: grid = ceil(n_rows / ROWS) programs along x. Rows past n_rows and
// columns past n_cols are masked.
module {
  tile.func public @softmax(%out: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                            %in: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                            %in_row_stride: i32 {tile.divisibility = 16 : i32},
                            %out_row_stride: i32 {tile.divisibility = 16 : i32},
                            %n_cols: i32 {tile.divisibility = 16 : i32},
                            %n_rows: i32)
      attributes {tile.params = {ROWS = 8 : i32, COLS = 256 : i32}} {
    %c_rows = arith.constant 8 : i32
    %neg_inf = arith.constant dense<0xFF800000> : tensor<8x256xf32>
    %program = tile.get_program_id x : i32
    %first = arith.muli %program, %c_rows : i32
    %r = tile.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %firsts = tile.splat %first : i32 -> tensor<8xi32>
    %rows = arith.addi %firsts, %r : tensor<8xi32>
    %row_limit = tile.splat %n_rows : i32 -> tensor<8xi32>
    %row_ok = arith.cmpi slt, %rows, %row_limit : tensor<8xi32>
    %cols = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %col_limit = tile.splat %n_cols : i32 -> tensor<256xi32>
    %col_ok = arith.cmpi slt, %cols, %col_limit : tensor<256xi32>
    %rows_2d = tile.expand_dims %rows {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %row_ok_2d = tile.expand_dims %row_ok {axis = 1 : i32} : tensor<8xi1> -> tensor<8x1xi1>
    %cols_2d = tile.expand_dims %cols {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
    %col_ok_2d = tile.expand_dims %col_ok {axis = 0 : i32} : tensor<256xi1> -> tensor<1x256xi1>
    %rows_b = tile.broadcast %rows_2d : tensor<8x1xi32> -> tensor<8x256xi32>
    %cols_b = tile.broadcast %cols_2d : tensor<1x256xi32> -> tensor<8x256xi32>
    %row_ok_b = tile.broadcast %row_ok_2d : tensor<8x1xi1> -> tensor<8x256xi1>
    %col_ok_b = tile.broadcast %col_ok_2d : tensor<1x256xi1> -> tensor<8x256xi1>
    %mask = arith.andi %row_ok_b, %col_ok_b : tensor<8x256xi1>
    %in_strides = tile.splat %in_row_stride : i32 -> tensor<8x256xi32>
    %in_row_off = arith.muli %rows_b, %in_strides : tensor<8x256xi32>
    %in_off = arith.addi %in_row_off, %cols_b : tensor<8x256xi32>
    %in_base = tile.splat %in : !tile.ptr<f32> -> tensor<8x256x!tile.ptr<f32>>
    %in_ptrs = tile.addptr %in_base, %in_off : tensor<8x256x!tile.ptr<f32>>, tensor<8x256xi32>
    %x = tile.load %in_ptrs, %mask, %neg_inf : tensor<8x256x!tile.ptr<f32>>
    %max = "tile.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tile.reduce.return %m : f32
    }) : (tensor<8x256xf32>) -> tensor<8xf32>
    %max_2d = tile.expand_dims %max {axis = 1 : i32} : tensor<8xf32> -> tensor<8x1xf32>
    %max_b = tile.broadcast %max_2d : tensor<8x1xf32> -> tensor<8x256xf32>
    %shifted = arith.subf %x, %max_b : tensor<8x256xf32>
    %num = math.exp %shifted : tensor<8x256xf32>
    %den = "tile.reduce"(%num) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tile.reduce.return %s : f32
    }) : (tensor<8x256xf32>) -> tensor<8xf32>
    %den_2d = tile.expand_dims %den {axis = 1 : i32} : tensor<8xf32> -> tensor<8x1xf32>
    %den_b = tile.broadcast %den_2d : tensor<8x1xf32> -> tensor<8x256xf32>
    // Division to 2 ulp (div.full.f32), as Triton's `/`.
    %y = arith.divf %num, %den_b fastmath<afn> : tensor<8x256xf32>
    %out_strides = tile.splat %out_row_stride : i32 -> tensor<8x256xi32>
    %out_row_off = arith.muli %rows_b, %out_strides : tensor<8x256xi32>
    %out_off = arith.addi %out_row_off, %cols_b : tensor<8x256xi32>
    %out_base = tile.splat %out : !tile.ptr<f32> -> tensor<8x256x!tile.ptr<f32>>
    %out_ptrs = tile.addptr %out_base, %out_off : tensor<8x256x!tile.ptr<f32>>, tensor<8x256xi32>
    tile.store %out_ptrs, %y, %mask : tensor<8x256x!tile.ptr<f32>>
    tile.return
  }
}
