//===- Lowering.h - shared pieces of convert-tile-to-nvvm -------*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef TILE_LIB_CONVERSION_TILETONVVM_LOWERING_H
#define TILE_LIB_CONVERSION_TILETONVVM_LOWERING_H

#include "Distribution.h"

#include "tile/Analysis/Alignment.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tile {

/// What every pattern needs to know about the module being lowered.
struct LoweringState {
  unsigned numWarps = 4;
  unsigned threadsPerWarp = 32;
  /// The target's SM version (tilegpu.target), 0 when not set, and the PTX ISA
  /// version (x10) the kernels will be compiled with.
  unsigned sm = 0;
  unsigned ptxVersion = 83;
  /// Blocks that should fit on one SM (nvvm.minctasm); 0: no bound.
  unsigned minBlocksPerSM = 0;
  /// CTAs per cluster along x (tilegpu.cluster-size; nvvm.cluster_dim).
  unsigned clusterSize = 1;
  /// The module has warpgroup dots or TMA stores: shared memory written
  /// through the generic proxy (stores, cp.async) is fenced for the async
  /// proxy (wgmma's and TMA's reads).
  bool asyncProxyReads = false;
};

/// A conversion pattern with the lowering state at hand.
template <typename OpTy> struct TilePattern : public OpConversionPattern<OpTy> {
  TilePattern(const TypeConverter &converter, MLIRContext *context,
              const LoweringState &state)
      : OpConversionPattern<OpTy>(converter, context), state(state) {}
  const LoweringState &state;
};

/// The name of the external shared-memory array every kernel uses.
constexpr llvm::StringLiteral kSharedMemorySymbol = "global_smem";

Value createI32(OpBuilder &b, Location loc, int64_t value);

/// A vector of `elements` (one type), and the elements of a vector.
Value packVector(OpBuilder &b, Location loc, ValueRange elements);
SmallVector<Value> unpackVector(OpBuilder &b, Location loc, Value vector);

/// The base of the kernel's dynamic shared memory (!llvm.ptr<3>).
Value getSharedBase(OpBuilder &b, Location loc);
/// `base` advanced by `bytes` (an i32 value).
Value addBytes(OpBuilder &b, Location loc, Value base, Value bytes);
/// The op's shared-memory offset (tilegpu.offset), as a pointer.
FailureOr<Value> getScratchPointer(OpBuilder &b, Operation *op);

/// Bytes one element of `type` takes in memory (i1 takes a byte).
int64_t getElementBytes(Type type);
/// Stores/loads a scalar to/from shared memory at `ptr` (i1 goes as i8).
void storeShared(OpBuilder &b, Location loc, Value value, Value ptr);
Value loadShared(OpBuilder &b, Location loc, Type type, Value ptr);
/// Consecutive elements at `ptr`: one as above, several as one vector access
/// (`ptr` aligned to the vector's size).
void storeShared(OpBuilder &b, Location loc, ValueRange values, Value ptr);
SmallVector<Value> loadShared(OpBuilder &b, Location loc, Type type,
                              unsigned count, Value ptr);

/// Writes the elements of `values` (a tensor of `type`) at the positions
/// `position(coords)` of scratch `base`, one per store (ExchangeOps.cpp).
void writeElements(OpBuilder &b, Location loc, const ThreadIds &ids,
                   RankedTensorType type, ValueRange values, Value base,
                   llvm::function_ref<Value(ArrayRef<Value>)> position);

/// One block of inline PTX (LLVM's AT&T dialect): `constraints` name the
/// results, then `operands`; `type` is the result (a struct for several),
/// null for none (then the result is null too).
Value emitInlinePtx(OpBuilder &b, Location loc, Type type, StringRef ptx,
                    StringRef constraints, ValueRange operands,
                    bool hasSideEffects = false);

/// Whether `type`'s elements are 8-bit floats, which have no LLVM type:
/// the lowering holds them as bytes.
bool isFloat8(Type type);

