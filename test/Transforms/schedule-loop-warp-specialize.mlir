// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A loop's own warp specialization (Triton's tl.range(...,
// warp_specialize=True), TTIR's unit tt.warp_specialize, renamed by
// tile-import-ttir) overrides the pass's option: a loop that asks for it
// gets a producer warp with the option off, one that declines (false)
// gets none with the option on, and a loop that says nothing follows the
// option.
// RUN: tile-opt %s -tile-schedule-loops | FileCheck %s --check-prefix=OFF
// RUN: tile-opt %s -tile-schedule-loops=warp-specialize | FileCheck %s --check-prefix=ON
// OFF-LABEL: tile.func public @asks(
// OFF: } {tile.warp_specialize, tilegpu.num_stages = 3 : i32, tilenv.warp_specialized}
// OFF-LABEL: tile.func public @declines(
// OFF-NOT: tilenv.warp_specialized
// OFF-LABEL: tile.func public @silent(
// OFF-NOT: tilenv.warp_specialized
// ON-LABEL: tile.func public @asks(
// ON: tilenv.warp_specialized
// ON-LABEL: tile.func public @declines(
// ON-NOT: tilenv.warp_specialized
// ON-LABEL: tile.func public @silent(
// ON: tilenv.warp_specialized
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
tile.func public @asks(%a: !tile.tensordesc<128x64xf16>, %b: !tile.tensordesc<64x64xf16>,
                              %c: !tile.ptr<f32>, %n: i32, %row: i32, %col: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
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
  } {tile.warp_specialize}
  tile.store %ptrs, %res : tensor<128x64x!tile.ptr<f32>, #mma>
  tile.return
}

tile.func public @declines(%a: !tile.tensordesc<128x64xf16>, %b: !tile.tensordesc<64x64xf16>,
                              %c: !tile.ptr<f32>, %n: i32, %row: i32, %col: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
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
  } {tile.warp_specialize = false}
  tile.store %ptrs, %res : tensor<128x64x!tile.ptr<f32>, #mma>
  tile.return
}

tile.func public @silent(%a: !tile.tensordesc<128x64xf16>, %b: !tile.tensordesc<64x64xf16>,
                              %c: !tile.ptr<f32>, %n: i32, %row: i32, %col: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
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
