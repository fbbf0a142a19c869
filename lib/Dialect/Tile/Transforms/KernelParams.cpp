//===- KernelParams.cpp - binding a kernel's declared parameters ----------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A kernel declares in `tile.params` the values its body is written at: an
// integer block dimension (BM = 128) or an element type (T = f16). Builtin
// tensor types have static shapes, so a parameter cannot be named inside
// them; instead the written value stands for the parameter wherever it
// appears in a shape, a make_range bound or an integer constant (for an
// integer), or as a type (for a type), and binding rewrites exactly those
// places. Values derived from a parameter (BM - 1, BM * BK) are computed
// in the body, where folding makes them constants again.
//
//===----------------------------------------------------------------------===//

#include "KernelParams.h"

#include "tile/Dialect/Tile/IR/OpUtils.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/Support/MathExtras.h"

#include <limits>
#include <map>

using namespace mlir;
using namespace mlir::tile;

namespace {

/// Scalar `attr` (an integer or float) as a value of `type`, or null where
/// it has none: a fraction or an out-of-range value for an integer type.
TypedAttr convertScalar(TypedAttr attr, Type type) {
  if (attr.getType() == type)
    return attr;
  if (auto real = dyn_cast<FloatAttr>(attr)) {
    APFloat value = real.getValue();
    if (auto to = dyn_cast<FloatType>(type)) {
      bool lost = false;
      value.convert(to.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                    &lost);
      return FloatAttr::get(type, value);
    }
    auto to = dyn_cast<IntegerType>(type);
    if (!to)
      return {};
    llvm::APSInt result(to.getWidth(), /*isUnsigned=*/false);
    bool exact = false;
    if (value.convertToInteger(result, APFloat::rmTowardZero, &exact) !=
            APFloat::opOK ||
        !exact)
      return {};
    return IntegerAttr::get(type, result);
  }
  auto integer = dyn_cast<IntegerAttr>(attr);
  if (!integer)
    return {};
  APInt value = integer.getValue();
  if (auto to = dyn_cast<IntegerType>(type)) {
    if (value.getSignificantBits() > to.getWidth())
      return {};
    return IntegerAttr::get(type, value.sextOrTrunc(to.getWidth()));
  }
  auto to = dyn_cast<FloatType>(type);
  if (!to)
    return {};
  APFloat result(to.getFloatSemantics());
  result.convertFromAPInt(value, /*IsSigned=*/value.getBitWidth() > 1,
                          APFloat::rmNearestTiesToEven);
  return FloatAttr::get(type, result);
}

/// The rewrite of one kernel for its bindings.
class Binder {
public:
  explicit Binder(FuncOp fn) : fn(fn) {}

  /// Records one binding; fails with a located error where the value is
  /// not of the parameter's kind.
  LogicalResult add(const ParamBinding &binding, Attribute written) {
    if (auto integer = dyn_cast<IntegerAttr>(written)) {
      int64_t value = 0;
      // (A make_range bound is an i32.)
      if (binding.value.getAsInteger(10, value) || value < 1 ||
          value > std::numeric_limits<int32_t>::max())
        return fn.emitOpError()
               << "tile-specialize: '" << binding.text << "': parameter '"
               << binding.name
               << "' is a block dimension, a positive 32-bit integer";
      sizes[integer.getInt()] = value;
      return success();
    }
    Type type;
    {
      // A malformed type is reported below, at the kernel.
      ScopedDiagnosticHandler quiet(fn.getContext(),
                                    [](Diagnostic &) { return success(); });
      size_t read = 0;
      type = parseType(binding.value, fn.getContext(), &read);
      if (type && read != binding.value.size())
        type = {};
    }
    if (!type || !isa<IntegerType, FloatType>(type))
      return fn.emitOpError()
             << "tile-specialize: '" << binding.text << "': parameter '"
             << binding.name
             << "' is an element type, an integer or float type";
    types[cast<TypeAttr>(written).getValue()] = type;
    return success();
  }

