//===- Compiler.cpp - tile IR to LLVM IR, PTX and cubin -------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "tile/Compiler.h"

#include "tile/Conversion/Passes.h"
#include "tile/Dialect/TileGPU/IR/Target.h"
#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/NVVM/Utils.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;
using namespace mlir::tilenvgpu;

std::string mlir::tile::getTargetName(const CompileOptions &options) {
  return tile::getTargetName(options.sm, options.archSpecific);
}

bool mlir::tile::hasValidRanges(const CompileOptions &options) {
  return options.sm >= 50 && options.numWarps > 0 &&
         llvm::isPowerOf2_32(options.numWarps) && options.ptxVersion >= 60 &&
         options.optLevel >= 0 && options.optLevel <= 3 &&
         options.minBlocksPerSM >= 0 &&
         tilegpu::isValidClusterSize(options.clusterSize);
}

std::optional<std::string> mlir::tile::findCudaToolkit(StringRef cudaPath) {
  auto hasPtxas = [](StringRef dir) {
    SmallString<256> path(dir);
    llvm::sys::path::append(path, "bin", "ptxas");
    return llvm::sys::fs::can_execute(path);
  };
  if (!cudaPath.empty())
    return hasPtxas(cudaPath) ? std::optional<std::string>(cudaPath.str())
                              : std::nullopt;
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *dir = std::getenv(var); dir && hasPtxas(dir))
      return std::string(dir);
  if (auto ptxas = llvm::sys::findProgramByName("ptxas")) {
    // <toolkit>/bin/ptxas
    StringRef bin = llvm::sys::path::parent_path(*ptxas);
    return llvm::sys::path::parent_path(bin).str();
  }
  if (hasPtxas("/usr/local/cuda"))
    return std::string("/usr/local/cuda");
  return std::nullopt;
}

LogicalResult mlir::tile::lowerToLLVM(ModuleOp module,
                                      const CompileOptions &options) {
  // Kept layouts keep the module's target too; the code is emitted for the
  // options' (a wgmma for sm_90a would not select for sm_90).
  if (auto target = module->getAttrOfType<StringAttr>(
          TileGPUDialect::getTargetAttrName());
      options.keepLayouts && target &&
      target.getValue() != getTargetName(options))
    return module.emitError()
           << "the module's layouts are for " << target << ", but it is "
           << "compiled for '" << getTargetName(options)
           << "': give that target (--sm, --sm=90a) or drop --keep-layouts";
  PassManager pm(module.getContext());
  pm.enableVerifier(options.verifyEachPass);
  if (!options.reproducerPath.empty())
    pm.enableCrashReproducerGeneration(options.reproducerPath);
  buildTileToLLVMPipeline(pm, options);
  TimingScope pipelineTiming;
  if (options.timing) {
    pipelineTiming = options.timing->nest("tile-to-llvm pipeline");
    pm.enableTiming(pipelineTiming);
  }
  return pm.run(module);
}

