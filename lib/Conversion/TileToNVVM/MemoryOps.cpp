//===- MemoryOps.cpp - global and shared memory accesses ------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Loads and stores become vector accesses of the width chosen from the
// alignment analysis, predicated by their mask (and, where the layout
// replicates elements, by ownership, so that each element is written once).
// Atomics run once per element (on one thread for a scalar, whose result
// then reaches every thread through shared memory). Shared buffers are
// addressed through their swizzled layout.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "SharedOffsets.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <map>

using namespace mlir;
using namespace mlir::tile;

/// Whether this is thread 0 of the block (i1).
Value mlir::tile::isFirstThread(OpBuilder &b, Location loc,
                                const ThreadIds &ids) {
  // Sequenced: as call arguments, the host compiler would pick the order.
  Value zero = createI32(b, loc, 0);
  Value firstLane =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, ids.lane, zero);
  Value firstWarp =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, ids.warp, zero);
  return arith::AndIOp::create(b, loc, firstLane, firstWarp);
}

/// Runs `body` only where `predicate` holds (always without one); returns
/// its result, or `otherwise` where it did not run.
Value mlir::tile::predicated(OpBuilder &b, Location loc, Value predicate,
                             Type type, function_ref<Value(OpBuilder &)> body,
                             function_ref<Value(OpBuilder &)> otherwise) {
  if (!predicate)
    return body(b);
  if (!type) {
    auto ifOp = scf::IfOp::create(b, loc, predicate, /*withElse=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    body(b);
    return {};
  }
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{type}, predicate,
                                /*withElse=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    scf::YieldOp::create(b, loc, body(b));
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    scf::YieldOp::create(b, loc, otherwise(b));
  }
  return ifOp.getResult(0);
}

MatrixLanes mlir::tile::emitMatrixLanes(OpBuilder &b, Location loc,
                                        Value lane) {
  return {arith::DivUIOp::create(b, loc, lane, createI32(b, loc, 4)),
          arith::MulIOp::create(
              b, loc,
              arith::RemUIOp::create(b, loc, lane, createI32(b, loc, 4)),
              createI32(b, loc, 2)),
          arith::RemUIOp::create(b, loc, lane, createI32(b, loc, 8)),
          arith::DivUIOp::create(b, loc, lane, createI32(b, loc, 8))};
}

Value mlir::tile::selectFromMatrix(OpBuilder &b, Location loc,
                                   const MatrixLanes &lanes, unsigned j,
                                   Value choice, Value chosen) {
  if (!chosen)
    return choice;
  Value from = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                     lanes.addressMatrix, createI32(b, loc, j));
  return arith::SelectOp::create(b, loc, from, choice, chosen);
}

Value mlir::tile::andOf(OpBuilder &b, Location loc, Value x, Value y) {
  if (!x)
    return y;
  if (!y)
    return x;
  return arith::AndIOp::create(b, loc, x, y);
}

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
// stores too, except those LoweringState::branchedStores keeps as branches.

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
    unsigned width = state.vectorWidth.lookup(op);
    if (width == 0)
      width = 1;
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
    unsigned width = std::max(1u, state.vectorWidth.lookup(op));
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
    // better computed behind a branch (LoweringState::branchedStores).
    if (predicate && !state.branchedStores.contains(op)) {
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
  return LLVM::InlineAsmOp::create(
             b, loc, type, ValueRange{ptr, val}, asmString, constraints,
             /*has_side_effects=*/true, /*is_align_stack=*/false,
             LLVM::tailcallkind::TailCallKind::None,
             LLVM::AsmDialectAttr::get(b.getContext(),
                                       LLVM::AsmDialect::AD_ATT),
             ArrayAttr())
      .getResult(0);
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

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

} // namespace

namespace {

/// Integer arithmetic on i32 values built as IR, for sharedByteOffset.
struct EmitOps {
  using Int = Value;
  OpBuilder &b;
  Location loc;
  Int constant(int64_t v) { return createI32(b, loc, v); }
  Int add(Int x, Int y) { return arith::AddIOp::create(b, loc, x, y); }
  Int mul(Int x, Int y) { return arith::MulIOp::create(b, loc, x, y); }
  Int div(Int x, Int y) { return arith::DivUIOp::create(b, loc, x, y); }
  Int rem(Int x, Int y) { return arith::RemUIOp::create(b, loc, x, y); }
  Int bitXor(Int x, Int y) { return arith::XOrIOp::create(b, loc, x, y); }
};

/// The same arithmetic on known integers.
struct FoldOps {
  using Int = int64_t;
  Int constant(int64_t v) { return v; }
  Int add(Int x, Int y) { return x + y; }
  Int mul(Int x, Int y) { return x * y; }
  Int div(Int x, Int y) { return x / y; }
  Int rem(Int x, Int y) { return x % y; }
  Int bitXor(Int x, Int y) { return x ^ y; }
};

/// Byte offset of the element at `coords` in `buffer`: leading stage
/// dimensions row-major, then the swizzled layout over the trailing ones.
template <typename Ops>
typename Ops::Int sharedByteOffset(Ops ops, BufferType buffer,
                                   ArrayRef<typename Ops::Int> coords) {
  using Int = typename Ops::Int;
  auto linear = [&](ArrayRef<Int> cs, ArrayRef<int64_t> shape) {
    Int index = ops.constant(0);
    for (auto [c, dim] : llvm::zip(cs, shape))
      index = ops.add(ops.mul(index, ops.constant(dim)), c);
    return index;
  };
  SharedTiling layout = getSharedTiling(buffer);
  ArrayRef<unsigned> order = layout.order;
  ArrayRef<int64_t> shape = buffer.getShape();
  size_t lead = shape.size() - order.size();
  Int index = linear(coords.take_front(lead), shape.take_front(lead));
  ArrayRef<Int> inner = coords.drop_front(lead);
  ArrayRef<int64_t> innerShape = shape.drop_front(lead);
  // Rows: every dimension but the fastest, slowest first.
  unsigned fast = order[0];
  SmallVector<Int> rowCoords;
  SmallVector<int64_t> rowShape;
  for (unsigned i = order.size(); i > 1; --i) {
    rowCoords.push_back(inner[order[i - 1]]);
    rowShape.push_back(innerShape[order[i - 1]]);
  }
  Int row = linear(rowCoords, rowShape);
  Int col = inner[fast];
  int64_t rowLength = innerShape[fast];
  if (layout.blockElements && rowLength > layout.blockElements) {
    // Column blocks one after another: block j's rows follow block j-1's.
    int64_t rows = 1;
    for (int64_t d : rowShape)
      rows *= d;
    Int width = ops.constant(layout.blockElements);
    Int block = ops.div(col, width);
    col = ops.rem(col, width);
    row = ops.add(ops.mul(block, ops.constant(rows)), row);
    rowLength = layout.blockElements;
  }
  if (layout.maxPhase > 1) {
    // col' = ((col / vec) ^ ((row / perPhase) % maxPhase)) * vec + col % vec
    Int vec = ops.constant(layout.vec);
    Int phase = ops.rem(ops.div(row, ops.constant(layout.perPhase)),
                        ops.constant(layout.maxPhase));
    Int group = ops.bitXor(ops.div(col, vec), phase);
    // Sequenced: as arguments of one call, compilers order them differently.
    Int within = ops.rem(col, vec);
    col = ops.add(ops.mul(group, vec), within);
  }
  int64_t innerCount = 1;
  for (int64_t d : innerShape)
    innerCount *= d;
  Int offset = ops.add(ops.mul(row, ops.constant(rowLength)), col);
  offset = ops.add(ops.mul(index, ops.constant(innerCount)), offset);
  return ops.mul(offset,
                 ops.constant(getElementBytes(buffer.getElementType())));
}

Value emitSharedByteOffset(OpBuilder &b, Location loc, BufferType buffer,
                           ArrayRef<Value> coords) {
  return sharedByteOffset(EmitOps{b, loc}, buffer, coords);
}

/// The offsets of a thread's elements of a tensor in `buffer`.
SharedOffsets getBufferOffsets(OpBuilder &b, Location loc, const ThreadIds &ids,
                               const Distribution &dist, BufferType buffer,
                               ArrayRef<int64_t> shift,
                               const LoweringState &state) {
  return SharedOffsets(
      b, loc, ids, dist, shift,
      [buffer](ArrayRef<int64_t> coords) {
        return sharedByteOffset(FoldOps{}, buffer, coords);
      },
      [&b, loc, buffer](ArrayRef<Value> coords) {
        return emitSharedByteOffset(b, loc, buffer, coords);
      },
      state.numWarps, state.threadsPerWarp,
      /*linear=*/buffer.getRank() == dist.getRank());
}

/// Elements per shared-memory vector access of a tensor: the run a thread
/// holds along the buffer's contiguous dimension (checked element by
/// element for layouts other than blocked ones: an mma accumulator's
/// pairs), up to 16 bytes and within one swizzled group, so that the vector
/// stays contiguous and aligned (rows are a multiple of it).
unsigned getSharedVectorWidth(RankedTensorType type, BufferType buffer) {
  SharedTiling layout = getSharedTiling(buffer);
  Type element = type.getElementType();
  size_t lead = buffer.getRank() - layout.order.size();
  if (lead != 0 || !element.isIntOrFloat() ||
      element.getIntOrFloatBitWidth() < 8 ||
      !llvm::isPowerOf2_32(element.getIntOrFloatBitWidth()))
    return 1;
  Distribution dist = getDistribution(type);
  unsigned fast = layout.order[0];
  bool blocked = isa<BlockedLayoutAttr>(type.getEncoding());
  if (blocked && dist.getFastestDim() != fast)
    return 1;
  int64_t width = std::min<int64_t>(dist.getSizePerThread(fast),
                                    16 / getElementBytes(element));
  if (layout.maxPhase > 1)
    width = std::min<int64_t>(width, layout.vec);
  if (layout.blockElements)
    width = std::min<int64_t>(width, layout.blockElements);
  width = int64_t(1) << llvm::Log2_64(std::max<int64_t>(1, width));
  while (width > 1 && (buffer.getShape()[fast] % width ||
                       (!blocked && !dist.hasRuns(fast, width))))
    width /= 2;
  return width;
}

/// Whether stmatrix can write 8-element rows of `buffer` (16-bit
/// elements): a matrix whose rows run along its contiguous dimension, in
/// 16-byte groups that the swizzle and the column blocks keep whole.
bool canWriteMatrixRows(BufferType buffer) {
  SharedTiling layout = getSharedTiling(buffer);
  return buffer.getRank() == 2 && layout.order.size() == 2 &&
         layout.order[0] == 1 && buffer.getShape()[1] % 8 == 0 &&
         (layout.maxPhase == 1 || layout.vec % 8 == 0) &&
         layout.blockElements % 8 == 0;
}

} // namespace

/// Each pair of a thread is one register of an 8x8 matrix, and lane l
/// gives the address of row l % 8 of matrix l / 8; one instruction moves
/// four matrices, what four 4-byte stores did. Matrix j of a group sits a
/// constant (rows, columns) away from matrix 0 of the first group
/// (getFirstThreadCoordinates), so a lane's row is its base, a constant
/// chosen by j = lane / 8 (one select chain per pattern of constants,
/// shared by the groups that repeat it), and the group's constant: in a
/// scratch, an immediate offset; in a swizzled buffer, coordinates its
/// layout places.
LogicalResult mlir::tile::writeWithStmatrix(OpBuilder &b, Location loc,
                                            const ThreadIds &ids,
                                            RankedTensorType type,
                                            ValueRange values,
                                            const StmatrixTarget &target) {
  Type element = type.getElementType();
  if (!isa<MmaLayoutAttr>(type.getEncoding()) || !element.isIntOrFloat() ||
      element.getIntOrFloatBitWidth() != 16 || type.getRank() != 2)
    return failure();
  if (target.buffer ? !canWriteMatrixRows(target.buffer)
                    : target.rowStride % 8 != 0)
    return failure();
  Distribution dist = getDistribution(type);
  // Copies of an element on several threads (a tensor smaller than the
  // warps' tiles) would be written by each.
  if (dist.hasReplication())
    return failure();
  SmallVector<std::pair<unsigned, unsigned>> pairs;
  unsigned included = 0;
  for (unsigned e = 0; e < dist.getNumElements(); ++e) {
    if (target.include && !target.include(e))
      continue;
    ++included;
    ArrayRef<int64_t> t = dist.getTuple(e);
    if (t[1] % 2)
      continue;
    int64_t second = dist.findElement({t[0], t[1] + 1});
    if (second < 0 || (target.include && !target.include(second)))
      return failure();
    pairs.push_back({e, unsigned(second)});
  }
  if (pairs.empty() || 2 * pairs.size() != included)
    return failure();

  // Constants: (row, column) from matrix 0 of the first group, and what
  // a row-major scratch makes of them.
  SmallVector<int64_t> origin = *dist.getFirstThreadCoordinates(pairs[0].first);
  auto constantOf = [&](unsigned e) {
    SmallVector<int64_t> c = *dist.getFirstThreadCoordinates(e);
    return SmallVector<int64_t>{c[0] - origin[0], c[1] - origin[1]};
  };
  auto linear = [&](ArrayRef<int64_t> c) {
    return c[0] * target.rowStride + c[1];
  };
  MatrixLanes lanes = emitMatrixLanes(b, loc, ids.lane);
  SmallVector<Value> coords = dist.emitCoordinates(b, loc, ids, pairs[0].first);
  for (auto [c, start] : llvm::zip(coords, target.origin))
    if (start)
      c = arith::SubIOp::create(b, loc, c, createI32(b, loc, start));
  Value row = arith::AddIOp::create(
      b, loc, arith::SubIOp::create(b, loc, coords[0], lanes.pairRow),
      lanes.addressRow);
  Value column = arith::SubIOp::create(b, loc, coords[1], lanes.pairColumn);
  Value laneBase;
  if (!target.buffer)
    laneBase = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, row, createI32(b, loc, target.rowStride)),
        column);
  std::map<SmallVector<int64_t>, SmallVector<Value, 2>> choices;
  for (size_t first = 0; first < pairs.size(); first += 4) {
    ArrayRef<std::pair<unsigned, unsigned>> group =
        ArrayRef(pairs).slice(first, std::min<size_t>(4, pairs.size() - first));
    SmallVector<int64_t> groupOffset = constantOf(group[0].first);
    SmallVector<int64_t> pattern;
    SmallVector<Value> sources;
    for (auto [firstElement, secondElement] : group) {
      SmallVector<int64_t> c = constantOf(firstElement);
      c[0] -= groupOffset[0];
      c[1] -= groupOffset[1];
      if (target.buffer)
        llvm::append_range(pattern, c);
      else
        pattern.push_back(linear(c));
      Value packed =
          packVector(b, loc, {values[firstElement], values[secondElement]});
      sources.push_back(
          LLVM::BitcastOp::create(b, loc, b.getI32Type(), packed));
    }
    SmallVector<Value, 2> &choice = choices[pattern];
    if (choice.empty()) {
      // One select chain per coordinate (one in a scratch).
      SmallVector<Value, 2> bases = target.buffer
                                        ? SmallVector<Value, 2>{row, column}
                                        : SmallVector<Value, 2>{laneBase};
      for (auto [d, base] : llvm::enumerate(bases)) {
        Value chosen;
        for (size_t j = 0; j < group.size(); ++j)
          chosen = selectFromMatrix(
              b, loc, lanes, j,
              createI32(b, loc, pattern[j * bases.size() + d]), chosen);
        choice.push_back(arith::AddIOp::create(b, loc, base, chosen));
      }
    }
    Value offset;
    if (target.buffer) {
      Value r = arith::AddIOp::create(b, loc, choice[0],
                                      createI32(b, loc, groupOffset[0]));
      Value c = arith::AddIOp::create(b, loc, choice[1],
                                      createI32(b, loc, groupOffset[1]));
      offset = emitSharedByteOffset(b, loc, target.buffer, {r, c});
    } else {
      offset = arith::MulIOp::create(
          b, loc,
          arith::AddIOp::create(b, loc, choice[0],
                                createI32(b, loc, linear(groupOffset))),
          createI32(b, loc, 2));
    }
    NVVM::StMatrixOp::create(
        b, loc, addBytes(b, loc, target.base, offset), sources,
        NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(b.getContext(), 8, 8),
        NVVM::LdStMatrixEltType::B16);
  }
  return success();
}

