//===- Passes.td - passes of the distributed level ---------*- tablegen -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef TILE_DIALECT_TILEGPU_TRANSFORMS_PASSES
#define TILE_DIALECT_TILEGPU_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def CheckLevel : Pass<"tile-check-level", "::mlir::ModuleOp"> {
  let summary = "Check that a module is at a level: tile, GPU or distributed";
  let description = [{
    Each level's legality is a conversion target (as Triton's TritonGPU
    conversion states its own):

    - `tile`: the tile dialect and the upstream dialects kernels are
      written in (arith, math, scf, cf, ub, and `gpu.barrier` and
      `llvm.intr.assume`, which Triton programs use); no tilegpu or tilenv
      op. (A layout a tensor carries is replaced by `tile-assign-layouts`.)
    - `gpu`: those and the tilegpu dialect, every tensor with a layout,
      no block pointer, no descriptor made in the kernel but those that
      can be tensor maps (left by `tile-rewrite-tensor-pointers{tensor-maps}`
      for `tile-make-tensor-maps`); no tilenv op.
    - `distributed`: the `gpu` level and NVIDIA's dialect (tilenv).

    The pass reports the first op the target does not allow, located, and
    fails. The compile pipeline runs it first, for the level its input is
    at (`distributed` with `keep-layouts`), so a module fed to the wrong
    entry is an error naming the op rather than a failure further down,
    and again after `tile-assign-layouts`, whose result must be at the
    `gpu` level; the conversion to NVVM then states what may not remain
    (`convert-tile-to-nvvm`).

    ```mlir
    %b = tilegpu.local_alloc %t : ...  // at -tile-check-level="level=tile":
    // error: 'tilegpu.local_alloc' op is not tile IR but of the distributed
    // level (compile the module with its layouts: --keep-layouts)
    ```
  }];
  let options = [
    Option<"level", "level", "std::string", /*default=*/"\"tile\"",
           "The level the module must be at: tile or distributed">,
  ];
}

def AssignLayouts : Pass<"tile-assign-layouts", "::mlir::ModuleOp"> {
  let summary = "Give every tensor a layout: tile IR to the distributed level";
  let description = [{
    Gives every tensor type a default `#tilegpu.blocked` layout for its shape
    (one element per thread, threads and then warps spread from the
    fastest-varying dimension) and records the launch configuration on the
    module (`tilegpu.num-warps`, `tilegpu.threads-per-warp`, `tilegpu.target`, and
    `tilegpu.cluster-size` for clusters of more than one CTA).
    Where an op needs a specific layout of an operand or result (the slice
    layout of a reduction, the dot-operand layouts of `tile.dot`, the
    permuted layout of `tile.trans`, ...), it inserts `tilegpu.convert_layout`.
  }];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
  let options = [
    Option<"numWarps", "num-warps", "int", /*default=*/"4",
           "Warps of a block (a power of two)">,
    Option<"threadsPerWarp", "threads-per-warp", "int", /*default=*/"32",
           "Threads of a warp">,
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "GPU architecture, e.g. sm_80 or sm_90">,
    Option<"clusterSize", "cluster-size", "int", /*default=*/"1",
           "CTAs per cluster along x (sm_90; a power of two up to 8)">,
  ];
}

