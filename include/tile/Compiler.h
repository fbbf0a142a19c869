//===- Compiler.h - tile IR to LLVM IR, PTX and cubin -----------*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The compilation steps the tools and the C API share: the tile-to-llvm
// pipeline, then LLVM IR, PTX (MLIR's NVVM serializer: LLVM's O3 pipeline
// and NVPTX back end, libdevice linked where kernels call it), and cubin
// (ptxas).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_COMPILER_H
#define TILE_COMPILER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Support/Timing.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::tile {

/// How a module is compiled: the pipeline's options (Compiler/Options.def,
/// shared with the `tile-to-llvm` pipeline, tile-translate and the C API),
/// then the driver's.
struct CompileOptions {
#define TILE_TARGET_OPTION(TYPE, FIELD, FLAG, DEFAULT, DESCRIPTION)            \
  TYPE FIELD = DEFAULT;
#define TILE_PIPELINE_OPTION(TYPE, FIELD, FLAG, DEFAULT, DESCRIPTION)          \
  TYPE FIELD = DEFAULT;
#define TILE_ASSEMBLER_OPTION(TYPE, FIELD, FLAG, DEFAULT, DESCRIPTION)         \
  TYPE FIELD = DEFAULT;
#include "tile/Compiler/Options.def"

  /// What the launcher knows about the kernels' arguments, applied first
  /// (tile-specialize's entries: NAME=VALUE folds an argument, NAME%K
  /// declares it a multiple of K). A list, so not in Options.def.
  std::vector<std::string> specializations;

  /// LLVM optimization level of the NVPTX back end.
  int optLevel = 3;
  /// The CUDA toolkit (ptxas, libdevice); empty: CUDA_HOME, CUDA_PATH,
  /// ptxas on PATH, /usr/local/cuda.
  std::string cudaPath;
  /// Run the IR verifier after every pass (tile-translate --verify-each);
  /// off by default: the input is verified once, and the passes' own IR is
  /// covered by the lit tests, which run them under tile-opt's verifier.
  bool verifyEachPass = false;
  /// Where the pass manager writes a reproducer (the input module and the
  /// pipeline, runnable with tile-opt --run-reproducer) if the pipeline
  /// fails or crashes; empty: none.
  std::string reproducerPath;
  /// Where the steps record their times (tile-translate --timing): each
  /// pass of the pipeline, LLVM IR translation, LLVM's optimization, NVPTX
  /// code generation and ptxas, nested in this scope; null: not timed.
  TimingScope *timing = nullptr;
};

/// The options of the textual pipeline `tile-to-llvm{...}`: the same list.
struct TilePipelineOptions : public PassPipelineOptions<TilePipelineOptions> {
#define TILE_TARGET_OPTION(TYPE, FIELD, FLAG, DEFAULT, DESCRIPTION)            \
  Option<TYPE> FIELD{*this, FLAG, llvm::cl::desc(DESCRIPTION),                 \
                     llvm::cl::init(DEFAULT)};
#define TILE_PIPELINE_OPTION(TYPE, FIELD, FLAG, DEFAULT, DESCRIPTION)          \
  Option<TYPE> FIELD{*this, FLAG, llvm::cl::desc(DESCRIPTION),                 \
                     llvm::cl::init(DEFAULT)};
#include "tile/Compiler/Options.def"
  ListOption<std::string> specializations{
      *this, "specialize",
      llvm::cl::desc("Facts about the kernels' arguments, by name: "
                     "NAME=VALUE or NAME%K (tile-specialize)")};

  /// These options, and the driver's defaults.
  CompileOptions getCompileOptions() const;
};

/// The pipeline from tile IR to a gpu.module of LLVM and NVVM ops:
/// simplification and inlining, layouts, coalescing, pipelining,
/// shared-memory allocation, barriers, convert-tile-to-nvvm, then the
/// upstream lowerings of scf, gpu, arith and math to LLVM/NVVM.
void buildTileToLLVMPipeline(OpPassManager &pm, const CompileOptions &options);

/// Registers `tile-to-llvm` with the pass registry.
void registerTilePipelines();

