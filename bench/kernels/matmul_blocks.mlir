// examples/matmul.mlir with block sizes as placeholders (BM x BN blocks of
// c, K in steps of BK; BM1 = BM - 1, BN1 = BN - 1) and M, N, K multiples of
// 16, for bench/compile-kernels.sh. c is written in the operands' element
// type (f16, or bf16 where compile-kernels.sh substitutes it), as cuBLAS
// writes it.
module {
  tile.func public @matmul(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %b: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %c: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %M: i32 {tile.divisibility = 16 : i32}, %N: i32 {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c8 = arith.constant 8 : i32
    %block_k = arith.constant BK : i32
    %block_m1 = arith.constant BM1 : i32
    %block_n1 = arith.constant BN1 : i32
    %block_m = arith.constant BM : i32
    %block_n = arith.constant BN : i32
    // Grouped ordering: program -> (block row, block column).
    %pid = tile.get_program_id x : i32
    %m_sum = arith.addi %M, %block_m1 : i32
    %blocks_m = arith.divsi %m_sum, %block_m : i32
    %n_sum = arith.addi %N, %block_n1 : i32
    %blocks_n = arith.divsi %n_sum, %block_n : i32
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
    %rangeM = tile.make_range {end = BM : i32, start = 0 : i32} : tensor<BMxi32>
    %rangeN = tile.make_range {end = BN : i32, start = 0 : i32} : tensor<BNxi32>
    %rangeK = tile.make_range {end = BK : i32, start = 0 : i32} : tensor<BKxi32>
    %row0 = arith.muli %pid_m, %block_m : i32
    %row0s = tile.splat %row0 : i32 -> tensor<BMxi32>
    %rows = arith.addi %row0s, %rangeM : tensor<BMxi32>
    %col0 = arith.muli %pid_n, %block_n : i32
    %col0s = tile.splat %col0 : i32 -> tensor<BNxi32>
    %cols = arith.addi %col0s, %rangeN : tensor<BNxi32>
    %Ms = tile.splat %M : i32 -> tensor<BMxi32>
    %row_ok = arith.cmpi slt, %rows, %Ms : tensor<BMxi32>
    %Ns = tile.splat %N : i32 -> tensor<BNxi32>
    %NsM = tile.splat %N : i32 -> tensor<BMxi32>
    %col_ok = arith.cmpi slt, %cols, %Ns : tensor<BNxi32>
    %Ks = tile.splat %K : i32 -> tensor<BMxi32>
    %a_row_off = arith.muli %rows, %Ks : tensor<BMxi32>
    %a_rows = tile.expand_dims %a_row_off {axis = 1 : i32} : tensor<BMxi32> -> tensor<BMx1xi32>
    %a_rows_b = tile.broadcast %a_rows : tensor<BMx1xi32> -> tensor<BMxBKxi32>
    %a_ok = tile.expand_dims %row_ok {axis = 1 : i32} : tensor<BMxi1> -> tensor<BMx1xi1>
    %a_ok_b = tile.broadcast %a_ok : tensor<BMx1xi1> -> tensor<BMxBKxi1>
    %b_cols = tile.expand_dims %cols {axis = 0 : i32} : tensor<BNxi32> -> tensor<1xBNxi32>
    %b_cols_b = tile.broadcast %b_cols : tensor<1xBNxi32> -> tensor<BKxBNxi32>
    %b_ok = tile.expand_dims %col_ok {axis = 0 : i32} : tensor<BNxi1> -> tensor<1xBNxi1>
    %b_ok_b = tile.broadcast %b_ok : tensor<1xBNxi1> -> tensor<BKxBNxi1>
    %NsK = tile.splat %N : i32 -> tensor<BKxi32>
    %KsK = tile.splat %K : i32 -> tensor<BKxi32>
    %as = tile.splat %a : !tile.ptr<f16> -> tensor<BMxBKx!tile.ptr<f16>>
    %bs = tile.splat %b : !tile.ptr<f16> -> tensor<BKxBNx!tile.ptr<f16>>
    %zero_a = arith.constant dense<0.0> : tensor<BMxBKxf16>
    %zero_b = arith.constant dense<0.0> : tensor<BKxBNxf16>
    %zero = arith.constant dense<0.0> : tensor<BMxBNxf32>
    %k_sum = arith.addi %K, %block_k : i32
    %k_sum1 = arith.subi %k_sum, %c1 : i32
    %steps = arith.divsi %k_sum1, %block_k : i32
    %acc = scf.for %step = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (tensor<BMxBNxf32>) : i32 {
      %k0 = arith.muli %step, %block_k : i32
      %k0s = tile.splat %k0 : i32 -> tensor<BKxi32>
      %ks = arith.addi %k0s, %rangeK : tensor<BKxi32>
      %k_ok = arith.cmpi slt, %ks, %KsK : tensor<BKxi32>
      // a[rows, ks]
      %a_ks = tile.expand_dims %ks {axis = 0 : i32} : tensor<BKxi32> -> tensor<1xBKxi32>
      %a_ks_b = tile.broadcast %a_ks : tensor<1xBKxi32> -> tensor<BMxBKxi32>
      %a_off = arith.addi %a_rows_b, %a_ks_b : tensor<BMxBKxi32>
      %a_kok = tile.expand_dims %k_ok {axis = 0 : i32} : tensor<BKxi1> -> tensor<1xBKxi1>
      %a_kok_b = tile.broadcast %a_kok : tensor<1xBKxi1> -> tensor<BMxBKxi1>
      %a_mask = arith.andi %a_ok_b, %a_kok_b : tensor<BMxBKxi1>
      %a_ptrs = tile.addptr %as, %a_off : tensor<BMxBKx!tile.ptr<f16>>, tensor<BMxBKxi32>
      %a_tile = tile.load %a_ptrs, %a_mask, %zero_a : tensor<BMxBKx!tile.ptr<f16>>
      // b[ks, cols]
      %b_row_off = arith.muli %ks, %NsK : tensor<BKxi32>
      %b_ks = tile.expand_dims %b_row_off {axis = 1 : i32} : tensor<BKxi32> -> tensor<BKx1xi32>
      %b_ks_b = tile.broadcast %b_ks : tensor<BKx1xi32> -> tensor<BKxBNxi32>
      %b_off = arith.addi %b_ks_b, %b_cols_b : tensor<BKxBNxi32>
      %b_kok = tile.expand_dims %k_ok {axis = 1 : i32} : tensor<BKxi1> -> tensor<BKx1xi1>
      %b_kok_b = tile.broadcast %b_kok : tensor<BKx1xi1> -> tensor<BKxBNxi1>
      %b_mask = arith.andi %b_kok_b, %b_ok_b : tensor<BKxBNxi1>
      %b_ptrs = tile.addptr %bs, %b_off : tensor<BKxBNx!tile.ptr<f16>>, tensor<BKxBNxi32>
      %b_tile = tile.load %b_ptrs, %b_mask, %zero_b : tensor<BKxBNx!tile.ptr<f16>>
      %next = tile.dot %a_tile, %b_tile, %sum : tensor<BMxBKxf16> * tensor<BKxBNxf16> -> tensor<BMxBNxf32>
      scf.yield %next : tensor<BMxBNxf32>
    }
    // c[rows, cols], masked at the edges.
    %c_row_off = arith.muli %rows, %NsM : tensor<BMxi32>
    %c_rows = tile.expand_dims %c_row_off {axis = 1 : i32} : tensor<BMxi32> -> tensor<BMx1xi32>
    %c_rows_b = tile.broadcast %c_rows : tensor<BMx1xi32> -> tensor<BMxBNxi32>
    %c_cols_b = tile.broadcast %b_cols : tensor<1xBNxi32> -> tensor<BMxBNxi32>
    %c_off = arith.addi %c_rows_b, %c_cols_b : tensor<BMxBNxi32>
    %c_rok = tile.broadcast %a_ok : tensor<BMx1xi1> -> tensor<BMxBNxi1>
    %c_cok = tile.broadcast %b_ok : tensor<1xBNxi1> -> tensor<BMxBNxi1>
    %c_mask = arith.andi %c_rok, %c_cok : tensor<BMxBNxi1>
    %cs = tile.splat %c : !tile.ptr<f16> -> tensor<BMxBNx!tile.ptr<f16>>
    %c_ptrs = tile.addptr %cs, %c_off : tensor<BMxBNx!tile.ptr<f16>>, tensor<BMxBNxi32>
    %out = arith.truncf %acc : tensor<BMxBNxf32> to tensor<BMxBNxf16>
    tile.store %c_ptrs, %out, %c_mask : tensor<BMxBNx!tile.ptr<f16>>
    tile.return
  }
}