namespace {

/// Stores a distributed tensor into a shared buffer at `base`: mma
/// accumulators of 16-bit elements with stmatrix (sm_90), anything else
/// element by element (or in vectors of a thread's consecutive elements).
void storeTensor(OpBuilder &b, Location loc, const LoweringState &state,
                 RankedTensorType type, ValueRange values, BufferType buffer,
                 Value base) {
  Distribution dist = getDistribution(type);
  ThreadIds ids = emitThreadIds(b, loc, state.threadsPerWarp);
  if (state.sm >= 90 &&
      succeeded(writeWithStmatrix(b, loc, ids, type, values,
                                  StmatrixTarget{base, 0, buffer})))
    return;
  unsigned width = getSharedVectorWidth(type, buffer);
  SharedOffsets offsets =
      getBufferOffsets(b, loc, ids, dist, buffer, {}, state);
  for (unsigned e = 0; e < dist.getNumElements(); e += width)
    storeShared(b, loc, values.slice(e, width),
                addBytes(b, loc, base, offsets.get(e)));
}

/// Reads an mma.sync operand (dot_op of a version 2 mma layout, 16-bit
/// elements) with ldmatrix: each 8x8 piece of a 16x16 A block or a 16x8 B
/// block is one matrix; lane i gives the address of row i % 8 of matrix
/// i / 8. Rows run along the buffer's contiguous dimension; when that is
/// not K, `.trans` hands each thread the K pairs mma.sync expects. Fails
/// (the caller falls back to element loads) when the buffer does not keep
/// 8-element rows contiguous.
FailureOr<SmallVector<Value>> loadWithLdmatrix(OpBuilder &b, Location loc,
                                               const LoweringState &state,
                                               RankedTensorType type,
                                               BufferType buffer, Value base,
                                               ArrayRef<int64_t> offsets) {
  auto dot = dyn_cast<DotOperandLayoutAttr>(type.getEncoding());
  auto mma = dot ? dyn_cast<MmaLayoutAttr>(dot.getParent()) : MmaLayoutAttr();
  if (!mma || mma.getVersionMajor() != 2 || dot.getKWidth() != 2 ||
      buffer.getRank() != 2 || !type.getElementType().isIntOrFloat() ||
      type.getElementType().getIntOrFloatBitWidth() != 16)
    return failure();
  // A swizzled layout, or an NVMMA one (TMA's blocks): 16-byte groups of a
  // row stay whole in both.
  SharedTiling layout = getSharedTiling(buffer);
  unsigned fast = layout.order[0];
  if (buffer.getShape()[fast] % 8 || (layout.maxPhase > 1 && layout.vec % 8) ||
      layout.blockElements % 8 || offsets[fast] % 8)
    return failure();
  unsigned opIdx = dot.getOpIdx();
  unsigned kDim = opIdx == 0 ? 1 : 0;
  bool trans = fast != kDim;
  Distribution dist = getDistribution(type);
  ThreadIds ids = emitThreadIds(b, loc, state.threadsPerWarp);
  MatrixLanes lanes = emitMatrixLanes(b, loc, ids.lane);

  // Matrices by the index tuple of their first element on each thread (a
  // K pair): A's 16x16 blocks as (rows 0-7, k 0-7), (rows 8-15, k 0-7),
  // (rows 0-7, k 8-15), (rows 8-15, k 8-15), mma.sync's register order; B's
  // (k 0-7), (k 8-15) of one 8-column block, two blocks per ldmatrix.
  SmallVector<SmallVector<SmallVector<int64_t, 2>, 4>> groups;
  if (opIdx == 0) {
    for (unsigned e = 0; e < dist.getNumElements(); ++e) {
      ArrayRef<int64_t> t = dist.getTuple(e);
      if (t[0] % 2 == 0 && t[1] % 4 == 0)
        groups.push_back({{t[0], t[1]},
                          {t[0] + 1, t[1]},
                          {t[0], t[1] + 2},
                          {t[0] + 1, t[1] + 2}});
    }
  } else {
    std::map<int64_t, SmallVector<int64_t>> columnsPerStep;
    for (unsigned e = 0; e < dist.getNumElements(); ++e) {
      ArrayRef<int64_t> t = dist.getTuple(e);
      if (t[0] % 4 == 0)
        columnsPerStep[t[0]].push_back(t[1]);
    }
    for (auto &[k, columns] : columnsPerStep)
      for (size_t i = 0; i < columns.size(); i += 2) {
        SmallVector<SmallVector<int64_t, 2>, 4> group;
        for (size_t j = i; j < std::min(i + 2, columns.size()); ++j)
          group.append({{k, columns[j]}, {k + 2, columns[j]}});
        groups.push_back(group);
      }
  }

  // A window that moves across the rows by whole swizzle periods (a K
  // step of B, rows along K) reads the addresses of the window at row 0
  // plus a constant: every K step's ldmatrix shares one address register
  // per matrix, the step an immediate offset.
  SmallVector<int64_t> coordOffsets(offsets);
  int64_t byteShift = 0;
  unsigned rowDim = 1 - fast;
  if (coordOffsets[rowDim] && !layout.blockElements &&
      coordOffsets[rowDim] % (layout.perPhase * layout.maxPhase) == 0) {
    byteShift = coordOffsets[rowDim] * buffer.getShape()[fast] *
                getElementBytes(buffer.getElementType());
    coordOffsets[rowDim] = 0;
  }
  Type i32 = b.getI32Type();
  Type element = type.getElementType();
  auto pairType = VectorType::get({2}, element);
  SmallVector<Value> values(dist.getNumElements());
  for (ArrayRef<SmallVector<int64_t, 2>> group : groups) {
    // This lane's row address in each matrix; lane i uses matrix i / 8's.
    Value offset;
    SmallVector<std::pair<int64_t, int64_t>> elements;
    for (auto [j, tuple] : llvm::enumerate(group)) {
      int64_t first = dist.findElement(tuple);
      SmallVector<int64_t, 2> next(tuple);
      ++next[kDim];
      int64_t second = dist.findElement(next);
      if (first < 0 || second < 0)
        return failure();
      elements.push_back({first, second});
      SmallVector<Value> coords = dist.emitCoordinates(b, loc, ids, first);
      // The matrix's corner: this thread's pair is at (row lane / 4,
      // column 2 * (lane % 4)) of it, K being the column.
      unsigned nonK = 1 - kDim;
      Value kBase =
          arith::SubIOp::create(b, loc, coords[kDim], lanes.pairColumn);
      Value nonKBase =
          arith::SubIOp::create(b, loc, coords[nonK], lanes.pairRow);
      Value addressRow = lanes.addressRow;
      SmallVector<Value> row(2);
      row[kDim] =
          trans ? arith::AddIOp::create(b, loc, kBase, addressRow).getResult()
                : kBase;
      row[nonK] =
          trans
              ? nonKBase
              : arith::AddIOp::create(b, loc, nonKBase, addressRow).getResult();
      addOffsets(b, loc, row, coordOffsets);
      offset = selectFromMatrix(
          b, loc, lanes, j, emitSharedByteOffset(b, loc, buffer, row), offset);
    }
    unsigned num = group.size();
    Type resultType = i32;
    if (num > 1)
      resultType = LLVM::LLVMStructType::getLiteral(
          b.getContext(), SmallVector<Type>(num, i32));
    Value loaded = NVVM::LdMatrixOp::create(
        b, loc, resultType,
        byteShift ? addBytes(b, loc, addBytes(b, loc, base, offset),
                             createI32(b, loc, byteShift))
                  : addBytes(b, loc, base, offset),
        num, trans ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(b.getContext(), 8, 8),
        NVVM::LdStMatrixEltType::B16);
    for (auto [j, pair] : llvm::enumerate(elements)) {
      Value word =
          num == 1
              ? loaded
              : LLVM::ExtractValueOp::create(b, loc, loaded, j).getResult();
      SmallVector<Value> halves =
          unpackVector(b, loc, LLVM::BitcastOp::create(b, loc, pairType, word));
      values[pair.first] = halves[0];
      values[pair.second] = halves[1];
    }
  }
  if (llvm::any_of(values, [](Value v) { return !v; }))
    return failure();
  return values;
}

} // namespace

