// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What convert-tile-to-nvvm does not lower fails with a located error.
// RUN: tile-opt %s -convert-tile-to-nvvm -split-input-file -verify-diagnostics

// expected-error @below {{convert-tile-to-nvvm needs the distributed level (tilegpu.num-warps): run tile-assign-layouts first}}
module {
  tile.func public @k() {
    tile.return
  }
}

// -----

#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 64, 16]}>
module attributes {"tilegpu.num-warps" = 8 : i32} {
  tile.func public @mma(%x: f16) {
    // wgmma reads its operands from shared memory (or A from an
    // accumulator layout): no register layout of an operand of its own.
    // expected-error @below {{uses layout #tilegpu.dot_op<{opIdx = 0, parent = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 64, 16]}>, kWidth = 2}>, which convert-tile-to-nvvm does not lower yet}}
    %s = tile.splat %x : f16 -> tensor<64x64xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tile.return
  }
}

// -----

module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @no_layout(%x: f32) {
    // expected-error @below {{has a tensor without a layout: run tile-assign-layouts first}}
    %s = tile.splat %x : f32 -> tensor<128xf32>
    tile.return
  }
}

// -----

module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func private @device(%x: f32) -> f32 {
    tile.return %x : f32
  }
  tile.func public @caller(%x: f32) {
    // expected-error @below {{calls must be inlined before convert-tile-to-nvvm}}
    %y = tile.call @device(%x) : (f32) -> f32
    tile.return
  }
}

// -----

module attributes {"tilegpu.num-warps" = 4 : i32} {
  // expected-error @below {{is a kernel (public) and cannot return values}}
  tile.func public @returns(%x: f32) -> f32 {
    tile.return %x : f32
  }
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @no_offset(%f: f32) {
    %x = tile.splat %f : f32 -> tensor<128xf32, #blocked>
    // expected-error @below {{has no shared-memory offset: run tile-allocate-shared-memory first}}
    %b = tilegpu.local_alloc %x : (tensor<128xf32, #blocked>) -> !tilegpu.buffer<128xf32, #shared>
    tile.return
  }
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @rtz(%f: f32) {
    %x = tile.splat %f : f32 -> tensor<128xf32, #blocked>
    // expected-error @below {{rounds toward zero into fp8, which PTX has no conversion for (Triton has none on sm_90 either)}}
    %h = tile.fp_to_fp %x, rounding = rtz : tensor<128xf32, #blocked> -> tensor<128xf8E4M3FN, #blocked>
    tile.return
  }
}

// -----

module attributes {"tilegpu.num-warps" = 4 : i32} {
  // expected-error @below {{kernel arguments must be pointers, scalars or tensor descriptors, got 'tensor<128xf32>'}}
  tile.func public @tensor_arg(%x: tensor<128xf32>) {
    tile.return
  }
}

// -----

#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @mma_f32(%x: f32) {
    %a = tile.splat %x : f32 -> tensor<32x16xf32, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %b = tile.splat %x : f32 -> tensor<16x16xf32, #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %c = tile.splat %x : f32 -> tensor<32x16xf32, #mma>
    // expected-error @below {{f32 operands use tensor cores only with inputPrecision = tf32 or tf32x3}}
    %d = tile.dot %a, %b, %c : tensor<32x16xf32, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x16xf32, #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x16xf32, #mma>
    tile.return
  }
}

// -----

#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @mma_tf32_pairs(%x: f32) {
    %a = tile.splat %x : f32 -> tensor<32x16xf32, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %b = tile.splat %x : f32 -> tensor<16x16xf32, #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %c = tile.splat %x : f32 -> tensor<32x16xf32, #mma>
    // expected-error @below {{mma.sync takes tf32 operands in dot_op layouts of kWidth 1}}
    %d = tile.dot %a, %b, %c, inputPrecision = tf32 : tensor<32x16xf32, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x16xf32, #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x16xf32, #mma>
    tile.return
  }
}

// -----

#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @mma_f16_singles(%x: f16, %y: f32) {
    %a = tile.splat %x : f16 -> tensor<32x16xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    %b = tile.splat %x : f16 -> tensor<16x16xf16, #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
    %c = tile.splat %y : f32 -> tensor<32x16xf32, #mma>
    // expected-error @below {{mma.sync takes 16-bit operands in dot_op layouts of kWidth 2}}
    %d = tile.dot %a, %b, %c : tensor<32x16xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x16xf16, #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x16xf32, #mma>
    tile.return
  }
}

// -----

#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @mma_tf32_k4(%x: f32) {
    %a = tile.splat %x : f32 -> tensor<32x4xf32, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    %b = tile.splat %x : f32 -> tensor<4x16xf32, #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
    %c = tile.splat %x : f32 -> tensor<32x16xf32, #mma>
    // expected-error @below {{mma.sync needs K to be a multiple of 8 for tf32}}
    %d = tile.dot %a, %b, %c, inputPrecision = tf32x3 : tensor<32x4xf32, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<4x16xf32, #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x16xf32, #mma>
    tile.return
  }
}