/// A tensor-descriptor parameter: the CUtensorMap the host builds for it
/// reads boxes of `boxRows` x `boxCols` elements of `elementBytes` bytes,
/// swizzled by `swizzle` bytes.
struct TensorMapInfo {
  unsigned argIndex, elementBytes, boxRows, boxCols, swizzle;
};

/// A kernel parameter as the source declared it: its name (empty if the
/// argument has none) and type (`!tile.ptr<f32>`, `i32`, ...).
struct KernelParam {
  std::string name, type;
};

/// What a launch needs to know about a kernel.
struct KernelInfo {
  std::string name;
  int threads;
  int64_t sharedBytes;
  std::vector<TensorMapInfo> tensorMaps;
  std::vector<KernelParam> params;
  /// CTAs per cluster along x: the grid's x dimension must be a multiple.
  int clusterSize = 1;
  /// Bytes of global scratch a block uses (tensor maps it writes), or 0:
  /// the kernel's last parameter then points at as many bytes times the
  /// blocks of the grid, 128-byte aligned, which the launch provides.
  int64_t globalScratchBytes = 0;
};

/// The target name: "sm_90", or "sm_90a" with archSpecific.
std::string getTargetName(const CompileOptions &options);

/// Whether the numeric options are in range: sm 50 or more, numWarps a
/// power of two, ptxVersion 60 or more, optLevel 0 to 3, minBlocksPerSM not
/// negative, clusterSize a valid cluster size. tile-translate and the C API
/// report a violation in their own terms (flags, fields).
bool hasValidRanges(const CompileOptions &options);

/// The CUDA toolkit directory to use, or nullopt if none is found.
std::optional<std::string> findCudaToolkit(llvm::StringRef cudaPath);

/// Runs the tile-to-llvm pipeline on `module` in place.
LogicalResult lowerToLLVM(ModuleOp module, const CompileOptions &options);

/// The kernels of a lowered module. Fails, with an error on the kernel, on
/// a malformed `tilenv.tensormap_args` (hand-written lowered IR).
FailureOr<llvm::SmallVector<KernelInfo>> getKernelInfo(ModuleOp lowered);

/// LLVM IR of a lowered module's kernels.
FailureOr<std::string> emitLLVMIR(ModuleOp lowered);

/// PTX of a lowered module's kernels.
FailureOr<std::string> emitPTX(ModuleOp lowered, const CompileOptions &options);

/// Assembles PTX with ptxas into a cubin; `report` receives ptxas' -v output
/// (registers, shared memory, spills) when non-null.
FailureOr<std::string> assembleCubin(Location loc, llvm::StringRef ptx,
                                     const CompileOptions &options,
                                     std::string *report = nullptr);

/// A lowered module assembled: its PTX, the cubin and ptxas' -v report.
struct CubinResult {
  std::string ptx, cubin, report;
};

/// PTX and cubin of a lowered module. With tuneRegisters and no
/// minBlocksPerSM bound, a kernel that spills a kilobyte or more on fewer
/// registers than one block may have is assembled again with them
/// (.maxnreg), kept where it spills less; then a kernel that its registers
/// alone hold below 16 warps an SM, where shared memory and threads would
/// admit one more block, is assembled again for that block (.minnctapersm),
/// kept where ptxas spills no more. Given `source`, the module before it
/// was lowered, with tuneRegisters: where the kernels spill and the lowering
/// split a loop of at most two iterations (tilegpu.split_short_loops),
/// `source` is lowered again without (splitShortLoops off) and kept where
/// its kernels spill at most half as much; then, where they still spill and
/// two dots shared an operand buffer (tilegpu.shared_operand_buffers),
/// again without sharing (shareOperandBuffers off), kept where they spill
/// less. The form kept replaces `lowered`'s contents.
FailureOr<CubinResult> compileCubin(ModuleOp lowered,
                                    const CompileOptions &options,
                                    ModuleOp source = {});

/// Whether compileCubin, given the module before lowering, may replace
/// `lowered` by another lowering: the pipeline marked a choice it can undo.
bool mayLowerAgain(ModuleOp lowered);

} // namespace mlir::tile

#endif // TILE_COMPILER_H
