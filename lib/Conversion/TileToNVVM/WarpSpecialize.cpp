//===- WarpSpecialize.cpp - producer thread and kernel warps --------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tilenv.warp_specialize becomes two scf.ifs on the thread id before the
// conversion proper: the kernel's warps (thread ids below numWarps * 32)
// run the default region, the first thread of the extra warp the producer
// region. The ifs are marked so that the patterns know who runs an op, and
// so that the CTA barriers the kernel's warps take (gpu.barrier, from
// tile-insert-barriers or a lowering) become a named barrier for just
// those threads: the producer never reaches them.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

static constexpr llvm::StringLiteral kProducerAttr =
    TileNVGPUDialect::getProducerAttrName();
static constexpr llvm::StringLiteral kKernelThreadsAttr =
    TileNVGPUDialect::getKernelThreadsAttrName();

/// The innermost enclosing op that carries `name`, if any.
static Operation *getEnclosingWith(Operation *op, StringRef name) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (parent->hasAttr(name))
      return parent;
  return nullptr;
}

bool mlir::tile::runsOnProducer(Operation *op) {
  return getEnclosingWith(op, kProducerAttr) != nullptr;
}

bool mlir::tile::hasProducer(Operation *kernel) {
  return kernel
      ->walk([](scf::IfOp split) {
        return split->hasAttr(kProducerAttr) ? WalkResult::interrupt()
                                             : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Moves the ops of `from` (a region of one block without terminator)
/// before the terminator of `to`.
static void moveInto(Region &from, Block *to) {
  to->getOperations().splice(to->getTerminator()->getIterator(),
                             from.front().getOperations());
}

void mlir::tile::splitWarpSpecialized(ModuleOp module, LoweringState &state) {
  SmallVector<WarpSpecializeOp> splits;
  module.walk([&](WarpSpecializeOp split) { splits.push_back(split); });
  for (WarpSpecializeOp split : splits) {
    OpBuilder b(split);
    Location loc = split.getLoc();
    ThreadIds ids = emitThreadIds(b, loc, state.threadsPerWarp);
    // On a warp index ptxas knows to be uniform, the branch keeps the
    // wgmma in it asynchronous (it serializes them in a branch it must take
    // as divergent, as it does on tid / 32).
    Value warp = emitUniformWarp(b, loc, ids, state.threadsPerWarp);
    Value kernelWarps = createI32(b, loc, state.numWarps);
    auto kernel = scf::IfOp::create(
        b, loc, TypeRange(),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, warp,
                              kernelWarps),
        /*withElseRegion=*/true);
    int64_t threads = int64_t(state.numWarps) * state.threadsPerWarp;
    kernel->setAttr(kKernelThreadsAttr, b.getI32IntegerAttr(threads));
    moveInto(split.getDefaultRegion(), kernel.thenBlock());
    b.setInsertionPoint(kernel.elseBlock()->getTerminator());
    auto producer = scf::IfOp::create(
        b, loc, TypeRange(),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, ids.lane,
                              createI32(b, loc, 0)),
        /*withElseRegion=*/false);
    producer->setAttr(kProducerAttr, b.getUnitAttr());
    moveInto(split.getProducer(), producer.thenBlock());
    split.erase();
  }
}

void mlir::tile::narrowKernelBarriers(ModuleOp module) {
  SmallVector<std::pair<gpu::BarrierOp, IntegerAttr>> barriers;
  module.walk([&](gpu::BarrierOp barrier) {
    if (Operation *kernel = getEnclosingWith(barrier, kKernelThreadsAttr))
      barriers.push_back(
          {barrier, cast<IntegerAttr>(kernel->getAttr(kKernelThreadsAttr))});
  });
  for (auto [barrier, threads] : barriers) {
    OpBuilder b(barrier);
    Location loc = barrier.getLoc();
    NVVM::BarrierOp::create(b, loc, Type(),
                            createI32(b, loc, kKernelWarpsBarrier),
                            createI32(b, loc, threads.getInt()),
                            NVVM::BarrierReductionAttr(), Value());
    barrier.erase();
  }
}
