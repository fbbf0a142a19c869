//===- AssignLayouts.cpp - tile IR to the distributed level ---------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Gives every tensor a default blocked layout, then moves the operands and
// results of ops with layout rules (reduce, expand_dims, broadcast, dot,
// trans, join, split, map_elementwise of packs) to the layouts those rules
// require.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/TileGPU/IR/Target.h"
#include "tile/Dialect/TileGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_ASSIGNLAYOUTS
#include "tile/Dialect/TileGPU/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

class AssignLayouts : public tile::impl::AssignLayoutsBase<AssignLayouts> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    if (numWarps <= 0 || !llvm::isPowerOf2_32(numWarps) ||
        threadsPerWarp <= 0 || !llvm::isPowerOf2_32(threadsPerWarp)) {
      module.emitError() << "tile-assign-layouts: num-warps ("
                         << numWarps.getValue() << ") and threads-per-warp ("
                         << threadsPerWarp.getValue()
                         << ") must be positive powers of two";
      return signalPassFailure();
    }
    if (!isValidClusterSize(clusterSize)) {
      module.emitError() << "tile-assign-layouts: cluster-size ("
                         << clusterSize.getValue()
                         << ") must be a power of two from 1 to 8";
      return signalPassFailure();
    }
    if (!StringRef(target).starts_with("sm_")) {
      module.emitError() << "tile-assign-layouts: target '" << target.getValue()
                         << "' is not of the form sm_<NN>";
      return signalPassFailure();
    }
    if (clusterSize > 1 && parseSmVersion(target) < 90) {
      module.emitError() << "tile-assign-layouts: clusters of CTAs "
                         << "(cluster-size " << clusterSize.getValue()
                         << ") need sm_90 or newer, not " << target.getValue();
      return signalPassFailure();
    }
    if (auto existing = module->getAttrOfType<IntegerAttr>(
            TileGPUDialect::getNumWarpsAttrName());
        existing && existing.getInt() != numWarps) {
      module.emitError() << "module already has tilegpu.num-warps = "
                         << existing.getInt() << ", not "
                         << numWarps.getValue();
      return signalPassFailure();
    }

    if (failed(checkEncodings(module)) || failed(assignDefaults(module)))
      return signalPassFailure();
    module.walk([&](Operation *op) { applyLayoutRules(op); });

    Builder b(context);
    module->setAttr(TileGPUDialect::getNumWarpsAttrName(),
                    b.getI32IntegerAttr(numWarps));
    module->setAttr(TileGPUDialect::getThreadsPerWarpAttrName(),
                    b.getI32IntegerAttr(threadsPerWarp));
    module->setAttr(TileGPUDialect::getTargetAttrName(),
                    b.getStringAttr(target));
    if (clusterSize > 1)
      module->setAttr(TileGPUDialect::getClusterSizeAttrName(),
                      b.getI32IntegerAttr(clusterSize));
  }

