// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %tile_src_root/examples/matmul_tma_cluster.mlir | tile-opt | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/matmul_tma_cluster.mlir --mlir-print-op-generic | tile-opt | FileCheck %s
// In clusters of two on sm_90a with a producer thread: b's blocks (two
// 64x64 boxes) are multicast, one box from each CTA; a's stay per CTA.
// RUN: tile-translate %tile_src_root/examples/matmul_tma_cluster.mlir --sm=90a --warp-specialize --cluster-size=2 --emit=ptx -o %t.ptx --kernel-info=%t.info
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: FileCheck %s --check-prefix=INFO < %t.info
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin 2>&1 | count 0 %}
// Plain sm_90, clusters or not: nothing multicast (ptxas advises against it
// there), and ptxas has nothing to say.
// RUN: tile-translate %tile_src_root/examples/matmul_tma_cluster.mlir --warp-specialize --cluster-size=2 --emit=ptx -o %t90.ptx
// RUN: FileCheck %s --check-prefix=SM90 < %t90.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t90.ptx -o %t90.cubin 2>&1 | count 0 %}

// CHECK-LABEL: tile.func public @matmul(%{{.*}}: !tile.tensordesc<128x64xf16>, %{{.*}}: !tile.tensordesc<64x128xf16>
// CHECK: arith.divui %{{.*}}, %c2_i32
// CHECK: arith.remui %{{.*}}, %c2_i32
// CHECK: scf.for
// CHECK: tile.dot
// CHECK: tile.descriptor_store

// INFO: kernel matmul threads 160 shared {{[0-9]+}} cluster 2
// PTX: .reqnctapercluster 2, 1, 1
// PTX-COUNT-2: multicast::cluster
// PTX-NOT: multicast::cluster
// SM90: .reqnctapercluster 2, 1, 1
// SM90-NOT: multicast
