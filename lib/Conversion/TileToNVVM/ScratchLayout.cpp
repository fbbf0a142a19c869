//===- ScratchLayout.cpp - where convert_layout's scratch keeps each element =//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "ScratchLayout.h"
#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

int64_t ScratchLayout::place(ArrayRef<int64_t> local) const {
  int64_t index = 0;
  for (auto [coord, size] : llvm::zip(local, shape))
    index = index * size + coord;
  return placeIndex(index);
}

int64_t ScratchLayout::placeIndex(int64_t index) const {
  if (!isSwizzled()) {
    int64_t row = shape.back();
    return index / row * rowStride + index % row;
  }
  int64_t swizzled = index;
  for (auto [bit, mask] : llvm::enumerate(masks))
    if (mask && (index >> bit) & 1)
      swizzled ^= mask;
  return swizzled;
}

Value ScratchLayout::emitPlace(OpBuilder &b, Location loc,
                               ArrayRef<Value> local) const {
  if (!isSwizzled()) {
    Value rows =
        linearize(b, loc, local.drop_back(), ArrayRef(shape).drop_back());
    return arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, rows, createI32(b, loc, rowStride)),
        local.back());
  }
  Value index = linearize(b, loc, local, shape);
  Value swizzled = index;
  for (auto [bit, mask] : llvm::enumerate(masks)) {
    if (!mask)
      continue;
    Value set = arith::AndIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, index, createI32(b, loc, bit)),
        createI32(b, loc, 1));
    swizzled = arith::XOrIOp::create(
        b, loc, swizzled,
        arith::MulIOp::create(b, loc, set, createI32(b, loc, mask)));
  }
  return swizzled;
}

unsigned mlir::tile::getScratchVectorWidth(RankedTensorType type,
                                           int64_t rowStride) {
  Type element = type.getElementType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() < 8 ||
      !llvm::isPowerOf2_32(element.getIntOrFloatBitWidth()))
    return 1;
  Distribution dist = getDistribution(type);
  unsigned last = type.getRank() - 1;
  int64_t bytes = getElementBytes(type);
  unsigned width = std::min<int64_t>(16 / bytes, dist.getSizePerThread(last));
  width = width ? unsigned(1) << llvm::Log2_32(width) : 1;
  auto fits = [&](unsigned w) {
    return type.getShape()[last] % w == 0 && rowStride % w == 0 &&
           dist.hasRuns(last, w);
  };
  while (width > 1 && !fits(width))
    width /= 2;
  return width;
}

ScratchLayout mlir::tile::getPaddedScratchLayout(RankedTensorType src,
                                                 RankedTensorType dst,
                                                 ArrayRef<int64_t> shape) {
  ScratchLayout layout;
  layout.shape.assign(shape.begin(), shape.end());
  layout.rowStride = shape.back() + getConvertScratchPadding(src, shape.back());
  layout.srcWidth = getScratchVectorWidth(src, layout.rowStride);
  layout.dstWidth = getScratchVectorWidth(dst, layout.rowStride);
  return layout;
}

namespace {

/// One side's accesses as warp 0 makes them (the others' differ by whole
/// lines or by an XOR common to all their lanes, which moves no conflict):
/// per access, each lane's row-major index in the slice.
struct Accesses {
  unsigned width;
  SmallVector<SmallVector<int64_t>> lanes;
};

/// Warp 0's accesses of `width` elements to the elements of round 0 of a
/// tensor of `type`; none for distributions whose coordinates are not a
/// first thread's plus a thread's offset, or that leave the slice.
std::optional<Accesses> collectAccesses(RankedTensorType type, unsigned width,
                                        const ConvertRounds &rounds,
                                        unsigned threadsPerWarp) {
  Distribution dist = getDistribution(type);
  SmallVector<SmallVector<int64_t>> offsets;
  for (unsigned lane = 0; lane < threadsPerWarp; ++lane) {
    std::optional<SmallVector<int64_t>> offset = dist.getThreadOffset(lane, 0);
    if (!offset)
      return std::nullopt;
    offsets.push_back(std::move(*offset));
  }
  ArrayRef<int64_t> shape = rounds.shape;
  Accesses accesses{width, {}};
  for (unsigned e = 0; e < dist.getNumElements(); e += width) {
    if (rounds.count > 1 &&
        dist.getRepetitionStart(e, rounds.dim) / shape[rounds.dim] != 0)
      continue;
    std::optional<SmallVector<int64_t>> first =
        dist.getFirstThreadCoordinates(e);
    if (!first)
      return std::nullopt;
    SmallVector<int64_t> lanes;
    for (ArrayRef<int64_t> offset : offsets) {
      int64_t index = 0;
      for (auto [coord, add, size] : llvm::zip(*first, offset, shape)) {
        if (coord + add < 0 || coord + add >= size)
          return std::nullopt;
        index = index * size + coord + add;
      }
      lanes.push_back(index);
    }
    accesses.lanes.push_back(std::move(lanes));
  }
  return accesses;
}

/// Shared-memory wavefronts of `accesses` where `layout` places the
/// elements: 32 banks of 4 bytes; 8- and 16-byte accesses go by half and
/// quarter warps; each group takes as many wavefronts as the most distinct
/// words any one bank serves.
/// Lanes one shared-memory wavefront serves at most for accesses of
/// `size` bytes.
size_t getLanesPerGroup(int64_t size) {
  return size >= 16 ? 8 : size == 8 ? 16 : 32;
}

int64_t countWavefronts(const Accesses &accesses, int64_t bytes,
                        const ScratchLayout &layout) {
  int64_t size = accesses.width * bytes;
  size_t group = getLanesPerGroup(size);
  int64_t total = 0;
  SmallVector<int64_t> words;
  for (ArrayRef<int64_t> lanes : accesses.lanes) {
    for (size_t start = 0; start < lanes.size(); start += group) {
      words.clear();
      for (int64_t index :
           lanes.slice(start, std::min(group, lanes.size() - start))) {
        int64_t address = layout.placeIndex(index) * bytes;
        for (int64_t word = address / 4; word <= (address + size - 1) / 4;
             ++word)
          words.push_back(word);
      }
      llvm::sort(words);
      words.erase(llvm::unique(words), words.end());
      unsigned perBank[32] = {};
      unsigned most = 0;
      for (int64_t word : words)
        most = std::max(most, ++perBank[word % 32]);
      total += most;
    }
  }
  return total;
}

/// Wavefronts, then accesses: what a layout costs both sides.
using Cost = std::pair<int64_t, int64_t>;

} // namespace

