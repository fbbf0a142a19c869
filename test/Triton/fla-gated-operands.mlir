// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// flash-linear-attention's chunk_fwd_kernel_h on one warp (mma.sync): the
// dot's B operand is v scaled by exp2(g_last - g) per row. Its loads, v and
// g, are stored as loaded and read in B's layout and its rows' slice
// (tile-optimize-dot-operands), so that all three of the loop's block loads
// are cp.async copies issued a stage ahead; the scaling runs on B's
// registers, and no product of the loop is stored to shared memory.
// RUN: tile-opt %S/Inputs/fla_chunk_fwd_h.ttir "--tile-to-llvm=sm=90 arch-specific=true num-warps=1 num-stages=2 ttir=true" --mlir-print-ir-after=tile-pipeline -o /dev/null 2>&1 | FileCheck %s
// RUN: tile-opt %S/Inputs/fla_chunk_fwd_h.ttir "--tile-to-llvm=sm=90 arch-specific=true num-warps=1 num-stages=1 ttir=true" --mlir-print-ir-after=tile-remove-layout-conversions -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNPIPELINED

// CHECK: scf.for
// CHECK-COUNT-3: tilegpu.async_copy_global_to_local
// CHECK-NOT: tilegpu.local_alloc %
// CHECK: tilegpu.local_load %{{.*}} -> tensor<64x32xbf16, #[[B:dot_op[0-9]*]]>
// CHECK: arith.extf %{{.*}} : tensor<64x32xbf16, #[[B]]> to tensor<64x32xf32, #[[B]]>
// CHECK: tilegpu.local_load %{{.*}} : !tilegpu.buffer<64xf32, #{{.*}}, mutable> -> tensor<64xf32, #[[ROWS:slice[0-9]*]]>
// CHECK: math.exp2 %{{.*}} : tensor<64xf32, #[[ROWS]]>
// CHECK: arith.mulf %{{.*}} : tensor<64x32xf32, #[[B]]>
// CHECK: arith.truncf %{{.*}} : tensor<64x32xf32, #[[B]]> to tensor<64x32xbf16, #[[B]]>
// CHECK: tile.dot
// CHECK-NOT: tilegpu.local_alloc %
// CHECK: scf.yield

// Unpipelined, the product is stored and read back as before.
// UNPIPELINED: arith.truncf %{{.*}} : tensor<64x32xf32, #blocked{{[0-9]*}}> to tensor<64x32xbf16, #blocked{{[0-9]*}}>
// UNPIPELINED: tilegpu.local_alloc %{{.*}} : (tensor<64x32xbf16, #blocked{{[0-9]*}}>)
