// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The non-negativity analysis: which integer values are never negative
// (offsets assumed not to wrap), from program ids, ranges, constants and
// llvm.intr.assume.
// RUN: tile-opt %s -test-print-non-negative -split-input-file -verify-diagnostics=only-expected -o /dev/null

tile.func public @sources(%n: i32) {
  // expected-remark @below {{non-negative}}
  %pid = tile.get_program_id x : i32
  // expected-remark @below {{non-negative}}
  %count = tile.get_num_programs y : i32
  // expected-remark @below {{non-negative}}
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{non-negative}}
  %c = arith.constant 7 : i32
  // expected-remark @below {{unknown}}
  %neg = arith.constant -1 : i32
  // expected-remark @below {{non-negative}}
  %s = tile.splat %pid : i32 -> tensor<64xi32>
  // expected-remark @below {{unknown}}
  %sn = tile.splat %n : i32 -> tensor<64xi32>
  tile.return
}

// -----

tile.func public @arithmetic(%n: i32) {
  %pid = tile.get_program_id x : i32
  %c128 = arith.constant 128 : i32
  // expected-remark @below {{non-negative}}
  %m = arith.muli %pid, %c128 : i32
  // expected-remark @below {{unknown}}
  %mn = arith.muli %pid, %n : i32
  // expected-remark @below {{non-negative}}
  %a = arith.addi %m, %pid : i32
  // expected-remark @below {{unknown}}
  %d = arith.subi %a, %pid : i32
  // A remainder has its dividend's sign; a signed quotient both signs.
  // expected-remark @below {{non-negative}}
  %rem = arith.remsi %pid, %n : i32
  // expected-remark @below {{unknown}}
  %remn = arith.remsi %n, %pid : i32
  // expected-remark @below {{unknown}}
  %div = arith.divsi %pid, %n : i32
  // expected-remark @below {{non-negative}}
  %divc = arith.divsi %pid, %c128 : i32
  // expected-remark @below {{non-negative}}
  %and = arith.andi %n, %c128 : i32
  // expected-remark @below {{unknown}}
  %or = arith.ori %n, %c128 : i32
  // expected-remark @below {{non-negative}}
  %max = arith.maxsi %n, %pid : i32
  // expected-remark @below {{unknown}}
  %min = arith.minsi %n, %pid : i32
  // expected-remark @below {{non-negative}}
  %shr = arith.shrui %n, %c128 : i32
  %cond = arith.cmpi slt, %n, %pid : i32
  // expected-remark @below {{unknown}}
  %sel = arith.select %cond, %n, %pid : i32
  // expected-remark @below {{non-negative}}
  %sel2 = arith.select %cond, %m, %pid : i32
  tile.return
}

// -----

// Triton's tl.assume: `x >= 0`, `x > -1` or `0 <= x`, in x's block.
tile.func public @assumptions(%n: i32, %s: i32, %t: i32, %u: i32) {
  %c0 = arith.constant 0 : i32
  %cm1 = arith.constant -1 : i32
  %c1 = arith.constant 1 : i32
  %pid = tile.get_program_id x : i32
  // expected-remark @below {{non-negative}}
  %q = arith.divsi %pid, %n : i32
  %ok = arith.cmpi sge, %q, %c0 : i32
  llvm.intr.assume %ok : i1
  %p1 = arith.cmpi sgt, %s, %cm1 : i32
  llvm.intr.assume %p1 : i1
  %p2 = arith.cmpi sle, %c1, %t : i32
  llvm.intr.assume %p2 : i1
  // x > -2 does not bound x below 0.
  %cm2 = arith.constant -2 : i32
  %p3 = arith.cmpi sgt, %u, %cm2 : i32
  llvm.intr.assume %p3 : i1
  // expected-remark @below {{non-negative}}
  %a = arith.addi %s, %t : i32
  // expected-remark @below {{unknown}}
  %b = arith.addi %s, %u : i32
  tile.return
}

// -----

// An assumption in a nested block does not hold for a value defined
// outside it (the branch may not run).
tile.func public @nested_assumption(%n: i32, %flag: i1) {
  %c0 = arith.constant 0 : i32
  scf.if %flag {
    %ok = arith.cmpi sge, %n, %c0 : i32
    llvm.intr.assume %ok : i1
  }
  %pid = tile.get_program_id x : i32
  // expected-remark @below {{unknown}}
  %a = arith.addi %n, %pid : i32
  tile.return
}

// -----

// A loop's induction variable from a non-negative start by a non-negative
// step; a carried value joins its start and every yield.
tile.func public @loops(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %pid = tile.get_program_id x : i32
  // expected-remark @below {{non-negative}}
  // expected-remark @below {{unknown}}
  %r:2 = scf.for %i = %c0 to %n step %c64 iter_args(%x = %pid, %y = %pid) -> (i32, i32) : i32 {
    // expected-remark @below {{non-negative}}
    %a = arith.addi %i, %x : i32
    // expected-remark @below {{unknown}}
    %b = arith.subi %y, %c1 : i32
    scf.yield %a, %b : i32, i32
  }
  tile.return
}
