// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tile-specialize: what a launcher knows about a kernel's arguments, by
// their names. tile.func locates each argument it parses at its SSA name,
// as Triton's TTIR does.
// RUN: tile-opt %s -tile-specialize="args=n=4096,x%32,y%1,the_scale=0.5,flag=true,big=4294967295" | FileCheck %s
// RUN: tile-opt %s -mlir-print-debuginfo | FileCheck %s --check-prefix=NAMES
// The same through tile-translate: y loses its 16-byte claim, so its loads
// are scalar; x keeps vectors of 4.
// RUN: tile-translate %s --emit=ptx --specialize='y%1' | FileCheck %s --check-prefix=PTX
// ...where a specialization that cannot be made fails the compile.
// RUN: not tile-translate %s --emit=ptx --specialize='n=1.5' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: 'tile.func' op tile-specialize: 'n=1.5': '1.5' is not a value of argument 'n', of type 'i32'

// CHECK-LABEL: tile.func public @kernel(
// CHECK-SAME: %[[X:[a-z0-9]+]]: !tile.ptr<f32> {tile.divisibility = 32 : i32},
// CHECK-SAME: %[[Y:[a-z0-9]+]]: !tile.ptr<f32>,
// CHECK-SAME: %[[N:[a-z0-9]+]]: i32,
// CHECK-SAME: %{{[a-z0-9_]+}}: f32, %{{[a-z0-9_]+}}: i1, %{{[a-z0-9_]+}}: i32)
// CHECK-DAG: %[[C4096:.*]] = arith.constant 4096 : i32
// CHECK-DAG: %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[BIG:.*]] = arith.constant -1 : i32
// CHECK: tile.splat %[[C4096]]
// CHECK: arith.select %[[TRUE]], %[[HALF]]
// CHECK: arith.addi %[[BIG]]
// NAMES: tile.func public @kernel(%{{.*}}: !tile.ptr<f32> {tile.divisibility = 16 : i32} loc("x"(
// NAMES-SAME: loc("y"(
// NAMES-SAME: loc("n"(
// A location written in the source stays.
// NAMES-SAME: loc("the_scale")
// PTX-LABEL: .entry kernel(
// PTX: ld.global.v4.b32
// PTX-NOT: ld.global.v4
// PTX: ld.global.b32
module {
  // A declaration's arguments may have types alone (no names to give).
  tile.func private @external(i32, f32)
  tile.func public @kernel(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                           %y: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                           %n: i32, %scale: f32 loc("the_scale"), %flag: i1,
                           %big: i32) {
    %pid = tile.get_program_id x : i32
    %c512 = arith.constant 512 : i32
    %start = arith.muli %pid, %c512 : i32
    %range = tile.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %starts = tile.splat %start : i32 -> tensor<512xi32>
    %offs = arith.addi %starts, %range : tensor<512xi32>
    %ns = tile.splat %n : i32 -> tensor<512xi32>
    %mask = arith.cmpi slt, %offs, %ns : tensor<512xi32>
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>>
    %xp = tile.addptr %xs, %offs : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
    %ys = tile.splat %y : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>>
    %yp = tile.addptr %ys, %offs : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
    %a = tile.load %xp : tensor<512x!tile.ptr<f32>>
    %b = tile.load %yp : tensor<512x!tile.ptr<f32>>
    %one = arith.constant 1.0 : f32
    %s = arith.select %flag, %scale, %one : f32
    %ss = tile.splat %s : f32 -> tensor<512xf32>
    %ab = arith.addf %a, %b : tensor<512xf32>
    %r = arith.mulf %ab, %ss : tensor<512xf32>
    %k = arith.addi %big, %n : i32
    %ks = tile.splat %k : i32 -> tensor<512xi32>
    %rows = arith.addi %offs, %ks : tensor<512xi32>
    %op = tile.addptr %xs, %rows : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
    tile.store %op, %r, %mask : tensor<512x!tile.ptr<f32>>
    tile.return
  }
}
