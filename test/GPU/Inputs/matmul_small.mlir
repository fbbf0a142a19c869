// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// c = a @ b, the product of mma_dot.mlir written without layouts: the
// compiler assigns them and tile-accelerate-matmul puts the dot on mma.sync.
// Each program computes 64 rows of c; N = 64, K = 32, f16 operands, f32
// accumulators. Checked on the GPU against a float64 product (tile-run
// --check matmul).
module {
  tile.func public @matmul(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %b: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                           %M: i32, %N: i32, %K: i32) {
    %pid = tile.get_program_id x : i32
    %c64 = arith.constant 64 : i32
    %row0 = arith.muli %pid, %c64 : i32
    // a: rows row0.., 32 columns.
    %ar = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %ar0 = tile.splat %row0 : i32 -> tensor<64xi32>
    %arows = arith.addi %ar, %ar0 : tensor<64xi32>
    %a32 = arith.constant dense<32> : tensor<64xi32>
    %aro = arith.muli %arows, %a32 : tensor<64xi32>
    %are = tile.expand_dims %aro {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %arb = tile.broadcast %are : tensor<64x1xi32> -> tensor<64x32xi32>
    %ac = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %ace = tile.expand_dims %ac {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %acb = tile.broadcast %ace : tensor<1x32xi32> -> tensor<64x32xi32>
    %aoff = arith.addi %arb, %acb : tensor<64x32xi32>
    %as = tile.splat %a : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>>
    %ap = tile.addptr %as, %aoff : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
    %av = tile.load %ap : tensor<64x32x!tile.ptr<f16>>
    // b: 32 rows of 64 columns.
    %br = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %b64 = arith.constant dense<64> : tensor<32xi32>
    %bro = arith.muli %br, %b64 : tensor<32xi32>
    %bre = tile.expand_dims %bro {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %brb = tile.broadcast %bre : tensor<32x1xi32> -> tensor<32x64xi32>
    %bc = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %bce = tile.expand_dims %bc {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %bcb = tile.broadcast %bce : tensor<1x64xi32> -> tensor<32x64xi32>
    %boff = arith.addi %brb, %bcb : tensor<32x64xi32>
    %bs = tile.splat %b : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>>
    %bp = tile.addptr %bs, %boff : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
    %bv = tile.load %bp : tensor<32x64x!tile.ptr<f16>>
    // c = a @ b in the accumulator layout.
    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    %acc = tile.dot %av, %bv, %zero : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %cr = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %cr0 = tile.splat %row0 : i32 -> tensor<64xi32>
    %crows = arith.addi %cr, %cr0 : tensor<64xi32>
    %c64s = arith.constant dense<64> : tensor<64xi32>
    %cro = arith.muli %crows, %c64s : tensor<64xi32>
    %cre = tile.expand_dims %cro {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %crb = tile.broadcast %cre : tensor<64x1xi32> -> tensor<64x64xi32>
    %cc = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %cce = tile.expand_dims %cc {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %ccb = tile.broadcast %cce : tensor<1x64xi32> -> tensor<64x64xi32>
    %coff = arith.addi %crb, %ccb : tensor<64x64xi32>
    %cs = tile.splat %c : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
    %cp = tile.addptr %cs, %coff : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
    tile.store %cp, %acc : tensor<64x64x!tile.ptr<f32>>
    tile.return
  }
}
