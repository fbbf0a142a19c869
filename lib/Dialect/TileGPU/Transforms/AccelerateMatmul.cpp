//===- AccelerateMatmul.cpp - tile.dot on tensor cores --------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Gives tile.dot ops that tensor cores can compute the mma.sync layouts:
// the accumulator #tilegpu.mma version 2 and its dot_op operand layouts, with
// conversions from and to the layouts the rest of the function uses (which
// tile-remove-layout-conversions then moves or removes). f16 and bf16
// operands qualify, f32 ones whose inputPrecision is tf32 or tf32x3 (ieee
// stays exact, on FMA), and i8 ones with i32 accumulators. An operand in a
// blocked layout goes to its dot_op layout through a swizzled shared buffer
// (tilegpu.local_alloc + tilegpu.local_load), which the lowering writes with
// 16-byte stores and reads without bank conflicts (ldmatrix for 16-bit
// elements); a block that a TMA descriptor loads keeps the descriptor's NVMMA
// layout instead, which ldmatrix reads as well, so that the copy lands in that
// buffer.
//
// A dot neither takes stays on the FMA units, with an accumulator of up to
// 4x4 elements per thread and its operands read from row-major buffers.
//
// On sm_90a, a dot whose shape suits Hopper's warpgroup MMA becomes a
// tilenv.warpgroup_dot instead: both operands in NVMMA-swizzled shared
// buffers that wgmma reads itself (tf32's, i8's and fp8's B transposed,
// K-contiguous, as wgmma reads those K-major only), the accumulator in
// #tilegpu.mma version 3. fp8 dots wgmma does not take have their operands
// converted to f16 first.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/TileGPU/IR/Target.h"
#include "tile/Dialect/TileGPU/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tile {
#define GEN_PASS_DEF_ACCELERATEMATMUL
#include "tile/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

/// Warps over the accumulator's 16x8 tiles, doubled along whichever
/// dimension leaves each warp more tiles (so that the operands each warp
/// reads from shared memory are balanced); none if the shape does not
/// divide among them.
std::optional<SmallVector<unsigned>> chooseWarps(ArrayRef<int64_t> shape,
                                                 unsigned numWarps) {
  unsigned alongM = 1, alongN = 1;
  while (alongM * alongN < numWarps) {
    bool mFits = shape[0] % (16 * alongM * 2) == 0;
    bool nFits = shape[1] % (8 * alongN * 2) == 0;
    bool preferM = shape[0] / (16 * alongM) >= shape[1] / (8 * alongN);
    if (mFits && (preferM || !nFits))
      alongM *= 2;
    else if (nFits)
      alongN *= 2;
    else
      return std::nullopt;
  }
  return SmallVector<unsigned>{alongM, alongN};
}

/// Whether wgmma takes the operands of a dot of `element`s as tf32: f32
/// with inputPrecision = tf32 (tf32x3's three products stay on mma.sync).
bool isTF32(Type element, InputPrecision precision) {
  return element.isF32() && precision == InputPrecision::TF32;
}

/// Whether `element` is an 8-bit float wgmma multiplies (e4m3, e5m2).
bool isWgmmaFloat8(Type element) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(element);
}

/// Whether wgmma reads both operands of such a dot K-major only (tf32, i8
/// and fp8; 16-bit operands may also be MN-major).
bool readsKMajorOnly(Type element, InputPrecision precision) {
  return isTF32(element, precision) || element.isInteger(8) ||
         isWgmmaFloat8(element);
}

/// The value a dot operand is stored from into shared memory: the operand
/// as computed, before the layout conversions that led to the dot.
Value getStoredOperand(Value v) {
  while (auto convert = v.getDefiningOp<ConvertLayoutOp>())
    v = convert.getSrc();
  return v;
}

/// The N x K value `operand` (K x N) transposes (flex attention's
/// tl.trans(k)), if it is a transposition: it goes to shared memory as
/// computed, and the dot reads a transposed view of it, so that the load
/// it comes from can be copied straight into a buffer (tile-pipeline's
/// rings take only such loads).
Value getTransposedOperand(Value operand) {
  auto trans = getStoredOperand(operand).getDefiningOp<TransOp>();
  if (!trans || trans.getOrder() != ArrayRef<int32_t>{1, 0})
    return Value();
  return getStoredOperand(trans.getSrc());
}

