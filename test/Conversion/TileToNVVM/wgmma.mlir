// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tilenv.warpgroup_dot to wgmma: the operands stored into their NVMMA buffers,
// each thread's stores fenced for the async proxy, a barrier, then per
// warpgroup a chain of K/16 wgmma.mma_async m64n64k16 (A K-major, B
// N-major: layout "row" twice, B transposed) with matrix descriptors, one
// commit and a wait for all of them.
// RUN: tile-opt %s -tile-assign-layouts="target=sm_90a" -tile-coalesce -tile-accelerate-matmul -tile-remove-layout-conversions -canonicalize -cse -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s
// And through LLVM to PTX for sm_90a, which ptxas accepts.
// RUN: %if ptxas %{ tile-translate %s --sm=90a --emit=cubin -o %t.cubin %}
// RUN: tile-translate %s --sm=90a --emit=ptx | FileCheck %s --check-prefix=PTX
//
// Descriptor fields besides the start address: A (64x64, 128-byte swizzle):
// leading offset 16 (unused), stride 1024 (8 rows of 128 bytes), mode 1
// (128B) = 1<<16 | 64<<32 | 1<<62; B (64x64, N-major): leading offset
// 64*128 = 8192 (to the next column block), stride 1024 =
// 512<<16 | 64<<32 | 1<<62.
// CHECK-LABEL: gpu.func @wgmma
// CHECK-DAG: %[[BFIELDS:.*]] = arith.constant 4611686293338849280 : i64
// CHECK-DAG: %[[AFIELDS:.*]] = arith.constant 4611686293305360384 : i64
// CHECK-DAG: %[[MASK:.*]] = arith.constant 262143 : i64
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: gpu.barrier
// A warpgroup's rows of A: from the warp index as lane 0 has it (a
// shuffle: ptxas then keeps the descriptors in uniform registers).
// CHECK: %[[WARP:.*]] = nvvm.shfl.sync  idx %c-1_i32, %{{.*}}, %c0_i32, %c31_i32 : i32 -> i32
// CHECK: %[[GROUP:.*]] = arith.divui %[[WARP]], %c4_i32 : i32
// CHECK: %[[GROUP64:.*]] = arith.extui %[[GROUP]] : i32 to i64
// The first descriptors of each operand are computed once; a K step of 16
// adds its byte offset / 16 (A: 32 bytes along the row, B: 16 rows of 128
// bytes).
// CHECK: %[[BADDR:.*]] = arith.andi %{{.*}}, %[[MASK]] : i64
// CHECK: %[[BSTART:.*]] = arith.shrui %[[BADDR]], %c4_i64 : i64
// CHECK: %[[DESCB:.*]] = arith.ori %[[BSTART]], %[[BFIELDS]] : i64
// CHECK: nvvm.wgmma.fence.aligned
// The warpgroup's first row of A: 64 rows of 128 bytes a warpgroup.
// CHECK: arith.muli %[[GROUP64]], %c8192_i64 : i64
// CHECK: %[[AADDR:.*]] = arith.andi %{{.*}}, %[[MASK]] : i64
// CHECK: %[[ASTART:.*]] = arith.shrui %[[AADDR]], %c4_i64 : i64
// CHECK: %[[DESCA:.*]] = arith.ori %[[ASTART]], %[[AFIELDS]] : i64
// CHECK: %[[D0:.*]] = nvvm.wgmma.mma_async %[[DESCA]], %[[DESCB]], %{{.*}}, <m = 64, n = 64, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
// CHECK: %[[A1:.*]] = arith.addi %[[DESCA]], %c2_i64 : i64
// CHECK: %[[B1:.*]] = arith.addi %[[DESCB]], %c128_i64 : i64
// CHECK: %[[D1:.*]] = nvvm.wgmma.mma_async %[[A1]], %[[B1]], %[[D0]], <m = 64, n = 64, k = 16>
// CHECK: %[[D2:.*]] = nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %[[D1]], <m = 64, n = 64, k = 16>
// CHECK: %[[D3:.*]] = nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %[[D2]], <m = 64, n = 64, k = 16>
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: llvm.extractvalue %[[D3]][31]
//
// PTX: .target sm_90a
// PTX: fence.proxy.async.shared::cta;
// PTX: bar.sync 0;
// PTX: wgmma.fence.sync.aligned;
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 1;
// PTX: wgmma.commit_group.sync.aligned;
// PTX: wgmma.wait_group.sync.aligned 0;
tile.func public @wgmma(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                        %b: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                        %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r64 = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %c64 = arith.constant dense<64> : tensor<64x1xi32>
  %rows = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rowoff = arith.muli %rows, %c64 : tensor<64x1xi32>
  %rowb = tile.broadcast %rowoff : tensor<64x1xi32> -> tensor<64x64xi32>
  %cols = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %colb = tile.broadcast %cols : tensor<1x64xi32> -> tensor<64x64xi32>
  %off = arith.addi %rowb, %colb : tensor<64x64xi32>
  %as = tile.splat %a : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>>
  %ap = tile.addptr %as, %off : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
  %bs = tile.splat %b : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>>
  %bp = tile.addptr %bs, %off : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
  %cs = tile.splat %c : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %off : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %x = tile.load %ap : tensor<64x64x!tile.ptr<f16>>
  %y = tile.load %bp : tensor<64x64x!tile.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %x, %y, %zero : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
  tile.store %cp, %d : tensor<64x64x!tile.ptr<f32>>
  tile.return
}