// -----

#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @mma_i8_k16(%x: i8, %y: i32) {
    %a = tile.splat %x : i8 -> tensor<32x16xi8, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %b = tile.splat %x : i8 -> tensor<16x16xi8, #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    %c = tile.splat %y : i32 -> tensor<32x16xi32, #mma>
    // expected-error @below {{mma.sync needs K to be a multiple of 32 for i8}}
    %d = tile.dot %a, %b, %c : tensor<32x16xi8, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<16x16xi8, #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x16xi32, #mma>
    tile.return
  }
}

// -----

#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @mma_i8_pairs(%x: i8, %y: i32) {
    %a = tile.splat %x : i8 -> tensor<32x32xi8, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %b = tile.splat %x : i8 -> tensor<32x16xi8, #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %c = tile.splat %y : i32 -> tensor<32x16xi32, #mma>
    // expected-error @below {{mma.sync takes i8 operands in dot_op layouts of kWidth 4}}
    %d = tile.dot %a, %b, %c : tensor<32x32xi8, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x16xi8, #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x16xi32, #mma>
    tile.return
  }
}

// -----

#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @mma_k8(%x: f16, %y: f32) {
    %a = tile.splat %x : f16 -> tensor<32x8xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %b = tile.splat %x : f16 -> tensor<8x16xf16, #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %c = tile.splat %y : f32 -> tensor<32x16xf32, #mma>
    // expected-error @below {{mma.sync needs K to be a multiple of 16}}
    %d = tile.dot %a, %b, %c : tensor<32x8xf16, #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<8x16xf16, #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x16xf32, #mma>
    tile.return
  }
}

// -----

// A 0-bit integer argument (found by fuzzing: LLVM aborted on it) and other
// integer widths beyond the lowering.
module attributes {"tilegpu.num-warps" = 4 : i32} {
  // expected-error @below {{'tile.func' op uses 0-bit integers; convert-tile-to-nvvm lowers 1 to 64 bits}}
  tile.func public @zero_bits(%c: i0) {
    tile.return
  }
}

// -----

module attributes {"tilegpu.num-warps" = 4 : i32} {
  // expected-error @below {{'tile.func' op uses 128-bit integers}}
  tile.func public @wide(%p: !tile.ptr<i128>) {
    // expected-error @below {{'tile.load' op uses 128-bit integers; convert-tile-to-nvvm lowers 1 to 64 bits}}
    %x = tile.load %p : !tile.ptr<i128>
    tile.return
  }
}

// -----

// Scalar 8-bit floats too, not only tensors of them.
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @fp8_scalar(%p: !tile.ptr<f8E4M3FN>) {
    %x = tile.load %p : !tile.ptr<f8E4M3FN>
    // expected-error @below {{'arith.cmpf' op computes with 8-bit floats: convert them with tile.fp_to_fp first}}
    %c = arith.cmpf olt, %x, %x : f8E4M3FN
    tile.return
  }
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90"} {
  tile.func public @descriptor_load_left(%d: !tile.tensordesc<64x64xf16>, %i: i32) {
    // expected-error @below {{'tile.descriptor_load' op must become TMA copies first: run tile-lower-descriptors}}
    %t = tile.descriptor_load %d[%i, %i] : !tile.tensordesc<64x64xf16> -> tensor<64x64xf16, #blocked>
    tile.return
  }
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90"} {
  tile.func public @descriptor_store_left(%d: !tile.tensordesc<64x64xf16>, %i: i32, %x: f16) {
    %t = tile.splat %x : f16 -> tensor<64x64xf16, #blocked>
    // expected-error @below {{'tile.descriptor_store' op must become TMA copies first: run tile-lower-descriptors}}
    tile.descriptor_store %d[%i, %i], %t : !tile.tensordesc<64x64xf16>, tensor<64x64xf16, #blocked>
    tile.return
  }
}

// -----

// One tensor map, one box: a descriptor stored through per warpgroup
// serves no whole-block copy.
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
tile.func public @chunks_and_block(%d: !tile.tensordesc<64x64xf16>, %i: i32, %x: f16) {
  %v = tile.splat %x : f16 -> tensor<64x64xf16, #mma>
  %buf = tilegpu.local_alloc {tilegpu.offset = 0 : i32} : () -> !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  // expected-error @below {{copies boxes of 64x32 through a descriptor that 'tilenv.async_tma_store' also uses (one tensor map, one box)}}
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<64x64xf16>, tensor<64x64xf16, #mma>, !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  %whole = tilegpu.local_alloc {tilegpu.offset = 8192 : i32} : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilenv.async_tma_store %d[%i, %i], %whole : !tile.tensordesc<64x64xf16>, !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilenv.async_tma_store_wait {pendings = 0 : i32}
  tile.return
}
}

// -----

