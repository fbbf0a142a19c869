//===- Passes.td - tile conversion passes ------------------*- tablegen -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef TILE_CONVERSION_PASSES
#define TILE_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// TileToNVVM
//===----------------------------------------------------------------------===//

def PlanLowering : Pass<"tile-plan-lowering", "::mlir::ModuleOp"> {
  let summary = "Record the per-op choices of convert-tile-to-nvvm as "
                "attributes";
  let description = [{
    Decides, from the alignment analysis and the ops around them, how
    convert-tile-to-nvvm lowers some ops, and records it on them, where a
    reader of the IR and a test see it:

    - `tilegpu.vector_width`: the elements of each vector access of a
      `tile.load`, `tile.store` or `tilegpu.async_copy_global_to_local` (the
      contiguity and alignment of its pointers and the constancy of its
      mask).
    - `tilegpu.uniform_run`: on an integer element-wise op, the run of equal
      results along the fastest dimension (the alignment analysis'
      constancy, within a thread's contiguous elements) that each thread
      computes once: a mask `i < n` once per run, not per element.
    - `tilegpu.branched`: a masked `tile.store` whose value only it uses and
      is costly per element (exact division, libdevice calls) stays a
      branch, so that LLVM computes the value only where it is stored
      (others are predicated PTX stores); a `tilenv.barrier_expect` or
      `tilenv.async_tma_copy` after a `tile.dot` in a loop body is issued by
      the leader behind a branch the other warps jump over.

    - `tilenv.tensormap_box`: on a kernel's tensor-descriptor parameter
      that `tilenv.warpgroup_tma_store`s copy their chunks through, the box
      and swizzle of its tensor map (every use must be such a store with
      the same box: a tensor map has one).

    It marks the module `tilegpu.planned`; convert-tile-to-nvvm plans a
    module without the mark itself, and reads the plan of one with it.
  }];
}

def ConvertTileToNVVM : Pass<"convert-tile-to-nvvm", "::mlir::ModuleOp"> {
  let summary = "Distribute tile ops into per-thread code in a gpu.module";
  let description = [{
    Lowers the distributed level to per-thread code: kernels become
    `gpu.func` kernels in a `gpu.module` (`@tile_kernels`), each tensor
    becomes the scalars the current thread holds under its layout, and each
    op becomes the per-thread arithmetic, memory accesses (vectors as wide
    as the alignment analysis allows), warp shuffles and shared-memory
    exchanges it needs. The result holds arith, math, scf, gpu, llvm and
    nvvm ops, for convert-scf-to-cf and convert-gpu-to-nvvm.

    ABI: a kernel's arguments are its pointer (`!llvm.ptr<1>`), scalar and
    tensor-descriptor arguments in order (a descriptor is the address of a
    CUtensorMap the kernel receives by value: tile-tensor-map-params marks
    it once the kernel is an llvm.func); program ids are the grid's block
    ids; a block has
    `tilegpu.num-warps` * 32 threads; its dynamic shared memory is
    `tilegpu.shared_memory` bytes (the external `@global_smem`).

    Needs `tile-assign-layouts` (layouts), `tile-allocate-shared-memory`
    (offsets) and `tile-insert-barriers` first; device functions must be
    inlined. Unsupported constructs are reported as errors at their ops.

    Floating-point semantics are the arith and math ops': `arith.divf` is
    correctly rounded (`div.rn`) and `math.exp` is libdevice's `__nv_expf`,
    unless an f32 one allows approximation (`fastmath<afn>`): then they are
    Triton's `/` and `exp`, `div.full.f32` (2 ulp) and `ex2.approx.f32` of
    x * log2(e). An f32 `math.exp2`, `math.sqrt` or `math.rsqrt` allowing
    approximation is Triton's (and CUDA's fast math's): `ex2.approx.ftz`,
    `sqrt.approx.ftz` or `rsqrt.approx.ftz`, subnormals flushed to zero.
    Loads and stores keep their cache hints (`cacheModifier`,
    `evictionPolicy`) as PTX qualifiers and L2 cache hints (sm_80 and newer).

    With `fp-fusion` (the default, as nvcc's `--fmad` and Triton's
    `enable_fp_fusion`), floating-point multiplies, adds and subtracts in
    kernels may be contracted into fused multiply-adds (`fma.rn`), which
    round once instead of twice.

    `min-blocks-per-sm` is the second half of CUDA's `__launch_bounds__`
    (`nvvm.minctasm`, PTX `.minnctapersm`): ptxas limits each thread's
    registers so that that many blocks fit on one SM. Memory-bound kernels
    of 16 warps need two resident blocks to keep loads in flight across a
    block's reductions, and ptxas may otherwise settle just above the 64
    registers that allows.
  }];
  let options = [
    Option<"fpFusion", "fp-fusion", "bool", /*default=*/"true",
           "Allow floating-point multiply and add to fuse into fma">,
    Option<"minBlocksPerSM", "min-blocks-per-sm", "int", /*default=*/"0",
           "Blocks that should fit on one SM at once (PTX .minnctapersm): "
           "ptxas keeps registers per thread within that; 0: no bound">,
    Option<"ptxVersion", "ptx-version", "int", /*default=*/"83",
           "PTX ISA version x10 the kernels will be compiled with: eviction "
           "hints need 74 (PTX 7.4) or newer, tensor maps written in the "
           "kernel 83">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect", "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect", "::mlir::NVVM::NVVMDialect",
    "::mlir::cf::ControlFlowDialect", "::mlir::tilegpu::TileGPUDialect"
  ];
}

def TensorMapParams : Pass<"tile-tensor-map-params", "::mlir::ModuleOp"> {
  let summary = "Pass tensor descriptors by value, as __grid_constant__ parameters";
  let description = [{
    On every `llvm.func` kernel with `tilenv.tensormap_args` (its
    `!tile.tensordesc` parameters as `{index, type}`, which
    convert-tile-to-nvvm records and the kernel information reports), marks
    those parameters as a 128-byte CUtensorMap passed by value
    (`llvm.byval = !llvm.array<128 x i8>`, `llvm.align = 64`) and
    `nvvm.grid_constant`, so that TMA copies can use their address
    (`cvta.param`) instead of a local copy. Run
    after convert-gpu-to-nvvm (whose gpu.func lowering drops `byval`
    parameter attributes, and which verifies `nvvm.grid_constant` only on
    llvm.func kernels).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect", "::mlir::NVVM::NVVMDialect"];
}

#endif // TILE_CONVERSION_PASSES