void mlir::tile::emitAsyncProxyFence(OpBuilder &b, Location loc,
                                     const LoweringState &state) {
  if (state.asyncProxyReads)
    NVVM::FenceProxyOp::create(
        b, loc,
        NVVM::ProxyKindAttr::get(b.getContext(), NVVM::ProxyKind::async_shared),
        NVVM::SharedSpaceAttr::get(b.getContext(),
                                   NVVM::SharedSpace::shared_cta));
}

namespace {

struct LocalAllocLowering : public TilePattern<LocalAllocOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(LocalAllocOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Value> base = getScratchPointer(rewriter, op);
    if (failed(base))
      return rewriter.notifyMatchFailure(op, "no offset");
    if (op.getSrc()) {
      storeTensor(rewriter, op.getLoc(), state, op.getSrc().getType(),
                  adaptor.getSrc(), op.getType(), *base);
      emitAsyncProxyFence(rewriter, op.getLoc(), state);
    }
    rewriter.replaceOp(op, *base);
    return success();
  }
};

struct LocalStoreLowering : public TilePattern<LocalStoreOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(LocalStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    storeTensor(rewriter, op.getLoc(), state, op.getSrc().getType(),
                adaptor.getSrc(), op.getDst().getType(),
                adaptor.getDst().front());
    emitAsyncProxyFence(rewriter, op.getLoc(), state);
    rewriter.eraseOp(op);
    return success();
  }
};

