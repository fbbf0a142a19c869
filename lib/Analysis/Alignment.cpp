//===- Alignment.cpp - contiguity, divisibility and constancy -------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Transfer functions of the alignment analysis. Every claim must hold for
// every element and every input value, including negative ones: a claim
// that is too strong becomes a misaligned vector access on the GPU. Two
// rules recur:
//  - a result's runs can be shorter than an operand's; the operand values at
//    the starts of the result's runs are then inside the operand's runs and
//    only divisible by gcd(divisibility, run offset) (getDivisibilityAt);
//  - signed division and remainder truncate towards zero, so they do not
//    keep runs of a contiguous operand aligned across zero.
//
//===----------------------------------------------------------------------===//

#include "tile/Analysis/Alignment.h"
#include "tile/Analysis/NonNegative.h"

#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;
using namespace mlir::dataflow;

//===----------------------------------------------------------------------===//
// AlignmentInfo
//===----------------------------------------------------------------------===//

/// The largest power of two dividing `value` (kMaxDivisibility for 0).
static int64_t highestPowerOf2Divisor(int64_t value) {
  if (value == 0)
    return AlignmentInfo::kMaxDivisibility;
  uint64_t bits = static_cast<uint64_t>(value);
  // Capped before it is signed again (INT64_MIN's is 2^63).
  return static_cast<int64_t>(
      std::min<uint64_t>(AlignmentInfo::kMaxDivisibility, bits & (~bits + 1)));
}

/// a * b for divisibilities and strides (non-negative), capped at
/// kMaxDivisibility rather than overflowing.
static int64_t cappedProduct(int64_t a, int64_t b) {
  int64_t product;
  if (llvm::MulOverflow(a, b, product))
    return AlignmentInfo::kMaxDivisibility;
  return std::min(product, AlignmentInfo::kMaxDivisibility);
}

static int64_t gcd(int64_t a, int64_t b) { return std::gcd(a, b); }

static SmallVector<int64_t> getShapeOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return SmallVector<int64_t>(tensor.getShape());
  return {1};
}

/// Bytes one step of a pointer covers; 1 for non-pointers.
static int64_t getUnit(Type type) {
  auto ptr = dyn_cast<PointerType>(getElementTypeOrSelf(type));
  if (!ptr)
    return 1;
  Type pointee = ptr.getPointeeType();
  if (pointee.isIntOrFloat())
    return std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
  return 8; // a pointer to pointers
}

AlignmentInfo AlignmentInfo::getPessimistic(unsigned rank) {
  SmallVector<int64_t> ones(rank, 1);
  return AlignmentInfo(ones, ones, ones);
}

AlignmentInfo AlignmentInfo::getFromHints(BlockArgument arg) {
  unsigned rank = getShapeOf(arg.getType()).size();
  AlignmentInfo info = getPessimistic(rank);
  auto fn = dyn_cast_or_null<FuncOp>(arg.getOwner()->getParentOp());
  if (!fn || arg.getOwner() != &fn.getBody().front())
    return info;
  // Hints beyond kMaxDivisibility say no more than it (and would overflow
  // the products of the transfer functions).
  auto hint = [&](StringRef name) -> int64_t {
    auto attr = fn.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(), name);
    std::optional<int64_t> v =
        attr ? attr.getValue().trySExtValue() : std::nullopt;
    return v ? std::clamp<int64_t>(*v, 1, kMaxDivisibility) : 1;
  };
  int64_t divisibility = hint(TileDialect::getDivisibilityAttrName());
  int64_t contiguity = hint(TileDialect::getContiguityAttrName());
  int64_t constancy = hint(TileDialect::getConstancyAttrName());
  return AlignmentInfo(SmallVector<int64_t>(rank, contiguity),
                       SmallVector<int64_t>(rank, divisibility),
                       SmallVector<int64_t>(rank, constancy));
}

int64_t AlignmentInfo::getDivisibilityAt(unsigned d, int64_t stride,
                                         int64_t unit) const {
  if (contiguity[d] <= stride)
    return divisibility[d];
  return gcd(divisibility[d], cappedProduct(stride, unit));
}

AlignmentInfo AlignmentInfo::join(const AlignmentInfo &lhs,
                                  const AlignmentInfo &rhs) {
  if (!lhs.isInitialized())
    return rhs;
  if (!rhs.isInitialized())
    return lhs;
  if (lhs.getRank() != rhs.getRank())
    return getPessimistic(lhs.getRank());
  AlignmentInfo result = lhs;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    result.contiguity[d] = gcd(lhs.contiguity[d], rhs.contiguity[d]);
    result.divisibility[d] = gcd(lhs.divisibility[d], rhs.divisibility[d]);
    result.constancy[d] = gcd(lhs.constancy[d], rhs.constancy[d]);
  }
  if (lhs.constantValue != rhs.constantValue)
    result.constantValue = std::nullopt;
  return result;
}

