//===- Tile.cpp - C API of the tile dialect -------------------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "tile-c/Dialect/Tile.h"

#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Tile, tile, mlir::tile::TileDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TileGPU, tilegpu,
                                      mlir::tilegpu::TileGPUDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TileNVGPU, tilenv,
                                      mlir::tilenvgpu::TileNVGPUDialect)

namespace {
/// A diagnostic emitter for getChecked: invalid parameters give a null
/// handle and an error at an unknown location.
auto emitterFor(MLIRContext *context) {
  return [context]() { return emitError(UnknownLoc::get(context)); };
}

template <typename T> T castOrNull(MlirType type) {
  return mlirTypeIsNull(type) ? T() : dyn_cast<T>(unwrap(type));
}
template <typename T> T castOrNull(MlirAttribute attr) {
  return mlirAttributeIsNull(attr) ? T() : dyn_cast<T>(unwrap(attr));
}

SmallVector<unsigned> toVector(intptr_t n, const unsigned *values) {
  if (n <= 0 || !values)
    return {};
  return SmallVector<unsigned>(values, values + n);
}

/// Attr::get(context, args...) if Attr::verify accepts the arguments; a null
/// attribute (and a diagnostic) otherwise.
template <typename Attr, typename... Args>
MlirAttribute checked(MLIRContext *context, Args &&...args) {
  if (failed(Attr::verify(emitterFor(context), args...)))
    return MlirAttribute{nullptr};
  return wrap(Attribute(Attr::get(context, std::forward<Args>(args)...)));
}

unsigned entry(ArrayRef<unsigned> values, intptr_t dim) {
  return dim >= 0 && dim < static_cast<intptr_t>(values.size()) ? values[dim]
                                                                : 0;
}
} // namespace

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

bool mlirTypeIsATilePointerType(MlirType type) {
  return static_cast<bool>(castOrNull<PointerType>(type));
}

MlirTypeID mlirTilePointerTypeGetTypeID(void) {
  return wrap(PointerType::getTypeID());
}

MlirType mlirTilePointerTypeGet(MlirType pointee, int addressSpace) {
  if (mlirTypeIsNull(pointee))
    return MlirType{nullptr};
  MLIRContext *context = unwrap(pointee).getContext();
  if (failed(PointerType::verify(emitterFor(context), unwrap(pointee),
                                 addressSpace)))
    return MlirType{nullptr};
  return wrap(PointerType::get(unwrap(pointee), addressSpace));
}

MlirType mlirTilePointerTypeGetPointeeType(MlirType type) {
  auto ptr = castOrNull<PointerType>(type);
  return ptr ? wrap(ptr.getPointeeType()) : MlirType{nullptr};
}

int mlirTilePointerTypeGetAddressSpace(MlirType type) {
  auto ptr = castOrNull<PointerType>(type);
  return ptr ? ptr.getAddressSpace() : -1;
}

bool mlirTypeIsATileBufferType(MlirType type) {
  return static_cast<bool>(castOrNull<BufferType>(type));
}

MlirTypeID mlirTileBufferTypeGetTypeID(void) {
  return wrap(BufferType::getTypeID());
}

MlirType mlirTileBufferTypeGet(intptr_t rank, const int64_t *shape,
                               MlirType elementType, MlirAttribute layout,
                               bool isMutable) {
  if (mlirTypeIsNull(elementType) || mlirAttributeIsNull(layout) || rank < 0 ||
      (rank > 0 && !shape))
    return MlirType{nullptr};
  MLIRContext *context = unwrap(elementType).getContext();
  ArrayRef<int64_t> dims(shape, rank);
  if (failed(BufferType::verify(emitterFor(context), dims, unwrap(elementType),
                                unwrap(layout), isMutable)))
    return MlirType{nullptr};
  return wrap(BufferType::get(context, dims, unwrap(elementType),
                              unwrap(layout), isMutable));
}

MlirAttribute mlirTileBufferTypeGetLayout(MlirType type) {
  auto buffer = castOrNull<BufferType>(type);
  return buffer ? wrap(buffer.getEncoding()) : MlirAttribute{nullptr};
}

bool mlirTileBufferTypeIsMutable(MlirType type) {
  auto buffer = castOrNull<BufferType>(type);
  return buffer && buffer.getMutableMemory();
}

bool mlirTypeIsATileAsyncTokenType(MlirType type) {
  return static_cast<bool>(castOrNull<AsyncTokenType>(type));
}

MlirType mlirTileAsyncTokenTypeGet(MlirContext context) {
  return wrap(AsyncTokenType::get(unwrap(context)));
}

//===----------------------------------------------------------------------===//
// Layouts
//===----------------------------------------------------------------------===//

bool mlirAttributeIsATileBlockedLayout(MlirAttribute attr) {
  return static_cast<bool>(castOrNull<BlockedLayoutAttr>(attr));
}

