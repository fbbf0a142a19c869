// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A tensor map written in the kernel, round-tripped in both forms.
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// CHECK-LABEL: tile.func public @maps
// CHECK-SAME: %{{.*}}: !tile.ptr<i8> {tilenv.global_scratch = 256 : i64}
// CHECK: %[[D:.*]] = tilenv.make_tensor_map %{{.*}}, %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : !tile.ptr<i8>, !tile.ptr<f16> -> !tile.tensordesc<128x64xf16>
// CHECK: tilenv.make_tensor_map %{{.*}}, %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {padding = 2 : i32} : !tile.ptr<i8>, !tile.ptr<f32> -> !tile.tensordesc<64x32xf32>
// CHECK: tile.descriptor_load %[[D]]
tile.func public @maps(%x: !tile.ptr<f16>, %y: !tile.ptr<f32>, %m: i32, %n: i32, %scratch: !tile.ptr<i8> {tilenv.global_scratch = 256 : i64}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %c128 = arith.constant 128 : i64
  %ld = arith.extsi %n : i32 to i64
  %second = tile.addptr %scratch, %c128 : !tile.ptr<i8>, i64
  %d = tilenv.make_tensor_map %scratch, %x, [%m, %n], [%ld, %c1] : !tile.ptr<i8>, !tile.ptr<f16> -> !tile.tensordesc<128x64xf16>
  %e = tilenv.make_tensor_map %second, %y, [%m, %n], [%ld, %c1] {padding = 2 : i32} : !tile.ptr<i8>, !tile.ptr<f32> -> !tile.tensordesc<64x32xf32>
  %v = tile.descriptor_load %d[%c0, %c0] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16>
  tile.return
}

// Every thread writes a tensor map, the producer warp of a split kernel
// too: it may come before tilenv.warp_specialize.
// CHECK-LABEL: tile.func public @before_split
// CHECK: tilenv.make_tensor_map
// CHECK: tilenv.warp_specialize producer
tile.func public @before_split(%x: !tile.ptr<f16>, %m: i32, %n: i32, %s: !tile.ptr<i8> {tilenv.global_scratch = 128 : i64}) {
  %c1 = arith.constant 1 : i64
  %ld = arith.extsi %n : i32 to i64
  %d = tilenv.make_tensor_map %s, %x, [%m, %n], [%ld, %c1] : !tile.ptr<i8>, !tile.ptr<f16> -> !tile.tensordesc<128x64xf16>
  tilenv.warp_specialize producer {
  } default {
  }
  tile.return
}