def Coalesce : Pass<"tile-coalesce", "::mlir::ModuleOp"> {
  let summary = "Give loads and stores layouts with the widest coalesced vectors";
  let description = [{
    For every load, store and atomic on a tensor of pointers, asks the
    alignment analysis how many consecutive elements each thread may access
    as one vector (at most 16 bytes, no more than the pointers' contiguity
    and alignment allow, and no more than the mask's constancy), and gives
    the access a blocked layout with that many elements per thread along
    the most contiguous dimension, threads of a warp next to each other
    along it. Operands and results are moved with `tilegpu.convert_layout`.
  }];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def AccelerateMatmul : Pass<"tile-accelerate-matmul", "::mlir::ModuleOp"> {
  let summary = "Put tile.dot on tensor cores (mma.sync layouts, or wgmma on sm_90a)";
  let description = [{
    Gives every `tile.dot` that mma.sync can compute — 2-D; f16 or bf16
    operands with f32 accumulators and K a multiple of 16, f32 operands
    with `inputPrecision = tf32` or `tf32x3` and K a multiple of 8, or i8
    operands with i32 accumulators and K a multiple of 32; a target of
    sm_80 or newer, an accumulator shape the warps divide into 16x8 tiles —
    the accumulator layout `#tilegpu.mma` version 2 (warps doubled along
    whichever dimension leaves each warp more 16x8 tiles) and its `dot_op`
    operand layouts (kWidth 2 for 16-bit, 1 for tf32, 4 for i8), converting
    the operands, the
    accumulator and the result from and to the layouts around it; operands
    already converted for the FMA path are converted from their sources.
    An operand reaches its `dot_op` layout through a shared buffer
    (`tilegpu.local_alloc` + `tilegpu.local_load`): swizzled for ldmatrix, or, for
    a block a TMA descriptor loads, the descriptor's `#tilegpu.nvmma_shared`
    layout (the copy then lands in it). Both operands are stored before
    either is read, so one barrier separates the stores from the reads.

    Other 2-D dots stay on the FMA path, with a blocked accumulator of 2x2
    elements per thread once it has 4 per thread and 4x4 once it has 16 (as
    Triton gives them; a thread reuses each element of A and B it reads for
    several products), their operands read from row-major `#tilegpu.shared`
    buffers. Run after `tile-assign-layouts`;
    `tile-remove-layout-conversions` then removes what conversions it can.

    On an sm_90a target (`tilegpu.target = "sm_90a"`), a dot that wgmma can
    compute — mma.sync's conditions, the warps forming warpgroups, M a
    multiple of 16 rows per warp, N a multiple of 8 up to 256, N and K rows
    that a 32, 64 or 128-byte swizzle divides, at most 128 accumulators a
    thread — becomes a `tilenv.warpgroup_dot`: each operand stored as computed
    into a `#tilegpu.nvmma_shared` buffer (the widest swizzle its rows allow),
    the accumulator converted to `#tilegpu.mma` version 3 with every warp
    along M and the instruction N the whole of N.

    8-bit float operands (e4m3, e5m2, mixed too) with f32 accumulators and
    K a multiple of 32 go to wgmma on sm_90a under the same conditions, `b`
    stored K-major; mma.sync has no fp8 on sm_90, so any other fp8 dot has
    its operands converted to f16 (exactly) and goes on as an f16 dot.

    An mma.sync operand that an earlier dot of the block stored to a buffer
    of the same type is read from that buffer, in this dot's layout where
    the other read differs (a load two dots read, as A of one and B of the
    other, is then one buffer that tile-schedule-loops can fill ahead).
    Both reads keep their fragments live where the earlier dot's result is
    still used, which can cost spills; with `share-operand-buffers=false`
    each dot stores its own, and otherwise the module gets
    `tilegpu.shared_operand_buffers` where a buffer is shared, so that the
    compiler can lower it again without and keep the form that ptxas
    spills less.
  }];
  let options = [
    Option<"shareOperandBuffers", "share-operand-buffers", "bool",
           /*default=*/"true",
           "Read an operand from the buffer an earlier dot of the block "
           "stored it to, in another layout too">,
  ];
  let dependentDialects = ["::mlir::tilenvgpu::TileNVGPUDialect"];
}

def RemoveLayoutConversions
    : Pass<"tile-remove-layout-conversions", "::mlir::ModuleOp"> {
  let summary = "Compute values in the layouts that need no conversion";
  let description = [{
    A `tilegpu.convert_layout` moves a tensor between threads through shared
    memory. This pass removes conversions in two directions.

    Forward: the values computed from a conversion's result are computed in
    its source layout instead, so the conversion disappears. The move
    follows element-wise ops, loop-carried values (`scf.for` iter_args,
    yields and results), `scf.if` results with what each branch yields for
    them, reductions to scalars, stores whose pointers are in that layout
    and further conversions; every other operand it meets must
    already be in the source layout or be cheap to recompute in it, or be
    used where a conversion runs less often than the one removed (after a
    loop around it, or in an `scf.if` branch under it: a persistent
    kernel's epilogue), or, for math, be converted itself where the bytes
    so converted stay below those of the conversion removed (a bf16 factor
    of an f32 product), where that conversion holds at least 8 elements a
    thread (below that its barrier costs more than its bytes); otherwise
    that conversion stays. After
    `tile-coalesce` this spreads a load's access layout to the math on its
    values (softmax, layernorm).

    Backward: when the converted value is cheap to compute again — a splat,
    a range, a broadcast or expand_dims, or an element-wise op — it is
    computed directly in the target layout instead, converting its
    operands, which repeats the rewrite towards the values' sources until
    the conversions cancel (convert(convert(x)) folds) or reach a value that
    is not cheap (a load, a reduction, a loop result). An element-wise op
    that other users keep is computed again only where its operands cost
    nothing in the target layout or are small loads read again there (see
    below): otherwise its result is converted once,
    rather than a chain copied per layout with its inputs converted for
    each copy. This puts address
    arithmetic in the layouts of the memory accesses, so a kernel like
    vector add needs no shared memory. A loop-carried value converted in
    its loop and only advanced by an element-wise update (pointers advanced
    each K step) is carried in the converted layout instead.

    Small loads: a conversion of a load's result, where the load has at most
    one element per thread of the block, becomes the same load in the target
    layout (its pointers, mask and `other` converted, which the backward
    rewrite takes further), as Triton rematerializes such loads: threads
    that share an element read the same address, one cached line, instead
    of a round trip through shared memory behind a barrier. A recurrent
    kernel's rows of 64 elements, used along both dimensions of its state,
    are loaded in both slices of the state's layout. Only into blocked
    layouts and their slices, and at most 8 elements a thread: each takes a
    64-bit pointer and a mask, and a bias row in a wgmma accumulator's
    columns (32 elements a thread) costs more than its conversion.

    Past narrowing ops: the backward rewrite does not cross an element-wise
    op whose result has smaller elements than its operands (a truncation, a
    comparison) unless its operands cost nothing in the target layout;
    instead a conversion followed, through single-use element-wise ops, by
    such an op moves past it, the chain's other operands taken in the
    source layout (splats and constants, or a broadcast's smaller source).
    A matmul epilogue (bias, activation, cast to f16) then runs in the
    accumulator's layout and only the f16 result is converted.

    Into stores: a conversion left before a `tile.store` (its only use)
    whose tensor would take more scratch than a round (32 KiB, see
    `getConvertRounds`) folds into the store, which then takes the value in
    its own layout and converts it round by round, storing each round's
    elements before the next round is written: a round's scratch instead of
    the whole tensor's (a 128x256 f16 accumulator: 18 KiB instead of 66),
    and no round's registers waiting for the others'. Rounds are slices
    along a dimension that both layouts repeat whole in; where the store's
    layout spreads a row over more than 128 bytes of a warp (no smaller
    slice), the store takes one with 128 bytes a row per warp access (the
    same vectors, whole lines) if its pointers and mask can be computed in
    that layout instead (otherwise the conversion stays).
  }];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def HoistInvariantAllocs
    : Pass<"tile-hoist-invariant-allocs", "::mlir::ModuleOp"> {
  let summary = "Store loop-invariant values to shared memory once, before "
                "the loop";
  let description = [{
    A `tilegpu.local_alloc` in an `scf.for`'s body that stores a value defined
    outside the loop into an immutable buffer, which nothing frees, moves
    before the loop: the value is written once instead of in every
    iteration (attention's Q, the A operand of the first dot in every
    iteration, once `tile-accelerate-matmul` stages it for a warpgroup
    dot). The buffer is then live across the loop (the allocator sees it
    so). Upstream loop-invariant code motion leaves the op in place, since
    it allocates and writes memory. Nested loops are handled innermost
    first, so such a store leaves a nest loop by loop.

    ```mlir
    scf.for %i = %c0 to %n step %c1 : i32 {
      %q = tilegpu.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tilegpu.buffer<128x64xf16, #nvmma>
      ...
    }
    // becomes
    %q = tilegpu.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tilegpu.buffer<128x64xf16, #nvmma>
    scf.for %i = %c0 to %n step %c1 : i32 {
      ...
    }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def OptimizeDotOperands
    : Pass<"tile-optimize-dot-operands", "::mlir::ModuleOp"> {
  let summary = "Compute mma.sync operands from staged loads, in their "
                "dot_op layouts";
  let description = [{
    `tile-accelerate-matmul` stores an mma.sync operand to a shared buffer
    as it was computed and reads it back in its `dot_op` layout. Where the
    operand is computed element-wise from loads (flash-linear-attention's
    `k * exp2(g_last - g)[:, None]`), those loads are synchronous: the
    buffer holds the math's result, not a load's, so no copy can be issued
    ahead into it, and each iteration waits for global memory before it
    computes, stores, synchronizes and reads back.

    This pass stores the loads instead, each into a buffer of its own read
    in the `dot_op` layout (or, for a load reaching the operand through
    `expand_dims` and `broadcast`, in the matching slice of it), and
    computes the element-wise ops there, on the registers mma.sync reads.
    `tile-schedule-loops` then issues those loads ahead as cp.async copies.
    Triton hoists layout conversions into dot operands the same way.

    The rewrite applies to a `tilegpu.local_load` into a `dot_op` layout of
    an mma.sync (`#tilegpu.mma` version 2) accumulator, from an immutable
    buffer stored only for it, of a value computed in the loop body through
    pure element-wise ops, `expand_dims`, `broadcast` and layout
    conversions from:
    - loads of the same loop body, at least one, each of which
      `tile-schedule-loops` will copy ahead (the loop is pipelined with two
      stages or more, the copy can be a cp.async, its addresses can be
      computed for another iteration); a load that other ops read too is
      read by them from its buffer, in its own layout; a load that reads
      the same elements as an earlier one in another layout (a row
      `tile-remove-layout-conversions` reloads, its addresses recomputed
      there) reads that one's buffer instead and goes;
    - splats, ranges and constants, computed again in the new layout;
    - values defined before the loop, or with at most an eighth of the
      operand's elements, converted to the new layout.
    The operand's math then runs on more threads where the `dot_op` layout
    replicates it (A across the accumulator's warps along N, B along M),
    which the copies issued ahead outweigh.

    ```mlir
    %v = tile.load %p : tensor<64x32x!tile.ptr<bf16>, #blocked>
    %x = arith.extf %v : tensor<64x32xbf16, #blocked> to tensor<64x32xf32, #blocked>
    %y = arith.mulf %x, %scale : tensor<64x32xf32, #blocked>
    %z = arith.truncf %y : tensor<64x32xf32, #blocked> to tensor<64x32xbf16, #blocked>
    %buf = tilegpu.local_alloc %z : (tensor<64x32xbf16, #blocked>) -> !tilegpu.buffer<64x32xbf16, #shared>
    %b = tilegpu.local_load %buf : !tilegpu.buffer<64x32xbf16, #shared> -> tensor<64x32xbf16, #dot_op>
    // becomes
    %v = tile.load %p : tensor<64x32x!tile.ptr<bf16>, #blocked>
    %buf = tilegpu.local_alloc %v : (tensor<64x32xbf16, #blocked>) -> !tilegpu.buffer<64x32xbf16, #shared>
    %r = tilegpu.local_load %buf : !tilegpu.buffer<64x32xbf16, #shared> -> tensor<64x32xbf16, #dot_op>
    %x = arith.extf %r : tensor<64x32xbf16, #dot_op> to tensor<64x32xf32, #dot_op>
    ...
    ```
  }];
  let options = [
    Option<"numStages", "num-stages", "int", /*default=*/"3",
           "Stages of the loops that tile-schedule-loops pipelines (a "
           "loop's own tile.num_stages takes precedence); below 2, only "
           "those loops">,
  ];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def StageConvertedLoads
    : Pass<"tile-stage-converted-loads", "::mlir::ModuleOp"> {
  let summary = "Read a converted load of a pipelined loop from a buffer of "
                "it, in the conversion's layout";
  let description = [{
    A layout conversion of a loaded block moves it through shared memory:
    the threads store it as loaded, synchronize and read it back in the
    target layout, after waiting for global memory. Where the load is in a
    loop `tile-schedule-loops` pipelines, this pass stores it to a buffer
    of its own instead and reads the buffer in the conversion's layout
    (Triton reads its pipelined loads in their users' layouts the same
    way): the same shared-memory traffic, but the buffer can be filled by
    a copy issued stages ahead. The delta rule's `chunk_gated_delta_rule_
    fwd_kernel_h` subtracts a product from a block of `v` loaded each
    iteration, in the product's layout.

    The rewrite applies to a `tile.load` of a loop body whose only user is
    a `tilegpu.convert_layout` to a distributed layout, where the loop is
    pipelined with two stages or more and the load can be a cp.async copy
    whose addresses can be computed for another iteration (the conditions
    under which `tile-schedule-loops` copies it ahead).

    ```mlir
    %v = tile.load %p, %m, %o : tensor<64x32x!tile.ptr<bf16>, #blocked>
    %c = tilegpu.convert_layout %v : tensor<64x32xbf16, #blocked> -> tensor<64x32xbf16, #mma>
    // becomes
    %v = tile.load %p, %m, %o : tensor<64x32x!tile.ptr<bf16>, #blocked>
    %buf = tilegpu.local_alloc %v : (tensor<64x32xbf16, #blocked>) -> !tilegpu.buffer<64x32xbf16, #shared>
    %c = tilegpu.local_load %buf : !tilegpu.buffer<64x32xbf16, #shared> -> tensor<64x32xbf16, #mma>
    ```
  }];
  let options = [
    Option<"numStages", "num-stages", "int", /*default=*/"3",
           "Stages of the loops that tile-schedule-loops pipelines (a "
           "loop's own tile.num_stages takes precedence); below 2, only "
           "those loops">,
  ];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def ScheduleLoops : Pass<"tile-schedule-loops", "::mlir::ModuleOp"> {
  let summary = "Decide which loads of each loop tile-pipeline issues ahead, "
                "and how";
  let description = [{
    The first half of software pipelining: it decides, and records as
    attributes that `tile-pipeline` then carries out (and a reader or a
    test sees), which loads of each `scf.for` are copied ahead into rings of
    buffers, how many buffers, which warpgroup dots stay in flight across
    iterations, and whether a producer warp issues the copies.

    A loop qualifies with a constant lower bound and a positive constant
    step (and a signed comparison unless the step is 1 and the bound
    non-negative); a step other than 1 or a negative bound (Triton's form
    of a backward `range(n - 1, -1, -1)` counts from -1) is first rewritten
    in place to count the iterations from 0 by 1, up to
    `ceil((max(ub, lb) - lb) / step)`, with the induction value
    `lb + i * step` computed in the body (stage indices are then the
    iteration count).

    - `tilegpu.staged` (on the load): a `tile.load` whose only use is a
      `tilegpu.local_alloc` read by `tilegpu.local_load`s or
      `tilenv.warpgroup_dot`s (the staging of a `tile.dot` operand that
      `tile-accelerate-matmul` writes), when the copy can be a real
      cp.async: vectors of 4, 8 or 16 bytes (as the alignment analysis and
      the layouts allow, contiguous in the buffer too) and no `other` but
      zero. Any other copy would lower to a synchronous load and store,
      which gains nothing from being issued early and only multiplies the
      code. On sm_90 and newer, also a `tile.descriptor_load` whose only
      use is a `tilegpu.local_alloc` of the descriptor's own NVMMA layout
      (a TMA copy). The load's buffer may also be read through a
      transposed view (`tilegpu.buffer_trans`: a dot's B given as
      `tl.trans` of a load). The load's pointers, mask and `other` (or
      indices) must be computed from the induction variable, values
      defined outside the loop, and loop-carried values that advance by a
      loop-invariant amount per iteration (`tile.addptr` or `arith.addi`
      of it, as Triton's `a_ptrs += BLOCK_K * stride`) or by a recurrence
      of themselves, the induction variable and values defined outside the
      loop (flex attention's key offset, stepped by block indices it
      loads), through side-effect-free ops and, where the loop writes no
      memory but shared memory, loads (a paged cache's block table).
    - `tilegpu.num_stages = N` (on the loop, N = `num-stages`): the
      buffers of each ring, copies issued N - 1 iterations ahead.
    - `tilenv.async_dot = "carried"` (sm_90a): a `tilenv.warpgroup_dot` on
      two staged buffers whose accumulator is an iteration argument read by
      the dot alone and whose result goes back to it (or into an `scf.if`
      of the body, the epilogue of a flattened persistent loop) stays in
      flight while the next iteration waits for its data. A loop that
      restarts its accumulation on some iterations yields
      `select(%reset, zeros, %d)`, which would read the in-flight products
      every iteration; the pass first carries `%d` and `%reset` instead,
      the dot adding its accumulator only if the previous iteration did not
      reset (`accumulate if`), and selects on the last values after the
      loop.
    - `tilenv.async_dot = "deferred"`: otherwise, a warpgroup dot whose
      products only the next iteration needs, read there after a
      synchronous warpgroup dot (attention's P * V, rescaled after the
      next Q * K^T), stays in flight until that dot's wait, unless the
      next iteration stores one of its buffers (not a staged one) before
      that dot.
    - `tilenv.warp_specialized` (on the loop), with `warp-specialize`: a
      loop whose staged loads are all TMA copies and that sits directly in
      its kernel's body, with nothing before it that the extra warp could
      not run but pure tensor ops: a producer thread of an extra warp
      issues its copies.
    - `tilenv.multicast` (on a staged TMA load): in a warp-specialized loop
      of a module of `tilegpu.cluster-size` N > 1 for an
      architecture-specific target (sm_90a: ptxas advises against
      multicast in plain sm_90 code), whose bounds are the same in every
      CTA of a cluster, a load whose indices are too (the cluster
      uniformity analysis proves both, e.g. a block column computed from
      `program_id / N`).

    Run after `tile-accelerate-matmul`, right before `tile-pipeline`.
  }];
  let options = [
    Option<"numStages", "num-stages", "int", /*default=*/"3",
           "Buffers in each ring (copies in flight + 1); below 2, nothing is pipelined">,
    Option<"warpSpecialize", "warp-specialize", "bool", /*default=*/"false",
           "TMA copies from a producer thread of an extra warp (sm_90)">
  ];
  let dependentDialects = ["::mlir::tilenvgpu::TileNVGPUDialect", "::mlir::arith::ArithDialect"];
}

def Pipeline : Pass<"tile-pipeline", "::mlir::ModuleOp"> {
  let summary = "Software-pipeline the loops tile-schedule-loops scheduled";
  let description = [{
    Carries out the schedule `tile-schedule-loops` recorded on each
    `scf.for` with `tilegpu.num_stages = N`, and removes its attributes.
    Each `tilegpu.staged` load becomes a copy issued N - 1 iterations ahead
    into a ring of N buffers:

    - before the loop, one `local_alloc` of N stages and copies for the
      first N - 1 iterations, one group each;
    - at the top of each iteration, `tilegpu.async_wait {num = N - 2}`
      (this iteration's group has landed), then the copy for iteration
      `iv + N - 1` into stage `(iv + N - 1) rem N` and its group; the loads
      of this iteration read stage `iv rem N`;
    - after the loop, a wait for every group (copies past the end are
      masked off, but still zero-fill their stage).

    The ops that compute a load's pointers, mask and `other` are cloned for
    the iteration ahead, with the carried values advanced by as many
    steps; loads among them are masked to iterations before the loop's
    end. A value advanced by a recurrence is carried N - 1 iterations
    ahead in an iteration argument of its own (the loop is rebuilt with
    it), started by running the recurrence N - 1 times before the loop
    and advanced once an iteration. The barrier analysis proves the schedule race-free (it tells
    stages of the ring apart by their index, `(iv + c) rem N`) and places
    one barrier per iteration, between the wait and the copies (two with an
    asynchronous warpgroup dot and cp.async, below). Run before
    `tile-allocate-shared-memory`, which sizes the ring.

    A `tilenv.async_dot = "carried"` dot becomes `isAsync`, its result
    through `tilenv.warpgroup_dot_wait {pendings = 1}` to the next iteration
    and `{pendings = 0}` after the loop (before the rings are freed) and in
    front of uses inside an `scf.if`. That wait retires the previous
    iteration's dot, so the iteration's copies come after it, into the
    stage that dot read: still N - 1 iterations ahead, as Triton orders
    them (the barrier before them is then a second one in the iteration,
    for cp.async copies). A `"deferred"` dot becomes `isAsync` with its
    wait after the next iteration's synchronous warpgroup dot.

    A staged `tile.descriptor_load` becomes a TMA copy
    (`tilenv.async_tma_copy`) completing on one mbarrier per stage: the
    barriers are initialized before the loop (`tilenv.init_barrier`), each
    stage's copies armed together (`tilenv.barrier_expect` of all their
    bytes), an iteration waits with `tilenv.wait_barrier` on its stage's
    barrier at phase `((iv - lb) / N) & 1` (instead of a
    `tilegpu.async_wait`), and the barriers are invalidated after the loop
    (the copies past its end are predicated off, never issued). Only the
    indices are cloned for the iteration ahead. When the staged buffers
    are read with `tilegpu.local_load` into a synchronous `tile.dot`
    (mma.sync on sm_90) and there are at least 3 stages, the iteration's
    copies come after that dot, so the warps start their products as soon
    as their stage has landed and the barrier before the copies waits
    behind them (the lowering then issues those copies behind a branch of
    the issuing thread).

    A `tilenv.warp_specialized` loop gets a producer of its own instead
    (`tilenv.warp_specialize`): one thread of an extra warp runs a copy of
    the loop that only issues the copies, each into stage `iv rem N` once a
    second ring of mbarriers (the stages' "empty" barriers, one arrival per
    warp) says the kernel's warps are done reading it: a wait at phase
    `((iv - lb) / N) & 1 ^ 1`, which a fresh barrier passes at once. The
    loop itself, with everything after it, moves to the default region; an
    iteration waits for its stage as above, and hands a stage back with
    `tilenv.arrive_barrier` once its readers are done: the previous
    iteration's stage after an asynchronous dot's `{pendings = 1}` wait,
    its own at the end of the iteration otherwise. No CTA barrier is left
    in the loop, and the producer runs up to N iterations ahead of the
    slowest warp, across the epilogue of a flattened persistent loop too.
    Tensor ops before the loop move into the default region (the extra
    warp's coordinates lie outside the layouts).

    A `tilenv.multicast` copy is issued by each CTA for 1/N of the block's
    boxes into every CTA of the cluster, so L2 serves the block once per
    cluster instead of once per CTA. A stage then goes back to the
    producers of all N CTAs: the empty barriers count N times the warps
    and every warp arrives on each CTA's (`tilenv.arrive_barrier cluster`),
    and a `tilenv.cluster_barrier` follows the barriers' initialization and
    precedes their invalidation (in both regions of the split).

    A schedule that no longer fits its loop (a staged load whose copy
    cannot be issued ahead, a dot that cannot stay in flight, a
    warp-specialized loop that cannot be split, multicast without a
    producer, a schedule attribute outside a scheduled loop) is an error
    located at the load, the dot or the loop.
  }];
  let dependentDialects = ["::mlir::tilenvgpu::TileNVGPUDialect", "::mlir::arith::ArithDialect"];
}

def CarryDivisions : Pass<"tile-carry-divisions", "::mlir::ModuleOp"> {
  let summary = "Carry the quotient and remainder of a loop's induction "
                "variable by a loop-invariant divisor instead of dividing";
  let description = [{
    In an `scf.for` with a non-negative lower bound, step 1 and signed
    comparison (its induction variable then stays below half the unsigned
    range), every `arith.divui` and `arith.remui` anywhere in its
    body (nested regions included) of the induction variable plus an offset
    that cannot make it wrap as an unsigned number, by a value defined
    outside the loop that is not a constant (a constant divisor is a shift
    or a multiply already) is replaced by loop-carried values: per divisor
    and offset, the remainder, and the quotient where an `arith.divui` reads
    it. They start from the first iteration's, computed before the loop
    with the divisor clamped to at least one (a zero divisor leaves the loop
    undefined only if it runs), and each iteration adds one to the
    remainder and, where it reaches the divisor, wraps it to zero and adds
    one to the quotient.

    The offset is a chain of `arith.addi`, each adding a non-negative
    constant or a value defined outside the loop to the induction variable
    or to the add before: the copies a pipelined loop issues steps ahead
    divide `iv + c`, a loop over a run of a sequence (stream-K) divides
    `start + iv`. No add may wrap: the one of the induction variable itself
    may add a constant, or a value known non-negative (both below half the
    range, as the variable is); any add, if it carries the `nuw` flag (a
    wrap would be poison). Divisors and offsets may be results of loops
    rewritten before.

    The lower bound, and a non-negative value, is a constant or a value
    that integer range analysis (MLIR's dataflow `IntegerRangeAnalysis`,
    run only when there is such a value to bound) bounds below by zero: the
    second loop `tile-split-copy-masks` makes starts at the larger of the
    first loop's lower bound and the split point.

    A flattened persistent loop (an iteration per (block, K step), the
    block and the step found by dividing the iteration index by the steps
    per block) otherwise divides once per K step, in every warp: an
    unsigned 32-bit division by a run-time value is a reciprocal and a
    dozen dependent instructions. Run after `tile-pipeline`, which
    recognizes only loop-carried values that advance by a loop-invariant
    step in the addresses it runs ahead.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
}

def Prefetch : Pass<"tile-prefetch", "::mlir::ModuleOp"> {
  let summary = "Split pipelined mma.sync dots along K and read each "
                "iteration's first slice in the iteration before";
  let description = [{
    For an `scf.for` whose body waits for its copies (`tilegpu.async_wait`,
    before any `tilegpu.async_commit_group` of the body) and then reads both
    operands of a `tile.dot` with an mma version 2 accumulator from stages
    of rings allocated outside the loop (`tilegpu.local_load` of
    `tilegpu.buffer_index %ring[(x) rem S]`, S the ring's stages, the index
    computed from the induction variable and values from outside the loop
    only), the dot becomes one dot per K step of the instruction (`8 *
    kWidth`: 16 for f16 and bf16), each reading its window of the stage
    (`tilegpu.local_load ... at`), and the first step's windows are read
    ahead:

    - before the loop: the wait, and the first iteration's windows;
    - in the body: the products of every step but the last, each reading
      the next step's windows first; then the wait, moved from the top of
      the body (no group is committed in between, so it waits for the same
      copies), the next iteration's first windows (its index cloned for
      `iv + step`), and the last step's products; the windows read ahead
      are carried to the next iteration.

    The CTA barrier that `tile-insert-barriers` places after the wait then
    sits before the last step's products instead of before the first
    step's, with the warps' tensor cores still busy while they meet, and the
    first step's `ldmatrix` no longer waits behind it: before, every
    iteration started with all warps at the barrier and then all reading
    their first fragments at once, with nothing for the tensor cores to do
    (about a quarter of the samples of the 256x128x64 sm_80 kernel's loop,
    under Nsight Compute). The stage refilled at the top of the next
    iteration is another one than the stage read ahead, so the barrier
    analysis, which tracks the stage of each read, needs no second barrier.

    A loop is left alone unless that dot is its body's only mma.sync dot,
    its operands are in the accumulator's operand layouts, the two loads
    feed only the dot and are the body's only reads of shared memory after
    its one wait, and K holds at least two steps. It is also left alone
    when the registers a thread would hold at the end of an iteration (the
    accumulator, two steps of operands, an address per `ldmatrix` of every
    step) are estimated above 223 of its 255: with 128 accumulator
    registers and K 64, ptxas spills and the loop runs slower than unsplit.

    Triton's `TritonGPUPrefetch` does the same for its mma.sync loops.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect",
                           "::mlir::tilegpu::TileGPUDialect"];
}

def SplitCopyMasks : Pass<"tile-split-copy-masks", "::mlir::ModuleOp"> {
  let summary = "Run a pipelined loop as two: first the iterations in which "
                "its copies' bounds checks all hold, without them";
  let description = [{
    For an `scf.for` with a signed 32-bit induction variable and step 1
    whose body issues `tilegpu.async_copy_global_to_local` copies, the ops that
    compute the copies' masks (in the body, and before the loop in its
    block) are searched for signed compares (`slt`, `sle`, `sgt`, `sge`)
    whose two sides are ramps of the induction variable: sums and
    differences of the induction variable, constants and 32-bit values from
    outside the loop, products with constants, and for tensors their
    splats, `tile.make_range` offsets, and the expand_dims, broadcasts and
    layout conversions of those. A compare qualifies if its larger side
    falls against the smaller one as the loop goes on (`k0 + range < K`,
    the K bound of a step; `iv + 2 < n`, the pipeline's "is there an
    iteration that far ahead") or does not move (a row or column bound):
    it then holds on every element exactly for the iterations below a
    bound (all or none of them for one that does not move), computed
    before the loop in 64-bit arithmetic from the compare's run-time values,
    and only where neither side wraps in 32 bits from the lower bound to
    there.

    The loop becomes two: up to `max(lb, min(bound, ub))` a clone in which
    the compares are `true` (the clean-up folds the masks they feed: the
    copies of those iterations have none), and from there the loop as it
    was, carrying on the first one's results. The barrier analysis follows
    a ring's stages from the first loop into the second.

    On mma.sync kernels the per-element compares and zero-fill size selects
    of the copies are most of a warp's integer work between the products
    each K step (16% of the instructions of the 128x256x64 kernel); all but
    the last `num-stages - 1` iterations and a ragged K step, and every
    iteration of a block inside M and N, run without them. Run after
    `tile-pipeline`.

    A loop of at most two iterations (statically) split becomes straight
    line code: each part runs one iteration at most. That saves one
    iteration's checks but gives the register allocator two copies of the
    body; in a kernel near 255 registers this can cost spills instead (the
    loop's value is there in its carried registers), or save them. With
    `short-loops=false` such loops stay whole; otherwise the module gets
    `tilegpu.split_short_loops` where one is split, so that the compiler
    can lower it again without and keep the form that ptxas spills less.
  }];
  let options = [
    Option<"shortLoops", "short-loops", "bool", /*default=*/"true",
           "Split loops of at most two iterations too">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
}

def AllocateSharedMemory
    : Pass<"tile-allocate-shared-memory", "::mlir::ModuleOp"> {
  let summary = "Give every shared-memory buffer an offset";
  let description = [{
    Runs the allocation analysis and writes its result: `tilegpu.offset` (bytes
    from the function's shared-memory base) on every `tilegpu.local_alloc`, on
    every op that needs scratch (convert_layout, reductions and scans across
    warps, scalar atomics returning a value) and on every `tile.call` (where
    the callee's memory starts); `tilegpu.shared_memory` (bytes) on every
    function and, as the maximum over the kernels, on the module. A kernel
    that needs more shared memory than its target has is an error.
  }];
  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
}

def InsertBarriers : Pass<"tile-insert-barriers", "::mlir::ModuleOp"> {
  let summary = "Insert gpu.barrier exactly where shared-memory accesses conflict";
  let description = [{
    Runs the barrier analysis on every function (with the allocation the
    allocation analysis computes) and inserts a `gpu.barrier` right before
    every access that conflicts with one since the last barrier: a read
    after a write, a write after a read, or a write after a write of
    overlapping bytes, across branches and loop iterations. No other
    barrier is inserted, and existing barriers are taken into account, so
    running the pass twice changes nothing. Reading memory that an
    asynchronous copy may still be writing is an error: a barrier cannot
    order it, only `tilegpu.async_wait` (cp.async) or a `tilenv.wait_barrier` on
    the copy's mbarrier (TMA) can; so is invalidating an mbarrier that an
    issued TMA copy may still complete on, writing memory that an
    asynchronous warpgroup dot or a TMA store may still be reading (a
    TMA store's buffer is read until a `tilenv.async_tma_store_wait` retires
    it), and returning while a TMA store may still be reading.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::tilegpu::TileGPUDialect"];
}

#endif // TILE_DIALECT_TILEGPU_TRANSFORMS_PASSES
