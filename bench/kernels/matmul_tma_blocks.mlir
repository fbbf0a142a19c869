// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// examples/matmul_tma.mlir with its block shape and element type as
// parameters (as matmul_blocks.mlir) and M, N, K multiples of 16 (16-byte
// stores of c, as matmul_blocks.mlir), for bench/compile-kernels.sh; c in
// the operands' element type, as there.
module {
  tile.func public @matmul(%a: !tile.tensordesc<128x64xf16>,
                           %b: !tile.tensordesc<64x256xf16>,
                           %c: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %M: i32 {tile.divisibility = 16 : i32}, %N: i32 {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32})
      attributes {tile.params = {BM = 128 : i32, BN = 256 : i32, BK = 64 : i32, T = f16}} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c8 = arith.constant 8 : i32
    %block_k = arith.constant 64 : i32
    %block_k1 = arith.subi %block_k, %c1 : i32
    %block_m = arith.constant 128 : i32
    %block_m1 = arith.subi %block_m, %c1 : i32
    %block_n = arith.constant 256 : i32
    %block_n1 = arith.subi %block_n, %c1 : i32
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
    %zero = arith.constant dense<0.0> : tensor<128x256xf32>
    %k_sum = arith.addi %K, %block_k1 : i32
    %steps = arith.divsi %k_sum, %block_k : i32
    %acc = scf.for %step = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (tensor<128x256xf32>) : i32 {
      %k0 = arith.muli %step, %block_k : i32
      %a_tile = tile.descriptor_load %a[%row0, %k0] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16>
      %b_tile = tile.descriptor_load %b[%k0, %col0] : !tile.tensordesc<64x256xf16> -> tensor<64x256xf16>
      %next = tile.dot %a_tile, %b_tile, %sum : tensor<128x64xf16> * tensor<64x256xf16> -> tensor<128x256xf32>
      scf.yield %next : tensor<128x256xf32>
    }
    // c[rows, cols], masked at the edges.
    %rangeM = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %rangeN = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %row0s = tile.splat %row0 : i32 -> tensor<128xi32>
    %rows = arith.addi %row0s, %rangeM : tensor<128xi32>
    %col0s = tile.splat %col0 : i32 -> tensor<256xi32>
    %cols = arith.addi %col0s, %rangeN : tensor<256xi32>
    %Ms = tile.splat %M : i32 -> tensor<128xi32>
    %row_ok = arith.cmpi slt, %rows, %Ms : tensor<128xi32>
    %Ns = tile.splat %N : i32 -> tensor<256xi32>
    %NsM = tile.splat %N : i32 -> tensor<128xi32>
    %col_ok = arith.cmpi slt, %cols, %Ns : tensor<256xi32>
    %c_row_off = arith.muli %rows, %NsM : tensor<128xi32>
    %c_rows = tile.expand_dims %c_row_off {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %c_rows_b = tile.broadcast %c_rows : tensor<128x1xi32> -> tensor<128x256xi32>
    %c_cols = tile.expand_dims %cols {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
    %c_cols_b = tile.broadcast %c_cols : tensor<1x256xi32> -> tensor<128x256xi32>
    %c_off = arith.addi %c_rows_b, %c_cols_b : tensor<128x256xi32>
    %r_ok = tile.expand_dims %row_ok {axis = 1 : i32} : tensor<128xi1> -> tensor<128x1xi1>
    %r_ok_b = tile.broadcast %r_ok : tensor<128x1xi1> -> tensor<128x256xi1>
    %k_ok = tile.expand_dims %col_ok {axis = 0 : i32} : tensor<256xi1> -> tensor<1x256xi1>
    %k_ok_b = tile.broadcast %k_ok : tensor<1x256xi1> -> tensor<128x256xi1>
    %c_mask = arith.andi %r_ok_b, %k_ok_b : tensor<128x256xi1>
    %cs = tile.splat %c : !tile.ptr<f16> -> tensor<128x256x!tile.ptr<f16>>
    %c_ptrs = tile.addptr %cs, %c_off : tensor<128x256x!tile.ptr<f16>>, tensor<128x256xi32>
    %out = arith.truncf %acc : tensor<128x256xf32> to tensor<128x256xf16>
    tile.store %c_ptrs, %out, %c_mask : tensor<128x256x!tile.ptr<f16>>
    tile.return
  }
}
