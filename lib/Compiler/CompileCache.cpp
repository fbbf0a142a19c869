//===- CompileCache.cpp - compiled kernels kept between runs --------------===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An entry is one file, <key>.entry: a header line, each field as its byte
// count on a line and its bytes, and the SHA-256 of the fields last, which a
// read checks (a file cut short or overwritten is not an entry).
//
//===----------------------------------------------------------------------===//

#include "tile/Compiler/CompileCache.h"
#include "tile/Compiler.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <dlfcn.h>
#include <vector>

using namespace mlir;
using namespace mlir::tile;

static constexpr llvm::StringLiteral kHeader = "tile compile cache 1\n";

/// `path`'s size and modification time, or nothing where it does not exist.
static std::string describeFile(llvm::StringRef path) {
  llvm::sys::fs::file_status status;
  if (llvm::sys::fs::status(path, status) || !llvm::sys::fs::exists(status))
    return "";
  return (path + " " + llvm::Twine(status.getSize()) + " " +
          llvm::Twine(
              status.getLastModificationTime().time_since_epoch().count()))
      .str();
}

/// The file holding the code at `address` (a shared library, or the
/// executable).
static std::string describeCodeFile(void *address) {
  Dl_info info;
  // dladdr names the executable as it was started (argv[0], perhaps
  // relative): only a shared library's absolute path is taken from it.
  if (dladdr(address, &info) && info.dli_fname &&
      llvm::sys::path::is_absolute(info.dli_fname))
    if (std::string described = describeFile(info.dli_fname);
        !described.empty())
      return described;
  return describeFile(llvm::sys::fs::getMainExecutable(nullptr, address));
}

/// The files holding the compiler's code: tile's (this library or the
/// executable it is linked into), MLIR's and LLVM's (shared libraries an
/// upgrade may replace under the same name). A rebuild or an upgrade changes
/// their size or time, so a result of other code is never read back.
static std::string getBuildIdentity() {
  using EmitError = InFlightDiagnostic (*)(Location);
  return describeCodeFile(reinterpret_cast<void *>(&getBuildIdentity)) + "\n" +
         describeCodeFile(reinterpret_cast<void *>(
             static_cast<EmitError>(&mlir::emitError))) +
         "\n" +
         describeCodeFile(
             reinterpret_cast<void *>(&llvm::sys::fs::getMainExecutable)) +
         "\n" LLVM_VERSION_STRING;
}

std::optional<CompileCache> CompileCache::open() {
  double megabytes = 1024;
  if (std::optional<std::string> limit =
          llvm::sys::Process::GetEnv("TILE_CACHE_MAX_MB"))
    if (llvm::StringRef(*limit).getAsDouble(megabytes) || megabytes < 0)
      megabytes = 1024;
  auto limit = uint64_t(megabytes * (1 << 20));
  std::optional<std::string> env = llvm::sys::Process::GetEnv("TILE_CACHE_DIR");
  if (env) {
    if (env->empty() || *env == "off")
      return std::nullopt;
    return CompileCache(*env, limit);
  }
  llvm::SmallString<128> path;
  if (!llvm::sys::path::cache_directory(path))
    return std::nullopt;
  llvm::sys::path::append(path, "tile");
  return CompileCache(std::string(path), limit);
}

/// The SHA-256 of `parts`, in hex, each after its length: no two lists of
/// parts hash alike.
static std::string hashParts(llvm::ArrayRef<llvm::StringRef> parts) {
  llvm::SHA256 hash;
  for (llvm::StringRef part : parts) {
    hash.update(std::to_string(part.size()) + ":");
    hash.update(part);
  }
  return llvm::toHex(hash.final(), /*LowerCase=*/true);
}

std::string CompileCache::getKey(llvm::ArrayRef<llvm::StringRef> parts) {
  std::string build = getBuildIdentity();
  llvm::SmallVector<llvm::StringRef> all = {kHeader, TILE_VERSION_STRING,
                                            build};
  llvm::append_range(all, parts);
  return hashParts(all);
}

static std::string getEntryPath(llvm::StringRef directory,
                                llvm::StringRef key) {
  llvm::SmallString<128> path(directory);
  llvm::sys::path::append(path, key + ".entry");
  return std::string(path);
}

