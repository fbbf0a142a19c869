// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A persistent matmul for clusters of two CTAs (tile-translate
// --cluster-size=2 --warp-specialize): bench/kernels/matmul_tma_persistent.mlir's
// flattened loop over (block, K step), but each cluster walks pairs of
// blocks, one above the other (the same block column), in groups of 4 pair
// rows (8 block rows). Cluster c = pid / 2 takes pairs c, c + clusters, ...
// and its CTA of rank pid mod 2 the upper or lower block of each. Every
// index of b's copies, and the loop's bounds, come from kernel arguments and
// pid / 2 alone, so the cluster uniformity analysis finds them alike in both
// CTAs, and tile-schedule-loops multicasts b's blocks: each CTA copies half of
// the 64x256 block's boxes into both. a's copies depend on the rank and
// stay per CTA. A lower block past the last block row (an odd number of
// them) loads zeros and stores nothing. Launch an even number of programs.
module {
  tile.func public @matmul(%a: !tile.tensordesc<128x64xf16>,
                           %b: !tile.tensordesc<64x256xf16>,
                           %c: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %M: i32 {tile.divisibility = 16 : i32}, %N: i32 {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32})
      attributes {tile.params = {BM = 128 : i32, BN = 256 : i32, BK = 64 : i32, T = f16}} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %block_k = arith.constant 64 : i32
    %block_k1 = arith.subi %block_k, %c1 : i32
    %block_m = arith.constant 128 : i32
    %block_m1 = arith.subi %block_m, %c1 : i32
    %block_n = arith.constant 256 : i32
    %block_n1 = arith.subi %block_n, %c1 : i32
    %c2 = arith.constant 2 : i32
    %c4 = arith.constant 4 : i32
    %pid = tile.get_program_id x : i32
    %nprog = tile.get_num_programs x : i32
    %cluster = arith.divui %pid, %c2 : i32
    %rank = arith.remui %pid, %c2 : i32
    %clusters = arith.divui %nprog, %c2 : i32
    %m_sum = arith.addi %M, %block_m1 : i32
    %blocks_m = arith.divui %m_sum, %block_m : i32
    %n_sum = arith.addi %N, %block_n1 : i32
    %blocks_n = arith.divui %n_sum, %block_n : i32
    %pairs_m_sum = arith.addi %blocks_m, %c1 : i32
    %pairs_m = arith.divui %pairs_m_sum, %c2 : i32
    %pairs = arith.muli %pairs_m, %blocks_n : i32
    %k_sum = arith.addi %K, %block_k1 : i32
    %k_steps = arith.divui %k_sum, %block_k : i32
    // At least one step, whose copies read past K = 0 (zeros): no division
    // by zero, and c = 0.
    %steps = arith.maxui %k_steps, %c1 : i32
    // This cluster's pairs: cluster, cluster + clusters, ..., below %pairs:
    // (pairs - cluster + clusters - 1) / clusters of them.
    %rest = arith.subi %pairs, %cluster : i32
    %rest1 = arith.addi %rest, %clusters : i32
    %rest2 = arith.subi %rest1, %c1 : i32
    %mine = arith.divui %rest2, %clusters : i32
    %total = arith.muli %mine, %steps : i32
    %last_step = arith.subi %steps, %c1 : i32
    %zero = arith.constant dense<0.0> : tensor<128x256xf32>
    %acc = scf.for %i = %c0 to %total step %c1 iter_args(%sum = %zero) -> (tensor<128x256xf32>) : i32 {
      // Step i: K step k of this cluster's pair t, in groups of 4 pair
      // rows; this CTA's block of the pair.
      %t = arith.divui %i, %steps : i32
      %k = arith.remui %i, %steps : i32
      %tn = arith.muli %t, %clusters : i32
      %pair = arith.addi %cluster, %tn : i32
      %in_group = arith.muli %blocks_n, %c4 : i32
      %group = arith.divui %pair, %in_group : i32
      %first_m = arith.muli %group, %c4 : i32
      %left = arith.subi %pairs_m, %first_m : i32
      %group_m = arith.minui %left, %c4 : i32
      %in = arith.remui %pair, %in_group : i32
      %in_m = arith.remui %in, %group_m : i32
      %pair_m = arith.addi %first_m, %in_m : i32
      %pid_n = arith.divui %in, %group_m : i32
      %pair_m2 = arith.muli %pair_m, %c2 : i32
      %pid_m = arith.addi %pair_m2, %rank : i32
      %row0 = arith.muli %pid_m, %block_m : i32
      %col0 = arith.muli %pid_n, %block_n : i32
      %k0 = arith.muli %k, %block_k : i32
      %a_tile = tile.descriptor_load %a[%row0, %k0] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16>
      %b_tile = tile.descriptor_load %b[%k0, %col0] : !tile.tensordesc<64x256xf16> -> tensor<64x256xf16>
      %d = tile.dot %a_tile, %b_tile, %sum : tensor<128x64xf16> * tensor<64x256xf16> -> tensor<128x256xf32>
      // A block's last step stores it, and the next block starts from zeros.
      %is_last = arith.cmpi eq, %k, %last_step : i32
      %next = scf.if %is_last -> (tensor<128x256xf32>) {
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
        %out = arith.truncf %d : tensor<128x256xf32> to tensor<128x256xf16>
        tile.store %c_ptrs, %out, %c_mask : tensor<128x256x!tile.ptr<f16>>
        scf.yield %zero : tensor<128x256xf32>
      } else {
        scf.yield %d : tensor<128x256xf32>
      }
      scf.yield %next : tensor<128x256xf32>
    }
    tile.return
  }
}
