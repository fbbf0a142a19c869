//===- RegisterBounds.cpp - register bounds chosen when assembling --------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// ptxas gives a kernel as many registers as it likes up to 255 a thread,
// and its choice can cost twice:
// - Kilobytes of spills on few registers: for some kernels of large
//   register demand ptxas takes 32 registers and spills the rest. Such a
//   kernel is assembled again with the register file's share of one block
//   (.maxnreg), kept where it spills less.
// - A register cliff: a few registers more than a share of the register
//   file (128 a thread for two 8-warp blocks) halve the blocks an SM holds.
//   Where registers alone hold a kernel below a quarter of the SM's warps,
//   and shared memory and threads would admit one more block, the kernel is
//   assembled again with that many blocks asked for (.minnctapersm, which
//   bounds ptxas' registers), kept where ptxas then spills no more.
// - Spills from the pipeline's choices: a loop of at most two iterations
//   that tile-split-copy-masks split is two copies of its body; an operand
//   buffer two dots share keeps both dots' fragments live. Where the kernels
//   spill, the module is lowered again the other way (loops whole: kept
//   where its kernels spill at most half as much; buffers apart: kept where
//   they spill less).
//===----------------------------------------------------------------------===//

#include "tile/Compiler.h"
#include "tile/Dialect/TileGPU/IR/TileGPUDialect.h"

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

// An SM since sm_80: 64K 32-bit registers in four partitions (a warp's
// registers lie in one), allocated per warp in units of 256; the driver
// reserves 1 KB of shared memory per block.
constexpr int kRegistersPerPartition = 16384;
constexpr int kPartitions = 4;
constexpr int64_t kSharedReserved = 1024;

/// The limits of an SM version that differ: resident warps and blocks, and
/// shared memory (bytes); none for versions not listed.
struct SMLimits {
  int warps = 0, blocks = 0;
  int64_t shared = 0;
};
SMLimits getSMLimits(int sm) {
  switch (sm) {
  case 80:
    return {64, 32, 164 * 1024};
  case 86:
    return {48, 16, 100 * 1024};
  case 87:
    return {48, 16, 164 * 1024};
  case 89:
    return {48, 24, 100 * 1024};
  case 90:
    return {64, 32, 228 * 1024};
  default:
    return {};
  }
}

/// Spills below this many bytes a thread (stores and loads) are a few
/// values, cheaper than the occupancy more registers would cost.
constexpr int64_t kMinSpillToWiden = 1024;
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

/// A register attribute to try on a kernel, and what the kernel spilled
/// without it.
struct Change {
  LLVM::LLVMFuncOp fn;
  int value;
  int64_t spillsBefore;
};

/// Re-assembles `lowered` with per-kernel register attributes and keeps
/// each kernel's attribute only where ptxas then spills less (`strictly`)
/// or no more than before.
class RegisterBounds {
public:
  RegisterBounds(ModuleOp lowered, const tile::CompileOptions &options)
      : lowered(lowered), options(options) {
    lowered.walk([&](LLVM::LLVMFuncOp fn) {
      if (fn->hasAttr(gpu::GPUDialect::getKernelFuncAttrName()))
        functions[fn.getName()] = fn;
    });
    MLIRContext *context = lowered.getContext();
    maxnreg = StringAttr::get(context, NVVM::NVVMDialect::getMaxnregAttrName());
    minctasm =
        StringAttr::get(context, NVVM::NVVMDialect::getMinctasmAttrName());
  }

  FailureOr<tile::CubinResult> assemble() {
    tile::CubinResult result;
    FailureOr<std::string> ptx = tile::emitPTX(lowered, options);
    if (failed(ptx))
      return failure();
    result.ptx = std::move(*ptx);
    FailureOr<std::string> cubin = tile::assembleCubin(
        lowered.getLoc(), result.ptx, options, &result.report);
    if (failed(cubin))
      return failure();
    result.cubin = std::move(*cubin);
    return result;
  }

