// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tilenv.warpgroup_dot_wait: `wgmma.wait_group N` as inline PTX whose operands
// are the accumulators, so that nothing reads them before the wait. Tied to
// the results (the same registers) where the wait is their last use;
// otherwise (the inputs stay live past the wait) untied, the results copied
// inside the assembly, after the wait.
// RUN: tile-opt %s -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm | FileCheck %s
// RUN: tile-translate %s --keep-layouts --sm=90a --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: %if ptxas %{ tile-translate %s --keep-layouts --sm=90a --emit=cubin -o %t.cubin %}

// CHECK-LABEL: gpu.func @wait_last_use
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NOT: nvvm.wgmma.wait.group.sync.aligned
// CHECK: llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 1;", "=f,=f,
// CHECK-SAME: =f,0,1,
// CHECK-SAME: ,63"
// PTX-LABEL: .entry wait_last_use
// PTX: wgmma.wait_group.sync.aligned 1;

// CHECK-LABEL: gpu.func @wait_live_after
// CHECK: llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 0;\0Amov.b32 $0, $64;\0Amov.b32 $1, $65;
// CHECK-SAME: "=f,=f,
// CHECK-SAME: =f,f,f,
// CHECK-SAME: ,f"
// PTX-LABEL: .entry wait_live_after
// PTX: wgmma.wait_group.sync.aligned 0;

// CHECK-LABEL: gpu.func @wait_i32
// CHECK: llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 0;", "=r,=r,
// CHECK-SAME: =r,0,1,

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma8 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#nvmma8t = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#wgmma32 = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.threads-per-warp" = 32 : i32, tilegpu.target = "sm_90a"} {
  // An asynchronous product, then a wait that leaves one group in flight.
  tile.func public @wait_last_use(%out: !tile.ptr<f32>) {
    %c = arith.constant dense<0.0> : tensor<64x128xf32, #wgmma>
    %a = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    %b = tilegpu.local_alloc : () -> !tilegpu.buffer<64x128xf16, #nvmma, mutable>
    %d = tilenv.warpgroup_dot %a, %b, %c {isAsync} : !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<64x128xf16, #nvmma, mutable> -> tensor<64x128xf32, #wgmma>
    %e = tilenv.warpgroup_dot_wait %d {pendings = 1 : i32} : tensor<64x128xf32, #wgmma> -> tensor<64x128xf32, #wgmma>
    // Kept alive (every element to one address: compiled, not run).
    %ptrs = tile.splat %out : !tile.ptr<f32> -> tensor<64x128x!tile.ptr<f32>, #wgmma>
    tile.store %ptrs, %e : tensor<64x128x!tile.ptr<f32>, #wgmma>
    tilegpu.local_dealloc %a : !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    tilegpu.local_dealloc %b : !tilegpu.buffer<64x128xf16, #nvmma, mutable>
    tile.return
  }
  // The product is stored both before and after the wait.
  tile.func public @wait_live_after(%out: !tile.ptr<f32>) {
    %c = arith.constant dense<0.0> : tensor<64x128xf32, #wgmma>
    %a = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    %b = tilegpu.local_alloc : () -> !tilegpu.buffer<64x128xf16, #nvmma, mutable>
    %d = tilenv.warpgroup_dot %a, %b, %c {isAsync} : !tilegpu.buffer<64x64xf16, #nvmma, mutable>, !tilegpu.buffer<64x128xf16, #nvmma, mutable> -> tensor<64x128xf32, #wgmma>
    %e = tilenv.warpgroup_dot_wait %d {pendings = 0 : i32} : tensor<64x128xf32, #wgmma> -> tensor<64x128xf32, #wgmma>
    %ptrs = tile.splat %out : !tile.ptr<f32> -> tensor<64x128x!tile.ptr<f32>, #wgmma>
    tile.store %ptrs, %e : tensor<64x128x!tile.ptr<f32>, #wgmma>
    tile.store %ptrs, %d : tensor<64x128x!tile.ptr<f32>, #wgmma>
    tilegpu.local_dealloc %a : !tilegpu.buffer<64x64xf16, #nvmma, mutable>
    tilegpu.local_dealloc %b : !tilegpu.buffer<64x128xf16, #nvmma, mutable>
    tile.return
  }
  // i32 accumulators (i8 operands): integer registers.
  tile.func public @wait_i32(%out: !tile.ptr<i32>) {
    %c = arith.constant dense<0> : tensor<64x128xi32, #wgmma32>
    %a = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xi8, #nvmma8, mutable>
    %b = tilegpu.local_alloc : () -> !tilegpu.buffer<64x128xi8, #nvmma8t, mutable>
    %d = tilenv.warpgroup_dot %a, %b, %c {isAsync} : !tilegpu.buffer<64x64xi8, #nvmma8, mutable>, !tilegpu.buffer<64x128xi8, #nvmma8t, mutable> -> tensor<64x128xi32, #wgmma32>
    %e = tilenv.warpgroup_dot_wait %d {pendings = 0 : i32} : tensor<64x128xi32, #wgmma32> -> tensor<64x128xi32, #wgmma32>
    %ptrs = tile.splat %out : !tile.ptr<i32> -> tensor<64x128x!tile.ptr<i32>, #wgmma32>
    tile.store %ptrs, %e : tensor<64x128x!tile.ptr<i32>, #wgmma32>
    tilegpu.local_dealloc %a : !tilegpu.buffer<64x64xi8, #nvmma8, mutable>
    tilegpu.local_dealloc %b : !tilegpu.buffer<64x128xi8, #nvmma8t, mutable>
    tile.return
  }
}
