//===- Barrier.h - where threads must synchronize on shared memory -*- C++
//-*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A fixed point over each function's control flow (blocks and branches,
// scf.if, scf.for, scf.while, other region ops) of the shared-memory byte
// intervals read and written since the last barrier. An access that
// conflicts with a pending one (read after write, write after read, write
// after write) needs a barrier right before it, and nothing else does.
// Asynchronous copies (cp.async) write their buffer only when a
// tilegpu.async_wait covers their group: a barrier does not make them visible
// before that, and reading their buffer earlier is an error. A call counts
// as a read and a write of the whole range its callee's memory occupies.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_ANALYSIS_BARRIER_H
#define TILE_ANALYSIS_BARRIER_H

#include "tile/Analysis/Allocation.h"

#include "llvm/ADT/MapVector.h"

namespace mlir::tile {

/// A half-open byte interval [first, second) of a function's shared memory.
using ByteInterval = std::pair<int64_t, int64_t>;

/// Why an op needs a barrier: the kind of conflict and where.
struct BarrierReason {
  enum class Kind { ReadAfterWrite, WriteAfterRead, WriteAfterWrite };
  Kind kind;
  ByteInterval interval;
  std::string describe() const;
};

/// The barriers one function needs.
class FunctionBarriers {
public:
  /// Analyzes `fn`; reports errors (a read of memory an async copy may still
  /// be writing) as diagnostics and returns failure on them.
  static FailureOr<FunctionBarriers>
  compute(FuncOp fn, const ModuleAllocation &allocation);

  /// Ops that need a barrier right before them, in program order, with why.
  const llvm::MapVector<Operation *, BarrierReason> &getBarriers() const {
    return barriers;
  }

private:
  llvm::MapVector<Operation *, BarrierReason> barriers;
};

} // namespace mlir::tile

#endif // TILE_ANALYSIS_BARRIER_H
