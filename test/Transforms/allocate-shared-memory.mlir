// RUN: tile-opt %s -tile-allocate-shared-memory -split-input-file -verify-diagnostics | FileCheck %s

#blocked = #tile.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked4 = #tile.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK: module attributes {{{.*}}tile.shared_memory = 6144 : i32
// CHECK-LABEL: tile.func private @callee
// CHECK-SAME: tile.shared_memory = 2048 : i32
// CHECK: tile.local_alloc %{{.*}} {tile.offset = 0 : i32}
// CHECK-LABEL: tile.func public @kernel
// CHECK-SAME: tile.shared_memory = 6144 : i32
// CHECK: tile.local_alloc %{{.*}} {tile.offset = 0 : i32}
// CHECK: tile.convert_layout %{{.*}} {tile.offset = 4096 : i32}
// CHECK: tile.call @callee(%{{.*}}) {tile.offset = 4096 : i32}
module attributes {"tile.num-warps" = 4 : i32, "tile.target" = "sm_90"} {
  tile.func private @callee(%t: tensor<512xf32, #blocked>) {
    %a = tile.local_alloc %t : (tensor<512xf32, #blocked>) -> !tile.buffer<512xf32, #shared>
    %x = tile.local_load %a : !tile.buffer<512xf32, #shared> -> tensor<512xf32, #blocked>
    tile.return
  }
  tile.func public @kernel(%t: tensor<1024xf32, #blocked>, %u: tensor<512xf32, #blocked>) {
    %a = tile.local_alloc %t : (tensor<1024xf32, #blocked>) -> !tile.buffer<1024xf32, #shared>
    %c = tile.convert_layout %u : tensor<512xf32, #blocked> -> tensor<512xf32, #blocked4>
    tile.call @callee(%u) : (tensor<512xf32, #blocked>) -> ()
    %x = tile.local_load %a : !tile.buffer<1024xf32, #shared> -> tensor<1024xf32, #blocked>
    tile.return
  }
}

// -----

#shared = #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tile.num-warps" = 4 : i32, "tile.target" = "sm_80"} {
  // 200 KiB fit an H100 (227 KiB) but not an A100 (163 KiB).
  // expected-error @below {{needs 204800 bytes of shared memory, more than the 166912 bytes a block has on sm_80}}
  tile.func public @too_big() {
    %a = tile.local_alloc : () -> !tile.buffer<51200xf32, #shared, mutable>
    tile.return
  }
}
