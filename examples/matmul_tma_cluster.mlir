// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// examples/matmul_tma.mlir's product (f16 a[M x K] and b[K x N] through TMA
// descriptors, f32 c[M x N], 128x128 blocks, K in steps of 64) for clusters
// of two CTAs that share b's blocks. The programs go in pairs: programs 2p
// and 2p + 1 (one cluster, when compiled with --cluster-size=2) compute the
// blocks of one block column in block rows 2r and 2r + 1, so both load the
// same blocks of b. Every index of those loads, and the K loop's bounds,
// come from kernel arguments and pid / 2 alone: the cluster uniformity
// analysis proves them alike in both CTAs, and with --warp-specialize
// tile-schedule-loops multicasts b's blocks (each CTA copies half of a block's
// boxes into both; L2 serves b once per pair). a's loads depend on pid mod 2
// and stay per CTA. Pairs go in groups of 4 pair rows (8 block rows), as
// examples/matmul.mlir orders its blocks. A lower block past the last block
// row (an odd number of them) reads zeros and TMA writes nothing of it.
// Launch: grid = 2 * ceil(ceil(M / 128) / 2) * ceil(N / 128) programs along
// x (even, as clusters of two need); descriptors as for matmul_tma.mlir.
module {
  tile.func public @matmul(%a: !tile.tensordesc<128x64xf16>,
                           %b: !tile.tensordesc<64x128xf16>,
                           %c: !tile.tensordesc<128x128xf32>,
                           %M: i32, %N: i32, %K: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c4 = arith.constant 4 : i32
    %c63 = arith.constant 63 : i32
    %c64 = arith.constant 64 : i32
    %c127 = arith.constant 127 : i32
    %c128 = arith.constant 128 : i32
    // Program -> (pair, rank in the pair) -> (block row, block column).
    %pid = tile.get_program_id x : i32
    %pair = arith.divui %pid, %c2 : i32
    %rank = arith.remui %pid, %c2 : i32
    %m_sum = arith.addi %M, %c127 : i32
    %blocks_m = arith.divui %m_sum, %c128 : i32
    %pairs_sum = arith.addi %blocks_m, %c1 : i32
    %pairs_m = arith.divui %pairs_sum, %c2 : i32
    %n_sum = arith.addi %N, %c127 : i32
    %blocks_n = arith.divui %n_sum, %c128 : i32
    %in_group = arith.muli %blocks_n, %c4 : i32
    %group = arith.divui %pair, %in_group : i32
    %first_m = arith.muli %group, %c4 : i32
    %left = arith.subi %pairs_m, %first_m : i32
    %group_m = arith.minui %left, %c4 : i32
    %in = arith.remui %pair, %in_group : i32
    %in_m = arith.remui %in, %group_m : i32
    %pair_m = arith.addi %first_m, %in_m : i32
    %pid_n = arith.divui %in, %group_m : i32
    %pair_row = arith.muli %pair_m, %c2 : i32
    %pid_m = arith.addi %pair_row, %rank : i32
    %row0 = arith.muli %pid_m, %c128 : i32
    %col0 = arith.muli %pid_n, %c128 : i32
    // The K loop: one block of a and one of b per step.
    %zero = arith.constant dense<0.0> : tensor<128x128xf32>
    %k_sum = arith.addi %K, %c63 : i32
    %steps = arith.divui %k_sum, %c64 : i32
    %acc = scf.for %step = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
      %k0 = arith.muli %step, %c64 : i32
      %a_tile = tile.descriptor_load %a[%row0, %k0] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16>
      %b_tile = tile.descriptor_load %b[%k0, %col0] : !tile.tensordesc<64x128xf16> -> tensor<64x128xf16>
      %next = tile.dot %a_tile, %b_tile, %sum : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %next : tensor<128x128xf32>
    }
    // c's block, written by TMA (clipped at the edges).
    tile.descriptor_store %c[%row0, %col0], %acc : !tile.tensordesc<128x128xf32>, tensor<128x128xf32>
    tile.return
  }
}
