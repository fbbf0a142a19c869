// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Element-wise and register-only ops: per-thread scalars, no data movement.
// RUN: tile-opt %s -tile-assign-layouts -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse -split-input-file | FileCheck %s

// Program ids are block ids; ranges are thread coordinates; element-wise
// ops apply to each of a thread's elements (256 elements: 2 per thread).
// CHECK-LABEL: gpu.func @elementwise
// CHECK: %[[PID:.*]] = gpu.block_id x
// CHECK: arith.index_castui %[[PID]] : index to i32
// CHECK: gpu.grid_dim y
// CHECK: %[[TID:.*]] = gpu.thread_id x
// A splat is the same scalar in every element: computed once.
// CHECK: math.exp %{{.*}} : f32
// CHECK-NOT: math.exp
// CHECK-COUNT-2: arith.sitofp %{{.*}} : i32 to f32
// precise_sqrt is correctly rounded: LLVM's sqrt (sqrt.rn), not libdevice.
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.sqrt.f32"
// CHECK-COUNT-2: arith.mului_extended
// CHECK-COUNT-2: llvm.getelementptr
tile.func public @elementwise(%p: !tile.ptr<f32>, %f: f32, %out: !tile.ptr<i32>) {
  %pid = tile.get_program_id x : i32
  %n = tile.get_num_programs y : i32
  %pn = arith.addi %pid, %n : i32
  tile.store %out, %pn : !tile.ptr<i32>
  %r = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %fs = tile.splat %f : f32 -> tensor<256xf32>
  %e = math.exp %fs : tensor<256xf32>
  %one = arith.constant dense<1.0> : tensor<256xf32>
  %s = arith.addf %e, %one : tensor<256xf32>
  %rf = arith.sitofp %r : tensor<256xi32> to tensor<256xf32>
  %q = tile.precise_sqrt %rf : tensor<256xf32>
  %h = tile.mulhiui %r, %r : tensor<256xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
  %pp = tile.addptr %ps, %h : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %sum = arith.addf %s, %q : tensor<256xf32>
  tile.store %pp, %sum : tensor<256x!tile.ptr<f32>>
  tile.return
}

// -----

// broadcast and expand_dims with the layouts tile-assign-layouts gives them
// rename registers: no shared memory, no barrier.
// CHECK-LABEL: gpu.func @broadcast
// CHECK-NOT: gpu.barrier
// CHECK-NOT: llvm.mlir.addressof @global_smem
// CHECK: gpu.return
#blocked = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #tilegpu.slice<{dim = 1, parent = #blocked}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @broadcast(%p: !tile.ptr<f32>) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #slice>
  %c = tile.expand_dims %r {axis = 1 : i32} : tensor<128xi32, #slice> -> tensor<128x1xi32, #blocked>
  %b = tile.broadcast %c : tensor<128x1xi32, #blocked> -> tensor<128x4xi32, #blocked>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<128x4x!tile.ptr<f32>, #blocked>
  %pp = tile.addptr %ps, %b : tensor<128x4x!tile.ptr<f32>, #blocked>, tensor<128x4xi32, #blocked>
  %z = arith.constant dense<0.0> : tensor<128x4xf32, #blocked>
  tile.store %pp, %z : tensor<128x4x!tile.ptr<f32>, #blocked>
  tile.return
}
}

// -----

// A transpose with the permuted layout and join/split with the pair layout
// move no data.
// CHECK-LABEL: gpu.func @renames
// CHECK-NOT: llvm.mlir.addressof @global_smem
// CHECK: arith.subf %arg1, %arg2 fastmath<contract> : f32
// CHECK: gpu.return
#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#pair = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#perm = #tilegpu.blocked<{sizePerThread = [2, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @renames(%p: !tile.ptr<f32>, %x: f32, %y: f32) {
  %s = tile.splat %x : f32 -> tensor<128xf32, #b1>
  %t0 = tile.splat %y : f32 -> tensor<128xf32, #b1>
  %j = tile.join %s, %t0 : tensor<128xf32, #b1> -> tensor<128x2xf32, #pair>
  %t = tile.trans %j {order = array<i32: 1, 0>} : tensor<128x2xf32, #pair> -> tensor<2x128xf32, #perm>
  %u = tile.trans %t {order = array<i32: 1, 0>} : tensor<2x128xf32, #perm> -> tensor<128x2xf32, #pair>
  %a, %b = tile.split %u : tensor<128x2xf32, #pair> -> tensor<128xf32, #b1>
  %c = arith.subf %a, %b : tensor<128xf32, #b1>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #b1>
  tile.store %ps, %c : tensor<128x!tile.ptr<f32>, #b1>
  tile.return
}
}

