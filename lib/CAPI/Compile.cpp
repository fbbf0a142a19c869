//===- Compile.cpp - register everything, compile to PTX/cubin from C -----===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "tile-c/Compile.h"

#include "tile/Compiler.h"
#include "tile/Compiler/CompileCache.h"
#include "tile/Compiler/Launcher.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"
#include "tile/InitTile.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/TargetSelect.h"

#include <cstring>

using namespace mlir;

void mlirTileRegisterAllDialects(MlirDialectRegistry registry) {
  if (!mlirDialectRegistryIsNull(registry))
    tile::registerTileDialects(*unwrap(registry));
}

void mlirTileRegisterAllPasses(void) { tile::registerTilePassesAndPipelines(); }

void mlirTileInitializeNVPTXTarget(void) {
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
}

void mlirTileRegisterAll(MlirDialectRegistry registry) {
  mlirTileRegisterAllDialects(registry);
  mlirTileRegisterAllPasses();
  mlirTileInitializeNVPTXTarget();
}

void mlirTileCompileOptionsInit(MlirTileCompileOptions *options) {
  if (!options)
    return;
#define TILE_TARGET_OPTION(TYPE, FIELD, FLAG, DEFAULT, DESCRIPTION)            \
  options->FIELD = DEFAULT;
#define TILE_PIPELINE_OPTION(TYPE, FIELD, FLAG, DEFAULT, DESCRIPTION)          \
  options->FIELD = DEFAULT;
#define TILE_ASSEMBLER_OPTION(TYPE, FIELD, FLAG, DEFAULT, DESCRIPTION)         \
  options->FIELD = DEFAULT;
#include "tile/Compiler/Options.def"
  options->optLevel = 3;
  options->emit = MlirTileEmitPTX;
  options->cudaPath = nullptr;
  options->diagnosticCallback = nullptr;
  options->diagnosticUserData = nullptr;
  options->specialize = nullptr;
  options->cache = true;
}

MlirLogicalResult mlirTileCompile(MlirModule module,
                                  const MlirTileCompileOptions *options,
                                  MlirStringCallback callback, void *userData) {
  if (mlirModuleIsNull(module) || !options || !callback)
    return mlirLogicalResultFailure();
  ModuleOp op = unwrap(module);
  MLIRContext *context = op.getContext();

  // Diagnostics to the caller's callback while compiling, if given.
  std::optional<ScopedDiagnosticHandler> handler;
  if (options->diagnosticCallback)
    handler.emplace(context, [&](Diagnostic &diag) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << diag.getLocation() << ": ";
      switch (diag.getSeverity()) {
      case DiagnosticSeverity::Error:
        os << "error: ";
        break;
      case DiagnosticSeverity::Warning:
        os << "warning: ";
        break;
      case DiagnosticSeverity::Note:
        os << "note: ";
        break;
      case DiagnosticSeverity::Remark:
        os << "remark: ";
        break;
      }
      os << diag.str();
      options->diagnosticCallback(mlirStringRefCreate(text.data(), text.size()),
                                  options->diagnosticUserData);
      return success();
    });

  // The C struct has a field of each name the options' list has.
  tile::CompileOptions compile;
#define TILE_TARGET_OPTION(TYPE, FIELD, FLAG, DEFAULT, DESCRIPTION)            \
  compile.FIELD = options->FIELD;
#define TILE_PIPELINE_OPTION(TYPE, FIELD, FLAG, DEFAULT, DESCRIPTION)          \
  compile.FIELD = options->FIELD;
#define TILE_ASSEMBLER_OPTION(TYPE, FIELD, FLAG, DEFAULT, DESCRIPTION)         \
  compile.FIELD = options->FIELD;
