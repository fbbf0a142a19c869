//===- tile-fuzz.cpp - libFuzzer target: text to PTX through tile ---------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each input is parsed as MLIR; what parses and verifies goes through the
// whole pipeline (tile IR to LLVM/NVVM, then PTX with LLVM's NVPTX back
// end; sm_90 or sm_90a, with or without warp specialization, by the
// input's hash), in a fresh context with diagnostics swallowed. Any crash,
// sanitizer report or hang is a bug: bad input must only ever produce
// diagnostics.
//
//   scripts/fuzz.sh SECONDS   (builds it with -DTILE_BUILD_FUZZER=ON)
//
//===----------------------------------------------------------------------===//

#include "tile/Compiler.h"
#include "tile/InitTile.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

using namespace mlir;

namespace {

const DialectRegistry &getRegistry() {
  static DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    tile::registerTileDialects(*r);
    tile::registerTilePassesAndPipelines();
    return r;
  }();
  return *registry;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // Kernels of more than 64 KiB of text only slow the search down.
  if (size > 64 * 1024)
    return -1;
  MLIRContext context(getRegistry(), MLIRContext::Threading::DISABLED);
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  // MLIR's lexer reads the byte after the text (it expects the null a
  // SourceMgr buffer has): hand it a null-terminated copy.
  std::string text(reinterpret_cast<const char *>(data), size);
  ParserConfig config(&context);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, config);
  if (!module || failed(verify(*module)))
    return 0;
  // Options from the input's hash, so that a crash reproduces from its
  // input alone: sm_90 or sm_90a (wgmma), with or without a producer warp.
  size_t hash = std::hash<std::string>{}(text);
  tile::CompileOptions options;
  options.archSpecific = hash & 1;
  options.warpSpecialize = hash & 2;
  if (failed(tile::lowerToLLVM(*module, options)))
    return 0;
  (void)tile::emitPTX(*module, options);
  return 0;
}
