// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Round trip of the distributed level: layouts, buffers and their ops.
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

#blocked = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#slice = #tilegpu.slice<{dim = 1, parent = #blocked}>
#mma = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#wgmma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>
#b = #tilegpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>
#fa = #tilegpu.dot_op<{opIdx = 0, parent = #blocked}>
#fb = #tilegpu.dot_op<{opIdx = 1, parent = #blocked}>
#shared = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared_t = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma_t = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>

// CHECK-DAG: #[[BLOCKED:.*]] = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #tilegpu.slice<{dim = 1, parent = #[[BLOCKED]]}>
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
// CHECK-DAG: #tilegpu.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 8}>
// CHECK-DAG: #tilegpu.dot_op<{opIdx = 1, parent = #[[BLOCKED]]}>
// CHECK-DAG: #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-DAG: #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>

module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.threads-per-warp" = 32 : i32, "tilegpu.target" = "sm_90"} {
  // CHECK-LABEL: tile.func public @buffers
  tile.func public @buffers(%t: tensor<64x64xf16, #blocked>, %ptrs: tensor<64x64x!tile.ptr<f16>, #blocked>,
                            %m: tensor<64x64xi1, #blocked>, %i: i32) -> tensor<64x64xf16, #blocked> {
    // CHECK: tilegpu.local_alloc : () -> !tilegpu.buffer<3x64x64xf16, #{{.*}}, mutable>
    %bufs = tilegpu.local_alloc : () -> !tilegpu.buffer<3x64x64xf16, #shared, mutable>
    // CHECK: tilegpu.buffer_index %{{.*}}[%{{.*}}] : !tilegpu.buffer<3x64x64xf16, #{{.*}}, mutable> -> !tilegpu.buffer<64x64xf16, #{{.*}}, mutable>
    %buf = tilegpu.buffer_index %bufs[%i] : !tilegpu.buffer<3x64x64xf16, #shared, mutable> -> !tilegpu.buffer<64x64xf16, #shared, mutable>
    // CHECK: tilegpu.local_store %{{.*}}, %{{.*}} : tensor<64x64xf16, #{{.*}}> -> !tilegpu.buffer<64x64xf16, #{{.*}}, mutable>
    tilegpu.local_store %t, %buf : tensor<64x64xf16, #blocked> -> !tilegpu.buffer<64x64xf16, #shared, mutable>
    // CHECK: tilegpu.async_copy_global_to_local %{{.*}}, %{{.*}} mask %{{.*}} cacheModifier = cg : tensor<64x64x!tile.ptr<f16>, #{{.*}}> -> !tilegpu.buffer<64x64xf16, #{{.*}}, mutable>
    %tok = tilegpu.async_copy_global_to_local %ptrs, %buf mask %m cacheModifier = cg : tensor<64x64x!tile.ptr<f16>, #blocked> -> !tilegpu.buffer<64x64xf16, #shared, mutable>
    // CHECK: tilegpu.async_commit_group tokens %{{.*}}
    %grp = tilegpu.async_commit_group tokens %tok
    // CHECK: tilegpu.async_wait %{{.*}} {num = 0 : i32}
    %w = tilegpu.async_wait %grp {num = 0 : i32}
    // CHECK: tilegpu.async_commit_group{{$}}
    %empty = tilegpu.async_commit_group
    // CHECK: tilegpu.buffer_trans %{{.*}} {order = array<i32: 1, 0>} : !tilegpu.buffer<64x64xf16, #{{.*}}, mutable> -> !tilegpu.buffer<64x64xf16, #{{.*}}, mutable>
    %tr = tilegpu.buffer_trans %buf {order = array<i32: 1, 0>} : !tilegpu.buffer<64x64xf16, #shared, mutable> -> !tilegpu.buffer<64x64xf16, #shared_t, mutable>
    // CHECK: tilegpu.local_load %{{.*}} : !tilegpu.buffer<64x64xf16, #{{.*}}, mutable> -> tensor<64x64xf16, #{{.*}}>
    %l = tilegpu.local_load %tr : !tilegpu.buffer<64x64xf16, #shared_t, mutable> -> tensor<64x64xf16, #blocked>
    // A window of the buffer: one K step of a dot operand.
    // CHECK: tilegpu.local_load %{{.*}} at [0, 16] : !tilegpu.buffer<64x64xf16, #{{.*}}, mutable> -> tensor<64x16xf16, #{{.*}}>
    %win = tilegpu.local_load %buf at [0, 16] : !tilegpu.buffer<64x64xf16, #shared, mutable> -> tensor<64x16xf16, #a>
    // CHECK: tilegpu.local_alloc %{{.*}} : (tensor<64x64xf16, #{{.*}}>) -> !tilegpu.buffer<64x64xf16, #{{.*}}>
    %c = tilegpu.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
    %ct = tilegpu.buffer_trans %c {order = array<i32: 1, 0>} : !tilegpu.buffer<64x64xf16, #nvmma> -> !tilegpu.buffer<64x64xf16, #nvmma_t>
    // A store of a value in another layout than its pointers' (the
    // lowering converts it): the value's type follows the pointers'.
    // CHECK: tile.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x64x!tile.ptr<f16>, #[[BLOCKED]]>, tensor<64x64xf16, #[[MMA]]>
    %v = tilegpu.convert_layout %t : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #mma>
    tile.store %ptrs, %v, %m : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xf16, #mma>
    // CHECK: tile.store %{{.*}}, %{{.*}} : tensor<64x64x!tile.ptr<f16>, #[[BLOCKED]]>{{$}}
    tile.store %ptrs, %t : tensor<64x64x!tile.ptr<f16>, #blocked>, tensor<64x64xf16, #blocked>
    // CHECK: tilegpu.local_dealloc %{{.*}} : !tilegpu.buffer<3x64x64xf16, #{{.*}}, mutable>
    tilegpu.local_dealloc %bufs : !tilegpu.buffer<3x64x64xf16, #shared, mutable>
    tile.return %l : tensor<64x64xf16, #blocked>
  }

  // CHECK-LABEL: tile.func public @layouts
  tile.func public @layouts(%x: tensor<64x64xf32, #blocked>, %a: tensor<64x32xf16, #a>, %b: tensor<32x64xf16, #b>,
                            %c: tensor<64x64xf32, #mma>, %fa: tensor<64x16xf32, #fa>, %fb: tensor<16x64xf32, #fb>) {
    // A reduction's result takes the slice of its operand's layout.
    // CHECK: "tile.reduce"
    // CHECK: (tensor<64x64xf32, #{{.*}}>) -> tensor<64xf32, #{{.*}}>
    %r = "tile.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%p: f32, %q: f32):
      %s = arith.addf %p, %q : f32
      tile.reduce.return %s : f32
    }) : (tensor<64x64xf32, #blocked>) -> tensor<64xf32, #slice>
    // CHECK: tile.expand_dims %{{.*}} {axis = 1 : i32} : tensor<64xf32, #{{.*}}> -> tensor<64x1xf32, #{{.*}}>
    %e = tile.expand_dims %r {axis = 1 : i32} : tensor<64xf32, #slice> -> tensor<64x1xf32, #blocked>
    // CHECK: tile.broadcast %{{.*}} : tensor<64x1xf32, #{{.*}}> -> tensor<64x64xf32, #{{.*}}>
    %bc = tile.broadcast %e : tensor<64x1xf32, #blocked> -> tensor<64x64xf32, #blocked>
    // CHECK: tilegpu.convert_layout %{{.*}} : tensor<64x64xf32, #{{.*}}> -> tensor<64x64xf32, #{{.*}}>
    %cv = tilegpu.convert_layout %bc : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #mma>
    // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xf16, #{{.*}}> * tensor<32x64xf16, #{{.*}}> -> tensor<64x64xf32, #{{.*}}>
    %d = tile.dot %a, %b, %cv : tensor<64x32xf16, #a> * tensor<32x64xf16, #b> -> tensor<64x64xf32, #mma>
    // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x16xf32, #{{.*}}> * tensor<16x64xf32, #{{.*}}> -> tensor<64x64xf32, #{{.*}}>
    %f = tile.dot %fa, %fb, %x : tensor<64x16xf32, #fa> * tensor<16x64xf32, #fb> -> tensor<64x64xf32, #blocked>
    tile.return
  }

  // CHECK-LABEL: tile.func public @wgmma_accumulator
  // CHECK-SAME: tensor<64x128xf32, #{{.*}}>
  tile.func public @wgmma_accumulator(%acc: tensor<64x128xf32, #wgmma>, %v: tensor<256xf32, #blocked1>) {
    tile.return
  }

  // CHECK-LABEL: tile.func public @warpgroup_dot
  // CHECK: %{{.*}} = tilenv.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} : !tilegpu.buffer<64x64xf16, #{{.*}}>, !tilegpu.buffer<64x128xf16, #{{.*}}, mutable> -> tensor<64x128xf32, #{{.*}}>
  // CHECK: %{{.*}} = tilenv.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} accumulate if %{{.*}} {isAsync} : !tilegpu.buffer<64x64xf16, #{{.*}}>, !tilegpu.buffer<64x128xf16, #{{.*}}, mutable> -> tensor<64x128xf32, #{{.*}}>
  tile.func public @warpgroup_dot(%a: !tilegpu.buffer<64x64xf16, #nvmma>, %b: !tilegpu.buffer<64x128xf16, #nvmma, mutable>,
                                  %c: tensor<64x128xf32, #wgmma>, %flag: i1) {
    %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x128xf16, #nvmma, mutable> -> tensor<64x128xf32, #wgmma>
    %e = tilenv.warpgroup_dot %a, %b, %d accumulate if %flag {isAsync} : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x128xf16, #nvmma, mutable> -> tensor<64x128xf32, #wgmma>
    tile.return
  }

  // A 16-bit a may be a tensor in registers: the accumulator layout of a
  // dot with the same warps whose N is a's K.
  // CHECK-LABEL: tile.func public @warpgroup_dot_register_a
  // CHECK: tilenv.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x64xf16, #{{.*}}>, !tilegpu.buffer<64x128xf16, #{{.*}}, mutable> -> tensor<64x128xf32, #{{.*}}>
  tile.func public @warpgroup_dot_register_a(%a: tensor<64x64xf16, #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>,
      %b: !tilegpu.buffer<64x128xf16, #nvmma, mutable>, %c: tensor<64x128xf32, #wgmma>) {
    %d = tilenv.warpgroup_dot %a, %b, %c : tensor<64x64xf16, #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>, !tilegpu.buffer<64x128xf16, #nvmma, mutable> -> tensor<64x128xf32, #wgmma>
    tile.return
  }

  // A 16-bit b may also be K-contiguous (transposed).
  // CHECK-LABEL: tile.func public @warpgroup_dot_k_major_b
  // CHECK: tilenv.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} : !tilegpu.buffer<64x64xf16, #{{.*}}>, !tilegpu.buffer<64x128xf16, #{{.*}}> -> tensor<64x128xf32, #{{.*}}>
  tile.func public @warpgroup_dot_k_major_b(%a: !tilegpu.buffer<64x64xf16, #nvmma>,
      %b: !tilegpu.buffer<64x128xf16, #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>>,
      %c: tensor<64x128xf32, #wgmma>) {
    %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x128xf16, #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>> -> tensor<64x128xf32, #wgmma>
    tile.return
  }

  // The wait for asynchronous warpgroup dots: one accumulator, and two.
  // CHECK-LABEL: tile.func public @warpgroup_dot_wait
  // CHECK: %{{.*}} = tilenv.warpgroup_dot_wait %{{.*}} {pendings = 1 : i32} : tensor<64x128xf32, #{{.*}}> -> tensor<64x128xf32, #{{.*}}>
  // CHECK: %{{.*}}:2 = tilenv.warpgroup_dot_wait %{{.*}}, %{{.*}} {pendings = 0 : i32} : tensor<64x128xf32, #{{.*}}>, tensor<64x128xf32, #{{.*}}> -> tensor<64x128xf32, #{{.*}}>, tensor<64x128xf32, #{{.*}}>
  tile.func public @warpgroup_dot_wait(%c: tensor<64x128xf32, #wgmma>, %d: tensor<64x128xf32, #wgmma>) {
    %e = tilenv.warpgroup_dot_wait %c {pendings = 1 : i32} : tensor<64x128xf32, #wgmma> -> tensor<64x128xf32, #wgmma>
    %f:2 = tilenv.warpgroup_dot_wait %e, %d {pendings = 0 : i32} : tensor<64x128xf32, #wgmma>, tensor<64x128xf32, #wgmma> -> tensor<64x128xf32, #wgmma>, tensor<64x128xf32, #wgmma>
    tile.return
  }

  // f32 operands, multiplied as tf32: b K-contiguous (transposed).
  // CHECK-LABEL: tile.func public @warpgroup_dot_tf32
  // CHECK: tilenv.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} : !tilegpu.buffer<64x32xf32, #{{.*}}>, !tilegpu.buffer<32x128xf32, #{{.*}}> -> tensor<64x128xf32, #{{.*}}>
  tile.func public @warpgroup_dot_tf32(
      %a: !tilegpu.buffer<64x32xf32, #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>>,
      %b: !tilegpu.buffer<32x128xf32, #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>>,
      %c: tensor<64x128xf32, #wgmma>) {
    %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x32xf32, #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>>, !tilegpu.buffer<32x128xf32, #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>> -> tensor<64x128xf32, #wgmma>
    tile.return
  }

  // i8 operands, i32 accumulators: b K-contiguous (transposed).
  // CHECK-LABEL: tile.func public @warpgroup_dot_i8
  // CHECK: tilenv.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} : !tilegpu.buffer<64x64xi8, #{{.*}}>, !tilegpu.buffer<64x128xi8, #{{.*}}> -> tensor<64x128xi32, #{{.*}}>
  tile.func public @warpgroup_dot_i8(
      %a: !tilegpu.buffer<64x64xi8, #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>>,
      %b: !tilegpu.buffer<64x128xi8, #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>>,
      %c: tensor<64x128xi32, #wgmma>) {
    %d = tilenv.warpgroup_dot %a, %b, %c : !tilegpu.buffer<64x64xi8, #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>>, !tilegpu.buffer<64x128xi8, #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>> -> tensor<64x128xi32, #wgmma>
    tile.return
  }

  // mbarriers and TMA copies.
  // CHECK-LABEL: tile.func public @tma
  // CHECK: tilenv.init_barrier %[[BAR:.*]], 1 : !tilegpu.buffer<1xi64, #{{.*}}, mutable>
  // CHECK: tilenv.barrier_expect %[[BAR]], 16384, %{{.*}} : !tilegpu.buffer<1xi64, #{{.*}}, mutable>
  // CHECK: tilenv.async_tma_copy %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %[[BAR]], %{{.*}} : !tile.tensordesc<128x64xf16>, !tilegpu.buffer<128x64xf16, #{{.*}}, mutable>, !tilegpu.buffer<1xi64, #{{.*}}, mutable>
  // CHECK: tilenv.wait_barrier %[[BAR]], %{{.*}} : !tilegpu.buffer<1xi64, #{{.*}}, mutable>
  // CHECK: tilenv.inval_barrier %[[BAR]] : !tilegpu.buffer<1xi64, #{{.*}}, mutable>
  tile.func public @tma(%desc: !tile.tensordesc<128x64xf16>, %i: i32, %j: i32, %p: i1) {
    %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<128x64xf16, #nvmma, mutable>
    %bar = tilegpu.local_alloc : () -> !tilegpu.buffer<1xi64, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, mutable>
    tilenv.init_barrier %bar, 1 : !tilegpu.buffer<1xi64, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, mutable>
    tilenv.barrier_expect %bar, 16384, %p : !tilegpu.buffer<1xi64, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, mutable>
    tilenv.async_tma_copy %desc[%i, %j], %buf, %bar, %p : !tile.tensordesc<128x64xf16>, !tilegpu.buffer<128x64xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, mutable>
    tilenv.wait_barrier %bar, %i : !tilegpu.buffer<1xi64, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, mutable>
    tilenv.inval_barrier %bar : !tilegpu.buffer<1xi64, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, mutable>
    tile.return
  }

  // A producer thread and the kernel's warps, meeting on mbarriers.
  // CHECK-LABEL: tile.func public @warp_specialize
  // CHECK: tilenv.warp_specialize producer {
  // CHECK-NEXT: tilenv.wait_barrier %[[EMPTY:.*]], %{{.*}} : !tilegpu.buffer<1xi64, #{{.*}}, mutable>
  // CHECK-NEXT: tilenv.barrier_expect %[[FULL:.*]], 16384, %{{.*}} : !tilegpu.buffer<1xi64, #{{.*}}, mutable>
  // CHECK-NEXT: tilenv.async_tma_copy
  // CHECK-NEXT: } default {
  // CHECK-NEXT: tilenv.wait_barrier %[[FULL]], %{{.*}} : !tilegpu.buffer<1xi64, #{{.*}}, mutable>
  // CHECK-NEXT: tilegpu.local_load
  // CHECK-NEXT: tilenv.arrive_barrier %[[EMPTY]], %{{.*}} : !tilegpu.buffer<1xi64, #{{.*}}, mutable>
  // CHECK-NEXT: }
  // CHECK-NEXT: tile.return
  tile.func public @warp_specialize(%desc: !tile.tensordesc<128x64xf16>, %i: i32, %p: i1) {
    %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<128x64xf16, #nvmma, mutable>
    %full = tilegpu.local_alloc : () -> !tilegpu.buffer<1xi64, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, mutable>
    %empty = tilegpu.local_alloc : () -> !tilegpu.buffer<1xi64, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, mutable>
    tilenv.init_barrier %full, 1 : !tilegpu.buffer<1xi64, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, mutable>
    tilenv.init_barrier %empty, 4 : !tilegpu.buffer<1xi64, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, mutable>
    gpu.barrier
    tilenv.warp_specialize producer {
      tilenv.wait_barrier %empty, %i : !tilegpu.buffer<1xi64, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, mutable>
      tilenv.barrier_expect %full, 16384, %p : !tilegpu.buffer<1xi64, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, mutable>
      tilenv.async_tma_copy %desc[%i, %i], %buf, %full, %p : !tile.tensordesc<128x64xf16>, !tilegpu.buffer<128x64xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, mutable>
    } default {
      tilenv.wait_barrier %full, %i : !tilegpu.buffer<1xi64, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, mutable>
      %v = tilegpu.local_load %buf : !tilegpu.buffer<128x64xf16, #nvmma, mutable> -> tensor<128x64xf16, #blocked>
      tilenv.arrive_barrier %empty, %p : !tilegpu.buffer<1xi64, #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, mutable>
    }
    tile.return
  }

  // TMA stores and the wait for them to have read their buffers.
  // CHECK-LABEL: tile.func public @tma_store
  // CHECK: tilenv.async_tma_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tile.tensordesc<128x64xf16>, !tilegpu.buffer<128x64xf16, #{{.*}}>
  // CHECK: tilenv.async_tma_store_wait {pendings = 1 : i32}
  tile.func public @tma_store(%desc: !tile.tensordesc<128x64xf16>, %i: i32, %j: i32, %v: tensor<128x64xf16, #blocked>) {
    %buf = tilegpu.local_alloc %v : (tensor<128x64xf16, #blocked>) -> !tilegpu.buffer<128x64xf16, #nvmma>
    tilenv.async_tma_store %desc[%i, %j], %buf : !tile.tensordesc<128x64xf16>, !tilegpu.buffer<128x64xf16, #nvmma>
    tilenv.async_tma_store_wait {pendings = 1 : i32}
    tile.return
  }

  // A wgmma result stored per warpgroup in 32-column chunks through two
  // slots.
  // CHECK-LABEL: tile.func public @warpgroup_tma_store
  // CHECK: tilenv.warpgroup_tma_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}} : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #{{.*}}>, !tilegpu.buffer<2x64x32xf16, #{{.*}}, mutable>
  tile.func public @warpgroup_tma_store(%desc: !tile.tensordesc<64x128xf16>, %i: i32, %j: i32, %v: tensor<64x128xf16, #wgmma>) {
    %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
    tilenv.warpgroup_tma_store %desc[%i, %j], %v, %buf : !tile.tensordesc<64x128xf16>, tensor<64x128xf16, #wgmma>, !tilegpu.buffer<2x64x32xf16, #nvmma64, mutable>
    tilenv.async_tma_store_wait {pendings = 0 : i32}
    tile.return
  }
}
