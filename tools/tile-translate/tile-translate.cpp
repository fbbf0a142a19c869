//===- tile-translate.cpp - tile IR to LLVM IR, PTX or cubin --------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   tile-translate kernel.mlir --emit=ptx --sm=90 --num-warps=4 -o kernel.ptx
//
// Runs the tile-to-llvm pipeline and emits LLVM IR, PTX, a cubin (ptxas
// from the CUDA toolkit: --cuda-path, CUDA_HOME, CUDA_PATH, PATH), or a C
// launcher of the cubin (--emit=launcher -o DIR/NAME.c: NAME.c and NAME.h,
// see tile/Compiler/Launcher.h). With
// --ptxas-info it prints ptxas' report (registers, shared memory, spills);
// with --kernel-info it writes one line per kernel for the runtime,
// `kernel <name> threads <n> shared <bytes>` (then `cluster <n>` for
// clusters of more than one CTA), and one per tensor-descriptor
// argument, `tensormap <name> <arg> <element bytes> <box rows> <box cols>
// <swizzle bytes>` (what tileTensorMapEncode takes), and one per
// parameter, `param <name> <index> <parameter name or -> <type>` (the
// source's types: !tile.ptr<f32>, i32, ...), against which a launcher
// checks its arguments. A kernel that writes tensor maps has a line
// `global_scratch <name> <bytes>`: its last parameter points at that many
// bytes a block of the grid, 128-byte aligned, which the launch provides.
//
//===----------------------------------------------------------------------===//

#include "tile/Compiler.h"
#include "tile/Compiler/CompileCache.h"
#include "tile/Compiler/Launcher.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Dialect/TileNVGPU/IR/TileNVGPUDialect.h"
#include "tile/InitTile.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
namespace cl = llvm::cl;

enum class Emit { LLVMIR, PTX, Cubin, Launcher };

// tile-translate's own options; --help shows only these (LLVM's are still
// accepted and listed by --help-hidden).
static cl::OptionCategory tileCategory("tile-translate options");

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<input tile IR>"),
                                          cl::init("-"), cl::cat(tileCategory));
static cl::opt<std::string> outputFilename("o", cl::desc("Output file"),
                                           cl::value_desc("filename"),
                                           cl::init("-"),
                                           cl::cat(tileCategory));
static cl::opt<Emit> emit(
    "emit", cl::desc("What to emit"), cl::init(Emit::PTX),
    cl::values(clEnumValN(Emit::LLVMIR, "llvmir", "LLVM IR of the kernels"),
               clEnumValN(Emit::PTX, "ptx", "PTX"),
               clEnumValN(Emit::Cubin, "cubin", "a cubin (runs ptxas)"),
               clEnumValN(Emit::Launcher, "launcher",
                          "a C launcher, -o DIR/NAME.c and DIR/NAME.h (the "
                          "cubin embedded)")),
    cl::cat(tileCategory));
static cl::opt<std::string>
    sm("sm",
       cl::desc("Target SM version: 90 is sm_90; 90a adds sm_90's "
                "architecture-specific features (wgmma)"),
       cl::init("90"), cl::cat(tileCategory));
// The pipeline's and the assembler's options (the target's is --sm, above),
// one flag each.
#define TILE_PIPELINE_OPTION(TYPE, FIELD, FLAG, DEFAULT, DESCRIPTION)          \
  static cl::opt<TYPE> FIELD##Flag(FLAG, cl::desc(DESCRIPTION),                \
                                   cl::init(DEFAULT), cl::cat(tileCategory));
#define TILE_ASSEMBLER_OPTION TILE_PIPELINE_OPTION
#include "tile/Compiler/Options.def"
static cl::list<std::string> specialize(
    "specialize",
    cl::desc("What the launcher knows about an argument, by name: NAME=VALUE "
             "folds it, NAME%K declares it a multiple of K (repeatable; "
             "tile-specialize)"),
    cl::cat(tileCategory));
static cl::list<std::string> variants(
    "variant",
    cl::desc("With --emit=launcher, a variant of the kernels compiled with "
             "these comma-separated --specialize entries too, replacing "
             "those of the same names (repeatable): "
             "each launch runs the first variant whose entries its arguments "
             "satisfy, else the kernels compiled without them"),
    cl::cat(tileCategory));
