//===- Specialize.cpp - kernels specialized for their arguments -----------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tile-specialize: an argument's value folded into the kernel, or its
// divisibility declared, by the argument's name; a declared parameter bound
// (KernelParams.cpp).
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "KernelParams.h"
#include "tile/Dialect/Tile/IR/OpUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tile {
#define GEN_PASS_DEF_SPECIALIZE
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// `text` as a constant of scalar type `type`, or null.
TypedAttr parseValue(StringRef text, Type type) {
  if (auto integer = dyn_cast<IntegerType>(type)) {
    unsigned width = integer.getWidth();
    if (width == 1 && (text == "true" || text == "false"))
      return IntegerAttr::get(type, text == "true");
    // A decimal of the type's signed or unsigned range.
    bool negative = text.consume_front("-");
    APInt value;
    if (text.getAsInteger(10, value))
      return {};
    if (value.getActiveBits() > width - (negative ? 1 : 0) &&
        !(negative && value.isPowerOf2() && value.getActiveBits() == width))
      return {};
    value = value.zextOrTrunc(width);
    return IntegerAttr::get(type, negative ? -value : value);
  }
  if (auto real = dyn_cast<FloatType>(type)) {
    APFloat value(real.getFloatSemantics());
    auto status = value.convertFromString(text, APFloat::rmNearestTiesToEven);
    if (!status) {
      llvm::consumeError(status.takeError());
      return {};
    }
    if (*status & (APFloat::opInvalidOp | APFloat::opOverflow))
      return {};
    return FloatAttr::get(type, value);
  }
  return {};
}

struct Specialize : public tile::impl::SpecializeBase<Specialize> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    bindings.clear();
    argFacts.clear();
    SmallVector<FuncOp> kernels;
    for (FuncOp fn : module.getOps<FuncOp>())
      if (fn.isPublic() && !fn.isExternal())
        kernels.push_back(fn);
    // One fact per argument: a second would silently win or be lost.
    SmallVector<std::optional<SpecializationEntry>> entries;
    llvm::StringSet<> named;
    for (const std::string &text : args) {
      std::optional<SpecializationEntry> entry = parseSpecialization(text);
      if (entry && !named.insert(entry->name).second) {
        module.emitError() << "tile-specialize: '" << entry->name
                           << "' is specialized twice";
        return signalPassFailure();
      }
      entries.push_back(entry);
    }
    for (auto [text, entry] : llvm::zip(args, entries))
      if (failed(apply(text, entry, kernels)))
        return signalPassFailure();
    // Each kernel's parameters at once (BM=64 with BN=128 may swap the
    // values its body is written at), before arguments are folded: a
    // folded value is no parameter's, and it takes the bound types.
    for (auto &[fn, kernelBindings] : bindings)
      if (failed(bindKernelParams(fn, kernelBindings)))
        return signalPassFailure();
    for (ArgFact &fact : argFacts)
      if (failed(
              fact.entry.isDivisibility
                  ? assumeDivisible(fact.fn, fact.fn.getArgument(fact.index),
                                    fact.entry)
                  : fold(fact.fn, fact.fn.getArgument(fact.index), fact.entry)))
        return signalPassFailure();
  }

