//===- TestOps.td - ops that exist only for tests --------*- tablegen -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The tile_test dialect: ops that declare semantics the analyses read, with
// nothing else to them, so that a test shows an analysis following the
// declaration rather than a list of op classes. Registered in tile-opt only.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TEST_OPS
#define TILE_TEST_OPS

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tile/Dialect/TileGPU/IR/TileGPUInterfaces.td"
include "tile/Dialect/TileGPU/IR/TileGPUDialect.td"

def TileTest_Dialect : Dialect {
  let name = "tile_test";
  let cppNamespace = "::mlir::tile::test";
}


class TileTest_Op<string mnemonic, list<Trait> traits = []>
    : Op<TileTest_Dialect, mnemonic, traits>;

def TileTest_AllocSharedOp : TileTest_Op<"alloc_shared"> {
  let summary = "Allocates a shared-memory buffer (declared, nothing more)";
  let results = (outs Res<AnyType, "", [MemAlloc<TileGPU_SharedMemory>]>:$buffer);
  let assemblyFormat = "attr-dict `:` qualified(type($buffer))";
}

def TileTest_ReadSharedOp : TileTest_Op<"read_shared"> {
  let summary = "Reads a shared-memory buffer (declared, nothing more)";
  let arguments = (ins Arg<AnyType, "", [MemRead<TileGPU_SharedMemory>]>:$buffer);
  let assemblyFormat = "$buffer attr-dict `:` qualified(type($buffer))";
}

def TileTest_WriteSharedOp : TileTest_Op<"write_shared"> {
  let summary = "Writes a shared-memory buffer (declared, nothing more)";
  let arguments = (ins Arg<AnyType, "", [MemWrite<TileGPU_SharedMemory>]>:$buffer);
  let assemblyFormat = "$buffer attr-dict `:` qualified(type($buffer))";
}

def TileTest_AsyncWriteSharedOp : TileTest_Op<"async_write_shared", [
    DeclareOpInterfaceMethods<TileGPU_AsyncOpInterface>]> {
  let summary = "Starts writing a shared-memory buffer as a cp.async would";
  let arguments = (ins Arg<AnyType, "", [MemWrite<TileGPU_SharedMemory>]>:$buffer);
  let assemblyFormat = "$buffer attr-dict `:` qualified(type($buffer))";
}

def TileTest_AsyncReadSharedOp : TileTest_Op<"async_read_shared", [
    DeclareOpInterfaceMethods<TileGPU_AsyncOpInterface>]> {
  let summary = "Starts reading a shared-memory buffer as a bulk copy would";
  let arguments = (ins Arg<AnyType, "", [MemRead<TileGPU_SharedMemory>]>:$buffer);
  let assemblyFormat = "$buffer attr-dict `:` qualified(type($buffer))";
}

def TileTest_AsyncWaitReadsOp : TileTest_Op<"async_wait_reads", [
    DeclareOpInterfaceMethods<TileGPU_AsyncOpInterface, ["getAsyncPendingGroups"]>]> {
  let summary = "Waits for the bulk reads of all but `pending` groups";
  let arguments = (ins I32Attr:$pending);
  let assemblyFormat = "attr-dict";
}

def TileTest_ScratchOp : TileTest_Op<"scratch", [
    DeclareOpInterfaceMethods<TileGPU_ScratchOpInterface>]> {
  let summary = "Uses `bytes` of scratch (declared, nothing more)";
  let arguments = (ins I64Attr:$bytes);
  let assemblyFormat = "attr-dict";
}

#endif // TILE_TEST_OPS
