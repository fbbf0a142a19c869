// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %tile_src_root/examples/matmul.mlir | tile-opt | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/matmul.mlir --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/matmul.mlir --canonicalize --cse | FileCheck %s
// On tensor cores, the accumulator stays in the mma layout through the K
// loop; the operands reach theirs through swizzled shared buffers.
// RUN: tile-opt %tile_src_root/examples/matmul.mlir -tile-assign-layouts -tile-coalesce -tile-accelerate-matmul -tile-remove-layout-conversions -canonicalize -cse | FileCheck %s --check-prefix=MMA
// RUN: %if ptxas %{ tile-translate %tile_src_root/examples/matmul.mlir --emit=ptx -o - | FileCheck %s --check-prefix=PTX %}
// bf16 operands: the same instructions in their bf16 form.
// RUN: %if ptxas %{ tile-translate %tile_src_root/examples/matmul.mlir --specialize=T=bf16 --emit=ptx -o - | FileCheck %s --check-prefix=BF16 %}
// With M, N, K multiples of 16 (as Triton specializes them), the loads are
// 16-byte cp.async copies two K steps ahead (tile-pipeline, 3 stages).
// RUN: %if ptxas %{ tile-translate %tile_src_root/examples/matmul.mlir --specialize='M%%16' --specialize='N%%16' --specialize='K%%16' --emit=ptx -o - | FileCheck %s --check-prefix=PIPE %}
// For sm_90a: wgmma reads the same pipelined stages straight from shared
// memory, one group of products in flight: the copies run one iteration
// ahead (3 stages: one being copied, one read, one still read by the dot
// in flight); per iteration a wait, the async-proxy fence, one barrier, the
// next group of copies, then two m64n64k16 (K = 32) and a wait for the
// previous iteration's products.
// RUN: %if ptxas %{ tile-translate %tile_src_root/examples/matmul.mlir --specialize='M%%16' --specialize='N%%16' --specialize='K%%16' --emit=ptx --sm=90a -o - | FileCheck %s --check-prefix=WGMMA %}
// RUN: %if ptxas %{ tile-translate %tile_src_root/examples/matmul.mlir --emit=cubin --sm=90a -o %t.cubin %}

// CHECK-LABEL: tile.func public @matmul
// CHECK: scf.for
// CHECK: tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32x!tile.ptr<f16>>
// CHECK: tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x64x!tile.ptr<f16>>
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
// CHECK: tile.store

// MMA: %[[ACC:.*]] = scf.for {{.*}} -> (tensor<64x64xf32, #mma>)
// MMA: tilegpu.local_alloc {{.*}} -> !tilegpu.buffer<64x32xf16, #shared>
// MMA: tilegpu.local_alloc {{.*}} -> !tilegpu.buffer<32x64xf16, #shared1>
// MMA: tilegpu.local_load {{.*}} -> tensor<64x32xf16, #dot_op>
// MMA: tilegpu.local_load {{.*}} -> tensor<32x64xf16, #dot_op1>
// MMA-NOT: tilegpu.convert_layout
// MMA: tile.dot {{.*}} -> tensor<64x64xf32, #mma>
// MMA-NEXT: scf.yield
// MMA: tilegpu.convert_layout %[[ACC]] : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked

// A: 64x32 f16 rows read as 8x8 matrices; B (N contiguous) transposed.
// PTX-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// PTX-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32

// Prologue: two groups of four 16-byte copies per thread (a: 64x32, b:
// 32x64 f16 over 128 threads), then per iteration a wait for all but the
// newest group, one barrier, the next group, ldmatrix and mma.sync. The
// loop runs as two (tile-split-copy-masks): in the first, for a block
// inside M and N and up to the last two K steps, the copies are whole (a
// constant size); the second zero-fills where the masks say.
// PIPE-COUNT-2: cp.async.commit_group
// PIPE: cp.async.wait_group{{[[:space:]]+}}1;
// PIPE: bar.sync{{[[:space:]]+}}0;
// PIPE-NOT: bar.sync
// PIPE-COUNT-4: cp.async.cg.shared.global [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}], 16, 16;
// PIPE-NOT: bar.sync
// PIPE: cp.async.commit_group
// PIPE-NOT: bar.sync
// PIPE: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PIPE-NOT: bar.sync
// PIPE: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PIPE: cp.async.wait_group{{[[:space:]]+}}1;
// PIPE: bar.sync{{[[:space:]]+}}0;
// PIPE-NOT: bar.sync
// PIPE-COUNT-4: cp.async.cg.shared.global [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
// PIPE-NOT: bar.sync
// PIPE: cp.async.commit_group
// PIPE-NOT: bar.sync
// PIPE: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PIPE-NOT: bar.sync
// PIPE: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PIPE: cp.async.wait_group{{[[:space:]]+}}0;

// BF16-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// BF16-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// BF16-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32

// The products run asynchronously, one group in flight; the copies two
// iterations ahead come after the wait that retires the previous
// iteration's products, behind a barrier (another warp's products may have
// read that stage). tile-split-copy-masks runs the loop as two: up to the
// last two iterations (and a ragged K step) the copies' K and in-range
// checks are true, and their zero-fill sizes are loop-invariant (no
// selects); the rest, as it was.
// WGMMA: .target sm_90a
// WGMMA-COUNT-2: cp.async.commit_group
// WGMMA-NOT: cp.async.commit_group
// WGMMA: cp.async.wait_group{{[[:space:]]+}}1;
// WGMMA-NEXT: fence.proxy.async.shared::cta;
// WGMMA-NOT: bar.sync
// WGMMA: bar.sync{{[[:space:]]+}}0;
// WGMMA-NOT: bar.sync
// WGMMA: wgmma.fence.sync.aligned;
// WGMMA-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// WGMMA: wgmma.commit_group.sync.aligned;
// WGMMA: wgmma.wait_group.sync.aligned 1;
// WGMMA-NOT: cp.async
// WGMMA: bar.sync{{[[:space:]]+}}0;
// WGMMA-NOT: selp
// WGMMA: cp.async.commit_group
// WGMMA-NOT: bar.sync
// WGMMA: cp.async.wait_group{{[[:space:]]+}}1;
// WGMMA-NEXT: fence.proxy.async.shared::cta;
// WGMMA-NOT: bar.sync
// WGMMA: bar.sync{{[[:space:]]+}}0;
// WGMMA-NOT: bar.sync
// WGMMA: wgmma.fence.sync.aligned;
// WGMMA-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// WGMMA: wgmma.commit_group.sync.aligned;
// WGMMA: wgmma.wait_group.sync.aligned 1;
// WGMMA-NOT: cp.async
// WGMMA: bar.sync{{[[:space:]]+}}0;
// WGMMA: selp.b32
// WGMMA: cp.async.commit_group
// WGMMA-NOT: bar.sync
// WGMMA: wgmma.wait_group.sync.aligned 0;
// WGMMA: cp.async.wait_group{{[[:space:]]+}}0;