/// Row-major linear index of `coords` in `shape` (i32).
Value linearize(OpBuilder &b, Location loc, ArrayRef<Value> coords,
                ArrayRef<int64_t> shape);

/// The parts of a lane id that ldmatrix and stmatrix use: the row (lane /
/// 4) and first column (2 * (lane % 4)) of the lane's pair in each 8x8
/// matrix, and the matrix (lane / 8) and row (lane % 8) whose address the
/// lane gives.
struct MatrixLanes {
  Value pairRow, pairColumn, addressRow, addressMatrix;
};
MatrixLanes emitMatrixLanes(OpBuilder &b, Location loc, Value lane);
/// `choice` on the lanes that address matrix `j` or a later one, `chosen`
/// (if any) on the others: chained over j = 0, 1, ..., each lane ends with
/// its own matrix's.
Value selectFromMatrix(OpBuilder &b, Location loc, const MatrixLanes &lanes,
                       unsigned j, Value choice, Value chosen);

/// Where stmatrix writes: a row-major scratch at `base` whose rows are
/// `rowStride` elements apart, holding the slice of the tensor that starts
/// at `origin` (none: at 0), or (`buffer` set) a shared buffer at `base`
/// in that buffer's layout. Only the elements `include` accepts, if given.
struct StmatrixTarget {
  Value base;
  int64_t rowStride = 0;
  tilegpu::BufferType buffer;
  llvm::ArrayRef<int64_t> origin = {};
  llvm::function_ref<bool(unsigned)> include = nullptr;
};
/// Writes mma accumulators of 16-bit elements (mma.sync's or wgmma's
/// layout: lane l holds columns 2*(l%4) + {0, 1} of row l/4 of each 8x8
/// piece) with stmatrix (sm_90). Fails (the caller writes element by
/// element) for other layouts, replicated ones, and targets whose 8-element
/// rows would not be 16 contiguous, aligned bytes.
LogicalResult writeWithStmatrix(OpBuilder &b, Location loc,
                                const ThreadIds &ids, RankedTensorType type,
                                ValueRange values,
                                const StmatrixTarget &target);

/// Moves `values` (a tensor of `srcType`) to the threads of `dstType`
/// through the scratch at `base`, in the rounds of getConvertRounds. After
/// each round, `onRound` gets the round's elements of the result (each
/// thread's, indexed by element; `inRound` says which are set) of type
/// `element`.
void convertThroughScratch(
    OpBuilder &b, Location loc, const LoweringState &state,
    const ThreadIds &ids, RankedTensorType srcType, RankedTensorType dstType,
    Type element, ValueRange values, Value base,
    llvm::function_ref<void(llvm::ArrayRef<Value>,
                            llvm::function_ref<bool(unsigned)>)>
        onRound);

/// Whether this is thread 0 of the block (i1).
Value isFirstThread(OpBuilder &b, Location loc, const ThreadIds &ids);

/// x and y, either null for true (null if both are).
Value andOf(OpBuilder &b, Location loc, Value x, Value y);

/// Runs `body` only where `predicate` holds (always without one); returns
/// its result, or `otherwise` where it did not run (`type` null: no
/// result).
Value predicated(OpBuilder &b, Location loc, Value predicate, Type type,
                 function_ref<Value(OpBuilder &)> body,
                 function_ref<Value(OpBuilder &)> otherwise);

/// In a module with warpgroup dots or TMA stores, orders this thread's
/// shared-memory writes so far (generic proxy: stores, completed cp.async
/// copies) before the reads of wgmma or of a TMA store (async proxy); the
/// barrier that follows makes that hold for every thread, as CUTLASS does
/// (writes, proxy fence, barrier, wgmma or TMA store).
void emitAsyncProxyFence(OpBuilder &b, Location loc,
                         const LoweringState &state);

