//===- TileNVGPUOps.cpp - tilenv operations -------------------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

#include "tile/Dialect/Tile/IR/OpUtils.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

void WarpgroupDotOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // The buffers are read from shared memory; a tensor a is in registers.
  for (OpOperand &operand : getOperation()->getOpOperands())
    if (isa<BufferType>(operand.get().getType()))
      effects.emplace_back(MemoryEffects::Read::get(), &operand,
                           SharedMemory::get());
}

/// A 16-bit a in registers: the accumulator layout of a dot with c's warps
/// whose instruction N is a's K.
static LogicalResult verifyRegisterA(WarpgroupDotOp op, RankedTensorType a,
                                     MmaLayoutAttr cLayout) {
  auto layout = dyn_cast_or_null<MmaLayoutAttr>(a.getEncoding());
  if (a.getRank() != 2 ||
      !(a.getElementType().isF16() || a.getElementType().isBF16()))
    return op.emitOpError() << "a in registers must be a rank-2 f16 or bf16 "
                               "tensor, got "
                            << a;
  if (!layout || !cLayout || layout.getVersionMajor() != 3 ||
      layout.getWarps() != cLayout.getWarps() ||
      layout.getInstrShape().size() != 3 || layout.getInstrShape()[0] != 16 ||
      layout.getInstrShape()[1] != a.getShape()[1])
    return op.emitOpError()
           << "a in registers needs a #tilegpu.mma version 3 layout with the "
              "accumulator's warps and instrShape [16, K, 16] (K = "
           << a.getShape()[1] << "), got " << a.getEncoding();
  return success();
}

LogicalResult WarpgroupDotOp::verify() {
  RankedTensorType c = getC().getType();
  if (auto tensorA = dyn_cast<RankedTensorType>(getA().getType()))
    if (failed(verifyRegisterA(
            *this, tensorA, dyn_cast_or_null<MmaLayoutAttr>(c.getEncoding()))))
      return failure();
  auto a = cast<ShapedType>(getA().getType());
  BufferType b = getB().getType();
  if (a.getRank() != 2 || b.getRank() != 2 || c.getRank() != 2)
    return emitOpError() << "operands must have rank 2, got a rank "
                         << a.getRank() << ", b rank " << b.getRank()
                         << ", c rank " << c.getRank();
  int64_t m = a.getShape()[0], k = a.getShape()[1], n = b.getShape()[1];
  if (b.getShape()[0] != k)
    return emitOpError() << "reduction dimensions differ: a is [" << m << ", "
                         << k << "], b is [" << b.getShape()[0] << ", " << n
                         << "]";
  if (c.getShape() != ArrayRef<int64_t>{m, n})
    return emitOpError() << "accumulator shape [" << c.getShape()
                         << "] does not match the product shape [" << m << ", "
                         << n << "]";
  Type element = a.getElementType();
  bool tf32 = element.isF32(), i8 = element.isInteger(8);
  // 8-bit floats: e4m3 and e5m2 in any pairing.
  bool fp8 = isa<Float8E4M3FNType, Float8E5M2Type>(element) &&
             isa<Float8E4M3FNType, Float8E5M2Type>(b.getElementType());
  if ((element != b.getElementType() && !fp8) ||
      !(element.isF16() || element.isBF16() || tf32 || i8 || fp8))
    return emitOpError() << "a and b must both be f16, both bf16, both f32 "
                            "(multiplied as tf32), both i8 or both 8-bit "
                            "floats (e4m3, e5m2), got "
                         << element << " and " << b.getElementType();
  // Read K-major only.
  bool kMajorOnly = tf32 || i8 || fp8;
  if (i8 ? !c.getElementType().isInteger(32) : !c.getElementType().isF32())
    return emitOpError() << "accumulates in " << (i8 ? "i32" : "f32")
                         << ", got " << c.getElementType();
  unsigned bits = element.getIntOrFloatBitWidth();
  SmallVector<std::pair<StringRef, BufferType>, 2> buffers;
  if (auto bufferA = dyn_cast<BufferType>(a))
    buffers.push_back({"a", bufferA});
  buffers.push_back({"b", b});
  for (auto [name, buffer] : buffers) {
    // a is read K-major (row-major). b (K x N) K-major (transposed) or, for
    // 16-bit operands, N-major (row-major) too: wgmma reads tf32, i8 and
    // fp8 operands K-major only.
    bool isB = name == "b";
    auto nvmma = dyn_cast<NVMMASharedLayoutAttr>(buffer.getEncoding());
    bool transposed = nvmma && nvmma.getTransposed();
    bool majorOk = isB ? transposed || !kMajorOnly : !transposed;
    StringRef required = !isB ? "row-major"
                         : kMajorOnly
                             ? "transposed (K-contiguous)"
                             : "row-major or transposed (K-contiguous)";
    if (!nvmma || !majorOk || nvmma.getElementBitWidth() != bits ||
        !llvm::is_contained({32u, 64u, 128u}, nvmma.getSwizzlingByteWidth()))
      return emitOpError()
             << name << " must be in a " << required << " " << bits
             << "-bit #tilegpu.nvmma_shared layout with a 32, 64 or 128-byte "
                "swizzle, got "
             << buffer.getEncoding();
    int64_t rowElements = nvmma.getSwizzlingByteWidth() / (bits / 8);
    int64_t rowLength = buffer.getShape()[transposed ? 0 : 1];
    if (rowLength % rowElements)
      return emitOpError() << name << "'s rows (" << rowLength
                           << " elements) are not a multiple of its "
                           << nvmma.getSwizzlingByteWidth() << "-byte swizzle";
  }
  auto mma = dyn_cast_or_null<MmaLayoutAttr>(c.getEncoding());
  if (!mma || mma.getVersionMajor() != 3)
    return emitOpError()
           << "accumulator needs a #tilegpu.mma version 3 layout, "
              "got "
           << c.getEncoding();
  ArrayRef<unsigned> warps = mma.getWarps();
  int64_t kStep = getMmaKStep(element), rows = 16 * int64_t(warps[0]);
  // Warpgroups side by side along N each compute N / warps[1] columns.
  int64_t instrN = mma.getInstrShape()[1];
  if (m % rows || k % kStep || n != instrN * warps[1])
    return emitOpError() << "needs M a multiple of " << rows
                         << " (16 rows a warp), K of " << kStep
                         << " and N the instruction's N times the warps "
                            "along N, got ["
                         << m << ", " << n << ", " << k << "], instrShape ["
                         << mma.getInstrShape() << "] and warps [" << warps
                         << "]";
  // Each warpgroup's B columns start a column block of its swizzle.
  auto layoutB = cast<NVMMASharedLayoutAttr>(b.getEncoding());
  int64_t blockB = layoutB.getSwizzlingByteWidth() / (bits / 8);
  if (warps[1] > 1 && !layoutB.getTransposed() && instrN % blockB)
    return emitOpError() << "splits N over " << warps[1] << " warpgroups of "
                         << instrN << " columns, not whole " << blockB
                         << "-column blocks of b's swizzle";
  if (isa<RankedTensorType>(getA().getType()) && warps[1] != 1)
    return emitOpError() << "a in registers needs all warps along M, got ["
                         << warps << "]";
  return success();
}

