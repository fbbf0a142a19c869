//===- TensorMaps.cpp - tensor maps written in the kernel -----------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tilenv.make_tensor_map as Triton writes a tensor map on Hopper: the first
// warp zeroes 128 bytes of shared memory, its first thread sets each field
// with tensormap.replace (a zeroed map with every field a 2-D tiled map has
// set is a valid one), and the warp copies it to its global slot with a
// release fence for the tensor-map proxy. After a CTA barrier every thread
// acquires it: whichever thread issues the copies through it (thread 0, or
// a split kernel's producer) has then done so.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

namespace {

/// The tensor map's element type, as tensormap.replace numbers them.
int64_t getMapElementType(TensorDescType desc) {
  Type element = desc.getElementType();
  bool isUnsigned = desc.getUnsignedElements();
  if (element.isF16())
    return 6;
  if (element.isF32())
    return 7;
  if (element.isF64())
    return 9;
  if (element.isBF16())
    return 10;
  switch (desc.getElementBytes()) {
  case 1: // i8 and fp8: bytes
    return 0;
  case 2:
    return 1;
  case 4:
    return isUnsigned ? 2 : 3;
  default:
    return isUnsigned ? 4 : 5;
  }
}

/// tensormap.replace's code of a swizzle of `bytes` (none, 32, 64, 128).
int64_t getMapSwizzle(unsigned bytes) {
  switch (bytes) {
  case 32:
    return 1;
  case 64:
    return 2;
  case 128:
    return 3;
  default:
    return 0;
  }
}

struct MakeTensorMapLowering : public TilePattern<MakeTensorMapOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(MakeTensorMapOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<Value> map = getScratchPointer(rewriter, op);
    if (failed(map))
      return rewriter.notifyMatchFailure(op, "no scratch offset");
    TensorDescType desc = op.getType();
    Value slot = adaptor.getSlot().front();
    ThreadIds ids = emitThreadIds(rewriter, loc, state.threadsPerWarp);
    Value firstWarp =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, ids.warp,
                              createI32(rewriter, loc, 0));
    Value first = isFirstThread(rewriter, loc, ids);
    auto allLanes = [&] {
      NVVM::SyncWarpOp::create(rewriter, loc, createI32(rewriter, loc, -1));
    };

    // A zeroed map in shared memory, one word a lane of the first warp.
    predicated(rewriter, loc, firstWarp, Type(),
               [&](OpBuilder &b) {
                 Value word = arith::MulIOp::create(b, loc, ids.lane,
                                                    createI32(b, loc, 4));
                 storeShared(b, loc, createI32(b, loc, 0),
                             addBytes(b, loc, *map, word));
                 return Value();
               },
               {});
    allLanes();

    // Its fields, dimension 0 the innermost, as tensormap.replace takes
    // them: the address, rank - 1, the box (a block's rows by one swizzle
    // width), the sizes, the outer dimension's stride in bytes, unit
    // element strides, and the codes of the element type, swizzle and fill.
    SmallVector<int64_t, 2> box = getTMABox(desc);
    Value rowStride = arith::MulIOp::create(
        rewriter, loc, adaptor.getStrides().front().front(),
        arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(),
                                     desc.getElementBytes()));
    std::string ptx;
    llvm::raw_string_ostream os(ptx);
    auto field = [&](StringRef name, StringRef width, StringRef rest) {
      os << "tensormap.replace.tile." << name << ".shared::cta.b1024." << width
         << " [$0], " << rest << ";\n";
    };
    field("global_address", "b64", "$1");
    field("rank", "b32", "1");
    field("box_dim", "b32", "0, $2");
    field("box_dim", "b32", "1, $3");
    field("global_dim", "b32", "0, $4");
    field("global_dim", "b32", "1, $5");
    field("global_stride", "b64", "0, $6");
    field("element_stride", "b32", "0, $7");
    field("element_stride", "b32", "1, $7");
    field("elemtype", "b32", std::to_string(getMapElementType(desc)));
    field("interleave_layout", "b32", "0");
    field("swizzle_mode", "b32",
          std::to_string(getMapSwizzle(getNVMMASwizzle(desc.getRowBytes()))));
    field("fill_mode", "b32",
          op.getPadding() == PaddingOption::PAD_NAN ? "1" : "0");
    predicated(
        rewriter, loc, first, Type(),
        [&](OpBuilder &b) {
          emitInlinePtx(
              b, loc, Type(), ptx, "l,l,r,r,r,r,l,r",
              {*map, adaptor.getBase().front(), createI32(b, loc, box[1]),
               createI32(b, loc, box[0]), adaptor.getShape()[1].front(),
               adaptor.getShape()[0].front(), rowStride, createI32(b, loc, 1)},
              /*hasSideEffects=*/true);
          return Value();
        },
        {});
    allLanes();

    // Out to the slot, released to the tensor-map proxy (the whole warp);
    // the wait keeps the shared copy from being reused while it is read.
    predicated(rewriter, loc, firstWarp, Type(),
               [&](OpBuilder &b) {
                 emitInlinePtx(
                     b, loc, Type(),
                     "tensormap.cp_fenceproxy.global.shared::cta.tensormap::"
                     "generic.release.gpu.sync.aligned [$0], [$1], 128;\n"
                     "cp.async.bulk.commit_group;\n"
                     "cp.async.bulk.wait_group.read 0;",
                     "l,l", {slot, *map}, /*hasSideEffects=*/true);
                 return Value();
               },
               {});
    gpu::BarrierOp::create(rewriter, loc);
    Value generic = LLVM::AddrSpaceCastOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()), slot);
    NVVM::FenceProxyAcquireOp::create(
        rewriter, loc, NVVM::MemScopeKind::GPU, generic,
        createI32(rewriter, loc, kTensorMapBytes));
    rewriter.replaceOp(op, generic);
    return success();
  }
};

} // namespace

void mlir::tile::populateTensorMapPatterns(const TypeConverter &converter,
                                           RewritePatternSet &patterns,
                                           const LoweringState &state) {
  patterns.add<MakeTensorMapLowering>(converter, patterns.getContext(), state);
}
