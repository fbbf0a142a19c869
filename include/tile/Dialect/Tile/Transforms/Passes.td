//===- Passes.td - passes on tile IR -----------------------*- tablegen -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef TILE_DIALECT_TILE_TRANSFORMS_PASSES
#define TILE_DIALECT_TILE_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def Specialize : Pass<"tile-specialize", "::mlir::ModuleOp"> {
  let summary = "Specialize kernels for facts about their arguments, by name";
  let description = [{
    What a launcher knows about a kernel's arguments, given to the compiler
    as Triton's launcher specializes a kernel. Each entry of `args` is one
    of:

    - `NAME=VALUE`: the integer or float scalar argument `NAME` is `VALUE`
      (an integer, `true` or `false` for i1, or a float): its uses read a
      constant. The argument stays, so the kernel is launched as before.
    - `NAME%K`: the integer argument `NAME`, or the address a pointer
      argument `NAME` holds, is a multiple of `K` (a power of two up to 2^30):
      `tile.divisibility = K` on it, as Triton's launcher marks arguments
      divisible by 16. `K` = 1 drops what the source claims.

    An argument is named by its location: `loc("n"(...))`, as Triton's
    TTIR carries it, or the SSA name tile.func records for the arguments
    it parses. The entries apply to every public function (kernel) with
    such an argument. An entry that names no kernel's argument, a value
    that is not of the argument's type, or a `K` that is not a power of
    two is an error, so a variant that cannot be made is never compiled
    silently as another.

    ```mlir
    tile.func public @add(%x: !tile.ptr<f32>, %n: i32) { ... }
    // -tile-specialize="args=x%16,n=4096": %x {tile.divisibility = 16},
    // and %n's uses read arith.constant 4096 : i32
    ```
  }];
  let options = [
    ListOption<"args", "args", "std::string",
               "NAME=VALUE (the argument's value) or NAME%K (a multiple of K)">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TritonMath : Pass<"tile-triton-math", "::mlir::ModuleOp"> {
  let summary = "Give the float ops of a Triton program Triton's precision";
  let description = [{
    In Triton's TTIR, an f32 `arith.divf`, `math.exp` and `math.sqrt` mean
    what Triton lowers them to: `div.full.f32` (2 ulp over the full
    range), `ex2.approx.f32` of x * log2(e), and `sqrt.approx.f32`; a
    program asks for correctly rounded results with `tt.precise_divf` and
    `tt.precise_sqrt`. MLIR's ops are correctly rounded unless they allow
    approximation, so this pass marks those ops `fastmath<afn>`, which
    `convert-tile-to-nvvm` lowers to the same instructions. Without it, a
    sigmoid costs an IEEE reciprocal and libdevice's exponential, and an
    LSTM cell runs at half Triton's speed. Run on Triton input only
    (`tile-translate --ttir`, `tile-to-llvm{ttir}`); other ops and types
    keep their flags.

    ```mlir
    %s = arith.divf %one, %d : tensor<128xf32>
    // becomes
    %s = arith.divf %one, %d fastmath<afn> : tensor<128xf32>
    ```
  }];
}

#endif // TILE_DIALECT_TILE_TRANSFORMS_PASSES
