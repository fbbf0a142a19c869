//===- TileNVGPUOps.td - tilenv operations -----------------*- tablegen -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Ops of NVIDIA's Hopper generation: asynchronous warpgroup matrix products
// (wgmma), mbarriers, TMA copies, clusters and warp specialization.
//
//===----------------------------------------------------------------------===//

#ifndef TILENVGPU_OPS
#define TILENVGPU_OPS

include "tile/Dialect/Tile/IR/TileAttrs.td"
include "tile/Dialect/Tile/IR/TileTypes.td"
include "tile/Dialect/TileGPU/IR/TileGPUTypes.td"
include "tile/Dialect/TileGPU/IR/TileGPULayouts.td"
include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tile/Dialect/TileGPU/IR/TileGPUInterfaces.td"

class TileNVGPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<TileNVGPU_Dialect, mnemonic, traits>;

def TileNVGPU_WarpgroupDotOp : TileNVGPU_Op<"warpgroup_dot", [
    DeclareOpInterfaceMethods<TileGPU_AsyncOpInterface>,
    AllTypesMatch<["c", "d"]>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Matrix product on Hopper's warpgroup tensor cores (wgmma)";
  let description = [{
    `d = a * b + c`, with `a` (M x K) and `b` (K x N) read by the tensor
    cores straight from shared memory (`wgmma.mma_async` with matrix
    descriptors) and the accumulator in registers, in the `#tilegpu.mma`
    version 3 layout. Each warpgroup (4 warps) computes 64-row slices of the
    result; the op returns when its products are complete (wait_group 0).

    With `isAsync`, the op only issues the products (one wgmma group): the
    result may feed further warpgroup dots as their accumulator, and is a
    value only after a `tilenv.warpgroup_dot_wait` that leaves it no longer
    pending; until then the tensor cores may still read `a` and `b`.

    With `accumulate if %flag` (a scalar i1), `c` is added only if the flag
    is true; otherwise `d = a * b` (wgmma's scale-d input): a loop that
    starts a new accumulation on some iterations (each block of a
    persistent kernel) carries the products instead of resetting them to
    zero.

    The buffers are in the NVMMA layout (`#tilegpu.nvmma_shared`) with a 32, 64
    or 128-byte swizzle; the accumulator is f32 (i32 for i8 operands). `a`
    is row-major (K-contiguous); f16 or bf16 `b` is row-major
    (N-contiguous) or transposed (K-contiguous). f32 operands are
    multiplied as tf32 (their low 13 mantissa bits ignored). 8-bit float
    operands (`f8E4M3FN`, `f8E5M2`, `a`'s and `b`'s formats may differ)
    accumulate in f32. wgmma reads tf32, i8 and fp8 operands K-major only:
    `b` transposed. Needs sm_90a.

    A 16-bit `a` may instead be a tensor in registers, in the `#tilegpu.mma`
    version 3 layout of an accumulator with the same warps whose
    instruction N is `a`'s K (`wgmma` with A from registers): each
    thread's accumulator registers are its A fragments, so a product
    computed by one warpgroup dot (attention's P, after its softmax and
    the cast to f16) feeds the next one with no trip through shared memory.
    Only `b` is then read from shared memory.

    ```mlir
    %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<128x64xf16, #nvmma128>, !tilegpu.buffer<64x256xf16, #nvmma128> -> tensor<128x256xf32, #mma3>
    %e = tilenv.warpgroup_dot %a, %b, %d accumulate if %flag : !tilegpu.buffer<128x64xf16, #nvmma128>, !tilegpu.buffer<64x256xf16, #nvmma128> -> tensor<128x256xf32, #mma3>
    %f = tilenv.warpgroup_dot %p, %v, %d : tensor<128x64xf16, #mma3_n64>, !tilegpu.buffer<64x256xf16, #nvmma128> -> tensor<128x256xf32, #mma3>
    ```
  }];
  let arguments = (ins AnyTypeOf<[TileGPU_Buffer, Tile_Tensor]>:$a,
                       TileGPU_Buffer:$b,
                       Tile_Tensor:$c, Optional<I1>:$useC, UnitAttr:$isAsync);
  let results = (outs Tile_Tensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`accumulate` `if` $useC^)? attr-dict `:`
    qualified(type($a)) `,` qualified(type($b)) `->` type($d)
  }];
  let hasVerifier = 1;
}

