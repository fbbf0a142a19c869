// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Distributed tile IR that verifies but that convert-tile-to-nvvm does not
// lower: each fails with a located error, never a crash. (See also
// test/Conversion/TileToNVVM/invalid.mlir.)
// RUN: tile-opt %s -split-input-file -convert-tile-to-nvvm -verify-diagnostics

// 8-bit floats move and convert, but nothing computes with them.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @fp8_tensor(%x: f8E4M3FN) {
    %t = tile.splat %x : f8E4M3FN -> tensor<128xf8E4M3FN, #blocked>
    // expected-error @below {{'arith.addf' op computes with 8-bit floats: convert them with tile.fp_to_fp first}}
    %s = arith.addf %t, %t : tensor<128xf8E4M3FN, #blocked>
    tile.return
  }
}

// -----

// Tensor constants must be splats.
#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @non_splat_constant() {
    // expected-error @below {{'arith.constant' op only splat tensor constants are lowered}}
    %c = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32, #blocked>
    tile.return
  }
}

// -----

// A conversion that moves data between threads needs scratch placed by
// tile-allocate-shared-memory.
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @convert_without_scratch(%x: f32) {
    %t = tile.splat %x : f32 -> tensor<32x32xf32, #blocked>
    // expected-error @below {{'tilegpu.convert_layout' op has no shared-memory offset: run tile-allocate-shared-memory first}}
    %c = tilegpu.convert_layout %t : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked1>
    tile.return
  }
}

// -----

// mma.sync operands are lowered with kWidth = 2 only.
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @dot_operand_kwidth8(%x: f16) {
    // expected-error @below {{uses layout #tilegpu.dot_op<{opIdx = 0, parent = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 8}>, which convert-tile-to-nvvm does not lower yet}}
    %a = tile.splat %x : f16 -> tensor<32x16xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
    tile.return
  }
}

// -----

// Batched (rank-3) mma accumulators are not lowered.
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 2, 2], instrShape = [16, 8]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @batched_mma(%x: f32) {
    // expected-error @below {{uses layout #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 2, 2], instrShape = [16, 8]}>, which convert-tile-to-nvvm does not lower yet}}
    %a = tile.splat %x : f32 -> tensor<2x32x32xf32, #mma>
    tile.return
  }
}

// -----

// FMA dot operands of rank 4 are not lowered (3-D dots, batched, are).
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1, 1, 1], threadsPerWarp = [1, 1, 4, 8], warpsPerCTA = [1, 1, 4, 1], order = [3, 2, 1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @rank4_fma_operand(%x: f32) {
    // expected-error @below {{uses layout #tilegpu.dot_op<{opIdx = 0, parent = #tilegpu.blocked<{sizePerThread = [1, 1, 1, 1], threadsPerWarp = [1, 1, 4, 8], warpsPerCTA = [1, 1, 4, 1], order = [3, 2, 1, 0]}>}>, which convert-tile-to-nvvm does not lower yet}}
    %a = tile.splat %x : f32 -> tensor<2x2x32x32xf32, #tilegpu.dot_op<{opIdx = 0, parent = #blocked}>>
    tile.return
  }
}

// -----

// A slice of a wgmma operand layout is not lowered either (wgmma reads
// its operands from shared memory).
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 64, 16]}>
module attributes {"tilegpu.num-warps" = 8 : i32} {
  tile.func public @slice_of_wgmma_operand(%x: f16) {
    // expected-error @below {{uses layout #tilegpu.slice<{dim = 1, parent = #tilegpu.dot_op<{opIdx = 0, parent = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 64, 16]}>, kWidth = 2}>}>, which convert-tile-to-nvvm does not lower yet}}
    %s = tile.splat %x : f16 -> tensor<64xf16, #tilegpu.slice<{dim = 1, parent = #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>}>>
    tile.return
  }
}

// -----

// Integer mma.sync other than i8 x i8 -> i32 is not lowered.
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @mma_i16(%x: i16, %y: i32) {
    %a = tile.splat %x : i16 -> tensor<32x32xi16, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %b = tile.splat %x : i16 -> tensor<32x32xi16, #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %c = tile.splat %y : i32 -> tensor<32x32xi32, #mma>
    // expected-error @below {{'tile.dot' op mma.sync takes f16, bf16 or f32 operands with f32 accumulators, f16 operands with f16 accumulators, or i8 operands with i32 accumulators}}
    %d = tile.dot %a, %b, %c : tensor<32x32xi16, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xi16, #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xi32, #mma>
    tile.return
  }
}

// -----

// A shared-memory buffer is not a kernel argument.
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  // expected-error @below {{kernel arguments must be pointers, scalars or tensor descriptors, got '!tilegpu.buffer<128xf32, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>>'}}
  tile.func public @buffer_argument(%b: !tilegpu.buffer<128xf32, #shared>) {
    tile.return
  }
}

// -----

// A negative launch bound is an option error, reported at the module.
// RUN: not tile-opt %s -split-input-file -convert-tile-to-nvvm=min-blocks-per-sm=-1 2>&1 | FileCheck %s --check-prefix=BOUNDS
// BOUNDS: error: convert-tile-to-nvvm: min-blocks-per-sm must not be negative, got -1
// (tile-translate checks its option first: test/Target/errors.mlir.)
module attributes {"tilegpu.num-warps" = 4 : i32} {
}

// -----

// wgmma is sm_90a's: a warpgroup dot in a module for sm_90 is an error (it
// crashed in LLVM's instruction selection before; found by tile-fuzz).
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90"} {
  tile.func public @wgmma_on_sm90() {
    %a = tilegpu.local_alloc {tilegpu.offset = 0 : i32} : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    %b = tilegpu.local_alloc {tilegpu.offset = 8192 : i32} : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    // expected-error @below {{'tilenv.warpgroup_dot' op needs an sm_90a target (wgmma), but the module's is 'sm_90'}}
    %d = tilenv.warpgroup_dot %a, %b, %zero : !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<64x64xf16, #nvmma, mutable> -> tensor<64x64xf32, #mma>
    tile.return
  }
}
