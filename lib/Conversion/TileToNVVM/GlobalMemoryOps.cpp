//===- GlobalMemoryOps.cpp - loads, stores and atomics --------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Loads and stores become vector accesses of the width chosen from the
// alignment analysis, predicated by their mask (and, where the layout
// replicates elements, by ownership, so that each element is written once).
// Atomics run once per element (on one thread for a scalar, whose result
// then reaches every thread through shared memory).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

Value zeroOf(OpBuilder &b, Location loc, Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::ZeroOp::create(b, loc, type);
  return LLVM::ZeroOp::create(b, loc, type);
}

/// Type a global access of `width` elements of `element` moves.
Type getAccessType(Type element, unsigned width) {
  if (width == 1)
    return element;
  return VectorType::get({width}, element);
}

//===----------------------------------------------------------------------===//
// Global memory
//===----------------------------------------------------------------------===//

/// How a masked global access of `bytes` bytes travels through PTX
/// registers: `count` pieces of `type`, asm constraint `constraint`, PTX
/// type suffix `suffix`.
struct AsmAccess {
  Type type;
  unsigned count;
  StringRef constraint;
  StringRef suffix;
};

/// The registers of a predicated access of `accessType`, if it has them:
/// integers and floats of 1 to 16 bytes (not pointers).
std::optional<AsmAccess> getAsmAccess(Type accessType) {
  Type element = getElementTypeOrSelf(accessType);
  if (!element.isIntOrFloat())
    return std::nullopt;
  MLIRContext *ctx = accessType.getContext();
  Type i16 = IntegerType::get(ctx, 16), i32 = IntegerType::get(ctx, 32);
  auto vector = dyn_cast<VectorType>(accessType);
  int64_t bytes =
      getElementBytes(element) * (vector ? vector.getNumElements() : 1);
  switch (bytes) {
  case 1:
    return AsmAccess{i16, 1, "h", "u8"};
  case 2:
    return AsmAccess{i16, 1, "h", "b16"};
  case 4:
    return AsmAccess{i32, 1, "r", "b32"};
  case 8:
    return AsmAccess{i32, 2, "r", "v2.b32"};
  case 16:
    return AsmAccess{i32, 4, "r", "v4.b32"};
  default:
    return std::nullopt;
  }
}

/// `value` (of an access type) as the registers of `access`.
SmallVector<Value> toRegisters(OpBuilder &b, Location loc, Value value,
                               const AsmAccess &access) {
  Type type = value.getType();
  if (!isa<VectorType>(type) && type.getIntOrFloatBitWidth() == 8)
    return {arith::ExtUIOp::create(b, loc, access.type, value)};
  if (access.count == 1)
    return {LLVM::BitcastOp::create(b, loc, access.type, value)};
  Value words = LLVM::BitcastOp::create(
      b, loc, VectorType::get(access.count, access.type), value);
  return unpackVector(b, loc, words);
}

/// The inverse of toRegisters.
Value fromRegisters(OpBuilder &b, Location loc, ValueRange registers,
                    Type type) {
  if (!isa<VectorType>(type) && type.getIntOrFloatBitWidth() == 8)
    return arith::TruncIOp::create(b, loc, type, registers[0]);
  Value packed =
      registers.size() == 1 ? registers[0] : packVector(b, loc, registers);
  return LLVM::BitcastOp::create(b, loc, type, packed);
}

/// `{$first, ..., $first+count-1}` (or `$first` for one register).
std::string asmRegisters(unsigned first, unsigned count) {
  if (count == 1)
    return "$" + std::to_string(first);
  std::string list = "{";
  for (unsigned i = 0; i < count; ++i)
    list += (i ? ", $" : "$") + std::to_string(first + i);
  return list + "}";
}

// Masked loads are predicated PTX loads (as Triton emits them) rather than
// branches: one basic block however many loads a thread makes. A kernel with
// a branch per load (the 96 scalar loads of a matmul's ragged blocks)
// compiled several times slower, in MLIR's block splitting and in LLVM's
// passes over hundreds of blocks. The asm has side effects so that LLVM keeps
// it in order with barriers and stores. Masked stores are predicated PTX
// stores too, except those tile-plan-lowering's tilegpu.branched keeps as
// branches.