struct LocalLoadLowering : public TilePattern<LocalLoadOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(LocalLoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    BufferType buffer = op.getSrc().getType();
    Value base = adaptor.getSrc().front();
    SmallVector<int64_t> offsets = op.getWindowOffsets();
    if (FailureOr<SmallVector<Value>> values =
            loadWithLdmatrix(rewriter, loc, state, type, buffer, base, offsets);
        succeeded(values)) {
      rewriter.replaceOpWithMultiple(op, {*values});
      return success();
    }
    Distribution dist = getDistribution(type);
    ThreadIds ids = emitThreadIds(rewriter, loc, state.threadsPerWarp);
    Type element = getTypeConverter()->convertType(type.getElementType());
    unsigned width = getSharedVectorWidth(type, buffer);
    // A vector stays within one swizzle group only from an aligned column.
    if (SharedTiling layout = getSharedTiling(buffer); !layout.order.empty())
      while (width > 1 && offsets[layout.order[0]] % width)
        width /= 2;
    SharedOffsets byteOffsets =
        getBufferOffsets(rewriter, loc, ids, dist, buffer, offsets, state);
    SmallVector<Value> values;
    for (unsigned e = 0; e < dist.getNumElements(); e += width)
      llvm::append_range(values, loadShared(rewriter, loc, element, width,
                                            addBytes(rewriter, loc, base,
                                                     byteOffsets.get(e))));
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

struct BufferIndexLowering : public TilePattern<BufferIndexOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(BufferIndexOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t stageBytes = op.getType().getSizeInBytes();
    Value offset =
        arith::MulIOp::create(rewriter, loc, adaptor.getIndex().front(),
                              createI32(rewriter, loc, stageBytes));
    rewriter.replaceOp(
        op, addBytes(rewriter, loc, adaptor.getSrc().front(), offset));
    return success();
  }
};

