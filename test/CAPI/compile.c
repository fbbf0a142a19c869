// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- compile.c - compiling tile IR from C --------------------------------===
 *
 * mlirTileCompile to LLVM IR, PTX and a cubin, its failure paths (invalid
 * IR, invalid options, a missing toolkit, a null module), the launch
 * information of the compiled kernels, and tile's passes
 * driven from a C pass manager: created by the generated constructors and
 * parsed from a pipeline string.
 *
 *===----------------------------------------------------------------------===*/

// REQUIRES: ptxas
// RUN: rm -rf %t.cache
// RUN: env TILE_CAPI_TEST_CACHE=%t.cache \
// RUN: tile-capi-compile-test %tile_src_root/examples/vector_add.mlir \
// RUN:   %tile_src_root/examples/softmax.mlir \
// RUN:   %tile_src_root/examples/matmul_tma.mlir \
// RUN:   %tile_src_root/test/Triton/Inputs/softmax.ttir \
// RUN:   %tile_src_root/test/Triton/Inputs/fla_chunk_gla_bwd_inter.ttir \
// RUN:   2>&1 | FileCheck %s

#define _POSIX_C_SOURCE 200809L

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "tile-c/Compile.h"
#include "tile-c/Passes.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char *data;
  size_t size;
} Buffer;

static void append(MlirStringRef piece, void *userData) {
  Buffer *buffer = userData;
  buffer->data = realloc(buffer->data, buffer->size + piece.length + 1);
  memcpy(buffer->data + buffer->size, piece.data, piece.length);
  buffer->size += piece.length;
  buffer->data[buffer->size] = 0;
}

static void printPiece(MlirStringRef piece, void *userData) {
  fprintf(stderr, "%.*s", (int)piece.length, piece.data);
}

static void printDiagnostic(MlirStringRef message, void *userData) {
  fprintf(stderr, "diagnostic: %.*s\n", (int)message.length, message.data);
}

static char *readFile(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = malloc(size + 1);
  text[fread(text, 1, size, file)] = 0;
  fclose(file);
  return text;
}

static MlirModule parse(MlirContext ctx, const char *text) {
  return mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(text));
}

/* Compiles `text` with `options` into `out`; prints the status and returns
   the module, compiled in place. */
static MlirModule compileModule(MlirContext ctx, const char *text,
                                MlirTileCompileOptions *options,
                                const char *what, Buffer *out,
                                MlirLogicalResult *result) {
  MlirModule module = parse(ctx, text);
  *result = mlirTileCompile(module, options, append, out);
  fprintf(stderr, "%s: %s\n", what,
          mlirLogicalResultIsSuccess(*result) ? "ok" : "failed");
  return module;
}

/* Compiles `text` with `options`; prints the status and the shared memory
   the module then asks for. */
static Buffer compile(MlirContext ctx, const char *text,
                      MlirTileCompileOptions *options, const char *what) {
  Buffer out = {NULL, 0};
  MlirLogicalResult result;
  MlirModule module = compileModule(ctx, text, options, what, &out, &result);
  if (mlirLogicalResultIsSuccess(result)) {
    MlirAttribute shared = mlirOperationGetAttributeByName(
        mlirModuleGetOperation(module),
        mlirStringRefCreateFromCString("tilegpu.shared_memory"));
    fprintf(stderr, "shared memory: %lld\n",
            mlirAttributeIsNull(shared)
                ? -1LL
                : (long long)mlirIntegerAttrGetValueInt(shared));
  }
  mlirModuleDestroy(module);
  return out;
}

/* Runs `pm` (when `ready`) on `module`, prints "what: ok|failed" and the
   module, and destroys `pm`. */
static void runAndPrint(const char *what, MlirPassManager pm, MlirModule module,
                        bool ready) {
  MlirOperation op = mlirModuleGetOperation(module);
  fprintf(stderr, "%s: %s\n", what,
          ready && mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, op))
              ? "ok" : "failed");
  mlirOperationPrint(op, printPiece, NULL);
  fprintf(stderr, "\n");
  mlirPassManagerDestroy(pm);
}

static void printKernel(const MlirTileKernelInfo *info, void *userData) {
  fprintf(stderr,
          "kernel %.*s: %d threads, %lld bytes of shared memory, clusters "
          "of %d\n",
          (int)info->name.length, info->name.data, info->threads,
          (long long)info->sharedBytes, info->clusterSize);
  for (size_t i = 0; i < info->numTensorMaps; ++i) {
    const MlirTileTensorMapInfo *m = &info->tensorMaps[i];
    fprintf(stderr,
            "tensor map of argument %u: %u-byte elements, %ux%u box, "
            "%u-byte swizzle\n",
            m->argIndex, m->elementBytes, m->boxRows, m->boxCols, m->swizzle);
  }
  if (info->globalScratchBytes)
    fprintf(stderr, "global scratch: %lld bytes a block\n",
            (long long)info->globalScratchBytes);
  for (size_t i = 0; i < info->numParams; ++i)
    fprintf(stderr, "parameter %zu: %.*s: %.*s\n", i,
            (int)info->params[i].name.length, info->params[i].name.data,
            (int)info->params[i].type.length, info->params[i].type.data);
}