void AlignmentInfo::print(raw_ostream &os) const {
  if (!isInitialized()) {
    os << "<uninitialized>";
    return;
  }
  auto list = [&](StringRef name, ArrayRef<int64_t> values) {
    os << name << " = [";
    llvm::interleaveComma(values, os);
    os << "]";
  };
  list("contiguity", contiguity);
  os << ", ";
  list("divisibility", divisibility);
  os << ", ";
  list("constancy", constancy);
  os << ", constant_value = ";
  if (constantValue)
    os << *constantValue;
  else
    os << "<none>";
}

//===----------------------------------------------------------------------===//
// Transfer functions
//===----------------------------------------------------------------------===//

namespace {

/// Builds a result info dimension by dimension.
struct InfoBuilder {
  explicit InfoBuilder(unsigned rank)
      : contiguity(rank, 1), divisibility(rank, 1), constancy(rank, 1) {}
  AlignmentInfo build() const {
    return AlignmentInfo(contiguity, divisibility, constancy, constantValue);
  }
  SmallVector<int64_t> contiguity, divisibility, constancy;
  std::optional<int64_t> constantValue;
};

/// The info of a value that is `value` everywhere in a tensor of `shape`.
AlignmentInfo getConstantInfo(ArrayRef<int64_t> shape, int64_t value) {
  InfoBuilder b(shape.size());
  for (size_t d = 0; d < shape.size(); ++d) {
    b.divisibility[d] = highestPowerOf2Divisor(value);
    b.constancy[d] = shape[d];
  }
  b.constantValue = value;
  return b.build();
}

/// Wraps `value` to the bit width of `type`'s elements, sign-extended.
std::optional<int64_t> wrapToType(Type type, const APInt &value) {
  unsigned width = ConstantIntRanges::getStorageBitwidth(type);
  if (width > 64)
    return std::nullopt;
  return value.sextOrTrunc(width).getSExtValue();
}

std::optional<int64_t> foldConstants(Operation *op, const AlignmentInfo &lhs,
                                     const AlignmentInfo &rhs) {
  if (!lhs.getConstantValue() || !rhs.getConstantValue())
    return std::nullopt;
  Type type = op->getResult(0).getType();
  if (!getElementTypeOrSelf(type).isIntOrIndex())
    return std::nullopt;
  APInt a(64, *lhs.getConstantValue(), /*isSigned=*/true);
  APInt b(64, *rhs.getConstantValue(), /*isSigned=*/true);
  if (isa<arith::AddIOp>(op))
    return wrapToType(type, a + b);
  if (isa<arith::SubIOp>(op))
    return wrapToType(type, a - b);
  if (isa<arith::MulIOp>(op))
    return wrapToType(type, a * b);
  return std::nullopt;
}

/// x + y, x - y, and pointer + offset (offset scaled by `unit` bytes).
AlignmentInfo addLike(Operation *op, const AlignmentInfo &x,
                      const AlignmentInfo &y, bool isSub, int64_t unit) {
  InfoBuilder b(x.getRank());
  for (unsigned d = 0; d < x.getRank(); ++d) {
    // A run of x over which y is constant stays a run; for addition also the
    // other way round (x - y is decreasing where y is contiguous).
    int64_t c = gcd(x.getContiguity(d), y.getConstancy(d));
    if (!isSub)
      c = std::max(c, gcd(x.getConstancy(d), y.getContiguity(d)));
    b.contiguity[d] = c;
    b.divisibility[d] = gcd(x.getDivisibilityAt(d, c, unit),
                            cappedProduct(y.getDivisibilityAt(d, c), unit));
    b.constancy[d] = gcd(x.getConstancy(d), y.getConstancy(d));
  }
  if (unit == 1)
    b.constantValue = foldConstants(op, x, y);
  return b.build();
}

AlignmentInfo mul(Operation *op, const AlignmentInfo &x,
                  const AlignmentInfo &y) {
  if (y.getConstantValue() == 1)
    return x;
  if (x.getConstantValue() == 1)
    return y;
  InfoBuilder b(x.getRank());
  for (unsigned d = 0; d < x.getRank(); ++d) {
    b.divisibility[d] =
        cappedProduct(x.getDivisibilityAt(d, 1), y.getDivisibilityAt(d, 1));
    b.constancy[d] = gcd(x.getConstancy(d), y.getConstancy(d));
  }
  b.constantValue = foldConstants(op, x, y);
  return b.build();
}

/// A positive power-of-two constant, or 0.
int64_t getPowerOf2Constant(const AlignmentInfo &info) {
  std::optional<int64_t> value = info.getConstantValue();
  if (!value || *value <= 0 || !llvm::isPowerOf2_64(*value))
    return 0;
  return *value;
}

/// x / y where the division rounds down for x's values (`floors`: unsigned
/// division, an arithmetic shift, or a signed division of a non-negative
/// x): an aligned run of x whose start and length divide by what divides
/// every y, over which y is constant, holds no multiple of y but its start,
/// so its quotients are equal. A signed division of a possibly negative x
/// truncates towards zero and does not (-4..-1 / 4 is -1, 0, 0, 0).
AlignmentInfo divide(const AlignmentInfo &x, const AlignmentInfo &y,
                     bool floors) {
  if (y.getConstantValue() == 1)
    return x;
  int64_t p = getPowerOf2Constant(y);
  InfoBuilder b(x.getRank());
  for (unsigned d = 0; d < x.getRank(); ++d) {
    int64_t k = gcd(x.getConstancy(d), y.getConstancy(d));
    if (floors)
      k = std::max(k, std::min({x.getContiguity(d), x.getDivisibility(d),
                                y.getDivisibilityAt(d, 1), y.getConstancy(d)}));
    b.constancy[d] = k;
    // Exact division of a multiple of 2^a by 2^b is a multiple of 2^(a-b).
    int64_t element = x.getDivisibilityAt(d, 1);
    b.divisibility[d] = p && element >= p ? element / p : 1;
  }
  return b.build();
}

/// x % y rounding down (unsigned remainder, x & (p - 1), a signed remainder
/// of a non-negative x): by the argument of `divide`, aligned runs of x
/// stay runs, cut at what divides every y and at y's runs; a run starts at
/// x - q y, divisible by what divides both.
AlignmentInfo remainder(const AlignmentInfo &x, const AlignmentInfo &y) {
  InfoBuilder b(x.getRank());
  for (unsigned d = 0; d < x.getRank(); ++d) {
    int64_t c = std::min({x.getContiguity(d), x.getDivisibility(d),
                          y.getDivisibilityAt(d, 1), y.getConstancy(d)});
    b.contiguity[d] = c;
    b.divisibility[d] =
        gcd(x.getDivisibilityAt(d, c), y.getDivisibilityAt(d, 1));
    b.constancy[d] = gcd(x.getConstancy(d), y.getConstancy(d));
  }
  return b.build();
}

/// Signed remainder of a possibly negative x: -4 % 4 is 0 and -3 % 4 is -3,
/// so a run of x below zero does not stay a run; each element, x - q y,
/// keeps what divides both.
AlignmentInfo signedRemainder(const AlignmentInfo &x, const AlignmentInfo &y) {
  InfoBuilder b(x.getRank());
  for (unsigned d = 0; d < x.getRank(); ++d) {
    b.divisibility[d] =
        gcd(x.getDivisibilityAt(d, 1), y.getDivisibilityAt(d, 1));
    b.constancy[d] = gcd(x.getConstancy(d), y.getConstancy(d));
  }
  return b.build();
}

/// Only constancy survives; every element divisible by `divisibility`.
AlignmentInfo keepConstancy(ArrayRef<AlignmentInfo> inputs, unsigned rank,
                            ArrayRef<int64_t> divisibility = {}) {
  InfoBuilder b(rank);
  for (unsigned d = 0; d < rank; ++d) {
    int64_t k = 0;
    for (const AlignmentInfo &in : inputs)
      if (in.getRank() == rank)
        k = k ? gcd(k, in.getConstancy(d)) : in.getConstancy(d);
    b.constancy[d] = k ? k : 1;
    if (!divisibility.empty())
      b.divisibility[d] = divisibility[d];
  }
  return b.build();
}

SmallVector<int64_t> elementDivisibility(const AlignmentInfo &x) {
  SmallVector<int64_t> result;
  for (unsigned d = 0; d < x.getRank(); ++d)
    result.push_back(x.getDivisibilityAt(d, 1));
  return result;
}

/// Comparisons of a run of consecutive values against a value that is
/// constant over the run: if both are multiples of p, `x + j < y` has the
/// same truth for all j < p. Only strict `<` (and its negation `>=`) has
/// this property; `<=` changes between j = 0 and j = 1 when x == y.
AlignmentInfo compare(arith::CmpIOp op, const AlignmentInfo &x,
                      const AlignmentInfo &y) {
  using P = arith::CmpIPredicate;
  P pred = op.getPredicate();
  bool contiguousLhs =
      pred == P::slt || pred == P::ult || pred == P::sge || pred == P::uge;
  bool contiguousRhs =
      pred == P::sgt || pred == P::ugt || pred == P::sle || pred == P::ule;
  InfoBuilder b(x.getRank());
  for (unsigned d = 0; d < x.getRank(); ++d) {
    int64_t k = gcd(x.getConstancy(d), y.getConstancy(d));
    auto uniformOver = [&](const AlignmentInfo &run,
                           const AlignmentInfo &bound) {
      return std::min({run.getContiguity(d), run.getDivisibility(d),
                       bound.getConstancy(d), bound.getDivisibilityAt(d, 1)});
    };
    if (contiguousLhs)
      k = std::max(k, uniformOver(x, y));
    if (contiguousRhs)
      k = std::max(k, uniformOver(y, x));
    b.constancy[d] = k;
  }
  return b.build();
}

AlignmentInfo select(const AlignmentInfo &cond, const AlignmentInfo &a,
                     const AlignmentInfo &b, ArrayRef<int64_t> shape,
                     bool scalarCond) {
  InfoBuilder r(a.getRank());
  for (unsigned d = 0; d < a.getRank(); ++d) {
    int64_t kc = scalarCond ? shape[d] : cond.getConstancy(d);
    int64_t c = std::min(gcd(a.getContiguity(d), b.getContiguity(d)), kc);
    r.contiguity[d] = c;
    r.divisibility[d] =
        gcd(a.getDivisibilityAt(d, c), b.getDivisibilityAt(d, c));
    r.constancy[d] = std::min(gcd(a.getConstancy(d), b.getConstancy(d)), kc);
  }
  if (a.getConstantValue() && a.getConstantValue() == b.getConstantValue())
    r.constantValue = a.getConstantValue();
  else if (cond.getConstantValue())
    r.constantValue =
        *cond.getConstantValue() ? a.getConstantValue() : b.getConstantValue();
  return r.build();
}

/// Moves per-dimension facts through a shape op: `map[i]` is the source
/// dimension of result dimension i, or -1 for a new dimension of size 1.
AlignmentInfo remapDims(const AlignmentInfo &src, ArrayRef<int64_t> map,
                        ArrayRef<int64_t> resultShape) {
  // A new size-1 dimension starts a run at every element: every element is
  // divisible by what holds where the source has runs of length 1.
  int64_t everyElement = 1;
  for (unsigned d = 0; d < src.getRank(); ++d)
    everyElement = std::max(everyElement, src.getDivisibilityAt(d, 1));
  InfoBuilder b(map.size());
  for (auto [i, from] : llvm::enumerate(map)) {
    if (from < 0) {
      b.divisibility[i] = everyElement;
      b.constancy[i] = resultShape[i];
      continue;
    }
    b.contiguity[i] = src.getContiguity(from);
    b.divisibility[i] = src.getDivisibility(from);
    b.constancy[i] = src.getConstancy(from);
  }
  b.constantValue = src.getConstantValue();
  return b.build();
}

/// tile.reshape: exact when it only adds or drops dimensions of size 1.
AlignmentInfo reshape(const AlignmentInfo &src, ArrayRef<int64_t> srcShape,
                      ArrayRef<int64_t> dstShape) {
  SmallVector<int64_t> map;
  size_t s = 0;
  for (int64_t dim : dstShape) {
    while (s < srcShape.size() && srcShape[s] == 1 && dim != 1)
      ++s;
    if (dim == 1 && (s >= srcShape.size() || srcShape[s] != 1)) {
      map.push_back(-1);
      continue;
    }
    if (s >= srcShape.size() || srcShape[s] != dim)
      break;
    map.push_back(s++);
  }
  while (s < srcShape.size() && srcShape[s] == 1)
    ++s;
  if (map.size() == dstShape.size() && s == srcShape.size())
    return remapDims(src, map, dstShape);
  // Any other (row-major) reshape keeps runs along the innermost dimension,
  // cut to the new innermost size; elsewhere only what holds for every
  // element survives.
  InfoBuilder b(dstShape.size());
  int64_t everyElement = 1;
  bool uniform = true;
  for (unsigned d = 0; d < src.getRank(); ++d) {
    everyElement = std::max(everyElement, src.getDivisibilityAt(d, 1));
    uniform &= src.getConstancy(d) == srcShape[d];
  }
  for (size_t d = 0; d < dstShape.size(); ++d) {
    b.divisibility[d] = everyElement;
    b.constancy[d] = uniform ? dstShape[d] : 1;
  }
  unsigned srcLast = srcShape.size() - 1;
  size_t dstLast = dstShape.size() - 1;
  // Runs of the source's innermost dimension are aligned blocks within a
  // row; a row boundary ends them.
  int64_t limit = std::min(srcShape[srcLast], dstShape[dstLast]);
  b.contiguity[dstLast] = std::min(src.getContiguity(srcLast), limit);
  b.divisibility[dstLast] = std::max(
      everyElement, src.getDivisibilityAt(srcLast, b.contiguity[dstLast]));
  if (!uniform)
    b.constancy[dstLast] = std::min(src.getConstancy(srcLast), limit);
  b.constantValue = src.getConstantValue();
  return b.build();
}

} // namespace

