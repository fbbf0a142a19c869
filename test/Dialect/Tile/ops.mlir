// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Round trip of every tile op: custom form, then generic form back to custom.
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: tile.func public @memory
// GENERIC-LABEL: "tile.func"
tile.func public @memory(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                         %q: !tile.ptr<i32, 3>, %n: i32) {
  // CHECK: tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK: tile.splat %{{.*}} : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  // CHECK: tile.addptr %{{.*}}, %{{.*}} : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %ptrs = tile.addptr %ps, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %ns = tile.splat %n : i32 -> tensor<128xi32>
  %mask = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  // CHECK: tile.load %{{.*}} : tensor<128x!tile.ptr<f32>>
  %a = tile.load %ptrs : tensor<128x!tile.ptr<f32>>
  // CHECK: tile.load %{{.*}}, %{{.*}} : tensor<128x!tile.ptr<f32>>
  %b = tile.load %ptrs, %mask : tensor<128x!tile.ptr<f32>>
  // CHECK: tile.load %{{.*}}, %{{.*}}, %{{.*}} cacheModifier = cg evictionPolicy = evict_first : tensor<128x!tile.ptr<f32>>
  %c = tile.load %ptrs, %mask, %zero evictionPolicy = evict_first cacheModifier = cg : tensor<128x!tile.ptr<f32>>
  // CHECK: tile.load %{{.*}} {isVolatile = true} : tensor<128x!tile.ptr<f32>>
  %d = tile.load %ptrs {isVolatile = true} : tensor<128x!tile.ptr<f32>>
  // CHECK: tile.load %{{.*}} : !tile.ptr<f32>
  %s = tile.load %p : !tile.ptr<f32>
  // CHECK: tile.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x!tile.ptr<f32>>
  tile.store %ptrs, %a, %mask : tensor<128x!tile.ptr<f32>>
  // CHECK: tile.store %{{.*}}, %{{.*}} cacheModifier = wb evictionPolicy = evict_last : tensor<128x!tile.ptr<f32>>
  tile.store %ptrs, %b cacheModifier = wb evictionPolicy = evict_last : tensor<128x!tile.ptr<f32>>
  // CHECK: tile.store %{{.*}}, %{{.*}} : !tile.ptr<f32>
  tile.store %p, %s : !tile.ptr<f32>
  // CHECK: tile.atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<128x!tile.ptr<f32>>, tensor<128xf32>, tensor<128xi1>) -> tensor<128xf32>
  %old = tile.atomic_rmw fadd, acq_rel, gpu, %ptrs, %c, %mask : (tensor<128x!tile.ptr<f32>>, tensor<128xf32>, tensor<128xi1>) -> tensor<128xf32>
  // CHECK: tile.atomic_rmw max, relaxed, cta, %{{.*}}, %{{.*}} : (!tile.ptr<i32, 3>, i32) -> i32
  %m = tile.atomic_rmw max, relaxed, cta, %q, %n : (!tile.ptr<i32, 3>, i32) -> i32
  %c0 = arith.constant 0 : i32
  // CHECK: tile.atomic_cas acquire, sys, %{{.*}}, %{{.*}}, %{{.*}} : (!tile.ptr<i32, 3>, i32, i32) -> i32
  %cas = tile.atomic_cas acquire, sys, %q, %c0, %n : (!tile.ptr<i32, 3>, i32, i32) -> i32
  // CHECK: tile.ptr_to_int %{{.*}} : tensor<128x!tile.ptr<f32>> -> tensor<128xi64>
  %ints = tile.ptr_to_int %ptrs : tensor<128x!tile.ptr<f32>> -> tensor<128xi64>
  // CHECK: tile.int_to_ptr %{{.*}} : tensor<128xi64> -> tensor<128x!tile.ptr<f16>>
  %hptrs = tile.int_to_ptr %ints : tensor<128xi64> -> tensor<128x!tile.ptr<f16>>
  // CHECK: tile.bitcast %{{.*}} : tensor<128x!tile.ptr<f16>> -> tensor<128x!tile.ptr<i16>>
  %iptrs = tile.bitcast %hptrs : tensor<128x!tile.ptr<f16>> -> tensor<128x!tile.ptr<i16>>
  // CHECK: tile.bitcast %{{.*}} : tensor<128xf32> -> tensor<128xi32>
  %bits = tile.bitcast %a : tensor<128xf32> -> tensor<128xi32>
  // CHECK: tile.print " values: " {hex = false, isSigned = array<i32: 0, 1>} : %{{.*}}, %{{.*}} : tensor<128xf32>, tensor<128xi32>
  tile.print " values: " {hex = false, isSigned = array<i32: 0, 1>} : %a, %bits : tensor<128xf32>, tensor<128xi32>
  // CHECK: tile.print "here" {hex = true, isSigned = array<i32>}
  tile.print "here" {hex = true, isSigned = array<i32>}
  // CHECK: tile.assert %{{.*}}, "out of range" : tensor<128xi1>
  tile.assert %mask, "out of range" : tensor<128xi1>
  %t = arith.constant true
  // CHECK: tile.assert %{{.*}}, "scalar" : i1
  tile.assert %t, "scalar" : i1
  // CHECK: tile.return
  tile.return
}
// GENERIC: "tile.load"(%{{.*}}, %{{.*}}, %{{.*}}) <{cache = 3 : i32, evict = 2 : i32, isVolatile = false, operandSegmentSizes = array<i32: 1, 1, 1>}>

