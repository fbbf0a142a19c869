// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// libdevice is linked into kernels that call it (and inlined there), and
// only into those.
// REQUIRES: ptxas
// RUN: tile-translate %s --emit=ptx -o - | FileCheck %s
// RUN: tile-translate %s --emit=cubin -o %t.cubin
// CHECK: .entry erf(
// CHECK-NOT: __nv_
// CHECK-NOT: call
// CHECK: ret;
module {
  tile.func public @erf(%p: !tile.ptr<f32>, %x: f32) {
    %e = math.erf %x : f32
    %t = math.tanh %e : f32
    tile.store %p, %t : !tile.ptr<f32>
    tile.return
  }
}