/// A transposed view addresses the same memory: the view's layout order is
/// the source's permuted, so the same coordinates land on the same bytes.
struct BufferTransLowering : public TilePattern<BufferTransOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(BufferTransOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc().front());
    return success();
  }
};

struct LocalDeallocLowering : public TilePattern<LocalDeallocOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(LocalDeallocOp op, OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op); // offsets are static; nothing to free
    return success();
  }
};

/// cp.async per vector of 4, 8 or 16 bytes (masked lanes copy 0 bytes and
/// zero-fill); narrower or non-contiguous pieces, and a non-zero `other`,
/// fall back to a synchronous load and store.
struct AsyncCopyLowering : public TilePattern<AsyncCopyGlobalToLocalOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(AsyncCopyGlobalToLocalOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    BufferType buffer = op.getResult().getType();
    Distribution dist = getDistribution(op.getSrc().getType());
    ThreadIds ids = emitThreadIds(rewriter, loc, state.threadsPerWarp);
    Type element = buffer.getElementType();
    int64_t bytes = getElementBytes(element);
    unsigned run = std::max(1u, state.vectorWidth.lookup(op));
    // The vector must stay contiguous in shared memory too.
    unsigned width = getCopyVectorWidth(buffer, dist.getFastestDim(), run);
    bool async = isAsyncCopyable(width * bytes, op.getOther());
    ValueRange ptrs = adaptor.getSrc(), masks = adaptor.getMask(),
               others = adaptor.getOther();
    for (unsigned first = 0; first < ptrs.size(); first += width) {
      // Where shared memory splits a run of contiguous global elements (a
      // row-major tf32 B stored K-major), each copy's source is the run's
      // first pointer plus a constant: one address a run stays live, not
      // one an element.
      Value src = ptrs[first];
      if (unsigned lead = first % run)
        src = addBytes(rewriter, loc, ptrs[first - lead],
                       createI32(rewriter, loc, lead * bytes));
      SmallVector<Value> coords =
          dist.emitCoordinates(rewriter, loc, ids, first);
      Value dst = addBytes(rewriter, loc, adaptor.getResult().front(),
                           emitSharedByteOffset(rewriter, loc, buffer, coords));
      Value mask = masks.empty() ? Value() : masks[first];
      if (async) {
        int64_t size = width * bytes;
        Value srcBytes;
        if (mask)
          srcBytes = arith::SelectOp::create(rewriter, loc, mask,
                                             createI32(rewriter, loc, size),
                                             createI32(rewriter, loc, 0));
        NVVM::CpAsyncOp::create(
            rewriter, loc, dst, src, rewriter.getI32IntegerAttr(size),
            NVVM::LoadCacheModifierKindAttr::get(
                rewriter.getContext(), size == 16
                                           ? NVVM::LoadCacheModifierKind::CG
                                           : NVVM::LoadCacheModifierKind::CA),
            srcBytes);
        continue;
      }
      for (unsigned i = 0; i < width; ++i) {
        Value m = masks.empty() ? Value() : masks[first + i];
        Value v =
            emitMaskedLoad(rewriter, loc, element, ptrs[first + i], m, bytes,
                           /*isVolatile=*/false, [&](OpBuilder &b) -> Value {
                             return others.empty() ? zeroOf(b, loc, element)
                                                   : others[first + i];
                           });
        storeShared(
            rewriter, loc, v,
            addBytes(rewriter, loc, dst, createI32(rewriter, loc, i * bytes)));
      }
    }
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};