  /// The changes `choose` makes for the kernels that `current` reports and
  /// that have no register attribute yet: `choose(kernel, usage)` gives the
  /// attribute's value, or 0 for none.
  SmallVector<Change> collect(
      const tile::CubinResult &current, ArrayRef<tile::KernelInfo> kernels,
      function_ref<int(const tile::KernelInfo &, const PtxasUsage &)> choose) {
    llvm::StringMap<PtxasUsage> usage = parseReport(current.report);
    SmallVector<Change> changes;
    for (const tile::KernelInfo &kernel : kernels) {
      LLVM::LLVMFuncOp fn = functions.lookup(kernel.name);
      auto used = usage.find(kernel.name);
      if (!fn || used == usage.end() || kernel.threads <= 0 ||
          fn->hasAttr(maxnreg) || fn->hasAttr(minctasm))
        continue;
      if (int value = choose(kernel, used->second))
        changes.push_back({fn, value, used->second.spillBytes});
    }
    return changes;
  }

  /// Sets `name` to each change's value on its kernel, assembles, and keeps
  /// the attribute where the kernel spills less than before (or, unless
  /// `strictly`, as much); returns the result for the kept ones.
  FailureOr<tile::CubinResult> tryAttributes(tile::CubinResult current,
                                             StringAttr name,
                                             ArrayRef<Change> changes,
                                             bool strictly) {
    if (changes.empty())
      return current;
    Type i32 = IntegerType::get(lowered.getContext(), 32);
    for (Change change : changes)
      change.fn->setAttr(name, IntegerAttr::get(i32, change.value));
    FailureOr<tile::CubinResult> next = assemble();
    if (failed(next))
      return failure();
    llvm::StringMap<PtxasUsage> after = parseReport(next->report);
    unsigned kept = 0;
    for (Change change : changes) {
      int64_t spills = after.lookup(change.fn.getName()).spillBytes;
      if (strictly ? spills < change.spillsBefore
                   : spills <= change.spillsBefore)
        ++kept;
      else
        change.fn->removeAttr(name);
    }
    if (kept == changes.size())
      return next;
    return kept ? assemble() : FailureOr<tile::CubinResult>(current);
  }

  StringAttr maxnreg, minctasm;

private:
  ModuleOp lowered;
  const tile::CompileOptions &options;
  llvm::StringMap<LLVM::LLVMFuncOp> functions;
};
} // namespace

/// PTX and cubin of `lowered`, with the register bounds chosen above.
static FailureOr<tile::CubinResult>
assembleWithBounds(ModuleOp lowered, const tile::CompileOptions &options) {
  using namespace mlir::tile;
  RegisterBounds bounds(lowered, options);
  FailureOr<CubinResult> result = bounds.assemble();
  // A bound the user gave is theirs.
  if (failed(result) || !options.tuneRegisters || options.minBlocksPerSM)
    return result;
  FailureOr<SmallVector<KernelInfo>> kernels = getKernelInfo(lowered);
  if (failed(kernels))
    return failure();

  // ptxas sometimes answers a kernel's large register demand with few
  // registers and kilobytes of spills (32 registers and 15 KB for a
  // softmax row of 32768 floats on 2 warps): such a kernel may take the
  // register file's share of one block (.maxnreg).
  SmallVector<Change> widen = bounds.collect(
      *result, *kernels, [](const KernelInfo &kernel, const PtxasUsage &u) {
        int bound = registerBound(1, kernel.threads);
        return u.spillBytes >= kMinSpillToWiden && u.registers < bound ? bound
                                                                       : 0;
      });
  result =
      bounds.tryAttributes(*result, bounds.maxnreg, widen, /*strictly=*/true);
  if (failed(result))
    return failure();

  // Register cliffs: where registers alone hold a kernel below a quarter
  // of the SM's warps, and shared memory and threads admit one more block,
  // ask for that block.
  SMLimits limits = getSMLimits(options.sm);
  if (!limits.warps)
    return result;
  SmallVector<Change> raise = bounds.collect(
      *result, *kernels, [&](const KernelInfo &kernel, const PtxasUsage &u) {
        int warps = int(llvm::divideCeil(kernel.threads, 32));
        int blocks = blocksByRegisters(u.registers, kernel.threads);
        if (blocks == 0 || blocks * warps >= kTargetWarps)
          return 0;
        int64_t shared = u.staticShared + kernel.sharedBytes + kSharedReserved;
        int64_t others = std::min<int64_t>(
            {limits.warps / warps, limits.blocks, limits.shared / shared});
        if (others <= blocks || registerBound(blocks + 1, kernel.threads) <
                                    kMinRegisterShare * u.registers)
          return 0;
        return blocks + 1;
      });
  return bounds.tryAttributes(*result, bounds.minctasm, raise,
                              /*strictly=*/false);
}

