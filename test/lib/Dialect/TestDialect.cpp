//===- TestDialect.cpp - ops that exist only for tests --------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "TestDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tile::test;

#include "TestOpsDialect.cpp.inc"

void TileTestDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "TestOps.cpp.inc"
      >();
}

using tilegpu::AsyncQueue;
using tilegpu::AsyncStep;

AsyncQueue AsyncWriteSharedOp::getAsyncQueue() {
  return AsyncQueue::CopyGroups;
}
AsyncStep AsyncWriteSharedOp::getAsyncStep() { return AsyncStep::Issue; }

AsyncQueue AsyncReadSharedOp::getAsyncQueue() {
  return AsyncQueue::BulkReadGroups;
}
AsyncStep AsyncReadSharedOp::getAsyncStep() { return AsyncStep::Issue; }

AsyncQueue AsyncWaitReadsOp::getAsyncQueue() {
  return AsyncQueue::BulkReadGroups;
}
AsyncStep AsyncWaitReadsOp::getAsyncStep() { return AsyncStep::Wait; }
unsigned AsyncWaitReadsOp::getAsyncPendingGroups() { return getPending(); }

int64_t ScratchOp::getScratchBytes() { return getBytes(); }

#define GET_OP_CLASSES
#include "TestOps.cpp.inc"

namespace mlir::tile::test {
void registerTestDialect(DialectRegistry &registry) {
  registry.insert<TileTestDialect>();
}
} // namespace mlir::tile::test
