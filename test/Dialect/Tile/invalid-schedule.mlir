// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The attributes passes leave for later ones (tile-schedule-loops' schedule,
// tile-plan-lowering's plan, the warp split's markers) are verified by the
// dialect that names them: each rule, with the located message a user sees.
// RUN: tile-opt %s -split-input-file -verify-diagnostics

// expected-error @below {{'tilegpu.planned' must be a unit attribute}}
module attributes {tilegpu.planned = 1 : i32} {
}

// -----

module {
  tile.func public @f() {
    // expected-error @below {{'tilegpu.planned' belongs on a module}}
    tile.return {tilegpu.planned}
  }
}

// -----

module {
  tile.func public @f(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // expected-error @below {{'tilegpu.num_stages' must be an integer from 2 to 1024 on a loop}}
    scf.for %iv = %c0 to %n step %c1 : i32 {
    } {tilegpu.num_stages = 1 : i32}
    tile.return
  }
}

// -----

module {
  tile.func public @f() {
    // expected-error @below {{'tilegpu.num_stages' must be an integer from 2 to 1024 on a loop}}
    tile.return {tilegpu.num_stages = 3 : i32}
  }
}

// -----

module {
  tile.func public @f(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // expected-error @below {{'tilegpu.issue_last' must be a unit attribute}}
    scf.for %iv = %c0 to %n step %c1 : i32 {
    } {tilegpu.issue_last = true, tilegpu.num_stages = 3 : i32}
    tile.return
  }
}

// -----

module {
  tile.func public @f(%x: i32) {
    // expected-error @below {{'tilegpu.issue_last' belongs on a loop}}
    %y = arith.addi %x, %x {tilegpu.issue_last} : i32
    tile.return
  }
}

// -----

module {
  tile.func public @f(%p: !tile.ptr<f32>) {
    // expected-error @below {{'tilegpu.staged' must be a unit attribute}}
    %x = tile.load %p {tilegpu.staged = true} : !tile.ptr<f32>
    tile.return
  }
}

// -----

module {
  tile.func public @f(%x: i32) {
    // expected-error @below {{'tilegpu.staged' belongs on a tile.load or tile.descriptor_load}}
    %y = arith.addi %x, %x {tilegpu.staged} : i32
    tile.return
  }
}

// -----

module {
  tile.func public @f() {
    // expected-error @below {{'tilenv.warp_specialized' belongs on a loop}}
    tile.return {tilenv.warp_specialized}
  }
}

// -----

module {
  tile.func public @f(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // expected-error @below {{'tilenv.warp_specialized' must be a unit attribute}}
    scf.for %iv = %c0 to %n step %c1 : i32 {
    } {tilenv.warp_specialized = 1 : i32}
    tile.return
  }
}

// -----

module {
  tile.func public @f(%p: !tile.ptr<f32>) {
    // expected-error @below {{'tilenv.multicast' belongs on a tile.descriptor_load}}
    %x = tile.load %p {tilenv.multicast} : !tile.ptr<f32>
    tile.return
  }
}

// -----

module {
  tile.func public @f(%c: i1) {
    // expected-error @below {{'tilenv.producer' must be a unit attribute}}
    scf.if %c {
    } {tilenv.producer = "yes"}
    tile.return
  }
}

// -----

module {
  tile.func public @f(%c: i1) {
    // expected-error @below {{'tilenv.kernel_threads' must be a positive i32 on a region branch op}}
    scf.if %c {
    } {tilenv.kernel_threads = 0 : i32}
    tile.return
  }
}

// -----

module {
  tile.func public @f(%x: i32) {
    // expected-error @below {{'tilenv.async_dot' belongs on a tilenv.warpgroup_dot}}
    %y = arith.addi %x, %x {tilenv.async_dot = "carried"} : i32
    tile.return
  }
}

// -----

module {
  tile.func public @f(%x: i32) {
    // expected-error @below {{'tilenv.async_dot' must be "carried" or "deferred"}}
    %y = arith.addi %x, %x {tilenv.async_dot = "later"} : i32
    tile.return
  }
}

// -----

module {
  // expected-error @below {{'tilenv.tensormap_box' belongs on a kernel's tensor-descriptor parameter}}
  tile.func public @f(%p: !tile.ptr<f32> {tilenv.tensormap_box = {box = array<i64: 64, 64>, swizzle = 128 : i32}}) {
    tile.return
  }
}

// -----

module {
  // expected-error @below {{'tilenv.tensormap_box' must be {box = array<i64: R, C>, swizzle = S : i32} with R and C from 1 to 256 and S 0, 32, 64 or 128}}
  tile.func public @f(%d: !tile.tensordesc<128x64xf16> {tilenv.tensormap_box = {box = array<i64: 64, 512>, swizzle = 128 : i32}}) {
    tile.return
  }
}

// -----

module {
  // expected-error @below {{'tilenv.tensormap_box' must be {box = array<i64: R, C>, swizzle = S : i32} with R and C from 1 to 256 and S 0, 32, 64 or 128}}
  tile.func public @f(%d: !tile.tensordesc<128x64xf16> {tilenv.tensormap_box = {box = array<i64: 64, 64>, swizzle = 16 : i32}}) {
    tile.return
  }
}

// -----

module {
  // expected-error @below {{'tilegpu.kernel_params' must be an array of {name = "...", type = T} entries}}
  tile.func public @f(%x: i32) attributes {tilegpu.kernel_params = [{name = "x"}]} {
    tile.return
  }
}
