//===- ScratchLayout.h - where convert_layout's scratch keeps each element ===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A convert_layout writes the source's elements to shared memory and reads
// the result's back. Both sides' accesses should hit distinct banks, but a
// layout good for one is often bad for the other: a transpose writes rows
// and reads columns. Row padding (getConvertScratchPadding) serves rows of
// vectors; where a model of both sides' bank conflicts finds a swizzle with
// fewer, the scratch is unpadded and bits of an element's row-major index
// above one 128-byte line are XORed into the bits that pick its bank.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CONVERSION_TILETONVVM_SCRATCHLAYOUT_H
#define TILE_LIB_CONVERSION_TILETONVVM_SCRATCHLAYOUT_H

#include "Distribution.h"

#include "tile/Analysis/Allocation.h"

namespace mlir::tile {

/// Where one round's slice of a convert_layout (getConvertRounds) lies in
/// its scratch, in elements.
struct ScratchLayout {
  SmallVector<int64_t> shape;
  /// Elements from one row (the last dimension) to the next when padded.
  int64_t rowStride = 0;
  /// Swizzled: per bit of the row-major index, what is XORed into the index
  /// where that bit is set. Empty: padded rows.
  SmallVector<int64_t> masks;
  /// Elements per shared-memory access of the source's writes and of the
  /// result's reads.
  unsigned srcWidth = 1, dstWidth = 1;

  bool isSwizzled() const { return !masks.empty(); }
  /// The index of the element at `local` (coordinates in the slice).
  int64_t place(ArrayRef<int64_t> local) const;
  /// The same for the element of row-major index `index` in the slice.
  int64_t placeIndex(int64_t index) const;
  Value emitPlace(OpBuilder &b, Location loc, ArrayRef<Value> local) const;
};

/// Elements of a thread that one access of a row-major scratch with rows of
/// `rowStride` elements can move (up to 16 bytes): each group of `width`
/// elements consecutive along the last dimension and starting at a multiple
/// of `width` there. 1 for pointers and elements that are not whole bytes
/// of a power-of-two width (i1, i4, i24: vectors of them would not be laid
/// out as their scalar stores are).
unsigned getScratchVectorWidth(RankedTensorType type, int64_t rowStride);

/// The padded layout of the scratch of a conversion from `src` to `dst`.
ScratchLayout getPaddedScratchLayout(RankedTensorType src, RankedTensorType dst,
                                     ArrayRef<int64_t> shape);

/// The layout with the fewest shared-memory wavefronts for both sides'
/// accesses (one warp's, of round 0), then the fewest accesses: the padded
/// one, unless a swizzle does strictly better. Never larger than the
/// padded one (what the allocation reserves).
ScratchLayout chooseScratchLayout(RankedTensorType src, RankedTensorType dst,
                                  const ConvertRounds &rounds,
                                  unsigned threadsPerWarp);

} // namespace mlir::tile

#endif // TILE_LIB_CONVERSION_TILETONVVM_SCRATCHLAYOUT_H
