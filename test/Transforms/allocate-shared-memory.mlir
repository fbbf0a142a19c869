// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -tile-allocate-shared-memory -split-input-file -verify-diagnostics | FileCheck %s

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked4 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK: module attributes {{{.*}}tilegpu.shared_memory = 6144 : i32
// CHECK-LABEL: tile.func private @callee
// CHECK-SAME: tilegpu.shared_memory = 2048 : i32
// CHECK: tilegpu.local_alloc %{{.*}} {tilegpu.offset = 0 : i32}
// CHECK-LABEL: tile.func public @kernel
// CHECK-SAME: tilegpu.shared_memory = 6144 : i32
// CHECK: tilegpu.local_alloc %{{.*}} {tilegpu.offset = 0 : i32}
// CHECK: tilegpu.convert_layout %{{.*}} {tilegpu.offset = 4096 : i32}
// CHECK: tile.call @callee(%{{.*}}) {tilegpu.offset = 4096 : i32}
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.target" = "sm_90"} {
  tile.func private @callee(%t: tensor<512xf32, #blocked>) {
    %a = tilegpu.local_alloc %t : (tensor<512xf32, #blocked>) -> !tilegpu.buffer<512xf32, #shared>
    %x = tilegpu.local_load %a : !tilegpu.buffer<512xf32, #shared> -> tensor<512xf32, #blocked>
    tile.return
  }
  tile.func public @kernel(%t: tensor<1024xf32, #blocked>, %u: tensor<512xf32, #blocked>) {
    %a = tilegpu.local_alloc %t : (tensor<1024xf32, #blocked>) -> !tilegpu.buffer<1024xf32, #shared>
    %c = tilegpu.convert_layout %u : tensor<512xf32, #blocked> -> tensor<512xf32, #blocked4>
    tile.call @callee(%u) : (tensor<512xf32, #blocked>) -> ()
    %x = tilegpu.local_load %a : !tilegpu.buffer<1024xf32, #shared> -> tensor<1024xf32, #blocked>
    tile.return
  }
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.target" = "sm_80"} {
  // 200 KiB fit an H100 (227 KiB) but not an A100 (163 KiB).
  // expected-error @below {{needs 204800 bytes of shared memory, more than the 166912 bytes a block has on sm_80}}
  tile.func public @too_big() {
    %a = tilegpu.local_alloc : () -> !tilegpu.buffer<51200xf32, #shared, mutable>
    tile.return
  }
}

// -----

// A scan across warps keeps every warp's total of each repetition along
// its axis at once: a 64x32 tensor with 4 warps and one row a thread along
// axis 0 repeats 16 times there, 32 columns x 16 x 4 warps x 4 bytes. A
// reduction keeps one partial per warp and column: 32 x 4 x 4 bytes.
#rows = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tile.func public @scan_scratch
// CHECK-SAME: tilegpu.shared_memory = 8192 : i32
// CHECK-LABEL: tile.func public @reduce_scratch
// CHECK-SAME: tilegpu.shared_memory = 512 : i32
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.target" = "sm_90"} {
  tile.func public @scan_scratch(%t: tensor<64x32xf32, #rows>) {
    %s = "tile.scan"(%t) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %x = arith.addf %a, %b : f32
      tile.scan.return %x : f32
    }) : (tensor<64x32xf32, #rows>) -> tensor<64x32xf32, #rows>
    tile.return
  }
  tile.func public @reduce_scratch(%t: tensor<64x32xf32, #rows>) {
    %s = "tile.reduce"(%t) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %x = arith.addf %a, %b : f32
      tile.reduce.return %x : f32
    }) : (tensor<64x32xf32, #rows>) -> tensor<32xf32, #tilegpu.slice<{dim = 0, parent = #rows}>>
    tile.return
  }
}
