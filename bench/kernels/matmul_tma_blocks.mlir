// examples/matmul_tma.mlir with block sizes as placeholders (BM x BN blocks
// of c, K in steps of BK; BM1 = BM - 1 and so on) and M, N, K multiples of
// 16 (16-byte stores of c, as matmul_blocks.mlir), for
// bench/compile-kernels.sh; c in the operands' element type, as there.
module {
  tile.func public @matmul(%a: !tile.tensordesc<BMxBKxf16>,
                           %b: !tile.tensordesc<BKxBNxf16>,
                           %c: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %M: i32 {tile.divisibility = 16 : i32}, %N: i32 {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c8 = arith.constant 8 : i32
    %block_k1 = arith.constant BK1 : i32
    %block_k = arith.constant BK : i32
    %block_m1 = arith.constant BM1 : i32
    %block_m = arith.constant BM : i32
    %block_n1 = arith.constant BN1 : i32
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
    %row0 = arith.muli %pid_m, %block_m : i32
    %col0 = arith.muli %pid_n, %block_n : i32
    // The K loop: one block of a and one of b per step.
    %zero = arith.constant dense<0.0> : tensor<BMxBNxf32>
    %k_sum = arith.addi %K, %block_k1 : i32
    %steps = arith.divsi %k_sum, %block_k : i32
    %acc = scf.for %step = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (tensor<BMxBNxf32>) : i32 {
      %k0 = arith.muli %step, %block_k : i32
      %a_tile = tile.descriptor_load %a[%row0, %k0] : !tile.tensordesc<BMxBKxf16> -> tensor<BMxBKxf16>
      %b_tile = tile.descriptor_load %b[%k0, %col0] : !tile.tensordesc<BKxBNxf16> -> tensor<BKxBNxf16>
      %next = tile.dot %a_tile, %b_tile, %sum : tensor<BMxBKxf16> * tensor<BKxBNxf16> -> tensor<BMxBNxf32>
      scf.yield %next : tensor<BMxBNxf32>
    }
    // c[rows, cols], masked at the edges.
    %rangeM = tile.make_range {end = BM : i32, start = 0 : i32} : tensor<BMxi32>
    %rangeN = tile.make_range {end = BN : i32, start = 0 : i32} : tensor<BNxi32>
    %row0s = tile.splat %row0 : i32 -> tensor<BMxi32>
    %rows = arith.addi %row0s, %rangeM : tensor<BMxi32>
    %col0s = tile.splat %col0 : i32 -> tensor<BNxi32>
    %cols = arith.addi %col0s, %rangeN : tensor<BNxi32>
    %Ms = tile.splat %M : i32 -> tensor<BMxi32>
    %row_ok = arith.cmpi slt, %rows, %Ms : tensor<BMxi32>
    %Ns = tile.splat %N : i32 -> tensor<BNxi32>
    %NsM = tile.splat %N : i32 -> tensor<BMxi32>
    %col_ok = arith.cmpi slt, %cols, %Ns : tensor<BNxi32>
    %c_row_off = arith.muli %rows, %NsM : tensor<BMxi32>
    %c_rows = tile.expand_dims %c_row_off {axis = 1 : i32} : tensor<BMxi32> -> tensor<BMx1xi32>
    %c_rows_b = tile.broadcast %c_rows : tensor<BMx1xi32> -> tensor<BMxBNxi32>
    %c_cols = tile.expand_dims %cols {axis = 0 : i32} : tensor<BNxi32> -> tensor<1xBNxi32>
    %c_cols_b = tile.broadcast %c_cols : tensor<1xBNxi32> -> tensor<BMxBNxi32>
    %c_off = arith.addi %c_rows_b, %c_cols_b : tensor<BMxBNxi32>
    %r_ok = tile.expand_dims %row_ok {axis = 1 : i32} : tensor<BMxi1> -> tensor<BMx1xi1>
    %r_ok_b = tile.broadcast %r_ok : tensor<BMx1xi1> -> tensor<BMxBNxi1>
    %k_ok = tile.expand_dims %col_ok {axis = 0 : i32} : tensor<BNxi1> -> tensor<1xBNxi1>
    %k_ok_b = tile.broadcast %k_ok : tensor<1xBNxi1> -> tensor<BMxBNxi1>
    %c_mask = arith.andi %r_ok_b, %k_ok_b : tensor<BMxBNxi1>
    %cs = tile.splat %c : !tile.ptr<f16> -> tensor<BMxBNx!tile.ptr<f16>>
    %c_ptrs = tile.addptr %cs, %c_off : tensor<BMxBNx!tile.ptr<f16>>, tensor<BMxBNxi32>
    %out = arith.truncf %acc : tensor<BMxBNxf32> to tensor<BMxBNxf16>
    tile.store %c_ptrs, %out, %c_mask : tensor<BMxBNx!tile.ptr<f16>>
    tile.return
  }
}
