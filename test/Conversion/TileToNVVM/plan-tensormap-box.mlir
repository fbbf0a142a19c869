// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tile-plan-lowering records the box a warpgroup_tma_store's descriptor
// copies through on the kernel parameter, and marks the module planned;
// convert-tile-to-nvvm then gives the host that box (tilenv.tensormap_args)
// from the parameter, without planning again.
// RUN: tile-opt %s -tile-plan-lowering | FileCheck %s
// RUN: tile-opt %s -tile-plan-lowering -tile-allocate-shared-memory -tile-insert-barriers -convert-tile-to-nvvm | FileCheck %s --check-prefix=LOWER

#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
#nvmma64 = #tilegpu.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK: module attributes {{{.*}}tilegpu.planned
module attributes {"tilegpu.num-warps" = 8 : i32, tilegpu.target = "sm_90a"} {
// CHECK-LABEL: tile.func public @store(
// CHECK-SAME: %{{.*}}: !tile.tensordesc<128x64xf16> {tilenv.tensormap_box = {box = array<i64: 64, 32>, swizzle = 64 : i32}}
// LOWER-LABEL: gpu.func @store
// The parameters as declared, for the kernel information.
// LOWER-SAME: tilegpu.kernel_params = [{name = "d", type = !tile.tensordesc<128x64xf16>}, {name = "row", type = i32}, {name = "col", type = i32}, {name = "x", type = f16}]
// LOWER-SAME: tilenv.tensormap_args = [{box = array<i64: 64, 32>, index = 0 : i32, swizzle = 64 : i32, type = !tile.tensordesc<128x64xf16>}]
tile.func public @store(%d: !tile.tensordesc<128x64xf16>, %row: i32, %col: i32, %x: f16) {
  %v = tile.splat %x : f16 -> tensor<128x64xf16, #mma>
  %buf = tilegpu.local_alloc : () -> !tilegpu.buffer<2x128x32xf16, #nvmma64, mutable>
  tilenv.warpgroup_tma_store %d[%row, %col], %v, %buf : !tile.tensordesc<128x64xf16>, tensor<128x64xf16, #mma>, !tilegpu.buffer<2x128x32xf16, #nvmma64, mutable>
  tilenv.async_tma_store_wait {pendings = 0 : i32}
  tilegpu.local_dealloc %buf : !tilegpu.buffer<2x128x32xf16, #nvmma64, mutable>
  tile.return
}
}
