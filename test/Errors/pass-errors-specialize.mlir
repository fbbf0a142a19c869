// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A specialization that cannot be made is an error, located at the kernel
// (or the module, for a name no kernel has), with exit code 1: the variant
// is never compiled as another one.
// RUN: tile-opt %s -split-input-file -tile-specialize="args=a=300" -verify-diagnostics
// RUN: not tile-opt %s -split-input-file -tile-specialize="args=a%3" 2>&1 | FileCheck %s --check-prefix=DIVISOR
// RUN: not tile-opt %s -split-input-file -tile-specialize="args=a" 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: not tile-opt %s -split-input-file -tile-specialize="args==4" 2>&1 | FileCheck %s --check-prefix=UNNAMED
// RUN: not tile-opt %s -split-input-file -tile-specialize="args=a=1,a%16" 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not tile-opt %s -split-input-file -tile-specialize="args=c=1e40" 2>&1 | FileCheck %s --check-prefix=OVERFLOW

// DIVISOR: error: 'tile.func' op tile-specialize: 'a%3': the divisor must be a power of two up to 2^30
// MALFORMED: error: tile-specialize: 'a' is neither NAME=VALUE nor NAME%K
// UNNAMED: error: tile-specialize: '=4' is neither NAME=VALUE nor NAME%K
// TWICE: error: tile-specialize: 'a' is specialized twice
// OVERFLOW: error: 'tile.func' op tile-specialize: 'c=1e40': '1e40' is not a value of argument 'c', of type 'f32'

module {
  // expected-error @below {{tile-specialize: 'a=300': '300' is not a value of argument 'a', of type 'i8'}}
  tile.func public @narrow(%a: i8) {
    tile.return
  }
}

// -----

// expected-error @below {{tile-specialize: no kernel has an argument or parameter named 'a' (kernels: @other(b, c))}}
module {
  tile.func public @other(%b: i32, %c: f32) {
    tile.return
  }
  // Not a kernel: private functions are inlined into kernels.
  tile.func private @helper(%a: i32) {
    tile.return
  }
}

// -----

module {
  // expected-error @below {{tile-specialize: 'a=300': '300' is not a value of argument 'a', of type '!tile.ptr<f32>'}}
  tile.func public @pointer(%a: !tile.ptr<f32>) {
    tile.return
  }
}
