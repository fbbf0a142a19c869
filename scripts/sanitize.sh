#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds tile with AddressSanitizer and UndefinedBehaviorSanitizer (clang-22;
# tile's own code instrumented, MLIR and LLVM as Debian built them) in
# ./build-asan (or $TILE_ASAN_BUILD_DIR), with the libFuzzer target
# tile-fuzz, and runs the whole lit suite under the sanitizers: any report
# fails the test that triggered it. (Warnings are not errors here: clang
# warns inside libstdc++ 12's headers; the default gcc build keeps tile's
# code warning-free.)
#
#   bash scripts/sanitize.sh [extra cmake --build arguments]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TILE_ASAN_BUILD_DIR:-$root/build-asan}
llvm=/usr/lib/llvm-22

TILE_EXTRA_PACKAGES="clang-22 libclang-rt-22-dev" bash "$root/scripts/setup.sh"
if [ ! -f "$build/build.ninja" ]; then
  extra=()
  if command -v ccache >/dev/null; then
    extra+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  fi
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=$llvm/bin/clang -DCMAKE_CXX_COMPILER=$llvm/bin/clang++ \
    -DLLVM_USE_LINKER=lld \
    -DLLVM_USE_SANITIZER="Address;Undefined" -DLLVM_USE_SANITIZE_COVERAGE=ON \
    -DLLVM_UBSAN_FLAGS="-fsanitize=undefined -fno-sanitize=vptr,function -fno-sanitize-recover=all" \
    -DTILE_BUILD_FUZZER=ON \
    -DTILE_WARNINGS_AS_ERRORS=OFF \
    -DMLIR_DIR=$llvm/lib/cmake/mlir -DLLVM_DIR=$llvm/lib/cmake/llvm \
    -DLLVM_EXTERNAL_LIT=$llvm/bin/lit \
    "${extra[@]}"
fi
export CCACHE_BASEDIR=$root
# allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons its slabs in code
# inlined into tile's (instrumented) objects but not in libMLIR.so's, so
# memory one side allocates looks poisoned to the other: false reports.
export ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_poisoning=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
cmake --build "$build" "$@"
cmake --build "$build" --target check-tile