static cl::opt<int> optLevel(
    "opt-level",
    cl::desc("LLVM optimization level (0-3) before the NVPTX back end"),
    cl::init(3), cl::cat(tileCategory));
static cl::opt<std::string> cudaPath("cuda-path",
                                     cl::desc("CUDA toolkit directory"),
                                     cl::init(""), cl::cat(tileCategory));
static cl::opt<bool>
    ptxasInfo("ptxas-info",
              cl::desc("Print ptxas' register and shared-memory report"),
              cl::init(false), cl::cat(tileCategory));
static cl::opt<std::string> reproducer(
    "reproducer",
    cl::desc("Where to write a reproducer if the pipeline fails (default: a "
             "file in the temporary directory, named in the error)"),
    cl::init(""), cl::cat(tileCategory));
static cl::opt<bool>
    verifyEach("verify-each", cl::desc("Run the IR verifier after every pass"),
               cl::init(false), cl::cat(tileCategory));
static cl::opt<bool> timing(
    "timing",
    cl::desc("Report the time of each step (parsing, every pass of the "
             "pipeline, LLVM's optimization and code generation, ptxas) on "
             "stderr"),
    cl::init(false), cl::cat(tileCategory));
static cl::opt<std::string>
    kernelInfo("kernel-info",
               cl::desc("Write launch information of each kernel here"),
               cl::init(""), cl::cat(tileCategory));
static cl::opt<bool> useCache(
    "cache",
    cl::desc("Keep results in the compile cache ($TILE_CACHE_DIR, else tile "
             "under the user's cache directory; TILE_CACHE_DIR empty or off: "
             "none) and read them back for the same input, options, build "
             "of tile and CUDA toolkit (not with --timing or --verify-each)"),
    cl::init(true), cl::cat(tileCategory));

/// The command line as a cache key part, without the output files' names;
/// none where a compile could depend on more than its text: a response
/// file (@file), or an option of LLVM's passed through (they may also
/// print, as -print-after-all does, which a result read back would not).
static std::optional<std::string> getKeyedArguments(int argc, char **argv) {
  auto &registered = cl::getRegisteredOptions();
  std::string keyed;
  for (int i = 1; i < argc; ++i) {
    StringRef arg = argv[i];
    if (arg.starts_with("@"))
      return std::nullopt;
    if (arg.starts_with("-") && arg != "-") {
      StringRef name = arg.ltrim('-').split('=').first;
      cl::Option *option = registered.lookup(name);
      if (!option || !llvm::is_contained(option->Categories, &tileCategory))
        return std::nullopt;
      if (name == "o" || name == "kernel-info" || name == "reproducer") {
        if (!arg.contains('='))
          ++i; // the file name is the next argument
        continue;
      }
    }
    keyed += std::to_string(arg.size()) + ":" + arg.str();
  }
  return keyed;
}

/// Writes `text` to `path`; false (after an error message) where it cannot.
static bool writeFile(StringRef path, StringRef text, StringRef what) {
  std::string error;
  auto file = openOutputFile(path, &error);
  if (!file) {
    llvm::errs() << "tile-translate: error: cannot write " << what << ": "
                 << error << "\n";
    return false;
  }
  file->os() << text;
  file->keep();
  return true;
}

/// A compiled result and the --variant entries it was compiled with (none:
/// the kernels every launch may run).
struct Compiled {
  SmallVector<std::string> conditions;
  tile::CacheEntry entry;
};

/// Writes the launcher of `results` (their outputs cubins) as -o names it,
/// NAME.c, and NAME.h beside it.
static bool writeLauncher(ArrayRef<Compiled> results,
                          const tile::CompileOptions &options) {
  StringRef path = outputFilename;
  std::string name;
  for (char c : llvm::sys::path::stem(path))
    name += llvm::isAlnum(c) ? c : '_';
  if (path == "-" || !path.ends_with(".c") || name.empty() ||
      llvm::isDigit(name[0])) {
    llvm::errs() << "tile-translate: error: --emit=launcher writes NAME.c and "
                    "NAME.h: give -o DIR/NAME.c, NAME a C identifier\n";
    return false;
  }
  SmallVector<tile::LauncherVariant> launcherVariants;
  for (const Compiled &result : results) {
    auto kernels = tile::parseKernelInfo(result.entry.kernelInfo);
    if (!kernels) {
      llvm::errs() << "tile-translate: error: "
                   << llvm::toString(kernels.takeError()) << "\n";
      return false;
    }
    launcherVariants.push_back(
        {result.conditions, result.entry.output, std::move(*kernels)});
  }
  llvm::Expected<tile::LauncherFiles> files =
      tile::emitLauncher(launcherVariants, name, options);
  if (!files) {
    llvm::errs() << "tile-translate: error: "
                 << llvm::toString(files.takeError()) << "\n";
    return false;
  }
  SmallString<128> header(path);
  llvm::sys::path::replace_extension(header, "h");
  return writeFile(path, files->source, "launcher") &&
         writeFile(header, files->header, "launcher header");
}