ScratchLayout mlir::tile::chooseScratchLayout(RankedTensorType src,
                                              RankedTensorType dst,
                                              const ConvertRounds &rounds,
                                              unsigned threadsPerWarp) {
  ArrayRef<int64_t> shape = rounds.shape;
  ScratchLayout padded = getPaddedScratchLayout(src, dst, shape);
  int64_t bytes = getElementBytes(src);
  int64_t count = ShapedType::getNumElements(shape);
  if (threadsPerWarp != 32 || !llvm::isPowerOf2_64(bytes) || bytes > 16 ||
      !llvm::all_of(shape, [](int64_t s) { return llvm::isPowerOf2_64(s); }))
    return padded;
  unsigned indexBits = llvm::Log2_64(count);
  // Elements in one 128-byte line (bank bits) and in one 4-byte word.
  unsigned lineBits = llvm::Log2_64(std::max<int64_t>(1, 128 / bytes));
  unsigned wordBits = bytes < 4 ? llvm::Log2_64(4 / bytes) : 0;
  if (indexBits <= lineBits)
    return padded;

  auto costOf = [&](const Accesses &s, const Accesses &d,
                    const ScratchLayout &layout) -> Cost {
    return {countWavefronts(s, bytes, layout) +
                countWavefronts(d, bytes, layout),
            int64_t(s.lanes.size() + d.lanes.size())};
  };
  std::optional<Accesses> srcPadded =
      collectAccesses(src, padded.srcWidth, rounds, threadsPerWarp);
  std::optional<Accesses> dstPadded =
      collectAccesses(dst, padded.dstWidth, rounds, threadsPerWarp);
  if (!srcPadded || !dstPadded)
    return padded;
  Cost best = costOf(*srcPadded, *dstPadded, padded);
  // No layout takes fewer than one wavefront per group of lanes.
  auto groups = [&](const Accesses &a) {
    return int64_t(a.lanes.size() * threadsPerWarp /
                   getLanesPerGroup(a.width * bytes));
  };
  if (best.first <= groups(*srcPadded) + groups(*dstPadded))
    return padded;

  ScratchLayout chosen = padded;
  unsigned srcMost = getScratchVectorWidth(src, shape.back());
  unsigned dstMost = getScratchVectorWidth(dst, shape.back());
  // Wider vectors leave fewer bits below a line free to swizzle.
  for (int vectorBits = llvm::Log2_32(std::max(srcMost, dstMost));
       vectorBits >= 0; --vectorBits) {
    unsigned low = std::max<unsigned>(vectorBits, wordBits);
    if (low >= lineBits)
      continue;
    unsigned srcWidth = std::min(srcMost, 1u << vectorBits);
    unsigned dstWidth = std::min(dstMost, 1u << vectorBits);
    std::optional<Accesses> s =
        collectAccesses(src, srcWidth, rounds, threadsPerWarp);
    std::optional<Accesses> d =
        collectAccesses(dst, dstWidth, rounds, threadsPerWarp);
    if (!s || !d)
      continue;
    // Only the bits above a line in which one access's lanes differ can
    // separate their banks.
    int64_t varying = 0;
    for (const Accesses *a : {&*s, &*d})
      for (ArrayRef<int64_t> lanes : a->lanes)
        for (int64_t index : lanes)
          varying |= index ^ lanes.front();
    ScratchLayout layout;
    layout.shape.assign(shape.begin(), shape.end());
    layout.rowStride = shape.back();
    layout.masks.assign(indexBits, 0);
    layout.srcWidth = srcWidth;
    layout.dstWidth = dstWidth;
    Cost cost = costOf(*s, *d, layout);
    // Greedy, bit by bit, twice: each bit takes the mask (a multiple of the
    // vector, below a line) with the lowest cost so far.
    for (int pass = 0; pass < 2; ++pass) {
      for (unsigned bit = lineBits; bit < indexBits; ++bit) {
        if (!((varying >> bit) & 1))
          continue;
        int64_t kept = layout.masks[bit];
        for (int64_t t = 0; t < (int64_t(1) << (lineBits - low)); ++t) {
          layout.masks[bit] = t << low;
          Cost tried = costOf(*s, *d, layout);
          if (tried < cost) {
            cost = tried;
            kept = layout.masks[bit];
          }
        }
        layout.masks[bit] = kept;
      }
    }
    if (cost < best) {
      best = cost;
      chosen = std::move(layout);
    }
  }
  return chosen;
}
