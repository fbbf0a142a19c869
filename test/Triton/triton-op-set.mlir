// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Triton programs over tt.map_elementwise, tt.dot_scaled and
// tt.descriptor_reduce (test/Differential/programs/maps.py and
// scaled_dots.py, TTIR as Triton 3.6 prints it) read as tile ops and
// compile to PTX; tt.descriptor_gather / tt.descriptor_scatter are read
// and rejected where they are lowered, at the Python line that wrote them.
// REQUIRES: ptxas
// RUN: tile-opt %S/Inputs/maps_selu.ttir -tile-import-ttir | FileCheck %s --check-prefix=MAPIR
// MAPIR: "tile.map_elementwise"(%{{.*}}, %{{.*}}, %{{.*}}) <{pack = 1 : i32}> ({
// MAPIR: cf.cond_br
// MAPIR: tile.map_elementwise.return %{{.*}} : f32
// The region's `if`: a branch per element, the exponential on one side.
// RUN: tile-translate %S/Inputs/maps_selu.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=SELU
// SELU-LABEL: .entry selu_kernel(
// SELU: setp.leu.f32
// SELU: @{{%p[0-9]+}} bra
// SELU: ex2.approx
// RUN: tile-translate %S/Inputs/maps_pairs.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=PAIRS
// PAIRS-LABEL: .entry pairs_kernel(
// PAIRS: add.f32 {{%r[0-9]+}}, [[A0:%r[0-9]+]], [[B1:%r[0-9]+]];
// PAIRS: add.f32 {{%r[0-9]+}}, [[A1:%r[0-9]+]], [[B0:%r[0-9]+]];
// PAIRS: fma.rn.f32 {{%r[0-9]+}}, [[A0]], [[B0]],
//
// Scaled dots: bf16 (f16 with an fp16 operand) operands for a wgmma
// (sm_90a), scaled by multiplications in that type.
// RUN: tile-opt %S/Inputs/scaled_dot_e4m3.ttir | FileCheck %s --check-prefix=SCALEDIR
// SCALEDIR: tile.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}} scale %{{.*}}, %{{.*}} lhs = e4m3 rhs = e4m3 : tensor<64x64xf8E4M3FN>, tensor<64x2xi8> * tensor<64x64xf8E4M3FN>, tensor<64x2xi8> -> tensor<64x64xf32>
// RUN: tile-translate %S/Inputs/scaled_dot_e4m3.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=SCALED
// RUN: tile-translate %S/Inputs/scaled_dot_e2m1_bf16.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=SCALED
// RUN: tile-translate %S/Inputs/scaled_dot_fp16_e4m3.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=HALF
// SCALED: mul.bf16
// SCALED: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// HALF: mul.f16
// HALF: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
//
// Descriptor reductions: TMA reductions of their kinds; Triton's si32
// block reads as i32.
// RUN: tile-opt %S/Inputs/descriptor_reduce.ttir | FileCheck %s --check-prefix=REDIR
// REDIR: tile.descriptor_reduce add, %out_desc[%{{.*}}, %{{.*}}], %{{.*}} : !tile.tensordesc<64x64xf32>, tensor<64x64xf32>
// REDIR: tile.descriptor_reduce max, %imax_desc[%{{.*}}, %{{.*}}], %{{.*}} : !tile.tensordesc<64x64xi32>, tensor<64x64xi32>
// RUN: tile-translate %S/Inputs/descriptor_reduce.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=RED
// RED-LABEL: .entry reduce_kernel(
// RED: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group
// RED: cp.reduce.async.bulk.tensor.2d.global.shared::cta.max.tile.bulk_group
// Through descriptors made in the kernel of Triton's ui32 elements
// (test/Differential/programs/tensor_pointers.py), max and min compare
// unsigned: TMA reductions through tensor maps of u32 elements (code 2),
// or, as pointers (PTX 8.0: no tensor maps written in the kernel), unsigned
// atomics.
// RUN: tile-translate %S/Inputs/descriptor_unsigned.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=UNSIGNED
// UNSIGNED-LABEL: .entry desc_unsigned_kernel(
// UNSIGNED-COUNT-3: tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [%rd{{[0-9]+}}], 2;
// UNSIGNED: cp.reduce.async.bulk.tensor.2d.global.shared::cta.max.tile.bulk_group
// UNSIGNED: cp.reduce.async.bulk.tensor.2d.global.shared::cta.min.tile.bulk_group
// RUN: tile-translate %S/Inputs/descriptor_unsigned.ttir --emit=ptx --sm=90a --num-warps=4 --ptx-version=80 | FileCheck %s --check-prefix=UNSIGNED80
// UNSIGNED80-LABEL: .entry desc_unsigned_kernel(
// UNSIGNED80-NOT: global.{{max|min}}.s32
// UNSIGNED80-COUNT-8: atom.relaxed.gpu.global.max.u32
// UNSIGNED80-COUNT-8: atom.relaxed.gpu.global.min.u32
//
// RUN: tile-opt %S/Inputs/descriptor_gather.ttir | FileCheck %s --check-prefix=GATHERIR
// GATHERIR: tile.descriptor_gather %desc[%{{.*}}, %{{.*}}] : (!tile.tensordesc<1x64xf32>, tensor<8xi32>, i32) -> tensor<8x64xf32>
// GATHERIR: tile.descriptor_scatter %desc[%{{.*}}, %{{.*}}], %{{.*}} : !tile.tensordesc<1x64xf32>, tensor<8xi32>, i32, tensor<8x64xf32>
// RUN: not tile-translate %S/Inputs/descriptor_gather.ttir --emit=ptx --sm=90a --num-warps=4 -o /dev/null 2>&1 | FileCheck %s --check-prefix=GATHER
// GATHER: dump_ttir.py:{{[0-9]+}}:{{[0-9]+}}: error: 'tile.descriptor_gather' op needs the tensor memory accelerator's gather4 (sm_100 and newer), which tile does not target; the target is sm_90a
