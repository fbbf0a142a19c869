//===- AccelerateMatmul.cpp - tile.dot on tensor cores --------------------===//
//
// Gives tile.dot ops that tensor cores can compute the mma.sync layouts:
// the accumulator #tile.mma version 2 and its dot_op operand layouts, with
// conversions from and to the layouts the rest of the function uses (which
// tile-remove-layout-conversions then moves or removes).
//
//===----------------------------------------------------------------------===//

#include "tile/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_ACCELERATEMATMUL
#include "tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// The SM version of a "sm_NN[a]" target, or 0.
unsigned parseSm(StringRef target) {
  unsigned sm = 0;
  if (!target.consume_front("sm_") || target.consumeInteger(10, sm))
    return 0;
  return sm;
}

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
        module->getAttrOfType<StringAttr>(TileDialect::getTargetAttrName());
    unsigned sm = target ? parseSm(target.getValue()) : 0;
    module.walk([&](DotOp dot) {
      // mma.sync needs sm_80 or newer.
      if (sm < 80 || isa<MmaLayoutAttr>(dot.getC().getType().getEncoding()) ||
          !whyNotMmaSync(dot.getA().getType(), dot.getB().getType(),
                         dot.getC().getType())
               .empty())
        return;
      std::optional<SmallVector<unsigned>> warps =
          chooseWarps(dot.getC().getType().getShape(), *numWarps);
      if (!warps)
        return;
      MLIRContext *context = &getContext();
      auto mma = MmaLayoutAttr::get(context, 2, 0, *warps, {16, 8});
      OpBuilder b(dot);
      Location loc = dot.getLoc();
      // An operand converted for the FMA path is converted from its source.
      SmallVector<Operation *> fmaConverts;
      auto operand = [&](Value v, unsigned opIdx) -> Value {
        if (auto convert = v.getDefiningOp<ConvertLayoutOp>()) {
          fmaConverts.push_back(convert);
          v = convert.getSrc();
        }
        auto layout = DotOperandLayoutAttr::get(context, opIdx, mma, 2);
        return ConvertLayoutOp::create(b, loc, withEncoding(v.getType(), layout),
                                       v);
      };
      Value a = operand(dot.getA(), 0), bb = operand(dot.getB(), 1);
      Value c = ConvertLayoutOp::create(
          b, loc, withEncoding(dot.getC().getType(), mma), dot.getC());
      auto product = DotOp::create(b, loc, c.getType(), a, bb, c,
                                   dot.getInputPrecisionAttr(),
                                   dot.getMaxNumImpreciseAccAttr());
      Value result = ConvertLayoutOp::create(b, loc, dot.getType(), product);
      dot.replaceAllUsesWith(result);
      dot.erase();
      for (Operation *convert : fmaConverts)
        if (convert->use_empty())
          convert->erase();
    });
  }
};

} // namespace
