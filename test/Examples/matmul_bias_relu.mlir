// RUN: tile-opt %tile_src_root/examples/matmul_bias_relu.mlir | tile-opt | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/matmul_bias_relu.mlir --mlir-print-op-generic | tile-opt | FileCheck %s
// The epilogue runs on the accumulators: in the mma layout out of the K
// loop, converted once for the coalesced f16 store (as Triton does); the
// bias is converted to the accumulator's columns, nothing else.
// RUN: tile-opt %tile_src_root/examples/matmul_bias_relu.mlir -tile-assign-layouts -tile-coalesce -tile-accelerate-matmul -tile-remove-layout-conversions -canonicalize -cse | FileCheck %s --check-prefix=MMA
// RUN: %if ptxas %{ tile-translate %tile_src_root/examples/matmul_bias_relu.mlir --emit=ptx -o - | FileCheck %s --check-prefix=PTX %}

// CHECK-LABEL: tile.func public @matmul_bias_relu
// CHECK: tile.dot
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK: arith.truncf {{.*}} : tensor<64x64xf32> to tensor<64x64xf16>
// CHECK: tile.store {{.*}} : tensor<64x64x!tile.ptr<f16>>

// MMA: %[[ACC:.*]] = scf.for {{.*}} -> (tensor<64x64xf32, #mma>)
// MMA: tile.dot {{.*}} -> tensor<64x64xf32, #mma>
// MMA: tile.convert_layout %[[ACC]] : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #[[OUT:blocked[0-9]*]]>
// MMA: arith.addf {{.*}} : tensor<64x64xf32, #[[OUT]]>
// MMA-NEXT: arith.maximumf {{.*}} : tensor<64x64xf32, #[[OUT]]>
// MMA-NEXT: arith.truncf {{.*}} : tensor<64x64xf32, #[[OUT]]> to tensor<64x64xf16, #[[OUT]]>
// MMA: tile.store {{.*}} : tensor<64x64x!tile.ptr<f16>, #[[OUT]]>

// PTX-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX: max.NaN.f32
// PTX: cvt.rn.f16.f32