#include "tile/Compiler/Options.def"
  compile.optLevel = options->optLevel;
  if (options->specialize) {
    SmallVector<std::string> entries =
        tile::splitSpecializations(options->specialize);
    compile.specializations.assign(entries.begin(), entries.end());
  }
  // A C caller may store any int in the enum; C++ may only load values of
  // its range, so read the bits as an int before checking them.
  int emit;
  static_assert(sizeof(emit) == sizeof(options->emit));
  std::memcpy(&emit, &options->emit, sizeof(emit));
  if (!tile::hasValidRanges(compile) || emit < MlirTileEmitLLVMIR ||
      emit > MlirTileEmitCubin) {
    emitError(op.getLoc())
        << "invalid compile options: sm must be 50 or more, numWarps a power "
           "of two, ptxVersion 60 or more, optLevel 0-3, emit LLVMIR, PTX or "
           "Cubin, minBlocksPerSM not negative, clusterSize a power of two "
           "from 1 to 8";
    return mlirLogicalResultFailure();
  }
  if (failed(verify(op)))
    return mlirLogicalResultFailure();

  if (options->cudaPath)
    compile.cudaPath = options->cudaPath;

  mlirTileInitializeNVPTXTarget();
  // Assembling may lower the input again another way (compileCubin).
  OwningOpRef<ModuleOp> source;
  if (emit == MlirTileEmitCubin && compile.tuneRegisters)
    source = cast<ModuleOp>(op->clone());
  if (failed(tile::lowerToLLVM(op, compile)))
    return mlirLogicalResultFailure();
  // The caller reads the lowered module afterwards, so only emission can
  // come from the cache: keyed by the lowered module (locations included)
  // and every option. Not a module that compileCubin may lower again: a
  // hit would leave the caller this lowering beside the other's cubin.
  std::optional<tile::CompileCache> cache;
  std::string key;
  if (options->cache && !(source && tile::mayLowerAgain(op)))
    cache = tile::CompileCache::open();
  if (cache) {
    std::string lowered, settings;
    llvm::raw_string_ostream moduleText(lowered), optionText(settings);
    op->print(moduleText, OpPrintingFlags().enableDebugInfo());
#define TILE_TARGET_OPTION(TYPE, FIELD, FLAG, DEFAULT, DESCRIPTION)            \
  optionText << FLAG << "=" << compile.FIELD << "\n";
#define TILE_PIPELINE_OPTION TILE_TARGET_OPTION
#define TILE_ASSEMBLER_OPTION TILE_TARGET_OPTION
#include "tile/Compiler/Options.def"
    optionText << "opt-level=" << compile.optLevel << "\nemit=" << emit;
    key = tile::CompileCache::getKey(
        {"C API", lowered, settings,
         tile::getToolkitIdentity(compile.cudaPath)});
    if (std::optional<tile::CacheEntry> hit = cache->lookup(key)) {
      callback(mlirStringRefCreate(hit->output.data(), hit->output.size()),
               userData);
      return mlirLogicalResultSuccess();
    }
  }
  FailureOr<std::string> result;
  if (emit == MlirTileEmitLLVMIR) {
    result = tile::emitLLVMIR(op);
  } else if (emit == MlirTileEmitCubin) {
    FailureOr<tile::CubinResult> compiled =
        tile::compileCubin(op, compile, source ? *source : ModuleOp());
    if (succeeded(compiled))
      result = std::move(compiled->cubin);
    else
      result = failure();
  } else {
    result = tile::emitPTX(op, compile);
  }
  if (failed(result))
    return mlirLogicalResultFailure();
  if (cache)
    cache->store(key, {*result, "", ""});
  callback(mlirStringRefCreate(result->data(), result->size()), userData);
  return mlirLogicalResultSuccess();
}

/// The kernels of a module mlirTileCompile lowered; an error naming
/// `reader` on one without any.
static FailureOr<SmallVector<tile::KernelInfo>>
getCompiledKernels(ModuleOp op, StringRef reader) {
  FailureOr<SmallVector<tile::KernelInfo>> kernels = tile::getKernelInfo(op);
  if (succeeded(kernels) && kernels->empty()) {
    emitError(op.getLoc()) << "no compiled kernels: " << reader
                           << " reads a module that mlirTileCompile lowered";
    return failure();
  }
  return kernels;
}

