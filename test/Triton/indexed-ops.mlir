// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Triton programs over tt.histogram, tt.gather, tt.elementwise_inline_asm and
// tt.unsplat (test/Differential/programs/indexed.py, TTIR as Triton 3.6
// prints it) read as tile ops and compile to PTX.
// REQUIRES: ptxas
// RUN: tile-opt %S/Inputs/indexed_histogram.ttir | FileCheck %s --check-prefix=IR
// IR: tile.histogram %{{.*}}, %{{.*}} : tensor<512xi32> -> tensor<32xi32>
// RUN: tile-translate %S/Inputs/indexed_histogram.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=HIST
// HIST-LABEL: .entry histogram_kernel(
// HIST: st.shared.{{.*}}
// HIST: bar.sync 0;
// HIST: atom.shared.add.u32
// HIST: bar.sync 0;
// HIST: ld.shared
// RUN: tile-translate %S/Inputs/indexed_gather.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=GATHER
// GATHER-LABEL: .entry gather_kernel(
// GATHER: st.shared.{{[bf]}}32
// GATHER: bar.sync 0;
// GATHER: ld.shared.{{[bf]}}32
// RUN: tile-translate %S/Inputs/indexed_packed_asm.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=PACKED
// PACKED-LABEL: .entry packed_asm_kernel(
// PACKED: and.b32 {{.*}}, 0x1F1F1F1F;
// RUN: tile-translate %S/Inputs/indexed_two_output_asm.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=TWO
// TWO-LABEL: .entry two_output_asm_kernel(
// TWO: add.f32 [[S:%r[0-9]+]], [[A:%r[0-9]+]], [[B:%r[0-9]+]]; sub.f32 {{%r[0-9]+}}, [[A]], [[B]];
// RUN: tile-translate %S/Inputs/indexed_unsplat.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=UNSPLAT
// UNSPLAT-LABEL: .entry unsplat_kernel(
// UNSPLAT: mul.f32