// -----

// tile.dot without tensor cores: one FMA per accumulator element and K step.
// 16x16 accumulators over 128 threads: 2 each; K = 8: 16 FMAs.
// CHECK-LABEL: gpu.func @dot_fma
// CHECK-COUNT-16: math.fma %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK-NOT: math.fma
tile.func public @dot_fma(%a: f32, %b: f32, %p: !tile.ptr<f32>) {
  %as = tile.splat %a : f32 -> tensor<16x8xf32>
  %bs = tile.splat %b : f32 -> tensor<8x16xf32>
  %c = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %as, %bs, %c : tensor<16x8xf32> * tensor<8x16xf32> -> tensor<16x16xf32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>>
  tile.store %ps, %d : tensor<16x16x!tile.ptr<f32>>
  tile.return
}

// -----

// A batched (3-D) dot on FMA: 2x16x16 accumulators over 128 threads, 4
// each, K = 8: 32 FMAs. Each thread loads whole K rows of A and K columns
// of B of its batch (its elements' batch and row or column coordinates).
// CHECK-LABEL: gpu.func @dot_fma_batched
// CHECK-COUNT-32: math.fma %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK-NOT: math.fma
tile.func public @dot_fma_batched(%pa: !tile.ptr<f32>, %pb: !tile.ptr<f32>, %pc: !tile.ptr<f32>) {
  %as = tile.splat %pa : !tile.ptr<f32> -> tensor<2x16x8x!tile.ptr<f32>>
  %ra = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %ia = tile.reshape %ra : tensor<256xi32> -> tensor<2x16x8xi32>
  %aptr = tile.addptr %as, %ia : tensor<2x16x8x!tile.ptr<f32>>, tensor<2x16x8xi32>
  %a = tile.load %aptr : tensor<2x16x8x!tile.ptr<f32>>
  %bs = tile.splat %pb : !tile.ptr<f32> -> tensor<2x8x16x!tile.ptr<f32>>
  %ib = tile.reshape %ra : tensor<256xi32> -> tensor<2x8x16xi32>
  %bptr = tile.addptr %bs, %ib : tensor<2x8x16x!tile.ptr<f32>>, tensor<2x8x16xi32>
  %b = tile.load %bptr : tensor<2x8x16x!tile.ptr<f32>>
  %c = arith.constant dense<0.0> : tensor<2x16x16xf32>
  %d = tile.dot %a, %b, %c : tensor<2x16x8xf32> * tensor<2x8x16xf32> -> tensor<2x16x16xf32>
  %rc = tile.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
  %ic = tile.reshape %rc : tensor<512xi32> -> tensor<2x16x16xi32>
  %cs = tile.splat %pc : !tile.ptr<f32> -> tensor<2x16x16x!tile.ptr<f32>>
  %cptr = tile.addptr %cs, %ic : tensor<2x16x16x!tile.ptr<f32>>, tensor<2x16x16xi32>
  tile.store %cptr, %d : tensor<2x16x16x!tile.ptr<f32>>
  tile.return
}

// -----

// Loop-carried tensors become loop-carried scalars.
// CHECK-LABEL: gpu.func @loop
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (f32, f32)
tile.func public @loop(%n: i32, %p: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.0> : tensor<256xf32>
  %one = arith.constant dense<1.0> : tensor<256xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<256xf32>) : i32 {
    %next = arith.addf %acc, %one : tensor<256xf32>
    scf.yield %next : tensor<256xf32>
  }
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
  tile.store %ps, %r : tensor<256x!tile.ptr<f32>>
  tile.return
}

// -----

