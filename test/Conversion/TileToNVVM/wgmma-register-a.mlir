// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tilenv.warpgroup_dot with a in registers: each K step of 16 takes A from
// four 32-bit registers (eight f16 of the thread's accumulator-layout
// elements of a, pairs packed), B from its descriptor; scale-d from a
// register (1 here), a's and b's scales 1, B N-major (transposed, 1). No
// fence or barrier for a: only b is in shared memory.
// RUN: tile-opt %s -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s
// And to PTX for sm_90a, which ptxas accepts.
// RUN: %if ptxas %{ tile-translate %s --keep-layouts --sm=90a --emit=cubin -o %t.cubin %}
// RUN: tile-translate %s --keep-layouts --sm=90a --emit=ptx | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: gpu.func @register_a
// CHECK: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: llvm.inline_asm has_side_effects {{.*}}"{\0A.reg .pred p;\0Asetp.ne.b32 p, $133, 0;\0Awgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0, {{.*}}, $63}, {$128, $129, $130, $131}, $132, p, 1, 1, 1;\0A}"
// CHECK-COUNT-3: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0

// PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 1;
#a64 = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
tile.func public @register_a(%x: f16, %p: !tile.ptr<f32>) {
  %a = tile.splat %x : f16 -> tensor<64x64xf16, #a64>
  %bv = tile.splat %x : f16 -> tensor<64x128xf16, #blocked>
  %b = tilegpu.local_alloc %bv : (tensor<64x128xf16, #blocked>) -> !tilegpu.buffer<64x128xf16, #nvmma>
  %c = arith.constant dense<0.0> : tensor<64x128xf32, #wgmma>
  %d = tilenv.warpgroup_dot %a, %b, %c : tensor<64x64xf16, #a64>, !tilegpu.buffer<64x128xf16, #nvmma> -> tensor<64x128xf32, #wgmma>
  %s = "tile.reduce"(%d) <{axis = 1 : i32}> ({
  ^bb0(%l: f32, %r: f32):
    %t = arith.addf %l, %r : f32
    tile.reduce.return %t : f32
  }) : (tensor<64x128xf32, #wgmma>) -> tensor<64xf32, #tilegpu.slice<{dim = 1, parent = #wgmma}>>
  %all = "tile.reduce"(%s) <{axis = 0 : i32}> ({
  ^bb0(%l: f32, %r: f32):
    %t = arith.addf %l, %r : f32
    tile.reduce.return %t : f32
  }) : (tensor<64xf32, #tilegpu.slice<{dim = 1, parent = #wgmma}>>) -> f32
  tile.store %p, %all : !tile.ptr<f32>
  tile.return
}
}