private:
  /// The default type of a tensor without a layout; other types unchanged.
  Type getDefaultType(Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || tensor.getEncoding())
      return type;
    return withEncoding(
        tensor, getDefaultBlockedLayout(&getContext(), tensor.getShape(),
                                        numWarps, threadsPerWarp));
  }

  /// Tensors keep a layout they already have, which must then be one that
  /// distributes them over threads (not a shared layout or a foreign
  /// encoding: the layout rules derive slices and operand layouts from it);
  /// the others must have a shape a default layout can spread.
  static LogicalResult checkEncodings(ModuleOp module) {
    WalkResult result = module.walk([&](Operation *op) -> WalkResult {
      SmallVector<Type> types(op->getResultTypes());
      for (Region &region : op->getRegions())
        for (Block &block : region)
          llvm::append_range(types, block.getArgumentTypes());
      for (Type type : types) {
        auto tensor = dyn_cast<RankedTensorType>(type);
        if (!tensor)
          continue;
        if (tensor.getEncoding() &&
            !isa<DistributedLayoutAttr>(tensor.getEncoding())) {
          op->emitOpError() << "has a tensor of type " << type
                            << " whose encoding is not a distributed layout; "
                               "tile-assign-layouts keeps only those";
          return WalkResult::interrupt();
        }
        // Layouts split every dimension evenly over threads and warps.
        if (!tensor.getEncoding() &&
            (tensor.getRank() == 0 ||
             llvm::any_of(tensor.getShape(), [](int64_t d) {
               return d <= 0 || !llvm::isPowerOf2_64(d);
             }))) {
          op->emitOpError() << "has a tensor of type " << type
                            << ": distributed tensors need rank 1 or more "
                               "and power-of-two dimensions";
          return WalkResult::interrupt();
        }
      }
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  /// Gives every tensor value in the module its default layout, keeping
  /// function signatures and constant attributes in step.
  LogicalResult assignDefaults(ModuleOp module) {
    WalkResult result = module.walk([&](Operation *op) -> WalkResult {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            arg.setType(getDefaultType(arg.getType()));
      for (OpResult value : op->getResults())
        value.setType(getDefaultType(value.getType()));

      if (auto fn = dyn_cast<FuncOp>(op)) {
        auto convert = [&](ArrayRef<Type> types) {
          return llvm::map_to_vector(types,
                                     [&](Type t) { return getDefaultType(t); });
        };
        fn.setFunctionType(FunctionType::get(&getContext(),
                                             convert(fn.getArgumentTypes()),
                                             convert(fn.getResultTypes())));
      }
      if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
        auto shaped = dyn_cast<RankedTensorType>(constant.getType());
        if (!shaped)
          return WalkResult::advance();
        auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
        if (!dense) {
          constant.emitOpError()
              << "tile-assign-layouts supports dense tensor constants only";
          return WalkResult::interrupt();
        }
        constant.setValueAttr(dense.reshape(shaped));
      }
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  /// Converts `value` to `type` before `user`, if it is not of that type.
  static Value convertTo(OpBuilder &builder, Value value, Type type) {
    if (value.getType() == type)
      return value;
    return ConvertLayoutOp::create(builder, value.getLoc(), type, value);
  }

  /// Gives `result` the layout `type` and converts it back to its current
  /// type for its users.
  static void retypeResult(OpBuilder &builder, Value result, Type type) {
    Type oldType = result.getType();
    if (oldType == type)
      return;
    result.setType(type);
    builder.setInsertionPointAfterValue(result);
    auto convert =
        ConvertLayoutOp::create(builder, result.getLoc(), oldType, result);
    result.replaceAllUsesExcept(convert.getResult(), convert);
  }

  void applyLayoutRules(Operation *op) {
    OpBuilder builder(op);
    MLIRContext *context = op->getContext();
    if (auto reduce = dyn_cast<ReduceOp>(op)) {
      auto layout = getDistributedLayout(reduce.getSrcs()[0].getType());
      for (Value result : reduce.getResult())
        if (isa<RankedTensorType>(result.getType()))
          retypeResult(builder, result,
                       withEncoding(result.getType(),
                                    SliceLayoutAttr::get(
                                        context, reduce.getAxis(), layout)));
      return;
    }
    if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
      auto layout = getDistributedLayout(expand.getType());
      auto slice = SliceLayoutAttr::get(context, expand.getAxis(), layout);
      expand.getSrcMutable().assign(
          convertTo(builder, expand.getSrc(),
                    withEncoding(expand.getSrc().getType(), slice)));
      return;
    }
    if (auto broadcast = dyn_cast<BroadcastOp>(op)) {
      Attribute layout = broadcast.getType().getEncoding();
      broadcast.getSrcMutable().assign(
          convertTo(builder, broadcast.getSrc(),
                    withEncoding(broadcast.getSrc().getType(), layout)));
      return;
    }
    if (auto dot = dyn_cast<DotOp>(op)) {
      auto layout = getDistributedLayout(dot.getC().getType());
      auto operandType = [&](Value v, unsigned idx) {
        return withEncoding(v.getType(),
                            DotOperandLayoutAttr::get(context, idx, layout, 0));
      };
      dot.getAMutable().assign(
          convertTo(builder, dot.getA(), operandType(dot.getA(), 0)));
      dot.getBMutable().assign(
          convertTo(builder, dot.getB(), operandType(dot.getB(), 1)));
      return;
    }
    if (auto trans = dyn_cast<TransOp>(op)) {
      // The permuted layout makes the transpose a renaming of registers.
      auto src = dyn_cast_or_null<BlockedLayoutAttr>(
          getDistributedLayout(trans.getSrc().getType()));
      if (!src)
        return;
      retypeResult(builder, trans.getResult(),
                   withEncoding(trans.getType(),
                                getPermutedLayout(src, trans.getOrder())));
      return;
    }
    if (auto map = dyn_cast<MapElementwiseOp>(op); map && map.getPack() > 1) {
      // Each call takes `pack` consecutive elements of a thread, as in
      // Triton, whose layouts give a thread runs along the fastest
      // dimension: runs of at least `pack` (a power of two) there.
      auto type = cast<RankedTensorType>(map.getSrcs()[0].getType());
      auto blocked =
          dyn_cast_or_null<BlockedLayoutAttr>(getDistributedLayout(type));
      if (!blocked)
        return;
      SmallVector<unsigned> size(blocked.getSizePerThread());
      unsigned fastest = blocked.getDimOrder()[0];
      size[fastest] = std::max<unsigned>(
          size[fastest], std::min<uint64_t>(llvm::PowerOf2Ceil(map.getPack()),
                                            type.getDimSize(fastest)));
      if (size == blocked.getSizePerThread())
        return;
      Attribute layout =
          getBlockedLayout(context, type.getShape(), size,
                           blocked.getDimOrder(), numWarps, threadsPerWarp);
      for (OpOperand &operand : map->getOpOperands())
        operand.set(convertTo(builder, operand.get(),
                              withEncoding(operand.get().getType(), layout)));
      for (Value result : map.getResult())
        retypeResult(builder, result, withEncoding(result.getType(), layout));
      return;
    }
    if (auto join = dyn_cast<JoinOp>(op)) {
      auto src = dyn_cast_or_null<BlockedLayoutAttr>(
          getDistributedLayout(join.getLhs().getType()));
      if (src)
        retypeResult(builder, join.getResult(),
                     withEncoding(join.getType(), getPairLayout(src)));
      return;
    }
    if (auto split = dyn_cast<SplitOp>(op)) {
      auto result = dyn_cast_or_null<BlockedLayoutAttr>(
          getDistributedLayout(split.getOutLHS().getType()));
      if (result)
        split.getSrcMutable().assign(convertTo(
            builder, split.getSrc(),
            withEncoding(split.getSrc().getType(), getPairLayout(result))));
      return;
    }
  }
};

} // namespace
