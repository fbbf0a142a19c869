// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A flash-attention forward from Triton's TTIR (Inputs/attention_*.ttir).
// Before the pipeline, the loop keeps the first dot's products, the
// softmax and the accumulator in the warpgroup dot's layout; the row
// statistics are carried in the first dot's row layout, and their
// conversions to the second dot's rows move nothing (the same rows); P goes
// to the second dot in registers, as wgmma's A operand, in the layout the
// first dot computed it in. (Before: the accumulator and products went
// through shared memory each iteration, then the row statistics five times
// an iteration, and P through a shared buffer.)
// RUN: tile-opt %S/Inputs/attention_d64_full.ttir --tile-to-llvm="ttir sm=90 arch-specific num-warps=8 num-stages=3" -mlir-print-ir-before=tile-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=LAYOUTS
// RUN: tile-opt %S/Inputs/attention_d128_causal.ttir --tile-to-llvm="ttir sm=90 arch-specific num-warps=8 num-stages=3" -mlir-print-ir-before=tile-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=LAYOUTS
// The loop, of step 64, is pipelined: K and V by cp.async.
// RUN: tile-translate %S/Inputs/attention_d64_full.ttir --ttir --emit=ptx --sm=90a --num-warps=8 --num-stages=3 | FileCheck %s --check-prefix=PTX

// LAYOUTS: scf.for {{.*}} iter_args({{.*}}) -> (tensor<128xf32, #[[ROW:slice[0-9]*]]>, tensor<128xf32, #slice{{[0-9]*}}>
// LAYOUTS-NOT: tilegpu.convert_layout {{.*}} : tensor<128x{{[0-9]+}}xf32
// LAYOUTS-NOT: tilegpu.local_alloc {{.*}} : (tensor<128x64xf16, #mma
// LAYOUTS: %[[P:.*]] = arith.truncf %{{.*}} : tensor<128x64xf32, #[[MMA:mma[0-9]*]]> to tensor<128x64xf16, #[[MMA]]>
// LAYOUTS-NOT: tilegpu.local_alloc {{.*}} : (tensor<128x64xf16, #mma
// LAYOUTS: tilenv.warpgroup_dot %[[P]], %{{.*}}, %{{.*}} : tensor<128x64xf16, #[[MMA]]>, !tilegpu.buffer
// LAYOUTS-NOT: tilegpu.convert_layout {{.*}} : tensor<128x{{[0-9]+}}xf32
// LAYOUTS: scf.yield {{.*}} : tensor<128xf32, #[[ROW]]>, tensor<128xf32, #[[ROW]]>, tensor<128x{{[0-9]+}}xf32, #mma

// PTX-LABEL: .entry attn_fwd(
// PTX: cp.async.cg.shared.global {{.*}}, 16
// PTX: wgmma.mma_async
// The second dot takes P from registers: four 32-bit registers for A.
// The softmax's exp2 is Triton's, subnormals flushed (tile-triton-math).
// PTX-NOT: ex2.approx.f32
// PTX: ex2.approx.ftz.f32
// PTX-NOT: ex2.approx.f32
// PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 1;
