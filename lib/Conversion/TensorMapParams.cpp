//===- TensorMapParams.cpp - tensor descriptors as byval parameters -------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "tile/Conversion/Passes.h"

#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TENSORMAPPARAMS
#include "tile/Conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

/// A CUtensorMap parameter is 64-byte aligned.
constexpr int64_t kTensorMapAlignment = 64;

class TensorMapParams
    : public tile::impl::TensorMapParamsBase<TensorMapParams> {
public:
  using Base::Base;

  void runOnOperation() override {
    Builder b(&getContext());
    auto mapType = LLVM::LLVMArrayType::get(b.getI8Type(), kTensorMapBytes);
    WalkResult result = getOperation().walk([&](LLVM::LLVMFuncOp fn) {
      for (const TensorMapArg &map : getTensorMapArgs(fn)) {
        int64_t i = map.index;
        if (i < 0 || i >= int64_t(fn.getNumArguments()) ||
            !isa<LLVM::LLVMPointerType>(fn.getArgumentTypes()[i])) {
          fn.emitOpError() << "tilenv.tensormap_args needs {index, type[, "
                              "box, swizzle]} entries naming pointer "
                              "parameters and their !tile.tensordesc types";
          return WalkResult::interrupt();
        }
        fn.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                      TypeAttr::get(mapType));
        fn.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                      b.getI64IntegerAttr(kTensorMapAlignment));
        fn.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                      b.getUnitAttr());
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
