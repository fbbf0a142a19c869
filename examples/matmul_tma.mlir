// c = a @ b on Hopper's tensor memory accelerator: f16 a[M x K] and b[K x N]
// (row-major) read through TMA descriptors, f32 c[M x N] accumulated in
// f32 on tensor cores (wgmma on sm_90a, mma.sync with ldmatrix on sm_90),
// the copies pipelined (tile-pipeline). Each program computes a 128x128
// block of c, walking K in steps of 64; TMA reads zeros past the matrices'
// edges, so only the store of c is masked, and any M, N, K work (the
// descriptors need K and N multiples of 8: rows of 16-byte multiples).
// Programs are ordered in groups of 8 block rows, as in examples/matmul.mlir.
// Launch: grid = ceil(M / 128) * ceil(N / 128) programs along x; the
// descriptors are built on the host (tileTensorMapEncode) with the boxes
// `tile-translate --kernel-info` reports.
module {
  tile.func public @matmul(%a: !tile.tensordesc<128x64xf16>,
                           %b: !tile.tensordesc<64x128xf16>,
                           %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
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
    // c[rows, cols], masked at the edges.
    %range = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %row0s = tile.splat %row0 : i32 -> tensor<128xi32>
    %rows = arith.addi %row0s, %range : tensor<128xi32>
    %col0s = tile.splat %col0 : i32 -> tensor<128xi32>
    %cols = arith.addi %col0s, %range : tensor<128xi32>
    %Ms = tile.splat %M : i32 -> tensor<128xi32>
    %row_ok = arith.cmpi slt, %rows, %Ms : tensor<128xi32>
    %Ns = tile.splat %N : i32 -> tensor<128xi32>
    %col_ok = arith.cmpi slt, %cols, %Ns : tensor<128xi32>
    %c_row_off = arith.muli %rows, %Ns : tensor<128xi32>
    %c_rows = tile.expand_dims %c_row_off {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %c_rows_b = tile.broadcast %c_rows : tensor<128x1xi32> -> tensor<128x128xi32>
    %c_cols = tile.expand_dims %cols {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %c_cols_b = tile.broadcast %c_cols : tensor<1x128xi32> -> tensor<128x128xi32>
    %c_off = arith.addi %c_rows_b, %c_cols_b : tensor<128x128xi32>
    %r_ok = tile.expand_dims %row_ok {axis = 1 : i32} : tensor<128xi1> -> tensor<128x1xi1>
    %r_ok_b = tile.broadcast %r_ok : tensor<128x1xi1> -> tensor<128x128xi1>
    %k_ok = tile.expand_dims %col_ok {axis = 0 : i32} : tensor<128xi1> -> tensor<1x128xi1>
    %k_ok_b = tile.broadcast %k_ok : tensor<1x128xi1> -> tensor<128x128xi1>
    %c_mask = arith.andi %r_ok_b, %k_ok_b : tensor<128x128xi1>
    %cs = tile.splat %c : !tile.ptr<f32> -> tensor<128x128x!tile.ptr<f32>>
    %c_ptrs = tile.addptr %cs, %c_off : tensor<128x128x!tile.ptr<f32>>, tensor<128x128xi32>
    tile.store %c_ptrs, %acc, %c_mask : tensor<128x128x!tile.ptr<f32>>
    tile.return
  }
}
