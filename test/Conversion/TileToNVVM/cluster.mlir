// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Clusters of two CTAs with b's blocks multicast, from tile IR to PTX.
// RUN: tile-translate %s --sm=90a --warp-specialize --cluster-size=2 --emit=ptx --kernel-info=%t.info | FileCheck %s --check-prefix=PTX
// RUN: FileCheck %s --check-prefix=INFO < %t.info
// RUN: %if ptxas %{ tile-translate %s --sm=90a --warp-specialize --cluster-size=2 --emit=cubin -o %t.cubin %}
// RUN: tile-opt %s -tile-assign-layouts="target=sm_90a num-warps=4 cluster-size=2" -tile-coalesce -tile-accelerate-matmul -tile-remove-layout-conversions -canonicalize -cse -tile-schedule-loops="num-stages=3 warp-specialize=1" -tile-pipeline -canonicalize -cse -tile-lower-descriptors -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s
// Without clusters: plain launches, nothing multicast.
// RUN: tile-translate %s --sm=90a --warp-specialize --emit=ptx | FileCheck %s --check-prefix=NONE

// The kernel is compiled for clusters of two (a compile-time cluster shape,
// which plain launches honour); the kernel info says so.
// INFO: kernel pairs threads 160 shared {{[0-9]+}} cluster 2
// PTX: .entry pairs(
// PTX: .explicitcluster
// PTX-NEXT: .reqnctapercluster 2, 1, 1
// Every thread of the cluster meets once the mbarriers are initialized.
// PTX: fence.mbarrier_init.release.cluster;
// PTX: barrier.cluster.arrive;
// PTX-NEXT: barrier.cluster.wait;
// The kernel's warps hand a stage back to both CTAs: lane 0 of each warp
// arrives on the barrier at the same offset in CTA 0 and CTA 1.
// PTX: mapa.shared::cluster.u64 [[R0:%rd[0-9]+]], [[BAR:%rd[0-9]+]], 0;
// PTX: @[[P:%p[0-9]+]] mbarrier.arrive.shared::cluster.b64 _, {{\[}}[[R0]]{{\]}};
// PTX: mapa.shared::cluster.u64 [[R1:%rd[0-9]+]], [[BAR]], 1;
// PTX: @[[P]] mbarrier.arrive.shared::cluster.b64 _, {{\[}}[[R1]]{{\]}};
// ...and meet the other CTA before their barriers go.
// PTX: barrier.cluster.arrive;
// PTX-NEXT: barrier.cluster.wait;
// The producer: a's block for this CTA alone, then b's 64x128 block as two
// 64x64 boxes, box 0 from the CTA of rank 0 and box 1 from rank 1, each
// written into both CTAs (mask 0b11).
// PTX: %cluster_ctarank
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [
// PTX: @{{%p[0-9]+}} cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [{{.*}}], 3;
// PTX: @{{%p[0-9]+}} cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [{{.*}}], 3;
// So does the producer.
// PTX: barrier.cluster.arrive;
// PTX-NEXT: barrier.cluster.wait;
// PTX-NOT: barrier.cluster

// CHECK-LABEL: gpu.func @pairs
// CHECK-SAME: nvvm.cluster_dim = array<i32: 2, 1, 1>
// CHECK: nvvm.fence.mbarrier.init
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// The kernel's warps: one arrival per CTA of the cluster.
// CHECK: %[[R0:.*]] = nvvm.mapa %{{.*}}, %c0_i32 : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "@$1 mbarrier.arrive.shared::cluster.b64 _, [$0];", "l,b" %[[R0]], %{{.*}}
// CHECK-NEXT: %[[R1:.*]] = nvvm.mapa %{{.*}}, %c1_i32 : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "@$1 mbarrier.arrive.shared::cluster.b64 _, [$0];", "l,b" %[[R1]], %{{.*}}
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: } else {
// The producer: box j of b from the CTA of rank j.
// CHECK: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[RANK]], %c0_i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg1, %{{.*}}, box[%{{.*}}, %{{.*}}] multicast_mask = %{{.*}} predicate = %[[FIRST]]
// CHECK: %[[SECOND:.*]] = arith.cmpi eq, %[[RANK]], %c1_i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg1, %{{.*}}, box[%{{.*}}, %{{.*}}] multicast_mask = %{{.*}} predicate = %[[SECOND]]
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: } {tilenv.producer}

// NONE: .entry pairs(
// NONE-NOT: .reqnctapercluster
// NONE-NOT: barrier.cluster
// NONE-NOT: mapa
// NONE-NOT: multicast
// NONE: ret;
tile.func public @pairs(%a: !tile.tensordesc<128x64xf16>,
                        %b: !tile.tensordesc<64x128xf16>,
                        %c: !tile.tensordesc<128x128xf32>, %K: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %pid = tile.get_program_id x : i32
  %pair = arith.divui %pid, %c2 : i32
  %row0 = arith.muli %pid, %c128 : i32
  %col0 = arith.muli %pair, %c128 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %steps = arith.divui %K, %c64 : i32
  %acc = scf.for %step = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %k0 = arith.muli %step, %c64 : i32
    %x = tile.descriptor_load %a[%row0, %k0] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16>
    %y = tile.descriptor_load %b[%k0, %col0] : !tile.tensordesc<64x128xf16> -> tensor<64x128xf16>
    %next = tile.dot %x, %y, %sum : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  tile.descriptor_store %c[%row0, %col0], %acc : !tile.tensordesc<128x128xf32>, tensor<128x128xf32>
  tile.return
}
