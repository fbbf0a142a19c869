// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tile.extern_elementwise (Triton's tt.extern_elementwise): a libdevice
// function per element. It round-trips; a pure call is CSE'd and removed
// when unused, an impure one (it reads and writes memory) is not; the
// lowering calls the function once per element a thread holds, declared
// once in the kernels' module, and libdevice is linked into the PTX.
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s -cse -canonicalize | FileCheck %s --check-prefix=CSE
// RUN: tile-opt %s --tile-to-llvm="num-warps=1" | FileCheck %s --check-prefix=LLVM
// RUN: %if ptxas %{ tile-translate %s --num-warps=1 --emit=ptx -o - | FileCheck %s --check-prefix=PTX %}

// CHECK-LABEL: tile.func public @libdevice
// CHECK: tile.extern_elementwise %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__nv_rsqrtf"} : (tensor<32xf32>) -> tensor<32xf32>
// CHECK: tile.extern_elementwise %{{.*}}, %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__nv_powf"} : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
// CHECK: tile.extern_elementwise %{{.*}} {libname = "", libpath = "", pure = false, symbol = "__nv_rsqrtf"} : (f32) -> f32

// The pure calls: two identical ones become one, an unused one goes; the
// impure call stays twice.
// CSE-LABEL: tile.func public @libdevice
// CSE-COUNT-1: symbol = "__nv_rsqrtf"} : (tensor<32xf32>)
// CSE-NOT: __nv_expf
// CSE-COUNT-2: pure = false
// CSE: tile.return

// One declaration per function, one call per element (32 elements, one
// warp: one each); the two pure rsqrt calls are one, the impure ones two.
// LLVM-DAG: llvm.func @__nv_rsqrtf(f32) -> f32
// LLVM-DAG: llvm.func @__nv_powf(f32, f32) -> f32
// LLVM: %[[R:.*]] = llvm.call @__nv_rsqrtf(%{{.*}}) : (f32) -> f32
// LLVM-NEXT: llvm.call @__nv_powf(%[[R]], %[[R]]) : (f32, f32) -> f32
// LLVM-NEXT: llvm.call @__nv_rsqrtf(%arg1) : (f32) -> f32
// LLVM-NEXT: llvm.call @__nv_rsqrtf(%arg1) : (f32) -> f32

// libdevice is linked: its functions are inlined, none is called.
// PTX-LABEL: .entry libdevice(
// PTX-NOT: call
// PTX: rsqrt.approx
// PTX-NOT: __nv_
module {
  tile.func public @libdevice(%x: !tile.ptr<f32>, %s: f32) {
    %r = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<32x!tile.ptr<f32>>
    %p = tile.addptr %xs, %r : tensor<32x!tile.ptr<f32>>, tensor<32xi32>
    %v = tile.load %p : tensor<32x!tile.ptr<f32>>
    %a = tile.extern_elementwise %v {libname = "", libpath = "", pure = true, symbol = "__nv_rsqrtf"} : (tensor<32xf32>) -> tensor<32xf32>
    %b = tile.extern_elementwise %v {libname = "", libpath = "", pure = true, symbol = "__nv_rsqrtf"} : (tensor<32xf32>) -> tensor<32xf32>
    %unused = tile.extern_elementwise %v {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<32xf32>) -> tensor<32xf32>
    %c = tile.extern_elementwise %a, %b {libname = "", libpath = "", pure = true, symbol = "__nv_powf"} : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %t1 = tile.extern_elementwise %s {libname = "", libpath = "", pure = false, symbol = "__nv_rsqrtf"} : (f32) -> f32
    %t2 = tile.extern_elementwise %s {libname = "", libpath = "", pure = false, symbol = "__nv_rsqrtf"} : (f32) -> f32
    %t = arith.addf %t1, %t2 : f32
    %ts = tile.splat %t : f32 -> tensor<32xf32>
    %d = arith.addf %c, %ts : tensor<32xf32>
    tile.store %p, %d : tensor<32x!tile.ptr<f32>>
    tile.return
  }
}
