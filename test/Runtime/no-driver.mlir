// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Without a GPU driver the runtime builds and says why it cannot run.
// UNSUPPORTED: cuda-gpu
// RUN: not tile-run --probe | FileCheck %s
// CHECK: no GPU: cannot load the CUDA driver
// RUN: not tile-run %s --kernel k 2>&1 | FileCheck %s --check-prefix=LAUNCH
// LAUNCH: tile-run: cannot load the CUDA driver
