// RUN: tile-opt %s -split-input-file -tile-pipeline="num-stages=3 warp-specialize=1" -canonicalize -cse | FileCheck %s
// RUN: tile-opt %s -split-input-file -tile-pipeline="num-stages=3 warp-specialize=1" -canonicalize -cse -tile-allocate-shared-memory -tile-insert-barriers | FileCheck %s --check-prefix=BAR

// Clusters of two CTAs: b's block column comes from program_id / 2 and the
// loop's bound from an argument, so both CTAs of a cluster load the same
// blocks of b in the same iterations: its copy is multicast. a's rows
// depend on program_id mod 2: its copy stays per CTA. The empty barriers
// count the warps of both CTAs (2 x 4) and every warp arrives on both
// CTAs' (`cluster`); a cluster barrier follows the initialization and, in
// both regions, precedes the invalidation.
#nvmma = #tile.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tile.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #tile.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tile.num-warps" = 4 : i32, tile.target = "sm_90a", "tile.cluster-size" = 2 : i32} {
// CHECK-LABEL: tile.func public @pairs
// CHECK-COUNT-3: tile.init_barrier %{{.*}}, 1
// CHECK-COUNT-3: tile.init_barrier %{{.*}}, 8
// CHECK-NEXT: tile.cluster_barrier
// CHECK-NEXT: tile.warp_specialize producer {
// CHECK: scf.for
// CHECK: tile.wait_barrier
// CHECK: tile.barrier_expect %{{.*}}, 24576, %true
// CHECK: tile.async_tma_copy %arg0[
// CHECK: tile.async_tma_copy multicast %arg1[
// CHECK: }
// CHECK-NEXT: tile.cluster_barrier
// CHECK-NEXT: } default {
// CHECK: scf.for
// CHECK: tile.warpgroup_dot
// CHECK: tile.arrive_barrier cluster %{{.*}}, %{{.*}}
// CHECK: tile.warpgroup_dot_wait %{{.*}} {pendings = 0 : i32}
// CHECK-NEXT: tile.cluster_barrier
// CHECK-COUNT-6: tile.inval_barrier

// The CTA barrier after the initialization stays (the cluster barrier
// comes first, so both order it).
// BAR-LABEL: tile.func public @pairs
// BAR-COUNT-6: tile.init_barrier
// BAR-NEXT: tile.cluster_barrier
// BAR-NEXT: gpu.barrier
// BAR-NEXT: tile.warp_specialize producer {
tile.func public @pairs(%a: !tile.tensordesc<128x64xf16>, %b: !tile.tensordesc<64x64xf16>,
                        %c: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %pid = tile.get_program_id x : i32
  %pair = arith.divui %pid, %c2 : i32
  %col = arith.muli %pair, %c64 : i32
  %row = arith.muli %pid, %c128 : i32
  %zero = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
  %ptrs = tile.splat %c : !tile.ptr<f32> -> tensor<128x64x!tile.ptr<f32>, #mma>
  %res = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #mma>) : i32 {
    %k0 = arith.muli %iv, %c64 : i32
    %x = tile.descriptor_load %a[%row, %k0] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16, #blocked>
    %y = tile.descriptor_load %b[%k0, %col] : !tile.tensordesc<64x64xf16> -> tensor<64x64xf16, #blocked>
    %xa = tile.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tile.buffer<128x64xf16, #nvmma>
    %ya = tile.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !tile.buffer<64x64xf16, #nvmma>
    %d = tile.warpgroup_dot %xa, %ya, %acc : !tile.buffer<128x64xf16, #nvmma>, !tile.buffer<64x64xf16, #nvmma> -> tensor<128x64xf32, #mma>
    scf.yield %d : tensor<128x64xf32, #mma>
  }
  tile.store %ptrs, %res : tensor<128x64x!tile.ptr<f32>, #mma>
  tile.return
}
}

// -----

// The loop's bound differs between the CTAs of a cluster (it comes from
// program_id): they may run different iterations, so nothing is
// multicast and the handshake stays within each CTA.
#nvmma = #tile.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tile.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #tile.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tile.num-warps" = 4 : i32, tile.target = "sm_90a", "tile.cluster-size" = 2 : i32} {
// CHECK-LABEL: tile.func public @varying_bound
// CHECK-COUNT-3: tile.init_barrier %{{.*}}, 4
// CHECK-NOT: tile.cluster_barrier
// CHECK-NOT: multicast
// CHECK-NOT: arrive_barrier cluster
// CHECK: tile.return
tile.func public @varying_bound(%a: !tile.tensordesc<128x64xf16>, %b: !tile.tensordesc<64x64xf16>,
                                %c: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c64 = arith.constant 64 : i32
  %pid = tile.get_program_id x : i32
  %pair = arith.divui %pid, %c2 : i32
  %col = arith.muli %pair, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
  %ptrs = tile.splat %c : !tile.ptr<f32> -> tensor<128x64x!tile.ptr<f32>, #mma>
  %res = scf.for %iv = %c0 to %pid step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #mma>) : i32 {
    %k0 = arith.muli %iv, %c64 : i32
    %x = tile.descriptor_load %a[%col, %k0] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16, #blocked>
    %y = tile.descriptor_load %b[%k0, %col] : !tile.tensordesc<64x64xf16> -> tensor<64x64xf16, #blocked>
    %xa = tile.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tile.buffer<128x64xf16, #nvmma>
    %ya = tile.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !tile.buffer<64x64xf16, #nvmma>
    %d = tile.warpgroup_dot %xa, %ya, %acc : !tile.buffer<128x64xf16, #nvmma>, !tile.buffer<64x64xf16, #nvmma> -> tensor<128x64xf32, #mma>
    scf.yield %d : tensor<128x64xf32, #mma>
  }
  tile.store %ptrs, %res : tensor<128x64x!tile.ptr<f32>, #mma>
  tile.return
}
}

// -----

// Plain sm_90 (ptxas advises against multicast outside sm_90a), or no
// clusters: the same kernel as @pairs multicasts nothing.
#nvmma = #tile.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#blocked = #tile.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tile.num-warps" = 4 : i32, tile.target = "sm_90", "tile.cluster-size" = 2 : i32} {
// CHECK-LABEL: tile.func public @plain_sm90
// CHECK: tile.warp_specialize
// CHECK-NOT: multicast
// CHECK-NOT: cluster
// CHECK: tile.return
tile.func public @plain_sm90(%a: !tile.tensordesc<128x64xf16>, %c: !tile.ptr<f16>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c64 = arith.constant 64 : i32
  %pid = tile.get_program_id x : i32
  %pair = arith.divui %pid, %c2 : i32
  %zero = arith.constant dense<0.0> : tensor<128x64xf16, #blocked>
  %ptrs = tile.splat %c : !tile.ptr<f16> -> tensor<128x64x!tile.ptr<f16>, #blocked>
  %res = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf16, #blocked>) : i32 {
    %k0 = arith.muli %iv, %c64 : i32
    %x = tile.descriptor_load %a[%pair, %k0] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16, #blocked>
    %xa = tile.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tile.buffer<128x64xf16, #nvmma>
    %v = tile.local_load %xa : !tile.buffer<128x64xf16, #nvmma> -> tensor<128x64xf16, #blocked>
    %s = arith.addf %acc, %v : tensor<128x64xf16, #blocked>
    scf.yield %s : tensor<128x64xf16, #blocked>
  }
  tile.store %ptrs, %res : tensor<128x64x!tile.ptr<f16>, #blocked>
  tile.return
}
}
