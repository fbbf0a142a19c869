//===- Allocation.h - shared-memory liveness and allocation -----*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every piece of shared memory a function needs: explicit buffers
// (tilegpu.local_alloc), scratch of ops that exchange data between threads
// (convert_layout, reductions and scans across warps, atomics whose result
// every thread needs), and the whole allocation of a called function. Each
// gets a live range (alias-aware, via mlir::Liveness, covering whole loops a
// buffer is used in) and an offset such that buffers live at the same time
// never overlap; the total is kept small by placing the largest buffers
// first, each at the lowest offset that fits (interference-graph first fit).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_ANALYSIS_ALLOCATION_H
#define TILE_ANALYSIS_ALLOCATION_H

#include "tile/Analysis/Alias.h"
#include "tile/Dialect/TileGPU/IR/Scratch.h"
#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::tile {

/// Bytes of shared-memory scratch `op` needs to run, 0 if none: what it
/// declares (tilegpu::ScratchOpInterface). The allocation sizes scratch with
/// it and the lowering must stay within it.
int64_t getScratchSizeInBytes(Operation *op);

/// One piece of shared memory of a function.
struct SharedBuffer {
  enum class Kind { Explicit, Scratch, Call };
  Kind kind;
  /// The tilegpu.local_alloc, the op needing scratch, or the tile.call.
  Operation *owner;
  int64_t size;
  int64_t alignment;
  /// Live range in the function's operation numbering: [start, end).
  int64_t start = 0, end = 0;
  /// Byte offset from the function's shared-memory base; -1 before
  /// allocation.
  int64_t offset = -1;

  bool isLiveWith(const SharedBuffer &other) const {
    return start < other.end && other.start < end;
  }
};

/// The shared memory of one function.
class FunctionAllocation {
public:
  FunctionAllocation(
      FuncOp fn, const ModuleAliasAnalysis &alias,
      const llvm::DenseMap<Operation *, int64_t> &calleeTotals,
      const llvm::DenseMap<Operation *, int64_t> &calleeAlignments);

  FuncOp getFunction() const { return fn; }
  llvm::ArrayRef<SharedBuffer> getBuffers() const { return buffers; }
  /// The buffer `owner` (alloc, scratch op or call) owns, or null.
  const SharedBuffer *getBuffer(Operation *owner) const;
  int64_t getTotalSize() const { return totalSize; }
  int64_t getMaxAlignment() const { return maxAlignment; }
  /// The operation numbering live ranges use (pre-order).
  int64_t getOperationId(Operation *op) const { return ids.lookup(op); }

private:
  void
  collectBuffers(const ModuleAliasAnalysis &alias,
                 const llvm::DenseMap<Operation *, int64_t> &calleeTotals,
                 const llvm::DenseMap<Operation *, int64_t> &calleeAlignments);
  void computeExplicitLiveRanges(const ModuleAliasAnalysis &alias);
  void assignOffsets();

  FuncOp fn;
  llvm::DenseMap<Operation *, int64_t> ids;
  llvm::SmallVector<SharedBuffer> buffers;
  llvm::DenseMap<Operation *, size_t> bufferOf;
  int64_t totalSize = 0;
  int64_t maxAlignment = 16;
};

/// Allocation of every function in a module, callees before callers.
class ModuleAllocation {
public:
  /// Allocates every function of `module` (passes get it from the
  /// AnalysisManager: tile-allocate-shared-memory keeps it valid for
  /// tile-insert-barriers, which runs next).
  explicit ModuleAllocation(ModuleOp module);

  /// Failure (diagnosed at construction) on recursion, which would need
  /// unbounded shared memory.
  LogicalResult getResult() const { return result; }

  const FunctionAllocation *getFunction(FuncOp fn) const;
  const ModuleAliasAnalysis &getAliasAnalysis() const { return alias; }

  /// Byte intervals [begin, end) of the allocations `buffer` may be a view
  /// of, relative to its function's base. Views are not narrowed: a
  /// buffer_index touches its whole allocation as far as we know.
  llvm::SmallVector<std::pair<int64_t, int64_t>>
  getIntervals(Value buffer) const;

private:
  LogicalResult allocate();

  ModuleOp module;
  ModuleAliasAnalysis alias;
  LogicalResult result = success();
  llvm::DenseMap<Operation *, std::unique_ptr<FunctionAllocation>> functions;
};

} // namespace mlir::tile

#endif // TILE_ANALYSIS_ALLOCATION_H