struct AsyncCommitLowering : public TilePattern<AsyncCommitGroupOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(AsyncCommitGroupOp op, OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncCommitGroupOp::create(rewriter, op.getLoc());
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};

struct AsyncWaitLowering : public TilePattern<AsyncWaitOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(AsyncWaitOp op, OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncWaitGroupOp::create(rewriter, op.getLoc(), op.getNum());
    emitAsyncProxyFence(rewriter, op.getLoc(), state);
    rewriter.replaceOpWithMultiple(op, {ValueRange{}});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

/// One printf per element: program id, element coordinates, value.
struct PrintLowering : public TilePattern<PrintOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(PrintOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ThreadIds ids = emitThreadIds(rewriter, loc, state.threadsPerWarp);
    Value pid = arith::IndexCastUIOp::create(
        rewriter, loc, rewriter.getI32Type(),
        gpu::BlockIdOp::create(rewriter, loc, gpu::Dimension::x));
    if (op.getArgs().empty()) {
      gpu::PrintfOp::create(
          rewriter, loc,
          rewriter.getStringAttr("pid %d: " + op.getPrefix().str() + "\n"),
          ValueRange{pid});
      rewriter.eraseOp(op);
      return success();
    }
    for (auto [i, arg] : llvm::enumerate(op.getArgs())) {
      bool isSigned = op.getIsSigned()[i] != 0;
      auto tensor = dyn_cast<RankedTensorType>(arg.getType());
      std::optional<Distribution> dist;
      if (tensor)
        dist = getDistribution(tensor);
      ValueRange values = adaptor.getArgs()[i];
      for (unsigned e = 0; e < values.size(); ++e) {
        std::string format = "pid %d";
        SmallVector<Value> printArgs = {pid};
        if (dist) {
          format += " idx (";
          for (auto [d, c] :
               llvm::enumerate(dist->emitCoordinates(rewriter, loc, ids, e))) {
            format += d ? ", %d" : "%d";
            printArgs.push_back(c);
          }
          format += ")";
        }
        format += ": " + op.getPrefix().str();
        Value v = values[e];
        Type type = v.getType();
        if (isa<FloatType>(type)) {
          format += "%f";
          v = arith::ExtFOp::create(rewriter, loc, rewriter.getF64Type(), v);
        } else if (isa<LLVM::LLVMPointerType>(type)) {
          format += "%p";
        } else {
          format += op.getHex() ? "0x%llx" : (isSigned ? "%lld" : "%llu");
          if (type.getIntOrFloatBitWidth() < 64)
            v = isSigned ? arith::ExtSIOp::create(rewriter, loc,
                                                  rewriter.getI64Type(), v)
                               .getResult()
                         : arith::ExtUIOp::create(rewriter, loc,
                                                  rewriter.getI64Type(), v)
                               .getResult();
        }
        printArgs.push_back(v);
        gpu::PrintfOp::create(rewriter, loc,
                              rewriter.getStringAttr(format + "\n"), printArgs);
      }
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// A failed element prints the message and traps.
struct AssertLowering : public TilePattern<AssertOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(AssertOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value allTrue;
    for (Value v : adaptor.getCondition())
      allTrue = andOf(rewriter, loc, allTrue, v);
    Value failed = arith::XOrIOp::create(
        rewriter, loc, allTrue,
        arith::ConstantIntOp::create(rewriter, loc, 1, 1));
    predicated(rewriter, loc, failed, Type(),
               [&](OpBuilder &b) -> Value {
                 gpu::PrintfOp::create(
                     b, loc,
                     b.getStringAttr(
                         "Assertion failed: " + op.getMessage().str() + "\n"),
                     ValueRange{});
                 LLVM::Trap::create(b, loc);
                 return {};
               },
               {});
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tile::populateMemoryPatterns(const TypeConverter &converter,
                                        RewritePatternSet &patterns,
                                        const LoweringState &state) {
  patterns.add<LoadLowering, StoreLowering, AtomicRMWLowering,
               AtomicCASLowering, LocalAllocLowering, LocalStoreLowering,
               LocalLoadLowering, BufferIndexLowering, BufferTransLowering,
               LocalDeallocLowering, AsyncCopyLowering, AsyncCommitLowering,
               AsyncWaitLowering, PrintLowering, AssertLowering>(
      converter, patterns.getContext(), state);
}