static std::optional<AlignmentInfo> getConstantOpInfo(arith::ConstantOp op) {
  SmallVector<int64_t> shape = getShapeOf(op.getType());
  Attribute value = op.getValue();
  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    if (!dense.isSplat())
      return AlignmentInfo::getPessimistic(shape.size());
    value = dense.getSplatValue<Attribute>();
  }
  if (auto integer = dyn_cast<IntegerAttr>(value)) {
    // i1 `true` is -1 as a signed 1-bit value; it means 1 here.
    std::optional<int64_t> v = integer.getType().isInteger(1)
                                   ? int64_t(integer.getValue().getZExtValue())
                                   : integer.getValue().trySExtValue();
    if (v)
      return getConstantInfo(shape, *v);
  }
  // Other constants (floats, integers wider than 64 bits): uniform,
  // nothing else known.
  return AlignmentInfo(SmallVector<int64_t>(shape.size(), 1),
                       SmallVector<int64_t>(shape.size(), 1), shape);
}

/// The info of `op`'s single result from its operands' infos and whether
/// each operand is known to be non-negative, or nullopt when nothing is
/// known.
static std::optional<AlignmentInfo> computeInfo(Operation *op,
                                                ArrayRef<AlignmentInfo> in,
                                                ArrayRef<bool> nonNegative) {
  if (op->getNumResults() != 1)
    return std::nullopt;
  Type resultType = op->getResult(0).getType();
  SmallVector<int64_t> shape = getShapeOf(resultType);
  unsigned rank = shape.size();

  return llvm::TypeSwitch<Operation *, std::optional<AlignmentInfo>>(op)
      .Case([&](arith::ConstantOp c) { return getConstantOpInfo(c); })
      .Case([&](MakeRangeOp range) -> std::optional<AlignmentInfo> {
        int64_t start = range.getStartAttr().getInt();
        InfoBuilder b(1);
        b.contiguity[0] = range.getType().getDimSize(0);
        b.divisibility[0] = highestPowerOf2Divisor(start);
        return b.build();
      })
      .Case([&](SplatOp) -> std::optional<AlignmentInfo> {
        InfoBuilder b(rank);
        for (unsigned d = 0; d < rank; ++d) {
          b.divisibility[d] = in[0].getDivisibility(0);
          b.constancy[d] = shape[d];
        }
        b.constantValue = in[0].getConstantValue();
        return b.build();
      })
      .Case([&](BroadcastOp broadcast) -> std::optional<AlignmentInfo> {
        ArrayRef<int64_t> srcShape = broadcast.getSrc().getType().getShape();
        InfoBuilder b(rank);
        for (unsigned d = 0; d < rank; ++d) {
          if (srcShape[d] == 1 && shape[d] != 1) {
            b.divisibility[d] = in[0].getDivisibility(d);
            b.constancy[d] = shape[d];
            continue;
          }
          b.contiguity[d] = in[0].getContiguity(d);
          b.divisibility[d] = in[0].getDivisibility(d);
          b.constancy[d] = in[0].getConstancy(d);
        }
        b.constantValue = in[0].getConstantValue();
        return b.build();
      })
      .Case([&](ExpandDimsOp expand) -> std::optional<AlignmentInfo> {
        SmallVector<int64_t> map;
        int64_t axis = expand.getAxis();
        for (int64_t d = 0; d < static_cast<int64_t>(rank); ++d)
          map.push_back(d == axis ? -1 : d < axis ? d : d - 1);
        return remapDims(in[0], map, shape);
      })
      .Case([&](TransOp trans) -> std::optional<AlignmentInfo> {
        SmallVector<int64_t> map(trans.getOrder().begin(),
                                 trans.getOrder().end());
        return remapDims(in[0], map, shape);
      })
      .Case([&](ReshapeOp r) -> std::optional<AlignmentInfo> {
        return reshape(in[0], r.getSrc().getType().getShape(), shape);
      })
      .Case([&](ConvertLayoutOp) { return in[0]; })
      .Case([&](arith::AddIOp op) {
        return addLike(op, in[0], in[1], /*isSub=*/false, 1);
      })
      .Case([&](arith::SubIOp op) {
        return addLike(op, in[0], in[1], /*isSub=*/true, 1);
      })
      .Case([&](arith::MulIOp op) { return mul(op, in[0], in[1]); })
      .Case([&](AddPtrOp op) {
        return addLike(op, in[0], in[1], /*isSub=*/false,
                       getUnit(op.getPtr().getType()));
      })
      .Case([&](arith::DivUIOp) { return divide(in[0], in[1], true); })
      .Case([&](arith::DivSIOp) {
        return divide(in[0], in[1], /*floors=*/nonNegative[0]);
      })
      .Case<arith::ShRUIOp, arith::ShRSIOp>(
          [&](Operation *) -> std::optional<AlignmentInfo> {
            // An arithmetic shift rounds down, also for negative values.
            std::optional<int64_t> s = in[1].getConstantValue();
            if (s && *s >= 0 && *s < 32)
              return divide(in[0], getConstantInfo(shape, int64_t(1) << *s),
                            true);
            return keepConstancy(in, rank);
          })
      .Case([&](arith::ShLIOp) -> std::optional<AlignmentInfo> {
        std::optional<int64_t> s = in[1].getConstantValue();
        if (s == 0)
          return in[0];
        SmallVector<int64_t> divisibility = elementDivisibility(in[0]);
        if (s && *s > 0 && *s < 32)
          for (int64_t &v : divisibility)
            v = cappedProduct(v, int64_t(1) << *s);
        return keepConstancy(in, rank, divisibility);
      })
      .Case([&](arith::RemUIOp) { return remainder(in[0], in[1]); })
      .Case([&](arith::RemSIOp) {
        return nonNegative[0] ? remainder(in[0], in[1])
                              : signedRemainder(in[0], in[1]);
      })
      .Case([&](arith::AndIOp) -> std::optional<AlignmentInfo> {
        // x & (p - 1) is x mod p rounding down, for signed x too.
        for (int i = 0; i < 2; ++i) {
          std::optional<int64_t> mask = in[1 - i].getConstantValue();
          if (mask && *mask >= 0 &&
              *mask < std::numeric_limits<int64_t>::max() &&
              llvm::isPowerOf2_64(*mask + 1))
            return remainder(in[i], getConstantInfo(shape, *mask + 1));
        }
        // Trailing zeros of either operand stay zero.
        SmallVector<int64_t> x = elementDivisibility(in[0]),
                             y = elementDivisibility(in[1]);
        for (unsigned d = 0; d < rank; ++d)
          x[d] = std::max(x[d], y[d]);
        return keepConstancy(in, rank, x);
      })
      .Case<arith::OrIOp, arith::XOrIOp>(
          [&](Operation *) -> std::optional<AlignmentInfo> {
            if (in[1].getConstantValue() == 0)
              return in[0];
            if (in[0].getConstantValue() == 0)
              return in[1];
            SmallVector<int64_t> x = elementDivisibility(in[0]),
                                 y = elementDivisibility(in[1]);
            for (unsigned d = 0; d < rank; ++d)
              x[d] = std::min(x[d], y[d]);
            return keepConstancy(in, rank, x);
          })
      .Case<arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp>(
          [&](Operation *) -> std::optional<AlignmentInfo> {
            // Each element is one of the two operands' elements.
            SmallVector<int64_t> x = elementDivisibility(in[0]),
                                 y = elementDivisibility(in[1]);
            for (unsigned d = 0; d < rank; ++d)
              x[d] = gcd(x[d], y[d]);
            return keepConstancy(in, rank, x);
          })
      .Case([&](arith::SelectOp sel) {
        return select(in[0], in[1], in[2], shape,
                      !isa<RankedTensorType>(sel.getCondition().getType()));
      })
      .Case([&](arith::CmpIOp cmp) { return compare(cmp, in[0], in[1]); })
      .Case<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp, arith::IndexCastOp,
            arith::IndexCastUIOp, PtrToIntOp, IntToPtrOp>(
          [&](Operation *) { return in[0]; })
      .Case([&](BitcastOp cast) -> std::optional<AlignmentInfo> {
        // Pointers keep their byte address; runs count elements.
        if (isa<PointerType>(getElementTypeOrSelf(resultType))) {
          if (getUnit(cast.getSrc().getType()) == getUnit(resultType))
            return in[0];
          return keepConstancy(in, rank,
                               SmallVector<int64_t>(in[0].getDivisibility()));
        }
        return keepConstancy(in, rank);
      })
      .Case([&](LoadOp load) -> std::optional<AlignmentInfo> {
        // Equal addresses (and masks) load equal values, unless each
        // volatile load may see another.
        if (load.getIsVolatile())
          return std::nullopt;
        return keepConstancy(in, rank);
      })
      .Case([&](ElementwiseInlineAsmOp) -> std::optional<AlignmentInfo> {
        // Assembly may combine the elements of a packed register.
        return std::nullopt;
      })
      .Default([&](Operation *op) -> std::optional<AlignmentInfo> {
        // Equal inputs give equal results, unless the op has effects (an
        // impure libdevice call runs once per element as written).
        if (op->hasTrait<OpTrait::Elementwise>() && isMemoryEffectFree(op))
          return keepConstancy(in, rank);
        return std::nullopt;
      });
}

