//===- Launcher.cpp - C launchers of compiled kernels ---------------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A launcher is plain C over the CUDA driver API (cuda.h), so that a C
// program builds it with any C compiler: the cubin as a byte array, loaded
// once per context on the first launch in it (under a mutex), with the
// device's compute capability and the driver's version checked first;
// large shared memory opted in at load; tensor maps of descriptor
// parameters built from the base, sizes and row stride; a kernel's global
// scratch allocated and freed on the launch's stream. Errors are returned
// as CUresult codes, with a message per thread; nothing exits or aborts.
//
//===----------------------------------------------------------------------===//

#include "tile/Compiler/Launcher.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tile;

std::string mlir::tile::formatKernelInfo(ArrayRef<KernelInfo> kernels) {
  std::string text;
  llvm::raw_string_ostream os(text);
  for (const KernelInfo &k : kernels) {
    os << "kernel " << k.name << " threads " << k.threads << " shared "
       << k.sharedBytes;
    if (k.clusterSize > 1)
      os << " cluster " << k.clusterSize;
    os << "\n";
    if (k.globalScratchBytes)
      os << "global_scratch " << k.name << " " << k.globalScratchBytes << "\n";
    for (const TensorMapInfo &m : k.tensorMaps)
      os << "tensormap " << k.name << " " << m.argIndex << " " << m.elementBytes
         << " " << m.boxRows << " " << m.boxCols << " " << m.swizzle << "\n";
    for (auto [index, param] : llvm::enumerate(k.params))
      os << "param " << k.name << " " << index << " "
         << (param.name.empty() ? "-" : param.name) << " " << param.type
         << "\n";
  }
  return text;
}