static std::string checksum(const CacheEntry &entry) {
  return hashParts({entry.output, entry.kernelInfo, entry.report});
}

std::optional<CacheEntry> CompileCache::lookup(llvm::StringRef key) const {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(getEntryPath(directory, key),
                                  /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file)
    return std::nullopt;
  llvm::StringRef rest = (*file)->getBuffer();
  // The key too: an entry copied under another key is not that key's.
  if (!rest.consume_front(kHeader) || !rest.consume_front(key) ||
      !rest.consume_front("\n"))
    return std::nullopt;
  CacheEntry entry;
  for (std::string *field : {&entry.output, &entry.kernelInfo, &entry.report}) {
    auto [count, tail] = rest.split('\n');
    size_t size;
    if (count.getAsInteger(10, size) || tail.size() < size)
      return std::nullopt;
    *field = tail.take_front(size).str();
    rest = tail.drop_front(size);
  }
  if (rest != checksum(entry) + "\n")
    return std::nullopt;
  // Recently used: the last to be evicted.
  int fd;
  if (!llvm::sys::fs::openFileForRead(getEntryPath(directory, key), fd)) {
    (void)llvm::sys::fs::setLastAccessAndModificationTime(
        fd, std::chrono::system_clock::now());
    llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  }
  return entry;
}

void CompileCache::evict() const {
  struct Entry {
    std::string path;
    uint64_t size;
    llvm::sys::TimePoint<> time;
  };
  std::vector<Entry> entries;
  uint64_t total = 0;
  std::error_code error;
  for (llvm::sys::fs::directory_iterator it(directory, error), end;
       it != end && !error; it.increment(error)) {
    if (!llvm::StringRef(it->path()).ends_with(".entry"))
      continue;
    llvm::sys::fs::file_status status;
    if (llvm::sys::fs::status(it->path(), status))
      continue;
    entries.push_back(
        {it->path(), status.getSize(), status.getLastModificationTime()});
    total += status.getSize();
  }
  if (total <= limitBytes)
    return;
  llvm::sort(entries,
             [](const Entry &a, const Entry &b) { return a.time < b.time; });
  for (const Entry &entry : entries) {
    if (total <= limitBytes / 4 * 3)
      break;
    if (!llvm::sys::fs::remove(entry.path))
      total -= entry.size;
  }
}

void CompileCache::store(llvm::StringRef key, const CacheEntry &entry) const {
  // The user's own: entries are read back as compiled code.
  if (llvm::sys::fs::create_directories(directory, /*IgnoreExisting=*/true,
                                        llvm::sys::fs::owner_all))
    return;
  llvm::SmallString<128> model(directory);
  llvm::sys::path::append(model, key + ".%%%%%%%%.tmp");
  int fd;
  llvm::SmallString<128> temporary;
  if (llvm::sys::fs::createUniqueFile(model, fd, temporary))
    return;
  // Not left behind by an interrupted compile.
  llvm::sys::RemoveFileOnSignal(temporary);
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << kHeader << key << "\n";
    for (const std::string *field :
         {&entry.output, &entry.kernelInfo, &entry.report})
      os << field->size() << "\n" << *field;
    os << checksum(entry) << "\n";
    os.close();
    if (os.has_error()) {
      os.clear_error();
      llvm::sys::fs::remove(temporary);
      return;
    }
  }
  if (llvm::sys::fs::rename(temporary, getEntryPath(directory, key)))
    llvm::sys::fs::remove(temporary);
  llvm::sys::DontRemoveFileOnSignal(temporary);
  if (limitBytes)
    evict();
}

std::string mlir::tile::getToolkitIdentity(llvm::StringRef cudaPath) {
  std::optional<std::string> toolkit = findCudaToolkit(cudaPath);
  if (!toolkit)
    return "";
  llvm::SmallString<128> ptxas(*toolkit), libdevice(*toolkit);
  llvm::sys::path::append(ptxas, "bin", "ptxas");
  llvm::sys::path::append(libdevice, "nvvm", "libdevice", "libdevice.10.bc");
  return describeFile(ptxas) + "\n" + describeFile(libdevice);
}
