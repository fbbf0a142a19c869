// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A parameter binding that cannot be made is a located error with exit
// code 1: a value not of the parameter's kind, or a kernel the binding
// makes invalid (the verifier's complaint, then the bindings it came from).
// RUN: not tile-opt %s -tile-specialize="args=BM=abc" 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: not tile-opt %s -tile-specialize="args=T=foo" 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not tile-opt %s -tile-specialize="args=T=index" 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not tile-opt %s -tile-specialize="args=BM%16" 2>&1 | FileCheck %s --check-prefix=DIVISOR
// RUN: not tile-opt %s -tile-specialize="args=BM=48" 2>&1 | FileCheck %s --check-prefix=INVALID
// RUN: not tile-opt %s -tile-specialize="args=BM=32,BM=16" 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not tile-opt %s -tile-specialize="args=T=i8" 2>&1 | FileCheck %s --check-prefix=NOVALUE
// RUN: not tile-opt %s -tile-specialize="args=BN=32" 2>&1 | FileCheck %s --check-prefix=GROW
// RUN: not tile-opt %s -tile-specialize="args=BQ=4" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tile-opt %s -tile-specialize="args=BM=2" -tile-specialize="args=BN=4" 2>&1 | FileCheck %s --check-prefix=COLLIDE
// RUN: not tile-opt %s -tile-specialize="args=BM=4294967360" 2>&1 | FileCheck %s --check-prefix=BIG

// SIZE: 31:3: error: 'tile.func' op tile-specialize: 'BM=abc': parameter 'BM' is a block dimension, a positive 32-bit integer
// TYPE: 31:3: error: 'tile.func' op tile-specialize: 'T={{foo|index}}': parameter 'T' is an element type, an integer or float type
// DIVISOR: 31:3: error: 'tile.func' op tile-specialize: 'BM%16': 'BM' is a parameter; bind it with BM=VALUE
// INVALID: 35:10: error: 'tile.make_range' op range length 48 (end - start) must be a power of two
// INVALID: 31:3: error: 'tile.func' op tile-specialize: the kernel is not valid for BM=48
// TWICE: 30:1: error: tile-specialize: 'BM' is specialized twice
// NOVALUE: 33:13: error: 'arith.constant' op tile-specialize: dense<5.000000e-01> : tensor<64xf16> has no value of type 'tensor<64xi8>'
// A constant of several values cannot follow a block that grows.
// GROW: 34:13: error: 'arith.constant' op tile-specialize: dense<[0, 1]> : tensor<2xi32> has no value of type 'tensor<32xi32>'
// UNKNOWN: 30:1: error: tile-specialize: no kernel has an argument or parameter named 'BQ' (kernels: @k(x) with parameters BM, BN, T)
// COLLIDE: error: tile-specialize: no kernel has an argument or parameter named 'BN'
// BIG: error: 'tile.func' op tile-specialize: 'BM=4294967360': parameter 'BM' is a block dimension, a positive 32-bit integer

module {
  tile.func public @k(%x: !tile.ptr<f16>)
      attributes {tile.params = {BM = 64 : i32, BN = 2 : i32, T = f16}} {
    %half = arith.constant dense<0.5> : tensor<64xf16>
    %pair = arith.constant dense<[0, 1]> : tensor<2xi32>
    %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %xs = tile.splat %x : !tile.ptr<f16> -> tensor<64x!tile.ptr<f16>>
    %p = tile.addptr %xs, %r : tensor<64x!tile.ptr<f16>>, tensor<64xi32>
    tile.store %p, %half : tensor<64x!tile.ptr<f16>>
    tile.return
  }
}
