//===- Passes.td - passes on tile IR -----------------------*- tablegen -*-===//
//
// Part of the tile project, under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef TILE_DIALECT_TILE_TRANSFORMS_PASSES
#define TILE_DIALECT_TILE_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def Specialize : Pass<"tile-specialize", "::mlir::ModuleOp"> {
  let summary = "Specialize kernels for their arguments and parameters, by name";
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

    `NAME=VALUE` also binds a compile-time parameter that a kernel
    declares in `tile.params`, as a Triton constexpr: a block dimension
    (`BM = 128 : i32`) or an element type (`T = f16`), each given as the
    value the body is written at. Builtin tensor types have static shapes,
    so the written value stands for its parameter: an integer wherever it
    is a dimension of a tensor or tensor descriptor type, a bound of
    `tile.make_range` or the value of an integer `arith.constant` (scalar
    or splat); a type wherever it appears as a type, float constants of it
    converted (exactly, to an integer type). Values derived from a
    parameter (BM - 1) are computed in the body, where folding makes them
    constants. A kernel's bindings apply at once, so `BM=64,BN=128` may
    swap the values it is written at; bound parameters leave `tile.params`.
    The verifier requires each declared value to be distinct (a block
    dimension at least 2), so that what stands for a parameter is
    unambiguous; a value not of the parameter's kind, a constant with no
    value in the new type, or a kernel the verifier rejects after binding
    is an error naming the bindings.

    ```mlir
    tile.func public @rows(%x: !tile.ptr<f16>) attributes {
        tile.params = {BLOCK = 1024 : i32, T = f16}} { ... tensor<1024xf16> ... }
    // -tile-specialize="args=BLOCK=4096,T=bf16": tensor<4096xbf16>
    ```
  }];
  let options = [
    ListOption<"args", "args", "std::string",
               "NAME=VALUE (the argument's value) or NAME%K (a multiple of K)">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def ImportTTIR : Pass<"tile-import-ttir", "::mlir::ModuleOp"> {
  let summary = "Give TTIR's `tt.` attributes their tile names";
  let description = [{
    TTIR parses as tile IR (the `tt` dialect parses its ops and types with
    the tile dialect's parsers), but the discardable attributes Triton puts
    on ops and on function arguments and results keep their `tt.` names:
    `tt.divisibility`, `tt.contiguity` and `tt.constancy` on arguments,
    `tt.num_stages` and the other loop attributes. This pass renames each
    `tt.X` to `tile.X`, which is what tile's analyses and passes read. It
    is the first pass of `tile-to-llvm` and leaves tile IR unchanged.

    ```mlir
    tile.func public @k(%x: !tile.ptr<f32> {tt.divisibility = 16 : i32})
    // -> %x: !tile.ptr<f32> {tile.divisibility = 16 : i32}
    ```

    The ops that the tt dialect declares, those Triton prints in generic
    form (`tt.reduce`, `tt.scan`, `tt.map_elementwise` and their
    terminators), become their tile
    namesakes with the same operands, attributes and regions.
  }];
  let dependentDialects = ["::mlir::tile::TileDialect"];
}

def RewriteTensorPointers : Pass<"tile-rewrite-tensor-pointers", "::mlir::ModuleOp"> {
  let summary = "Rewrite block pointers and in-kernel descriptors as pointer tensors";
  let description = [{
    A block pointer (`tile.make_tensor_ptr`, `tile.advance`) stands for the
    block's offsets in a strided tensor; this pass carries those offsets (and
    the base, shape and strides) as values of their own, through `scf.for`,
    `scf.if` and `scf.while` too, and rewrites each `tile.load` and
    `tile.store` through one into an access through a tensor of pointers,
    `base + sum_d (offset_d + range_d) * stride_d` in 64-bit arithmetic, with
    a mask for each dimension in `boundaryCheck` (`0 <= index < shape`) and
    `padding` as the masked-off value, as Triton's RewriteTensorPointer does.

    A descriptor made in the kernel (`tile.make_tensor_descriptor`) is
    rewritten the same way at each of its uses: `tile.descriptor_load` and
    `tile.descriptor_store` become masked loads and stores of the block,
    `tile.descriptor_reduce` a masked `tile.atomic_rmw`, and
    `tile.descriptor_gather` / `tile.descriptor_scatter` loads and stores of
    the rows they name (Triton's rewrite for GPUs without TMA). Such a
    descriptor must reach its uses directly, not through a loop's or a
    branch's results; a descriptor that is a kernel argument (a tensor map)
    is left to `tile-lower-descriptors`. With `tensor-maps` (a target that
    writes tensor maps in the kernel: sm_90a, PTX 8.3), the descriptors
    that can be one (made in a kernel's entry block, rows of stride 1,
    whole blocks loaded, stored or reduced, blocks TMA copies) are left
    as they are for `tile-make-tensor-maps`.

    ```mlir
    %bp = tile.make_tensor_ptr %a, [%m, %k], [%lda, %c1], [%row, %c0] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
    %v = tile.load %bp {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tile.ptr<tensor<64x32xf16>>
    // -> tile.load %ptrs, %inBounds, %zeros : tensor<64x32x!tile.ptr<f16>>
    ```
  }];
  let options = [
    Option<"tensorMaps", "tensor-maps", "bool", /*default=*/"false",
           "Leave the descriptors made in the kernel that can be tensor "
           "maps (tile-make-tensor-maps)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def DecomposeScaledDots : Pass<"tile-decompose-scaled-dots", "::mlir::ModuleOp"> {
  let summary = "Rewrite tile.dot_scaled as upcasts, scaling and a tile.dot";
  let description = [{
    Hopper has no block-scaled tensor-core instruction, so each
    `tile.dot_scaled` becomes what it means in ops sm_90 has, as Triton's
    Hopper lowering does: each operand converted to the compute type (bf16,
    or f16 where either operand is `fp16`; e2m1 bytes split into their two
    4-bit floats along K), multiplied by its scale (an e8m0 exponent
    becomes the float 2^(s - 127) by a shift into the exponent field; each
    scale repeated over its 32 elements along K), NaN where the scale is
    255 unless `fastMath`, and a `tile.dot` accumulating in f32. An
    operand packed along M or N (`lhs_k_pack`/`rhs_k_pack` false) and
    batched (3-D) operands are errors located at the op.

    ```mlir
    %d = tile.dot_scaled %a scale %sa, %b, %c lhs = e4m3 rhs = bf16 : tensor<64x64xf8E4M3FN>, tensor<64x2xi8> * tensor<64x64xbf16> -> tensor<64x64xf32>
    // -> tile.fp_to_fp %a ... -> bf16, the scale shifted and broadcast,
    //    arith.mulf, tile.dot ... : tensor<64x64xbf16> * tensor<64x64xbf16>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def UnrollLoops : Pass<"tile-unroll-loops", "::mlir::ModuleOp"> {
  let summary = "Unroll the loops that ask for it (tile.loop_unroll_factor)";
  let description = [{
    A `scf.for` with `tile.loop_unroll_factor = N` (Triton's
    `tl.range(..., loop_unroll_factor=N)`, TTIR's `tt.loop_unroll_factor`)
    is unrolled N times, with an epilogue loop for the iterations left
    over, as Triton's loop-unroll pass does; the attribute is then
    dropped. A factor of 1 just drops it.

    ```mlir
    scf.for %i = %c0 to %n step %c1 { ... } {tile.loop_unroll_factor = 2 : i32}
    // -> scf.for %i = %c0 to %n2 step %c2 { ...; ... }  plus the remainder
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TritonMath : Pass<"tile-triton-math", "::mlir::ModuleOp"> {
  let summary = "Give the float ops of a Triton program Triton's precision";
  let description = [{
    In Triton's TTIR, an f32 `arith.divf`, `math.exp`, `math.exp2`,
    `math.sqrt` and `math.rsqrt` mean what Triton lowers them to:
    `div.full.f32` (2 ulp over the full range), `ex2.approx.f32` of
    x * log2(e), and `ex2.approx.ftz.f32`, `sqrt.approx.ftz.f32` and
    `rsqrt.approx.ftz.f32` (subnormals flushed to zero); a program asks for
    correctly rounded results with `tt.precise_divf` and `tt.precise_sqrt`.
    MLIR's ops are correctly rounded unless they allow approximation, so
    this pass marks those ops `fastmath<afn>`, which `convert-tile-to-nvvm`
    lowers to the same instructions. Without it, a sigmoid costs an IEEE
    reciprocal and libdevice's exponential, and an LSTM cell runs at half
    Triton's speed. Run on Triton input only (`tile-translate --ttir`,
    `tile-to-llvm{ttir}`); other ops and types keep their flags.

    ```mlir
    %s = arith.divf %one, %d : tensor<128xf32>
    // becomes
    %s = arith.divf %one, %d fastmath<afn> : tensor<128xf32>
    ```
  }];
}

#endif // TILE_DIALECT_TILE_TRANSFORMS_PASSES