private:
  /// Applies `entry`, parsed from `text` (none: malformed).
  LogicalResult apply(StringRef text,
                      const std::optional<SpecializationEntry> &entry,
                      ArrayRef<FuncOp> kernels) {
    ModuleOp module = getOperation();
    if (!entry)
      return module.emitError() << "tile-specialize: '" << text
                                << "' is neither NAME=VALUE nor NAME%K";
    bool found = false;
    for (FuncOp fn : kernels) {
      for (BlockArgument arg : fn.getArguments()) {
        if (getArgName(arg) != entry->name)
          continue;
        found = true;
        argFacts.push_back({fn, arg.getArgNumber(), *entry});
      }
      if (!getKernelParams(fn).get(entry->name))
        continue;
      found = true;
      if (entry->isDivisibility)
        return fn.emitOpError()
               << "tile-specialize: '" << text << "': '" << entry->name
               << "' is a parameter; bind it with " << entry->name << "=VALUE";
      bindings[fn].push_back({text, entry->name, entry->value});
    }
    if (found)
      return success();
    // Name what there is to choose from.
    SmallVector<std::string> names;
    for (FuncOp fn : kernels) {
      SmallVector<StringRef> argNames;
      for (BlockArgument arg : fn.getArguments())
        if (StringRef name = getArgName(arg); !name.empty())
          argNames.push_back(name);
      std::string kernel =
          "@" + fn.getName().str() + "(" + llvm::join(argNames, ", ") + ")";
      SmallVector<StringRef> paramNames;
      for (NamedAttribute param : getKernelParams(fn))
        paramNames.push_back(param.getName().getValue());
      if (!paramNames.empty())
        kernel += " with parameters " + llvm::join(paramNames, ", ");
      names.push_back(kernel);
    }
    return module.emitError()
           << "tile-specialize: no kernel has an argument or parameter named '"
           << entry->name << "' (kernels: " << llvm::join(names, "; ") << ")";
  }

  /// The parameter bindings for each kernel, applied first.
  llvm::MapVector<FuncOp, SmallVector<ParamBinding>> bindings;

  /// A fact about argument `index` of `fn`, applied after the bindings.
  struct ArgFact {
    FuncOp fn;
    unsigned index;
    SpecializationEntry entry;
  };
  SmallVector<ArgFact> argFacts;

  LogicalResult fold(FuncOp fn, BlockArgument arg,
                     const SpecializationEntry &entry) {
    TypedAttr value = parseValue(entry.value, arg.getType());
    if (!value)
      return fn.emitOpError() << "tile-specialize: '" << entry.text << "': '"
                              << entry.value << "' is not a value of argument '"
                              << entry.name << "', of type " << arg.getType();
    OpBuilder b = OpBuilder::atBlockBegin(&fn.getBody().front());
    Value constant = arith::ConstantOp::create(b, arg.getLoc(), value);
    arg.replaceAllUsesWith(constant);
    return success();
  }

  LogicalResult assumeDivisible(FuncOp fn, BlockArgument arg,
                                const SpecializationEntry &entry) {
    uint64_t k = 0;
    if (entry.value.getAsInteger(10, k) || !llvm::isPowerOf2_64(k) ||
        k > (uint64_t(1) << 30))
      return fn.emitOpError() << "tile-specialize: '" << entry.text
                              << "': the divisor must be a power of two up "
                                 "to 2^30";
    if (!isa<IntegerType, PointerType>(arg.getType()))
      return fn.emitOpError()
             << "tile-specialize: '" << entry.text << "': argument '"
             << entry.name << "' is " << arg.getType()
             << ", not an integer or a pointer";
    unsigned index = arg.getArgNumber();
    StringRef attr = TileDialect::getDivisibilityAttrName();
    if (k == 1)
      fn.removeArgAttr(index, attr);
    else
      fn.setArgAttr(index, attr,
                    Builder(fn.getContext()).getI32IntegerAttr(int32_t(k)));
    return success();
  }
};

} // namespace

std::optional<SpecializationEntry>
mlir::tile::parseSpecialization(StringRef text) {
  size_t eq = text.find('='), mod = text.find('%');
  size_t split = std::min(eq, mod);
  if (split == StringRef::npos)
    return std::nullopt;
  SpecializationEntry entry{text, text.take_front(split).trim(),
                            text.drop_front(split + 1).trim(), split == mod};
  if (entry.name.empty() || entry.value.empty())
    return std::nullopt;
  return entry;
}

SmallVector<std::string> mlir::tile::splitSpecializations(StringRef list) {
  SmallVector<StringRef> entries;
  list.split(entries, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  SmallVector<std::string> trimmed;
  for (StringRef entry : entries)
    trimmed.push_back(entry.trim().str());
  return trimmed;
}
