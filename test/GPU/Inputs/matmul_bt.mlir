// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// examples/matmul.mlir with b given as its N x K transpose (b[k, n] at
// n * K + k, as a linear layer's weight matrix is stored): B is loaded
// K-contiguous, so on sm_90a wgmma reads it K-major, which tf32 and i8
// products require (a row-major b keeps them on mma.sync). Compiled with
// T=f32 (tf32) and T=i8 ACC=i32; checked on the GPU against a float64
// product (tile-run-check --check matmul, b transposed).
module {
  tile.func public @matmul(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %b: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                           %M: i32, %N: i32, %K: i32)
      attributes {tile.params = {T = f16, ACC = f32}} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c8 = arith.constant 8 : i32
    %c32 = arith.constant 32 : i32
    %c63 = arith.constant 63 : i32
    %c64 = arith.constant 64 : i32
    // Grouped ordering: program -> (block row, block column).
    %pid = tile.get_program_id x : i32
    %m_sum = arith.addi %M, %c63 : i32
    %blocks_m = arith.divsi %m_sum, %c64 : i32
    %n_sum = arith.addi %N, %c63 : i32
    %blocks_n = arith.divsi %n_sum, %c64 : i32
    %in_group = arith.muli %blocks_n, %c8 : i32
    %group = arith.divsi %pid, %in_group : i32
    %first_m = arith.muli %group, %c8 : i32
    %left = arith.subi %blocks_m, %first_m : i32
    %group_m = arith.minsi %left, %c8 : i32
    %in = arith.remsi %pid, %in_group : i32
    %in_m = arith.remsi %in, %group_m : i32
    %pid_m = arith.addi %first_m, %in_m : i32
    %pid_n = arith.divsi %in, %group_m : i32
    // Rows and columns of this block; K offsets of one step.
    %range64 = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %range32 = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %row0 = arith.muli %pid_m, %c64 : i32
    %row0s = tile.splat %row0 : i32 -> tensor<64xi32>
    %rows = arith.addi %row0s, %range64 : tensor<64xi32>
    %col0 = arith.muli %pid_n, %c64 : i32
    %col0s = tile.splat %col0 : i32 -> tensor<64xi32>
    %cols = arith.addi %col0s, %range64 : tensor<64xi32>
    %Ms = tile.splat %M : i32 -> tensor<64xi32>
    %row_ok = arith.cmpi slt, %rows, %Ms : tensor<64xi32>
    %Ns = tile.splat %N : i32 -> tensor<64xi32>
    %col_ok = arith.cmpi slt, %cols, %Ns : tensor<64xi32>
    %Ks = tile.splat %K : i32 -> tensor<64xi32>
    %a_row_off = arith.muli %rows, %Ks : tensor<64xi32>
    %a_rows = tile.expand_dims %a_row_off {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %a_rows_b = tile.broadcast %a_rows : tensor<64x1xi32> -> tensor<64x32xi32>
    %a_ok = tile.expand_dims %row_ok {axis = 1 : i32} : tensor<64xi1> -> tensor<64x1xi1>
    %a_ok_b = tile.broadcast %a_ok : tensor<64x1xi1> -> tensor<64x32xi1>
    %b_cols = tile.expand_dims %cols {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %b_ncols = arith.muli %cols, %Ks : tensor<64xi32>
    %b_ncols_e = tile.expand_dims %b_ncols {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %b_cols_b = tile.broadcast %b_ncols_e : tensor<1x64xi32> -> tensor<32x64xi32>
    %b_ok = tile.expand_dims %col_ok {axis = 0 : i32} : tensor<64xi1> -> tensor<1x64xi1>
    %b_ok_b = tile.broadcast %b_ok : tensor<1x64xi1> -> tensor<32x64xi1>
    %Ns32 = tile.splat %c1 : i32 -> tensor<32xi32>
    %Ks32 = tile.splat %K : i32 -> tensor<32xi32>
    %as = tile.splat %a : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>>
    %bs = tile.splat %b : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>>
    %zero_a = arith.constant dense<0.0> : tensor<64x32xf16>
    %zero_b = arith.constant dense<0.0> : tensor<32x64xf16>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    %k_sum = arith.addi %K, %c32 : i32
    %k_sum1 = arith.subi %k_sum, %c1 : i32
    %steps = arith.divsi %k_sum1, %c32 : i32
    %acc = scf.for %step = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (tensor<64x64xf32>) : i32 {
      %k0 = arith.muli %step, %c32 : i32
      %k0s = tile.splat %k0 : i32 -> tensor<32xi32>
      %ks = arith.addi %k0s, %range32 : tensor<32xi32>
      %k_ok = arith.cmpi slt, %ks, %Ks32 : tensor<32xi32>
      // a[rows, ks]
      %a_ks = tile.expand_dims %ks {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
      %a_ks_b = tile.broadcast %a_ks : tensor<1x32xi32> -> tensor<64x32xi32>
      %a_off = arith.addi %a_rows_b, %a_ks_b : tensor<64x32xi32>
      %a_kok = tile.expand_dims %k_ok {axis = 0 : i32} : tensor<32xi1> -> tensor<1x32xi1>
      %a_kok_b = tile.broadcast %a_kok : tensor<1x32xi1> -> tensor<64x32xi1>
      %a_mask = arith.andi %a_ok_b, %a_kok_b : tensor<64x32xi1>
      %a_ptrs = tile.addptr %as, %a_off : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
      %a_tile = tile.load %a_ptrs, %a_mask, %zero_a : tensor<64x32x!tile.ptr<f16>>
      // b[ks, cols]
      %b_row_off = arith.muli %ks, %Ns32 : tensor<32xi32>
      %b_ks = tile.expand_dims %b_row_off {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %b_ks_b = tile.broadcast %b_ks : tensor<32x1xi32> -> tensor<32x64xi32>
      %b_off = arith.addi %b_ks_b, %b_cols_b : tensor<32x64xi32>
      %b_kok = tile.expand_dims %k_ok {axis = 1 : i32} : tensor<32xi1> -> tensor<32x1xi1>
      %b_kok_b = tile.broadcast %b_kok : tensor<32x1xi1> -> tensor<32x64xi1>
      %b_mask = arith.andi %b_kok_b, %b_ok_b : tensor<32x64xi1>
      %b_ptrs = tile.addptr %bs, %b_off : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
      %b_tile = tile.load %b_ptrs, %b_mask, %zero_b : tensor<32x64x!tile.ptr<f16>>
      %next = tile.dot %a_tile, %b_tile, %sum, inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
      scf.yield %next : tensor<64x64xf32>
    }
    // c[rows, cols], masked at the edges.
    %c_row_off = arith.muli %rows, %Ns : tensor<64xi32>
    %c_rows = tile.expand_dims %c_row_off {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %c_rows_b = tile.broadcast %c_rows : tensor<64x1xi32> -> tensor<64x64xi32>
    %c_cols_b = tile.broadcast %b_cols : tensor<1x64xi32> -> tensor<64x64xi32>
    %c_off = arith.addi %c_rows_b, %c_cols_b : tensor<64x64xi32>
    %c_rok = tile.broadcast %a_ok : tensor<64x1xi1> -> tensor<64x64xi1>
    %c_cok = tile.broadcast %b_ok : tensor<1x64xi1> -> tensor<64x64xi1>
    %c_mask = arith.andi %c_rok, %c_cok : tensor<64x64xi1>
    %cs = tile.splat %c : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
    %c_ptrs = tile.addptr %cs, %c_off : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
    tile.store %c_ptrs, %acc, %c_mask : tensor<64x64x!tile.ptr<f32>>
    tile.return
  }
}
