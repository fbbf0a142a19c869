// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tile IR that verifies but that the whole tile-to-llvm pipeline rejects:
// the error points at the user's line, never a crash.
// RUN: tile-opt %s -split-input-file -tile-to-llvm -verify-diagnostics

// 8-bit float tensors load and convert; arithmetic on them is rejected.
tile.func public @fp8_load(%p: !tile.ptr<f8E5M2>, %q: !tile.ptr<f32>) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %ps = tile.splat %p : !tile.ptr<f8E5M2> -> tensor<128x!tile.ptr<f8E5M2>>
  %pa = tile.addptr %ps, %r : tensor<128x!tile.ptr<f8E5M2>>, tensor<128xi32>
  %x = tile.load %pa : tensor<128x!tile.ptr<f8E5M2>>
  // expected-error @below {{'arith.mulf' op computes with 8-bit floats: convert them with tile.fp_to_fp first}}
  %x2 = arith.mulf %x, %x : tensor<128xf8E5M2>
  %y = tile.fp_to_fp %x2 : tensor<128xf8E5M2> -> tensor<128xf32>
  %qs = tile.splat %q : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %qa = tile.addptr %qs, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %qa, %y : tensor<128x!tile.ptr<f32>>
  tile.return
}

// -----

// The inliner leaves a recursive device function in place; its shared
// memory cannot be allocated.
// expected-error @below {{'tile.func' op is recursive: its shared memory cannot be allocated}}
tile.func private @recursive(%x: i32) -> i32 {
  %y = tile.call @recursive(%x) : (i32) -> i32
  tile.return %y : i32
}
tile.func public @calls_recursive(%p: !tile.ptr<i32>) {
  %x = tile.load %p : !tile.ptr<i32>
  %y = tile.call @recursive(%x) : (i32) -> i32
  tile.store %p, %y : !tile.ptr<i32>
  tile.return
}

// -----

// A 256x256x256 tf32 dot on tensor cores needs more shared memory than
// sm_90's 227 KiB: its f32 operand is staged whole (256 KiB, stored once
// for both A and B) for mma.sync to read. (The f32 accumulator's store
// converts it in rounds, through 32 KiB, after that.)
// expected-error @below {{'tile.func' op needs 262144 bytes of shared memory, more than the 232448 bytes a block has on sm_90}}
tile.func public @dot_too_big(%pa: !tile.ptr<f32>, %pc: !tile.ptr<f32>) {
  %r = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %row = tile.expand_dims %r {axis = 1 : i32} : tensor<256xi32> -> tensor<256x1xi32>
  %col = tile.expand_dims %r {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
  %c256 = arith.constant dense<256> : tensor<256x1xi32>
  %rs = arith.muli %row, %c256 : tensor<256x1xi32>
  %rb = tile.broadcast %rs : tensor<256x1xi32> -> tensor<256x256xi32>
  %cb = tile.broadcast %col : tensor<1x256xi32> -> tensor<256x256xi32>
  %off = arith.addi %rb, %cb : tensor<256x256xi32>
  %pas = tile.splat %pa : !tile.ptr<f32> -> tensor<256x256x!tile.ptr<f32>>
  %ptrs = tile.addptr %pas, %off : tensor<256x256x!tile.ptr<f32>>, tensor<256x256xi32>
  %a = tile.load %ptrs : tensor<256x256x!tile.ptr<f32>>
  %z = arith.constant dense<0.0> : tensor<256x256xf32>
  %d = tile.dot %a, %a, %z, inputPrecision = tf32 : tensor<256x256xf32> * tensor<256x256xf32> -> tensor<256x256xf32>
  %pcs = tile.splat %pc : !tile.ptr<f32> -> tensor<256x256x!tile.ptr<f32>>
  %cptrs = tile.addptr %pcs, %off : tensor<256x256x!tile.ptr<f32>>, tensor<256x256xi32>
  tile.store %cptrs, %d : tensor<256x256x!tile.ptr<f32>>
  tile.return
}

