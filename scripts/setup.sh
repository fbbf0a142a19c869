#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs every package tile needs on a fresh Debian 12 machine. Safe to run twice:
# apt-get skips what is already installed, and the update is skipped when nothing is missing.
set -euo pipefail

packages=(
  cmake ninja-build g++ ccache lld python3 clang-format
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools
)
# Callers add what only they need (scripts/sanitize.sh: clang-22 and its
# sanitizer and libFuzzer runtimes).
read -r -a extra_packages <<< "${TILE_EXTRA_PACKAGES:-}"
packages+=("${extra_packages[@]}")

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# lit's Python package ships with llvm-22-tools; check the pieces the build relies on.
for f in /usr/lib/llvm-22/lib/cmake/mlir/MLIRConfig.cmake /usr/lib/llvm-22/bin/lit \
         /usr/lib/llvm-22/bin/FileCheck /usr/lib/llvm-22/bin/mlir-tblgen; do
  [ -e "$f" ] || { echo "setup: missing $f after install" >&2; exit 1; }
done
echo "setup: all packages present"
