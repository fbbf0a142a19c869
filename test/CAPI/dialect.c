// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- dialect.c - the tile dialect's C API --------------------------------===
 *
 * Every type and layout constructor, accessor and IsA function: valid
 * parameters round-trip through the printer, invalid ones give a null handle
 * and a diagnostic, and accessors given null or the wrong kind of handle give
 * the documented defaults.
 *
 *===----------------------------------------------------------------------===*/

// RUN: tile-capi-dialect-test 2>&1 | FileCheck %s

// Registration through the dialect handle (main, below).
// CHECK: namespace: tile
// CHECK-NEXT: loaded: 1
// CHECK-NEXT: namespace: tilegpu

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "tile-c/Dialect/Tile.h"

#include <stdio.h>

static void printPiece(MlirStringRef piece, void *userData) {
  fprintf(stderr, "%.*s", (int)piece.length, piece.data);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  fprintf(stderr, "diagnostic: ");
  mlirDiagnosticPrint(diagnostic, printPiece, NULL);
  fprintf(stderr, "\n");
  return mlirLogicalResultSuccess();
}

static void printType(const char *what, MlirType type) {
  fprintf(stderr, "%s: ", what);
  if (mlirTypeIsNull(type))
    fprintf(stderr, "null");
  else
    mlirTypePrint(type, printPiece, NULL);
  fprintf(stderr, "\n");
}

static void printAttr(const char *what, MlirAttribute attr) {
  fprintf(stderr, "%s: ", what);
  if (mlirAttributeIsNull(attr))
    fprintf(stderr, "null");
  else
    mlirAttributePrint(attr, printPiece, NULL);
  fprintf(stderr, "\n");
}

static MlirType parseType(MlirContext ctx, const char *text) {
  return mlirTypeParseGet(ctx, mlirStringRefCreateFromCString(text));
}

static void testPointer(MlirContext ctx) {
  // CHECK-LABEL: --- pointer
  fprintf(stderr, "--- pointer\n");
  MlirType f16 = mlirF16TypeGet(ctx);
  MlirType ptr = mlirTilePointerTypeGet(f16, 1);
  // CHECK: global: !tile.ptr<f16>
  printType("global", ptr);
  // CHECK: shared: !tile.ptr<f16, 3>
  printType("shared", mlirTilePointerTypeGet(f16, 3));
  // CHECK: isa 1 1 0 0
  fprintf(stderr, "isa %d %d %d %d\n", mlirTypeIsATilePointerType(ptr),
          mlirTypeEqual(ptr, parseType(ctx, "!tile.ptr<f16, 1>")),
          mlirTypeIsATilePointerType(f16),
          mlirTypeIsATilePointerType((MlirType){NULL}));
  // CHECK: pointee f16 space 1
  fprintf(stderr, "pointee ");
  mlirTypePrint(mlirTilePointerTypeGetPointeeType(ptr), printPiece, NULL);
  fprintf(stderr, " space %d\n", mlirTilePointerTypeGetAddressSpace(ptr));
  // CHECK: typeid 1
  fprintf(stderr, "typeid %d\n",
          mlirTypeIDEqual(mlirTypeGetTypeID(ptr), mlirTilePointerTypeGetTypeID()));
  // CHECK: wrong kind: 1 -1
  fprintf(stderr, "wrong kind: %d %d\n",
          mlirTypeIsNull(mlirTilePointerTypeGetPointeeType(f16)),
          mlirTilePointerTypeGetAddressSpace((MlirType){NULL}));

  // CHECK: pointer to pointer: !tile.ptr<!tile.ptr<f16>>
  printType("pointer to pointer",
            mlirTilePointerTypeGet(mlirTilePointerTypeGet(f16, 1), 1));
  // CHECK: diagnostic: address space must be non-negative, got -1
  // CHECK-NEXT: bad space: null
  printType("bad space", mlirTilePointerTypeGet(f16, -1));
  // CHECK: diagnostic: pointee type must be an integer, a float, a pointer or a tensor of integers or floats, got 'index'
  // CHECK-NEXT: bad pointee: null
  printType("bad pointee", mlirTilePointerTypeGet(mlirIndexTypeGet(ctx), 1));
  // CHECK: null pointee: null
  printType("null pointee", mlirTilePointerTypeGet((MlirType){NULL}, 1));
}