//===----------------------------------------------------------------------===//
// AlignmentDataFlowAnalysis
//===----------------------------------------------------------------------===//

LogicalResult AlignmentDataFlowAnalysis::visitOperation(
    Operation *op, ArrayRef<const AlignmentLattice *> operands,
    ArrayRef<AlignmentLattice *> results) {
  SmallVector<AlignmentInfo> in;
  for (const AlignmentLattice *operand : operands) {
    // Wait until every operand is known: joining later only loses facts.
    if (!operand->getValue().isInitialized())
      return success();
    in.push_back(operand->getValue());
  }
  // Signed division and remainder ask whether their dividend is negative.
  SmallVector<bool> nonNegative(operands.size(), false);
  if (isa<arith::DivSIOp, arith::RemSIOp>(op)) {
    const auto *sign = getOrCreateFor<NonNegativeLattice>(
        getProgramPointAfter(op), op->getOperand(0));
    if (sign->getValue().isUninitialized())
      return success();
    nonNegative[0] = sign->getValue().isNonNegative();
  }
  std::optional<AlignmentInfo> info = computeInfo(op, in, nonNegative);
  if (!info) {
    setAllToEntryStates(results);
    return success();
  }
  for (AlignmentLattice *result : results)
    propagateIfChanged(result, result->join(*info));
  return success();
}