// ...nor two box shapes.
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#nvmma32 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
tile.func public @two_boxes(%d: !tile.tensordesc<64x64xf16>, %i: i32, %x: f16) {
  %v = tile.splat %x : f16 -> tensor<64x64xf16, #mma>
  %buf = tilegpu.local_alloc {tilegpu.offset = 0 : i32} : () -> !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  // expected-error @below {{copies boxes of 64x32 through a descriptor that 'tilenv.warpgroup_tma_store' also uses with other boxes}}
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<64x64xf16>, tensor<64x64xf16, #mma>, !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  %buf2 = tilegpu.local_alloc {tilegpu.offset = 8192 : i32} : () -> !tilegpu.buffer<2x64x16xf16, #nvmma32, mutable>
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf2 : !tile.tensordesc<64x64xf16>, tensor<64x64xf16, #mma>, !tilegpu.buffer<2x64x16xf16, #nvmma32, mutable>
  tilenv.async_tma_store_wait {pendings = 0 : i32}
  tile.return
}
}

// -----

// The box is the kernel parameter's tensor map's: a descriptor chosen at
// run time has none to give.
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a"} {
tile.func public @selected(%d: !tile.tensordesc<64x64xf16>, %e: !tile.tensordesc<64x64xf16>, %c: i1, %i: i32, %x: f16) {
  %v = tile.splat %x : f16 -> tensor<64x64xf16, #mma>
  %s = arith.select %c, %d, %e : !tile.tensordesc<64x64xf16>
  %buf = tilegpu.local_alloc {tilegpu.offset = 0 : i32} : () -> !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  // expected-error @below {{needs a descriptor that is a kernel parameter, whose tensor map can have its chunks as boxes}}
  tilenv.warpgroup_tma_store %s[%i, %i], %v, %buf : !tile.tensordesc<64x64xf16>, tensor<64x64xf16, #mma>, !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  tilenv.async_tma_store_wait {pendings = 0 : i32}
  tile.return
}
}

// -----

// mma.sync's rows: lanes 0-7, then the thread's repetition (rows 8-15),
// then the next warp; the scan would take the repetition after every warp.
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @scan_mma_rows(%x: f32) {
    %s = tile.splat %x : f32 -> tensor<32x16xf32, #mma>
    // expected-error @below {{scans along a dimension whose warps interleave a thread's repetitions (mma layouts); convert to a blocked layout first}}
    %c = "tile.scan"(%s) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tile.scan.return %t : f32
    }) : (tensor<32x16xf32, #mma>) -> tensor<32x16xf32, #mma>
    tile.return
  }
}

// -----

// A vector width written on a load must be a run of a thread's consecutive
// elements: here each thread holds one element.
#one = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
  tile.func public @wide(%p: !tile.ptr<f32>) {
    %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #one>
    %s = tile.splat %p : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #one>
    %a = tile.addptr %s, %r : tensor<128x!tile.ptr<f32>, #one>, tensor<128xi32, #one>
    // expected-error @below {{has tilegpu.vector_width 4, which is not a power-of-two run of a thread's consecutive elements of at most 16 bytes}}
    %v = tile.load %a {tilegpu.vector_width = 4 : i32} : tensor<128x!tile.ptr<f32>, #one>
    tile.return
  }
}

// -----

// A module marked planned is lowered as planned: a chunked store whose
// descriptor has no box recorded would give the host the wrong tensor map.
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
module attributes {"tilegpu.num-warps" = 4 : i32, tilegpu.target = "sm_90a", tilegpu.planned} {
tile.func public @unplanned_box(%d: !tile.tensordesc<64x64xf16>, %i: i32, %x: f16) {
  %v = tile.splat %x : f16 -> tensor<64x64xf16, #mma>
  %buf = tilegpu.local_alloc {tilegpu.offset = 0 : i32} : () -> !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  // expected-error @below {{copies through a descriptor without its boxes planned ('tilenv.tensormap_box'): run tile-plan-lowering}}
  tilenv.warpgroup_tma_store %d[%i, %i], %v, %buf : !tile.tensordesc<64x64xf16>, tensor<64x64xf16, #mma>, !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
  tilenv.async_tma_store_wait {pendings = 0 : i32}
  tile.return
}
}

// -----

// A tensor map written in the kernel needs tensormap.replace (sm_90a).
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.threads-per-warp" = 32 : i32, tilegpu.target = "sm_90"} {
tile.func public @plain(%x: !tile.ptr<f32>, %m: i32, %ld: i64, %s: !tile.ptr<i8> {tilenv.global_scratch = 128 : i64}) {
  %c1 = arith.constant 1 : i64
  // expected-error @below {{needs an sm_90a target and PTX 8.3 (tensormap.replace), but the module's target is 'sm_90' and PTX 8.3}}
  %d = tilenv.make_tensor_map %s, %x, [%m, %m], [%ld, %c1] {tilegpu.offset = 0 : i32} : !tile.ptr<i8>, !tile.ptr<f32> -> !tile.tensordesc<32x32xf32>
  tile.return
}
}
