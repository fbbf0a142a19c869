// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %tile_src_root/examples/matmul_bias_relu.mlir | tile-opt | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/matmul_bias_relu.mlir --mlir-print-op-generic | tile-opt | FileCheck %s
// The epilogue runs on the accumulators in the mma layout out of the K loop:
// the bias is converted to the accumulator's columns, and only the f16
// result of the cast is converted for the coalesced store (as Triton does),
// half the bytes of the f32 accumulator.
// RUN: tile-opt %tile_src_root/examples/matmul_bias_relu.mlir -tile-assign-layouts -tile-coalesce -tile-accelerate-matmul -tile-remove-layout-conversions -canonicalize -cse | FileCheck %s --check-prefix=MMA
// RUN: %if ptxas %{ tile-translate %tile_src_root/examples/matmul_bias_relu.mlir --emit=ptx -o - | FileCheck %s --check-prefix=PTX %}
// On sm_90a the same epilogue runs on wgmma's accumulators, in registers:
// bias and ReLU after the wait, then f16 pairs to the store's scratch by
// stmatrix; no f32 goes through shared memory.
// RUN: %if ptxas %{ tile-translate %tile_src_root/examples/matmul_bias_relu.mlir --emit=ptx --sm=90a -o - | FileCheck %s --check-prefix=WGMMA %}

// CHECK-LABEL: tile.func public @matmul_bias_relu
// CHECK: tile.dot
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK: arith.truncf {{.*}} : tensor<64x64xf32> to tensor<64x64xf16>
// CHECK: tile.store {{.*}} : tensor<64x64x!tile.ptr<f16>>

// MMA: %[[ACC:.*]] = scf.for {{.*}} -> (tensor<64x64xf32, #mma>)
// MMA: tile.dot {{.*}} -> tensor<64x64xf32, #mma>
// MMA-NOT: tilegpu.convert_layout {{.*}}64x64xf32
// MMA: tilegpu.convert_layout %{{.*}} : tensor<64xf16, #{{.*}}> -> tensor<64xf16, #[[BIAS:slice[0-9]*]]>
// MMA: tile.expand_dims %{{.*}} : tensor<64xf32, #[[BIAS]]> -> tensor<1x64xf32, #mma>
// MMA: arith.addf %[[ACC]], {{.*}} : tensor<64x64xf32, #mma>
// MMA-NEXT: arith.maximumf {{.*}} : tensor<64x64xf32, #mma>
// MMA-NEXT: %[[OUT:.*]] = arith.truncf {{.*}} : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
// MMA-NOT: tilegpu.convert_layout {{.*}}64x64xf32
// MMA: %[[C:.*]] = tilegpu.convert_layout %[[OUT]] : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #[[ST:blocked[0-9]*]]>
// MMA-NEXT: tile.store {{.*}}, %[[C]], {{.*}} : tensor<64x64x!tile.ptr<f16>, #[[ST]]>

// PTX-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX: max.NaN.f32
// The mma layout holds pairs of adjacent columns: one cvt rounds two, and
// the pairs go to the conversion's scratch as stmatrix registers (sm_90);
// the store is scalar, as N is not known to be a multiple of 8.
// PTX: cvt.rn.f16x2.f32
// PTX-NOT: st.shared
// PTX: stmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX-NOT: st.shared
// PTX: bar.sync
// PTX: ld.shared.b16
// PTX: st.global.b16

// WGMMA: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// WGMMA: wgmma.wait_group.sync.aligned{{[[:space:]]+}}0;
// WGMMA-NOT: {{st.shared(.v[24])?.[bf]32}}
// WGMMA-COUNT-32: max.NaN.f32
// WGMMA-NOT: {{st.shared(.v[24])?.[bf]32}}
// WGMMA: cvt.rn.f16x2.f32
// WGMMA: stmatrix.sync.aligned.m8n8.x4.shared.b16
// WGMMA: bar.sync
// WGMMA: ld.shared.b16
// WGMMA: st.global.b16
