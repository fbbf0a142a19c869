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
#include "mlir/Support/Timing.h"

#include <optional>
#include <string>

namespace mlir::tile {

struct CompileOptions {
  /// Target SM version: 90 is sm_90.
  int sm = 90;
  /// The SM version's architecture-specific features (sm_90a: wgmma); the
  /// code then runs on that version only.
  bool archSpecific = false;
  int numWarps = 4;
  /// CTAs per cluster along x (sm_90, a power of two up to 8): the grid's x
  /// dimension must be a multiple; TMA loads of a warp-specialized loop
  /// that every CTA of a cluster makes alike are multicast.
  int clusterSize = 1;
  /// PTX ISA version times ten: 80 is PTX 8.0.
  int ptxVersion = 80;
  /// LLVM optimization level of the NVPTX back end.
  int optLevel = 3;
  /// The CUDA toolkit (ptxas, libdevice); empty: CUDA_HOME, CUDA_PATH,
  /// ptxas on PATH, /usr/local/cuda.
  std::string cudaPath;
  /// Run the IR verifier after every pass (tile-translate --verify-each);
  /// off by default: the input is verified once, and the passes' own IR is
  /// covered by the lit tests, which run them under tile-opt's verifier.
  bool verifyEachPass = false;
  /// The input is a Triton program (tile-translate --ttir): its f32
  /// division, exponential and square root mean Triton's approximate
  /// instructions (tile-triton-math).
  bool ttir = false;
  /// Allow floating-point multiply and add to fuse into fma (as nvcc's
  /// --fmad and Triton's enable_fp_fusion do by default).
  bool fpFusion = true;
  /// Keep the layouts of an input that is already distributed tile IR
  /// (tile-translate --keep-layouts).
  bool keepLayouts = false;
  /// Buffers per pipelined load (tile-pipeline): loads feeding tensor-core
  /// dots in loops are issued numStages - 1 iterations ahead; below 2, none.
  int numStages = 3;
  /// Pipelined TMA loads come from a producer thread of an extra warp
  /// (tile-pipeline{warp-specialize}); kernels then run numWarps + 1 warps.
  bool warpSpecialize = false;
  /// Blocks that should fit on one SM at once (PTX .minnctapersm, the
  /// second argument of CUDA's __launch_bounds__); 0: no bound.
  int minBlocksPerSM = 0;
  /// Where the pass manager writes a reproducer (the input module and the
  /// pipeline, runnable with tile-opt --run-reproducer) if the pipeline
  /// fails or crashes; empty: none.
  std::string reproducerPath;
  /// Where the steps record their times (tile-translate --timing): each
  /// pass of the pipeline, LLVM IR translation, LLVM's optimization, NVPTX
  /// code generation and ptxas, nested in this scope; null: not timed.
  TimingScope *timing = nullptr;
};

/// A tensor-descriptor parameter: the CUtensorMap the host builds for it
/// reads boxes of `boxRows` x `boxCols` elements of `elementBytes` bytes,
/// swizzled by `swizzle` bytes.
struct TensorMapInfo {
  unsigned argIndex, elementBytes, boxRows, boxCols, swizzle;
};

/// What a launch needs to know about a kernel.
struct KernelInfo {
  std::string name;
  int threads;
  int64_t sharedBytes;
  std::vector<TensorMapInfo> tensorMaps;
  /// CTAs per cluster along x: the grid's x dimension must be a multiple.
  int clusterSize = 1;
};

/// The target name: "sm_90", or "sm_90a" with archSpecific.
std::string getTargetName(const CompileOptions &options);

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

} // namespace mlir::tile

#endif // TILE_COMPILER_H
