//===- SharedOffsets.h - a thread's shared-memory offsets -------*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef TILE_LIB_CONVERSION_TILETONVVM_SHAREDOFFSETS_H
#define TILE_LIB_CONVERSION_TILETONVVM_SHAREDOFFSETS_H

#include "Distribution.h"

#include "llvm/ADT/DenseMap.h"

#include <functional>

namespace mlir::tile {

/// Moves `coords` by static `offsets`.
void addOffsets(OpBuilder &b, Location loc, MutableArrayRef<Value> coords,
                ArrayRef<int64_t> offsets);

/// Byte offsets in a shared-memory layout of some of a thread's elements of
/// a tensor (coordinates moved by `shift`). In a swizzled layout each
/// element's offset is an expression of the thread's coordinates of its
/// own, and a thread that stages 64 elements kept 64 addresses live across
/// a loop. Where the layout is linear over the bits of the coordinates
/// (powers of two; checked for every thread), an element's offset is the
/// first one's XOR a constant: the constant's bits in which threads'
/// offsets differ stay an XOR, one register per distinct pattern of them,
/// the others are an immediate added to it. Otherwise each element gets
/// its expression. For a thread's own registers (stores, loads); cp.async
/// copies keep one address a copy, which measured faster (their issue
/// order changed).
class SharedOffsets {
public:
  /// The layout: the byte offset of known coordinates, and the same
  /// emitted for run-time ones.
  using FoldFn = std::function<int64_t(ArrayRef<int64_t>)>;
  using EmitFn = std::function<Value(ArrayRef<Value>)>;

  /// Offsets of the elements `include` accepts (all without it); `linear`
  /// false skips the search for the XOR form.
  SharedOffsets(OpBuilder &b, Location loc, const ThreadIds &ids,
                const Distribution &dist, ArrayRef<int64_t> shift, FoldFn fold,
                EmitFn emit, unsigned numWarps, unsigned threadsPerWarp,
                bool linear = true,
                function_ref<bool(unsigned)> include = nullptr);

  /// The byte offset of element `e`.
  Value get(unsigned e);

private:
  void plan(unsigned threads, unsigned threadsPerWarp,
            function_ref<bool(unsigned)> include);

  OpBuilder &b;
  Location loc;
  const ThreadIds &ids;
  const Distribution &dist;
  SmallVector<int64_t> shift;
  FoldFn fold;
  EmitFn emit;
  /// The element the others are XORs of.
  unsigned firstElement = 0;
  /// Per element: the XOR pattern and the immediate; empty without a plan.
  DenseMap<unsigned, std::pair<int64_t, int64_t>> constants;
  Value first;
  DenseMap<int64_t, Value> patterns;
};

} // namespace mlir::tile

#endif // TILE_LIB_CONVERSION_TILETONVVM_SHAREDOFFSETS_H
