// Clusters of CTAs: the module's cluster size, multicast TMA copies,
// cluster-wide arrivals and the cluster barrier round-trip, in the custom
// and the generic form.
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// The ops' rules (invalid-cluster.mlir has the errors).
#nvmma = #tile.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK: module attributes {"tile.cluster-size" = 2 : i32
module attributes {"tile.cluster-size" = 2 : i32, "tile.num-warps" = 4 : i32, tile.target = "sm_90a"} {
  // CHECK-LABEL: tile.func public @multicast
  // CHECK: tile.init_barrier %{{.*}}, 8
  // CHECK-NEXT: tile.cluster_barrier
  // CHECK-NEXT: tile.async_tma_copy multicast %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}}, %{{.*}} : !tile.tensordesc<64x128xf16>, !tile.buffer<64x128xf16, #{{.*}}, mutable>, !tile.buffer<1xi64, #{{.*}}, mutable>
  // CHECK-NEXT: tile.async_tma_copy %{{.*}}[
  // CHECK-NEXT: tile.arrive_barrier cluster %{{.*}}, %{{.*}} : !tile.buffer<1xi64, #{{.*}}, mutable>
  // CHECK-NEXT: tile.arrive_barrier %{{.*}}, %{{.*}} : !tile.buffer<1xi64, #{{.*}}, mutable>
  tile.func public @multicast(%desc: !tile.tensordesc<64x128xf16>, %i: i32, %p: i1) {
    %buf = tile.local_alloc : () -> !tile.buffer<64x128xf16, #nvmma, mutable>
    %full = tile.local_alloc : () -> !tile.buffer<1xi64, #bar, mutable>
    %empty = tile.local_alloc : () -> !tile.buffer<1xi64, #bar, mutable>
    tile.init_barrier %empty, 8 : !tile.buffer<1xi64, #bar, mutable>
    tile.cluster_barrier
    tile.async_tma_copy multicast %desc[%i, %i], %buf, %full, %p : !tile.tensordesc<64x128xf16>, !tile.buffer<64x128xf16, #nvmma, mutable>, !tile.buffer<1xi64, #bar, mutable>
    tile.async_tma_copy %desc[%i, %i], %buf, %full, %p : !tile.tensordesc<64x128xf16>, !tile.buffer<64x128xf16, #nvmma, mutable>, !tile.buffer<1xi64, #bar, mutable>
    tile.arrive_barrier cluster %empty, %p : !tile.buffer<1xi64, #bar, mutable>
    tile.arrive_barrier %empty, %p : !tile.buffer<1xi64, #bar, mutable>
    tile.return
  }
}