/// A transposed view of 2-D `buffer` (its bytes read as the transposed
/// value's).
Value createTransposedView(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<BufferType>(buffer.getType());
  SmallVector<int32_t> order = {1, 0};
  auto viewType =
      BufferType::get(b.getContext(), {type.getShape()[1], type.getShape()[0]},
                      type.getElementType(),
                      getTransposedSharedLayout(type.getEncoding(), order),
                      type.getMutableMemory());
  return BufferTransOp::create(b, loc, viewType, buffer,
                               b.getDenseI32ArrayAttr(order));
}

/// The buffer of `type` that `value` is stored in before `dot` in its
/// block, if there is one: a value that two warpgroup dots read is stored
/// once, so that the load it comes from has one buffer, which
/// tile-pipeline can copy ahead.
Value findStoredBuffer(Value value, BufferType type, Operation *dot) {
  for (Operation *user : value.getUsers())
    if (auto alloc = dyn_cast<LocalAllocOp>(user);
        alloc && alloc.getType() == type &&
        alloc->getBlock() == dot->getBlock() && alloc->isBeforeInBlock(dot))
      return alloc.getResult();
  return Value();
}

/// Whether `operand` (K x N) is computed K-contiguous: each thread's
/// elements run along K, so that its stores into a K-major buffer (and
/// tile-pipeline's copies) are as wide as they are along K.
bool isComputedKMajor(Value operand) {
  unsigned kDim = 0;
  if (Value source = getTransposedOperand(operand)) {
    operand = source;
    kDim = 1;
  }
  auto type = cast<RankedTensorType>(getStoredOperand(operand).getType());
  auto blocked = dyn_cast_or_null<BlockedLayoutAttr>(type.getEncoding());
  return blocked && blocked.getOrder()[0] == kDim;
}

/// Erases the ops of `converts` (layout conversions, and a transposition
/// read through a view instead; each listed once) that nothing reads once
/// the dot they fed is gone, each after those that read it (one operand's
/// chain may read into the middle of the other's).
void eraseDeadConverts(ArrayRef<Operation *> converts) {
  SmallVector<Operation *> left(converts);
  for (bool erased = true; erased;) {
    erased = false;
    llvm::erase_if(left, [&](Operation *convert) {
      if (!convert->use_empty())
        return false;
      convert->erase();
      return erased = true;
    });
  }
}

/// Whether `value` is computed, through element-wise ops and layout
/// conversions, from the product of another dot (attention's P: the first
/// dot's product after the softmax, cast to f16), whose accumulator
/// registers can then be the next dot's A fragments.
bool isComputedFromDot(Value value, unsigned depth = 0) {
  Operation *def = value.getDefiningOp();
  if (!def || depth > 16)
    return false;
  if (isa<DotOp, WarpgroupDotOp, WarpgroupDotWaitOp>(def))
    return true;
  if (!isa<ConvertLayoutOp>(def) && !def->hasTrait<OpTrait::Elementwise>())
    return false;
  return llvm::any_of(def->getOperands(), [&](Value operand) {
    return isa<RankedTensorType>(operand.getType()) &&
           isComputedFromDot(operand, depth + 1);
  });
}

/// The warps of a warpgroup dot's accumulator, [along M, along N], as
/// Triton places them: a warpgroup (4 warps along M) at first, then twice
/// as many along M while M has 16 rows a warp for them, else along N (a
/// 64-row block with 8 warps: two warpgroups side by side, each computing
/// half the columns).
std::pair<unsigned, unsigned> getWarpgroupWarps(int64_t m, unsigned numWarps) {
  unsigned alongM = 4, alongN = 1;
  while (alongM * alongN < numWarps) {
    if (m > 16 * int64_t(alongM))
      alongM *= 2;
    else
      alongN *= 2;
  }
  return {alongM, alongN};
}

