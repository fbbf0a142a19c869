//===- TileDialect.h - the tile dialect -------------------------*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Declares the tile dialect, its types and its ops. Include this header to use
// any of them.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TILEDIALECT_H
#define TILE_TILEDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "tile/TileOpsDialect.h.inc"

#include "tile/TileEnums.h.inc"

#include "tile/TileLayoutInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tile/TileLayouts.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tile/TileOpsTypes.h.inc"

namespace mlir::tile {

/// Global memory, as the resource that tile's loads, stores and atomics touch.
struct GlobalMemory : public SideEffects::Resource::Base<GlobalMemory> {
  llvm::StringRef getName() final { return "<tile::GlobalMemory>"; }
};

/// Shared memory, as the resource of buffer allocation, reads and writes.
struct SharedMemory : public SideEffects::Resource::Base<SharedMemory> {
  llvm::StringRef getName() final { return "<tile::SharedMemory>"; }
};

/// The state of mbarriers (phase, pending arrivals and transaction bytes):
/// arrivals, expectations and copies' completions update it atomically, and
/// the mbarrier orders them itself, so no CTA barrier is needed between
/// them; initializing and invalidating an mbarrier write its shared memory.
struct MBarrierState : public SideEffects::Resource::Base<MBarrierState> {
  llvm::StringRef getName() final { return "<tile::MBarrierState>"; }
};

} // namespace mlir::tile

namespace mlir::OpTrait::tile {

/// An op whose writes to shared memory (its MemWrite effects on
/// tile::SharedMemory) land asynchronously, after the op returns: they are
/// complete once a wait says so (tile.async_wait for cp.async groups,
/// tile.wait_barrier for copies that complete on an mbarrier), not at the
/// next CTA barrier.
template <typename ConcreteType>
class AsyncSharedWrites : public TraitBase<ConcreteType, AsyncSharedWrites> {};

} // namespace mlir::OpTrait::tile