/// Operand attributes of an access whose first operand is its address, an
/// indirect memory operand ("*m"): the backend folds constant offsets into
/// it (`[%rd1+2048]`), so that accesses a register apart share one address
/// register instead of holding one 64-bit address each.
ArrayAttr getMemoryOperandAttrs(OpBuilder &b, unsigned numOperands,
                                Type accessType) {
  SmallVector<Attribute> attrs(numOperands, b.getDictionaryAttr({}));
  attrs[0] = b.getDictionaryAttr(
      b.getNamedAttr("elementtype", TypeAttr::get(accessType)));
  return b.getArrayAttr(attrs);
}

/// The PTX qualifiers of a global access's cache hints (after `ld.global`
/// or `st.global`) and the L2 eviction policy operand they need, if any.
/// PTX takes either a cache operator or an L1 eviction priority (sm_70); an
/// eviction policy also goes to L2 as a cache hint (createpolicy, sm_80)
/// with either, as Triton emits it. Both need PTX 7.4: older targets and
/// ISAs get the cache operator only. The verifier already kept each cache
/// operator to the accesses that have it.
struct CacheHints {
  std::string qualifiers;
  Value policy;
  bool empty() const { return qualifiers.empty(); }
};

CacheHints getCacheHints(OpBuilder &b, Location loc, const LoweringState &state,
                         CacheModifier cache, EvictionPolicy evict) {
  CacheHints hints;
  if (cache != CacheModifier::NONE)
    hints.qualifiers = ("." + stringifyCacheModifier(cache)).str();
  if (evict == EvictionPolicy::NORMAL || state.sm < 70 || state.ptxVersion < 74)
    return hints;
  StringRef priority =
      evict == EvictionPolicy::EVICT_FIRST ? "evict_first" : "evict_last";
  if (cache == CacheModifier::NONE)
    hints.qualifiers += (".L1::" + priority).str();
  if (state.sm < 80)
    return hints;
  hints.qualifiers += ".L2::cache_hint";
  // Inline PTX: LLVM 22 has no NVVM op or intrinsic for createpolicy. No
  // side effects: LLVM keeps one policy register for all the accesses.
  hints.policy =
      LLVM::InlineAsmOp::create(
          b, loc, b.getI64Type(), ValueRange{},
          ("createpolicy.fractional.L2::" + priority + ".b64 $0, 1.0;").str(),
          "=l", /*has_side_effects=*/false, /*is_align_stack=*/false,
          LLVM::TailCallKind::None, LLVM::AsmDialectAttr(), ArrayAttr())
          .getResult(0);
  return hints;
}

/// A global load of `accessType` from `ptr` where `predicate` holds (always
/// without one), and `other` elsewhere, with `hints`.
Value emitPredicatedLoad(OpBuilder &b, Location loc, const AsmAccess &access,
                         Type accessType, Value ptr, Value predicate,
                         Value other, bool isVolatile,
                         const CacheHints &hints) {
  SmallVector<Value> operands = {ptr};
  unsigned n = access.count;
  std::string constraints;
  for (unsigned i = 0; i < n; ++i)
    constraints += "=" + access.constraint.str() + ",";
  constraints += "*m";
  std::string ptx;
  if (predicate) {
    ptx = "@$" + std::to_string(n + operands.size()) + " ";
    operands.push_back(predicate);
    constraints += ",b";
  }
  ptx += "ld." + std::string(isVolatile ? "volatile." : "") + "global" +
         hints.qualifiers + "." + access.suffix.str() + " " +
         asmRegisters(0, n) + ", $" + std::to_string(n);
  if (hints.policy) {
    ptx += ", $" + std::to_string(n + operands.size());
    operands.push_back(hints.policy);
    constraints += ",l";
  }
  ptx += ";";
  // The destination registers start as `other` (tied operands) where the
  // load may not happen.
  if (predicate) {
    llvm::append_range(operands, toRegisters(b, loc, other, access));
    for (unsigned i = 0; i < n; ++i)
      constraints += "," + std::to_string(i);
  }
  Type resultType =
      n == 1 ? access.type
             : LLVM::LLVMStructType::getLiteral(
                   b.getContext(), SmallVector<Type>(n, access.type));
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, resultType, operands, ptx, constraints, /*has_side_effects=*/true,
      /*is_align_stack=*/false, LLVM::TailCallKind::None,
      /*asm_dialect=*/LLVM::AsmDialectAttr(),
      getMemoryOperandAttrs(b, operands.size(), accessType));
  SmallVector<Value> registers;
  if (n == 1)
    registers.push_back(asmOp.getResult(0));
  else
    for (unsigned i = 0; i < n; ++i)
      registers.push_back(LLVM::ExtractValueOp::create(
          b, loc, asmOp.getResult(0), ArrayRef<int64_t>{i}));
  return fromRegisters(b, loc, registers, accessType);
}