/* mlirTileGetKernelInfo on a hand-written lowered module: one kernel of
   one parameter with `tensorMaps` as its tilenv.tensormap_args. */
static void kernelInfoOfLowered(MlirContext ctx, const char *tensorMaps,
                                const char *what) {
  char text[512];
  snprintf(text, sizeof(text),
           "module {\n"
           "  gpu.module @kernels {\n"
           "    llvm.func @k(%%arg0: !llvm.ptr) attributes {gpu.kernel, "
           "tilenv.tensormap_args = %s} {\n"
           "      llvm.return\n"
           "    }\n"
           "  }\n"
           "}\n",
           tensorMaps);
  MlirModule module = parse(ctx, text);
  fprintf(stderr, "%s: %s\n", what,
          mlirLogicalResultIsSuccess(
              mlirTileGetKernelInfo(module, printKernel, NULL))
              ? "ok" : "failed");
  mlirModuleDestroy(module);
}

/* The first and second of two Buffers. */
static void appendFirst(MlirStringRef piece, void *userData) {
  append(piece, &((Buffer *)userData)[0]);
}
static void appendSecond(MlirStringRef piece, void *userData) {
  append(piece, &((Buffer *)userData)[1]);
}

typedef struct {
  const char *name;
  long count;
} OpCount;

static MlirWalkResult countOp(MlirOperation op, void *userData) {
  OpCount *ops = userData;
  if (mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)),
                         mlirStringRefCreateFromCString(ops->name)))
    ++ops->count;
  return MlirWalkResultAdvance;
}

/* Compiles `text` with `options` and prints how many nvvm.mma.sync ops the
   module lowered in place has. */
static void countMmaSync(MlirContext ctx, const char *text,
                         MlirTileCompileOptions *options, const char *what) {
  Buffer out = {NULL, 0};
  MlirLogicalResult result;
  MlirModule module = compileModule(ctx, text, options, what, &out, &result);
  OpCount mma = {"nvvm.mma.sync", 0};
  mlirOperationWalk(mlirModuleGetOperation(module), countOp, &mma,
                    MlirWalkPreOrder);
  fprintf(stderr, "nvvm.mma.sync ops: %ld\n", mma.count);
  mlirModuleDestroy(module);
  free(out.data);
}

static MlirWalkResult breakAxis(MlirOperation op, void *userData) {
  MlirIdentifier name = mlirOperationGetName(op);
  if (mlirStringRefEqual(mlirIdentifierStr(name),
                         mlirStringRefCreateFromCString("tile.get_program_id")))
    mlirOperationSetAttributeByName(
        op, mlirStringRefCreateFromCString("axis"),
        mlirIntegerAttrGet(mlirIntegerTypeGet(*(MlirContext *)userData, 32), 5));
  return MlirWalkResultAdvance;
}