MlirLogicalResult mlirTileGetKernelInfo(MlirModule module,
                                        MlirTileKernelInfoCallback callback,
                                        void *userData) {
  if (mlirModuleIsNull(module) || !callback)
    return mlirLogicalResultFailure();
  FailureOr<SmallVector<tile::KernelInfo>> kernels =
      getCompiledKernels(unwrap(module), "mlirTileGetKernelInfo");
  if (failed(kernels))
    return mlirLogicalResultFailure();
  for (const tile::KernelInfo &kernel : *kernels) {
    SmallVector<MlirTileTensorMapInfo> maps;
    for (const tile::TensorMapInfo &m : kernel.tensorMaps)
      maps.push_back(
          {m.argIndex, m.elementBytes, m.boxRows, m.boxCols, m.swizzle});
    SmallVector<MlirTileKernelParam> params;
    for (const tile::KernelParam &p : kernel.params)
      params.push_back({mlirStringRefCreate(p.name.data(), p.name.size()),
                        mlirStringRefCreate(p.type.data(), p.type.size())});
    MlirTileKernelInfo info = {
        mlirStringRefCreate(kernel.name.data(), kernel.name.size()),
        kernel.threads,
        kernel.sharedBytes,
        maps.data(),
        maps.size(),
        kernel.clusterSize,
        params.data(),
        params.size(),
        kernel.globalScratchBytes};
    callback(&info, userData);
  }
  return mlirLogicalResultSuccess();
}

MlirLogicalResult mlirTileEmitLauncher(MlirModule module,
                                       const MlirTileCompileOptions *options,
                                       MlirStringRef cubin, MlirStringRef name,
                                       MlirStringCallback header,
                                       MlirStringCallback source,
                                       void *userData) {
  MlirTileLauncherVariant only = {module, cubin, mlirStringRefCreate("", 0)};
  return mlirTileEmitLauncherVariants(&only, 1, options, name, header, source,
                                      userData);
}

MlirLogicalResult mlirTileEmitLauncherVariants(
    const MlirTileLauncherVariant *variants, size_t numVariants,
    const MlirTileCompileOptions *options, MlirStringRef name,
    MlirStringCallback header, MlirStringCallback source, void *userData) {
  if (!variants || !numVariants || !options || !name.data || !header || !source)
    return mlirLogicalResultFailure();
  for (size_t v = 0; v < numVariants; ++v)
    if (mlirModuleIsNull(variants[v].module) || !variants[v].cubin.data)
      return mlirLogicalResultFailure();
  ModuleOp first = unwrap(variants[numVariants - 1].module);
  SmallVector<tile::LauncherVariant> launcherVariants;
  for (size_t v = 0; v < numVariants; ++v) {
    FailureOr<SmallVector<tile::KernelInfo>> kernels = getCompiledKernels(
        unwrap(variants[v].module), "mlirTileEmitLauncherVariants");
    if (failed(kernels))
      return mlirLogicalResultFailure();
    tile::LauncherVariant variant;
    if (variants[v].conditions.data)
      variant.conditions =
          tile::splitSpecializations(unwrap(variants[v].conditions));
    variant.cubin = unwrap(variants[v].cubin).str();
    variant.kernels = std::move(*kernels);
    launcherVariants.push_back(std::move(variant));
  }
  tile::CompileOptions target;
  target.sm = options->sm;
  target.archSpecific = options->archSpecific;
  target.ptxVersion = options->ptxVersion;
  llvm::Expected<tile::LauncherFiles> files =
      tile::emitLauncher(launcherVariants, unwrap(name), target);
  if (!files) {
    emitError(first.getLoc()) << llvm::toString(files.takeError());
    return mlirLogicalResultFailure();
  }
  header(mlirStringRefCreate(files->header.data(), files->header.size()),
         userData);
  source(mlirStringRefCreate(files->source.data(), files->source.size()),
         userData);
  return mlirLogicalResultSuccess();
}
