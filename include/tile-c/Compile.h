// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- tile-c/Compile.h - register everything, compile to PTX/cubin --------===
 *
 * The entry points an embedding compiler needs: register tile's dialects,
 * passes and translations, and compile a module of tile IR to LLVM IR, PTX
 * or a cubin. Failures are reported through diagnostics and MlirLogicalResult;
 * nothing aborts on bad input.
 *
 *===----------------------------------------------------------------------===*/

#ifndef TILE_C_COMPILE_H
#define TILE_C_COMPILE_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Registers the tile dialect and every dialect, interface and translation a
/// tile compilation goes through (arith, math, scf, cf, func, gpu, nvvm, llvm,
/// ...; conversion to LLVM; the NVVM target of gpu-module-to-binary). A null
/// registry is ignored.
MLIR_CAPI_EXPORTED void
mlirTileRegisterAllDialects(MlirDialectRegistry registry);

/// Registers tile's passes, the `tile-to-llvm` pipeline, and MLIR's passes,
/// so that pass pipelines given as text can name them (once per process;
/// later calls do nothing).
MLIR_CAPI_EXPORTED void mlirTileRegisterAllPasses(void);

/// Initializes LLVM's NVPTX target (idempotent; mlirTileCompile does it).
MLIR_CAPI_EXPORTED void mlirTileInitializeNVPTXTarget(void);

/// Everything tile needs, in one call: mlirTileRegisterAllDialects into
/// `registry`, mlirTileRegisterAllPasses and mlirTileInitializeNVPTXTarget.
/// Each part may be called any number of times.
MLIR_CAPI_EXPORTED void mlirTileRegisterAll(MlirDialectRegistry registry);

/// What mlirTileCompile emits.
typedef enum MlirTileEmitKind {
  MlirTileEmitLLVMIR = 0, ///< LLVM IR (text) of the kernels
  MlirTileEmitPTX = 1,    ///< PTX (text)
  MlirTileEmitCubin = 2   ///< a cubin (binary; runs ptxas)
} MlirTileEmitKind;

