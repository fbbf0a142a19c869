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

  let extraClassDeclaration = [{
    /// On a lowered kernel: its tensor-descriptor parameters (CUtensorMaps
    /// passed by value) as `{index, type}` dictionaries, for
    /// tile-tensor-map-params and the kernel information.
    static constexpr ::llvm::StringLiteral getTensorMapArgsAttrName() {
      return ::llvm::StringLiteral("tilenv.tensormap_args");
    }

  }];
}

/// The phase and counts of mbarriers, which order their own updates.
def TileNVGPU_MBarrierState : Resource<"::mlir::tilenvgpu::MBarrierState">;

#endif // TILENVGPU_DIALECT