/// A global load of `type` from `ptr` where `mask` holds (always without
/// one), `other` elsewhere. Loads with cache hints are PTX too, masked or
/// not.
Value emitMaskedLoad(OpBuilder &b, Location loc, Type type, Value ptr,
                     Value mask, int64_t alignment, bool isVolatile,
                     function_ref<Value(OpBuilder &)> other,
                     const CacheHints &hints = {}) {
  auto load = [&](OpBuilder &b) -> Value {
    return LLVM::LoadOp::create(b, loc, type, ptr, alignment, isVolatile);
  };
  if (std::optional<AsmAccess> access = getAsmAccess(type);
      access && (mask || !hints.empty()))
    return emitPredicatedLoad(b, loc, *access, type, ptr, mask, other(b),
                              isVolatile, hints);
  return predicated(b, loc, mask, type, load, other);
}

} // namespace

Value mlir::tile::emitGlobalLoad(OpBuilder &b, Location loc, Type type,
                                 Value ptr, Value mask, int64_t alignment,
                                 function_ref<Value(OpBuilder &)> other) {
  return emitMaskedLoad(b, loc, type, ptr, mask, alignment,
                        /*isVolatile=*/false, other);
}

namespace {

/// A global store of `value` (of an access type) to `ptr` with `hints`,
/// where `predicate` holds (always without one). The address is an indirect
/// memory operand, as a load's is. The asm has a result it never writes:
/// MLIR 22 attaches an asm's operand attributes (that operand's element
/// type) one place off when the asm has none.
void emitAsmStore(OpBuilder &b, Location loc, const AsmAccess &access,
                  Value value, Value ptr, const CacheHints &hints,
                  Value predicate = {}) {
  SmallVector<Value> operands = {ptr};
  llvm::append_range(operands, toRegisters(b, loc, value, access));
  std::string constraints = "=r,*m";
  for (unsigned i = 0; i < access.count; ++i)
    constraints += "," + access.constraint.str();
  std::string ptx;
  if (predicate) {
    ptx = "@$" + std::to_string(operands.size() + 1) + " ";
    operands.push_back(predicate);
    constraints += ",b";
  }
  ptx += "st.global" + hints.qualifiers + "." + access.suffix.str() + " $1, " +
         asmRegisters(2, access.count);
  if (hints.policy) {
    ptx += ", $" + std::to_string(operands.size() + 1);
    operands.push_back(hints.policy);
    constraints += ",l";
  }
  ptx += ";";
  LLVM::InlineAsmOp::create(
      b, loc, b.getI32Type(), operands, ptx, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::TailCallKind::None, LLVM::AsmDialectAttr(),
      getMemoryOperandAttrs(b, operands.size(), value.getType()));
}

struct LoadLowering : public TilePattern<LoadOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(LoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type element = getTypeConverter()->convertType(
        getElementTypeOrSelf(op.getResult().getType()));
    bool isBool = element.isInteger(1);
    Type memElement = isBool ? rewriter.getI8Type() : element;
    unsigned width = getVectorWidth(op);
    ValueRange ptrs = adaptor.getPtr();
    ValueRange masks = adaptor.getMask();
    ValueRange others = adaptor.getOther();
    CacheHints hints =
        getCacheHints(rewriter, loc, state, op.getCache(), op.getEvict());
    SmallVector<Value> results;
    for (unsigned first = 0; first < ptrs.size(); first += width) {
      Type accessType = getAccessType(memElement, width);
      Value mask = masks.empty() ? Value() : masks[first];
      auto other = [&](OpBuilder &b) -> Value {
        if (others.empty())
          return zeroOf(b, loc, accessType);
        if (width == 1)
          return isBool
                     ? arith::ExtUIOp::create(b, loc, memElement, others[first])
                           .getResult()
                     : others[first];
        return packVector(b, loc, others.slice(first, width));
      };
      Value loaded =
          emitMaskedLoad(rewriter, loc, accessType, ptrs[first], mask,
                         /*alignment=*/width * getElementBytes(memElement),
                         op.getIsVolatile(), other, hints);
      SmallVector<Value> elements = width == 1
                                        ? SmallVector<Value>{loaded}
                                        : unpackVector(rewriter, loc, loaded);
      for (Value v : elements)
        results.push_back(
            isBool
                ? arith::TruncIOp::create(rewriter, loc, element, v).getResult()
                : v);
    }
    rewriter.replaceOpWithMultiple(op, {results});
    return success();
  }
};