/// Compilation options. Initialize with mlirTileCompileOptionsInit.
typedef struct MlirTileCompileOptions {
  int sm; ///< target SM version: 90 is sm_90
  /// The SM version's architecture-specific features (sm_90a: wgmma); the
  /// code then runs on that version only.
  bool archSpecific;
  int numWarps;   ///< warps per block (a power of two)
  int ptxVersion; ///< PTX ISA version x10: 80 is PTX 8.0
  int optLevel;   ///< LLVM optimization level (0-3)
  MlirTileEmitKind emit;
  /// CUDA toolkit directory (ptxas, libdevice); NULL: CUDA_HOME, CUDA_PATH,
  /// ptxas on PATH, /usr/local/cuda.
  const char *cudaPath;
  /// Receives each diagnostic as "location: severity: message" (NULL: the
  /// context's diagnostic handlers get them).
  MlirStringCallback diagnosticCallback;
  void *diagnosticUserData;
  /// Allow floating-point multiply and add to fuse into fma (as nvcc's
  /// --fmad and Triton's enable_fp_fusion do).
  bool fpFusion;
  /// The module is distributed tile IR: compile it with its layouts as
  /// written (no layout assignment, coalescing or layout clean-up).
  bool keepLayouts;
  /// Buffers per pipelined load: loads feeding tensor-core dots in loops are
  /// issued numStages - 1 iterations ahead (cp.async); below 2, none.
  int numStages;
  /// Blocks that should fit on one SM at once (PTX .minnctapersm, as the
  /// second argument of CUDA's __launch_bounds__); 0: no bound.
  int minBlocksPerSM;
  /// Pipelined loops of at most two iterations are split like longer ones:
  /// the iterations whose copies' bounds checks all hold run without them,
  /// as straight-line code (see tuneRegisters).
  bool splitShortLoops;
  /// A dot operand an earlier dot stored to shared memory is read from that
  /// buffer, in another layout too (see tuneRegisters).
  bool shareOperandBuffers;
  /// Pipelined TMA loads come from a producer thread of an extra warp
  /// (sm_90): the kernels that get one run numWarps + 1 warps, as
  /// mlirTileGetKernelInfo reports.
  bool warpSpecialize;
  /// CTAs per cluster along x (sm_90; a power of two up to 8, 1: no
  /// clusters): the grid's x dimension must be a multiple, as
  /// mlirTileGetKernelInfo reports; warp-specialized TMA loads that every
  /// CTA of a cluster makes alike are multicast.
  int clusterSize;
  /// The module is a Triton program (TTIR): its f32 division, exponential
  /// and square root mean Triton's approximate instructions.
  bool ttir;
  /// What the launcher knows about the kernels' arguments, by name, as
  /// tile-translate's --specialize entries separated by commas
  /// ("n=4096,x%16": n's value folded, x a multiple of 16); NULL or empty:
  /// nothing.
  const char *specialize;
  /// For a cubin, without minBlocksPerSM: a kernel that spills a kilobyte or
  /// more on fewer registers than one block may have is assembled again with
  /// them (.maxnreg), kept where it spills less; a kernel whose registers
  /// alone hold it below 16 warps an SM, where shared memory and threads
  /// admit one more block, is assembled again for that block
  /// (.minnctapersm), kept where ptxas spills no more. Where the kernels
  /// spill after a loop of at most two iterations was split, the module is
  /// lowered again without splitting such loops, kept where it spills at
  /// most half as much; where they spill after two dots shared an operand
  /// buffer, again without sharing, kept where it spills less (the module
  /// passed in is then the form kept).
  bool tuneRegisters;
  /// Keep the emitted result in the compile cache ($TILE_CACHE_DIR, else
  /// tile under the user's cache directory; TILE_CACHE_DIR empty or "off":
  /// none) and read it back for the same lowered module and options: the
  /// module is still lowered in place, LLVM's code generation and ptxas
  /// are what a hit saves. A module that tuneRegisters may lower again
  /// another way (see there) is not cached.
  bool cache;
} MlirTileCompileOptions;

/// Sets the defaults: sm 90, 4 warps, PTX 8.0, O3, PTX, no CUDA path, no
/// diagnostic callback, fp fusion on, layouts assigned by the compiler,
/// 3 pipeline stages, no warp specialization, not a Triton program, no
/// specialization, occupancy raised, the compile cache used.
MLIR_CAPI_EXPORTED void
mlirTileCompileOptionsInit(MlirTileCompileOptions *options);

/// Compiles `module` (tile IR; lowered in place) and passes the result to
/// `callback` (possibly in several pieces). After success the module carries
/// `tilegpu.shared_memory` (bytes of dynamic shared memory a block needs) and
/// kernels run with numWarps * 32 threads (one warp more where
/// warpSpecialize split them: see mlirTileGetKernelInfo). Fails, with
/// diagnostics, on invalid IR, invalid options, a missing CUDA toolkit, or an
/// error in any step.
MLIR_CAPI_EXPORTED MlirLogicalResult
mlirTileCompile(MlirModule module, const MlirTileCompileOptions *options,
                MlirStringCallback callback, void *userData);

/// A tensor-descriptor parameter of a kernel: the CUtensorMap the host
/// passes for it (e.g. built by the runtime's tileTensorMapEncode) reads
/// boxes of boxRows x boxCols elements of elementBytes bytes, swizzled by
/// `swizzle` bytes (0, 32, 64 or 128).
typedef struct MlirTileTensorMapInfo {
  unsigned argIndex; ///< the kernel parameter's index
  unsigned elementBytes, boxRows, boxCols, swizzle;
} MlirTileTensorMapInfo;