void AlignmentDataFlowAnalysis::visitNonControlFlowArguments(
    Operation *op, const RegionSuccessor &successor,
    ArrayRef<AlignmentLattice *> argLattices, unsigned firstIndex) {
  auto loop = dyn_cast<LoopLikeOpInterface>(op);
  std::optional<Value> iv =
      loop ? loop.getSingleInductionVar() : std::optional<Value>();
  if (!iv || !loop.getSingleLowerBound() || !loop.getSingleStep())
    return SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
        op, successor, argLattices, firstIndex);

  // The induction variable of a loop: lb, lb + step, ... are divisible by
  // what divides both.
  auto divisibility = [&](OpFoldResult ofr) -> std::optional<int64_t> {
    if (auto attr = dyn_cast<Attribute>(ofr))
      return highestPowerOf2Divisor(cast<IntegerAttr>(attr).getInt());
    const AlignmentLattice *lattice =
        getLatticeElementFor(getProgramPointAfter(op), cast<Value>(ofr));
    if (!lattice->getValue().isInitialized())
      return std::nullopt;
    return lattice->getValue().getDivisibilityAt(0, 1);
  };
  ValueRange inputs = successor.getSuccessorInputs();
  for (AlignmentLattice *lattice : argLattices) {
    Value anchor = lattice->getAnchor();
    if (anchor == *iv) {
      std::optional<int64_t> lb = divisibility(*loop.getSingleLowerBound());
      std::optional<int64_t> step = divisibility(*loop.getSingleStep());
      if (lb && step)
        propagateIfChanged(
            lattice, lattice->join(AlignmentInfo({1}, {gcd(*lb, *step)}, {1})));
      continue;
    }
    // Values the region's control flow defines are joined elsewhere.
    if (!llvm::is_contained(inputs, anchor))
      setToEntryState(lattice);
  }
}