// CHECK-LABEL: tile.func public @shapes
tile.func public @shapes(%x: tensor<32xf32>, %y: tensor<32xf32>, %m: tensor<4x8x2xf16>) {
  // CHECK: tile.expand_dims %{{.*}} {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  %col = tile.expand_dims %x {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  // CHECK: tile.broadcast %{{.*}} : tensor<32x1xf32> -> tensor<32x64xf32>
  %b = tile.broadcast %col : tensor<32x1xf32> -> tensor<32x64xf32>
  // CHECK: tile.reshape %{{.*}} : tensor<32x64xf32> -> tensor<2048xf32>
  %flat = tile.reshape %b : tensor<32x64xf32> -> tensor<2048xf32>
  // CHECK: tile.reshape %{{.*}} allow_reorder efficient_layout : tensor<2048xf32> -> tensor<64x32xf32>
  %re = tile.reshape %flat allow_reorder efficient_layout : tensor<2048xf32> -> tensor<64x32xf32>
  // CHECK: tile.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>
  %t = tile.trans %re {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>
  // CHECK: tile.trans %{{.*}} {order = array<i32: 2, 0, 1>} : tensor<4x8x2xf16> -> tensor<2x4x8xf16>
  %t3 = tile.trans %m {order = array<i32: 2, 0, 1>} : tensor<4x8x2xf16> -> tensor<2x4x8xf16>
  // CHECK: tile.cat %{{.*}}, %{{.*}} : tensor<32xf32> -> tensor<64xf32>
  %cat = tile.cat %x, %y : tensor<32xf32> -> tensor<64xf32>
  // CHECK: tile.join %{{.*}}, %{{.*}} : tensor<32xf32> -> tensor<32x2xf32>
  %j = tile.join %x, %y : tensor<32xf32> -> tensor<32x2xf32>
  // CHECK: %{{.*}}, %{{.*}} = tile.split %{{.*}} : tensor<32x2xf32> -> tensor<32xf32>
  %l, %r = tile.split %j : tensor<32x2xf32> -> tensor<32xf32>
  tile.return
}

// CHECK-LABEL: tile.func public @arith
tile.func public @arith(%x: tensor<32xf32>, %lo: tensor<32xf32>, %hi: tensor<32xf32>,
                        %i: tensor<32xi32>, %j: tensor<32xi32>) {
  // CHECK: tile.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = all : tensor<32xf32>
  %c = tile.clampf %x, %lo, %hi, propagateNan = all : tensor<32xf32>
  // CHECK: tile.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = none : tensor<32xf32>
  %c2 = tile.clampf %x, %lo, %hi, propagateNan = none : tensor<32xf32>
  // CHECK: tile.precise_sqrt %{{.*}} : tensor<32xf32>
  %s = tile.precise_sqrt %x : tensor<32xf32>
  // CHECK: tile.precise_divf %{{.*}}, %{{.*}} : tensor<32xf32>
  %d = tile.precise_divf %x, %lo : tensor<32xf32>
  // CHECK: tile.mulhiui %{{.*}}, %{{.*}} : tensor<32xi32>
  %h = tile.mulhiui %i, %j : tensor<32xi32>
  // CHECK: tile.fp_to_fp %{{.*}}, rounding = rtne : tensor<32xf32> -> tensor<32xf8E4M3FN>
  %f8 = tile.fp_to_fp %x, rounding = rtne : tensor<32xf32> -> tensor<32xf8E4M3FN>
  // CHECK: tile.fp_to_fp %{{.*}} : tensor<32xf8E4M3FN> -> tensor<32xf16>
  %f16 = tile.fp_to_fp %f8 : tensor<32xf8E4M3FN> -> tensor<32xf16>
  // CHECK: tile.fp_to_fp %{{.*}}, rounding = rtz : tensor<32xf16> -> tensor<32xbf16>
  %bf = tile.fp_to_fp %f16, rounding = rtz : tensor<32xf16> -> tensor<32xbf16>
  // CHECK: tile.get_program_id x : i32
  %px = tile.get_program_id x : i32
  // CHECK: tile.get_program_id z : i32
  %pz = tile.get_program_id z : i32
  // CHECK: tile.get_num_programs y : i32
  %ny = tile.get_num_programs y : i32
  tile.return
}

// CHECK-LABEL: tile.func public @dot
tile.func public @dot(%a: tensor<64x32xf16>, %b: tensor<32x128xf16>, %c: tensor<64x128xf32>,
                      %fa: tensor<64x32xf32>, %fb: tensor<32x128xf32>,
                      %ia: tensor<2x16x32xi8>, %ib: tensor<2x32x16xi8>, %ic: tensor<2x16x16xi32>) {
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xf16> * tensor<32x128xf16> -> tensor<64x128xf32>
  %d = tile.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x128xf16> -> tensor<64x128xf32>
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 : tensor<64x32xf32> * tensor<32x128xf32> -> tensor<64x128xf32>
  %e = tile.dot %fa, %fb, %c, inputPrecision = tf32 : tensor<64x32xf32> * tensor<32x128xf32> -> tensor<64x128xf32>
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32x3 {maxNumImpreciseAcc = 32 : i32}
  %g = tile.dot %fa, %fb, %c, inputPrecision = tf32x3 {maxNumImpreciseAcc = 32 : i32} : tensor<64x32xf32> * tensor<32x128xf32> -> tensor<64x128xf32>
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x16x32xi8> * tensor<2x32x16xi8> -> tensor<2x16x16xi32>
  %h = tile.dot %ia, %ib, %ic : tensor<2x16x32xi8> * tensor<2x32x16xi8> -> tensor<2x16x16xi32>
  tile.return
}

// CHECK-LABEL: tile.func public @reduce_scan
tile.func public @reduce_scan(%x: tensor<16x32xf32>, %i: tensor<16x32xi32>) {
  // CHECK: "tile.reduce"(%{{.*}}) <{axis = 1 : i32}> ({
  // CHECK: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
  // CHECK:   tile.reduce.return %{{.*}} : f32
  // CHECK: }) : (tensor<16x32xf32>) -> tensor<16xf32>
  %sum = "tile.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.reduce.return %s : f32
  }) : (tensor<16x32xf32>) -> tensor<16xf32>
  // An argmax: two operands reduced together.
  // CHECK: "tile.reduce"(%{{.*}}, %{{.*}}) <{axis = 0 : i32}>
  // CHECK: tile.reduce.return %{{.*}}, %{{.*}} : f32, i32
  // CHECK: (tensor<16x32xf32>, tensor<16x32xi32>) -> (tensor<32xf32>, tensor<32xi32>)
  %mx:2 = "tile.reduce"(%x, %i) <{axis = 0 : i32}> ({
  ^bb0(%va: f32, %ia: i32, %vb: f32, %ib: i32):
    %gt = arith.cmpf ogt, %va, %vb : f32
    %v = arith.select %gt, %va, %vb : f32
    %k = arith.select %gt, %ia, %ib : i32
    tile.reduce.return %v, %k : f32, i32
  }) : (tensor<16x32xf32>, tensor<16x32xi32>) -> (tensor<32xf32>, tensor<32xi32>)
  %row = tile.reshape %x : tensor<16x32xf32> -> tensor<512xf32>
  // CHECK: "tile.reduce"(%{{.*}}) <{axis = 0 : i32}>
  // CHECK: (tensor<512xf32>) -> f32
  %all = "tile.reduce"(%row) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    tile.reduce.return %m : f32
  }) : (tensor<512xf32>) -> f32
  // CHECK: "tile.scan"(%{{.*}}) <{axis = 1 : i32, reverse = true}> ({
  // CHECK:   tile.scan.return %{{.*}} : f32
  // CHECK: }) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %cum = "tile.scan"(%x) <{axis = 1 : i32, reverse = true}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.scan.return %s : f32
  }) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  tile.return
}