def TileNVGPU_WarpgroupDotWaitOp : TileNVGPU_Op<"warpgroup_dot_wait", [
    DeclareOpInterfaceMethods<TileGPU_AsyncOpInterface, ["getAsyncPendingGroups"]>]> {
  let summary = "Wait until at most `pendings` asynchronous warpgroup dots are in flight";
  let description = [{
    Waits for the asynchronous `tilenv.warpgroup_dot` groups this warpgroup
    issued, all but the `pendings` most recent; returns the accumulators
    passed in (all f32 or all i32, in `#tilegpu.mma` version 3 layouts), which
    the completed products have written. With `pendings = 0` every product
    is complete and its shared-memory operands free.

    ```mlir
    %acc = tilenv.warpgroup_dot_wait %d {pendings = 1 : i32} : tensor<128x256xf32, #mma3> -> tensor<128x256xf32, #mma3>
    ```
  }];
  let arguments = (ins Variadic<Tile_Tensor>:$inputs, I32Attr:$pendings);
  let results = (outs Variadic<Tile_Tensor>:$outputs);
  let assemblyFormat = [{
    $inputs attr-dict `:` type($inputs) `->` type($outputs)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// mbarriers and TMA copies
//===----------------------------------------------------------------------===//

// An mbarrier lives in a mutable `!tilegpu.buffer<1xi64, ...>`. One thread
// initializes, arms and invalidates it and issues the copies; every thread
// waits. The ops write the shared-memory resource so that nothing reorders
// them.

def TileNVGPU_InitBarrierOp : TileNVGPU_Op<"init_barrier"> {
  let summary = "Initialize an mbarrier expecting `count` arrivals a phase";
  let description = [{
    Sets the mbarrier to phase 0, expecting `count` arrivals (one thread's
    `tilenv.barrier_expect` counts as one). Every thread must see the
    initialization before using the barrier: a CTA barrier (which
    tile-insert-barriers places) orders it.
  }];
  let arguments = (ins Arg<TileGPU_Buffer, "", [MemWrite<TileGPU_SharedMemory>]>:$barrier,
                       ConfinedAttr<I32Attr, [IntPositive]>:$count);
  let assemblyFormat = "$barrier `,` $count attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

def TileNVGPU_InvalBarrierOp : TileNVGPU_Op<"inval_barrier", [
    DeclareOpInterfaceMethods<TileGPU_AsyncOpInterface, ["getAsyncBarrier"]>]> {
  let summary = "Invalidate an mbarrier so its memory may be reused";
  let arguments = (ins Arg<TileGPU_Buffer, "", [MemWrite<TileGPU_SharedMemory>]>:$barrier);
  let assemblyFormat = "$barrier attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

def TileNVGPU_BarrierExpectOp : TileNVGPU_Op<"barrier_expect"> {
  let summary = "Arrive on an mbarrier, expecting `bytes` more of TMA copies";
  let description = [{
    One thread (when `pred` holds) arrives on the barrier and adds `bytes`
    to the transaction count its current phase waits for: the phase
    completes when the copies that signal it have written that many bytes.
  }];
  let arguments = (ins Arg<TileGPU_Buffer, "", [MemRead<TileGPU_SharedMemory>,
                                             MemWrite<TileNVGPU_MBarrierState>]>:$barrier,
                       ConfinedAttr<I32Attr, [IntPositive]>:$bytes, I1:$pred);
  let assemblyFormat = [{
    $barrier `,` $bytes `,` $pred attr-dict `:` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def TileNVGPU_MakeTensorMapOp : TileNVGPU_Op<"make_tensor_map", [
    SameVariadicOperandSize,
    DeclareOpInterfaceMethods<TileGPU_ScratchOpInterface>]> {
  let summary = "Write a tensor map in the kernel and use it as a descriptor";
  let description = [{
    Writes the 128-byte tensor map (CUtensorMap) of the tensor at `base`,
    with sizes `shape` and element strides `strides` (the last 1), into the
    global memory at `slot` and returns it as the descriptor of the TMA
    copies through it (`tile.make_tensor_descriptor` on sm_90a). Its box
    and swizzle are those of the descriptor type's shared layout
    (`#tilegpu.nvmma_shared`); elements outside the tensor read as zero, or
    NaN with `padding = 2`. `slot` is 128-byte aligned, the block's own,
    and not read or written by anything else while the descriptor is in
    use: `tile-make-tensor-maps` gives each such op a slot of the kernel's
    global scratch parameter.

    The first warp builds the map in 128 bytes of shared-memory scratch
    (`tensormap.replace`, sm_90a and PTX 8.3) and copies it out with a
    release fence for the tensor-map proxy; after a CTA barrier every
    thread acquires it. Every thread of the block must run the op.

    ```mlir
    %d = tilenv.make_tensor_map %slot, %x, [%m, %n], [%ldx, %c1] : !tile.ptr<i8>, !tile.ptr<f16> -> !tile.tensordesc<128x64xf16>
    ```
  }];
  let arguments = (ins
    Arg<Tile_Ptr, "", [MemWrite<Tile_GlobalMemory>]>:$slot,
    Tile_Ptr:$base, Variadic<I32>:$shape, Variadic<I64>:$strides,
    DefaultValuedAttr<Tile_PaddingOptionAttr,
        "::mlir::tile::PaddingOption::PAD_ZERO">:$padding);
  let results = (outs Tile_TensorDesc:$result);
  let assemblyFormat = [{
    $slot `,` $base `,` `[` $shape `]` `,` `[` $strides `]` attr-dict `:`
    qualified(type($slot)) `,` qualified(type($base)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TileNVGPU_AsyncTMACopyOp : TileNVGPU_Op<"async_tma_copy", [
    DeclareOpInterfaceMethods<TileGPU_AsyncOpInterface, ["getAsyncBarrier", "isAsyncIssueConditional"]>]> {
  let summary = "Start a TMA copy of a block into shared memory";
  let description = [{
    One thread (when `pred` holds) starts copying the block at `indices` of
    the descriptor's tensor into `result`, in the descriptor's NVMMA
    layout; the copy completes on `barrier`'s current phase. Until a
    `tilenv.wait_barrier` sees that phase complete, the buffer must not be
    read.

    ```mlir
    tilenv.async_tma_copy %desc[%row, %k], %buf, %bar, %true : !tile.tensordesc<128x64xf16>, !tilegpu.buffer<128x64xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #bar, mutable>
    ```

    `multicast` (in a module of `tilegpu.cluster-size` N > 1): every CTA of
    the cluster runs this copy with the same indices, into the same buffer
    and barrier offsets, as the same copy of its sequence; the block's
    boxes are shared out among them (box j by the CTA of rank j mod N),
    each written into every CTA of the cluster and counted on each one's
    barrier. Every CTA's barrier therefore still expects the whole block,
    and no CTA may issue the copy into a stage that another CTA of the
    cluster is still reading (`tilenv.arrive_barrier cluster`).
  }];
  let arguments = (ins
    Arg<Tile_TensorDesc, "", [MemRead<Tile_GlobalMemory>]>:$desc,
    Variadic<I32>:$indices,
    Arg<TileGPU_Buffer, "", [MemWrite<TileGPU_SharedMemory>]>:$result,
    Arg<TileGPU_Buffer, "", [MemWrite<TileNVGPU_MBarrierState>]>:$barrier,
    I1:$pred, UnitAttr:$multicast);
  let assemblyFormat = [{
    (`multicast` $multicast^)? $desc `[` $indices `]` `,` $result `,` $barrier
    `,` $pred attr-dict `:` qualified(type($desc)) `,`
    qualified(type($result)) `,` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def TileNVGPU_AsyncTMAStoreOp : TileNVGPU_Op<"async_tma_store", [
    DeclareOpInterfaceMethods<TileGPU_AsyncOpInterface>]> {
  let summary = "Start a TMA copy of a buffer to a block of global memory";
  let description = [{
    One thread starts copying `src`, in the descriptor's NVMMA layout, to
    the block at `indices` of the descriptor's tensor, as one bulk
    async-group; elements past the tensor's edges are not written. `src`
    must hold what every thread wrote to it (a CTA barrier, which
    tile-insert-barriers places, orders the writes before the copy), and
    must not be written again, nor the kernel end, before a
    `tilenv.async_tma_store_wait` has seen the copy read it. With `reduce`,
    the copy combines the buffer with the block instead of overwriting it
    (`cp.reduce.async.bulk.tensor`, `tile.descriptor_reduce`).

    ```mlir
    tilenv.async_tma_store %desc[%row, %col], %buf : !tile.tensordesc<128x64xf16>, !tilegpu.buffer<128x64xf16, #nvmma, mutable>
    tilenv.async_tma_store reduce add %desc[%row, %col], %buf : !tile.tensordesc<64x64xf32>, !tilegpu.buffer<64x64xf32, #nvmma, mutable>
    ```
  }];
  let arguments = (ins
    Arg<Tile_TensorDesc, "", [MemWrite<Tile_GlobalMemory>]>:$desc,
    Variadic<I32>:$indices,
    Arg<TileGPU_Buffer, "", [MemRead<TileGPU_SharedMemory>]>:$src,
    OptionalAttr<Tile_DescriptorReduceKindAttr>:$reduce);
  let assemblyFormat = [{
    (`reduce` $reduce^)? $desc `[` $indices `]` `,` $src attr-dict `:`
    qualified(type($desc)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

// Writes the shared-memory resource so that nothing moves across it.
def TileNVGPU_AsyncTMAStoreWaitOp : TileNVGPU_Op<"async_tma_store_wait", [
    DeclareOpInterfaceMethods<TileGPU_AsyncOpInterface, ["getAsyncPendingGroups"]>,
    MemoryEffects<[MemWrite<TileGPU_SharedMemory>]>]> {
  let summary = "Wait until at most `pendings` TMA stores are still reading shared memory";
  let description = [{
    Waits until all but the `pendings` most recent `tilenv.async_tma_store`s
    have read their buffers (the writes to global memory may still be in
    flight). Every thread runs it; only the thread that issued the stores
    has any to wait for, and a CTA barrier after it then lets every thread
    write those buffers again.

    ```mlir
    tilenv.async_tma_store_wait {pendings = 0 : i32}
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$pendings);
  let assemblyFormat = "attr-dict";
}

def TileNVGPU_WarpgroupTMAStoreOp : TileNVGPU_Op<"warpgroup_tma_store", [
    DeclareOpInterfaceMethods<TileGPU_AsyncOpInterface, ["ordersOwnAccesses"]>]> {
  let summary = "Store a wgmma result by TMA, each warpgroup its rows in column chunks";
  let description = [{
    Writes `value`, a `wgmma` accumulator (`#tilegpu.mma` version 3, warps
    along M, one 16-row slice a warp: each warpgroup holds 64 whole rows;
    columns a multiple of the instruction's N) of 16-bit elements, to the
    block at `indices` of the descriptor's tensor;
    elements past the tensor's edges are not written. `buffer` is
    `S x R x C`: S slots (at least 2) of the block's R rows and C columns,
    in the NVMMA layout swizzled by C's bytes (32, 64 or 128).

    Each warpgroup goes over its rows in chunks of C columns, independently
    of the other warpgroups: its threads write a chunk into its rows of one
    slot (stmatrix), in turn, and one thread of the warpgroup copies it out
    by TMA; every thread closes a bulk async-group per chunk. Before a slot
    is written again,
    the copy that read it last has finished reading. The op orders its
    accesses to `buffer` itself (a named barrier per warpgroup and the
    issuing thread's waits), across its earlier runs in a loop too: the
    chunks of a block are a multiple of S, so every run starts at slot 0
    with only the last S - 1 copies still reading. The copies still reading
    when the op returns are waited for by `tilenv.async_tma_store_wait`, as
    `tilenv.async_tma_store`'s are.

    The descriptor's tensor map has boxes of 64 x C elements (a chunk of one
    warpgroup) swizzled by C's bytes: a descriptor this op stores through
    serves no other access.

    ```mlir
    tilenv.warpgroup_tma_store %desc[%row, %col], %c, %buf : !tile.tensordesc<128x256xf16>, tensor<128x256xf16, #mma3>, !tilegpu.buffer<2x128x32xf16, #nvmma64, mutable>
    ```
  }];
  let arguments = (ins
    Arg<Tile_TensorDesc, "", [MemWrite<Tile_GlobalMemory>]>:$desc,
    Variadic<I32>:$indices, Tile_Tensor:$value,
    Arg<TileGPU_Buffer, "", [MemRead<TileGPU_SharedMemory>,
                          MemWrite<TileGPU_SharedMemory>]>:$buffer);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $value `,` $buffer attr-dict `:`
    qualified(type($desc)) `,` type($value) `,` qualified(type($buffer))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The box of the descriptor's tensor map: one warpgroup's rows (64) of
    /// one chunk's columns.
    SmallVector<int64_t> getBox();
    /// Bytes of the NVMMA swizzle of the buffer and of the box: a chunk
    /// row's bytes.
    unsigned getSwizzle();
    /// Whether `value`'s layout is one the op stores: #tilegpu.mma version 3
    /// whose warpgroups each hold 64 whole rows once and whole instruction
    /// columns (no element on two threads, as stmatrix needs).
    static bool hasWarpgroupRows(RankedTensorType value);
  }];
}

def TileNVGPU_WaitBarrierOp : TileNVGPU_Op<"wait_barrier", [
    DeclareOpInterfaceMethods<TileGPU_AsyncOpInterface, ["getAsyncBarrier"]>]> {
  let summary = "Wait until an mbarrier's phase of parity `phase` completes";
  let description = [{
    Every thread waits; after it, what the copies that signalled that phase
    wrote is visible to the thread.
  }];
  let arguments = (ins Arg<TileGPU_Buffer, "", [MemRead<TileGPU_SharedMemory>,
                                             MemWrite<TileNVGPU_MBarrierState>]>:$barrier,
                       I32:$phase);
  let assemblyFormat = "$barrier `,` $phase attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

def TileNVGPU_ArriveBarrierOp : TileNVGPU_Op<"arrive_barrier"> {
  let summary = "Arrive on an mbarrier once per warp";
  let description = [{
    Each warp that runs it arrives once on the barrier (when `pred` holds),
    after all of its threads have reached it: the barrier's count is the
    number of warps that arrive in a phase. What the warp's threads read or
    wrote before is ordered before the arrival, so a thread that waits for
    the phase may then overwrite what they read. The consumer warps of a
    `tilenv.warp_specialize` hand a stage of a ring back to the producer this
    way. In a producer region (one thread) that thread arrives. With
    `cluster` (a module of `tilegpu.cluster-size` N > 1), each warp arrives on
    the barrier at the same offset in every CTA of the cluster: the count
    is then N times the warps of one CTA.

    ```mlir
    tilenv.arrive_barrier %empty, %true : !tilegpu.buffer<1xi64, #bar, mutable>
    ```
  }];
  let arguments = (ins Arg<TileGPU_Buffer, "", [MemRead<TileGPU_SharedMemory>,
                                             MemWrite<TileNVGPU_MBarrierState>]>:$barrier,
                       I1:$pred, UnitAttr:$cluster);
  let assemblyFormat = [{
    (`cluster` $cluster^)? $barrier `,` $pred attr-dict `:` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def TileNVGPU_ClusterBarrierOp : TileNVGPU_Op<"cluster_barrier", [
    MemoryEffects<[MemRead<TileGPU_SharedMemory>, MemWrite<TileGPU_SharedMemory>]>]> {
  let summary = "Wait until every thread of the block's cluster has arrived";
  let description = [{
    Every thread that has not exited, in every CTA of the cluster, must
    reach it; what each wrote before (shared-memory set-up such as
    `tilenv.init_barrier`, arrivals on other CTAs' mbarriers) is visible to
    all of them after it. A multicast pipeline takes one after its
    mbarriers' initialization, before any CTA signals another's, and one
    before a CTA frees mbarriers that the others may still arrive on.

    ```mlir
    tilenv.cluster_barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def TileNVGPU_WarpSpecializeOp : TileNVGPU_Op<"warp_specialize", [
    SingleBlock, NoTerminator, RecursiveMemoryEffects]> {
  let summary = "Split a kernel into a producer thread and the kernel's warps";
  let description = [{
    The block gets one warp more than the module's `tilegpu.num-warps`. The
    first thread of that warp runs the `producer` region (its other threads
    do nothing); the kernel's warps run the `default` region, where
    tensors stay distributed over them as before. CTA barriers in the
    default region synchronize those warps only (a named barrier). The two
    sides meet through mbarriers in shared memory alone: the producer
    issues TMA copies into a ring's stages, which complete on one mbarrier
    per stage (`tilenv.wait_barrier` in the default region), and waits on a
    second mbarrier per stage, which the kernel's warps arrive on
    (`tilenv.arrive_barrier`) once they are done reading the stage.
    `tile-schedule-loops{warp-specialize=1}` and `tile-pipeline` build
    this handshake, and the
    barrier analysis checks it: each producer copy goes into stage `(iv +
    c) rem S` of a ring after a wait on the same stage of the empty ring;
    the kernel's warps read a stage only between their wait on its full
    barrier and their arrival on its empty one, and hand it back only once
    no warpgroup dot may still be reading it. A producer region that would
    need a CTA barrier is an error.

    The op is the last of its `tile.func` before the return. Every op before
    it also runs on the extra warp, whose thread coordinates lie outside the
    layouts: they must be scalar (tensor constants aside) and free of memory
    effects, but for the shared memory's set-up (`tilegpu.local_alloc` without
    a value, `tilegpu.buffer_index`, `tilenv.init_barrier`, `gpu.barrier`,
    `tilenv.cluster_barrier`) and `tilenv.make_tensor_map`, which every
    thread of the block runs. The
    producer region computes no tensors.

    ```mlir
    tilenv.warp_specialize producer {
      scf.for %i = %c0 to %n step %c1 : i32 {
        tilenv.wait_barrier %empty_i, %parity : !tilegpu.buffer<1xi64, #bar, mutable>
        tilenv.barrier_expect %full_i, 16384, %true : !tilegpu.buffer<1xi64, #bar, mutable>
        tilenv.async_tma_copy %desc[%row, %k], %stage, %full_i, %true : ...
      }
    } default {
      ...
    }
    ```
  }];
  let regions = (region SizedRegion<1>:$producer, SizedRegion<1>:$defaultRegion);
  let assemblyFormat = "attr-dict `producer` $producer `default` $defaultRegion";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The first op in `op` (itself included) that the extra warp cannot
    /// run harmlessly before the split, if any.
    static Operation *findUnsafeBefore(Operation *op);
    /// Whether `op` computes or uses a tensor (a tensor constant aside).
    static bool computesTensors(Operation *op);
  }];
}

#endif // TILENVGPU_OPS
