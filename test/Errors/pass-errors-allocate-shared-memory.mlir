// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Inputs that verify but whose shared memory tile-allocate-shared-memory
// cannot place: each fails with a located error, never a crash.
// RUN: tile-opt %s -split-input-file -tile-allocate-shared-memory -verify-diagnostics

// Two live 128 KiB buffers exceed the 227 KiB of sm_90, the default target.
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  // expected-error @below {{'tile.func' op needs 262144 bytes of shared memory, more than the 232448 bytes a block has on sm_90}}
  tile.func public @two_live_buffers() {
    %a = tilegpu.local_alloc : () -> !tilegpu.buffer<128x256xf32, #shared, mutable>
    %b = tilegpu.local_alloc : () -> !tilegpu.buffer<128x256xf32, #shared, mutable>
    %x = tilegpu.local_load %a : !tilegpu.buffer<128x256xf32, #shared, mutable> -> tensor<128x256xf32, #blocked>
    %y = tilegpu.local_load %b : !tilegpu.buffer<128x256xf32, #shared, mutable> -> tensor<128x256xf32, #blocked>
    tile.return
  }
}

// -----

// The limit follows tilegpu.target: 64 KiB on sm_75.
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.target" = "sm_75"} {
  // expected-error @below {{needs 131072 bytes of shared memory, more than the 65536 bytes a block has on sm_75}}
  tile.func public @multi_buffered_sm75() {
    %a = tilegpu.local_alloc : () -> !tilegpu.buffer<2x128x128xf32, #shared, mutable>
    tile.return
  }
}

// -----

// A target whose version cannot be read gets the smallest limit, 48 KiB.
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.target" = "sm_abc"} {
  // expected-error @below {{needs 65536 bytes of shared memory, more than the 49152 bytes a block has on sm_abc}}
  tile.func public @unknown_version() {
    %a = tilegpu.local_alloc : () -> !tilegpu.buffer<128x128xf32, #shared, mutable>
    tile.return
  }
}

// -----

// A callee's shared memory counts against the kernel that calls it (sm_80:
// 163 KiB).
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.target" = "sm_80"} {
  tile.func private @helper() {
    %a = tilegpu.local_alloc : () -> !tilegpu.buffer<2x128x256xf32, #shared, mutable>
    tile.return
  }
  // expected-error @below {{needs 262144 bytes of shared memory, more than the 166912 bytes a block has on sm_80}}
  tile.func public @calls_big_helper() {
    tile.call @helper() : () -> ()
    tile.return
  }
}

// -----

// Scratch for a layout conversion counts too: 65536 f32 in one round
// (#whole's threads cover the tensor once, so it has no smaller slice to
// go in) are 256 KiB of shared memory.
#whole = #tilegpu.blocked<{sizePerThread = [512], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#spread = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  // expected-error @below {{needs 262144 bytes of shared memory, more than the 232448 bytes a block has on sm_90}}
  tile.func public @convert_scratch(%x: f32) {
    %t = tile.splat %x : f32 -> tensor<65536xf32, #whole>
    %c = tilegpu.convert_layout %t : tensor<65536xf32, #whole> -> tensor<65536xf32, #spread>
    tile.return
  }
}

// -----

// A recursive function has no bounded shared memory.
module attributes {"tilegpu.num-warps" = 4 : i32} {
  // expected-error @below {{'tile.func' op is recursive: its shared memory cannot be allocated}}
  tile.func private @self_recursive(%x: f32) {
    tile.call @self_recursive(%x) : (f32) -> ()
    tile.return
  }
}

// -----

// Mutual recursion is found where the cycle closes.
module attributes {"tilegpu.num-warps" = 4 : i32} {
  // expected-error @below {{is recursive: its shared memory cannot be allocated}}
  tile.func private @ping() {
    tile.call @pong() : () -> ()
    tile.return
  }
  tile.func private @pong() {
    tile.call @ping() : () -> ()
    tile.return
  }
}
