//===- CompileCache.h - compiled kernels kept between runs ------*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// tile-translate and the C API keep what they compiled (the output, the
// kernel info, ptxas' report) in a directory, keyed by everything the result
// depends on: the input, the options, the compiler's build and the CUDA
// toolkit. A later compile of the same key reads the entry instead.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_COMPILER_COMPILECACHE_H
#define TILE_COMPILER_COMPILECACHE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir::tile {

/// What a compile produced: its output, its kernel info and ptxas' report.
struct CacheEntry {
  std::string output, kernelInfo, report;
};

class CompileCache {
public:
  explicit CompileCache(std::string directory, uint64_t limitBytes = 0)
      : directory(std::move(directory)), limitBytes(limitBytes) {}

  /// The cache in $TILE_CACHE_DIR, or in `tile` under the user's cache
  /// directory ($XDG_CACHE_HOME or ~/.cache) where that is unset; none where
  /// it is empty or `off`, or no directory can be found. It keeps at most
  /// $TILE_CACHE_MAX_MB megabytes of entries (1024 where unset; 0: no
  /// limit).
  static std::optional<CompileCache> open();

  /// The key of what a result depends on: `parts` (the input, the options),
  /// the compiler's build and tile's version, as a SHA-256 in hex.
  static std::string getKey(llvm::ArrayRef<llvm::StringRef> parts);

  /// The entry stored under `key`; none where there is none or it is damaged
  /// (truncated, or not what was written: its checksum differs).
  std::optional<CacheEntry> lookup(llvm::StringRef key) const;

  /// Stores `entry` under `key`: written to a file of its own and renamed
  /// into place, so that processes compiling at once never read a partial
  /// entry. A failure leaves the cache as it was (it only saves time).
  /// Where the entries then exceed the limit, the least recently used go
  /// (by modification time: a hit touches its entry) until they fill three
  /// quarters of it.
  void store(llvm::StringRef key, const CacheEntry &entry) const;

  llvm::StringRef getDirectory() const { return directory; }

private:
  /// Removes the least recently used entries while they take more than the
  /// limit.
  void evict() const;

  std::string directory;
  uint64_t limitBytes;
};

/// What identifies the CUDA toolkit a compile uses (`cudaPath` as
/// CompileOptions takes it): its ptxas and libdevice, by path, size and
/// modification time; empty where no toolkit is found.
std::string getToolkitIdentity(llvm::StringRef cudaPath);

} // namespace mlir::tile

#endif // TILE_COMPILER_COMPILECACHE_H
