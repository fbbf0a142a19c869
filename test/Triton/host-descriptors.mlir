// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A Triton kernel taking host-built tensor descriptors (TensorDescriptor
// arguments, TTIR as Triton 3.6 prints it): Triton spells the descriptor
// by its block's tensor type and follows it with the tensor's sizes and
// strides, which stay parameters. The descriptors read as tile's, and
// the kernel information describes their tensor maps.
// RUN: tile-opt %S/Inputs/host_descriptors.ttir | FileCheck %s
// CHECK: tile.func public @copy_kernel(%in_desc: !tile.tensordesc<64x64xf16>, %in_desc_0: i32, %in_desc_1: i32, %in_desc_2: i64, %in_desc_3: i64, %out_desc: !tile.tensordesc<64x64xf16>
// CHECK: tile.descriptor_load %in_desc[%{{.*}}, %{{.*}}] : !tile.tensordesc<64x64xf16> -> tensor<64x64xf16>
// CHECK: tile.descriptor_store %out_desc[%{{.*}}, %{{.*}}], %{{.*}} : !tile.tensordesc<64x64xf16>, tensor<64x64xf16>
// RUN: %if ptxas %{ tile-translate %S/Inputs/host_descriptors.ttir --emit=ptx --sm=90a --num-warps=4 -o %t.ptx --kernel-info=%t.info && FileCheck %s --check-prefix=INFO < %t.info %}
// INFO: tensormap copy_kernel 0 2 64 64 128
// INFO: tensormap copy_kernel 5 2 64 64 128
// INFO: param copy_kernel 1 in_desc i32
// INFO: param copy_kernel 9 out_desc i64