llvm::Expected<SmallVector<KernelInfo>>
mlir::tile::parseKernelInfo(StringRef text) {
  SmallVector<KernelInfo> kernels;
  auto malformed = [](StringRef line) {
    return llvm::createStringError("malformed kernel information line '" +
                                   line + "'");
  };
  SmallVector<StringRef> lines;
  text.split(lines, '\n', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef line : lines) {
    SmallVector<StringRef> words;
    line.split(words, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    if (words.size() < 2)
      return malformed(line);
    if (words[0] == "kernel") {
      KernelInfo k{words[1].str(), 0, 0, {}, {}};
      if (words.size() < 6 || words[2] != "threads" || words[4] != "shared" ||
          words[3].getAsInteger(10, k.threads) ||
          words[5].getAsInteger(10, k.sharedBytes) ||
          (words.size() != 6 && (words.size() != 8 || words[6] != "cluster" ||
                                 words[7].getAsInteger(10, k.clusterSize))))
        return malformed(line);
      kernels.push_back(std::move(k));
      continue;
    }
    if (kernels.empty() || words[1] != kernels.back().name)
      return malformed(line);
    KernelInfo &k = kernels.back();
    if (words[0] == "global_scratch") {
      if (words.size() != 3 || words[2].getAsInteger(10, k.globalScratchBytes))
        return malformed(line);
    } else if (words[0] == "tensormap") {
      TensorMapInfo m;
      if (words.size() != 7 || words[2].getAsInteger(10, m.argIndex) ||
          words[3].getAsInteger(10, m.elementBytes) ||
          words[4].getAsInteger(10, m.boxRows) ||
          words[5].getAsInteger(10, m.boxCols) ||
          words[6].getAsInteger(10, m.swizzle))
        return malformed(line);
      k.tensorMaps.push_back(m);
    } else if (words[0] == "param") {
      size_t index;
      if (words.size() < 5 || words[2].getAsInteger(10, index) ||
          index != k.params.size())
        return malformed(line);
      // The type is the rest of the line (a type may hold spaces).
      StringRef type = line.drop_front(words[4].data() - line.data());
      k.params.push_back(
          {words[3] == "-" ? std::string() : words[3].str(), type.str()});
    } else {
      return malformed(line);
    }
  }
  return kernels;
}

namespace {

/// How one source parameter is passed: the C parameters of the launch
/// function, the statements that make what the kernel receives, and the
/// expression whose address cuLaunchKernel takes.
struct ParamCode {
  SmallVector<std::string> declarations;
  std::string setup, value;
};

/// C keywords (and the names the generated code uses) that a parameter
/// name cannot be.
bool isReserved(StringRef name) {
  static const llvm::StringSet<> reserved = {
      "auto",     "break",    "case",     "char",   "const",   "continue",
      "default",  "do",       "double",   "else",   "enum",    "extern",
      "float",    "for",      "goto",     "if",     "inline",  "int",
      "long",     "register", "restrict", "return", "short",   "signed",
      "sizeof",   "static",   "struct",   "switch", "typedef", "union",
      "unsigned", "void",     "volatile", "while",  "bool",    "stream",
      "grid_x",   "grid_y",   "grid_z"};
  return reserved.contains(name) || name.starts_with("tile_");
}

/// A C identifier for parameter `index` named `name`.
std::string paramName(StringRef name, size_t index) {
  std::string id;
  for (char c : name)
    id += llvm::isAlnum(c) || c == '_' ? c : '_';
  if (id.empty() || llvm::isDigit(id[0]))
    id = "arg" + std::to_string(index) + (id.empty() ? "" : "_" + id);
  if (isReserved(id))
    id += "_";
  return id;
}

/// The CUtensorMapDataType of a descriptor's element type (as the kernel
/// information's parameter type spells it): what a TMA reduction combines
/// as; types TMA lacks move as unsigned integers of their size.
std::optional<StringRef> getMapDataType(StringRef element) {
  return llvm::StringSwitch<std::optional<StringRef>>(element)
      .Case("f16", "CU_TENSOR_MAP_DATA_TYPE_FLOAT16")
      .Case("bf16", "CU_TENSOR_MAP_DATA_TYPE_BFLOAT16")
      .Case("f32", "CU_TENSOR_MAP_DATA_TYPE_FLOAT32")
      .Case("f64", "CU_TENSOR_MAP_DATA_TYPE_FLOAT64")
      .Case("i32", "CU_TENSOR_MAP_DATA_TYPE_INT32")
      .Case("ui32", "CU_TENSOR_MAP_DATA_TYPE_UINT32")
      .Case("i64", "CU_TENSOR_MAP_DATA_TYPE_INT64")
      .Case("ui64", "CU_TENSOR_MAP_DATA_TYPE_UINT64")
      .Cases({"i16", "ui16"}, "CU_TENSOR_MAP_DATA_TYPE_UINT16")
      .Cases({"i8", "ui8", "f8E4M3FN", "f8E5M2"},
             "CU_TENSOR_MAP_DATA_TYPE_UINT8")
      .Default(std::nullopt);
}

/// The CUtensorMapSwizzle of a swizzle of `bytes`.
StringRef getSwizzleName(unsigned bytes) {
  switch (bytes) {
  case 32:
    return "CU_TENSOR_MAP_SWIZZLE_32B";
  case 64:
    return "CU_TENSOR_MAP_SWIZZLE_64B";
  case 128:
    return "CU_TENSOR_MAP_SWIZZLE_128B";
  default:
    return "CU_TENSOR_MAP_SWIZZLE_NONE";
  }
}

/// How parameter `index` of `kernel`, of source type `type`, is passed.
llvm::Expected<ParamCode> getParamCode(const KernelInfo &kernel, size_t index,
                                       StringRef type, StringRef id) {
  ParamCode code;
  auto scalar = [&](StringRef cType, StringRef holder, StringRef conversion) {
    code.declarations.push_back((cType + " " + id).str());
    if (holder.empty()) {
      code.value = id.str();
      return;
    }
    // Narrow values are held in 32 bits: the driver copies the parameter's
    // size from the start of the value (its low bytes, little-endian).
    code.setup = llvm::formatv("  {0} tile_{1} = ({0})({2});\n", holder, id,
                               conversion.empty() ? id : conversion);
    code.value = ("tile_" + id).str();
  };
  if (type.starts_with("!tile.ptr<")) {
    scalar("CUdeviceptr", "", "");
  } else if (type == "i1") {
    scalar("int", "uint32_t", (id + " != 0").str());
  } else if (type == "i8" || type == "i16") {
    scalar(type == "i8" ? "int8_t" : "int16_t", "int32_t", "");
  } else if (type == "i32" || type == "i64") {
    scalar(type == "i32" ? "int32_t" : "int64_t", "", "");
  } else if (type == "f16" || type == "bf16") {
    scalar("uint16_t", "uint32_t", "");
  } else if (type == "f32" || type == "f64") {
    scalar(type == "f32" ? "float" : "double", "", "");
  } else if (type.consume_front("!tile.tensordesc<") &&
             type.consume_back(">")) {
    const TensorMapInfo *map = nullptr;
    for (const TensorMapInfo &m : kernel.tensorMaps)
      if (m.argIndex == index)
        map = &m;
    std::optional<StringRef> dataType =
        getMapDataType(type.substr(type.rfind('x') + 1));
    if (!map || !dataType)
      return llvm::createStringError(
          llvm::formatv("parameter {0} of {1}: no tensor map for !tile."
                        "tensordesc<{2}>",
                        index, kernel.name, type)
              .str());
    for (StringRef part : {"", "_rows", "_cols", "_row_stride"})
      code.declarations.push_back(
          ((part.empty() ? "CUdeviceptr " : "uint64_t ") + id + part).str());
    code.setup = llvm::formatv(
        "  CUtensorMap tile_{0};\n"
        "  {{\n"
        "    cuuint64_t dims[2] = {{{0}_cols, {0}_rows};\n"
        "    cuuint64_t strides[1] = {{{0}_row_stride * {1}};\n"
        "    cuuint32_t box[2] = {{{2}, {3}}, unit[2] = {{1, 1};\n"
        "    tile_status = cuTensorMapEncodeTiled(\n"
        "        &tile_{0}, {4}, 2, (void *)(uintptr_t){0}, dims, strides, "
        "box,\n"
        "        unit, CU_TENSOR_MAP_INTERLEAVE_NONE, {5},\n"
        "        CU_TENSOR_MAP_L2_PROMOTION_L2_256B, "
        "CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);\n"
        "    if (tile_status != CUDA_SUCCESS)\n"
        "      return tile_fail(tile_status, \"the tensor map of {0} "
        "(cuTensorMapEncodeTiled: a 16-byte aligned base, row stride a "
        "multiple of 16 bytes)\");\n"
        "  }\n",
        id, map->elementBytes, map->boxCols, map->boxRows, *dataType,
        getSwizzleName(map->swizzle));
    code.value = ("tile_" + id).str();
  } else {
    return llvm::createStringError(
        llvm::formatv("parameter {0} of {1} has type {2}, which a launcher "
                      "cannot pass",
                      index, kernel.name, type)
            .str());
  }
  return code;
}

/// The CUDA version (x1000 + x10) whose driver first takes PTX ISA
/// `ptxVersion` (x10).
int getMinimumDriver(int ptxVersion) {
  static const std::pair<int, int> versions[] = {
      {90, 13000}, {88, 12090}, {87, 12080}, {86, 12070}, {85, 12050},
      {84, 12040}, {83, 12030}, {82, 12020}, {81, 12010}, {80, 12000},
      {78, 11080}, {77, 11070}, {76, 11060}, {75, 11050}, {74, 11040},
      {73, 11030}, {72, 11020}, {71, 11010}, {70, 11000}};
  for (auto [ptx, driver] : versions)
    if (ptxVersion >= ptx)
      return driver;
  return 10000;
}

/// The C test of a variant's condition (`NAME%K`: the argument, or the
/// address a pointer holds, a multiple of K; `NAME=VALUE`: the scalar is
/// VALUE) on this kernel's parameters `byName` (C name and type by source
/// name); empty where this kernel has no such parameter. Fails where no
/// kernel of `kernels` has one, or on a form a launch cannot test.
llvm::Expected<std::string> getConditionCode(
    StringRef condition,
    const llvm::StringMap<std::pair<std::string, std::string>> &byName,
    ArrayRef<KernelInfo> kernels) {
  auto invalid = [&](const Twine &why) {
    return llvm::createStringError("variant entry '" + condition + "': " + why);
  };
  std::optional<SpecializationEntry> entry = parseSpecialization(condition);
  if (!entry)
    return invalid("expected NAME%K or NAME=VALUE");
  StringRef name = entry->name, value = entry->value;
  auto it = byName.find(name);
  if (it == byName.end()) {
    bool anyKernel = llvm::any_of(kernels, [&](const KernelInfo &k) {
      return llvm::any_of(k.params,
                          [&](const KernelParam &p) { return p.name == name; });
    });
    if (!anyKernel)
      return invalid("no kernel has a parameter '" + name +
                     "' whose argument a launch could test");
    return std::string();
  }
  const auto &[id, type] = it->second;
  if (StringRef(type).starts_with("!tile.tensordesc"))
    return invalid("a tensor descriptor's conditions are not tested");
  int64_t integer;
  if (entry->isDivisibility) {
    if (value.getAsInteger(10, integer) || integer < 1)
      return invalid("K must be a positive integer");
    return llvm::formatv("{0} % {1} == 0", id, integer).str();
  }
  if (type == "i1" && (value == "true" || value == "false"))
    return id + (value == "true" ? " != 0" : " == 0");
  if (!value.getAsInteger(10, integer))
    return llvm::formatv("{0} == {1}", id, integer).str();
  double real;
  if ((type == "f32" || type == "f64") && !value.getAsDouble(real))
    return llvm::formatv("{0} == ({1}){2}", id,
                         type == "f32" ? "float" : "double", value)
        .str();
  return invalid("a " + type + " parameter cannot be tested for '" + value +
                 "'");
}

} // namespace

llvm::Expected<LauncherFiles>
mlir::tile::emitLauncher(ArrayRef<LauncherVariant> variants, StringRef name,
                         const CompileOptions &options) {
  if (name.empty() || llvm::isDigit(name.front()) ||
      !llvm::all_of(name, [](char c) { return llvm::isAlnum(c) || c == '_'; }))
    return llvm::createStringError(
        "a launcher's name must be a C identifier, got '" + name + "'");
  if (variants.empty() || !variants.back().conditions.empty())
    return llvm::createStringError(
        "a launcher needs the kernels without conditions, last");
  // One set of kernels, one signature each, in every variant.
  ArrayRef<KernelInfo> kernels = variants.back().kernels;
  for (const LauncherVariant &variant : variants) {
    bool same = variant.kernels.size() == kernels.size();
    for (size_t k = 0; same && k < kernels.size(); ++k) {
      const KernelInfo &a = variant.kernels[k], &b = kernels[k];
      same = a.name == b.name && a.clusterSize == b.clusterSize &&
             a.params.size() == b.params.size() &&
             a.tensorMaps.size() == b.tensorMaps.size() &&
             bool(a.globalScratchBytes) == bool(b.globalScratchBytes);
      for (size_t i = 0; same && i < a.params.size(); ++i)
        same = a.params[i].type == b.params[i].type;
    }
    if (!same)
      return llvm::createStringError(
          "the variant '" + llvm::join(variant.conditions, ",") +
          "' has other kernels or parameters than the kernels without it");
  }
  size_t numVariants = variants.size();
  LauncherFiles files;
  std::string guard = "TILE_LAUNCHER_" + name.upper() + "_H";
  llvm::raw_string_ostream h(files.header), c(files.source);
  std::string target = getTargetName(options);
  int driver = getMinimumDriver(options.ptxVersion);

  h << "/* Launchers of the kernels of " << name << " (" << target
    << "), generated by tile-translate --emit=launcher.\n"
    << "   Each returns CUDA_SUCCESS or an error code, whose message " << name
    << "_error()\n"
    << "   gives; it launches on the current context's device, loading "
       "the kernels\n"
    << "   there on its first launch. A grid of no blocks launches "
       "nothing. */\n"
    << "#ifndef " << guard << "\n#define " << guard << "\n\n"
    << "#include <cuda.h>\n#include <stdint.h>\n\n"
    << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n";

  c << "/* Generated by tile-translate --emit=launcher: the kernels of " << name
    << " for " << target << ". */\n"
    << "#include \"" << name << ".h\"\n\n"
    << "#include <pthread.h>\n#include <stdarg.h>\n#include <stdio.h>\n\n";
  for (auto [v, variant] : llvm::enumerate(variants)) {
    StringRef cubin = variant.cubin;
    c << "/* Compiled "
      << (variant.conditions.empty()
              ? "for any arguments"
              : "for " + llvm::join(variant.conditions, ", "))
      << ". */\n"
      << "static const unsigned char tile_cubin_" << v << "[" << cubin.size()
      << "] __attribute__((aligned(8))) = {";
    for (size_t i = 0; i < cubin.size(); ++i)
      c << (i % 16 ? " " : "\n    ")
        << llvm::formatv("{0:x2},", static_cast<unsigned char>(cubin[i]));
    c << "\n};\n\n";
  }
  c << "static const unsigned char *const tile_cubins[" << numVariants
    << "] = {";
  for (size_t v = 0; v < numVariants; ++v)
    c << "tile_cubin_" << v << ", ";
  c << "};\n\n";

  c << "static const char *const tile_names[" << kernels.size() << "] = {";
  for (const KernelInfo &k : kernels)
    c << "\"" << k.name << "\", ";
  c << "};\n\n";
  c << llvm::formatv(
      R"c(#define TILE_KERNELS {0}
#define TILE_VARIANTS {9}
#define TILE_CONTEXTS 64

static _Thread_local char tile_message[512];

const char *{1}_error(void) {{ return tile_message; }

/* Records what failed, with the driver's name for `status`. */
static CUresult tile_fail(CUresult status, const char *what, ...) {{
  const char *code = NULL;
  if (cuGetErrorName(status, &code) != CUDA_SUCCESS || !code)
    code = "an unknown error";
  va_list args;
  va_start(args, what);
  int n = vsnprintf(tile_message, sizeof(tile_message), what, args);
  va_end(args);
  if (n >= 0 && (size_t)n < sizeof(tile_message))
    snprintf(tile_message + n, sizeof(tile_message) - n, ": %s", code);
  return status;
}

/* The kernels as loaded into one context. */
typedef struct {{
  CUcontext context;
  CUmodule modules[TILE_VARIANTS];
  CUfunction functions[TILE_VARIANTS][TILE_KERNELS];
} TileLoaded;

static TileLoaded tile_loaded[TILE_CONTEXTS];
static int tile_num_loaded;
static pthread_mutex_t tile_lock = PTHREAD_MUTEX_INITIALIZER;

/* Whether the current context's device runs {2} and the driver is new
   enough for the kernels' PTX ISA. */
static CUresult tile_check_device(void) {{
  CUdevice device;
  int major = 0, minor = 0, driver = 0;
  CUresult status = cuCtxGetDevice(&device);
  if (status == CUDA_SUCCESS)
    status = cuDeviceGetAttribute(
        &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device);
  if (status == CUDA_SUCCESS)
    status = cuDeviceGetAttribute(
        &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device);
  if (status == CUDA_SUCCESS)
    status = cuDriverGetVersion(&driver);
  if (status != CUDA_SUCCESS)
    return tile_fail(status, "reading the device's compute capability");
  if ({3})
    return tile_fail(CUDA_ERROR_NO_BINARY_FOR_GPU,
                     "the kernels are compiled for {2}, which a device of "
                     "compute capability %d.%d does not run",
                     major, minor);
  if (driver < {4})
    return tile_fail(CUDA_ERROR_UNSUPPORTED_PTX_VERSION,
                     "the driver supports CUDA %d.%d; the kernels need "
                     "CUDA {5}.{6} or newer (PTX ISA {7}.{8})",
                     driver / 1000, driver % 1000 / 10);
  return CUDA_SUCCESS;
}

/* The kernels in the current context, loaded on first use. */
static CUresult tile_load(const TileLoaded **loaded) {{
  CUcontext context = NULL;
  CUresult status = cuCtxGetCurrent(&context);
  if (status != CUDA_SUCCESS)
    return tile_fail(status, "cuCtxGetCurrent");
  if (!context)
    return tile_fail(CUDA_ERROR_INVALID_CONTEXT,
                     "no current CUDA context (cuCtxSetCurrent, or the "
                     "runtime's cudaSetDevice, first)");
  pthread_mutex_lock(&tile_lock);
  for (int i = 0; i < tile_num_loaded; ++i)
    if (tile_loaded[i].context == context) {{
      *loaded = &tile_loaded[i];
      pthread_mutex_unlock(&tile_lock);
      return CUDA_SUCCESS;
    }
  TileLoaded entry = {{context, {{NULL}, {{{{NULL}}};
  if (tile_num_loaded == TILE_CONTEXTS)
    status = tile_fail(CUDA_ERROR_OUT_OF_MEMORY,
                       "the kernels are loaded in %d contexts already",
                       TILE_CONTEXTS);
  else
    status = tile_check_device();
  for (int v = 0; status == CUDA_SUCCESS && v < TILE_VARIANTS; ++v) {{
    if ((status = cuModuleLoadData(&entry.modules[v], tile_cubins[v])) !=
        CUDA_SUCCESS)
      tile_fail(status, "loading the kernels (cuModuleLoadData)");
    for (int k = 0; status == CUDA_SUCCESS && k < TILE_KERNELS; ++k)
      if ((status = cuModuleGetFunction(&entry.functions[v][k],
                                        entry.modules[v], tile_names[k])) !=
          CUDA_SUCCESS)
        tile_fail(status, "cuModuleGetFunction(%s)", tile_names[k]);
  }
)c",
      kernels.size(), name, target,
      options.archSpecific
          ? llvm::formatv("major * 10 + minor != {0}", options.sm).str()
          : llvm::formatv("major != {0} || minor < {1}", options.sm / 10,
                          options.sm % 10)
                .str(),
      driver, driver / 1000, driver % 1000 / 10, options.ptxVersion / 10,
      options.ptxVersion % 10, numVariants);
  // Shared memory above the 48 KiB default is opted into at load.
  for (auto [v, variant] : llvm::enumerate(variants))
    for (auto [k, kernel] : llvm::enumerate(variant.kernels))
      if (kernel.sharedBytes > 48 * 1024)
        c << llvm::formatv(
            "  if (status == CUDA_SUCCESS &&\n"
            "      (status = cuFuncSetAttribute(\n"
            "           entry.functions[{0}][{1}],\n"
            "           CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, {2})) "
            "!= CUDA_SUCCESS)\n"
            "    tile_fail(status, \"allowing {3} {2} bytes of shared "
            "memory\");\n",
            v, k, kernel.sharedBytes, kernel.name);
  c << llvm::formatv(R"c(  if (status == CUDA_SUCCESS) {{
    tile_loaded[tile_num_loaded] = entry;
    *loaded = &tile_loaded[tile_num_loaded++];
  } else {{
    for (int v = 0; v < TILE_VARIANTS; ++v)
      if (entry.modules[v])
        cuModuleUnload(entry.modules[v]);
  }
  pthread_mutex_unlock(&tile_lock);
  return status;
}

void {0}_unload(void) {{
  pthread_mutex_lock(&tile_lock);
  for (int i = 0; i < tile_num_loaded; ++i)
    if (cuCtxPushCurrent(tile_loaded[i].context) == CUDA_SUCCESS) {{
      for (int v = 0; v < TILE_VARIANTS; ++v)
        cuModuleUnload(tile_loaded[i].modules[v]);
      CUcontext popped;
      cuCtxPopCurrent(&popped);
    }
  tile_num_loaded = 0;
  pthread_mutex_unlock(&tile_lock);
}
)c",
                     name);

  h << "/* The calling thread's last error of these launchers. */\n"
    << "const char *" << name << "_error(void);\n\n"
    << "/* Unloads the kernels from every context they were loaded in: each "
       "must\n   still exist, and no launch of them run meanwhile. */\n"
    << "void " << name << "_unload(void);\n";

  for (auto [k, kernel] : llvm::enumerate(kernels)) {
    SmallVector<std::string> declarations = {
        "CUstream stream", "unsigned grid_x", "unsigned grid_y",
        "unsigned grid_z"};
    std::string setup, values;
    llvm::StringSet<> used;
    llvm::StringMap<std::pair<std::string, std::string>> byName;
    for (auto [i, param] : llvm::enumerate(kernel.params)) {
      std::string id = paramName(param.name, i);
      while (!used.insert(id).second)
        id += "_" + std::to_string(i);
      if (!param.name.empty())
        byName[param.name] = {id, param.type};
      llvm::Expected<ParamCode> code = getParamCode(kernel, i, param.type, id);
      if (!code)
        return code.takeError();
      // The global scratch is the launcher's to allocate.
      if (kernel.globalScratchBytes && i + 1 == kernel.params.size()) {
        values += "&tile_scratch, ";
        continue;
      }
      llvm::append_range(declarations, code->declarations);
      setup += code->setup;
      values += "&" + code->value + ", ";
    }
    std::string signature =
        llvm::formatv("CUresult {0}_launch({1})", kernel.name,
                      llvm::join(declarations, ", "))
            .str();
    h << "\n/* " << kernel.name << ": " << kernel.threads
      << " threads a block, " << kernel.sharedBytes
      << " bytes of shared memory";
    if (kernel.clusterSize > 1)
      h << ", clusters of " << kernel.clusterSize
        << " blocks along x (grid_x a multiple)";
    h << ". Pointers are device addresses";
    if (!kernel.tensorMaps.empty())
      h << "; a tensor descriptor is a row-major matrix: its base, rows, "
           "columns and row stride in elements (16-byte aligned base and "
           "rows)";
    h << ". */\n" << signature << ";\n";

    c << "\n"
      << signature << " {\n"
      << "  if (!grid_x || !grid_y || !grid_z)\n    return CUDA_SUCCESS;\n"
      << "  const TileLoaded *tile_kernels = NULL;\n"
      << "  CUresult tile_status = tile_load(&tile_kernels);\n"
      << "  if (tile_status != CUDA_SUCCESS)\n    return tile_status;\n";
    if (kernel.clusterSize > 1)
      c << "  if (grid_x % " << kernel.clusterSize << ")\n"
        << "    return tile_fail(CUDA_ERROR_INVALID_VALUE, \"" << kernel.name
        << " runs in clusters of " << kernel.clusterSize
        << " blocks: grid_x %u is not a multiple\", grid_x);\n";
    c << setup;
    // The first variant whose conditions the arguments meet.
    c << "  int tile_variant = " << numVariants - 1 << ";\n";
    for (auto [v, variant] : llvm::enumerate(variants)) {
      if (variant.conditions.empty())
        continue;
      SmallVector<std::string> tests;
      for (StringRef condition : variant.conditions) {
        llvm::Expected<std::string> test =
            getConditionCode(condition, byName, kernels);
        if (!test)
          return test.takeError();
        if (!test->empty())
          tests.push_back(*test);
      }
      c << "  " << (v ? "else " : "") << "if ("
        << (tests.empty() ? "1" : llvm::join(tests, " && ")) << ")\n"
        << "    tile_variant = " << v << ";\n";
    }
    auto perVariant = [&](StringRef type, StringRef what,
                          function_ref<int64_t(const KernelInfo &)> field) {
      c << "  static const " << type << " tile_" << what << "[" << numVariants
        << "] = {";
      for (const LauncherVariant &variant : variants)
        c << field(variant.kernels[k]) << ", ";
      c << "};\n";
    };
    perVariant("unsigned", "threads",
               [](const KernelInfo &info) { return info.threads; });
    perVariant("unsigned", "shared",
               [](const KernelInfo &info) { return info.sharedBytes; });
    if (kernel.globalScratchBytes) {
      perVariant("size_t", "scratch_bytes", [](const KernelInfo &info) {
        return info.globalScratchBytes;
      });
      c << "  /* Its tensor maps' global scratch. */\n"
        << "  CUdeviceptr tile_scratch = 0;\n"
        << "  tile_status = cuMemAllocAsync(&tile_scratch, (size_t)grid_x * "
           "grid_y * grid_z * tile_scratch_bytes[tile_variant], stream);\n"
        << "  if (tile_status != CUDA_SUCCESS)\n"
        << "    return tile_fail(tile_status, \"allocating " << kernel.name
        << "'s global scratch\");\n";
    }
    c << "  void *tile_params[] = {" << values << "NULL};\n"
      << "  tile_status = cuLaunchKernel(\n"
      << "      tile_kernels->functions[tile_variant][" << k
      << "], grid_x, grid_y, grid_z,\n"
      << "      tile_threads[tile_variant], 1, 1, tile_shared[tile_variant], "
         "stream,\n      tile_params, NULL);\n";
    if (kernel.globalScratchBytes)
      c << "  CUresult tile_freed = cuMemFreeAsync(tile_scratch, stream);\n"
        << "  if (tile_status == CUDA_SUCCESS)\n"
        << "    tile_status = tile_freed;\n";
    c << "  if (tile_status != CUDA_SUCCESS)\n"
      << "    return tile_fail(tile_status, \"launching " << kernel.name
      << "\");\n"
      << "  return CUDA_SUCCESS;\n}\n";
  }
  h << "\n#ifdef __cplusplus\n}\n#endif\n\n#endif /* " << guard << " */\n";
  return files;
}