static void testLayouts(MlirContext ctx) {
  // CHECK-LABEL: --- blocked
  fprintf(stderr, "--- blocked\n");
  unsigned spt[] = {1, 4}, tpw[] = {4, 8}, wpc[] = {4, 1}, order[] = {1, 0};
  MlirAttribute blocked = mlirTileBlockedLayoutGet(ctx, 2, spt, tpw, wpc, order);
  // CHECK: blocked: #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
  printAttr("blocked", blocked);
  // CHECK: rank 2 spt 1 4 tpw 4 8 wpc 4 1 order 1 0 out-of-range 0
  fprintf(stderr, "rank %d spt %u %u tpw %u %u wpc %u %u order %u %u out-of-range %u\n",
          (int)mlirTileBlockedLayoutGetRank(blocked),
          mlirTileBlockedLayoutGetSizePerThread(blocked, 0),
          mlirTileBlockedLayoutGetSizePerThread(blocked, 1),
          mlirTileBlockedLayoutGetThreadsPerWarp(blocked, 0),
          mlirTileBlockedLayoutGetThreadsPerWarp(blocked, 1),
          mlirTileBlockedLayoutGetWarpsPerCTA(blocked, 0),
          mlirTileBlockedLayoutGetWarpsPerCTA(blocked, 1),
          mlirTileBlockedLayoutGetOrder(blocked, 0),
          mlirTileBlockedLayoutGetOrder(blocked, 1),
          mlirTileBlockedLayoutGetOrder(blocked, 2));
  MlirAttribute unit = mlirUnitAttrGet(ctx);
  // CHECK: isa 1 0 0 rank -1 0
  fprintf(stderr, "isa %d %d %d rank %d %u\n",
          mlirAttributeIsATileBlockedLayout(blocked),
          mlirAttributeIsATileBlockedLayout(unit),
          mlirAttributeIsATileBlockedLayout(mlirAttributeGetNull()),
          (int)mlirTileBlockedLayoutGetRank(unit),
          mlirTileBlockedLayoutGetSizePerThread(mlirAttributeGetNull(), 0));
  unsigned badOrder[] = {0, 0}, badSpt[] = {1, 3};
  // CHECK: diagnostic: order [0, 0] is not a permutation of 0..1
  // CHECK-NEXT: bad order: null
  printAttr("bad order", mlirTileBlockedLayoutGet(ctx, 2, spt, tpw, wpc, badOrder));
  // CHECK: diagnostic: sizePerThread {{.*}}powers of two
  // CHECK-NEXT: bad size: null
  printAttr("bad size", mlirTileBlockedLayoutGet(ctx, 2, badSpt, tpw, wpc, order));
  // CHECK-NOT: diagnostic
  // CHECK: rank 0: null
  printAttr("rank 0", mlirTileBlockedLayoutGet(ctx, 0, spt, tpw, wpc, order));

  // CHECK-LABEL: --- slice
  fprintf(stderr, "--- slice\n");
  MlirAttribute slice = mlirTileSliceLayoutGet(ctx, 1, blocked);
  // CHECK: slice: #tilegpu.slice<{dim = 1, parent = #tilegpu.blocked<{{.*}}>}>
  printAttr("slice", slice);
  // CHECK: isa 1 0 dim 1 parent 1 wrong -1 1
  fprintf(stderr, "isa %d %d dim %d parent %d wrong %d %d\n",
          mlirAttributeIsATileSliceLayout(slice),
          mlirAttributeIsATileSliceLayout(blocked),
          mlirTileSliceLayoutGetDim(slice),
          mlirAttributeEqual(mlirTileSliceLayoutGetParent(slice), blocked),
          mlirTileSliceLayoutGetDim(blocked),
          mlirAttributeIsNull(mlirTileSliceLayoutGetParent(blocked)));
  // CHECK: diagnostic: slice dimension 2 is out of range for a parent layout of rank 2
  // CHECK-NEXT: bad dim: null
  printAttr("bad dim", mlirTileSliceLayoutGet(ctx, 2, blocked));
  // CHECK: diagnostic: a slice needs a distributed parent
  // CHECK-NEXT: bad parent: null
  printAttr("bad parent", mlirTileSliceLayoutGet(ctx, 0, unit));
  // CHECK: null parent: null
  printAttr("null parent", mlirTileSliceLayoutGet(ctx, 0, mlirAttributeGetNull()));

  // CHECK-LABEL: --- mma
  fprintf(stderr, "--- mma\n");
  unsigned warps[] = {4, 1}, instr[] = {16, 64, 16};
  MlirAttribute mma = mlirTileMmaLayoutGet(ctx, 3, 0, 2, warps, 3, instr);
  // CHECK: mma: #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
  printAttr("mma", mma);
  // CHECK: isa 1 0 v3.0 rank 2 warps 4 1 instr 3: 16 64 16 wrong 0 -1 -1
  fprintf(stderr, "isa %d %d v%u.%u rank %d warps %u %u instr %d: %u %u %u wrong %u %d %d\n",
          mlirAttributeIsATileMmaLayout(mma), mlirAttributeIsATileMmaLayout(blocked),
          mlirTileMmaLayoutGetVersionMajor(mma), mlirTileMmaLayoutGetVersionMinor(mma),
          (int)mlirTileMmaLayoutGetRank(mma), mlirTileMmaLayoutGetWarpsPerCTA(mma, 0),
          mlirTileMmaLayoutGetWarpsPerCTA(mma, 1),
          (int)mlirTileMmaLayoutGetInstrRank(mma),
          mlirTileMmaLayoutGetInstrShape(mma, 0), mlirTileMmaLayoutGetInstrShape(mma, 1),
          mlirTileMmaLayoutGetInstrShape(mma, 2),
          mlirTileMmaLayoutGetVersionMajor(blocked),
          (int)mlirTileMmaLayoutGetRank(blocked),
          (int)mlirTileMmaLayoutGetInstrRank(unit));
  // CHECK: diagnostic: mma versionMajor must be 2 (mma.sync) or 3 (wgmma), got 5
  // CHECK-NEXT: bad version: null
  printAttr("bad version", mlirTileMmaLayoutGet(ctx, 5, 0, 2, warps, 3, instr));

  // CHECK-LABEL: --- dot_op
  fprintf(stderr, "--- dot_op\n");
  MlirAttribute dotA = mlirTileDotOperandLayoutGet(ctx, 0, mma, 2);
  // CHECK: dot A: #tilegpu.dot_op<{opIdx = 0, parent = #tilegpu.mma<{{.*}}>, kWidth = 2}>
  printAttr("dot A", dotA);
  // CHECK: isa 1 0 opIdx 0 kWidth 2 parent 1 wrong -1 -1 1
  fprintf(stderr, "isa %d %d opIdx %d kWidth %d parent %d wrong %d %d %d\n",
          mlirAttributeIsATileDotOperandLayout(dotA),
          mlirAttributeIsATileDotOperandLayout(mma),
          mlirTileDotOperandLayoutGetOpIdx(dotA), mlirTileDotOperandLayoutGetKWidth(dotA),
          mlirAttributeEqual(mlirTileDotOperandLayoutGetParent(dotA), mma),
          mlirTileDotOperandLayoutGetOpIdx(mma), mlirTileDotOperandLayoutGetKWidth(unit),
          mlirAttributeIsNull(mlirTileDotOperandLayoutGetParent(mma)));
  // CHECK: diagnostic: dot operand index must be 0 (A) or 1 (B), got 2
  // CHECK-NEXT: bad opIdx: null
  printAttr("bad opIdx", mlirTileDotOperandLayoutGet(ctx, 2, mma, 2));

  // CHECK-LABEL: --- shared
  fprintf(stderr, "--- shared\n");
  MlirAttribute shared = mlirTileSharedLayoutGet(ctx, 8, 1, 8, 2, order);
  // CHECK: shared: #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
  printAttr("shared", shared);
  // CHECK: isa 1 0 vec 8 perPhase 1 maxPhase 8 rank 2 order 1 0 wrong 0 -1
  fprintf(stderr, "isa %d %d vec %u perPhase %u maxPhase %u rank %d order %u %u wrong %u %d\n",
          mlirAttributeIsATileSharedLayout(shared),
          mlirAttributeIsATileSharedLayout(blocked), mlirTileSharedLayoutGetVec(shared),
          mlirTileSharedLayoutGetPerPhase(shared), mlirTileSharedLayoutGetMaxPhase(shared),
          (int)mlirTileSharedLayoutGetRank(shared), mlirTileSharedLayoutGetOrder(shared, 0),
          mlirTileSharedLayoutGetOrder(shared, 1), mlirTileSharedLayoutGetVec(blocked),
          (int)mlirTileSharedLayoutGetRank(mlirAttributeGetNull()));
  // CHECK: diagnostic: vec, perPhase, maxPhase [3, 1, 8] must hold positive powers of two
  // CHECK-NEXT: bad vec: null
  printAttr("bad vec", mlirTileSharedLayoutGet(ctx, 3, 1, 8, 2, order));

  MlirAttribute nvmma = mlirTileNVMMASharedLayoutGet(ctx, 128, false, 16);
  // CHECK: nvmma: #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
  printAttr("nvmma", nvmma);
  // CHECK: isa 1 0 swizzle 128 transposed 0 bits 16 wrong 0 0
  fprintf(stderr, "isa %d %d swizzle %u transposed %d bits %u wrong %u %u\n",
          mlirAttributeIsATileNVMMASharedLayout(nvmma),
          mlirAttributeIsATileNVMMASharedLayout(shared),
          mlirTileNVMMASharedLayoutGetSwizzlingByteWidth(nvmma),
          mlirTileNVMMASharedLayoutIsTransposed(nvmma),
          mlirTileNVMMASharedLayoutGetElementBitWidth(nvmma),
          mlirTileNVMMASharedLayoutGetSwizzlingByteWidth(shared),
          mlirTileNVMMASharedLayoutGetElementBitWidth(mlirAttributeGetNull()));
  // CHECK: diagnostic: swizzlingByteWidth must be 0, 32, 64 or 128, got 48
  // CHECK-NEXT: bad swizzle: null
  printAttr("bad swizzle", mlirTileNVMMASharedLayoutGet(ctx, 48, false, 16));

  // CHECK-LABEL: --- buffer
  fprintf(stderr, "--- buffer\n");
  int64_t shape[] = {64, 32};
  MlirType f16 = mlirF16TypeGet(ctx);
  MlirType buffer = mlirTileBufferTypeGet(2, shape, f16, shared, true);
  // CHECK: buffer: !tilegpu.buffer<64x32xf16, #tilegpu.shared<{{.*}}>, mutable>
  printType("buffer", buffer);
  // CHECK: isa 1 shaped 1 rank 2 dims 64 32 layout 1 mutable 1 immutable 0 wrong 1 0
  fprintf(stderr, "isa %d shaped %d rank %d dims %d %d layout %d mutable %d immutable %d wrong %d %d\n",
          mlirTypeIsATileBufferType(buffer), mlirTypeIsAShaped(buffer),
          (int)mlirShapedTypeGetRank(buffer), (int)mlirShapedTypeGetDimSize(buffer, 0),
          (int)mlirShapedTypeGetDimSize(buffer, 1),
          mlirAttributeEqual(mlirTileBufferTypeGetLayout(buffer), shared),
          mlirTileBufferTypeIsMutable(buffer),
          mlirTileBufferTypeIsMutable(mlirTileBufferTypeGet(2, shape, f16, shared, false)),
          mlirAttributeIsNull(mlirTileBufferTypeGetLayout(f16)),
          mlirTileBufferTypeIsMutable((MlirType){NULL}));
  // CHECK: typeid 1
  fprintf(stderr, "typeid %d\n",
          mlirTypeIDEqual(mlirTypeGetTypeID(buffer), mlirTileBufferTypeGetTypeID()));
  // CHECK: diagnostic: a buffer's layout must be a shared layout (#tilegpu.shared or #tilegpu.nvmma_shared), got #tilegpu.blocked
  // CHECK-NEXT: distributed layout: null
  printType("distributed layout", mlirTileBufferTypeGet(2, shape, f16, blocked, true));
  // CHECK: null layout: null
  printType("null layout", mlirTileBufferTypeGet(2, shape, f16, mlirAttributeGetNull(), true));
  // CHECK: null shape: null
  printType("null shape", mlirTileBufferTypeGet(2, NULL, f16, shared, true));

  // CHECK-LABEL: --- token
  fprintf(stderr, "--- token\n");
  MlirType token = mlirTileAsyncTokenTypeGet(ctx);
  // CHECK: token: !tilegpu.async.token
  printType("token", token);
  // CHECK: isa 1 0
  fprintf(stderr, "isa %d %d\n", mlirTypeIsATileAsyncTokenType(token),
          mlirTypeIsATileAsyncTokenType(buffer));

  // A tensor with a tile layout, as the distributed level writes them.
  int64_t tshape[] = {16, 32};
  // CHECK: tensor: tensor<16x32xf16, #tilegpu.blocked<{{.*}}>>
  printType("tensor", mlirRankedTensorTypeGet(2, tshape, f16, blocked));
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectHandle tile = mlirGetDialectHandle__tile__();
  MlirStringRef ns = mlirDialectHandleGetNamespace(tile);
  fprintf(stderr, "namespace: %.*s\n", (int)ns.length, ns.data);
  mlirDialectHandleRegisterDialect(tile, ctx);
  MlirDialect dialect = mlirDialectHandleLoadDialect(tile, ctx);
  fprintf(stderr, "loaded: %d\n", !mlirDialectIsNull(dialect));
  // Layouts and buffers belong to the dialect of the distributed level.
  MlirDialectHandle tilegpu = mlirGetDialectHandle__tilegpu__();
  ns = mlirDialectHandleGetNamespace(tilegpu);
  fprintf(stderr, "namespace: %.*s\n", (int)ns.length, ns.data);
  mlirDialectHandleLoadDialect(tilegpu, ctx);
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  testPointer(ctx);
  testLayouts(ctx);
  mlirContextDestroy(ctx);
  // CHECK: done
  fprintf(stderr, "done\n");
  return 0;
}
