// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Loops whose divided value or stage index comes through a chain of 50,000
// adds (generated): tile-carry-divisions walks the chain in a loop and
// still carries the division; tile-prefetch declines a stage index that
// deep. Both walks were recursions that overflowed the stack.
// RUN: %python %S/Inputs/long_chain.py carry 50000 > %t.carry.mlir
// RUN: tile-opt %t.carry.mlir -tile-carry-divisions | FileCheck %s --check-prefix=CARRY
// CARRY: scf.for {{.*}} iter_args
// CARRY-NOT: arith.divui
// CARRY: tile.return
// RUN: %python %S/Inputs/long_chain.py prefetch 50000 > %t.prefetch.mlir
// RUN: tile-opt %t.prefetch.mlir -tile-prefetch | FileCheck %s --check-prefix=PREFETCH
// PREFETCH-NOT: local_load {{.*}} at [
// PREFETCH: tile.return
// ...while a short chain's stage index is prefetched as usual.
// RUN: %python %S/Inputs/long_chain.py prefetch 8 | tile-opt -tile-prefetch | FileCheck %s --check-prefix=SHORT
// SHORT: tilegpu.local_load %{{.*}} at [0, 16]