struct StoreLowering : public TilePattern<StoreOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(StoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned width = getVectorWidth(op);
    ValueRange ptrs = adaptor.getPtr(), masks = adaptor.getMask();
    ThreadIds ids = emitThreadIds(rewriter, loc, state.threadsPerWarp);
    std::optional<Distribution> dist;
    if (auto type = dyn_cast<RankedTensorType>(op.getPtr().getType()))
      dist = getDistribution(type);
    CacheHints hints =
        getCacheHints(rewriter, loc, state, op.getCache(), op.getEvict());
    // The elements `include` accepts (all without it) of `values`, in the
    // pointers' layout.
    auto storeElements = [&](ArrayRef<Value> values,
                             function_ref<bool(unsigned)> include) {
      for (unsigned first = 0; first < ptrs.size(); first += width)
        if (!include || include(first))
          storeVector(rewriter, loc, op, ids, dist, hints, ptrs[first],
                      masks.empty() ? Value() : masks[first],
                      values.slice(first, width), first);
    };
    if (movesDataBetweenThreads(op)) {
      // The value moves to the pointers' threads through scratch, and each
      // round's elements are stored as they arrive (no round's registers
      // wait for the others').
      FailureOr<Value> base = getScratchPointer(rewriter, op);
      if (failed(base))
        return rewriter.notifyMatchFailure(op, "no scratch offset");
      auto valueType = cast<RankedTensorType>(op.getValue().getType());
      convertThroughScratch(
          rewriter, loc, state, ids, valueType,
          cast<RankedTensorType>(getPointeeType(op.getPtr().getType())),
          getTypeConverter()->convertType(valueType.getElementType()),
          adaptor.getValue(), *base, storeElements);
    } else {
      SmallVector<Value> values(adaptor.getValue());
      storeElements(values, nullptr);
    }
    rewriter.eraseOp(op);
    return success();
  }

private:
  /// Stores `values` (one vector access) to `ptr` where `mask` holds, from
  /// the one owner of element `first` among the threads holding copies.
  void storeVector(ConversionPatternRewriter &rewriter, Location loc,
                   StoreOp op, const ThreadIds &ids,
                   const std::optional<Distribution> &dist,
                   const CacheHints &hints, Value ptr, Value mask,
                   ArrayRef<Value> values, unsigned first) const {
    unsigned width = values.size();
    // Copies of an element on other threads would store it again.
    Value predicate = dist ? dist->emitOwner(rewriter, loc, ids, first)
                           : isFirstThread(rewriter, loc, ids);
    predicate = andOf(rewriter, loc, predicate, mask);
    auto storedValue = [&](OpBuilder &b) {
      Value v = values[0];
      if (v.getType().isInteger(1))
        v = arith::ExtUIOp::create(b, loc, b.getI8Type(), v);
      if (width > 1)
        v = packVector(b, loc, values);
      return v;
    };
    // A predicated PTX store, as Triton emits it, unless the value is
    // better computed behind a branch (tile-plan-lowering's tilegpu.branched).
    if (predicate && !isBranched(op)) {
      Value v = storedValue(rewriter);
      if (std::optional<AsmAccess> access = getAsmAccess(v.getType())) {
        emitAsmStore(rewriter, loc, *access, v, ptr, hints, predicate);
        return;
      }
    }
    predicated(rewriter, loc, predicate, Type(),
               [&](OpBuilder &b) -> Value {
                 Value v = storedValue(b);
                 std::optional<AsmAccess> access = getAsmAccess(v.getType());
                 if (!hints.empty() && access) {
                   emitAsmStore(b, loc, *access, v, ptr, hints);
                   return {};
                 }
                 LLVM::StoreOp::create(
                     b, loc, v, ptr,
                     width * getElementBytes(values[0].getType()));
                 return {};
               },
               {});
  }
};

LLVM::AtomicOrdering toOrdering(MemSemantic sem) {
  switch (sem) {
  case MemSemantic::RELAXED:
    return LLVM::AtomicOrdering::monotonic;
  case MemSemantic::ACQUIRE:
    return LLVM::AtomicOrdering::acquire;
  case MemSemantic::RELEASE:
    return LLVM::AtomicOrdering::release;
  case MemSemantic::ACQUIRE_RELEASE:
    return LLVM::AtomicOrdering::acq_rel;
  }
  return LLVM::AtomicOrdering::acq_rel;
}

