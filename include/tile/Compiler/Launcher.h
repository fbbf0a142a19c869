//===- Launcher.h - C launchers of compiled kernels -------------*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The kernel information as text (what tile-translate --kernel-info writes
// and the compile cache keeps), and C launchers generated from it and a
// cubin: one typed function per kernel over the CUDA driver API.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_COMPILER_LAUNCHER_H
#define TILE_COMPILER_LAUNCHER_H

#include "tile/Compiler.h"

#include "llvm/Support/Error.h"

namespace mlir::tile {

/// The kernel-information text of `kernels`: per kernel a `kernel <name>
/// threads <n> shared <bytes>[ cluster <n>]` line, a `global_scratch <name>
/// <bytes>` line where it writes tensor maps, a `tensormap <name> <arg>
/// <element bytes> <box rows> <box cols> <swizzle>` line per
/// tensor-descriptor parameter and a `param <name> <index> <parameter name
/// or -> <type>` line per parameter.
std::string formatKernelInfo(llvm::ArrayRef<KernelInfo> kernels);

/// The kernels of a kernel-information text (formatKernelInfo's inverse).
llvm::Expected<llvm::SmallVector<KernelInfo>>
parseKernelInfo(llvm::StringRef text);

/// A launcher's two files: the header declares, the source defines.
struct LauncherFiles {
  std::string header, source;
};

/// One compiled form of a module's kernels: its cubin and kernels, and the
/// specializations it was compiled with (`NAME=VALUE`, `NAME%K`), which a
/// launch's arguments must satisfy for it to run this form.
struct LauncherVariant {
  llvm::SmallVector<std::string> conditions;
  std::string cubin;
  llvm::SmallVector<KernelInfo> kernels;
};

/// The C launcher of the variants of a module's kernels, for a target of
/// `options` (sm, arch-specific, PTX version): `name` (a C identifier)
/// names the header the source includes (`name.h`) and prefixes the
/// module's own functions (`name_error`, `name_unload`); each kernel gets
/// `<kernel>_launch(stream, grid x, y, z, its parameters...)`, which runs
/// the first variant whose conditions its arguments meet (the last has
/// none). Fails where the variants' kernels or parameters differ, or on a
/// parameter type a launcher cannot pass.
llvm::Expected<LauncherFiles>
emitLauncher(llvm::ArrayRef<LauncherVariant> variants, llvm::StringRef name,
             const CompileOptions &options);

} // namespace mlir::tile

#endif // TILE_COMPILER_LAUNCHER_H
