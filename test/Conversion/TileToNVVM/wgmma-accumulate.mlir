// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tilenv.warpgroup_dot with `accumulate if %flag`: the first K step of each
// 64-row slice is one wgmma whose scale-d predicate comes from the flag (in
// inline assembly, as NVVM's op takes scale-d as an attribute), on the accumulators
// (tied operands), then the usual NVVM ops for the other steps.
// RUN: tile-opt %s -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm | FileCheck %s
// (bench/kernels/matmul_tma_persistent.mlir takes it through to PTX too,
// in test/Examples/matmul-persistent.test.) For tf32 (K-major B) the assembly
// has no transpose immediates, for i8 (i32 accumulators) no scales either;
// ptxas accepts them.
// RUN: tile-translate %s --keep-layouts --sm=90a --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: %if ptxas %{ tile-translate %s --keep-layouts --sm=90a --emit=cubin -o %t.cubin %}
// PTX-LABEL: .entry accumulate_if_tf32
// PTX: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {{{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1;
// PTX-LABEL: .entry accumulate_if_i8
// PTX: wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.s8 {{{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p;

// CHECK-LABEL: gpu.func @accumulate_if
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: %[[FLAG:.*]] = arith.extui %arg0 : i1 to i32
// CHECK: llvm.inline_asm has_side_effects "{\0A.reg .pred p;\0Asetp.ne.b32 p, $130, 0;\0Awgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0, $1,
// CHECK-SAME: $63}, $128, $129, p, 1, 1, 0, 1;\0A}"
// CHECK-SAME: "=f,
// CHECK-SAME: ,61,62,63,l,l,r"
// CHECK-SAME: %[[FLAG]]
// CHECK-COUNT-3: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma32 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#nvmma32t = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#wgmma8 = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 8]}>
#nvmma8 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#nvmma8t = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#wgmma32 = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.threads-per-warp" = 32 : i32, tilegpu.target = "sm_90a"} {
  tile.func public @accumulate_if(%flag: i1) {
    %c = arith.constant dense<0.0> : tensor<64x128xf32, #wgmma>
    %a = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    %b = tilegpu.local_alloc : () -> !tilegpu.buffer<64x128xf16, #nvmma, mutable>
    %d = tilenv.warpgroup_dot %a, %b, %c accumulate if %flag : !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<64x128xf16, #nvmma, mutable> -> tensor<64x128xf32, #wgmma>
    tilegpu.local_dealloc %a : !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    tilegpu.local_dealloc %b : !tilegpu.buffer<64x128xf16, #nvmma, mutable>
    tile.return
  }
  tile.func public @accumulate_if_tf32(%flag: i1, %out: !tile.ptr<f32>) {
    %c = arith.constant dense<0.0> : tensor<64x128xf32, #wgmma8>
    %a = tilegpu.local_alloc : () -> !tilegpu.buffer<64x32xf32, #nvmma32, mutable>
    %b = tilegpu.local_alloc : () -> !tilegpu.buffer<32x128xf32, #nvmma32t, mutable>
    %d = tilenv.warpgroup_dot %a, %b, %c accumulate if %flag : !tilegpu.buffer<64x32xf32, #nvmma32, mutable>, !tilegpu.buffer<32x128xf32, #nvmma32t, mutable> -> tensor<64x128xf32, #wgmma8>
    // Kept alive (every element to one address: compiled, not run).
    %ptrs = tile.splat %out : !tile.ptr<f32> -> tensor<64x128x!tile.ptr<f32>, #wgmma8>
    tile.store %ptrs, %d : tensor<64x128x!tile.ptr<f32>, #wgmma8>
    tilegpu.local_dealloc %a : !tilegpu.buffer<64x32xf32, #nvmma32, mutable>
    tilegpu.local_dealloc %b : !tilegpu.buffer<32x128xf32, #nvmma32t, mutable>
    tile.return
  }
  tile.func public @accumulate_if_i8(%flag: i1, %out: !tile.ptr<i32>) {
    %c = arith.constant dense<0> : tensor<64x128xi32, #wgmma32>
    %a = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xi8, #nvmma8, mutable>
    %b = tilegpu.local_alloc : () -> !tilegpu.buffer<64x128xi8, #nvmma8t, mutable>
    %d = tilenv.warpgroup_dot %a, %b, %c accumulate if %flag : !tilegpu.buffer<64x64xi8, #nvmma8, mutable>, !tilegpu.buffer<64x128xi8, #nvmma8t, mutable> -> tensor<64x128xi32, #wgmma32>
    %ptrs = tile.splat %out : !tile.ptr<i32> -> tensor<64x128x!tile.ptr<i32>, #wgmma32>
    tile.store %ptrs, %d : tensor<64x128x!tile.ptr<i32>, #wgmma32>
    tilegpu.local_dealloc %a : !tilegpu.buffer<64x64xi8, #nvmma8, mutable>
    tilegpu.local_dealloc %b : !tilegpu.buffer<64x128xi8, #nvmma8t, mutable>
    tile.return
  }
}