// scf.while and scf.if carry tensors as per-thread scalars too.
// CHECK-LABEL: gpu.func @while_if
// CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (f32, f32, i32) -> (f32, f32, i32)
// The scf.if folds to a select per element.
// CHECK-COUNT-2: arith.select %arg1, %{{.*}}, %{{.*}} : f32
tile.func public @while_if(%n: i32, %c: i1, %p: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.0> : tensor<256xf32>
  %one = arith.constant dense<1.0> : tensor<256xf32>
  %res:2 = scf.while (%acc = %z, %i = %c0) : (tensor<256xf32>, i32) -> (tensor<256xf32>, i32) {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %acc, %i : tensor<256xf32>, i32
  } do {
  ^bb0(%a: tensor<256xf32>, %j: i32):
    %next = arith.addf %a, %one : tensor<256xf32>
    %k = arith.addi %j, %c1 : i32
    scf.yield %next, %k : tensor<256xf32>, i32
  }
  %sel = scf.if %c -> tensor<256xf32> {
    scf.yield %res#0 : tensor<256xf32>
  } else {
    scf.yield %one : tensor<256xf32>
  }
  %r = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
  %pp = tile.addptr %ps, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  tile.store %pp, %sel : tensor<256x!tile.ptr<f32>>
  tile.return
}

// -----

// A reshape that splits a dimension each thread holds entirely, and the
// splits after it, rename registers: x2 - x1 and y2 / y1 of each box are
// elements 2 - 0 and 3 / 1 of its 16-byte load. No shared memory.
// CHECK-LABEL: gpu.func @boxes
// CHECK-NOT: llvm.mlir.addressof @global_smem
// CHECK: %[[V:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK-DAG: %[[E0:.*]] = llvm.extractelement %[[V]][%c0_i32 : i32]
// CHECK-DAG: %[[E1:.*]] = llvm.extractelement %[[V]][%c1_i32 : i32]
// CHECK-DAG: %[[E2:.*]] = llvm.extractelement %[[V]][%c2_i32 : i32]
// CHECK-DAG: %[[E3:.*]] = llvm.extractelement %[[V]][%c3_i32 : i32]
// CHECK: %[[W:.*]] = arith.subf %[[E2]], %[[E0]] fastmath<contract> : f32
// CHECK: %[[H:.*]] = arith.divf %[[E3]], %[[E1]] : f32
// CHECK: arith.mulf %[[W]], %[[H]] fastmath<contract> : f32
// CHECK-NOT: llvm.mlir.addressof @global_smem
// CHECK: gpu.return
#box = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#box3 = #tilegpu.blocked<{sizePerThread = [1, 2, 2], threadsPerWarp = [32, 1, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#pair = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
tile.func public @boxes(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %q: !tile.ptr<f32>) {
  %rows = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #tilegpu.slice<{dim = 1, parent = #box}>>
  %four = arith.constant dense<4> : tensor<128xi32, #tilegpu.slice<{dim = 1, parent = #box}>>
  %r4 = arith.muli %rows, %four : tensor<128xi32, #tilegpu.slice<{dim = 1, parent = #box}>>
  %re = tile.expand_dims %r4 {axis = 1 : i32} : tensor<128xi32, #tilegpu.slice<{dim = 1, parent = #box}>> -> tensor<128x1xi32, #box>
  %rb = tile.broadcast %re : tensor<128x1xi32, #box> -> tensor<128x4xi32, #box>
  %cols = tile.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #tilegpu.slice<{dim = 0, parent = #box}>>
  %ce = tile.expand_dims %cols {axis = 0 : i32} : tensor<4xi32, #tilegpu.slice<{dim = 0, parent = #box}>> -> tensor<1x4xi32, #box>
  %cb = tile.broadcast %ce : tensor<1x4xi32, #box> -> tensor<128x4xi32, #box>
  %off = arith.addi %rb, %cb : tensor<128x4xi32, #box>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<128x4x!tile.ptr<f32>, #box>
  %ptrs = tile.addptr %ps, %off : tensor<128x4x!tile.ptr<f32>, #box>, tensor<128x4xi32, #box>
  %v = tile.load %ptrs : tensor<128x4x!tile.ptr<f32>, #box>
  %r = tile.reshape %v : tensor<128x4xf32, #box> -> tensor<128x2x2xf32, #box3>
  %xs, %ys = tile.split %r : tensor<128x2x2xf32, #box3> -> tensor<128x2xf32, #pair>
  %x1, %x2 = tile.split %xs : tensor<128x2xf32, #pair> -> tensor<128xf32, #b1>
  %y1, %y2 = tile.split %ys : tensor<128x2xf32, #pair> -> tensor<128xf32, #b1>
  %w = arith.subf %x2, %x1 : tensor<128xf32, #b1>
  %h = arith.divf %y2, %y1 : tensor<128xf32, #b1>
  %a = arith.mulf %w, %h : tensor<128xf32, #b1>
  %out = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b1>
  %qs = tile.splat %q : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #b1>
  %qp = tile.addptr %qs, %out : tensor<128x!tile.ptr<f32>, #b1>, tensor<128xi32, #b1>
  tile.store %qp, %a : tensor<128x!tile.ptr<f32>, #b1>
  tile.return
}
}