FailureOr<SmallVector<KernelInfo>> mlir::tile::getKernelInfo(ModuleOp lowered) {
  SmallVector<KernelInfo> kernels;
  WalkResult walk = lowered.walk([&](LLVM::LLVMFuncOp fn) {
    if (!fn->hasAttr(gpu::GPUDialect::getKernelFuncAttrName()))
      return WalkResult::advance();
    KernelInfo info{fn.getName().str(), 0, 0, {}, {}};
    if (auto size =
            fn->getAttrOfType<DenseI32ArrayAttr>("gpu.known_block_size"))
      info.threads = size[0];
    if (auto shared = fn->getAttrOfType<IntegerAttr>(
            TileGPUDialect::getSharedMemoryAttrName()))
      info.sharedBytes = shared.getInt();
    if (auto cluster = fn->getAttrOfType<DenseI32ArrayAttr>(
            NVVM::NVVMDialect::getClusterDimAttrName());
        cluster && !cluster.empty())
      info.clusterSize = cluster[0];
    if (auto scratch = fn->getAttrOfType<IntegerAttr>(
            TileNVGPUDialect::getGlobalScratchAttrName()))
      info.globalScratchBytes = scratch.getInt();
    for (const TensorMapArg &map : getTensorMapArgs(fn)) {
      if (!map.type || map.index < 0 ||
          map.index >= int64_t(fn.getNumArguments())) {
        fn.emitError("malformed tilenv.tensormap_args: expected [{index, "
                     "type[, box, swizzle]}] entries of tensor-descriptor "
                     "parameters");
        return WalkResult::interrupt();
      }
      info.tensorMaps.push_back(
          {unsigned(map.index), map.type.getElementBytes(),
           unsigned(map.box[0]), unsigned(map.box[1]), map.swizzle});
    }
    if (auto params = fn->getAttrOfType<ArrayAttr>(
            TileGPUDialect::getKernelParamsAttrName()))
      for (auto param : params.getAsRange<DictionaryAttr>()) {
        std::string type;
        llvm::raw_string_ostream os(type);
        os << param.getAs<TypeAttr>("type").getValue();
        info.params.push_back(
            {param.getAs<StringAttr>("name").getValue().str(), type});
      }
    kernels.push_back(info);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  return kernels;
}

FailureOr<std::string> mlir::tile::emitLLVMIR(ModuleOp lowered) {
  gpu::GPUModuleOp gpuModule;
  lowered.walk([&](gpu::GPUModuleOp m) { gpuModule = m; });
  if (!gpuModule)
    return lowered.emitError("no gpu.module to translate"), failure();
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module =
      translateModuleToLLVMIR(gpuModule, context, gpuModule.getName());
  if (!module)
    return failure();
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, nullptr);
  return text;
}

namespace {
/// LLVM IR -> PTX for one gpu.module: MLIR's NVVM serializer, without
/// libdevice unless the kernels call it, its steps timed in `timing`.
class PTXSerializer : public NVVM::SerializeGPUModuleBase {
public:
  PTXSerializer(Operation &module, NVVM::NVVMTargetAttr target,
                const gpu::TargetOptions &targetOptions, bool linkLibdevice,
                TimingScope &timing)
      : SerializeGPUModuleBase(module, target, targetOptions), timing(timing) {
    if (!linkLibdevice)
      librariesToLink.clear();
  }

  std::optional<SmallVector<char, 0>> run() override {
    translation = timing.nest("translate to LLVM IR");
    return SerializeGPUModuleBase::run();
  }

protected:
  // The translation is the first step of run(); linking follows it.
  // libdevice asks __nvvm_reflect("__CUDA_FTZ") whether to flush
  // subnormals; the target's `ftz` flag answers it through the module flag
  // NVVMReflect reads.
  void handleModulePreLink(llvm::Module &module) override {
    translation.stop();
    if (getTarget().hasFtz())
      module.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", 1);
  }

  LogicalResult optimizeModule(llvm::Module &llvmModule,
                               int optLevel) override {
    TimingScope scope = timing.nest("LLVM optimization");
    return SerializeGPUModuleBase::optimizeModule(llvmModule, optLevel);
  }

  FailureOr<SmallVector<char, 0>>
  moduleToObject(llvm::Module &llvmModule) override {
    TimingScope scope = timing.nest("NVPTX code generation");
    FailureOr<llvm::TargetMachine *> machine = getOrCreateTargetMachine();
    if (failed(machine))
      return getOperation().emitError("no NVPTX target in this LLVM"),
             failure();
    FailureOr<SmallString<0>> ptx = translateModuleToISA(
        llvmModule, **machine, [&] { return getOperation().emitError(); });
    if (failed(ptx))
      return failure();
    return SmallVector<char, 0>(ptx->begin(), ptx->end());
  }

private:
  TimingScope &timing;
  TimingScope translation;
};
} // namespace

namespace {
/// LLVM's loop options for code that ptxas schedules, set for one
/// compile (LLVM's options are global: compiles in threads take turns) and
/// only where the command line left them alone.
/// - lsr-drop-solution: loop strength reduction keeps a loop as written
///   when its solution is no cheaper. Otherwise it replaces a K loop's i32
///   counter by the truncated 64-bit address offset, and ptxas, which
///   unrolls counted loops of tensor-core products itself, no longer sees
///   the count.
/// - unroll-allow-partial=false: LLVM's own partial unrolling leaves the
///   exit test on a disjoint `or` of the counter, which ptxas does not count
///   either; ptxas then unrolls further than LLVM would.
class LoopOptionsForPtxas {
public:
  LoopOptionsForPtxas() : lock(getMutex()) {
    auto registered = llvm::cl::getRegisteredOptions();
    for (auto [name, value] :
         {std::pair<StringRef, StringRef>("lsr-drop-solution", "true"),
          {"unroll-allow-partial", "false"}}) {
      llvm::cl::Option *option = registered.lookup(name);
      if (!option || option->getNumOccurrences())
        continue;
      if (!option->addOccurrence(0, name, value))
        set.push_back(option);
    }
  }
  ~LoopOptionsForPtxas() {
    for (llvm::cl::Option *option : set)
      option->reset();
  }

private:
  static std::mutex &getMutex() {
    static std::mutex mutex;
    return mutex;
  }
  std::lock_guard<std::mutex> lock;
  SmallVector<llvm::cl::Option *> set;
};
} // namespace

/// The oldest PTX ISA (x10) that can target an SM, as LLVM's NVPTX back end
/// requires it (it aborts otherwise); 0 for SMs not listed.
static int getMinimumPtxVersion(int sm, bool archSpecific) {
  static const std::pair<int, int> minimums[] = {
      {50, 40}, {52, 41}, {53, 42},  {60, 50},  {61, 50}, {62, 50},
      {70, 60}, {72, 61}, {75, 63},  {80, 70},  {86, 71}, {87, 74},
      {89, 78}, {90, 78}, {100, 86}, {101, 86}, {120, 87}};
  for (auto [target, ptx] : minimums)
    if (target == sm)
      return archSpecific && sm == 90 ? 80 : ptx;
  return 0;
}

FailureOr<std::string> mlir::tile::emitPTX(ModuleOp lowered,
                                           const CompileOptions &options) {
  if (int minimum = getMinimumPtxVersion(options.sm, options.archSpecific);
      options.ptxVersion < minimum)
    return lowered.emitError()
               << "PTX " << options.ptxVersion / 10 << "."
               << options.ptxVersion % 10 << " cannot target "
               << getTargetName(options) << ": it needs PTX " << minimum / 10
               << "." << minimum % 10 << " or newer",
           failure();
  std::optional<std::string> toolkit = findCudaToolkit(options.cudaPath);
  if (!toolkit && !options.cudaPath.empty())
    return lowered.emitError() << "no CUDA toolkit at '" << options.cudaPath
                               << "' (no bin/ptxas there)",
           failure();
  bool needsLibdevice = false;
  lowered.walk([&](LLVM::LLVMFuncOp func) {
    if (func.isExternal() && func.getName().starts_with("__nv_"))
      needsLibdevice = true;
  });
  if (!toolkit && needsLibdevice)
    return lowered.emitError()
               << "no CUDA toolkit found (for libdevice): give a CUDA path "
                  "(--cuda-path), set CUDA_HOME, or put ptxas on PATH",
           failure();
  // The steps of gpu-module-to-binary, with two differences: libdevice is
  // linked only when the kernels call it (upstream links it whenever it finds
  // a toolkit, ~2.5 ms a compile), and the target attribute is not attached
  // to the module.
  NVVM::SerializeGPUModuleBase::init();
  // Triton links libdevice with subnormals flushed (its
  // enable_reflect_ftz); a Triton program gets the same functions.
  MLIRContext *context = lowered.getContext();
  DictionaryAttr flags;
  if (options.ttir)
    flags = DictionaryAttr::get(
        context, {NamedAttribute("ftz", UnitAttr::get(context))});
  auto target = NVVM::NVVMTargetAttr::get(
      context, options.optLevel, "nvptx64-nvidia-cuda", getTargetName(options),
      "+ptx" + std::to_string(options.ptxVersion), flags);
  gpu::TargetOptions targetOptions(needsLibdevice ? *toolkit : "");
  std::string ptx;
  TimingScope timing =
      options.timing ? options.timing->nest("LLVM IR to PTX") : TimingScope();
  LoopOptionsForPtxas loopOptions;
  for (auto gpuModule : lowered.getOps<gpu::GPUModuleOp>()) {
    PTXSerializer serializer(*gpuModule, target, targetOptions, needsLibdevice,
                             timing);
    std::optional<SmallVector<char, 0>> object = serializer.run();
    if (!object)
      return failure();
    ptx.append(object->begin(), object->end());
  }
  if (ptx.empty())
    return lowered.emitError("no gpu.module to compile to PTX"), failure();
  return ptx;
}

FailureOr<std::string> mlir::tile::assembleCubin(Location loc, StringRef ptx,
                                                 const CompileOptions &options,
                                                 std::string *report) {
  std::optional<std::string> toolkit = findCudaToolkit(options.cudaPath);
  if (!toolkit)
    return emitError(loc) << "ptxas not found: give --cuda-path, set "
                             "CUDA_HOME, or put ptxas on PATH",
           failure();
  SmallString<256> ptxas(*toolkit);
  llvm::sys::path::append(ptxas, "bin", "ptxas");
  SmallString<128> input, output, log;
  if (llvm::sys::fs::createTemporaryFile("tile", "ptx", input) ||
      llvm::sys::fs::createTemporaryFile("tile", "cubin", output) ||
      llvm::sys::fs::createTemporaryFile("tile", "log", log))
    return emitError(loc) << "cannot create temporary files", failure();
  llvm::scope_exit cleanup([&] {
    llvm::sys::fs::remove(input);
    llvm::sys::fs::remove(output);
    llvm::sys::fs::remove(log);
  });
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(input, ec);
    if (ec)
      return emitError(loc) << "cannot write " << input << ": " << ec.message(),
             failure();
    os << ptx;
  }
  std::string arch = getTargetName(options);
  SmallVector<StringRef> args = {ptxas, "-arch", arch,  "-v",
                                 input, "-o",    output};
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(log),
                                          StringRef(log)};
  std::string message;
  TimingScope timing =
      options.timing ? options.timing->nest("ptxas") : TimingScope();
  int status = llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects,
                                         0, 0, &message);
  timing.stop();
  auto readFile = [](StringRef path) -> std::string {
    auto buffer = llvm::MemoryBuffer::getFile(path);
    return buffer ? (*buffer)->getBuffer().str() : std::string();
  };
  std::string ptxasLog = readFile(log);
  if (status != 0)
    return emitError(loc) << "ptxas failed"
                          << (message.empty() ? "" : ": " + message) << "\n"
                          << ptxasLog,
           failure();
  if (report)
    *report = ptxasLog;
  return readFile(output);
}
