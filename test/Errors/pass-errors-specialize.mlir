// A specialization that cannot be made is an error, located at the kernel
// (or the module, for a name no kernel has), with exit code 1: the variant
// is never compiled as another one.
// RUN: tile-opt %s -split-input-file -tile-specialize="args=a=300" -verify-diagnostics
// RUN: not tile-opt %s -split-input-file -tile-specialize="args=a%3" 2>&1 | FileCheck %s --check-prefix=DIVISOR
// RUN: not tile-opt %s -split-input-file -tile-specialize="args=a" 2>&1 | FileCheck %s --check-prefix=MALFORMED

// DIVISOR: error: 'tile.func' op tile-specialize: 'a%3': the divisor must be a power of two
// MALFORMED: error: tile-specialize: 'a' is neither NAME=VALUE nor NAME%K

module {
  // expected-error @below {{tile-specialize: 'a=300': '300' is not a value of argument 'a', of type 'i8'}}
  tile.func public @narrow(%a: i8) {
    tile.return
  }
}

// -----

// expected-error @below {{tile-specialize: no kernel has an argument named 'a' (kernels: @other(b, c))}}
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