/// Spill bytes (stores and loads) of all the kernels a report lists.
static int64_t getTotalSpills(StringRef report) {
  int64_t total = 0;
  for (const auto &kernel : parseReport(report))
    total += kernel.getValue().spillBytes;
  return total;
}

namespace {
/// A step of the pipeline that can go another way, the mark it leaves on
/// the module where it went its default way, and when the other way's
/// spills (`after`) beat the default's (`before`).
struct Alternative {
  StringLiteral mark;
  bool tile::CompileOptions::*option;
  bool (*isBetter)(int64_t before, int64_t after);
};

const Alternative kAlternatives[] = {
    // Straight-line code saves the loop's checks and schedules freely: the
    // loop pays where it halves the spills (docs/lowering.md).
    {tilegpu::TileGPUDialect::getSplitShortLoopsAttrName(),
     &tile::CompileOptions::splitShortLoops,
     [](int64_t before, int64_t after) { return 2 * after <= before; }},
    // One buffer saves a store and lets a load two dots read run ahead;
    // two keep fewer fragments live.
    {tilegpu::TileGPUDialect::getSharedOperandBuffersAttrName(),
     &tile::CompileOptions::shareOperandBuffers,
     [](int64_t before, int64_t after) { return after < before; }},
};
} // namespace

bool mlir::tile::mayLowerAgain(ModuleOp lowered) {
  return llvm::any_of(kAlternatives, [&](const Alternative &alternative) {
    return lowered->hasAttr(alternative.mark);
  });
}

FailureOr<tile::CubinResult>
mlir::tile::compileCubin(ModuleOp lowered, const CompileOptions &options,
                         ModuleOp source) {
  auto takeMarks = [](ModuleOp module) {
    SmallVector<const Alternative *> marked;
    for (const Alternative &alternative : kAlternatives)
      if (module->removeAttr(alternative.mark))
        marked.push_back(&alternative);
    return marked;
  };
  SmallVector<const Alternative *> marked = takeMarks(lowered);
  FailureOr<CubinResult> result = assembleWithBounds(lowered, options);
  if (failed(result) || !source || !options.tuneRegisters)
    return result;
  // Each step the lowering took its default way, in turn, where the kernels
  // still spill: the module lowered again the other way, kept where that
  // is better.
  CompileOptions current = options;
  for (const Alternative *alternative : marked) {
    int64_t spills = getTotalSpills(result->report);
    if (!spills)
      break;
    CompileOptions next = current;
    next.*(alternative->option) = false;
    OwningOpRef<ModuleOp> other(cast<ModuleOp>(source->clone()));
    if (failed(lowerToLLVM(*other, next)))
      return failure();
    takeMarks(*other);
    FailureOr<CubinResult> tried = assembleWithBounds(*other, next);
    if (failed(tried))
      return failure();
    if (!alternative->isBetter(spills, getTotalSpills(tried->report)))
      continue;
    lowered.getBodyRegion().takeBody(other->getBodyRegion());
    lowered->setAttrs((*other)->getAttrDictionary());
    current = next;
    result = std::move(tried);
  }
  return result;
}
