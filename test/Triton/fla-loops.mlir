// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Two loop shapes of flash-linear-attention.
//
// chunk_bwd_kernel_dh walks time backwards: Triton writes
// range(NT - 1, -1, -1) as a loop from -1 by 1. tile-schedule-loops counts
// it from 0 first, so its three block loads (q scaled by exp2(gk) for the
// dot's A operand, do for B) are cp.async copies issued ahead; A's scaling
// runs in its dot_op layout (tile-optimize-dot-operands).
// RUN: tile-opt %S/Inputs/fla_chunk_bwd_dh.ttir "--tile-to-llvm=sm=90 arch-specific=true num-warps=1 num-stages=2 ttir=true" --mlir-print-ir-after=tile-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DH
// DH: scf.for %{{.*}} = %c0_i32 to
// DH-COUNT-3: tilegpu.async_copy_global_to_local
// DH: tilegpu.local_load %{{.*}} : !tilegpu.buffer<32x64xf32, {{.*}}> -> tensor<32x64xf32, #[[A:dot_op[0-9]*]]>
// DH-NEXT: math.exp2 %{{.*}} : tensor<32x64xf32, #[[A]]>
// DH: tile.dot
// DH-NEXT: scf.yield
//
// fused_recurrent_fwd_kernel loads rows of 64 elements each step and uses
// them along both dimensions of its 64x64 state: each is loaded in the
// slice of the state's layout it is used in (tile-remove-layout-conversions),
// so the only conversion left in the loop is the output row's, for its
// store (as in Triton's code).
// RUN: tile-opt %S/Inputs/fla_fused_recurrent_fwd.ttir "--tile-to-llvm=sm=90 arch-specific=true num-warps=4 num-stages=3 ttir=true" --mlir-print-ir-after=tile-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=RECUR
// RECUR: scf.for
// RECUR-NOT: tilegpu.convert_layout
// RECUR-COUNT-4: tile.load %{{.*}} : tensor<64x!tile.ptr<bf16>, #slice{{[0-9]*}}>
// RECUR-NOT: tilegpu.convert_layout
// RECUR: "tile.reduce"
// RECUR: tilegpu.convert_layout %{{.*}} : tensor<64xf32, #slice{{[0-9]*}}> -> tensor<64xf32, #blocked{{[0-9]*}}>
// RECUR-NEXT: tile.store
// RECUR-NOT: tilegpu.convert_layout
// RECUR: scf.yield