void AlignmentDataFlowAnalysis::setToEntryState(AlignmentLattice *lattice) {
  Value value = lattice->getAnchor();
  AlignmentInfo info =
      isa<BlockArgument>(value)
          ? AlignmentInfo::getFromHints(cast<BlockArgument>(value))
          : AlignmentInfo::getPessimistic(getShapeOf(value.getType()).size());
  propagateIfChanged(lattice, lattice->join(info));
}

//===----------------------------------------------------------------------===//
// ModuleAlignmentAnalysis
//===----------------------------------------------------------------------===//

ModuleAlignmentAnalysis::ModuleAlignmentAnalysis(Operation *module) {
  solver.load<DeadCodeAnalysis>();
  solver.load<SparseConstantPropagation>();
  solver.load<NonNegativeAnalysis>();
  solver.load<AlignmentDataFlowAnalysis>();
  (void)solver.initializeAndRun(module);
}

const AlignmentInfo *ModuleAlignmentAnalysis::getInfo(Value value) const {
  const auto *lattice = solver.lookupState<AlignmentLattice>(value);
  if (!lattice || !lattice->getValue().isInitialized())
    return nullptr;
  return &lattice->getValue();
}

SmallVector<unsigned> ModuleAlignmentAnalysis::getOrderByContiguity(
    Value ptr, ArrayRef<unsigned> preferredOrder) const {
  SmallVector<unsigned> order(preferredOrder);
  const AlignmentInfo *info = getInfo(ptr);
  if (!info || info->getRank() != order.size())
    return order;
  llvm::stable_sort(order, [&](unsigned a, unsigned b) {
    return info->getContiguity(a) > info->getContiguity(b);
  });
  return order;
}