/// The compile options the flags give; false if they are out of range.
static bool fillOptions(tile::CompileOptions &options) {
  StringRef smText = sm;
  unsigned smVersion = 0;
  bool archSpecific = smText.consume_back("a");
  bool smParsed = !smText.getAsInteger(10, smVersion);
  options.sm = smVersion;
  options.archSpecific = archSpecific;
#define TILE_PIPELINE_OPTION(TYPE, FIELD, FLAG, DEFAULT, DESCRIPTION)          \
  options.FIELD = FIELD##Flag;
#define TILE_ASSEMBLER_OPTION TILE_PIPELINE_OPTION
#include "tile/Compiler/Options.def"
  // A .ttir file is a Triton program, as --ttir says (unless --ttir=false).
  if (!ttirFlag.getNumOccurrences() &&
      StringRef(inputFilename).ends_with(".ttir"))
    options.ttir = true;
  options.optLevel = optLevel;
  options.specializations.assign(specialize.begin(), specialize.end());
  return smParsed && tile::hasValidRanges(options);
}

/// Compiles `input` with `options` (a variant's entries added to its
/// specializations), or reads the result back from `cache` under the key
/// of `keyParts`; stores what it compiles. Errors are reported.
static std::optional<tile::CacheEntry>
compileInput(const llvm::MemoryBuffer &input, tile::CompileOptions options,
             bool optionsValid, tile::CompileCache *cache,
             ArrayRef<StringRef> keyParts) {
  std::string key;
  if (cache) {
    key = tile::CompileCache::getKey(keyParts);
    if (std::optional<tile::CacheEntry> hit = cache->lookup(key)) {
      if (ptxasInfo)
        llvm::errs() << hit->report;
      return hit;
    }
  }

  DefaultTimingManager timingManager;
  timingManager.setEnabled(timing);
  TimingScope rootTiming = timingManager.getRootScope();
  TimingScope setupTiming = rootTiming.nest("context set-up");
  DialectRegistry registry;
  tile::registerTileDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  setupTiming.stop();

  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(input.getBuffer(),
                                       input.getBufferIdentifier()),
      llvm::SMLoc());
  TimingScope parseTiming = rootTiming.nest("parse");
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return std::nullopt;
  parseTiming.stop();

  if (!optionsValid) {
    emitError(module->getLoc())
        << "invalid options: --sm must be 50 or more (90a for sm_90a), "
           "--num-warps a power of two, --ptx-version 60 or more, "
           "--opt-level 0 to 3, --min-blocks-per-sm not negative, "
           "--cluster-size a power of two from 1 to 8";
    return std::nullopt;
  }
  options.cudaPath = cudaPath;
  options.verifyEachPass = verifyEach;
  options.reproducerPath = reproducer;
  options.timing = &rootTiming;
  if (options.reproducerPath.empty()) {
    SmallString<128> path;
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, path);
    llvm::sys::path::append(
        path, "tile-translate-" +
                  std::to_string(llvm::sys::Process::getProcessId()) +
                  ".reproducer.mlir");
    options.reproducerPath = std::string(path);
  }

  // Assembling may lower the input again another way (compileCubin).
  bool assembles = emit == Emit::Cubin || emit == Emit::Launcher || ptxasInfo;
  OwningOpRef<ModuleOp> source;
  if (assembles && options.tuneRegisters)
    source = cast<ModuleOp>((*module)->clone());
  if (failed(tile::lowerToLLVM(*module, options))) {
    if (llvm::sys::fs::exists(options.reproducerPath))
      llvm::errs() << "tile-translate: reproducer written to "
                   << options.reproducerPath << " (tile-opt --run-reproducer "
                   << options.reproducerPath << " runs it again)\n";
    return std::nullopt;
  }
  std::string result, report;
  if (emit == Emit::LLVMIR) {
    FailureOr<std::string> ir = tile::emitLLVMIR(*module);
    if (failed(ir))
      return std::nullopt;
    result = *ir;
  } else if (assembles) {
    FailureOr<tile::CubinResult> compiled =
        tile::compileCubin(*module, options, source ? *source : ModuleOp());
    if (failed(compiled))
      return std::nullopt;
    report = compiled->report;
    if (ptxasInfo)
      llvm::errs() << report;
    result = emit == Emit::PTX ? compiled->ptx : compiled->cubin;
  } else {
    FailureOr<std::string> ptx = tile::emitPTX(*module, options);
    if (failed(ptx))
      return std::nullopt;
    result = *ptx;
  }

  // Read after assembling, which may have replaced the lowering.
  FailureOr<SmallVector<tile::KernelInfo>> kernels =
      tile::getKernelInfo(*module);
  if (failed(kernels))
    return std::nullopt;
  tile::CacheEntry entry{std::move(result), tile::formatKernelInfo(*kernels),
                         std::move(report)};
  if (cache)
    cache->store(key, entry);
  return entry;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  tile::registerTilePassesAndPipelines();
  cl::HideUnrelatedOptions(tileCategory);
  cl::ParseCommandLineOptions(argc, argv, "tile IR to LLVM IR, PTX or cubin\n");

  std::string error;
  auto input = openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << "tile-translate: " << error << "\n";
    return 1;
  }
  if (!variants.empty() && emit != Emit::Launcher) {
    llvm::errs() << "tile-translate: error: --variant makes a launcher's "
                    "variants: use it with --emit=launcher\n";
    return 1;
  }
  tile::CompileOptions options;
  bool optionsValid = fillOptions(options);
  // Results kept from an earlier run of the same input and options: no
  // context, no parsing, no compile.
  std::optional<tile::CompileCache> cache;
  std::optional<std::string> arguments;
  if (useCache && optionsValid && !timing && !verifyEach &&
      (arguments = getKeyedArguments(argc, argv)))
    cache = tile::CompileCache::open();
  // The cache key's parts: the input, the options, the toolkit, and a
  // variant's entries.
  std::string toolkit = cache ? tile::getToolkitIdentity(cudaPath) : "";
  SmallVector<StringRef, 5> keyParts = {
      input->getBuffer(), arguments ? StringRef(*arguments) : StringRef(),
      StringRef(inputFilename).ends_with(".ttir") ? "ttir" : "mlir", toolkit};

  // The variants first, in their order, then the kernels without them.
  SmallVector<Compiled> results;
  for (StringRef variant : variants) {
    Compiled compiled;
    compiled.conditions = tile::splitSpecializations(variant);
    // A variant's entry replaces a --specialize entry of the same name.
    auto nameOf = [](StringRef entry) {
      std::optional<tile::SpecializationEntry> parsed =
          tile::parseSpecialization(entry);
      return parsed ? parsed->name : StringRef();
    };
    tile::CompileOptions variantOptions = options;
    llvm::erase_if(variantOptions.specializations, [&](StringRef entry) {
      return llvm::any_of(compiled.conditions, [&](StringRef condition) {
        return !nameOf(entry).empty() && nameOf(condition) == nameOf(entry);
      });
    });
    llvm::append_range(variantOptions.specializations, compiled.conditions);
    std::string variantKey = ("variant " + variant).str();
    SmallVector<StringRef, 5> parts(keyParts);
    parts.push_back(variantKey);
    std::optional<tile::CacheEntry> entry = compileInput(
        *input, variantOptions, optionsValid, cache ? &*cache : nullptr, parts);
    if (!entry)
      return 1;
    compiled.entry = std::move(*entry);
    results.push_back(std::move(compiled));
  }
  std::optional<tile::CacheEntry> generic = compileInput(
      *input, options, optionsValid, cache ? &*cache : nullptr, keyParts);
  if (!generic)
    return 1;
  results.push_back({{}, std::move(*generic)});

  const tile::CacheEntry &result = results.back().entry;
  bool written = emit == Emit::Launcher
                     ? writeLauncher(results, options)
                     : writeFile(outputFilename, result.output, "output");
  return written && (kernelInfo.empty() ||
                     writeFile(kernelInfo, result.kernelInfo, "kernel info"))
             ? 0
             : 1;
}