MlirAttribute mlirTileBlockedLayoutGet(MlirContext context, intptr_t rank,
                                       const unsigned *sizePerThread,
                                       const unsigned *threadsPerWarp,
                                       const unsigned *warpsPerCTA,
                                       const unsigned *order) {
  if (rank <= 0 || !sizePerThread || !threadsPerWarp || !warpsPerCTA || !order)
    return MlirAttribute{nullptr};
  MLIRContext *ctx = unwrap(context);
  return (checked<BlockedLayoutAttr>(
      ctx, toVector(rank, sizePerThread), toVector(rank, threadsPerWarp),
      toVector(rank, warpsPerCTA), toVector(rank, order)));
}

intptr_t mlirTileBlockedLayoutGetRank(MlirAttribute attr) {
  auto layout = castOrNull<BlockedLayoutAttr>(attr);
  return layout ? static_cast<intptr_t>(layout.getRank()) : -1;
}

unsigned mlirTileBlockedLayoutGetSizePerThread(MlirAttribute attr,
                                               intptr_t dim) {
  auto layout = castOrNull<BlockedLayoutAttr>(attr);
  return layout ? entry(layout.getSizePerThread(), dim) : 0;
}

unsigned mlirTileBlockedLayoutGetThreadsPerWarp(MlirAttribute attr,
                                                intptr_t dim) {
  auto layout = castOrNull<BlockedLayoutAttr>(attr);
  return layout ? entry(layout.getThreads(), dim) : 0;
}

unsigned mlirTileBlockedLayoutGetWarpsPerCTA(MlirAttribute attr, intptr_t dim) {
  auto layout = castOrNull<BlockedLayoutAttr>(attr);
  return layout ? entry(layout.getWarps(), dim) : 0;
}

unsigned mlirTileBlockedLayoutGetOrder(MlirAttribute attr, intptr_t dim) {
  auto layout = castOrNull<BlockedLayoutAttr>(attr);
  return layout ? entry(layout.getDimOrder(), dim) : 0;
}

bool mlirAttributeIsATileSliceLayout(MlirAttribute attr) {
  return static_cast<bool>(castOrNull<SliceLayoutAttr>(attr));
}

MlirAttribute mlirTileSliceLayoutGet(MlirContext context, unsigned dim,
                                     MlirAttribute parent) {
  auto distributed = castOrNull<DistributedLayoutAttr>(parent);
  MLIRContext *ctx = unwrap(context);
  if (!distributed) {
    emitError(UnknownLoc::get(ctx)) << "a slice needs a distributed parent";
    return MlirAttribute{nullptr};
  }
  return (checked<SliceLayoutAttr>(ctx, dim, distributed));
}

int mlirTileSliceLayoutGetDim(MlirAttribute attr) {
  auto layout = castOrNull<SliceLayoutAttr>(attr);
  return layout ? static_cast<int>(layout.getDim()) : -1;
}

MlirAttribute mlirTileSliceLayoutGetParent(MlirAttribute attr) {
  auto layout = castOrNull<SliceLayoutAttr>(attr);
  return layout ? wrap(Attribute(layout.getParent())) : MlirAttribute{nullptr};
}

bool mlirAttributeIsATileMmaLayout(MlirAttribute attr) {
  return static_cast<bool>(castOrNull<MmaLayoutAttr>(attr));
}

MlirAttribute mlirTileMmaLayoutGet(MlirContext context, unsigned versionMajor,
                                   unsigned versionMinor, intptr_t rank,
                                   const unsigned *warpsPerCTA,
                                   intptr_t instrRank,
                                   const unsigned *instrShape) {
  MLIRContext *ctx = unwrap(context);
  return (checked<MmaLayoutAttr>(ctx, versionMajor, versionMinor,
                                 toVector(rank, warpsPerCTA),
                                 toVector(instrRank, instrShape)));
}

unsigned mlirTileMmaLayoutGetVersionMajor(MlirAttribute attr) {
  auto layout = castOrNull<MmaLayoutAttr>(attr);
  return layout ? layout.getVersionMajor() : 0;
}

unsigned mlirTileMmaLayoutGetVersionMinor(MlirAttribute attr) {
  auto layout = castOrNull<MmaLayoutAttr>(attr);
  return layout ? layout.getVersionMinor() : 0;
}

intptr_t mlirTileMmaLayoutGetRank(MlirAttribute attr) {
  auto layout = castOrNull<MmaLayoutAttr>(attr);
  return layout ? static_cast<intptr_t>(layout.getWarps().size()) : -1;
}

unsigned mlirTileMmaLayoutGetWarpsPerCTA(MlirAttribute attr, intptr_t dim) {
  auto layout = castOrNull<MmaLayoutAttr>(attr);
  return layout ? entry(layout.getWarps(), dim) : 0;
}

intptr_t mlirTileMmaLayoutGetInstrRank(MlirAttribute attr) {
  auto layout = castOrNull<MmaLayoutAttr>(attr);
  return layout ? static_cast<intptr_t>(layout.getInstrShape().size()) : -1;
}

