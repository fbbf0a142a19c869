// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Dots, scans and epilogues of flash-linear-attention as tile compiles them.
//
// chunk_fwd_kernel_o multiplies 64-row blocks with 8 warps: two warpgroups
// side by side along N, each a wgmma of half the columns (Triton's
// placement), not mma.sync; 97 registers and no spills, where mma.sync
// took 213.
// RUN: tile-translate %S/Inputs/fla_chunk_fwd_o.ttir --emit=ptx --sm=90a --num-warps=8 --num-stages=3 | FileCheck %s --check-prefix=O
// RUN: %if ptxas %{ tile-translate %S/Inputs/fla_chunk_fwd_o.ttir --emit=cubin --sm=90a --num-warps=8 --num-stages=3 --ptxas-info -o %t.o.cubin 2>&1 | FileCheck %s --check-prefix=O-PTXAS %}
// O-NOT: mma.sync
// O: wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16
// O-NOT: mma.sync
// O-PTXAS: 0 bytes spill stores, 0 bytes spill loads
//
// chunk_scaled_dot_kkt_fwd_kernel computes k * tl.trans(k): k is stored
// once, by a copy issued ahead, and read for A and, through a transposed
// view, for B; nothing is transposed in registers.
// RUN: tile-opt %S/Inputs/fla_chunk_scaled_dot_kkt.ttir "--tile-to-llvm=sm=90 arch-specific=true num-warps=2 num-stages=2 ttir=true" --mlir-print-ir-after=tile-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=KKT
// KKT: scf.for
// KKT-NOT: tile.trans
// KKT: tilegpu.async_copy_global_to_local {{.*}} -> !tilegpu.buffer<64x32xbf16
// KKT-NOT: tile.trans
// KKT: %[[VIEW:.*]] = tilegpu.buffer_trans %[[K:.*]] {order = array<i32: 1, 0>}
// KKT: tilegpu.local_load %[[K]] : {{.*}} -> tensor<64x32xbf16, #dot_op>
// KKT: tilegpu.local_load %[[VIEW]] : {{.*}} -> tensor<32x64xbf16, #dot_op1>
// KKT-NOT: tile.trans
// KKT: scf.yield
//
// chunk_local_cumsum_vector_kernel sums down 64 rows over 2 warps, a row a
// thread per repetition: every repetition's warp totals meet behind one
// barrier, not two per repetition. The scan runs in the store's layout, its
// bf16 input converted once before the cast to f32 (three barriers in the
// kernel; five when it scanned in a column a thread, converted both ways).
// RUN: tile-translate %S/Inputs/fla_cumsum_vector.ttir --emit=ptx --sm=90a --num-warps=2 --num-stages=3 | FileCheck %s --check-prefix=SCAN
// SCAN-COUNT-3: bar.sync
// SCAN-NOT: bar.sync
//
// chunk_gla_bwd_kernel_inter's epilogue (two 64x32 dot results scaled,
// combined, scanned and summed down the rows, on 2 warps) is computed in
// the accumulator's layout with each result converted once for its store
// and the scan; recomputed per layout, it spilled 2.5 KB at 255 registers.
// RUN: %if ptxas %{ tile-translate %S/Inputs/fla_chunk_gla_bwd_inter.ttir --emit=cubin --sm=90a --num-warps=2 --num-stages=2 --ptxas-info -o %t.inter.cubin 2>&1 | FileCheck %s --check-prefix=INTER %}
// INTER: {{ ([0-9]|[1-9][0-9]|[1-9][0-9][0-9]) bytes spill stores}}
//
// prepare_wy_repr_bwd_kernel sums rows of dot results times their bf16
// inputs in three loops: the bf16 inputs are converted to the
// accumulator's layout and the rows summed there (a few shuffles), not
// the f32 products converted to a layout of one column a thread (960
// shuffles, and 1.1 KB of spills against 0.76).
// RUN: tile-opt %S/Inputs/fla_prepare_wy_repr_bwd.ttir "--tile-to-llvm=sm=90 arch-specific=true num-warps=2 num-stages=2 ttir=true" --mlir-print-ir-after=tile-remove-layout-conversions -o /dev/null 2>&1 | FileCheck %s --check-prefix=WY
// WY-COUNT-3: (tensor<64x64xf32, #mma>) -> tensor<64xf32, #slice{{[0-9]*}}>
// WY-NOT: -> tensor<64xf32, #slice
