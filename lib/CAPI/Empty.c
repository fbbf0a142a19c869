// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* libTileMLIRCAPI.so is MLIR's C API archives, linked whole; see
 * lib/CAPI/CMakeLists.txt. CMake needs a source to make a library of. */
typedef int tileMLIRCAPIEmptyTranslationUnit;