/// Why `dot` cannot be a tilenv.warpgroup_dot on `numWarps` warps (placed
/// by getWarpgroupWarps), or an empty string.
StringRef whyNotWarpgroupDot(DotOp dot, unsigned numWarps) {
  RankedTensorType a = dot.getA().getType(), b = dot.getB().getType(),
                   c = dot.getC().getType();
  InputPrecision precision = dot.getInputPrecision();
  Type element = a.getElementType();
  bool kMajorOnly = readsKMajorOnly(element, precision);
  bool fp8 = isWgmmaFloat8(element) && isWgmmaFloat8(b.getElementType());
  if (!element.isF16() && !element.isBF16() && !kMajorOnly)
    return "wgmma is used for f16, bf16, tf32, i8 and fp8 operands";
  if (fp8) {
    // mma.sync has no fp8 on sm_90: wgmma's own conditions.
    if (a.getRank() != 2 || !c.getElementType().isF32())
      return "wgmma multiplies 2-D fp8 operands into f32 accumulators";
    if (a.getDimSize(1) % getMmaKStep(element))
      return "wgmma needs K to be a multiple of 32 for fp8";
  } else if (StringRef why = whyNotMmaSync(a, b, c, precision); !why.empty()) {
    return why;
  }
  // wgmma's f16 form packs two accumulators a register, which the
  // warpgroup_dot lowering does not: such dots stay on mma.sync.
  if (c.getElementType().isF16())
    return "f16 accumulators stay on mma.sync";
  int64_t m = c.getDimSize(0), n = c.getDimSize(1), k = a.getDimSize(1);
  // wgmma reads tf32 and i8 K-major only. A B computed N-contiguous (a
  // row-major matrix) is then stored element by element, 4-byte copies
  // instead of 16-byte ones: with a small accumulator (the 64x64 tf32
  // example: 32 registers a thread) that ran at half mma.sync's speed. With
  // a large one, mma.sync's operand fragments no longer fit beside it (the
  // tutorial's 128x256 tf32 block: 128 registers, 4 KB of spills) and
  // wgmma, which reads both operands from shared memory, wins. i8 stays on
  // mma.sync: its 1-byte elements cannot be copied asynchronously at all.
  // fp8 has no mma.sync to stay on.
  if (kMajorOnly && !fp8 && !isComputedKMajor(dot.getB()) &&
      (!isTF32(element, precision) || m * n / (32 * numWarps) < 128))
    return "wgmma reads tf32 and i8 B K-major, B is computed N-contiguous, "
           "and the accumulator leaves mma.sync room for its operands";
  int64_t bytes = element.getIntOrFloatBitWidth() / 8;
  if (numWarps % 4)
    return "the warps do not form warpgroups";
  auto [alongM, alongN] = getWarpgroupWarps(m, numWarps);
  if (m % (16 * alongM))
    return "M is not a multiple of 16 rows per warp";
  if (n % (8 * alongN))
    return "N does not split into 8-column blocks of each warpgroup";
  // Each warpgroup's instruction covers N / alongN columns; B's swizzled
  // rows run along N (each warpgroup's columns whole column blocks of
  // them), or along K if K-major.
  int64_t instrN = n / alongN;
  if (instrN > 256 || !getNVMMASwizzle((kMajorOnly ? k : instrN) * bytes) ||
      !getNVMMASwizzle(k * bytes))
    return "N or K does not suit a wgmma instruction and swizzle";
  // The accumulator stays in registers: at most 128 a thread.
  if (m / (16 * alongM) * instrN / 2 > 128)
    return "the accumulator needs more than 128 registers a thread";
  return "";
}

