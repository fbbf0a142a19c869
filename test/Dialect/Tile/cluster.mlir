// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Clusters of CTAs: the module's cluster size, multicast TMA copies,
// cluster-wide arrivals and the cluster barrier round-trip, in the custom
// and the generic form.
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// The ops' rules (invalid-cluster.mlir has the errors).
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK: module attributes {"tilegpu.cluster-size" = 2 : i32
module attributes {"tilegpu.cluster-size" = 2 : i32, "tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
  // CHECK-LABEL: tile.func public @multicast
  // CHECK: tilenv.init_barrier %{{.*}}, 8
  // CHECK-NEXT: tilenv.cluster_barrier
  // CHECK-NEXT: tilenv.async_tma_copy multicast %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}}, %{{.*}} : !tile.tensordesc<64x128xf16>, !tilegpu.buffer<64x128xf16, #{{.*}}, mutable>, !tilegpu.buffer<1xi64, #{{.*}}, mutable>
  // CHECK-NEXT: tilenv.async_tma_copy %{{.*}}[
  // CHECK-NEXT: tilenv.arrive_barrier cluster %{{.*}}, %{{.*}} : !tilegpu.buffer<1xi64, #{{.*}}, mutable>
  // CHECK-NEXT: tilenv.arrive_barrier %{{.*}}, %{{.*}} : !tilegpu.buffer<1xi64, #{{.*}}, mutable>
  tile.func public @multicast(%desc: !tile.tensordesc<64x128xf16>, %i: i32, %p: i1) {
    %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<64x128xf16, #nvmma, mutable>
    %full = tilegpu.local_alloc : () -> !tilegpu.buffer<1xi64, #bar, mutable>
    %empty = tilegpu.local_alloc : () -> !tilegpu.buffer<1xi64, #bar, mutable>
    tilenv.init_barrier %empty, 8 : !tilegpu.buffer<1xi64, #bar, mutable>
    tilenv.cluster_barrier
    tilenv.async_tma_copy multicast %desc[%i, %i], %buf, %full, %p : !tile.tensordesc<64x128xf16>, !tilegpu.buffer<64x128xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #bar, mutable>
    tilenv.async_tma_copy %desc[%i, %i], %buf, %full, %p : !tile.tensordesc<64x128xf16>, !tilegpu.buffer<64x128xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #bar, mutable>
    tilenv.arrive_barrier cluster %empty, %p : !tilegpu.buffer<1xi64, #bar, mutable>
    tilenv.arrive_barrier %empty, %p : !tilegpu.buffer<1xi64, #bar, mutable>
    tile.return
  }
}
