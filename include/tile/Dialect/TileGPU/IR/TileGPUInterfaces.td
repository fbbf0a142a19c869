//===- TileGPUInterfaces.td - tilegpu op interfaces -------*- tablegen -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Op interfaces the analyses read instead of lists of op classes.
//
//===----------------------------------------------------------------------===//

#ifndef TILEGPU_INTERFACES
#define TILEGPU_INTERFACES

include "mlir/IR/OpBase.td"

def TileGPU_AsyncOpInterface : OpInterface<"AsyncOpInterface"> {
  let cppNamespace = "::mlir::tilegpu";
  let description = [{
    An op that takes part in shared-memory work completing after the op
    returns: it issues such work, closes a group of it, waits for it, or
    invalidates the mbarrier it completes on. `getAsyncQueue` names the
    hardware mechanism (`tilegpu::AsyncQueue`: cp.async groups, wgmma
    groups, bulk async-groups, mbarrier phases), which says whether the
    work writes or reads shared memory and how it is grouped; the op's
    memory effects on `tilegpu::SharedMemory` say where. The barrier
    analysis follows these declarations: an issue's accesses are in flight
    (no CTA barrier orders them) until a wait on the same queue retires
    them, so a new op that declares its step gets the same checks and
    barriers as tile's own.
  }];
  let methods = [
    InterfaceMethod<"The mechanism the op's asynchronous work completes by.",
      "::mlir::tilegpu::AsyncQueue", "getAsyncQueue">,
    InterfaceMethod<"What the op does on its queue.",
      "::mlir::tilegpu::AsyncStep", "getAsyncStep">,
    InterfaceMethod<[{
      A wait on a group queue: how many of the most recent groups it leaves
      in flight.
    }], "unsigned", "getAsyncPendingGroups", (ins), "", [{ return 0; }]>,
    InterfaceMethod<[{
      On the mbarrier queue: the barrier an issue completes on, or that a
      wait or an invalidation is of.
    }], "::mlir::Value", "getAsyncBarrier", (ins), "", [{ return {}; }]>,
    InterfaceMethod<[{
      An issue that may not happen at run time (its predicate is not known
      to hold): invalidating its mbarrier without a wait is then allowed.
    }], "bool", "isAsyncIssueConditional", (ins), "", [{ return false; }]>,
    InterfaceMethod<[{
      An issue whose threads also write the shared memory the work then
      reads, and which orders those writes against the work itself and
      against its own earlier runs: the writes count as the op's only once
      a wait retires the work.
    }], "bool", "ordersOwnAccesses", (ins), "", [{ return false; }]>,
  ];
}

def TileGPU_ScratchOpInterface : OpInterface<"ScratchOpInterface"> {
  let cppNamespace = "::mlir::tilegpu";
  let description = [{
    An op whose lowering exchanges values between threads through shared
    memory that is not one of its operands: `getScratchBytes` says how
    much (0 where this instance needs none). The allocation gives each
    such op a scratch buffer of that size, live at the op alone, and the
    barrier analysis orders it against the accesses around it, so a new
    op that declares it gets both with no change to either. tile's ops
    (reductions and scans across warps, gathers, histograms, atomics whose
    old value every thread reads, the ops that change layout) get it from
    this dialect as external models, since the tile level knows no shared
    memory.
  }];
  let methods = [
    InterfaceMethod<"Bytes of scratch the op's lowering uses.",
      "int64_t", "getScratchBytes">,
  ];
}

#endif // TILEGPU_INTERFACES
