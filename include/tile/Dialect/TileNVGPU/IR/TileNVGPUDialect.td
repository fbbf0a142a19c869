//===- TileNVGPUDialect.td - the tilenv dialect ------------*- tablegen -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The dialect definition. Ops, types and attributes live in their own files.
//
//===----------------------------------------------------------------------===//

#ifndef TILENVGPU_DIALECT
#define TILENVGPU_DIALECT

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TileNVGPU_Dialect : Dialect {
  let name = "tilenv";
  let cppNamespace = "::mlir::tilenvgpu";
  let summary = "What NVIDIA's Hopper GPUs add to the distributed level";
  let description = [{
    Ops with no counterpart on other GPUs, each a thin layer over PTX of
    sm_90: asynchronous warpgroup matrix products (`tilenv.warpgroup_dot`,
    wgmma), mbarriers in shared memory (`tilenv.init_barrier`,
    `tilenv.wait_barrier`, ...), copies by the tensor memory accelerator
    (`tilenv.async_tma_copy`, `tilenv.async_tma_store`), cluster
    barriers and warp specialization (`tilenv.warp_specialize`). Its
    values are the `tilegpu` dialect's tensors with layouts and shared
    buffers; the passes that create these ops run after
    `tile-assign-layouts`, when the target is sm_90 or sm_90a.
  }];

  let dependentDialects = ["::mlir::tilegpu::TileGPUDialect"];
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;

  let extraClassDeclaration = [{
    /// On a lowered kernel: its tensor-descriptor parameters (CUtensorMaps
    /// passed by value) as `{index, type}` dictionaries, for
    /// tile-tensor-map-params and the kernel information.
    static constexpr ::llvm::StringLiteral getTensorMapArgsAttrName() {
      return ::llvm::StringLiteral("tilenv.tensormap_args");
    }
    /// On a kernel's tensor-descriptor parameter whose tensor map copies
    /// other boxes than the type's (`{box = array<i64: R, C>, swizzle =
    /// S : i32}`): tile-plan-lowering records the chunks
    /// tilenv.warpgroup_tma_stores copy through it.
    static constexpr ::llvm::StringLiteral getTensorMapBoxAttrName() {
      return ::llvm::StringLiteral("tilenv.tensormap_box");
    }
    /// On a kernel's last parameter (`!tile.ptr<i8>`), by
    /// tile-make-tensor-maps: the global scratch the launch provides, this
    /// many bytes a block (i64; the tensor maps the kernel writes); on the
    /// lowered kernel, the same bytes, for the kernel information.
    static constexpr ::llvm::StringLiteral getGlobalScratchAttrName() {
      return ::llvm::StringLiteral("tilenv.global_scratch");
    }
    /// Written by tile-schedule-loops, read by tile-pipeline: a loop whose
    /// copies a producer thread of an extra warp issues (unit, on the
    /// loop); a staged TMA load multicast to the cluster's CTAs (unit); a
    /// warpgroup dot left in flight, its products waited for by the next
    /// iteration ("carried": it accumulates into them) or after the next
    /// iteration's synchronous dot ("deferred").
    static constexpr ::llvm::StringLiteral getWarpSpecializedAttrName() {
      return ::llvm::StringLiteral("tilenv.warp_specialized");
    }
    static constexpr ::llvm::StringLiteral getMulticastAttrName() {
      return ::llvm::StringLiteral("tilenv.multicast");
    }
    static constexpr ::llvm::StringLiteral getAsyncDotAttrName() {
      return ::llvm::StringLiteral("tilenv.async_dot");
    }
    /// Written by convert-tile-to-nvvm when it splits a warp-specialized
    /// kernel: the scf.if of the producer thread (unit), and the one of the
    /// kernel's warps with their thread count (i32).
    static constexpr ::llvm::StringLiteral getProducerAttrName() {
      return ::llvm::StringLiteral("tilenv.producer");
    }
    static constexpr ::llvm::StringLiteral getKernelThreadsAttrName() {
      return ::llvm::StringLiteral("tilenv.kernel_threads");
    }
  }];
}

/// The phase and counts of mbarriers, which order their own updates.
def TileNVGPU_MBarrierState : Resource<"::mlir::tilenvgpu::MBarrierState">;

#endif // TILENVGPU_DIALECT
