// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A tensor map written in the kernel: the first warp zeroes 128 bytes of
// shared-memory scratch, its first thread sets the fields (dimension 0 the
// innermost: a box of one 128-byte swizzle width by the block's rows, the
// row stride in bytes, f16 = 6, 128-byte swizzle = 3, NaN fill = 1), the
// warp copies the map to its slot with a release fence; a CTA barrier, and
// every thread acquires it. The descriptor is the slot's generic address;
// the kernel records the scratch bytes a block uses.
// RUN: tile-opt %s -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s
// RUN: %if ptxas %{ tile-translate %s --keep-layouts --sm=90a --num-warps=4 --emit=cubin -o /dev/null %}

#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32, "tilegpu.threads-per-warp" = 32 : i32, tilegpu.target = "sm_90a"} {
// CHECK-LABEL: gpu.func @map
// CHECK-SAME: tilenv.global_scratch = 128 : i64
// CHECK: scf.if %{{.*}} {
// CHECK: llvm.store %c0_i32, %{{.*}} : i32, !llvm.ptr<3>
// CHECK: }
// CHECK: nvvm.bar.warp.sync %c-1_i32
// CHECK: scf.if %{{.*}} {
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "tensormap.replace.tile.global_address.shared::cta.b1024.b64 [$0], $1;
// CHECK-SAME: tensormap.replace.tile.rank.shared::cta.b1024.b32 [$0], 1;
// CHECK-SAME: tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [$0], 0, $2;
// CHECK-SAME: tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [$0], 1, $3;
// CHECK-SAME: tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [$0], 0, $4;
// CHECK-SAME: tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [$0], 1, $5;
// CHECK-SAME: tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [$0], 0, $6;
// CHECK-SAME: tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [$0], 6;
// CHECK-SAME: tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [$0], 3;
// CHECK-SAME: tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [$0], 1;
// CHECK-SAME: "l,l,r,r,r,r,l,r" %{{[0-9]+}}, %arg0, %c64_i32, %c128_i32, %arg2, %arg1, %{{[0-9]+}}, %c1_i32
// CHECK: nvvm.bar.warp.sync %c-1_i32
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [$0], [$1], 128;
// CHECK: gpu.barrier
// CHECK: %[[G:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr<1> to !llvm.ptr
// CHECK: nvvm.fence.proxy.acquire <gpu> %[[G]], %c128_i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[G]], %{{.*}}, box[
tile.func public @map(%x: !tile.ptr<f16>, %m: i32, %n: i32, %s: !tile.ptr<i8> {tilenv.global_scratch = 128 : i64}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %true = arith.constant true
  %ld = arith.extsi %n : i32 to i64
  %d = tilenv.make_tensor_map %s, %x, [%m, %n], [%ld, %c1] {padding = 2 : i32} : !tile.ptr<i8>, !tile.ptr<f16> -> !tile.tensordesc<128x64xf16>
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<128x64xf16, #nvmma, mutable>
  %bar = tilegpu.local_alloc : () -> !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.init_barrier %bar, 1 : !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.barrier_expect %bar, 16384, %true : !tilegpu.buffer<1xi64, #bar, mutable>
  tilenv.async_tma_copy %d[%c0, %c0], %buf, %bar, %true : !tile.tensordesc<128x64xf16>, !tilegpu.buffer<128x64xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #bar, mutable>
  tile.return
}
}
