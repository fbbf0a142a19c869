// A persistent matmul over TMA blocks (bench/kernels/matmul_tma_blocks.mlir's
// product, BM x BN blocks of c, K in steps of BK; BM1 = BM - 1 and so on):
// the grid has one program per SM, each walking the blocks pid, pid +
// programs, ... in one flattened loop over (block, K step), so that
// tile-pipeline's copies run ahead across blocks: the next block's first
// steps load while this one's epilogue (the scf.if on its last step) stores
// it. The epilogue hands the next block zeros; tile-schedule-loops carries that
// reset as a flag (`accumulate if`) so the products stay in flight.
// Blocks go in row-major order and the index math is unsigned: each
// iteration recomputes (block, K step) of the copy it issues with
// divisions, and grouped ordering's two more divisions cost more than its
// L2 reuse gains here (ad hoc H200 run: 4096^3 613 -> 639 TFLOP/s, 8192^3
// 543 -> 631). Warp-specialized, the copies' divisions run on the
// producer thread and grouped order pays: bench/compile-kernels.sh makes
// that variant ("tma persistent ws") from this file.
module {
  tile.func public @matmul(%a: !tile.tensordesc<BMxBKxf16>,
                           %b: !tile.tensordesc<BKxBNxf16>,
                           %c: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %M: i32 {tile.divisibility = 16 : i32}, %N: i32 {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %block_k1 = arith.constant BK1 : i32
    %block_k = arith.constant BK : i32
    %block_m1 = arith.constant BM1 : i32
    %block_m = arith.constant BM : i32
    %block_n1 = arith.constant BN1 : i32
    %block_n = arith.constant BN : i32
    %pid = tile.get_program_id x : i32
    %nprog = tile.get_num_programs x : i32
    %m_sum = arith.addi %M, %block_m1 : i32
    %blocks_m = arith.divui %m_sum, %block_m : i32
    %n_sum = arith.addi %N, %block_n1 : i32
    %blocks_n = arith.divui %n_sum, %block_n : i32
    %tiles = arith.muli %blocks_m, %blocks_n : i32
    %k_sum = arith.addi %K, %block_k1 : i32
    %k_steps = arith.divui %k_sum, %block_k : i32
    // At least one step, whose copies read past K = 0 (zeros): no division
    // by zero, and c = 0.
    %steps = arith.maxui %k_steps, %c1 : i32
    // This program's blocks: pid, pid + nprog, ..., below %tiles:
    // (tiles - pid + nprog - 1) / nprog of them (pid < nprog, so the
    // numerator is at least tiles - 1; none for a program past the last
    // block).
    %rest = arith.subi %tiles, %pid : i32
    %rest1 = arith.addi %rest, %nprog : i32
    %rest2 = arith.subi %rest1, %c1 : i32
    %mine = arith.divui %rest2, %nprog : i32
    %total = arith.muli %mine, %steps : i32
    %last_step = arith.subi %steps, %c1 : i32
    %zero = arith.constant dense<0.0> : tensor<BMxBNxf32>
    %acc = scf.for %i = %c0 to %total step %c1 iter_args(%sum = %zero) -> (tensor<BMxBNxf32>) : i32 {
      // Step i: K step k of this program's block t.
      %t = arith.divui %i, %steps : i32
      %k = arith.remui %i, %steps : i32
      %tn = arith.muli %t, %nprog : i32
      %tile = arith.addi %pid, %tn : i32
      %pid_m = arith.divui %tile, %blocks_n : i32
      %pid_n = arith.remui %tile, %blocks_n : i32
      %row0 = arith.muli %pid_m, %block_m : i32
      %col0 = arith.muli %pid_n, %block_n : i32
      %k0 = arith.muli %k, %block_k : i32
      %a_tile = tile.descriptor_load %a[%row0, %k0] : !tile.tensordesc<BMxBKxf16> -> tensor<BMxBKxf16>
      %b_tile = tile.descriptor_load %b[%k0, %col0] : !tile.tensordesc<BKxBNxf16> -> tensor<BKxBNxf16>
      %d = tile.dot %a_tile, %b_tile, %sum : tensor<BMxBKxf16> * tensor<BKxBNxf16> -> tensor<BMxBNxf32>
      // A block's last step stores it, and the next block starts from zeros.
      %is_last = arith.cmpi eq, %k, %last_step : i32
      %next = scf.if %is_last -> (tensor<BMxBNxf32>) {
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
        %out = arith.truncf %d : tensor<BMxBNxf32> to tensor<BMxBNxf16>
        tile.store %c_ptrs, %out, %c_mask : tensor<BMxBNx!tile.ptr<f16>>
        scf.yield %zero : tensor<BMxBNxf32>
      } else {
        scf.yield %d : tensor<BMxBNxf32>
      }
      scf.yield %next : tensor<BMxBNxf32>
    }
    tile.return
  }
}