unsigned ModuleAlignmentAnalysis::getPtrAlignment(Value ptr,
                                                  unsigned dim) const {
  const AlignmentInfo *info = getInfo(ptr);
  if (!info || dim >= info->getRank())
    return 1;
  int64_t unit = getUnit(ptr.getType());
  int64_t aligned = info->getDivisibility(dim) / unit;
  return std::max<int64_t>(1, std::min(info->getContiguity(dim), aligned));
}

unsigned ModuleAlignmentAnalysis::getMaskAlignment(Value mask,
                                                   unsigned dim) const {
  if (!mask)
    return std::numeric_limits<unsigned>::max();
  const AlignmentInfo *info = getInfo(mask);
  if (!info || dim >= info->getRank())
    return 1;
  return std::max<int64_t>(1, info->getConstancy(dim));
}

unsigned ModuleAlignmentAnalysis::getAccessWidth(Value ptr, Value mask) const {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type)
    return 1;
  // Each thread's consecutive elements along the fastest dimension: a
  // blocked layout's elements per thread, a slice's along the fastest
  // dimension of its blocked parent that it keeps (a bias row loaded in
  // the columns of the values it is added to), an mma accumulator's pairs
  // of columns.
  unsigned dim;
  int64_t perThread;
  auto slice = dyn_cast<SliceLayoutAttr>(type.getEncoding());
  auto sliced = slice && type.getRank() > 0
                    ? dyn_cast<BlockedLayoutAttr>(slice.getParent())
                    : BlockedLayoutAttr();
  if (auto blocked = dyn_cast<BlockedLayoutAttr>(type.getEncoding())) {
    dim = blocked.getOrder()[0];
    perThread = blocked.getSizePerThread()[dim];
  } else if (sliced) {
    unsigned kept = *llvm::find_if(
        sliced.getOrder(), [&](unsigned d) { return d != slice.getDim(); });
    dim = kept > slice.getDim() ? kept - 1 : kept;
    perThread = sliced.getSizePerThread()[kept];
  } else if (isa<MmaLayoutAttr>(type.getEncoding())) {
    dim = 1;
    perThread = 2;
  } else {
    return 1;
  }
  Type pointee = getPointeeType(type);
  if (!pointee)
    return 1;
  Type element = getElementTypeOrSelf(pointee);
  if (element.isInteger(1) || isa<PointerType>(element) ||
      !element.isIntOrFloat())
    return 1;
  int64_t bytes = std::max<int64_t>(1, element.getIntOrFloatBitWidth() / 8);
  int64_t width = std::min<int64_t>({perThread, getPtrAlignment(ptr, dim),
                                     getMaskAlignment(mask, dim),
                                     std::max<int64_t>(1, 16 / bytes)});
  return unsigned(1) << llvm::Log2_64(std::max<int64_t>(1, width));
}
