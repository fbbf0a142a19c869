// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Triton's gather, histogram, unsplat and elementwise_inline_asm as tile ops:
// they round-trip (custom and generic form); unsplat of a splat folds; a
// pure assembly block is CSE'd and removed when unused, an impure one is
// not; and the lowering gives the scratch exchange, the shared-memory
// counters, and one inline assembly block per packed group of elements.
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s -cse -canonicalize | FileCheck %s --check-prefix=CSE
// RUN: tile-opt %s --tile-to-llvm="num-warps=1" | FileCheck %s --check-prefix=LLVM
// RUN: %if ptxas %{ tile-translate %s --num-warps=1 --emit=ptx -o - | FileCheck %s --check-prefix=PTX %}

// CHECK-LABEL: tile.func public @gather
// CHECK: tile.gather %{{.*}}[%{{.*}}] {axis = 1 : i32} : (tensor<4x32xf32>, tensor<4x16xi32>) -> tensor<4x16xf32>
// LLVM-LABEL: llvm.func @gather
// LLVM-COUNT-4: llvm.store %{{.*}} : f32, !llvm.ptr<3>
// LLVM: nvvm.barrier0
// LLVM: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// PTX-LABEL: .entry gather(
// PTX: st.shared.{{[bf]}}32
// PTX: bar.sync 0;
// PTX: ld.shared.{{[bf]}}32
tile.func public @gather(%src: !tile.ptr<f32>, %idx: !tile.ptr<i32>, %out: !tile.ptr<f32>) {
  %r4 = tile.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %rows = tile.expand_dims %r4 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %r32 = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %c32 = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %s32 = arith.constant dense<32> : tensor<4x1xi32>
  %rs = arith.muli %rows, %s32 : tensor<4x1xi32>
  %rb = tile.broadcast %rs : tensor<4x1xi32> -> tensor<4x32xi32>
  %cb = tile.broadcast %c32 : tensor<1x32xi32> -> tensor<4x32xi32>
  %offs = arith.addi %rb, %cb : tensor<4x32xi32>
  %sp = tile.splat %src : !tile.ptr<f32> -> tensor<4x32x!tile.ptr<f32>>
  %sa = tile.addptr %sp, %offs : tensor<4x32x!tile.ptr<f32>>, tensor<4x32xi32>
  %x = tile.load %sa : tensor<4x32x!tile.ptr<f32>>
  %r16 = tile.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %c16 = tile.expand_dims %r16 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %s16 = arith.constant dense<16> : tensor<4x1xi32>
  %rs16 = arith.muli %rows, %s16 : tensor<4x1xi32>
  %rb16 = tile.broadcast %rs16 : tensor<4x1xi32> -> tensor<4x16xi32>
  %cb16 = tile.broadcast %c16 : tensor<1x16xi32> -> tensor<4x16xi32>
  %o16 = arith.addi %rb16, %cb16 : tensor<4x16xi32>
  %ip = tile.splat %idx : !tile.ptr<i32> -> tensor<4x16x!tile.ptr<i32>>
  %ia = tile.addptr %ip, %o16 : tensor<4x16x!tile.ptr<i32>>, tensor<4x16xi32>
  %i = tile.load %ia : tensor<4x16x!tile.ptr<i32>>
  %y = tile.gather %x[%i] {axis = 1 : i32} : (tensor<4x32xf32>, tensor<4x16xi32>) -> tensor<4x16xf32>
  %op = tile.splat %out : !tile.ptr<f32> -> tensor<4x16x!tile.ptr<f32>>
  %oa = tile.addptr %op, %o16 : tensor<4x16x!tile.ptr<f32>>, tensor<4x16xi32>
  tile.store %oa, %y : tensor<4x16x!tile.ptr<f32>>
  tile.return
}

// CHECK-LABEL: tile.func public @histogram
// CHECK: tile.histogram %{{.*}} : tensor<128xi32> -> tensor<16xi32>
// CHECK: tile.histogram %{{.*}}, %{{.*}} : tensor<128xi32> -> tensor<16xi64>
// LLVM-LABEL: llvm.func @histogram
// LLVM: llvm.store %{{.*}} : i32, !llvm.ptr<3>
// LLVM: nvvm.barrier0
// LLVM: llvm.atomicrmw add %{{.*}}, %{{.*}} monotonic : !llvm.ptr<3>, i32
// LLVM: nvvm.barrier0
// LLVM: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// PTX-LABEL: .entry histogram(
// PTX: atom.shared.add.u32
tile.func public @histogram(%src: !tile.ptr<i32>, %out: !tile.ptr<i32>, %out64: !tile.ptr<i64>, %n: i32) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %p = tile.splat %src : !tile.ptr<i32> -> tensor<128x!tile.ptr<i32>>
  %a = tile.addptr %p, %r : tensor<128x!tile.ptr<i32>>, tensor<128xi32>
  %x = tile.load %a : tensor<128x!tile.ptr<i32>>
  %h = tile.histogram %x : tensor<128xi32> -> tensor<16xi32>
  %nb = tile.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %nb : tensor<128xi32>
  %h64 = tile.histogram %x, %m : tensor<128xi32> -> tensor<16xi64>
  %b = tile.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %op = tile.splat %out : !tile.ptr<i32> -> tensor<16x!tile.ptr<i32>>
  %oa = tile.addptr %op, %b : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  tile.store %oa, %h : tensor<16x!tile.ptr<i32>>
  %op64 = tile.splat %out64 : !tile.ptr<i64> -> tensor<16x!tile.ptr<i64>>
  %oa64 = tile.addptr %op64, %b : tensor<16x!tile.ptr<i64>>, tensor<16xi32>
  tile.store %oa64, %h64 : tensor<16x!tile.ptr<i64>>
  tile.return
}

