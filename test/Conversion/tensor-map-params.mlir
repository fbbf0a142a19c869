// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -split-input-file -tile-tensor-map-params -verify-diagnostics | FileCheck %s

// The parameters tilenv.tensormap_args names become 128-byte CUtensorMaps
// passed by value, __grid_constant__; the attribute stays (the kernel
// information reads it).
// CHECK-LABEL: llvm.func @k
// CHECK-SAME: (%{{.*}}: i32, %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %{{.*}}: !llvm.ptr<1>)
// CHECK-SAME: tilenv.tensormap_args
llvm.func @k(%n: i32, %d: !llvm.ptr, %o: !llvm.ptr<1>) attributes {nvvm.kernel, tilenv.tensormap_args = [{index = 1 : i32, type = !tile.tensordesc<64x64xf16>}]} {
  llvm.return
}

// -----

// expected-error @below {{'llvm.func' op tilenv.tensormap_args needs {index, type[, box, swizzle]} entries naming pointer parameters and their !tile.tensordesc types}}
llvm.func @not_pointer(%n: i32) attributes {nvvm.kernel, tilenv.tensormap_args = [{index = 0 : i32, type = !tile.tensordesc<64x64xf16>}]} {
  llvm.return
}

// -----

// expected-error @below {{tilenv.tensormap_args needs {index, type[, box, swizzle]} entries}}
llvm.func @out_of_range(%d: !llvm.ptr) attributes {nvvm.kernel, tilenv.tensormap_args = [{index = 3 : i32, type = !tile.tensordesc<64x64xf16>}]} {
  llvm.return
}

// -----

// expected-error @below {{tilenv.tensormap_args needs {index, type[, box, swizzle]} entries}}
llvm.func @no_type(%d: !llvm.ptr) attributes {nvvm.kernel, tilenv.tensormap_args = [{index = 0 : i32}]} {
  llvm.return
}

// -----

// A box recorded with the type (a warpgroup_tma_store's chunks) is kept.
// CHECK-LABEL: llvm.func @boxed
// CHECK-SAME: tilenv.tensormap_args = [{box = array<i64: 64, 64>, index = 0 : i32, swizzle = 128 : i32, type = !tile.tensordesc<128x256xf16>}]
llvm.func @boxed(%d: !llvm.ptr) attributes {nvvm.kernel, tilenv.tensormap_args = [{box = array<i64: 64, 64>, index = 0 : i32, swizzle = 128 : i32, type = !tile.tensordesc<128x256xf16>}]} {
  llvm.return
}

// -----

// A box TMA cannot copy, a swizzle it does not have, a box without its
// swizzle: malformed.
// expected-error @below {{tilenv.tensormap_args needs {index, type[, box, swizzle]} entries}}
llvm.func @big_box(%d: !llvm.ptr) attributes {nvvm.kernel, tilenv.tensormap_args = [{box = array<i64: 64, 512>, index = 0 : i32, swizzle = 128 : i32, type = !tile.tensordesc<128x256xf16>}]} {
  llvm.return
}

// -----

// expected-error @below {{tilenv.tensormap_args needs {index, type[, box, swizzle]} entries}}
llvm.func @bad_swizzle(%d: !llvm.ptr) attributes {nvvm.kernel, tilenv.tensormap_args = [{box = array<i64: 64, 64>, index = 0 : i32, swizzle = 96 : i32, type = !tile.tensordesc<128x256xf16>}]} {
  llvm.return
}

// -----

// expected-error @below {{tilenv.tensormap_args needs {index, type[, box, swizzle]} entries}}
llvm.func @box_alone(%d: !llvm.ptr) attributes {nvvm.kernel, tilenv.tensormap_args = [{box = array<i64: 64, 64>, index = 0 : i32, type = !tile.tensordesc<128x256xf16>}]} {
  llvm.return
}
