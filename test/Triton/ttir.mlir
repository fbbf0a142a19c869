// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Triton TTIR, as Triton 3.6 prints it for sm_90 (test/Triton/Inputs, made by
// Inputs/dump_ttir.py), parses and verifies as it is: the `tt` dialect
// parses each `tt.X` op and `!tt.T` type with tile's parsers, into tile IR,
// and tile-import-ttir gives the `tt.` attributes their tile names.
//
// RUN: tile-opt %S/Inputs/vector_add.ttir -tile-import-ttir | FileCheck %s --check-prefix=ADD
// RUN: tile-opt %S/Inputs/softmax.ttir -tile-import-ttir | FileCheck %s --check-prefix=SOFTMAX
// RUN: tile-opt %S/Inputs/matmul.ttir -tile-import-ttir | FileCheck %s --check-prefix=MATMUL
// RUN: tile-opt %S/Inputs/misc.ttir -tile-import-ttir | FileCheck %s --check-prefix=MISC
//
// Printing and parsing again gives the same module.
// RUN: tile-opt %S/Inputs/misc.ttir -tile-import-ttir | tile-opt | FileCheck %s --check-prefix=MISC
// RUN: tile-opt %S/Inputs/matmul.ttir -tile-import-ttir --canonicalize --cse | FileCheck %s --check-prefix=MATMUL
//
// Parsed, the attributes keep Triton's names (verified as tile's); the
// arguments keep the names Triton gave them, and the ops their locations.
// RUN: tile-opt %S/Inputs/vector_add.ttir -mlir-print-debuginfo | FileCheck %s --check-prefix=RAW
// RAW: tile.func public @add_kernel(%x_ptr: !tile.ptr<f32> {tt.divisibility = 16 : i32} loc({{.*}}),
// RAW: tile.load %{{.*}} : tensor<1024x!tile.ptr<f32>> loc([[LOAD:#loc[0-9]+]])
// RAW: [[LOAD]] = loc("x"(#loc{{[0-9]+}}))

// ADD: tile.func public @add_kernel(%{{.*}}: !tile.ptr<f32> {tile.divisibility = 16 : i32}
// ADD: tile.get_program_id x : i32
// ADD: tile.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
// ADD: tile.load %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>>
// ADD: tile.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>>

// SOFTMAX: tile.func public @softmax_kernel
// SOFTMAX: tile.get_num_programs x : i32
// SOFTMAX: scf.for
// SOFTMAX: tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>>
// SOFTMAX: "tile.reduce"
// SOFTMAX: tile.reduce.return
// SOFTMAX: math.exp
// SOFTMAX: } {tile.num_stages = 2 : i32}

// MATMUL: tile.func public @matmul_kernel
// MATMUL: scf.for
// MATMUL: tile.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
// MATMUL: tile.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x128x!tile.ptr<f16>>

// MISC: tile.load %{{.*}}, %{{.*}}, %{{.*}} cacheModifier = cg : tensor<256x!tile.ptr<f32>>
// MISC: tile.load %{{.*}} evictionPolicy = evict_first : tensor<256x!tile.ptr<f32>>
// MISC: tile.load %{{.*}} {isVolatile = true} : tensor<256x!tile.ptr<f32>>
// MISC: "tile.scan"(%{{.*}}) <{axis = 0 : i32, reverse = false}>
// MISC: tile.reshape %{{.*}} : tensor<256xf32> -> tensor<128x2xf32>
// MISC: tile.split %{{.*}} : tensor<128x2xf32> -> tensor<128xf32>
// MISC: tile.join %{{.*}}, %{{.*}} : tensor<128xf32> -> tensor<128x2xf32>
// MISC: tile.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<128x2xf32> -> tensor<2x128xf32>
// MISC: tile.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = none : tensor<256xf32>
// MISC: tile.precise_sqrt
// MISC: tile.precise_divf
// MISC: tile.atomic_rmw fadd, acq_rel, gpu
// MISC: tile.atomic_cas acq_rel, gpu

