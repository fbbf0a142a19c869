// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -split-input-file -tile-schedule-loops="num-stages=3 warp-specialize=1" -tile-pipeline -canonicalize -cse | FileCheck %s
// RUN: tile-opt %s -split-input-file -tile-schedule-loops="num-stages=3 warp-specialize=1" -tile-pipeline -canonicalize -cse -tile-allocate-shared-memory -tile-insert-barriers | FileCheck %s --check-prefix=BAR
// The schedule marks the copies to multicast.
// RUN: tile-opt %s -split-input-file -tile-schedule-loops="num-stages=3 warp-specialize=1" | FileCheck %s --check-prefix=SCHED
// SCHED-LABEL: tile.func public @pairs(
// SCHED: tile.descriptor_load {{.*}} {tilegpu.staged} :
// SCHED: tile.descriptor_load {{.*}} {tilegpu.staged, tilenv.multicast} :
// SCHED-LABEL: tile.func public @varying_bound(
// SCHED-NOT: tilenv.multicast
// SCHED-LABEL: tile.func public @plain_sm90(
// SCHED-NOT: tilenv.multicast

// Clusters of two CTAs: b's block column comes from program_id / 2 and the
// loop's bound from an argument, so both CTAs of a cluster load the same
// blocks of b in the same iterations: its copy is multicast. a's rows
// depend on program_id mod 2: its copy stays per CTA. The empty barriers
// count the warps of both CTAs (2 x 4) and every warp arrives on both
// CTAs' (`cluster`); a cluster barrier follows the initialization and, in
// both regions, precedes the invalidation.
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a", "tilegpu.cluster-size" = 2 : i32} {
// CHECK-LABEL: tile.func public @pairs
// CHECK-COUNT-3: tilenv.init_barrier %{{.*}}, 1
// CHECK-COUNT-3: tilenv.init_barrier %{{.*}}, 8
// CHECK-NEXT: tilenv.cluster_barrier
// CHECK-NEXT: tilenv.warp_specialize producer {
// CHECK: scf.for
// CHECK: tilenv.wait_barrier
// CHECK: tilenv.barrier_expect %{{.*}}, 24576, %true
// CHECK: tilenv.async_tma_copy %a[
// CHECK: tilenv.async_tma_copy multicast %b[
// CHECK: }
// CHECK-NEXT: tilenv.cluster_barrier
// CHECK-NEXT: } default {
// CHECK: scf.for
// CHECK: tilenv.warpgroup_dot
// CHECK: tilenv.arrive_barrier cluster %{{.*}}, %{{.*}}
// CHECK: tilenv.warpgroup_dot_wait %{{.*}} {pendings = 0 : i32}
// CHECK-NEXT: tilenv.cluster_barrier
// CHECK-COUNT-6: tilenv.inval_barrier

// The CTA barrier after the initialization stays (the cluster barrier
// comes first, so both order it).
// BAR-LABEL: tile.func public @pairs
// BAR-COUNT-6: tilenv.init_barrier
// BAR-NEXT: tilenv.cluster_barrier
// BAR-NEXT: gpu.barrier
// BAR-NEXT: tilenv.warp_specialize producer {
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
    %xa = tilegpu.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tilegpu.buffer<128x64xf16, #nvmma>
    %ya = tilegpu.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
    %d = tilenv.warpgroup_dot %xa, %ya, %acc : !tilegpu.buffer<128x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<128x64xf32, #mma>
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
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a", "tilegpu.cluster-size" = 2 : i32} {
// CHECK-LABEL: tile.func public @varying_bound
// CHECK-COUNT-3: tilenv.init_barrier %{{.*}}, 4
// CHECK-NOT: tilenv.cluster_barrier
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
    %xa = tilegpu.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tilegpu.buffer<128x64xf16, #nvmma>
    %ya = tilegpu.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
    %d = tilenv.warpgroup_dot %xa, %ya, %acc : !tilegpu.buffer<128x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<128x64xf32, #mma>
    scf.yield %d : tensor<128x64xf32, #mma>
  }
  tile.store %ptrs, %res : tensor<128x64x!tile.ptr<f32>, #mma>
  tile.return
}
}

// -----

// Plain sm_90 (ptxas advises against multicast outside sm_90a), or no
// clusters: the same kernel as @pairs multicasts nothing.
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90", "tilegpu.cluster-size" = 2 : i32} {
// CHECK-LABEL: tile.func public @plain_sm90
// CHECK: tilenv.warp_specialize
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
    %xa = tilegpu.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tilegpu.buffer<128x64xf16, #nvmma>
    %v = tilegpu.local_load %xa : !tilegpu.buffer<128x64xf16, #nvmma> -> tensor<128x64xf16, #blocked>
    %s = arith.addf %acc, %v : tensor<128x64xf16, #blocked>
    scf.yield %s : tensor<128x64xf16, #blocked>
  }
  tile.store %ptrs, %res : tensor<128x64x!tile.ptr<f16>, #blocked>
  tile.return
}
}