unsigned mlirTileMmaLayoutGetInstrShape(MlirAttribute attr, intptr_t dim) {
  auto layout = castOrNull<MmaLayoutAttr>(attr);
  return layout ? entry(layout.getInstrShape(), dim) : 0;
}

bool mlirAttributeIsATileDotOperandLayout(MlirAttribute attr) {
  return static_cast<bool>(castOrNull<DotOperandLayoutAttr>(attr));
}

MlirAttribute mlirTileDotOperandLayoutGet(MlirContext context, unsigned opIdx,
                                          MlirAttribute parent,
                                          unsigned kWidth) {
  auto distributed = castOrNull<DistributedLayoutAttr>(parent);
  MLIRContext *ctx = unwrap(context);
  if (!distributed) {
    emitError(UnknownLoc::get(ctx))
        << "a dot operand layout needs a distributed parent";
    return MlirAttribute{nullptr};
  }
  return (checked<DotOperandLayoutAttr>(ctx, opIdx, distributed, kWidth));
}

int mlirTileDotOperandLayoutGetOpIdx(MlirAttribute attr) {
  auto layout = castOrNull<DotOperandLayoutAttr>(attr);
  return layout ? static_cast<int>(layout.getOpIdx()) : -1;
}

int mlirTileDotOperandLayoutGetKWidth(MlirAttribute attr) {
  auto layout = castOrNull<DotOperandLayoutAttr>(attr);
  return layout ? static_cast<int>(layout.getKWidth()) : -1;
}

MlirAttribute mlirTileDotOperandLayoutGetParent(MlirAttribute attr) {
  auto layout = castOrNull<DotOperandLayoutAttr>(attr);
  return layout ? wrap(Attribute(layout.getParent())) : MlirAttribute{nullptr};
}

bool mlirAttributeIsATileSharedLayout(MlirAttribute attr) {
  return static_cast<bool>(castOrNull<SwizzledSharedLayoutAttr>(attr));
}

MlirAttribute mlirTileSharedLayoutGet(MlirContext context, unsigned vec,
                                      unsigned perPhase, unsigned maxPhase,
                                      intptr_t rank, const unsigned *order) {
  MLIRContext *ctx = unwrap(context);
  return (checked<SwizzledSharedLayoutAttr>(ctx, vec, perPhase, maxPhase,
                                            toVector(rank, order)));
}

unsigned mlirTileSharedLayoutGetVec(MlirAttribute attr) {
  auto layout = castOrNull<SwizzledSharedLayoutAttr>(attr);
  return layout ? layout.getVec() : 0;
}

unsigned mlirTileSharedLayoutGetPerPhase(MlirAttribute attr) {
  auto layout = castOrNull<SwizzledSharedLayoutAttr>(attr);
  return layout ? layout.getPerPhase() : 0;
}

unsigned mlirTileSharedLayoutGetMaxPhase(MlirAttribute attr) {
  auto layout = castOrNull<SwizzledSharedLayoutAttr>(attr);
  return layout ? layout.getMaxPhase() : 0;
}

intptr_t mlirTileSharedLayoutGetRank(MlirAttribute attr) {
  auto layout = castOrNull<SwizzledSharedLayoutAttr>(attr);
  return layout ? static_cast<intptr_t>(layout.getOrder().size()) : -1;
}

unsigned mlirTileSharedLayoutGetOrder(MlirAttribute attr, intptr_t dim) {
  auto layout = castOrNull<SwizzledSharedLayoutAttr>(attr);
  return layout ? entry(layout.getOrder(), dim) : 0;
}

bool mlirAttributeIsATileNVMMASharedLayout(MlirAttribute attr) {
  return static_cast<bool>(castOrNull<NVMMASharedLayoutAttr>(attr));
}

MlirAttribute mlirTileNVMMASharedLayoutGet(MlirContext context,
                                           unsigned swizzlingByteWidth,
                                           bool transposed,
                                           unsigned elementBitWidth) {
  MLIRContext *ctx = unwrap(context);
  return (checked<NVMMASharedLayoutAttr>(ctx, swizzlingByteWidth, transposed,
                                         elementBitWidth));
}

unsigned mlirTileNVMMASharedLayoutGetSwizzlingByteWidth(MlirAttribute attr) {
  auto layout = castOrNull<NVMMASharedLayoutAttr>(attr);
  return layout ? layout.getSwizzlingByteWidth() : 0;
}

bool mlirTileNVMMASharedLayoutIsTransposed(MlirAttribute attr) {
  auto layout = castOrNull<NVMMASharedLayoutAttr>(attr);
  return layout && layout.getTransposed();
}

unsigned mlirTileNVMMASharedLayoutGetElementBitWidth(MlirAttribute attr) {
  auto layout = castOrNull<NVMMASharedLayoutAttr>(attr);
  return layout ? layout.getElementBitWidth() : 0;
}
