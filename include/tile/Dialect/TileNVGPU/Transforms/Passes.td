//===- Passes.td - passes on Hopper's ops ------------------*- tablegen -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef TILE_DIALECT_TILENVGPU_TRANSFORMS_PASSES
#define TILE_DIALECT_TILENVGPU_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def LowerDescriptors
    : Pass<"tile-lower-descriptors", "::mlir::ModuleOp"> {
  let summary = "Turn the remaining tile.descriptor_load and every "
                "tile.descriptor_store into TMA copies";
  let description = [{
    Every `tile.descriptor_load` that `tile-pipeline` did not pipeline
    becomes a TMA copy into a buffer of the descriptor's NVMMA layout,
    completed on an mbarrier of its own: `tilegpu.local_alloc`s of the buffer
    and the barrier, `tilenv.init_barrier`, `tilenv.barrier_expect` of the
    block's bytes, `tilenv.async_tma_copy`, `tilenv.wait_barrier` (phase 0),
    `tilenv.inval_barrier`. A load whose only use stores it into a buffer of
    that same layout (a warpgroup dot's operand) fills that buffer
    directly; others read the block back with `tilegpu.local_load` into their
    own layout.

    Every `tile.descriptor_store` becomes a `tilegpu.local_alloc` of its value
    into a buffer of the descriptor's NVMMA layout (written in the value's
    own layout: no conversion), a `tilenv.async_tma_store` of that buffer, and
    a `tilenv.async_tma_store_wait` for the copy to have read it, which ends
    the buffer's life (`tilegpu.local_dealloc`). In a loop, the buffer is one
    mutable `tilegpu.local_alloc` before the outermost loop; each iteration
    waits for the stores before it to have read their buffers, writes the
    value with `tilegpu.local_store` and starts the copy, and one wait after
    the loop precedes the `tilegpu.local_dealloc`s: the copy overlaps the next
    iteration. The global writes complete after the block has moved on. A
    `tile.descriptor_reduce` goes the same way, its copy a TMA reduction
    (`tilenv.async_tma_store reduce <kind>`).

    `tile.descriptor_gather` and `tile.descriptor_scatter` need Blackwell's
    TMA gather4 / scatter4 and are errors here, located at the op.

    A store of a `wgmma` result of 16-bit elements (each warpgroup holding
    64 whole rows) becomes a `tilenv.warpgroup_tma_store` instead, when every
    use of its descriptor (a kernel parameter) is such a store: each
    warpgroup writes its rows in chunks of `store-chunk-bytes` bytes a row
    through `store-slots` slots of a buffer allocated before the outermost
    loop, with no CTA barrier (cuBLAS's epilogue on Hopper, which uses
    64-byte chunks; 128-byte ones measured 1% faster in tile's persistent
    matmul), and the same wait after the loop. `store-chunk-bytes=0` keeps
    whole-block stores.

    Needs an sm_90 or newer target (`tilegpu.target`); run after
    `tile-pipeline` and before `tile-allocate-shared-memory`.
  }];
  let options = [
    Option<"storeChunkBytes", "store-chunk-bytes", "int", /*default=*/"128",
           "Bytes of a row of a warpgroup's chunk (32, 64 or 128; 0: "
           "whole-block TMA stores)">,
    Option<"storeSlots", "store-slots", "int", /*default=*/"2",
           "Chunks a warpgroup may have in flight (at least 2)">,
  ];
  let dependentDialects = ["::mlir::tilenvgpu::TileNVGPUDialect", "::mlir::arith::ArithDialect"];
}

def MakeTensorMaps : Pass<"tile-make-tensor-maps", "::mlir::ModuleOp"> {
  let summary = "Write the descriptors made in a kernel as tensor maps in "
                "its global scratch";
  let description = [{
    Each `tile.make_tensor_descriptor` left for it
    (`tile-rewrite-tensor-pointers{tensor-maps}`) becomes a
    `tilenv.make_tensor_map` that writes the descriptor's tensor map into a
    128-byte slot of global memory, as Triton does on Hopper: the TMA copies
    through it then go as through a tensor map the host built. The slots
    are the block's own in a buffer the launch provides: the kernel gets
    one parameter more, last, `global_scratch` (`!tile.ptr<i8>`), marked
    `tilenv.global_scratch` with the bytes each block uses (128 a
    descriptor); block `(x, y, z)` of a grid of `(nx, ny, nz)` blocks uses
    the bytes from `((z * ny + y) * nx + x) * bytes`, so the buffer holds
    `nx * ny * nz * bytes` bytes, 128-byte aligned. The kernel information
    reports the bytes (`global_scratch` lines).

    ```mlir
    %d = tile.make_tensor_descriptor %x, [%m, %n], [%ldx, %c1] : <f16>, <128x64xf16>
    // -> (the kernel gains %global_scratch: !tile.ptr<i8> {tilenv.global_scratch = 128 : i64})
    %slot = tile.addptr %global_scratch, %offset : !tile.ptr<i8>, i64
    %d = tilenv.make_tensor_map %slot, %x, [%m, %n], [%ldx, %c1] : !tile.ptr<i8>, !tile.ptr<f16> -> !tile.tensordesc<128x64xf16>
    ```

    Needs an sm_90a target (`tilegpu.target`): `tensormap.replace` is
    architecture-specific.
  }];
  let dependentDialects = ["::mlir::tilenvgpu::TileNVGPUDialect",
                           "::mlir::arith::ArithDialect"];
}

#endif // TILE_DIALECT_TILENVGPU_TRANSFORMS_PASSES