namespace mlir::tile {

/// The layout encoding of `type` if it is a tensor with a distributed layout.
DistributedLayoutAttr getDistributedLayout(Type type);

/// Elements of each dimension one thread holds contiguously in `layout`
/// (1 for layouts other than blocked).
llvm::SmallVector<unsigned> getSizePerThread(DistributedLayoutAttr layout);

/// A blocked layout for `shape` with the given elements per thread and
/// dimension order: threads of a warp, then warps, are spread from the
/// fastest-varying dimension, each dimension taking as many as it has room
/// for; what is left over replicates along the slowest dimension.
BlockedLayoutAttr getBlockedLayout(MLIRContext *context,
                                   llvm::ArrayRef<int64_t> shape,
                                   llvm::ArrayRef<unsigned> sizePerThread,
                                   llvm::ArrayRef<unsigned> order,
                                   unsigned numWarps, unsigned threadsPerWarp);

/// The block of a tensor that `layout`'s threads cover once before their
/// elements repeat (per dimension: elements per thread, times threads,
/// times warps; for mma accumulators, 16 rows per warp along M and 8
/// columns, times the warps along N for mma.sync), and nullopt for layouts
/// that are not distributed as blocks (slices, dot operands, wgmma
/// accumulators with warps along N). Element i of a thread along a
/// dimension lies in repetition i / (elements of the thread per
/// repetition), whatever the thread.
std::optional<llvm::SmallVector<int64_t>> getRepetitionShape(Attribute layout);

/// The default layout of the distributed level: one element per thread,
/// row-major order.
BlockedLayoutAttr getDefaultBlockedLayout(MLIRContext *context,
                                          llvm::ArrayRef<int64_t> shape,
                                          unsigned numWarps,
                                          unsigned threadsPerWarp);

/// The layout of tile.trans's result that makes it a renaming of registers:
/// `src` with its dimensions permuted by `order`.
BlockedLayoutAttr getPermutedLayout(BlockedLayoutAttr src,
                                    llvm::ArrayRef<int32_t> order);

/// The layout of tile.join's result (and tile.split's operand) that keeps
/// both halves of a pair on one thread: `src` with a new fastest dimension of
/// size 2 held entirely by each thread.
BlockedLayoutAttr getPairLayout(BlockedLayoutAttr src);

/// The dimensions of tile.reshape's source that become `count` dimensions of
/// its result: `{dim, count}` when `dstShape` is `srcShape` with dimension
/// `dim` split into `count` dimensions (count 1: the same shape).
std::optional<std::pair<unsigned, unsigned>>
getReshapeSplit(llvm::ArrayRef<int64_t> srcShape,
                llvm::ArrayRef<int64_t> dstShape);

/// The layout of tile.reshape's result that makes it a renaming of
/// registers: a dimension that each thread of `src` holds entirely, split
/// into dimensions that each thread holds entirely. Null otherwise.
BlockedLayoutAttr getReshapedLayout(BlockedLayoutAttr src,
                                    llvm::ArrayRef<int64_t> srcShape,
                                    llvm::ArrayRef<int64_t> dstShape);

/// The layout of tile.split's results that makes it a renaming of
/// registers (the inverse of getPairLayout): null unless `src`'s fastest
/// dimension is a pair held by each thread.
BlockedLayoutAttr getUnpairedLayout(BlockedLayoutAttr src);

/// Whether `op` (trans, join, split, reshape, cat, convert_layout) moves
/// elements between threads, and so goes through shared memory.
bool movesDataBetweenThreads(Operation *op);

/// Whether layouts `a` and `b` place every element of a tensor on the same
/// threads in the same register order, so that converting between them
/// moves nothing.
bool isSameDistribution(Attribute a, Attribute b);

/// `type` (a tensor) with `encoding`.
RankedTensorType withEncoding(Type type, Attribute encoding);

/// Why mma.sync cannot compute `a` x `b` + `c` under `precision` (2-D;
/// f16 or bf16 operands with f32 accumulators and K a multiple of 16, f32
/// operands as tf32 or tf32x3 with K a multiple of 8, or i8 operands with
/// i32 accumulators and K a multiple of 32), or an empty string.
StringRef whyNotMmaSync(RankedTensorType a, RankedTensorType b,
                        RankedTensorType c, InputPrecision precision);

/// Checks an access of one block of `desc` at `indices` producing a value of
/// `shape` and `element` (a tensor or buffer): one index per dimension, one
/// block's shape and element type.
LogicalResult verifyDescriptorAccess(Operation *op, TensorDescType desc,
                                     ValueRange indices,
                                     ArrayRef<int64_t> shape, Type element,
                                     StringRef what);

/// A lowered kernel's tensor-descriptor parameter: its index and type, and
/// the box and swizzle of its tensor map (the type's, unless the lowering
/// recorded others: a warpgroup_tma_store's chunks).
struct TensorMapArg {
  int64_t index;
  TensorDescType type;
  SmallVector<int64_t, 2> box;
  unsigned swizzle;
};
/// The tensor-descriptor parameters of a lowered kernel
/// (`tile.tensormap_args`, which convert-tile-to-nvvm records). Entries with
/// index -1 and a null type where the attribute is malformed; none without
/// it.
SmallVector<TensorMapArg> getTensorMapArgs(Operation *kernel);

/// The buffer of one mbarrier (`stages` 0), or of a ring of `stages`.
BufferType getMBarrierType(MLIRContext *context, int64_t stages = 0);

/// The widest NVMMA swizzle (128, 64 or 32 bytes) that divides rows of
/// `rowBytes`, or 0: wgmma and TMA read and write such rows in column blocks
/// of that width.
unsigned getNVMMASwizzle(int64_t rowBytes);

/// A shared buffer's layout (a swizzled or NVMMA encoding) as the lowering
/// addresses it: rows along the dimensions of `order` but the first, of the
/// first dimension's elements;
/// 16-byte groups of `vec` elements of a row XOR-permuted by
/// (row / perPhase) % maxPhase. With `blockElements`, rows are cut into
/// blocks of that many elements, stored one block after another (the NVMMA
/// layout of rows wider than its swizzle).
struct SharedTiling {
  unsigned vec = 1, perPhase = 1, maxPhase = 1;
  SmallVector<unsigned> order;
  int64_t blockElements = 0;
};
SharedTiling getSharedTiling(BufferType buffer);

/// Elements per vector of a copy into `buffer` from vectors of `width`
/// elements along the source tensor's dimension `fastestDim`: `width` where
/// each vector stays contiguous in the buffer's layout, else 1.
unsigned getCopyVectorWidth(BufferType buffer, unsigned fastestDim,
                            unsigned width);

/// Whether a copy into shared memory of `bytes`-byte vectors, reading
/// `other` where masked off, can be a cp.async: 4, 8 or 16 bytes, and no
/// `other` or a splat of 0 or +0.0 (masked lanes copy 0 bytes and
/// zero-fill).
bool isAsyncCopyable(int64_t bytes, Value other);

/// Consecutive K elements of an mma.sync operand a thread holds in one
/// 32-bit register (the dot_op layout's kWidth): 2 16-bit elements, 4 i8,
/// 1 tf32.
unsigned getMmaKWidth(Type element);

/// K of one mma.sync or wgmma instruction (32 bytes of K), eight times
/// kWidth: m16n8k16 / m64nNk16 for 16-bit operands, k8 for tf32, k32 for
/// i8.
inline int64_t getMmaKStep(Type element) { return 8 * getMmaKWidth(element); }

/// The warps per block of the distributed level (`tile.num-warps` on `op`,
/// the module). Without it, emits "`pass` needs the distributed level
/// (tile.num-warps): run tile-assign-layouts first" on `op` and fails.
FailureOr<unsigned> getNumWarpsOrError(Operation *op, StringRef pass);

/// Whether `size` CTAs may form a cluster: a power of two from 1 to 8 (the
/// portable cluster size). The attribute's verifier, tile-assign-layouts and
/// the C API's options all hold it to this.
bool isValidClusterSize(int64_t size);

/// The CTAs per cluster of `op`'s module (tile.cluster-size; `op` may be
/// the module): 1 without the attribute.
unsigned getClusterSize(Operation *op);

/// The SM version of a target "sm_NN" (a suffix such as "a" allowed), or 0.
unsigned parseSmVersion(StringRef target);

/// Whether a target "sm_NNa" has the architecture-specific features of its
/// SM version (sm_90a: wgmma), which run on that version only.
bool hasArchSpecificFeatures(StringRef target);

/// The target name "sm_NN", or "sm_NNa" with the architecture-specific
/// features: the inverse of the two above.
std::string getTargetName(unsigned sm, bool archSpecific);

/// The type a load through `ptrType` yields: the pointee for a scalar pointer,
/// a tensor of the pointee (same shape and encoding) for a tensor of pointers.
/// Returns null when `ptrType` is neither.
Type getPointeeType(Type ptrType);

/// `ptrType` with its element type replaced by `i1`: the type of a mask.
Type getI1SameShape(Type type);

/// The shape of `type` if it is a ranked tensor, the empty shape otherwise.
llvm::ArrayRef<int64_t> getShapeOrScalar(Type type);

} // namespace mlir::tile

#define GET_OP_CLASSES
#include "tile/TileOps.h.inc"

#endif // TILE_TILEDIALECT_H
