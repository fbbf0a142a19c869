// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
  tile.func public @matmul(%a: !tile.tensordesc<128x64xf16>,
                           %b: !tile.tensordesc<64x256xf16>,
                           %c: !tile.tensordesc<128x256xf16>,
                           %M: i32 {tile.divisibility = 16 : i32}, %N: i32 {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32})
      attributes {tile.params = {BM = 128 : i32, BN = 256 : i32, BK = 64 : i32,
                                 GROUP_M = 8 : i32, T = f16}} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %group_size = arith.constant 8 : i32
    %grouped = arith.cmpi ugt, %group_size, %c1 : i32
    %block_k = arith.constant 64 : i32
    %block_k1 = arith.subi %block_k, %c1 : i32
    %block_m = arith.constant 128 : i32
    %block_m1 = arith.subi %block_m, %c1 : i32
    %block_n = arith.constant 256 : i32
    %block_n1 = arith.subi %block_n, %c1 : i32
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
    %zero = arith.constant dense<0.0> : tensor<128x256xf32>
    %acc = scf.for %i = %c0 to %total step %c1 iter_args(%sum = %zero) -> (tensor<128x256xf32>) : i32 {
      // Step i: K step k of this program's block t.
      %t = arith.divui %i, %steps : i32
      %k = arith.remui %i, %steps : i32
      %tn = arith.muli %t, %nprog : i32
      %tile = arith.addi %pid, %tn : i32
      // Its block row and column: in groups of GROUP_M block rows, or
      // row-major where GROUP_M = 1 (the branch folds away).
      %block:2 = scf.if %grouped -> (i32, i32) {
        %in_group = arith.muli %blocks_n, %group_size : i32
        %group = arith.divui %tile, %in_group : i32
        %first_m = arith.muli %group, %group_size : i32
        %left = arith.subi %blocks_m, %first_m : i32
        %group_m = arith.minui %left, %group_size : i32
        %in = arith.remui %tile, %in_group : i32
        %in_m = arith.remui %in, %group_m : i32
        %pid_m = arith.addi %first_m, %in_m : i32
        %pid_n = arith.divui %in, %group_m : i32
        scf.yield %pid_m, %pid_n : i32, i32
      } else {
        %pid_m = arith.divui %tile, %blocks_n : i32
        %pid_n = arith.remui %tile, %blocks_n : i32
        scf.yield %pid_m, %pid_n : i32, i32
      }
      %row0 = arith.muli %block#0, %block_m : i32
      %col0 = arith.muli %block#1, %block_n : i32
      %k0 = arith.muli %k, %block_k : i32
      %a_tile = tile.descriptor_load %a[%row0, %k0] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16>
      %b_tile = tile.descriptor_load %b[%k0, %col0] : !tile.tensordesc<64x256xf16> -> tensor<64x256xf16>
      %d = tile.dot %a_tile, %b_tile, %sum : tensor<128x64xf16> * tensor<64x256xf16> -> tensor<128x256xf32>
      // A block's last step stores it, and the next block starts from zeros.
      %is_last = arith.cmpi eq, %k, %last_step : i32
      %next = scf.if %is_last -> (tensor<128x256xf32>) {
        %out = arith.truncf %d : tensor<128x256xf32> to tensor<128x256xf16>
        tile.descriptor_store %c[%row0, %col0], %out : !tile.tensordesc<128x256xf16>, tensor<128x256xf16>
        scf.yield %zero : tensor<128x256xf32>
      } else {
        scf.yield %d : tensor<128x256xf32>
      }
      scf.yield %next : tensor<128x256xf32>
    }
    tile.return
  }
}
