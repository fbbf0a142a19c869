// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tile.print and tile.assert: printf per element, trap on failure.
// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s

// CHECK-LABEL: gpu.func @debug
// CHECK: gpu.printf "pid %d: x = %lld\0A"
// CHECK: gpu.printf "pid %d idx (%d): r = %lld\0A"
// CHECK: scf.if
// CHECK:   gpu.printf "Assertion failed: in range\0A"
// CHECK:   llvm.intr.trap
tile.func public @debug(%x: i32, %n: i32) {
  tile.print "x = " {hex = false, isSigned = array<i32: 1>} : %x : i32
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  tile.print "r = " {hex = false, isSigned = array<i32: 1>} : %r : tensor<128xi32>
  %ns = tile.splat %n : i32 -> tensor<128xi32>
  %ok = arith.cmpi slt, %r, %ns : tensor<128xi32>
  tile.assert %ok, "in range" : tensor<128xi1>
  tile.return
}