int main(int argc, char **argv) {
  if (argc != 6)
    return 2;
  char *vectorAdd = readFile(argv[1]), *softmax = readFile(argv[2]),
       *matmulTMA = readFile(argv[3]), *softmaxTTIR = readFile(argv[4]),
       *shortLoopTTIR = readFile(argv[5]);
  if (!vectorAdd || !softmax || !matmulTMA || !softmaxTTIR || !shortLoopTTIR)
    return 2;

  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirTileRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirTileRegisterAllPasses();

  MlirTileCompileOptions options;
  mlirTileCompileOptionsInit(&options);
  // CHECK: defaults: sm 90 arch-specific 0 warps 4 ptx 83 O3 emit 1 fp-fusion 1
  // CHECK-SAME: keep-layouts 0 stages 3 min-blocks 0 warp-specialize 0 cluster 1
  // CHECK-SAME: ttir 0 specialize none tune-registers 1 cache 1
  // CHECK-SAME: split-short-loops 1 share-operand-buffers 1
  fprintf(stderr,
          "defaults: sm %d arch-specific %d warps %d ptx %d O%d emit %d "
          "fp-fusion %d "
          "keep-layouts %d stages %d min-blocks %d warp-specialize %d "
          "cluster %d ttir %d specialize %s tune-registers %d cache %d "
          "split-short-loops %d share-operand-buffers %d\n",
          options.sm, options.archSpecific, options.numWarps,
          options.ptxVersion, options.optLevel, options.emit, options.fpFusion,
          options.keepLayouts, options.numStages, options.minBlocksPerSM,
          options.warpSpecialize, options.clusterSize, options.ttir,
          options.specialize ? options.specialize : "none",
          options.tuneRegisters, options.cache, options.splitShortLoops,
          options.shareOperandBuffers);
  options.diagnosticCallback = printDiagnostic;

  // CHECK-LABEL: ptx: ok
  // CHECK-NEXT: shared memory: 0
  // CHECK: .version 8.3
  // CHECK: .target sm_90
  // CHECK: .entry vector_add(
  // CHECK: ld.global.v4.b32
  // CHECK: st.global.v4.b32
  Buffer ptx = compile(ctx, vectorAdd, &options, "ptx");
  fprintf(stderr, "%s", ptx.data);

  // CHECK-LABEL: softmax ptx: ok
  // CHECK-NEXT: shared memory: {{[1-9][0-9]*}}
  // CHECK: .entry softmax(
  // CHECK: .maxntid 256, 1, 1
  options.numWarps = 8;
  Buffer ptx8 = compile(ctx, softmax, &options, "softmax ptx");
  fprintf(stderr, "%s", ptx8.data);

  // As a Triton program, the same softmax divides and exponentiates with
  // Triton's approximate instructions.
  // CHECK-LABEL: softmax ttir ptx: ok
  // CHECK: ex2.approx.f32
  // CHECK: div.full.f32
  options.ttir = true;
  Buffer ptxTTIR = compile(ctx, softmax, &options, "softmax ttir ptx");
  fprintf(stderr, "%s", ptxTTIR.data);
  // Triton's own TTIR of its softmax tutorial, as Triton printed it.
  // CHECK-LABEL: triton softmax ptx: ok
  // CHECK: .entry softmax_kernel(
  // CHECK: ex2.approx.f32
  Buffer ptxTriton =
      compile(ctx, softmaxTTIR, &options, "triton softmax ptx");
  fprintf(stderr, "%s", ptxTriton.data);
  options.ttir = false;
  options.numWarps = 4;

  // Specialized for an unaligned y (by the argument's name): its loads are
  // scalar, x's still vectors of 4 (two a thread); a name the kernel lacks
  // is an error.
  // CHECK-LABEL: specialized ptx: ok
  // CHECK-COUNT-2: ld.global.v4.b32
  // CHECK-NOT: ld.global.v4.b32
  // CHECK: ld.global.b32
  // CHECK: diagnostic: {{.*}}error: tile-specialize: no kernel has an argument or parameter named 'z' (kernels: @vector_add(x, y, out, n))
  // CHECK-NEXT: misnamed: failed
  options.specialize = "y%1, n=4096";
  Buffer ptxSpecialized = compile(ctx, vectorAdd, &options, "specialized ptx");
  fprintf(stderr, "%s", ptxSpecialized.data);
  options.specialize = "z=1";
  compile(ctx, vectorAdd, &options, "misnamed");
  options.specialize = NULL;

  // CHECK-LABEL: llvm ir: ok
  // CHECK: define ptx_kernel void @vector_add(
  // CHECK: asm sideeffect "@$5 ld.global.v4.b32
  options.emit = MlirTileEmitLLVMIR;
  Buffer ir = compile(ctx, vectorAdd, &options, "llvm ir");
  fprintf(stderr, "%s", ir.data);

  // CHECK-LABEL: cubin: ok
  // CHECK: cubin: ELF 1
  options.emit = MlirTileEmitCubin;
  Buffer cubin = compile(ctx, vectorAdd, &options, "cubin");
  fprintf(stderr, "cubin: ELF %d\n",
          cubin.size > 4 && memcmp(cubin.data, "\177ELF", 4) == 0);

  // A kernel whose two-iteration loop, split, spills four times what it
  // spills whole (test/Triton/fla-short-loops.mlir): compiled to a cubin,
  // the module the caller gets back is the whole loop's lowering, one
  // loop body of 64 mma.sync; without tuneRegisters, the two bodies of the
  // split loop.
  // CHECK-LABEL: short loop: ok
  // CHECK-NEXT: nvvm.mma.sync ops: 64
  // CHECK-LABEL: short loop, not tuned: ok
  // CHECK-NEXT: nvvm.mma.sync ops: 128
  options.ttir = true;
  options.numWarps = 2;
  options.numStages = 2;
  options.archSpecific = true;
  options.cache = false;
  countMmaSync(ctx, shortLoopTTIR, &options, "short loop");
  options.tuneRegisters = false;
  countMmaSync(ctx, shortLoopTTIR, &options, "short loop, not tuned");
  options.tuneRegisters = true;
  options.cache = true;
  options.archSpecific = false;
  options.numStages = 3;
  options.numWarps = 4;
  options.ttir = false;

  // CHECK: diagnostic: loc("-":4:1): error: no CUDA toolkit at '/nonexistent/cuda' (no bin/ptxas there)
  // CHECK-NEXT: no toolkit: failed
  options.cudaPath = "/nonexistent/cuda";
  Buffer none = compile(ctx, vectorAdd, &options, "no toolkit");
  options.cudaPath = NULL;
  options.emit = MlirTileEmitPTX;

  // CHECK: diagnostic: loc("-":4:1): error: invalid compile options: {{.*}}numWarps a power of two
  // CHECK-NEXT: three warps: failed
  options.numWarps = 3;
  compile(ctx, vectorAdd, &options, "three warps");
  options.numWarps = 4;
  // CHECK: diagnostic: {{.*}}error: invalid compile options
  // CHECK-NEXT: bad emit: failed
  options.emit = (MlirTileEmitKind)7;
  compile(ctx, vectorAdd, &options, "bad emit");
  options.emit = MlirTileEmitPTX;

  // IR that the verifier rejects: program id axis 5 (an integer, not x/y/z).
  // CHECK: diagnostic: loc("-":10:12): error: 'tile.get_program_id' op requires attribute 'axis'
  // CHECK-NEXT: invalid ir: failed
  MlirModule bad = parse(ctx, vectorAdd);
  mlirOperationWalk(mlirModuleGetOperation(bad), breakAxis, &ctx, MlirWalkPreOrder);
  Buffer unused = {NULL, 0};
  fprintf(stderr, "invalid ir: %s\n",
          mlirLogicalResultIsSuccess(mlirTileCompile(bad, &options, append, &unused))
              ? "ok" : "failed");
  mlirModuleDestroy(bad);

  // Kept layouts need distributed input.
  // CHECK: diagnostic: {{.*}}error: '{{.*}}' op is not of the distributed level: a tensor it uses has no layout
  // CHECK-NEXT: undistributed, kept: failed
  options.keepLayouts = true;
  compile(ctx, vectorAdd, &options, "undistributed, kept");
  options.keepLayouts = false;

  // CHECK: null module: failed
  fprintf(stderr, "null module: %s\n",
          mlirLogicalResultIsSuccess(mlirTileCompile((MlirModule){NULL}, &options,
                                                     append, &unused))
              ? "ok" : "failed");

  // More misuse: null options or callback, out-of-range options; each a
  // failure result (and a diagnostic where there is a module), no abort.
  MlirModule misuse = parse(ctx, vectorAdd);
  // CHECK-NEXT: null options: failed
  fprintf(stderr, "null options: %s\n",
          mlirLogicalResultIsSuccess(mlirTileCompile(misuse, NULL, append, &unused))
              ? "ok" : "failed");
  // CHECK-NEXT: null callback: failed
  fprintf(stderr, "null callback: %s\n",
          mlirLogicalResultIsSuccess(mlirTileCompile(misuse, &options, NULL, NULL))
              ? "ok" : "failed");
  mlirModuleDestroy(misuse);
  mlirTileCompileOptionsInit(NULL);
  // CHECK: diagnostic: {{.*}}error: invalid compile options
  // CHECK-NEXT: sm 30: failed
  options.sm = 30;
  compile(ctx, vectorAdd, &options, "sm 30");
  options.sm = 90;
  // CHECK: diagnostic: {{.*}}error: invalid compile options
  // CHECK-NEXT: O9: failed
  options.optLevel = 9;
  compile(ctx, vectorAdd, &options, "O9");
  options.optLevel = 3;
  // CHECK: diagnostic: {{.*}}error: invalid compile options
  // CHECK-NEXT: ptx 1.0: failed
  options.ptxVersion = 10;
  compile(ctx, vectorAdd, &options, "ptx 1.0");
  options.ptxVersion = 83;
  // CHECK: diagnostic: {{.*}}error: invalid compile options: {{.*}}minBlocksPerSM not negative
  // CHECK-NEXT: min blocks -1: failed
  options.minBlocksPerSM = -1;
  compile(ctx, vectorAdd, &options, "min blocks -1");
  // CHECK: min blocks 2: ok
  // CHECK: .minnctapersm 2
  options.minBlocksPerSM = 2;
  Buffer bounded = compile(ctx, vectorAdd, &options, "min blocks 2");
  fprintf(stderr, "%s", bounded.data);
  free(bounded.data);
  options.minBlocksPerSM = 0;
  // CHECK: diagnostic: {{.*}}error: invalid compile options: {{.*}}clusterSize
  // a power of two from 1 to 8 CHECK-NEXT: cluster of 3: failed
  options.clusterSize = 3;
  compile(ctx, vectorAdd, &options, "cluster of 3");
  // CHECK: diagnostic: {{.*}}error: invalid compile options
  // CHECK-NEXT: cluster of 0: failed
  options.clusterSize = 0;
  compile(ctx, vectorAdd, &options, "cluster of 0");
  options.clusterSize = 1;
  // sm_90a: the architecture-specific target.
  // CHECK: sm_90a: ok
  // CHECK: .target sm_90a
  options.archSpecific = true;
  Buffer specific = compile(ctx, vectorAdd, &options, "sm_90a");
  fprintf(stderr, "%s", specific.data);
  free(specific.data);
  options.archSpecific = false;
  // Fewer than two stages: no pipelining, not an error.
  // CHECK: no stages: ok
  options.numStages = -1;
  free(compile(ctx, vectorAdd, &options, "no stages").data);
  options.numStages = 3;

  // The passes one by one from the generated constructors.
  // CHECK-LABEL: passes: ok
  // The mask (column < n, n unhinted) keeps softmax's loads scalar.
  // CHECK-NEXT: #blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-NEXT: module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.shared_memory = 16 : i32
  // CHECK: tile.func public @softmax
  // CHECK: tile.load {{.*}} : tensor<1024x!tile.ptr<f32>, #blocked>
  // CHECK: "tile.reduce"
  // CHECK: gpu.barrier
  // CHECK: "tile.reduce"
  MlirModule module = parse(ctx, softmax);
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  mlirPassManagerAddOwnedPass(pm, mlirCreateTileGPUAssignLayouts());
  mlirPassManagerAddOwnedPass(pm, mlirCreateTileGPUCoalesce());
  mlirPassManagerAddOwnedPass(pm, mlirCreateTileGPURemoveLayoutConversions());
  mlirPassManagerAddOwnedPass(pm, mlirCreateTileGPUAllocateSharedMemory());
  mlirPassManagerAddOwnedPass(pm, mlirCreateTileGPUInsertBarriers());
  runAndPrint("passes", pm, module, true);

  // The distributed module compiles with its layouts kept.
  // CHECK-LABEL: kept layouts: ok
  // CHECK: .entry softmax(
  {
    MlirModule distributed = parse(ctx, softmax);
    MlirPassManager assign = mlirPassManagerCreate(ctx);
    mlirPassManagerAddOwnedPass(assign, mlirCreateTileGPUAssignLayouts());
    mlirPassManagerRunOnOp(assign, mlirModuleGetOperation(distributed));
    mlirPassManagerDestroy(assign);
    Buffer kept = {NULL, 0};
    options.keepLayouts = true;
    fprintf(stderr, "kept layouts: %s\n",
            mlirLogicalResultIsSuccess(
                mlirTileCompile(distributed, &options, append, &kept))
                ? "ok" : "failed");
    options.keepLayouts = false;
    fprintf(stderr, "%s", kept.data ? kept.data : "");
    free(kept.data);
    mlirModuleDestroy(distributed);
  }

  // ...then the conversion, and a pipeline given as text.
  // CHECK-LABEL: conversion: ok
  // CHECK: gpu.module @tile_kernels
  // CHECK: gpu.func @softmax({{.*}}) kernel
  pm = mlirPassManagerCreate(ctx);
  mlirPassManagerAddOwnedPass(pm, mlirCreateTileConversionConvertTileToNVVM());
  runAndPrint("conversion", pm, module, true);
  mlirModuleDestroy(module);

  // CHECK-LABEL: pipeline: ok
  // CHECK: llvm.func @vector_add
  // CHECK-SAME: nvvm.kernel
  module = parse(ctx, vectorAdd);
  pm = mlirPassManagerCreate(ctx);
  MlirLogicalResult parsed = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString("builtin.module(tile-to-llvm{num-warps=4})"),
      printPiece, NULL);
  runAndPrint("pipeline", pm, module, mlirLogicalResultIsSuccess(parsed));
  mlirModuleDestroy(module);

  // Launch information of the compiled kernels: threads, shared memory and
  // the tensor maps of descriptor parameters (what tile-translate
  // --kernel-info writes).
  // clang-format off
  // CHECK: kernel matmul: 128 threads, 98328 bytes of shared memory
  // CHECK-NEXT: tensor map of argument 0: 2-byte elements, 128x64 box, 128-byte swizzle
  // CHECK-NEXT: tensor map of argument 1: 2-byte elements, 64x64 box, 128-byte swizzle
  // CHECK-NEXT: tensor map of argument 2: 4-byte elements, 128x32 box, 128-byte swizzle
  // The parameters as the source declares them.
  // CHECK-NEXT: parameter 0: a: !tile.tensordesc<128x64xf16>
  // CHECK-NEXT: parameter 1: b: !tile.tensordesc<64x128xf16>
  // CHECK-NEXT: parameter 2: c: !tile.tensordesc<128x128xf32>
  // CHECK-NEXT: parameter 3: M: i32
  // CHECK: kernel info: ok
  // clang-format on
  {
    MlirModule tma = parse(ctx, matmulTMA);
    Buffer ll = {NULL, 0};
    options.emit = MlirTileEmitLLVMIR;
    bool compiled = mlirLogicalResultIsSuccess(
        mlirTileCompile(tma, &options, append, &ll));
    options.emit = MlirTileEmitPTX;
    fprintf(stderr, "kernel info: %s\n",
            compiled && mlirLogicalResultIsSuccess(
                            mlirTileGetKernelInfo(tma, printKernel, NULL))
                ? "ok" : "failed");
    free(ll.data);
    // CHECK-NEXT: null callback: failed
    fprintf(stderr, "null callback: %s\n",
            mlirLogicalResultIsSuccess(mlirTileGetKernelInfo(tma, NULL, NULL))
                ? "ok" : "failed");
    mlirModuleDestroy(tma);
    // CHECK-NEXT: null module: failed
    fprintf(stderr, "null module: %s\n",
            mlirLogicalResultIsSuccess(
                mlirTileGetKernelInfo((MlirModule){NULL}, printKernel, NULL))
                ? "ok" : "failed");
    // CHECK: error: no compiled kernels: mlirTileGetKernelInfo reads a module that mlirTileCompile lowered
    // CHECK-NEXT: not compiled: failed
    MlirModule source = parse(ctx, matmulTMA);
    fprintf(stderr, "not compiled: %s\n",
            mlirLogicalResultIsSuccess(
                mlirTileGetKernelInfo(source, printKernel, NULL))
                ? "ok" : "failed");
    mlirModuleDestroy(source);
    // CHECK: error: malformed tilenv.tensormap_args: expected [{index, type[, box, swizzle]}] entries of tensor-descriptor parameters
    // CHECK-NEXT: malformed tensor maps: failed
    kernelInfoOfLowered(ctx, "[42 : i32]", "malformed tensor maps");
    // CHECK: error: malformed tilenv.tensormap_args
    // CHECK-NEXT: tensor map of no parameter: failed
    kernelInfoOfLowered(
        ctx, "[{index = 5 : i64, type = !tile.tensordesc<64x64xf16>}]",
        "tensor map of no parameter");
  }

  // A descriptor made in the kernel, on sm_90a: a tensor map the kernel
  // writes to the global scratch its launch provides, its last parameter.
  // CHECK: kernel scale: 128 threads, {{[0-9]+}} bytes of shared memory
  // CHECK-NEXT: global scratch: 128 bytes a block
  // CHECK: parameter 3: global_scratch: !tile.ptr<i8>
  // CHECK-NEXT: tensor map in the kernel: ok
  {
    MlirModule scale = parse(
        ctx,
        "tile.func public @scale(%x: !tile.ptr<f32>, %m: i32, %n: i32) {\n"
        "  %c0 = arith.constant 0 : i32\n"
        "  %c1 = arith.constant 1 : i64\n"
        "  %c32 = arith.constant 32 : i32\n"
        "  %ld = arith.extsi %n : i32 to i64\n"
        "  %d = tile.make_tensor_descriptor %x, [%m, %n], [%ld, %c1] : "
        "<f32>, <32x32xf32>\n"
        "  %pid = tile.get_program_id x : i32\n"
        "  %row = arith.muli %pid, %c32 : i32\n"
        "  %v = tile.descriptor_load %d[%row, %c0] : "
        "!tile.tensordesc<32x32xf32> -> tensor<32x32xf32>\n"
        "  %w = arith.addf %v, %v : tensor<32x32xf32>\n"
        "  tile.descriptor_store %d[%row, %c0], %w : "
        "!tile.tensordesc<32x32xf32>, tensor<32x32xf32>\n"
        "  tile.return\n"
        "}\n");
    Buffer ptx = {NULL, 0};
    options.archSpecific = true;
    bool compiled = mlirLogicalResultIsSuccess(
        mlirTileCompile(scale, &options, append, &ptx));
    options.archSpecific = false;
    fprintf(stderr, "tensor map in the kernel: %s\n",
            compiled && mlirLogicalResultIsSuccess(
                            mlirTileGetKernelInfo(scale, printKernel, NULL))
                ? "ok"
                : "failed");
    mlirModuleDestroy(scale);
    free(ptx.data);
  }

  // The C launcher of a compiled module: the header declares each kernel's
  // launch function, the source includes it and holds the cubin; a name
  // that is not a C identifier is an error.
  // CHECK: launcher header: {{.*}}CUresult vector_add_launch(CUstream stream, unsigned grid_x, unsigned grid_y, unsigned grid_z, CUdeviceptr x, CUdeviceptr y, CUdeviceptr out, int32_t n);
  // CHECK-NEXT: launcher source includes va.h: 1, holds the cubin: 1
  // CHECK-NEXT: {{.*}}error: a launcher's name must be a C identifier, got '9va'
  // CHECK-NEXT: bad launcher name: failed
  {
    MlirModule add = parse(ctx, vectorAdd);
    Buffer cubin = {NULL, 0};
    options.emit = MlirTileEmitCubin;
    bool compiled = mlirLogicalResultIsSuccess(
        mlirTileCompile(add, &options, append, &cubin));
    options.emit = MlirTileEmitPTX;
    Buffer files[2] = {{NULL, 0}, {NULL, 0}};
    MlirStringRef bytes = mlirStringRefCreate(cubin.data, cubin.size);
    bool emitted =
        compiled && mlirLogicalResultIsSuccess(mlirTileEmitLauncher(
                        add, &options, bytes,
                        mlirStringRefCreateFromCString("va"), appendFirst,
                        appendSecond, files));
    const char *launch = emitted ? strstr(files[0].data, "CUresult vector_add_launch") : NULL;
    fprintf(stderr, "launcher header: %.*s\n",
            launch ? (int)(strchr(launch, '\n') - launch) : 0,
            launch ? launch : "");
    fprintf(stderr, "launcher source includes va.h: %d, holds the cubin: %d\n",
            emitted && strstr(files[1].data, "#include \"va.h\"") != NULL,
            emitted && strstr(files[1].data, "0x7f, 0x45, 0x4c, 0x46,") != NULL);
    fprintf(stderr, "bad launcher name: %s\n",
            mlirLogicalResultIsSuccess(mlirTileEmitLauncher(
                add, &options, bytes, mlirStringRefCreateFromCString("9va"),
                appendFirst, appendSecond, files))
                ? "ok"
                : "failed");
    mlirModuleDestroy(add);
    free(cubin.data);
    free(files[0].data);
    free(files[1].data);
  }

  // Variants: the kernels for n % 16 == 0 first, for any n last; each
  // launch tests n. A condition on no parameter is an error.
  // CHECK: launcher variants: 2 cubins, tests n: 1
  // CHECK-NEXT: {{.*}}error: variant entry 'm%16': no kernel has a parameter 'm' whose argument a launch could test
  // CHECK-NEXT: variant on no parameter: failed
  {
    MlirModule aligned = parse(ctx, vectorAdd), any = parse(ctx, vectorAdd);
    Buffer cubins[2] = {{NULL, 0}, {NULL, 0}};
    options.emit = MlirTileEmitCubin;
    bool compiled = mlirLogicalResultIsSuccess(
        mlirTileCompile(aligned, &options, append, &cubins[0]));
    options.specialize = "n%1";
    compiled &= mlirLogicalResultIsSuccess(
        mlirTileCompile(any, &options, append, &cubins[1]));
    options.specialize = NULL;
    options.emit = MlirTileEmitPTX;
    MlirTileLauncherVariant forms[2] = {
        {aligned, mlirStringRefCreate(cubins[0].data, cubins[0].size),
         mlirStringRefCreateFromCString("n%16")},
        {any, mlirStringRefCreate(cubins[1].data, cubins[1].size),
         mlirStringRefCreateFromCString("")}};
    Buffer files[2] = {{NULL, 0}, {NULL, 0}};
    bool emitted = compiled && mlirLogicalResultIsSuccess(
                                   mlirTileEmitLauncherVariants(
                                       forms, 2, &options,
                                       mlirStringRefCreateFromCString("va"),
                                       appendFirst, appendSecond, files));
    fprintf(stderr, "launcher variants: %d cubins, tests n: %d\n",
            emitted && strstr(files[1].data, "tile_cubin_1[") ? 2 : 0,
            emitted && strstr(files[1].data, "if (n % 16 == 0)") != NULL);
    forms[0].conditions = mlirStringRefCreateFromCString("m%16");
    fprintf(stderr, "variant on no parameter: %s\n",
            mlirLogicalResultIsSuccess(mlirTileEmitLauncherVariants(
                forms, 2, &options, mlirStringRefCreateFromCString("va"),
                appendFirst, appendSecond, files))
                ? "ok"
                : "failed");
    mlirModuleDestroy(aligned);
    mlirModuleDestroy(any);
    for (int i = 0; i < 2; ++i) {
      free(cubins[i].data);
      free(files[i].data);
    }
  }

  // Warp-specialized, the kernel runs a fifth warp: its producer.
  // CHECK: kernel matmul: 160 threads, {{[0-9]+}} bytes of shared memory
  // CHECK: warp-specialized: ok
  {
    MlirModule tma = parse(ctx, matmulTMA);
    Buffer ll = {NULL, 0};
    options.emit = MlirTileEmitLLVMIR;
    options.warpSpecialize = true;
    bool compiled =
        mlirLogicalResultIsSuccess(mlirTileCompile(tma, &options, append, &ll));
    options.warpSpecialize = false;
    options.emit = MlirTileEmitPTX;
    fprintf(stderr, "warp-specialized: %s\n",
            compiled && mlirLogicalResultIsSuccess(
                            mlirTileGetKernelInfo(tma, printKernel, NULL))
                ? "ok"
                : "failed");
    free(ll.data);
    mlirModuleDestroy(tma);
  }

  // In clusters of two CTAs (sm_90a), which the kernel info reports.
  // CHECK: kernel matmul: 160 threads, {{[0-9]+}} bytes of shared memory,
  // clusters of 2 CHECK: clusters: ok
  {
    MlirModule tma = parse(ctx, matmulTMA);
    Buffer ptx = {NULL, 0};
    options.warpSpecialize = true;
    options.archSpecific = true;
    options.clusterSize = 2;
    bool compiled = mlirLogicalResultIsSuccess(
        mlirTileCompile(tma, &options, append, &ptx));
    options.warpSpecialize = false;
    options.archSpecific = false;
    options.clusterSize = 1;
    fprintf(stderr, "clusters: %s\n",
            compiled && strstr(ptx.data, ".reqnctapercluster 2, 1, 1") &&
                    mlirLogicalResultIsSuccess(
                        mlirTileGetKernelInfo(tma, printKernel, NULL))
                ? "ok"
                : "failed");
    free(ptx.data);
    mlirModuleDestroy(tma);
  }

  // The compile cache (off for the rest of this test): the same module and
  // options compiled twice into a fresh directory give the same cubin, and
  // the directory holds the one entry the first compile stored.
  // CHECK: cache: same output, 1 entry
  {
    const char *dir = getenv("TILE_CAPI_TEST_CACHE");
    setenv("TILE_CACHE_DIR", dir ? dir : "off", 1);
    MlirTileCompileOptions cached;
    mlirTileCompileOptionsInit(&cached);
    cached.emit = MlirTileEmitCubin;
    Buffer results[2] = {{NULL, 0}, {NULL, 0}};
    bool compiled = true;
    for (int i = 0; i < 2; ++i) {
      MlirModule module = parse(ctx, vectorAdd);
      compiled &= mlirLogicalResultIsSuccess(
          mlirTileCompile(module, &cached, append, &results[i]));
      mlirModuleDestroy(module);
    }
    int entries = 0;
    if (dir) {
      DIR *listing = opendir(dir);
      for (struct dirent *e; listing && (e = readdir(listing));)
        entries += strstr(e->d_name, ".entry") != NULL;
      if (listing)
        closedir(listing);
    }
    fprintf(stderr, "cache: %s, %d entr%s\n",
            compiled && results[0].size == results[1].size &&
                    memcmp(results[0].data, results[1].data,
                           results[0].size) == 0
                ? "same output"
                : "failed",
            entries, entries == 1 ? "y" : "ies");
    free(results[0].data);
    free(results[1].data);
    setenv("TILE_CACHE_DIR", "off", 1);
  }

  // CHECK: unknown pass: failed
  pm = mlirPassManagerCreate(ctx);
  fprintf(stderr, "unknown pass: %s\n",
          mlirLogicalResultIsSuccess(mlirParsePassPipeline(
              mlirPassManagerGetAsOpPassManager(pm),
              mlirStringRefCreateFromCString("builtin.module(tile-no-such-pass)"),
              printPiece, NULL))
              ? "ok" : "failed");
  mlirPassManagerDestroy(pm);

  free(ptx.data);
  free(ptx8.data);
  free(ptxTTIR.data);
  free(ir.data);
  free(cubin.data);
  free(none.data);
  free(vectorAdd);
  free(softmax);
  free(matmulTMA);
  mlirContextDestroy(ctx);
  // CHECK: done
  fprintf(stderr, "done\n");
  return 0;
}
