// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Malformed TTIR is a located error with exit code 1, never a crash: an
// op of Triton's that tile does not have, a type it does not know, a hint
// that is not a power of two, a truncated file, and an op whose types do
// not match, reported at the Python line TTIR locates it at.
// RUN: tile-opt %s -split-input-file -verify-diagnostics
// RUN: head -n 12 %S/Inputs/vector_add.ttir | not tile-opt 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// TRUNCATED: <stdin>:{{[0-9]+}}:{{[0-9]+}}: error:
// RUN: not tile-opt %S/Inputs/bad_types.ttir 2>&1 | FileCheck %s --check-prefix=TYPES
// RUN: not tile-translate %S/Inputs/bad_types.ttir --emit=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=TYPES
// TYPES: kernel.py:6:12: error: 'tile.splat' op result element type

// An op of a newer Triton's.
tt.func public @newer(%x: tensor<8xi32>) {
  // expected-error @below {{custom op 'tt.prefetch_block' is unknown}}
  %h = tt.prefetch_block %x, [] : tensor<8xi32>
  tt.return
}

// -----

// expected-error-re @below {{unknown {{ +}}type `memdesc` in dialect `tile`}}
tt.func public @memdesc(%x: !tt.memdesc<8xf32>) {
  tt.return
}

// -----

// expected-error @below {{argument #0: 'tt.divisibility' must be a positive power of two, got 3}}
tt.func public @hint(%x: !tt.ptr<f32> {tt.divisibility = 3 : i32}) {
  tt.return
}

// -----

tt.func public @stages(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @below {{'tt.num_stages' must be a positive integer}}
  scf.for %i = %c0 to %n step %c1 : i32 {
  } {tt.num_stages = 0 : i32}
  tt.return
}

// -----

// A descriptor's block is a tensor type with no layout, of a block TMA
// copies (2-D here).
// expected-error @+1 {{a descriptor's block has no layout}}
tt.func public @desc_layout(%d: !tt.tensordesc<tensor<64x64xf16, 1 : i32>>) {
  tt.return
}

// -----

// expected-error @+1 {{tensor descriptors describe 2-D blocks, got rank 3}}
tt.func public @desc_rank(%d: !tt.tensordesc<tensor<2x64x64xf16>>) {
  tt.return
}
