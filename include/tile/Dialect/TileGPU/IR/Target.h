//===- Target.h - the target names of tilegpu.target -----------*- C++ -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The distributed level is the first that knows its target: a module's
// `tilegpu.target` ("sm_90", "sm_90a") says what its layouts are for.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILEGPU_IR_TARGET_H
#define TILE_DIALECT_TILEGPU_IR_TARGET_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir::tile {

/// The SM version of a target "sm_NN" (a suffix such as "a" allowed), or 0.
unsigned parseSmVersion(llvm::StringRef target);

/// Whether a target "sm_NNa" has the architecture-specific features of its
/// SM version (sm_90a: wgmma), which run on that version only.
bool hasArchSpecificFeatures(llvm::StringRef target);

/// The target name "sm_NN", or "sm_NNa" with the architecture-specific
/// features: the inverse of the two above.
std::string getTargetName(unsigned sm, bool archSpecific);

} // namespace mlir::tile

#endif // TILE_DIALECT_TILEGPU_IR_TARGET_H