// -----

// Rounding toward zero is PTX's cvt.rz (LLVM rounds only to nearest); f64
// to f16 goes through f32, truncating both times. fp8 elements are bytes:
// a splat fp8 constant is its bit pattern.
// CHECK-LABEL: gpu.func @round_toward_zero
// CHECK: %[[ONE:.*]] = arith.constant 56 : i8
// CHECK: llvm.inline_asm asm_dialect = att "cvt.rz.f16.f32 $0, $1;", "=h,r" %{{.*}} : (f32) -> f16
// CHECK: llvm.inline_asm asm_dialect = att "cvt.rz.bf16.f32 $0, $1;", "=h,r" %{{.*}} : (f32) -> bf16
// CHECK: llvm.inline_asm asm_dialect = att "cvt.rz.f32.f64 $0, $1;", "=r,d" %{{.*}} : (f64) -> f32
// CHECK-NEXT: llvm.inline_asm asm_dialect = att "cvt.rz.f16.f32 $0, $1;", "=h,r" %{{.*}} : (f32) -> f16
// CHECK: llvm.store %[[ONE]], %{{.*}} : i8, !llvm.ptr<1>
// CHECK: llvm.inline_asm asm_dialect = att "cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h" %{{.*}} : (i16) -> i32
tile.func public @round_toward_zero(%x: f32, %d: f64, %p: !tile.ptr<f16>, %q: !tile.ptr<bf16>, %r: !tile.ptr<f16>, %e: !tile.ptr<f8E4M3FN>, %f: f8E4M3FN) {
  %h = tile.fp_to_fp %x, rounding = rtz : f32 -> f16
  tile.store %p, %h : !tile.ptr<f16>
  %b = tile.fp_to_fp %x, rounding = rtz : f32 -> bf16
  tile.store %q, %b : !tile.ptr<bf16>
  %dh = tile.fp_to_fp %d, rounding = rtz : f64 -> f16
  tile.store %p, %dh : !tile.ptr<f16>
  %one = arith.constant dense<1.0> : tensor<128xf8E4M3FN>
  %offs = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %es = tile.splat %e : !tile.ptr<f8E4M3FN> -> tensor<128x!tile.ptr<f8E4M3FN>>
  %ep = tile.addptr %es, %offs : tensor<128x!tile.ptr<f8E4M3FN>>, tensor<128xi32>
  tile.store %ep, %one : tensor<128x!tile.ptr<f8E4M3FN>>
  %fs = tile.splat %f : f8E4M3FN -> tensor<128xf8E4M3FN>
  %wide = tile.fp_to_fp %fs : tensor<128xf8E4M3FN> -> tensor<128xf16>
  %rs = tile.splat %r : !tile.ptr<f16> -> tensor<128x!tile.ptr<f16>>
  %rp = tile.addptr %rs, %offs : tensor<128x!tile.ptr<f16>>, tensor<128xi32>
  tile.store %rp, %wide : tensor<128x!tile.ptr<f16>>
  tile.return
}