// CHECK-LABEL: tile.func public @unsplat
// CHECK: tile.unsplat %{{.*}} : tensor<1x1xf32>
// CSE-LABEL: tile.func public @unsplat
// CSE: tile.unsplat %{{.*}} : tensor<1x1xf32>
// CSE-NOT: tile.unsplat
// CSE: tile.store %out, %v : !tile.ptr<f32>
// LLVM-LABEL: llvm.func @unsplat
tile.func public @unsplat(%src: !tile.ptr<f32>, %out: !tile.ptr<f32>, %v: f32) {
  %p = tile.splat %src : !tile.ptr<f32> -> tensor<1x1x!tile.ptr<f32>>
  %x = tile.load %p : tensor<1x1x!tile.ptr<f32>>
  %s = tile.unsplat %x : tensor<1x1xf32>
  tile.store %out, %s : !tile.ptr<f32>
  %t = tile.splat %v : f32 -> tensor<1xf32>
  %u = tile.unsplat %t : tensor<1xf32>
  tile.store %out, %u : !tile.ptr<f32>
  tile.return
}

// Four i8 to a register with `packed_element = 4`; two outputs of one
// block each; an impure block stays even when unused.
// CHECK-LABEL: tile.func public @inline_asm
// CHECK: tile.elementwise_inline_asm "and.b32 $0, $1, 0x1F1F1F1F;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %{{.*}} : tensor<128xi8> -> tensor<128xi8>
// CHECK: tile.elementwise_inline_asm "mov.b32 $0, $2; mov.b32 $1, $2;" {constraints = "=r,=r,r", packed_element = 1 : i32, pure = true} %{{.*}} : tensor<128xi32> -> tensor<128xi32>, tensor<128xi32>
// CSE-LABEL: tile.func public @inline_asm
// CSE-COUNT-1: tile.elementwise_inline_asm "and.b32
// CSE-NOT: "mov.b32 $0, $2; mov.b32 $1, $2;"
// CSE: tile.elementwise_inline_asm "atom.global.add.u32 $0, [$1], 1;" {{.*}} pure = false
// LLVM-LABEL: llvm.func @inline_asm
// LLVM: llvm.inline_asm asm_dialect = att "and.b32 $0, $1, 0x1F1F1F1F;", "=r,r" %{{.*}} : (i32) -> i32
// LLVM: llvm.inline_asm asm_dialect = att "mov.b32 $0, $2; add.s32 $1, $2, 1;", "=r,=r,r" %{{.*}} : (i32) -> !llvm.struct<(i32, i32)>
// LLVM: llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i32, i32)>
// LLVM: llvm.extractvalue %{{.*}}[1] : !llvm.struct<(i32, i32)>
// LLVM: llvm.inline_asm has_side_effects asm_dialect = att "atom.global.add.u32 $0, [$1], 1;"
// PTX-LABEL: .entry inline_asm(
// PTX: and.b32 {{.*}}, 0x1F1F1F1F;
tile.func public @inline_asm(%src: !tile.ptr<i8>, %out: !tile.ptr<i8>, %w: !tile.ptr<i32>, %out2: !tile.ptr<i32>) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %p = tile.splat %src : !tile.ptr<i8> -> tensor<128x!tile.ptr<i8>>
  %a = tile.addptr %p, %r : tensor<128x!tile.ptr<i8>>, tensor<128xi32>
  %x = tile.load %a : tensor<128x!tile.ptr<i8>>
  %y = tile.elementwise_inline_asm "and.b32 $0, $1, 0x1F1F1F1F;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %x : tensor<128xi8> -> tensor<128xi8>
  %y2 = tile.elementwise_inline_asm "and.b32 $0, $1, 0x1F1F1F1F;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %x : tensor<128xi8> -> tensor<128xi8>
  %sum = arith.addi %y, %y2 : tensor<128xi8>
  %op = tile.splat %out : !tile.ptr<i8> -> tensor<128x!tile.ptr<i8>>
  %oa = tile.addptr %op, %r : tensor<128x!tile.ptr<i8>>, tensor<128xi32>
  tile.store %oa, %sum : tensor<128x!tile.ptr<i8>>
  %unused:2 = tile.elementwise_inline_asm "mov.b32 $0, $2; mov.b32 $1, $2;" {constraints = "=r,=r,r", packed_element = 1 : i32, pure = true} %r : tensor<128xi32> -> tensor<128xi32>, tensor<128xi32>
  %pair:2 = tile.elementwise_inline_asm "mov.b32 $0, $2; add.s32 $1, $2, 1;" {constraints = "=r,=r,r", packed_element = 1 : i32, pure = true} %r : tensor<128xi32> -> tensor<128xi32>, tensor<128xi32>
  %both = arith.addi %pair#0, %pair#1 : tensor<128xi32>
  %o2 = tile.splat %out2 : !tile.ptr<i32> -> tensor<128x!tile.ptr<i32>>
  %o2a = tile.addptr %o2, %r : tensor<128x!tile.ptr<i32>>, tensor<128xi32>
  tile.store %o2a, %both : tensor<128x!tile.ptr<i32>>
  %wp = tile.splat %w : !tile.ptr<i32> -> tensor<128x!tile.ptr<i32>>
  %wa = tile.addptr %wp, %r : tensor<128x!tile.ptr<i32>>, tensor<128xi32>
  %pi = tile.ptr_to_int %wa : tensor<128x!tile.ptr<i32>> -> tensor<128xi64>
  %z = tile.elementwise_inline_asm "atom.global.add.u32 $0, [$1], 1;" {constraints = "=r,l", packed_element = 1 : i32, pure = false} %pi : tensor<128xi64> -> tensor<128xi32>
  tile.return
}
