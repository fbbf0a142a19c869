//===- TileGPUDialect.h - the tilegpu dialect -------------------*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Declares the tilegpu dialect (the distributed level): its layout
// encodings, shared-memory buffers and ops, and the helpers that reason about
// layouts.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILEGPU_IR_TILEGPUDIALECT_H
#define TILE_DIALECT_TILEGPU_IR_TILEGPUDIALECT_H

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "tile/Dialect/TileGPU/IR/TileGPUOpsDialect.h.inc"

#include "tile/Dialect/TileGPU/IR/TileGPULayoutInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tile/Dialect/TileGPU/IR/TileGPULayouts.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tile/Dialect/TileGPU/IR/TileGPUOpsTypes.h.inc"

namespace mlir::tilegpu {

/// Shared memory, as the resource of buffer allocation, reads and writes.
struct SharedMemory : public SideEffects::Resource::Base<SharedMemory> {
  llvm::StringRef getName() final { return "<tilegpu::SharedMemory>"; }
};

} // namespace mlir::tilegpu

namespace mlir::tilegpu {

/// The mechanisms by which shared-memory work completes after the op that
/// issues it (tilegpu::AsyncOpInterface).
enum class AsyncQueue {
  /// cp.async: writes, closed into groups by a commit; a wait that leaves
  /// N groups in flight completes the older ones for the issuing thread.
  CopyGroups,
  /// wgmma: reads of the operands in shared memory, one group per issue;
  /// completed by a wait that leaves N groups in flight.
  DotGroups,
  /// Bulk copies out of shared memory (TMA stores): reads, one bulk
  /// async-group per issue; completed by a wait that leaves N in flight.
  BulkReadGroups,
  /// TMA copies into shared memory: writes that complete on an mbarrier's
  /// phase, visible to every thread that waits on it.
  MBarrier,
};

/// What an op does on its queue.
enum class AsyncStep { Issue, Commit, Wait, Invalidate };

/// Whether the work of `queue` reads shared memory (else it writes it).
inline bool readsSharedMemory(AsyncQueue queue) {
  return queue == AsyncQueue::DotGroups || queue == AsyncQueue::BulkReadGroups;
}

/// Whether each issue on `queue` is a group of its own (else a commit
/// closes the issues before it into one).
inline bool groupsEachIssue(AsyncQueue queue) {
  return queue == AsyncQueue::DotGroups || queue == AsyncQueue::BulkReadGroups;
}

} // namespace mlir::tilegpu

#include "tile/Dialect/TileGPU/IR/TileGPUInterfaces.h.inc"

namespace mlir::tilegpu {

using tile::InputPrecision;
using tile::TensorDescType;

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
/// columns, times the warps along N for mma.sync; a wgmma accumulator with
/// warpgroups along N, the instruction's N columns times them), and
/// nullopt for layouts that are not distributed as blocks (slices, dot
/// operands). Element i of a thread along a
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

/// Whether `op` computes its one result's elements each from the same
/// elements of its operands, with no memory or control effects, so that it
/// can be computed again in another layout. Not necessarily speculatable: a
/// division qualifies, since the layout rewrites compute the copy where a
/// use of the original's result already is, after the original has run on
/// the same elements.
bool isPureElementwise(Operation *op);

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

/// The swizzled layout a blocked tensor `type` is stored in for an mma.sync
/// operand, which ldmatrix reads without bank conflicts: 16-byte groups
/// (`vec` elements) XOR-permuted so that the 8 rows of one 8x8 matrix (one
/// 16-byte piece each) fall in the 8 different 16-byte bank groups of a
/// 128-byte line. Rows shorter than 128 bytes share a phase (perPhase).
/// The same keeps tf32 and i8 operands' element loads (a lane's K element
/// of 8 rows, or of 4 rows and 2 groups) in distinct bank groups.
/// Null for other tensors.
SwizzledSharedLayoutAttr getOperandSharedLayout(RankedTensorType type);

/// The layout of a buffer in `layout` seen with its dimensions permuted by
/// `order` (result dimension i is source dimension order[i]): the same
/// bytes at the same coordinates. A swizzled layout's order is permuted, a
/// 2-D NVMMA layout's `transposed` flag flips when the dimensions swap;
/// null for a swizzled layout that does not cover every dimension.
Attribute getTransposedSharedLayout(Attribute layout, ArrayRef<int32_t> order);

/// Consecutive K elements of an mma.sync operand a thread holds in one
/// 32-bit register (the dot_op layout's kWidth): 2 16-bit elements, 4 i8,
/// 1 tf32.
unsigned getMmaKWidth(Type element);

/// K of one mma.sync or wgmma instruction (32 bytes of K), eight times
/// kWidth: m16n8k16 / m64nNk16 for 16-bit operands, k8 for tf32, k32 for
/// i8.
inline int64_t getMmaKStep(Type element) { return 8 * getMmaKWidth(element); }

/// The warps per block of the distributed level (`tilegpu.num-warps` on `op`,
/// the module). Without it, emits "`pass` needs the distributed level
/// (tilegpu.num-warps): run tile-assign-layouts first" on `op` and fails.
FailureOr<unsigned> getNumWarpsOrError(Operation *op, StringRef pass);

/// The threads per warp of the distributed level (`tilegpu.threads-per-warp`
/// on `op`, the module), 32 where it is not given.
unsigned getThreadsPerWarp(Operation *op);

/// Whether `size` CTAs may form a cluster: a power of two from 1 to 8 (the
/// portable cluster size). The attribute's verifier, tile-assign-layouts and
/// the C API's options all hold it to this.
bool isValidClusterSize(int64_t size);

/// The CTAs per cluster of `op`'s module (tilegpu.cluster-size; `op` may be
/// the module): 1 without the attribute.
unsigned getClusterSize(Operation *op);

/// The widest NVMMA swizzle (128, 64 or 32 bytes) that divides rows of
/// `rowBytes`, or 0: wgmma and TMA read and write such rows in column blocks
/// of that width.
unsigned getNVMMASwizzle(int64_t rowBytes);

/// Why tile cannot copy the blocks of `desc`, or an empty string: a
/// descriptor that reaches this level (a kernel argument, or one made in the
/// kernel as a tensor map) has blocks TMA copies into NVMMA-swizzled
/// buffers, so its sides are 1 to 256 (a TMA
/// box) and its rows a multiple of 32 bytes (a swizzle); with `wholeBlocks`
/// (a load, store or reduction of one block, not rows picked by index) its
/// row count is a multiple of 8 too (whole swizzle repetitions keep every
/// stage of a ring and every column block aligned). Descriptors made in a
/// kernel that are rewritten to pointers at the tile level are bound by
/// none of this.
std::string getUncopiableReason(TensorDescType desc, bool wholeBlocks);

/// Whether the descriptor `make` makes can be a tensor map the kernel
/// writes (on sm_90a): made in a kernel's entry block, so that every thread
/// writes it once, with rows of stride 1, used only by loads, stores and
/// reductions of whole blocks that TMA copies (getUncopiableReason). Others
/// are rewritten into pointer accesses.
bool canMakeTensorMap(tile::MakeTensorDescOp make);

/// The shared layout the blocks of `desc` land in: rows cut into column
/// blocks of the tensor map's swizzle.
NVMMASharedLayoutAttr getSharedLayout(TensorDescType desc);

} // namespace mlir::tilegpu

#define GET_OP_CLASSES
#include "tile/Dialect/TileGPU/IR/TileGPUOps.h.inc"

#endif // TILE_DIALECT_TILEGPU_IR_TILEGPUDIALECT_H
