// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The schedule, plan and split attributes round-trip as written.
// RUN: tile-opt %s | tile-opt | FileCheck %s

// CHECK: module attributes {tilegpu.planned}
module attributes {tilegpu.planned} {
  // CHECK: tile.func public @f(%{{.*}}: !tile.tensordesc<128x64xf16> {tilenv.tensormap_box = {box = array<i64: 64, 64>, swizzle = 128 : i32}}
  tile.func public @f(%d: !tile.tensordesc<128x64xf16> {tilenv.tensormap_box = {box = array<i64: 64, 64>, swizzle = 128 : i32}}, %n: i32, %c: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %iv = %c0 to %n step %c1 : i32 {
      // CHECK: tile.descriptor_load {{.*}} {tilegpu.staged, tilenv.multicast}
      %x = tile.descriptor_load %d[%iv, %iv] {tilegpu.staged, tilenv.multicast} : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16>
    // CHECK: } {tilegpu.num_stages = 4 : i32, tilenv.warp_specialized}
    } {tilegpu.num_stages = 4 : i32, tilenv.warp_specialized}
    // CHECK: } {tilenv.kernel_threads = 128 : i32}
    scf.if %c {
    } {tilenv.kernel_threads = 128 : i32}
    // CHECK: } {tilenv.producer}
    scf.if %c {
    } {tilenv.producer}
    tile.return
  }
}
