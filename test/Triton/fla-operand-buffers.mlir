// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// flash-linear-attention's prepare_wy_repr_bwd_kernel on two warps: in
// each of its first two loops one loaded block (du, dw) is A of one dot and
// B of the other. tile-accelerate-matmul stores it once and the second dot
// reads it in its own layout, so the load is one stream that
// tile-schedule-loops copies ahead (48 more cp.async in the PTX); but both
// dots' fragments are then live together, and at 255 registers ptxas 13.0
// spills 1144 bytes of stack against 760 with a buffer a dot. Assembling
// (here --ptxas-info; a cubin alike), tile-translate lowers the kernel
// again with a buffer a dot and keeps that form; without --tune-registers
// the shared buffers stay.
// REQUIRES: ptxas
// RUN: tile-translate %S/Inputs/fla_prepare_wy_repr_bwd.ttir --emit=ptx --sm=90a --num-warps=2 --num-stages=2 --ptxas-info -o %t.ptx 2>&1 | FileCheck %s --check-prefix=INFO
// RUN: grep -c cp.async.cg %t.ptx | FileCheck %s --check-prefix=APART
// RUN: tile-translate %S/Inputs/fla_prepare_wy_repr_bwd.ttir --emit=ptx --sm=90a --num-warps=2 --num-stages=2 --ptxas-info --tune-registers=false -o %t.shared.ptx 2>&1 | FileCheck %s --check-prefix=INFO
// RUN: grep -c cp.async.cg %t.shared.ptx | FileCheck %s --check-prefix=SHARED

// INFO: Compiling entry function 'prepare_wy_repr_bwd_kernel'
// INFO-NOT: Compiling entry function
// APART: {{^}}24{{$}}
// SHARED: {{^}}72{{$}}