  /// Rewrites the kernel for the recorded bindings.
  LogicalResult apply() {
    AttrTypeReplacer replacer;
    // Attributes are rewritten where they stand for a parameter (below),
    // never for containing a type: 0 : i32 of an axis stays.
    replacer.addReplacement(
        [](Attribute attr) -> std::optional<std::pair<Attribute, WalkResult>> {
          if (isa<IntegerAttr, FloatAttr, ElementsAttr>(attr))
            return std::make_pair(attr, WalkResult::skip());
          return std::nullopt;
        });
    replacer.addReplacement([&](Type type) -> std::optional<Type> {
      auto it = types.find(type);
      if (it == types.end())
        return std::nullopt;
      return it->second;
    });
    replacer.addReplacement([&](RankedTensorType type) -> std::optional<Type> {
      SmallVector<int64_t> shape = mapShape(type.getShape());
      if (ArrayRef<int64_t>(shape) == type.getShape())
        return std::nullopt;
      return RankedTensorType::get(shape, type.getElementType(),
                                   type.getEncoding());
    });
    replacer.addReplacement([&](TensorDescType type) -> std::optional<Type> {
      SmallVector<int64_t> shape = mapShape(type.getShape());
      if (ArrayRef<int64_t>(shape) == type.getShape())
        return std::nullopt;
      auto mapped = TensorDescType::getChecked(
          [&] { return fn.emitOpError() << "tile-specialize: "; },
          fn.getContext(), ArrayRef<int64_t>(shape), type.getElementType(),
          type.getUnsignedElements());
      if (!mapped) {
        failed = true;
        return type;
      }
      return mapped;
    });

    WalkResult walk = fn.walk([&](Operation *op) {
      if (auto range = dyn_cast<MakeRangeOp>(op)) {
        range.setStart(mapSize(range.getStart()));
        range.setEnd(mapSize(range.getEnd()));
      } else if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
        TypedAttr value = mapConstant(constant.getValue(),
                                      replacer.replace(constant.getType()));
        if (!value)
          return WalkResult(constant.emitOpError()
                            << "tile-specialize: " << constant.getValue()
                            << " has no value of type "
                            << replacer.replace(constant.getType()));
        constant.setValueAttr(value);
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();
    replacer.recursivelyReplaceElementsIn(fn, /*replaceAttrs=*/true,
                                          /*replaceLocs=*/false,
                                          /*replaceTypes=*/true);
    return failure(failed);
  }

  /// The value a written parameter value `written` is bound to, as an
  /// attribute of its kind (an i64 integer or a type), or null.
  Attribute getBoundValue(Attribute written) const {
    if (auto integer = dyn_cast<IntegerAttr>(written)) {
      auto it = sizes.find(integer.getInt());
      if (it == sizes.end())
        return {};
      return IntegerAttr::get(integer.getType(), it->second);
    }
    auto it = types.find(cast<TypeAttr>(written).getValue());
    return it == types.end() ? Attribute() : TypeAttr::get(it->second);
  }

private:
  int64_t mapSize(int64_t size) const {
    auto it = sizes.find(size);
    return it == sizes.end() ? size : it->second;
  }

  SmallVector<int64_t> mapShape(ArrayRef<int64_t> shape) const {
    SmallVector<int64_t> mapped;
    for (int64_t size : shape)
      mapped.push_back(ShapedType::isDynamic(size) ? size : mapSize(size));
    return mapped;
  }

  /// Constant `value` as one of type `type` (the rewritten result type), an
  /// integer that stands for a parameter replaced by its value; null where
  /// it has none.
  TypedAttr mapConstant(TypedAttr value, Type type) const {
    auto mapScalar = [&](TypedAttr scalar, Type to) -> TypedAttr {
      // (Not i1: true is no block dimension.)
      if (auto integer = dyn_cast<IntegerAttr>(scalar);
          integer && !integer.getType().isInteger(1) &&
          integer.getValue().getSignificantBits() <= 64) {
        int64_t mapped = mapSize(integer.getValue().getSExtValue());
        // A value the constant's type cannot hold has no value there.
        unsigned width = integer.getType().isIndex()
                             ? 64
                             : integer.getType().getIntOrFloatBitWidth();
        if (!llvm::isIntN(width, mapped))
          return TypedAttr();
        scalar = IntegerAttr::get(integer.getType(), mapped);
      }
      return convertScalar(scalar, to);
    };
    if (!isa<ShapedType>(type))
      return mapScalar(value, type);
    auto dense = dyn_cast<DenseElementsAttr>(value);
    if (!dense)
      return value.getType() == type ? value : TypedAttr();
    auto shaped = cast<ShapedType>(type);
    Type element = shaped.getElementType();
    if (dense.isSplat()) {
      TypedAttr scalar = mapScalar(dense.getSplatValue<TypedAttr>(), element);
      return scalar ? DenseElementsAttr::get(shaped, scalar) : TypedAttr();
    }
    // A constant of several values cannot follow a block that grows.
    if (dense.getType().getShape() != shaped.getShape())
      return {};
    SmallVector<Attribute> elements;
    for (TypedAttr scalar : dense.getValues<TypedAttr>()) {
      elements.push_back(mapScalar(scalar, element));
      if (!elements.back())
        return {};
    }
    return DenseElementsAttr::get(shaped, elements);
  }

  FuncOp fn;
  // (Not a DenseMap: any int64_t, its empty key too, may be looked up.)
  std::map<int64_t, int64_t> sizes;
  llvm::DenseMap<Type, Type> types;
  bool failed = false;
};

} // namespace

DictionaryAttr mlir::tile::getKernelParams(FuncOp fn) {
  if (auto params =
          fn->getAttrOfType<DictionaryAttr>(getKernelParamsAttrName()))
    return params;
  return DictionaryAttr::get(fn.getContext());
}

LogicalResult mlir::tile::bindKernelParams(FuncOp fn,
                                           ArrayRef<ParamBinding> bindings) {
  DictionaryAttr params = getKernelParams(fn);
  // A device function's types would not follow the kernel's.
  WalkResult calls = fn.walk([&](CallOp call) {
    call.emitOpError() << "tile-specialize: binds parameters of a kernel "
                          "that calls a device function; inline it first";
    return WalkResult::interrupt();
  });
  if (calls.wasInterrupted())
    return failure();
  NamedAttrList left(params);
  Binder binder(fn);
  for (const ParamBinding &binding : bindings) {
    if (failed(binder.add(binding, params.get(binding.name))))
      return failure();
    left.erase(binding.name);
  }
  // A parameter still declared whose value a binding gives another one
  // (T=f32 where ACC = f32) no longer stands alone for it: it stops being
  // a parameter, so that binding it later is an error, not a rewrite of
  // both.
  for (const ParamBinding &binding : bindings) {
    Attribute bound = binder.getBoundValue(params.get(binding.name));
    auto boundInt = dyn_cast_or_null<IntegerAttr>(bound);
    SmallVector<StringAttr> merged;
    for (NamedAttribute other : left) {
      auto otherInt = dyn_cast<IntegerAttr>(other.getValue());
      if (bound &&
          (boundInt && otherInt ? boundInt.getInt() == otherInt.getInt()
                                : bound == other.getValue()))
        merged.push_back(other.getName());
    }
    for (StringAttr name : merged)
      left.erase(name);
  }
  if (failed(binder.apply()))
    return failure();
  if (left.empty())
    fn->removeAttr(getKernelParamsAttrName());
  else
    fn->setAttr(getKernelParamsAttrName(), left.getDictionary(fn.getContext()));
  // Say which values the verifier's complaint comes from.
  if (failed(verify(fn))) {
    SmallVector<StringRef> texts;
    for (const ParamBinding &binding : bindings)
      texts.push_back(binding.text);
    return fn.emitOpError() << "tile-specialize: the kernel is not valid for "
                            << llvm::join(texts, ", ");
  }
  return success();
}
