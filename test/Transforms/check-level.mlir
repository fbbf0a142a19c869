// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Each level's legality is a conversion target: tile IR has no op of the
// levels below; the distributed level lays out every tensor.
// RUN: tile-opt %s -split-input-file -tile-check-level="level=tile" -verify-diagnostics
// RUN: tile-opt %tile_src_root/examples/softmax.mlir -tile-check-level="level=tile" -o /dev/null
// RUN: tile-opt %tile_src_root/test/GPU/Inputs/mma_layout.mlir -tile-check-level="level=distributed" -o /dev/null
// RUN: not tile-opt %tile_src_root/examples/softmax.mlir -tile-check-level="level=distributed" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNLAID
// UNLAID: error: '{{.*}}' op is not of the distributed level: a tensor it uses has no layout
// RUN: tile-opt %tile_src_root/test/GPU/Inputs/mma_layout.mlir -tile-check-level="level=tile" -o /dev/null
// RUN: not tile-opt %s -split-input-file -tile-check-level="level=warp" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LEVEL
// LEVEL: error: tile-check-level: unknown level 'warp' (tile, gpu or distributed)
// The compile pipeline checks its input's level first.
// RUN: not tile-translate %s --emit=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: error: 'tilegpu.local_alloc' op is not tile IR but of the distributed level
// RUN: not tile-translate %tile_src_root/examples/softmax.mlir --keep-layouts --emit=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNLAID
// Block pointers are tile IR only: rewritten before layouts.
// RUN: not tile-opt %tile_src_root/test/Dialect/Tile/block-pointers.mlir -tile-check-level="level=distributed" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BLOCKPTR
// BLOCKPTR: error: 'tile.make_tensor_ptr' op is not of the distributed level: block pointers and descriptors made in the kernel are rewritten at the tile level (tile-rewrite-tensor-pointers)
// RUN: tile-opt %tile_src_root/test/Dialect/Tile/block-pointers.mlir -tile-check-level="level=tile" -o /dev/null

tile.func public @buffer(%x: tensor<16xf32>) {
  // expected-error @below {{'tilegpu.local_alloc' op is not tile IR but of the distributed level (compile the module with its layouts: --keep-layouts)}}
  %b = tilegpu.local_alloc %x : (tensor<16xf32>) -> !tilegpu.buffer<16xf32, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>>
  tile.return
}

// -----

// Triton's tl.debug_barrier and tl.assume are tile IR too.
tile.func public @foreign(%n: i32) {
  %c0 = arith.constant 0 : i32
  %positive = arith.cmpi sgt, %n, %c0 : i32
  llvm.intr.assume %positive : i1
  gpu.barrier
  // expected-error @below {{'index.constant' op is not tile IR: its dialect has no place in a kernel}}
  %i = index.constant 0
  tile.return
}

// -----

// Descriptors beyond TMA's limits are tile IR (the GPU level rejects them
// as kernel arguments: check-level-gpu.mlir).
tile.func private @desc_box(!tile.tensordesc<512x64xf16>)
tile.func public @desc_rows(%d: !tile.tensordesc<12x8xf16>, %i: i32) {
  %v = tile.descriptor_load %d[%i, %i] : !tile.tensordesc<12x8xf16> -> tensor<12x8xf16>
  tile.return
}