/// NVPTX's names for the scopes: block (cta), device (gpu), system.
StringRef toSyncScope(MemSyncScope scope) {
  switch (scope) {
  case MemSyncScope::CTA:
    return "block";
  case MemSyncScope::GPU:
    return "device";
  case MemSyncScope::SYSTEM:
    return "";
  }
  return "";
}

LLVM::AtomicBinOp toBinOp(RMWOp kind, bool isFloat) {
  switch (kind) {
  case RMWOp::AND:
    return LLVM::AtomicBinOp::_and;
  case RMWOp::OR:
    return LLVM::AtomicBinOp::_or;
  case RMWOp::XOR:
    return LLVM::AtomicBinOp::_xor;
  case RMWOp::ADD:
    return LLVM::AtomicBinOp::add;
  case RMWOp::FADD:
    return LLVM::AtomicBinOp::fadd;
  case RMWOp::MAX:
    return isFloat ? LLVM::AtomicBinOp::fmax : LLVM::AtomicBinOp::max;
  case RMWOp::MIN:
    return isFloat ? LLVM::AtomicBinOp::fmin : LLVM::AtomicBinOp::min;
  case RMWOp::UMAX:
    return LLVM::AtomicBinOp::umax;
  case RMWOp::UMIN:
    return LLVM::AtomicBinOp::umin;
  case RMWOp::XCHG:
    return LLVM::AtomicBinOp::xchg;
  }
  return LLVM::AtomicBinOp::xchg;
}

/// PTX's `atom` with its memory ordering and scope, for the operations and
/// types that have one (32/64-bit integers and floats); null otherwise.
/// LLVM's NVPTX back end would drop an atomicrmw's ordering, and fences
/// around a relaxed atom cost more than the ordered atom itself.
Value emitOrderedAtom(OpBuilder &b, Location loc, RMWOp kind, MemSemantic sem,
                      MemSyncScope scope, Value ptr, Value val) {
  Type type = val.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  bool isFloat = isa<FloatType>(type);
  if (bits != 32 && bits != 64)
    return {};
  StringRef op, suffix;
  StringRef bitsStr = bits == 32 ? "32" : "64";
  switch (kind) {
  case RMWOp::ADD:
  case RMWOp::FADD:
    op = "add";
    suffix = isFloat ? "f" : "u";
    break;
  case RMWOp::AND:
  case RMWOp::OR:
  case RMWOp::XOR:
    op = kind == RMWOp::AND ? "and" : kind == RMWOp::OR ? "or" : "xor";
    suffix = "b";
    break;
  case RMWOp::XCHG:
    op = "exch";
    suffix = "b";
    break;
  case RMWOp::MAX:
  case RMWOp::MIN:
    if (isFloat)
      return {};
    op = kind == RMWOp::MAX ? "max" : "min";
    suffix = "s";
    break;
  case RMWOp::UMAX:
  case RMWOp::UMIN:
    op = kind == RMWOp::UMAX ? "max" : "min";
    suffix = "u";
    break;
  }
  if (isFloat && kind != RMWOp::FADD && kind != RMWOp::XCHG)
    return {};
  StringRef order = sem == MemSemantic::RELAXED   ? ".relaxed"
                    : sem == MemSemantic::ACQUIRE ? ".acquire"
                    : sem == MemSemantic::RELEASE ? ".release"
                                                  : ".acq_rel";
  StringRef scopeStr = scope == MemSyncScope::CTA   ? ".cta"
                       : scope == MemSyncScope::GPU ? ".gpu"
                                                    : ".sys";
  std::string asmString = ("atom" + order + scopeStr + ".global." + op + "." +
                           suffix + bitsStr + " $0, [$1], $2;")
                              .str();
  StringRef reg = isFloat ? (bits == 32 ? "f" : "d") : (bits == 32 ? "r" : "l");
  std::string constraints = ("=" + reg + ",l," + reg + ",~{memory}").str();
  return emitInlinePtx(b, loc, type, asmString, constraints,
                       ValueRange{ptr, val}, /*hasSideEffects=*/true);
}

