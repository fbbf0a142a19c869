//===- Occupancy.cpp - cubins with one more block per SM where it pays ----===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// ptxas gives a kernel as many registers as it likes up to 255 a thread. A
// few more than a register-file share (128 a thread for two 8-warp blocks)
// halve the blocks an SM holds: a register cliff. Where registers alone
// hold a kernel below a quarter of the SM's warps, and shared memory and
// threads would admit one more block, the kernel is assembled again with
// that many blocks asked for (.minnctapersm, which bounds ptxas' registers);
// the bound is kept where ptxas then spills no more than it did.
//
//===----------------------------------------------------------------------===//

#include "tile/Compiler.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace {
/// What ptxas -v reports of one kernel.
struct PtxasUsage {
  int registers = 0;
  int64_t spillBytes = 0;
  int64_t staticShared = 0;
};

// Hopper's SM (sm_90): 64K 32-bit registers in four partitions (a warp's
// registers lie in one), allocated per warp in units of 256; 64 warps,
// 32 blocks, 228 KB of shared memory of which the driver reserves 1 KB per
// block.
constexpr int kRegistersPerPartition = 16384;
constexpr int kPartitions = 4;
constexpr int kMaxWarps = 64, kMaxBlocks = 32;
constexpr int64_t kSharedPerSM = 228 * 1024, kSharedReserved = 1024;
/// Below this many warps an SM has too few to hide latency with.
constexpr int kTargetWarps = 16;
/// A bound that takes more than a fifth of ptxas' registers away costs more
/// in spills and rematerialization than the extra block gains.
constexpr double kMinRegisterShare = 0.8;

/// Per kernel, what the report says (entries in the order ptxas prints:
/// "Compiling entry function 'k'", its properties, then "Used N registers").
llvm::StringMap<PtxasUsage> parseReport(StringRef report) {
  llvm::StringMap<PtxasUsage> usage;
  PtxasUsage *current = nullptr;
  SmallVector<StringRef> lines;
  report.split(lines, '\n');
  for (StringRef line : lines) {
    if (size_t at = line.find("entry function '"); at != StringRef::npos) {
      StringRef name = line.drop_front(at + 16);
      current = &usage[name.take_until([](char c) { return c == '\''; })];
      continue;
    }
    if (!current)
      continue;
    auto numberBefore = [&](StringRef text, StringRef what, int64_t &out) {
      size_t at = text.find(what);
      if (at == StringRef::npos)
        return;
      StringRef digits = text.take_front(at).rtrim();
      digits = digits.drop_front(digits.find_last_not_of("0123456789") + 1);
      digits.getAsInteger(10, out);
    };
    int64_t registers = 0;
    numberBefore(line, " registers", registers);
    if (registers)
      current->registers = registers;
    int64_t stores = 0, loads = 0;
    numberBefore(line, " bytes spill stores", stores);
    numberBefore(line, " bytes spill loads", loads);
    current->spillBytes = std::max(current->spillBytes, stores + loads);
    numberBefore(line, " bytes smem", current->staticShared);
  }
  return usage;
}

/// Blocks of `threads` threads with `registers` registers each that the
/// register file holds.
int blocksByRegisters(int registers, int threads) {
  int perWarp = llvm::alignTo(std::max(registers, 1) * 32, 256);
  int warps = kRegistersPerPartition / perWarp * kPartitions;
  return warps / llvm::divideCeil(threads, 32);
}

/// The most registers a thread may have for `blocks` blocks of `threads`
/// threads to fit (what ptxas derives from .minnctapersm), at most 255.
int registerBound(int blocks, int threads) {
  int warps = blocks * int(llvm::divideCeil(threads, 32));
  int warpsPerPartition = int(llvm::divideCeil(warps, kPartitions));
  int perThread = kRegistersPerPartition / warpsPerPartition / 32;
  return std::min(255, perThread / 8 * 8);
}
} // namespace

FailureOr<tile::CubinResult>
mlir::tile::compileCubin(ModuleOp lowered, const CompileOptions &options) {
  auto assemble = [&]() -> FailureOr<CubinResult> {
    CubinResult result;
    FailureOr<std::string> ptx = emitPTX(lowered, options);
    if (failed(ptx))
      return failure();
    result.ptx = std::move(*ptx);
    FailureOr<std::string> cubin =
        assembleCubin(lowered.getLoc(), result.ptx, options, &result.report);
    if (failed(cubin))
      return failure();
    result.cubin = std::move(*cubin);
    return result;
  };
  FailureOr<CubinResult> first = assemble();
  // A bound the user gave is theirs.
  if (failed(first) || !options.raiseOccupancy || options.minBlocksPerSM)
    return first;
  FailureOr<SmallVector<KernelInfo>> kernels = getKernelInfo(lowered);
  if (failed(kernels))
    return failure();
  llvm::StringMap<PtxasUsage> usage = parseReport(first->report);

  llvm::StringMap<LLVM::LLVMFuncOp> functions;
  lowered.walk([&](LLVM::LLVMFuncOp fn) {
    if (fn->hasAttr(gpu::GPUDialect::getKernelFuncAttrName()))
      functions[fn.getName()] = fn;
  });
  StringAttr minctasm = StringAttr::get(
      lowered.getContext(), NVVM::NVVMDialect::getMinctasmAttrName());
  SmallVector<std::pair<LLVM::LLVMFuncOp, PtxasUsage>> raised;
  for (const KernelInfo &kernel : *kernels) {
    auto used = usage.find(kernel.name);
    LLVM::LLVMFuncOp fn = functions.lookup(kernel.name);
    if (used == usage.end() || !fn || kernel.threads <= 0 ||
        fn->hasAttr(minctasm))
      continue;
    const PtxasUsage &u = used->second;
    int warps = int(llvm::divideCeil(kernel.threads, 32));
    int blocks = blocksByRegisters(u.registers, kernel.threads);
    if (blocks == 0 || blocks * warps >= kTargetWarps)
      continue;
    int64_t shared = u.staticShared + kernel.sharedBytes + kSharedReserved;
    int64_t others = std::min<int64_t>(
        {kMaxWarps / warps, kMaxBlocks, kSharedPerSM / shared});
    if (others <= blocks)
      continue;
    int bound = registerBound(blocks + 1, kernel.threads);
    if (bound < kMinRegisterShare * u.registers)
      continue;
    fn->setAttr(
        minctasm,
        IntegerAttr::get(IntegerType::get(fn.getContext(), 32), blocks + 1));
    raised.push_back({fn, u});
  }
  if (raised.empty())
    return first;
  FailureOr<CubinResult> second = assemble();
  if (failed(second))
    return failure();
  // Keep the bound only where ptxas spills no more under it.
  llvm::StringMap<PtxasUsage> bounded = parseReport(second->report);
  bool dropped = false;
  for (auto &[fn, before] : raised)
    if (bounded.lookup(fn.getName()).spillBytes > before.spillBytes) {
      fn->removeAttr(minctasm);
      dropped = true;
    }
  if (!dropped)
    return second;
  if (llvm::none_of(
          raised, [&](auto &entry) { return entry.first->hasAttr(minctasm); }))
    return first;
  return assemble();
}