/// A kernel parameter as the source declared it: its name (empty where the
/// argument has none) and its type as tile IR spells it (`!tile.ptr<f32>`,
/// `i32`, ...).
typedef struct MlirTileKernelParam {
  MlirStringRef name;
  MlirStringRef type;
} MlirTileKernelParam;

/// What a launch needs to know about one kernel of a compiled module (what
/// `tile-translate --kernel-info` writes).
typedef struct MlirTileKernelInfo {
  MlirStringRef name;  ///< the kernel's symbol in the PTX or cubin
  int threads;         ///< threads per block
  int64_t sharedBytes; ///< bytes of dynamic shared memory a block needs
  const MlirTileTensorMapInfo *tensorMaps; ///< its descriptor parameters
  size_t numTensorMaps;
  int clusterSize; ///< CTAs per cluster along x: the grid's x is a multiple
  const MlirTileKernelParam *params; ///< its parameters, in order
  size_t numParams;
  /// Bytes of global scratch each block uses (tensor maps the kernel
  /// writes), or 0. Where not 0, the last parameter points at this many
  /// bytes times the grid's blocks, 128-byte aligned, which the launch
  /// provides.
  int64_t globalScratchBytes;
} MlirTileKernelInfo;

typedef void (*MlirTileKernelInfoCallback)(const MlirTileKernelInfo *info,
                                           void *userData);

/// Calls `callback` with the launch information of each kernel of `module`
/// after mlirTileCompile has lowered it, in order; `info` and what it points
/// to live during the call only. Fails, with a diagnostic, on a module
/// without lowered kernels (not compiled) or with a malformed tensor-map
/// attribute; without one on null arguments.
MLIR_CAPI_EXPORTED MlirLogicalResult mlirTileGetKernelInfo(
    MlirModule module, MlirTileKernelInfoCallback callback, void *userData);

/// The C launcher (what `tile-translate --emit=launcher` writes) of a module
/// that mlirTileCompile compiled to `cubin` (its callback's bytes) with
/// `options`: `header` receives NAME.h, `source` NAME.c (which includes
/// "NAME.h"); `name`, a C identifier, also prefixes the module's functions
/// (NAME_error, NAME_unload). Each kernel gets
/// `<kernel>_launch(stream, grid_x, grid_y, grid_z, parameters...)`
/// returning a CUresult. Fails, with a diagnostic, on a module that was not
/// compiled, a name that is not a C identifier or a parameter a launcher
/// cannot pass; without one on null arguments.
MLIR_CAPI_EXPORTED MlirLogicalResult mlirTileEmitLauncher(
    MlirModule module, const MlirTileCompileOptions *options,
    MlirStringRef cubin, MlirStringRef name, MlirStringCallback header,
    MlirStringCallback source, void *userData);

/// One compiled form of a module's kernels, for
/// mlirTileEmitLauncherVariants: the module mlirTileCompile lowered, the
/// cubin it gave, and the comma-separated specializations (`NAME%K`,
/// `NAME=VALUE`) it was compiled with beyond the others' (empty: none).
typedef struct MlirTileLauncherVariant {
  MlirModule module;
  MlirStringRef cubin;
  MlirStringRef conditions;
} MlirTileLauncherVariant;

/// mlirTileEmitLauncher over several compiled forms of one source (what
/// `tile-translate --variant` makes): each launch runs the first variant
/// whose conditions its arguments meet; the last has none. Fails, with a
/// diagnostic, where the variants' kernels or parameters differ or a
/// condition names no parameter, besides mlirTileEmitLauncher's failures.
MLIR_CAPI_EXPORTED MlirLogicalResult mlirTileEmitLauncherVariants(
    const MlirTileLauncherVariant *variants, size_t numVariants,
    const MlirTileCompileOptions *options, MlirStringRef name,
    MlirStringCallback header, MlirStringCallback source, void *userData);

#ifdef __cplusplus
}
#endif

#endif // TILE_C_COMPILE_H