LogicalResult WarpgroupDotWaitOp::verify() {
  if (getInputs().empty())
    return emitOpError() << "needs at least one accumulator";
  if (getPendingsAttr().getInt() < 0)
    return emitOpError() << "pendings must not be negative, got "
                         << getPendingsAttr().getInt();
  if (getInputs().getTypes() != getOutputs().getTypes())
    return emitOpError() << "results must have the types of the inputs";
  Type element = getElementTypeOrSelf(getInputs().front().getType());
  for (Type type : getInputs().getTypes()) {
    auto mma = dyn_cast_or_null<MmaLayoutAttr>(
        cast<RankedTensorType>(type).getEncoding());
    if (!mma || mma.getVersionMajor() != 3)
      return emitOpError() << "waits for warpgroup dot accumulators "
                              "(#tilegpu.mma version 3), got "
                           << type;
    // What a warpgroup dot accumulates in; the wait passes them all through
    // one assembly statement, which takes one register kind.
    if (getElementTypeOrSelf(type) != element ||
        !(element.isF32() || element.isInteger(32)))
      return emitOpError() << "accumulators must be all f32 or all i32, got "
                           << type;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// mbarriers and TMA copies
//===----------------------------------------------------------------------===//

/// An mbarrier's buffer: one mutable i64.
static LogicalResult verifyBarrierBuffer(Operation *op, BufferType buffer) {
  if (buffer.getShape() != ArrayRef<int64_t>{1} ||
      !buffer.getElementType().isInteger(64) || !buffer.getMutableMemory())
    return op->emitOpError()
           << "an mbarrier is a mutable buffer of one i64, got " << buffer;
  return success();
}

LogicalResult InitBarrierOp::verify() {
  return verifyBarrierBuffer(*this, getBarrier().getType());
}

LogicalResult InvalBarrierOp::verify() {
  return verifyBarrierBuffer(*this, getBarrier().getType());
}

LogicalResult BarrierExpectOp::verify() {
  return verifyBarrierBuffer(*this, getBarrier().getType());
}

LogicalResult WaitBarrierOp::verify() {
  return verifyBarrierBuffer(*this, getBarrier().getType());
}

/// `op`'s cluster-wide form (named `what`) needs a module whose clusters
/// hold more than one CTA.
static LogicalResult verifyInCluster(Operation *op, StringRef what) {
  if (getClusterSize(op) > 1)
    return success();
  return op->emitOpError() << what << " needs a module of several CTAs per "
                           << "cluster ('"
                           << TileGPUDialect::getClusterSizeAttrName()
                           << "' > 1)";
}

LogicalResult ArriveBarrierOp::verify() {
  if (getCluster() && failed(verifyInCluster(*this, "'cluster'")))
    return failure();
  return verifyBarrierBuffer(*this, getBarrier().getType());
}

bool WarpSpecializeOp::computesTensors(Operation *op) {
  auto isTensor = [](Type type) { return isa<RankedTensorType>(type); };
  return !isa<arith::ConstantOp>(op) &&
         (llvm::any_of(op->getOperandTypes(), isTensor) ||
          llvm::any_of(op->getResultTypes(), isTensor));
}

/// The extra warp's thread coordinates lie outside the layouts: it must
/// compute no tensors and have no memory effects but the shared memory's
/// set-up.
Operation *WarpSpecializeOp::findUnsafeBefore(Operation *op) {
  Operation *unsafe = nullptr;
  op->walk([&](Operation *nested) {
    // Every thread runs a tensor map's writing (the first warp writes).
    bool setUp = isa<LocalAllocOp, BufferIndexOp, InitBarrierOp, gpu::BarrierOp,
                     ClusterBarrierOp, MakeTensorMapOp>(nested) &&
                 !computesTensors(nested);
    // Ops with regions are judged by what they hold.
    bool effects =
        nested->getNumRegions() == 0 && !setUp && !isMemoryEffectFree(nested);
    if (computesTensors(nested) || effects) {
      unsafe = nested;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return unsafe;
}

LogicalResult WarpSpecializeOp::verify() {
  Operation *op = getOperation();
  if (!isa<FuncOp>(op->getParentOp()))
    return emitOpError() << "must be in a tile.func's body, not nested in '"
                         << op->getParentOp()->getName() << "'";
  Operation *next = op->getNextNode();
  if (!next || !next->hasTrait<OpTrait::IsTerminator>())
    return emitOpError() << "must be the last op before the function's "
                            "return: the producer warp would run what follows";
  for (Region *region : {&getProducer(), &getDefaultRegion()})
    if (region->getNumArguments())
      return emitOpError() << "regions take no arguments";
  for (Operation &before : *op->getBlock()) {
    if (&before == op)
      break;
    if (Operation *unsafe = findUnsafeBefore(&before)) {
      InFlightDiagnostic diag =
          emitOpError() << "is preceded by '" << unsafe->getName()
                        << "', which its producer warp would run too: ops "
                           "before it must be scalar and free of memory "
                           "effects, but for the shared memory's set-up";
      diag.attachNote(unsafe->getLoc()) << "here";
      return diag;
    }
  }
  WalkResult walk = getProducer().walk([&](Operation *nested) {
    if (computesTensors(nested)) {
      emitOpError() << "producer region computes tensors ('"
                    << nested->getName()
                    << "'), but runs on one thread outside the layouts' warps";
      return WalkResult::interrupt();
    }
    if (isa<gpu::BarrierOp>(nested)) {
      emitOpError() << "producer region has a CTA barrier, which the "
                       "kernel's warps do not take part in";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

LogicalResult AsyncTMAStoreOp::verify() {
  TensorDescType desc = getDesc().getType();
  BufferType buffer = getSrc().getType();
  if (failed(verifyDescriptorAccess(*this, desc, getIndices(),
                                    buffer.getShape(), buffer.getElementType(),
                                    "buffer")))
    return failure();
  if (buffer.getEncoding() != getSharedLayout(desc))
    return emitOpError() << "TMA reads " << desc << " blocks in layout "
                         << getSharedLayout(desc) << ", not "
                         << buffer.getEncoding();
  return success();
}

LogicalResult WarpgroupTMAStoreOp::verify() {
  TensorDescType desc = getDesc().getType();
  auto value = cast<RankedTensorType>(getValue().getType());
  if (failed(verifyDescriptorAccess(*this, desc, getIndices(), value.getShape(),
                                    value.getElementType(), "value")))
    return failure();
  if (value.getElementTypeBitWidth() != 16)
    return emitOpError() << "writes 16-bit elements (stmatrix), got "
                         << value.getElementType();
  if (!hasWarpgroupRows(value)) {
    InFlightDiagnostic diag = emitOpError()
                              << "needs a #tilegpu.mma version 3 layout whose "
                                 "warpgroups each hold 64 whole rows "
                                 "(warpsPerCTA [W, 1], W a multiple of 4, 16 "
                                 "W rows, columns a multiple of the "
                                 "instruction's N), got ";
    if (value.getEncoding())
      diag << value.getEncoding();
    else
      diag << "no layout";
    return diag << " for " << value.getShape()[0] << "x" << value.getShape()[1];
  }
  BufferType buffer = getBuffer().getType();
  ArrayRef<int64_t> shape = buffer.getShape();
  if (buffer.getRank() != 3 || !buffer.getMutableMemory() ||
      buffer.getElementType() != value.getElementType() || shape[0] < 2 ||
      shape[1] != value.getShape()[0])
    return emitOpError() << "needs a mutable buffer of at least 2 slots of "
                         << value.getShape()[0] << " rows of "
                         << value.getElementType() << ", got " << buffer;
  int64_t columns = shape[2], blockColumns = value.getShape()[1];
  if (!llvm::is_contained({32, 64, 128}, columns * 2) ||
      blockColumns % columns || (blockColumns / columns) % shape[0])
    return emitOpError() << "needs chunks of 16, 32 or 64 columns (a 32, 64 "
                            "or 128-byte swizzle) that divide the block's "
                         << blockColumns
                         << " columns into a multiple of the slots ("
                         << shape[0] << "), got " << columns;
  auto expected = NVMMASharedLayoutAttr::get(getContext(), getSwizzle(),
                                             /*transposed=*/false, 16);
  if (buffer.getEncoding() != expected)
    return emitOpError() << "needs the buffer in layout " << expected
                         << " (TMA's for " << columns << "-column boxes), got "
                         << buffer.getEncoding();
  return success();
}

bool WarpgroupTMAStoreOp::hasWarpgroupRows(RankedTensorType value) {
  auto mma = dyn_cast_or_null<MmaLayoutAttr>(value.getEncoding());
  if (!mma || mma.getVersionMajor() != 3 || value.getRank() != 2)
    return false;
  ArrayRef<unsigned> warps = mma.getWarps();
  ArrayRef<unsigned> instr = mma.getInstrShape();
  return warps.size() == 2 && warps[1] == 1 && warps[0] % 4 == 0 &&
         value.getShape()[0] == 16 * int64_t(warps[0]) && instr.size() >= 2 &&
         value.getShape()[1] % instr[1] == 0;
}

SmallVector<int64_t> WarpgroupTMAStoreOp::getBox() {
  return {64, getBuffer().getType().getShape()[2]};
}

unsigned WarpgroupTMAStoreOp::getSwizzle() {
  return unsigned(getBuffer().getType().getShape()[2] * 2);
}

LogicalResult AsyncTMACopyOp::verify() {
  if (getMulticast() && failed(verifyInCluster(*this, "'multicast'")))
    return failure();
  if (failed(verifyBarrierBuffer(*this, getBarrier().getType())))
    return failure();
  TensorDescType desc = getDesc().getType();
  BufferType buffer = getResult().getType();
  if (failed(verifyDescriptorAccess(*this, desc, getIndices(),
                                    buffer.getShape(), buffer.getElementType(),
                                    "buffer")))
    return failure();
  if (!buffer.getMutableMemory())
    return emitOpError() << "cannot copy into an immutable buffer";
  if (buffer.getEncoding() != getSharedLayout(desc))
    return emitOpError() << "TMA writes " << desc << " blocks in layout "
                         << getSharedLayout(desc) << ", not "
                         << buffer.getEncoding();
  return success();
}

//===----------------------------------------------------------------------===//
// Asynchronous work (tilegpu::AsyncOpInterface)
//===----------------------------------------------------------------------===//

AsyncQueue WarpgroupDotOp::getAsyncQueue() { return AsyncQueue::DotGroups; }
/// A synchronous dot waits for every dot of its warpgroup, those issued
/// asynchronously before it too.
AsyncStep WarpgroupDotOp::getAsyncStep() {
  return getIsAsync() ? AsyncStep::Issue : AsyncStep::Wait;
}

AsyncQueue WarpgroupDotWaitOp::getAsyncQueue() { return AsyncQueue::DotGroups; }
AsyncStep WarpgroupDotWaitOp::getAsyncStep() { return AsyncStep::Wait; }
unsigned WarpgroupDotWaitOp::getAsyncPendingGroups() { return getPendings(); }

AsyncQueue AsyncTMACopyOp::getAsyncQueue() { return AsyncQueue::MBarrier; }
AsyncStep AsyncTMACopyOp::getAsyncStep() { return AsyncStep::Issue; }
Value AsyncTMACopyOp::getAsyncBarrier() { return getBarrier(); }
bool AsyncTMACopyOp::isAsyncIssueConditional() {
  return !matchPattern(getPred(), m_One());
}

AsyncQueue WaitBarrierOp::getAsyncQueue() { return AsyncQueue::MBarrier; }
AsyncStep WaitBarrierOp::getAsyncStep() { return AsyncStep::Wait; }
Value WaitBarrierOp::getAsyncBarrier() { return getBarrier(); }

AsyncQueue InvalBarrierOp::getAsyncQueue() { return AsyncQueue::MBarrier; }
AsyncStep InvalBarrierOp::getAsyncStep() { return AsyncStep::Invalidate; }
Value InvalBarrierOp::getAsyncBarrier() { return getBarrier(); }

AsyncQueue AsyncTMAStoreOp::getAsyncQueue() {
  return AsyncQueue::BulkReadGroups;
}
AsyncStep AsyncTMAStoreOp::getAsyncStep() { return AsyncStep::Issue; }

AsyncQueue AsyncTMAStoreWaitOp::getAsyncQueue() {
  return AsyncQueue::BulkReadGroups;
}
AsyncStep AsyncTMAStoreWaitOp::getAsyncStep() { return AsyncStep::Wait; }
unsigned AsyncTMAStoreWaitOp::getAsyncPendingGroups() { return getPendings(); }

AsyncQueue WarpgroupTMAStoreOp::getAsyncQueue() {
  return AsyncQueue::BulkReadGroups;
}
AsyncStep WarpgroupTMAStoreOp::getAsyncStep() { return AsyncStep::Issue; }
bool WarpgroupTMAStoreOp::ordersOwnAccesses() { return true; }

#define GET_OP_CLASSES
#include "tile/Dialect/TileNVGPU/IR/TileNVGPUOps.cpp.inc"

LogicalResult MakeTensorMapOp::verify() {
  TensorDescType desc = getType();
  PointerType slot = getSlot().getType(), base = getBase().getType();
  if (slot.getAddressSpace() != kGlobalAddressSpace ||
      !slot.getPointeeType().isInteger(8))
    return emitOpError() << "writes the map to global memory through a "
                            "!tile.ptr<i8>, got "
                         << slot;
  if (base.getAddressSpace() != kGlobalAddressSpace)
    return emitOpError() << "describes a tensor in global memory, got a "
                            "pointer to address space "
                         << base.getAddressSpace();
  if (base.getPointeeType() != desc.getElementType())
    return emitOpError() << "base points to " << base.getPointeeType()
                         << " but the descriptor's blocks hold "
                         << desc.getElementType();
  int64_t rank = desc.getShape().size();
  if (int64_t(getShape().size()) != rank)
    return emitOpError() << "needs " << rank << " sizes, one a dimension, got "
                         << getShape().size();
  if (!matchPattern(getStrides().back(), m_One()))
    return emitOpError() << "needs a last stride of constant 1 (a tensor "
                            "map's rows are contiguous)";
  if (std::string reason = getUncopiableReason(desc, /*wholeBlocks=*/true);
      !reason.empty())
    return emitOpError() << reason;
  if (getPadding() == PaddingOption::PAD_NAN &&
      !isa<FloatType>(desc.getElementType()))
    return emitOpError() << "NaN padding needs float elements, got "
                         << desc.getElementType();
  return success();
}

int64_t MakeTensorMapOp::getScratchBytes() { return kTensorMapBytes; }