class AccelerateMatmul
    : public tile::impl::AccelerateMatmulBase<AccelerateMatmul> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<unsigned> numWarps =
        getNumWarpsOrError(module, "tile-accelerate-matmul");
    if (failed(numWarps))
      return signalPassFailure();
    auto target =
        module->getAttrOfType<StringAttr>(TileGPUDialect::getTargetAttrName());
    unsigned sm = target ? parseSmVersion(target.getValue()) : 0;
    WalkResult unlaid = module.walk([&](DotOp dot) -> WalkResult {
      for (Value v : {dot.getA(), dot.getB(), dot.getC()})
        if (!isa_and_nonnull<DistributedLayoutAttr>(
                cast<RankedTensorType>(v.getType()).getEncoding()))
          return dot.emitOpError()
                 << "operands need distributed layouts for "
                    "tile-accelerate-matmul: run tile-assign-layouts first";
      return WalkResult::advance();
    });
    if (unlaid.wasInterrupted())
      return signalPassFailure();
    bool wgmma = sm == 90 && hasArchSpecificFeatures(target.getValue());
    // fp8 is multiplied by wgmma only; other fp8 dots take f16 operands,
    // which hold every e4m3 and e5m2 value, and go on as f16 dots.
    module.walk([&](DotOp dot) {
      if (isWgmmaFloat8(dot.getA().getType().getElementType()) &&
          !(wgmma && whyNotWarpgroupDot(dot, *numWarps).empty()))
        upcastOperands(dot);
    });
    bool sharedBuffers = false;
    module.walk([&](DotOp dot) {
      if (isa<MmaLayoutAttr>(dot.getC().getType().getEncoding()))
        return;
      if (wgmma && whyNotWarpgroupDot(dot, *numWarps).empty())
        return toWarpgroupDot(dot, *numWarps);
      // mma.sync needs sm_80 or newer.
      if (sm < 80 ||
          !whyNotMmaSync(dot.getA().getType(), dot.getB().getType(),
                         dot.getC().getType(), dot.getInputPrecision())
               .empty())
        return toFmaLayout(dot, *numWarps);
      std::optional<SmallVector<unsigned>> warps =
          chooseWarps(dot.getC().getType().getShape(), *numWarps);
      if (!warps)
        return toFmaLayout(dot, *numWarps);
      MLIRContext *context = &getContext();
      auto mma = MmaLayoutAttr::get(context, 2, 0, *warps, {16, 8});
      OpBuilder b(dot);
      Location loc = dot.getLoc();
      // An operand converted for the FMA path is converted from its source.
      // Both operands are stored before either is read, so their buffers
      // are live together: one barrier then separates the stores from the
      // reads, where buffers sharing memory would need one per operand.
      SmallVector<Operation *> fmaConverts;
      SmallVector<std::pair<Value, RankedTensorType>> reads;
      // A value both operands read (k * k^T) is stored once. Across dots
      // a buffer is shared with its read, and with share-operand-buffers
      // also read in another layout: that keeps both dots' fragments live
      // together, which the compiler undoes where it spills more.
      SmallVector<LocalAllocOp, 2> stores;
      auto store = [&](Value v, BufferType type) -> Value {
        for (LocalAllocOp alloc : stores)
          if (alloc.getSrc() == v && alloc.getType() == type)
            return alloc;
        return stores.emplace_back(LocalAllocOp::create(b, loc, type, v));
      };
      auto operand = [&](Value v, unsigned opIdx) -> Value {
        if (auto convert = v.getDefiningOp<ConvertLayoutOp>()) {
          fmaConverts.push_back(convert);
          v = convert.getSrc();
        }
        auto layout = DotOperandLayoutAttr::get(
            context, opIdx, mma,
            getMmaKWidth(dot.getA().getType().getElementType()));
        auto type = cast<RankedTensorType>(v.getType());
        // A transposed value (fla's k^T in k * k^T) is read through a
        // transposed view of its source's buffer, as computed: no transpose
        // through shared memory first, and the load it comes from can be
        // copied straight into the buffer.
        if (Value source = getTransposedOperand(v)) {
          auto sourceType = cast<RankedTensorType>(source.getType());
          if (Attribute shared = getOperandSharedLayout(sourceType)) {
            auto bufferType = BufferType::get(context, sourceType.getShape(),
                                              sourceType.getElementType(),
                                              shared, /*mutableMemory=*/false);
            Value buffer = store(source, bufferType);
            Value view = createTransposedView(b, loc, buffer);
            reads.emplace_back(view, withEncoding(type, layout));
            // The chain from the source to the operand (conversions and
            // the transposition), once unused.
            for (Value x = v; x != source; x = x.getDefiningOp()->getOperand(0))
              fmaConverts.push_back(x.getDefiningOp());
            return view;
          }
        }
        // Shared memory takes any layout: store the value as it was
        // computed (e.g. the coalesced load before tile-coalesce's
        // conversion back).
        Value stored = v;
        while (auto convert = stored.getDefiningOp<ConvertLayoutOp>()) {
          if (!isa<BlockedLayoutAttr>(convert.getSrc().getType().getEncoding()))
            break;
          stored = convert.getSrc();
        }
        auto storedType = cast<RankedTensorType>(stored.getType());
        // A TMA block keeps the descriptor's NVMMA layout, which ldmatrix
        // reads as well: the copy then lands in the operand's buffer itself
        // (and tile-pipeline can run it ahead).
        Attribute shared = getOperandSharedLayout(storedType);
        if (auto load = stored.getDefiningOp<DescriptorLoadOp>())
          shared = getSharedLayout(load.getDesc().getType());
        if (shared) {
          auto bufferType =
              BufferType::get(context, type.getShape(), type.getElementType(),
                              shared, /*mutableMemory=*/false);
          // The same operand of an earlier dot of the block (the delta
          // rule's v_new, B of both state updates) is that dot's read: one
          // store and one fragment, which CSE could not merge.
          RankedTensorType readType = withEncoding(type, layout);
          Value earlier = findStoredBuffer(stored, bufferType, dot);
          if (earlier)
            for (Operation *user : earlier.getUsers())
              if (auto load = dyn_cast<LocalLoadOp>(user);
                  load && load.getType() == readType &&
                  load->getBlock() == dot->getBlock() &&
                  load->isBeforeInBlock(dot))
                return load.getResult();
          // Read in this dot's layout from the earlier dot's buffer (this
          // dot's own buffers are shared by `store`).
          if (earlier && shareOperandBuffers &&
              !llvm::is_contained(stores, earlier.getDefiningOp())) {
            sharedBuffers = true;
            reads.emplace_back(earlier, readType);
            return earlier;
          }
          Value buffer = store(stored, bufferType);
          reads.emplace_back(buffer, readType);
          return buffer;
        }
        return ConvertLayoutOp::create(b, loc, withEncoding(type, layout), v);
      };
      // Each operand's read, in turn (both may read one buffer).
      auto read = [&](Value v) -> Value {
        for (auto *it = reads.begin(); it != reads.end(); ++it)
          if (it->first == v) {
            RankedTensorType type = it->second;
            reads.erase(it);
            return LocalLoadOp::create(b, loc, type, v);
          }
        return v;
      };
      Value a = operand(dot.getA(), 0), bb = operand(dot.getB(), 1);
      a = read(a);
      bb = read(bb);
      Value c = ConvertLayoutOp::create(
          b, loc, withEncoding(dot.getC().getType(), mma), dot.getC());
      auto product = DotOp::create(b, loc, c.getType(), a, bb, c,
                                   dot.getInputPrecisionAttr(),
                                   dot.getMaxNumImpreciseAccAttr());
      Value result = ConvertLayoutOp::create(b, loc, dot.getType(), product);
      dot.replaceAllUsesWith(result);
      dot.erase();
      eraseDeadConverts(fmaConverts);
    });
    if (sharedBuffers)
      module->setAttr(TileGPUDialect::getSharedOperandBuffersAttrName(),
                      UnitAttr::get(&getContext()));
  }

  /// A dot left to the FMA units gets an accumulator layout of 2x2
  /// elements per thread once it has 4 per thread, 4x4 once it has 16, as
  /// Triton gives it: a thread then reuses each element of A it holds for
  /// several columns and each of B for several rows, where one element per
  /// thread spreads a row over the warp and has every thread hold all of
  /// A's rows. (The layout it had is restored after the dot, for
  /// tile-remove-layout-conversions to settle.)
  void toFmaLayout(DotOp dot, unsigned numWarps) {
    RankedTensorType type = dot.getC().getType();
    auto blocked = dyn_cast<BlockedLayoutAttr>(type.getEncoding());
    unsigned rank = type.getRank();
    if (!blocked || rank < 2 || rank > 3)
      return;
    unsigned threadsPerWarp = getThreadsPerWarp(getOperation());
    int64_t perThread = type.getNumElements() / (numWarps * threadsPerWarp);
    unsigned size = perThread >= 16 ? 4 : perThread >= 4 ? 2 : 1;
    // A thread's accumulators form a square of rows and columns of one
    // batch: each A row and B column it reads serves `size` of them.
    SmallVector<unsigned> sizePerThread(rank - 2, 1);
    for (int64_t dim : type.getShape().take_back(2))
      sizePerThread.push_back(std::min<int64_t>(size, dim));
    if (ArrayRef<unsigned>(sizePerThread) == blocked.getSizePerThread())
      return;
    MLIRContext *context = &getContext();
    SmallVector<unsigned> order =
        llvm::to_vector(llvm::reverse(llvm::seq<unsigned>(0, rank)));
    auto layout = getBlockedLayout(context, type.getShape(), sizePerThread,
                                   order, numWarps, threadsPerWarp);
    OpBuilder b(dot);
    Location loc = dot.getLoc();
    // Each operand goes through a row-major buffer (a thread reads its rows
    // of A along K, its columns of B in runs along N), both stored before
    // either is read: the reads then have no barrier after them, and can be
    // scheduled next to the multiply-adds that use them.
    SmallVector<Operation *> converts;
    auto shared = SwizzledSharedLayoutAttr::get(context, 1, 1, 1, order);
    auto store = [&](Value v) -> Value {
      if (auto convert = v.getDefiningOp<ConvertLayoutOp>())
        converts.push_back(convert);
      v = getStoredOperand(v);
      auto operandType = cast<RankedTensorType>(v.getType());
      return LocalAllocOp::create(
          b, loc,
          BufferType::get(context, operandType.getShape(),
                          operandType.getElementType(), shared,
                          /*mutableMemory=*/false),
          v);
    };
    auto read = [&](Value buffer, Value operand, unsigned opIdx) -> Value {
      return LocalLoadOp::create(
          b, loc,
          withEncoding(operand.getType(),
                       DotOperandLayoutAttr::get(context, opIdx, layout, 0)),
          buffer);
    };
    Value bufferA = store(dot.getA()), bufferB = store(dot.getB());
    Value a = read(bufferA, dot.getA(), 0), bb = read(bufferB, dot.getB(), 1);
    Value c =
        ConvertLayoutOp::create(b, loc, withEncoding(type, layout), dot.getC());
    auto product = DotOp::create(b, loc, c.getType(), a, bb, c,
                                 dot.getInputPrecisionAttr(),
                                 dot.getMaxNumImpreciseAccAttr());
    dot.replaceAllUsesWith(
        ConvertLayoutOp::create(b, loc, dot.getType(), product).getResult());
    dot.erase();
    eraseDeadConverts(converts);
  }

  /// `dot`'s 8-bit float operands converted to f16 (exactly), in their
  /// layouts.
  static void upcastOperands(DotOp dot) {
    OpBuilder b(dot);
    for (OpOperand *operand : {&dot.getAMutable(), &dot.getBMutable()}) {
      auto type = cast<RankedTensorType>(operand->get().getType());
      if (!isWgmmaFloat8(type.getElementType()))
        continue;
      operand->set(FpToFpOp::create(b, dot.getLoc(), type.clone(b.getF16Type()),
                                    operand->get(), RoundingModeAttr()));
    }
  }

  /// `dot` as a tilenv.warpgroup_dot: each operand stored (in the layout it
  /// was computed in) into an NVMMA buffer, the accumulator converted to
  /// #tilegpu.mma version 3 with the warps of getWarpgroupWarps.
  void toWarpgroupDot(DotOp dot, unsigned numWarps) {
    MLIRContext *context = &getContext();
    OpBuilder b(dot);
    Location loc = dot.getLoc();
    RankedTensorType cType = dot.getC().getType();
    int64_t n = cType.getDimSize(1), k = dot.getA().getType().getDimSize(1);
    Type element = dot.getA().getType().getElementType();
    unsigned bits = element.getIntOrFloatBitWidth();
    auto [alongM, alongN] = getWarpgroupWarps(cType.getDimSize(0), numWarps);
    unsigned instrN = n / alongN;
    auto mma = MmaLayoutAttr::get(context, 3, 0, {alongM, alongN},
                                  {16, instrN, unsigned(getMmaKStep(element))});
    // wgmma reads tf32, i8 and fp8 operands K-major only: B transposed
    // (K-contiguous). 16-bit B is stored as it is computed: K-major where
    // its elements run along K (attention's K^T, loaded K-contiguous), so
    // that its stores and tile-pipeline's copies are as wide as the loads.
    bool transposeB = readsKMajorOnly(element, dot.getInputPrecision()) ||
                      isComputedKMajor(dot.getB());
    // A and B may share converts (B's value converted on to A's layout).
    llvm::SetVector<Operation *> converts;
    // `v` before the conversions that led to it, which are listed to erase.
    auto stripConverts = [&](Value v) {
      while (auto convert = v.getDefiningOp<ConvertLayoutOp>()) {
        converts.insert(convert);
        v = convert.getSrc();
      }
      return v;
    };
    auto operand = [&](Value v, int64_t rowElements, bool transposed) -> Value {
      // Shared memory takes any layout: store the value as computed.
      v = stripConverts(v);
      auto type = cast<RankedTensorType>(v.getType());
      auto layout = NVMMASharedLayoutAttr::get(
          context, getNVMMASwizzle(rowElements * bits / 8), transposed, bits);
      auto bufferType = BufferType::get(context, type.getShape(),
                                        type.getElementType(), layout,
                                        /*mutableMemory=*/false);
      // A value already stored so for an earlier dot of the block is read
      // from that buffer (flex attention's backward: K^T for Q * K^T, and
      // through a transposed view for dS * K).
      if (Value buffer = findStoredBuffer(v, bufferType, dot))
        return buffer;
      return LocalAllocOp::create(b, loc, bufferType, v);
    };
    // A 16-bit A computed from another dot's product (attention's P) stays
    // in registers, in the layout of an accumulator whose N is K: wgmma
    // reads A fragments from the registers that layout gives each thread,
    // and P, computed in the first dot's accumulator layout, needs no
    // conversion at all. Other A (loaded, or computed from loads) goes
    // through shared memory, where tile-pipeline's copies land: in
    // registers it would first be converted through shared memory anyway.
    Value a;
    if (bits == 16 && isComputedFromDot(dot.getA()) && k <= 256 &&
        alongN == 1) {
      auto layout = MmaLayoutAttr::get(context, 3, 0, {numWarps, 1},
                                       {16, unsigned(k), 16});
      a = ConvertLayoutOp::create(
          b, loc, withEncoding(dot.getA().getType(), layout), dot.getA());
    } else {
      a = operand(dot.getA(), k, /*transposed=*/false);
    }
    Value bb;
    if (Value source = getTransposedOperand(dot.getB())) {
      // The same bytes as B's buffer, described with the rows of the
      // untransposed value.
      Value stored = operand(source, transposeB ? k : instrN, !transposeB);
      bb = createTransposedView(b, loc, stored);
      converts.insert(stripConverts(dot.getB()).getDefiningOp());
    } else {
      bb = operand(dot.getB(), transposeB ? k : instrN, transposeB);
    }
    Value c =
        ConvertLayoutOp::create(b, loc, withEncoding(cType, mma), dot.getC());
    auto product = WarpgroupDotOp::create(b, loc, c.getType(), a, bb, c,
                                          /*useC=*/Value());
    Value result = ConvertLayoutOp::create(b, loc, dot.getType(), product);
    dot.replaceAllUsesWith(result);
    dot.erase();
    eraseDeadConverts(converts.getArrayRef());
  }
};

} // namespace
