#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Configures (once) and builds tile in ./build (or $TILE_BUILD_DIR) against
# Debian's LLVM/MLIR 22, linking the shared libMLIR.so, with ccache and lld
# when present. Extra arguments go to `cmake --build` (e.g. --target check-tile).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TILE_BUILD_DIR:-$root/build}
llvm=/usr/lib/llvm-22

if [ ! -f "$build/build.ninja" ]; then
  extra=()
  if command -v ccache >/dev/null; then
    extra+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  fi
  if command -v ld.lld >/dev/null; then
    extra+=(-DLLVM_USE_LINKER=lld)
  fi
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=$llvm/lib/cmake/mlir \
    -DLLVM_DIR=$llvm/lib/cmake/llvm \
    -DLLVM_EXTERNAL_LIT=$llvm/bin/lit \
    "${extra[@]}"
fi

# ccache hits across build directories and clones of the same tree.
export CCACHE_BASEDIR=$root
cmake --build "$build" "$@"
