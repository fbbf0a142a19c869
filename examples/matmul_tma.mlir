// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// c = a @ b on Hopper's tensor memory accelerator: f16 a[M x K] and b[K x N]
// (row-major) read through TMA descriptors, f32 c[M x N] accumulated in
// f32 on tensor cores (wgmma on sm_90a, mma.sync with ldmatrix on sm_90),
// the copies pipelined (tile-pipeline), and written through a descriptor
// too. Each program computes a 128x128 block of c, walking K in steps of
// 64; TMA reads zeros past the matrices' edges and writes nothing past
// them, so nothing is masked and any M, N, K work (the descriptors need K
// and N multiples of 8: rows of 16-byte multiples).
// Programs are ordered in groups of 8 block rows, as in examples/matmul.mlir.
// Launch: grid = ceil(M / 128) * ceil(N / 128) programs along x; the
// descriptors are built on the host (tileTensorMapEncode) with the boxes
// `tile-translate --kernel-info` reports.
module {
  tile.func public @matmul(%a: !tile.tensordesc<128x64xf16>,
                           %b: !tile.tensordesc<64x128xf16>,
                           %c: !tile.tensordesc<128x128xf32>,
                           %M: i32, %N: i32, %K: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c8 = arith.constant 8 : i32
    %c63 = arith.constant 63 : i32
    %c64 = arith.constant 64 : i32
    %c127 = arith.constant 127 : i32
    %c128 = arith.constant 128 : i32
    // Grouped ordering: program -> (block row, block column).
    %pid = tile.get_program_id x : i32
    %m_sum = arith.addi %M, %c127 : i32
    %blocks_m = arith.divsi %m_sum, %c128 : i32
    %n_sum = arith.addi %N, %c127 : i32
    %blocks_n = arith.divsi %n_sum, %c128 : i32
    %in_group = arith.muli %blocks_n, %c8 : i32
    %group = arith.divsi %pid, %in_group : i32
    %first_m = arith.muli %group, %c8 : i32
    %left = arith.subi %blocks_m, %first_m : i32
    %group_m = arith.minsi %left, %c8 : i32
    %in = arith.remsi %pid, %in_group : i32
    %in_m = arith.remsi %in, %group_m : i32
    %pid_m = arith.addi %first_m, %in_m : i32
    %pid_n = arith.divsi %in, %group_m : i32
    %row0 = arith.muli %pid_m, %c128 : i32
    %col0 = arith.muli %pid_n, %c128 : i32
    // The K loop: one block of a and one of b per step.
    %zero = arith.constant dense<0.0> : tensor<128x128xf32>
    %k_sum = arith.addi %K, %c63 : i32
    %steps = arith.divsi %k_sum, %c64 : i32
    %acc = scf.for %step = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
      %k0 = arith.muli %step, %c64 : i32
      %a_tile = tile.descriptor_load %a[%row0, %k0] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16>
      %b_tile = tile.descriptor_load %b[%k0, %col0] : !tile.tensordesc<64x128xf16> -> tensor<64x128xf16>
      %next = tile.dot %a_tile, %b_tile, %sum : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %next : tensor<128x128xf32>
    }
    // c's block, written by TMA too (clipped at the edges).
    tile.descriptor_store %c[%row0, %col0], %acc : !tile.tensordesc<128x128xf32>, tensor<128x128xf32>
    tile.return
  }
}
