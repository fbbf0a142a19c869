// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %tile_src_root/examples/matmul_tma.mlir | tile-opt | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/matmul_tma.mlir --mlir-print-op-generic | tile-opt | FileCheck %s
// For sm_90a: the blocks of a and b are TMA copies into the NVMMA buffers
// wgmma reads, pipelined over three stages with one mbarrier each (copies
// one iteration ahead, one group of products in flight). The descriptors
// are byval __grid_constant__ parameters whose address TMA takes; B's
// 128-column block is two 64-column (128-byte) boxes.
// RUN: %if ptxas %{ tile-translate %tile_src_root/examples/matmul_tma.mlir --emit=ptx --sm=90a -o - | FileCheck %s --check-prefix=SM90A %}
// RUN: %if ptxas %{ tile-translate %tile_src_root/examples/matmul_tma.mlir --emit=cubin --sm=90a -o %t.cubin %}
// The kernel information says how to build the tensor maps.
// RUN: tile-translate %tile_src_root/examples/matmul_tma.mlir --emit=llvmir --sm=90a -o /dev/null --kernel-info=%t.info
// RUN: FileCheck %s --check-prefix=INFO < %t.info
// For sm_90 (no wgmma): mma.sync reading with ldmatrix the blocks TMA
// copies, pipelined as for wgmma (the operand buffers keep the descriptors'
// NVMMA layout) but with each iteration's copies after its products:
// shared memory is only written by TMA, and by the accumulator for the
// TMA store after the loop.
// RUN: %if ptxas %{ tile-translate %tile_src_root/examples/matmul_tma.mlir --emit=cubin -o %t90.cubin %}
// RUN: tile-translate %tile_src_root/examples/matmul_tma.mlir --emit=llvmir -o - | FileCheck %s --check-prefix=SM90
// RUN: tile-translate %tile_src_root/examples/matmul_tma.mlir --emit=ptx -o - | FileCheck %s --check-prefix=SM90PTX
// Before sm_90 there is no TMA: a located error.
// RUN: not tile-translate %tile_src_root/examples/matmul_tma.mlir --emit=llvmir --sm=80 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80

// CHECK-LABEL: tile.func public @matmul(%{{.*}}: !tile.tensordesc<128x64xf16>, %{{.*}}: !tile.tensordesc<64x128xf16>
// CHECK: scf.for
// CHECK: tile.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16>
// CHECK: tile.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] : !tile.tensordesc<64x128xf16> -> tensor<64x128xf16>
// CHECK: tile.dot
// CHECK: tile.descriptor_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tile.tensordesc<128x128xf32>, tensor<128x128xf32>

// SM90A: .entry matmul(
// SM90A-NEXT: .param .align 64 .b8 matmul_param_0[128],
// SM90A-NEXT: .param .align 64 .b8 matmul_param_1[128],
// SM90A-NEXT: .param .align 64 .b8 matmul_param_2[128],
// SM90A: cvta.param.u64
// SM90A: cvta.param.u64
// SM90A-COUNT-3: prefetch.tensormap [%rd{{[0-9]+}}];
// SM90A-COUNT-3: mbarrier.init.shared.b64
// SM90A: bar.sync
// Iterations 0 and 1 before the loop; in it, the wait for the stage, the
// products, the wait retiring the previous ones and the copies two ahead
// into the stage they read.
// SM90A: mbarrier.arrive.expect_tx.shared.b64 _, [%r{{[0-9]+}}], 32768;
// SM90A-COUNT-3: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// SM90A: mbarrier.arrive.expect_tx.shared.b64 _, [%r{{[0-9]+}}], 32768;
// SM90A-COUNT-3: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// SM90A: mbarrier.try_wait.parity.shared.b64
// SM90A-NOT: cp.async.bulk.tensor
// SM90A: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// SM90A: wgmma.wait_group.sync.aligned 1
// SM90A: bar.sync
// SM90A-COUNT-3: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// SM90A-NOT: cp.async.wait_group
// SM90A: wgmma.wait_group.sync.aligned 0
// SM90A-COUNT-3: mbarrier.inval.shared.b64
// c: the f32 accumulator's pairs go to the NVMMA buffer (32-bit elements:
// no stmatrix), thread 0 has TMA copy its four 32-column boxes out, and
// every thread closes the bulk group after the branch.
// SM90A-COUNT-64: st.shared.v2.b32
// SM90A: fence.proxy.async.shared::cta;
// SM90A-NEXT: bar.sync
// SM90A-COUNT-4: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// SM90A-NEXT: $L__BB{{[0-9_]+}}:
// SM90A-NEXT: cp.async.bulk.commit_group;
// SM90A: cp.async.bulk.wait_group.read 0;
// SM90A-NOT: st.global

// INFO: kernel matmul threads 128 shared 98328
// INFO-NEXT: tensormap matmul 0 2 128 64 128
// INFO-NEXT: tensormap matmul 1 2 64 64 128
// INFO-NEXT: tensormap matmul 2 4 128 32 128

// SM90: define ptx_kernel void @matmul(ptr byval([128 x i8]) align 64 "nvvm.grid_constant" %0, ptr byval([128 x i8]) align 64 "nvvm.grid_constant" %1,
// SM90-COUNT-3: call void @llvm.nvvm.mbarrier.init.shared
// SM90: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// SM90: mbarrier.try_wait.parity.shared.b64
// SM90-NOT: cp.async.bulk.tensor
// SM90: ldmatrix.sync.aligned.m8n8.x4.b16
// SM90: ldmatrix.sync.aligned.m8n8.x4.trans.b16
// SM90: call {{.*}} @llvm.nvvm.mma.m16n8k16.row.col.f32.f32
// The next stage's copies follow the products, behind the leader's branch
// (no predicated copies in the loop):
// SM90-NOT: call void asm sideeffect "@
// SM90: br i1 %[[ISSUE:[0-9]+]],
// SM90: call i64 @llvm.nvvm.mbarrier.arrive.expect.tx.scope.cta.space.cta(
// SM90: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// SM90-NEXT: br i1 %[[ISSUE]],
// SM90: call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d(
// SM90: br i1 %[[ISSUE]],
// SM90-COUNT-2: call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d(
// SM90-COUNT-3: call void @llvm.nvvm.mbarrier.inval.shared

// SM90PTX: .entry matmul(
// SM90PTX-NOT: st.shared
// SM90PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// SM90PTX: mbarrier.inval.shared.b64
// SM90PTX: st.shared.v2.b32
// SM90PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// SM90PTX-NOT: st.global

// SM80: error: 'tile.descriptor_load' op needs the tensor memory accelerator (sm_90 or newer), but the target is sm_80