/// Named barriers (0 is the CTA's): the kernel's warps of a split kernel,
/// and each warpgroup of a warpgroup_tma_store (2 + its index).
constexpr int64_t kKernelWarpsBarrier = 1, kFirstWarpgroupBarrier = 2;

/// A distribution known to exist (the pass checks every tensor type first).
Distribution getDistribution(Type type);

/// tilenv.warp_specialize -> scf.ifs on the thread id, marked for
/// runsOnProducer, narrowKernelBarriers and hasProducer.
void splitWarpSpecialized(ModuleOp module, LoweringState &state);
/// Whether `op` runs on the producer thread of a split kernel (alone).
bool runsOnProducer(Operation *op);
/// Whether `kernel` was split (it runs one warp more, its producer's).
bool hasProducer(Operation *kernel);
/// The CTA barriers of a split kernel's warps -> a named barrier for their
/// threads only.
void narrowKernelBarriers(ModuleOp module);

/// The intrinsic a scalar op lowers to directly (div.full, ex2.approx,
/// sqrt; ComputeOps.cpp), or an empty string.
StringRef getDirectIntrinsic(Operation *op);

/// gather, histogram, unsplat and inline assembly (IndexedOps.cpp).
void populateIndexedPatterns(const TypeConverter &converter,
                             RewritePatternSet &patterns,
                             const LoweringState &state);

/// Kernels, element-wise ops and renames (ComputeOps.cpp).
/// tile.map_elementwise, its region per element (MapElementwise.cpp).
void populateMapElementwisePatterns(const TypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const LoweringState &state);
void populateComputePatterns(const TypeConverter &converter,
                             RewritePatternSet &patterns,
                             const LoweringState &state);
/// tile.dot with a blocked accumulator, on the FMA units (FMADot.cpp).
void populateFMADotPatterns(const TypeConverter &converter,
                            RewritePatternSet &patterns,
                            const LoweringState &state);

/// The choices tile-plan-lowering records on ops: elements per vector access
/// of a load, store or async copy (1 where not recorded); the run of equal
/// results an integer element-wise op computes once (1: none); whether a
/// masked store or a TMA issue is lowered behind a branch.
unsigned getVectorWidth(Operation *op);
unsigned getUniformRun(Operation *op);
bool isBranched(Operation *op);

/// Records those choices on the ops of `module`, the chunked tensor maps'
/// boxes on their kernel parameters, and `tilegpu.planned` on the module
/// (tile-plan-lowering); vector widths already recorded stay. Fails, with
/// an error, where a tensor map would need two boxes.
LogicalResult planLowering(ModuleOp module,
                           const ModuleAlignmentAnalysis &analysis);

/// Whether a float op allows approximation (`fastmath<afn>`).
bool allowsApproximation(Operation *op);

/// A global load of `type` from `ptr` (aligned to `alignment` bytes) where
/// `mask` holds (always without one), `other` elsewhere.
Value emitGlobalLoad(OpBuilder &b, Location loc, Type type, Value ptr,
                     Value mask, int64_t alignment,
                     llvm::function_ref<Value(OpBuilder &)> other);

void populateGlobalMemoryPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns,
                                  const LoweringState &state);
void populateSharedMemoryPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns,
                                  const LoweringState &state);
void populateDebugPatterns(const TypeConverter &converter,
                           RewritePatternSet &patterns,
                           const LoweringState &state);
void populateExchangePatterns(const TypeConverter &converter,
                              RewritePatternSet &patterns,
                              const LoweringState &state);
void populateWarpgroupDotPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns,
                                  const LoweringState &state);
void populateTMAPatterns(const TypeConverter &converter,
                         RewritePatternSet &patterns,
                         const LoweringState &state);
void populateTensorMapPatterns(const TypeConverter &converter,
                               RewritePatternSet &patterns,
                               const LoweringState &state);

} // namespace mlir::tile

#endif
