// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// c = a @ b on tensor cores (mma.sync m16n8k16, f16 operands, f32
// accumulators), layouts as written (tile-translate --keep-layouts): each
// program computes 64 rows of c, N = 64 and K = 32; a and b are loaded in
// blocked layouts and converted to mma.sync's operand layouts, c is stored
// from the accumulator layout. Checked on the GPU against a float64 product
// (tile-run-check --check matmul).
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#opA = #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#opB = #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#ba = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#bb = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.threads-per-warp" = 32 : i32, tilegpu.target = "sm_90"} {
  tile.func public @matmul(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %b: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                           %M: i32, %N: i32, %K: i32) {
    %pid = tile.get_program_id x : i32
    %c64 = arith.constant 64 : i32
    %row0 = arith.muli %pid, %c64 : i32
    // a: rows row0.., 32 columns.
    %ar = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 1, parent = #ba}>>
    %ar0 = tile.splat %row0 : i32 -> tensor<64xi32, #tilegpu.slice<{dim = 1, parent = #ba}>>
    %arows = arith.addi %ar, %ar0 : tensor<64xi32, #tilegpu.slice<{dim = 1, parent = #ba}>>
    %a32 = arith.constant dense<32> : tensor<64xi32, #tilegpu.slice<{dim = 1, parent = #ba}>>
    %aro = arith.muli %arows, %a32 : tensor<64xi32, #tilegpu.slice<{dim = 1, parent = #ba}>>
    %are = tile.expand_dims %aro {axis = 1 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 1, parent = #ba}>> -> tensor<64x1xi32, #ba>
    %arb = tile.broadcast %are : tensor<64x1xi32, #ba> -> tensor<64x32xi32, #ba>
    %ac = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #ba}>>
    %ace = tile.expand_dims %ac {axis = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 0, parent = #ba}>> -> tensor<1x32xi32, #ba>
    %acb = tile.broadcast %ace : tensor<1x32xi32, #ba> -> tensor<64x32xi32, #ba>
    %aoff = arith.addi %arb, %acb : tensor<64x32xi32, #ba>
    %as = tile.splat %a : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>, #ba>
    %ap = tile.addptr %as, %aoff : tensor<64x32x!tile.ptr<f16>, #ba>, tensor<64x32xi32, #ba>
    %av = tile.load %ap : tensor<64x32x!tile.ptr<f16>, #ba>
    %aop = tilegpu.convert_layout %av : tensor<64x32xf16, #ba> -> tensor<64x32xf16, #opA>
    // b: 32 rows of 64 columns.
    %br = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 1, parent = #bb}>>
    %b64 = arith.constant dense<64> : tensor<32xi32, #tilegpu.slice<{dim = 1, parent = #bb}>>
    %bro = arith.muli %br, %b64 : tensor<32xi32, #tilegpu.slice<{dim = 1, parent = #bb}>>
    %bre = tile.expand_dims %bro {axis = 1 : i32} : tensor<32xi32, #tilegpu.slice<{dim = 1, parent = #bb}>> -> tensor<32x1xi32, #bb>
    %brb = tile.broadcast %bre : tensor<32x1xi32, #bb> -> tensor<32x64xi32, #bb>
    %bc = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #bb}>>
    %bce = tile.expand_dims %bc {axis = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #bb}>> -> tensor<1x64xi32, #bb>
    %bcb = tile.broadcast %bce : tensor<1x64xi32, #bb> -> tensor<32x64xi32, #bb>
    %boff = arith.addi %brb, %bcb : tensor<32x64xi32, #bb>
    %bs = tile.splat %b : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>, #bb>
    %bp = tile.addptr %bs, %boff : tensor<32x64x!tile.ptr<f16>, #bb>, tensor<32x64xi32, #bb>
    %bv = tile.load %bp : tensor<32x64x!tile.ptr<f16>, #bb>
    %bop = tilegpu.convert_layout %bv : tensor<32x64xf16, #bb> -> tensor<32x64xf16, #opB>
    // c = a @ b in the accumulator layout.
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %acc = tile.dot %aop, %bop, %zero : tensor<64x32xf16, #opA> * tensor<32x64xf16, #opB> -> tensor<64x64xf32, #mma>
    %cr = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 1, parent = #mma}>>
    %cr0 = tile.splat %row0 : i32 -> tensor<64xi32, #tilegpu.slice<{dim = 1, parent = #mma}>>
    %crows = arith.addi %cr, %cr0 : tensor<64xi32, #tilegpu.slice<{dim = 1, parent = #mma}>>
    %c64s = arith.constant dense<64> : tensor<64xi32, #tilegpu.slice<{dim = 1, parent = #mma}>>
    %cro = arith.muli %crows, %c64s : tensor<64xi32, #tilegpu.slice<{dim = 1, parent = #mma}>>
    %cre = tile.expand_dims %cro {axis = 1 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 1, parent = #mma}>> -> tensor<64x1xi32, #mma>
    %crb = tile.broadcast %cre : tensor<64x1xi32, #mma> -> tensor<64x64xi32, #mma>
    %cc = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #mma}>>
    %cce = tile.expand_dims %cc {axis = 0 : i32} : tensor<64xi32, #tilegpu.slice<{dim = 0, parent = #mma}>> -> tensor<1x64xi32, #mma>
    %ccb = tile.broadcast %cce : tensor<1x64xi32, #mma> -> tensor<64x64xi32, #mma>
    %coff = arith.addi %crb, %ccb : tensor<64x64xi32, #mma>
    %cs = tile.splat %c : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>, #mma>
    %cp = tile.addptr %cs, %coff : tensor<64x64x!tile.ptr<f32>, #mma>, tensor<64x64xi32, #mma>
    tile.store %cp, %acc : tensor<64x64x!tile.ptr<f32>, #mma>
    tile.return
  }
}