/// Runs `atomic` once per element (on its owner, where the mask holds); a
/// scalar atomic runs on thread 0 and shares its result through scratch.
template <typename OpTy>
LogicalResult lowerAtomic(OpTy op, ValueRange ptrs, ValueRange masks,
                          ConversionPatternRewriter &rewriter,
                          const LoweringState &state,
                          function_ref<Value(OpBuilder &, unsigned)> atomic) {
  Location loc = op.getLoc();
  Type type = getElementTypeOrSelf(op.getResult().getType());
  ThreadIds ids = emitThreadIds(rewriter, loc, state.threadsPerWarp);
  auto tensor = dyn_cast<RankedTensorType>(op.getResult().getType());
  SmallVector<Value> results;
  for (unsigned e = 0; e < ptrs.size(); ++e) {
    Value predicate =
        tensor ? getDistribution(tensor).emitOwner(rewriter, loc, ids, e)
               : isFirstThread(rewriter, loc, ids);
    if (!masks.empty())
      predicate = andOf(rewriter, loc, predicate, masks[e]);
    results.push_back(predicated(
        rewriter, loc, predicate, type,
        [&](OpBuilder &b) { return atomic(b, e); },
        [&](OpBuilder &b) { return zeroOf(b, loc, type); }));
  }
  if (!tensor && !op.getResult().use_empty()) {
    // One thread ran it: its result goes to everyone.
    FailureOr<Value> scratch = getScratchPointer(rewriter, op);
    if (failed(scratch))
      return rewriter.notifyMatchFailure(op, "no scratch offset");
    Value first = isFirstThread(rewriter, loc, ids);
    predicated(rewriter, loc, first, Type(),
               [&](OpBuilder &b) -> Value {
                 storeShared(b, loc, results[0], *scratch);
                 return {};
               },
               {});
    gpu::BarrierOp::create(rewriter, loc);
    results[0] = loadShared(rewriter, loc, type, *scratch);
  }
  rewriter.replaceOpWithMultiple(op, {results});
  return success();
}

struct AtomicRMWLowering : public TilePattern<AtomicRMWOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(AtomicRMWOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    bool isFloat = isa<FloatType>(getElementTypeOrSelf(op.getVal().getType()));
    ValueRange ptrs = adaptor.getPtr(), vals = adaptor.getVal();
    // PTX's ordered atom where there is one; otherwise (LLVM's NVPTX back end
    // emits atomicrmw without its ordering) fences around a relaxed one.
    MemSemantic sem = op.getSem();
    StringRef scope = toSyncScope(op.getScope());
    bool release =
        sem == MemSemantic::RELEASE || sem == MemSemantic::ACQUIRE_RELEASE;
    bool acquire =
        sem == MemSemantic::ACQUIRE || sem == MemSemantic::ACQUIRE_RELEASE;
    return lowerAtomic(
        op, ptrs, adaptor.getMask(), rewriter, state,
        [&](OpBuilder &b, unsigned e) -> Value {
          Location loc = op.getLoc();
          if (Value old = emitOrderedAtom(b, loc, op.getAtomicRmwOp(), sem,
                                          op.getScope(), ptrs[e], vals[e]))
            return old;
          if (release)
            LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::release, scope);
          Value old = LLVM::AtomicRMWOp::create(
              b, loc, toBinOp(op.getAtomicRmwOp(), isFloat), ptrs[e], vals[e],
              LLVM::AtomicOrdering::monotonic, scope);
          if (acquire)
            LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acquire, scope);
          return old;
        });
  }
};

struct AtomicCASLowering : public TilePattern<AtomicCASOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(AtomicCASOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange ptrs = adaptor.getPtr(), cmps = adaptor.getCmp(),
               vals = adaptor.getVal();
    LLVM::AtomicOrdering success = toOrdering(op.getSem());
    // A failed exchange only reads: it cannot have release semantics.
    LLVM::AtomicOrdering failure = success == LLVM::AtomicOrdering::acq_rel
                                       ? LLVM::AtomicOrdering::acquire
                                   : success == LLVM::AtomicOrdering::release
                                       ? LLVM::AtomicOrdering::monotonic
                                       : success;
    return lowerAtomic(
        op, ptrs, {}, rewriter, state, [&](OpBuilder &b, unsigned e) -> Value {
          auto cas = LLVM::AtomicCmpXchgOp::create(
              b, op.getLoc(), ptrs[e], cmps[e], vals[e], success, failure,
              toSyncScope(op.getScope()));
          return LLVM::ExtractValueOp::create(b, op.getLoc(), cas, 0);
        });
  }
};

} // namespace

void mlir::tile::populateGlobalMemoryPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns,
                                              const LoweringState &state) {
  patterns
      .add<LoadLowering, StoreLowering, AtomicRMWLowering, AtomicCASLowering>(
          converter, patterns.getContext(), state);
}