// CHECK-LABEL: tile.func private @device_fn
// CHECK-SAME: (%{{.*}}: f32, %{{.*}}: tensor<8xf32>) -> (f32, tensor<8xf32>)
tile.func private @device_fn(%a: f32, %b: tensor<8xf32>) -> (f32, tensor<8xf32>) {
  // CHECK: tile.return %{{.*}}, %{{.*}} : f32, tensor<8xf32>
  tile.return %a, %b : f32, tensor<8xf32>
}

// CHECK-LABEL: tile.func private @declared(i32) -> i32
tile.func private @declared(i32) -> i32

// CHECK-LABEL: tile.func public @caller
tile.func public @caller(%a: f32, %b: tensor<8xf32>, %i: i32) {
  // CHECK: tile.call @device_fn(%{{.*}}, %{{.*}}) : (f32, tensor<8xf32>) -> (f32, tensor<8xf32>)
  %r:2 = tile.call @device_fn(%a, %b) : (f32, tensor<8xf32>) -> (f32, tensor<8xf32>)
  // CHECK: tile.call @declared(%{{.*}}) : (i32) -> i32
  %j = tile.call @declared(%i) : (i32) -> i32
  tile.return
}

// A block of a tensor through its TMA descriptor.
// CHECK-LABEL: tile.func public @descriptor_load
// CHECK-SAME: (%[[D:.*]]: !tile.tensordesc<128x64xf16>, %[[I:.*]]: i32, %[[J:.*]]: i32)
tile.func public @descriptor_load(%desc: !tile.tensordesc<128x64xf16>, %i: i32, %j: i32) -> tensor<128x64xf16> {
  // CHECK: tile.descriptor_load %[[D]][%[[I]], %[[J]]] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16>
  %t = tile.descriptor_load %desc[%i, %j] : !tile.tensordesc<128x64xf16> -> tensor<128x64xf16>
  tile.return %t : tensor<128x64xf16>
}

// ...and one stored through it.
// CHECK-LABEL: tile.func public @descriptor_store
// CHECK-SAME: (%[[D:.*]]: !tile.tensordesc<128x64xf16>, %[[I:.*]]: i32, %[[J:.*]]: i32, %[[V:.*]]: tensor<128x64xf16>)
tile.func public @descriptor_store(%desc: !tile.tensordesc<128x64xf16>, %i: i32, %j: i32, %v: tensor<128x64xf16>) {
  // CHECK: tile.descriptor_store %[[D]][%[[I]], %[[J]]], %[[V]] : !tile.tensordesc<128x64xf16>, tensor<128x64xf16>
  tile.descriptor_store %desc[%i, %j], %v : !tile.tensordesc<128x64xf16>, tensor<128x64xf16>
  tile.return
}
