// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The vector add through descriptors made in the kernel: the vectors are
// viewed as matrices of 64-element rows (n a multiple of 64), and each
// block adds 32 rows, loaded and stored through tensor maps the kernel
// writes to its global scratch (sm_90a). Rows past the end (n / 64 not a
// multiple of 32) read as zero and are not written.
module {
  tile.func public @vector_add(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                               %y: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                               %out: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                               %n: i32 {tile.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i64
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %c64l = arith.constant 64 : i64
    %rows = arith.divsi %n, %c64 : i32
    %xd = tile.make_tensor_descriptor %x, [%rows, %c64], [%c64l, %c1] : <f32>, <32x64xf32>
    %yd = tile.make_tensor_descriptor %y, [%rows, %c64], [%c64l, %c1] : <f32>, <32x64xf32>
    %od = tile.make_tensor_descriptor %out, [%rows, %c64], [%c64l, %c1] : <f32>, <32x64xf32>
    %pid = tile.get_program_id x : i32
    %row = arith.muli %pid, %c32 : i32
    %a = tile.descriptor_load %xd[%row, %c0] : !tile.tensordesc<32x64xf32> -> tensor<32x64xf32>
    %b = tile.descriptor_load %yd[%row, %c0] : !tile.tensordesc<32x64xf32> -> tensor<32x64xf32>
    %sum = arith.addf %a, %b : tensor<32x64xf32>
    tile.descriptor_store %od[%row, %c0], %sum : !tile.tensordesc<32x64xf32>, tensor<32x64xf32>
    tile.return
  }
}
