// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -split-input-file -tile-carry-divisions | FileCheck %s
// RUN: tile-opt %s -split-input-file -tile-carry-divisions | FileCheck %s --check-prefix=ALONE

// A flattened loop's block and step (i / steps, i % steps): the remainder
// and the quotient start from the lower bound's (divided by at least one:
// with a zero divisor, the loop alone is undefined, and only if it runs)
// and are carried; each iteration bumps the remainder and, where it reaches
// the divisor, wraps it to zero and bumps the quotient.
// CHECK-LABEL: tile.func public @block_and_step
// CHECK-SAME: (%[[N:.*]]: i32, %[[D:.*]]: i32)
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[SAFE:.*]] = arith.maxui %[[D]], %[[ONE]] : i32
// CHECK: %[[R0:.*]] = arith.remui %[[C0]], %[[SAFE]] : i32
// CHECK: %[[Q0:.*]] = arith.divui %[[C0]], %[[SAFE]] : i32
// CHECK: %[[LOOP:.*]]:3 = scf.for %[[I:.*]] = %[[C0]] to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[C0]], %[[R:.*]] = %[[R0]], %[[Q:.*]] = %[[Q0]])
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// CHECK: %[[P:.*]] = arith.muli %[[Q]], %[[R]] : i32
// CHECK: %[[SUM:.*]] = arith.addi %[[ACC]], %[[P]] : i32
// CHECK: %[[BUMPED:.*]] = arith.addi %[[R]], %[[ONE]] : i32
// CHECK: %[[WRAPS:.*]] = arith.cmpi eq, %[[BUMPED]], %[[D]] : i32
// CHECK: %[[RN:.*]] = arith.select %[[WRAPS]], %[[ZERO]], %[[BUMPED]] : i32
// CHECK: %[[QB:.*]] = arith.addi %[[Q]], %[[ONE]] : i32
// CHECK: %[[QN:.*]] = arith.select %[[WRAPS]], %[[QB]], %[[Q]] : i32
// CHECK: scf.yield %[[SUM]], %[[RN]], %[[QN]] : i32, i32, i32
// CHECK: tile.return %[[LOOP]]#0
tile.func public @block_and_step(%n: i32, %d: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %q = arith.divui %i, %d : i32
    %k = arith.remui %i, %d : i32
    %p = arith.muli %q, %k : i32
    %s = arith.addi %acc, %p : i32
    scf.yield %s : i32
  }
  tile.return %r : i32
}

// -----

// From a lower bound of 5: the first quotient and remainder are 5's. Only
// remainders read: the quotient is not carried. A division in a nested
// region (the epilogue's scf.if) reads the carried value too.
// CHECK-LABEL: tile.func public @from_five
// CHECK-SAME: (%[[N:.*]]: i32, %[[D:.*]]: i32
// CHECK: %[[C5:.*]] = arith.constant 5 : i32
// CHECK: %[[SAFE:.*]] = arith.maxui %[[D]], %{{.*}} : i32
// CHECK: %[[R0:.*]] = arith.remui %[[C5]], %[[SAFE]] : i32
// CHECK-NOT: arith.divui
// CHECK: scf.for %{{.*}} = %[[C5]] to %[[N]] step %{{.*}} iter_args(%[[R:.*]] = %[[R0]]) -> (i32)
// CHECK: scf.if
// CHECK-NEXT: tile.store %{{.*}}, %[[R]]
// CHECK: scf.yield %{{.*}} : i32
tile.func public @from_five(%n: i32, %d: i32, %p: !tile.ptr<i32>, %flag: i1) {
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  scf.for %i = %c5 to %n step %c1 : i32 {
    scf.if %flag {
      %k = arith.remui %i, %d : i32
      tile.store %p, %k : !tile.ptr<i32>
    }
  }
  tile.return
}

// -----

// Two divisors: a remainder and a quotient each. An index-typed loop.
// CHECK-LABEL: tile.func public @two_divisors
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[RD:[^ ]*]] = %{{.*}}, %[[QD:[^ ]*]] = %{{.*}}, %[[RE:[^ ]*]] = %{{.*}}, %[[QE:[^ ]*]] = %{{.*}}) -> (index, index, index, index, index)
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// CHECK: arith.addi %[[QD]], %[[RD]] : index
// CHECK: arith.addi %[[QE]], %[[RE]] : index
// CHECK: %[[BD:.*]] = arith.addi %[[RD]], %{{.*}} : index
// CHECK: arith.cmpi eq, %[[BD]], %d : index
// CHECK: %[[BE:.*]] = arith.addi %[[RE]], %{{.*}} : index
// CHECK: arith.cmpi eq, %[[BE]], %e : index
tile.func public @two_divisors(%n: index, %d: index, %e: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %q = arith.divui %i, %d : index
    %k = arith.remui %i, %d : index
    %q2 = arith.divui %i, %e : index
    %k2 = arith.remui %i, %e : index
    %a = arith.addi %q, %k : index
    %b = arith.addi %q2, %k2 : index
    %c = arith.addi %a, %b : index
    %s = arith.addi %acc, %c : index
    scf.yield %s : index
  }
  tile.return %r : index
}

// -----

// Left alone: a constant divisor (a shift or a multiply already), a divisor
// computed in the loop, a signed division, a division of the induction
// variable plus a value that may be negative (without `nuw`) or a negative
// constant, a step other
// than one, a lower bound not known non-negative (the induction variable
// could wrap from -1 to 0 as an unsigned number) or negative, an unsigned
// loop (its induction variable may come within c of 2^32, where iv + c
// wraps and a carried count would not).
// CHECK-LABEL: tile.func public @left_alone
// CHECK-COUNT-2: arith.divui %{{.*}}, %c6_i32
// CHECK: arith.divui %{{.*}}, %{{.*}} : i32
// CHECK: arith.divsi %{{.*}}, %d : i32
// CHECK-COUNT-6: arith.divui %{{.*}}, %d : i32
// CHECK-NOT: arith.divui
// CHECK: tile.return
// No loop of it carries anything:
// ALONE-LABEL: tile.func public @left_alone
// ALONE-NOT: iter_args
// ALONE: tile.return
tile.func public @left_alone(%n: i32, %d: i32, %lb: i32, %p: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c6 = arith.constant 6 : i32
  %cm3 = arith.constant -3 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %q = arith.divui %i, %c6 : i32
    %q2 = arith.divui %i, %c6 : i32
    %dd = arith.addi %d, %i : i32
    %q3 = arith.divui %i, %dd : i32
    %q4 = arith.divsi %i, %d : i32
    %j = arith.addi %i, %d : i32
    %q5 = arith.divui %j, %d : i32
    %jm = arith.addi %i, %cm3 : i32
    %q6 = arith.divui %jm, %d : i32
    %s = arith.addi %q, %q2 : i32
    %s2 = arith.addi %s, %q3 : i32
    %s3 = arith.addi %s2, %q4 : i32
    %s4 = arith.addi %s3, %q5 : i32
    %s5 = arith.addi %s4, %q6 : i32
    tile.store %p, %s5 : !tile.ptr<i32>
  }
  scf.for %i = %c0 to %n step %c2 : i32 {
    %q = arith.divui %i, %d : i32
    tile.store %p, %q : !tile.ptr<i32>
  }
  scf.for %i = %lb to %n step %c1 : i32 {
    %q = arith.divui %i, %d : i32
    tile.store %p, %q : !tile.ptr<i32>
  }
  scf.for %i = %cm3 to %n step %c1 : i32 {
    %q = arith.divui %i, %d : i32
    tile.store %p, %q : !tile.ptr<i32>
  }
  scf.for unsigned %i = %c0 to %n step %c1 : i32 {
    %j = arith.addi %i, %c2 : i32
    %q = arith.divui %j, %d : i32
    tile.store %p, %q : !tile.ptr<i32>
  }
  tile.return
}

// -----

// Nested loops: the inner loop's divisor comes from the outer loop's body,
// outside the inner loop; each loop carries its own, and the inner loop
// reads the outer loop's (its induction variable is the same all through
// the inner loop).
// CHECK-LABEL: tile.func public @nested
// CHECK: scf.for %[[I:.*]] = {{.*}} iter_args(%[[RO:.*]] = %{{.*}}, %[[QO:.*]] = %{{.*}}) -> (i32, i32)
// CHECK: %[[E:.*]] = arith.addi %[[QO]], %[[RO]]
// CHECK: scf.for %[[J:.*]] = {{.*}} iter_args(%[[RI:.*]] = %{{.*}}) -> (i32)
// CHECK: tile.store %{{.*}}, %[[RI]]
// CHECK: tile.store %{{.*}}, %[[RO]]
// CHECK: arith.cmpi eq, %{{.*}}, %[[E]] : i32
// CHECK: arith.cmpi eq, %{{.*}}, %d : i32
tile.func public @nested(%n: i32, %d: i32, %p: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %q = arith.divui %i, %d : i32
    %k = arith.remui %i, %d : i32
    %e = arith.addi %q, %k : i32
    scf.for %j = %c0 to %n step %c1 : i32 {
      %kj = arith.remui %j, %e : i32
      tile.store %p, %kj : !tile.ptr<i32>
      %ki = arith.remui %i, %d : i32
      tile.store %p, %ki : !tile.ptr<i32>
    }
  }
  tile.return
}

// -----

// The copies a pipelined loop issues iterations ahead divide `iv + c`: a
// pair of its own, starting from lb + c's quotient and remainder (a
// non-negative constant offset cannot make an induction variable below the
// signed upper bound wrap).
// CHECK-LABEL: tile.func public @ahead
// CHECK-SAME: (%[[N:.*]]: i32, %[[D:.*]]: i32
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: %[[TWO:c2_i32_[0-9]+]] = arith.constant 2 : i32
// CHECK: %[[R2:.*]] = arith.remui %[[TWO]], %{{.*}} : i32
// CHECK: %[[Q2:.*]] = arith.divui %[[TWO]], %{{.*}} : i32
// CHECK: %[[R0:.*]] = arith.remui %[[C0]], %{{.*}} : i32
// CHECK: scf.for %{{.*}} iter_args(%[[RA:.*]] = %[[R2]], %[[QA:.*]] = %[[Q2]], %[[R:.*]] = %[[R0]]) -> (i32, i32, i32)
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// CHECK: arith.addi %[[QA]], %[[RA]]
// CHECK: arith.addi %{{.*}}, %[[R]]
tile.func public @ahead(%n: i32, %d: i32, %p: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %j = arith.addi %i, %c2 : i32
    %q = arith.divui %j, %d : i32
    %k = arith.remui %j, %d : i32
    %a = arith.addi %q, %k : i32
    %r = arith.remui %i, %d : i32
    %s = arith.addi %a, %r : i32
    tile.store %p, %s : !tile.ptr<i32>
  }
  tile.return
}

// -----

// An offset up to the largest positive value: lb + c is an unsigned 32-bit
// number (5 + 2^31 - 1 = 2^31 + 4, printed as a signed i32).
// CHECK-LABEL: tile.func public @large_offset
// CHECK: %[[FIRST:.*]] = arith.constant -2147483644 : i32
// CHECK: arith.remui %[[FIRST]], %{{.*}} : i32
// CHECK: scf.for
// CHECK-NOT: arith.remui
tile.func public @large_offset(%n: i32, %d: i32, %p: !tile.ptr<i32>) {
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %cmax = arith.constant 2147483647 : i32
  scf.for %i = %c5 to %n step %c1 : i32 {
    %j = arith.addi %cmax, %i : i32
    %k = arith.remui %j, %d : i32
    tile.store %p, %k : !tile.ptr<i32>
  }
  tile.return
}

// -----

// An index loop with an offset.
// CHECK-LABEL: tile.func public @index_ahead
// CHECK: %[[THREE:c3_[0-9]+]] = arith.constant 3 : index
// CHECK: %[[SAFE:.*]] = arith.maxui %d, %{{.*}} : index
// CHECK: %[[R0:.*]] = arith.remui %[[THREE]], %[[SAFE]] : index
// CHECK: %[[Q0:.*]] = arith.divui %[[THREE]], %[[SAFE]] : index
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[R0]], %[[Q:.*]] = %[[Q0]]) -> (index, index)
// CHECK: %{{.*}} = arith.index_cast %[[Q]] : index to i32
tile.func public @index_ahead(%n: index, %d: index, %p: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %n step %c1 {
    %j = arith.addi %i, %c3 : index
    %q = arith.divui %j, %d : index
    %q32 = arith.index_cast %q : index to i32
    tile.store %p, %q32 : !tile.ptr<i32>
  }
  tile.return
}

// -----

// A lower bound that is a value known non-negative (integer range
// analysis): the larger of a run-time value and zero, as the second loop
// of tile-split-copy-masks starts. The first quotient and remainder are
// the bound's; with an offset, of the bound plus it (below 2^31 + 2^31:
// an unsigned 32-bit number).
// CHECK-LABEL: tile.func public @from_value
// CHECK-SAME: (%[[N:.*]]: i32, %[[D:.*]]: i32, %[[X:[^:]*]]: i32
// CHECK: %[[LB:.*]] = arith.maxsi %[[X]], %{{.*}} : i32
// CHECK: %[[TWO:.*]] = arith.constant 2 : i32
// CHECK: %[[FIRST:.*]] = arith.addi %[[LB]], %[[TWO]] : i32
// CHECK: %[[SAFE:.*]] = arith.maxui %[[D]], %{{.*}} : i32
// CHECK: %[[RA0:.*]] = arith.remui %[[FIRST]], %[[SAFE]] : i32
// CHECK: %[[QA0:.*]] = arith.divui %[[FIRST]], %[[SAFE]] : i32
// CHECK: %[[R0:.*]] = arith.remui %[[LB]], %{{.*}} : i32
// CHECK: scf.for %{{.*}} = %[[LB]] to %[[N]] step %{{.*}} iter_args(%[[RA:.*]] = %[[RA0]], %[[QA:.*]] = %[[QA0]], %[[R:.*]] = %[[R0]]) -> (i32, i32, i32)
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// CHECK: arith.addi %[[QA]], %[[RA]]
// CHECK: arith.addi %{{.*}}, %[[R]]
tile.func public @from_value(%n: i32, %d: i32, %x: i32, %p: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %lb = arith.maxsi %x, %c0 : i32
  scf.for %i = %lb to %n step %c1 : i32 {
    %j = arith.addi %i, %c2 : i32
    %q = arith.divui %j, %d : i32
    %k = arith.remui %j, %d : i32
    %a = arith.addi %q, %k : i32
    %r = arith.remui %i, %d : i32
    %s = arith.addi %a, %r : i32
    tile.store %p, %s : !tile.ptr<i32>
  }
  tile.return
}

// -----

// Left alone: a value bound the analysis cannot keep from going negative
// (the larger of a run-time value and -1; the smaller of one and zero).
// ALONE-LABEL: tile.func public @value_maybe_negative
// ALONE-NOT: iter_args
// ALONE: tile.return
tile.func public @value_maybe_negative(%n: i32, %d: i32, %x: i32, %p: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cm1 = arith.constant -1 : i32
  %lb = arith.maxsi %x, %cm1 : i32
  scf.for %i = %lb to %n step %c1 : i32 {
    %q = arith.divui %i, %d : i32
    tile.store %p, %q : !tile.ptr<i32>
  }
  %lb2 = arith.minsi %x, %c0 : i32
  scf.for %i = %lb2 to %n step %c1 : i32 {
    %q = arith.divui %i, %d : i32
    tile.store %p, %q : !tile.ptr<i32>
  }
  tile.return
}

// -----

// A loop over a run of a sequence (`start + j`, stream-K's programs): an
// add with `nuw` (a wrap would be poison) of a loop-invariant value, here
// also around the copy's `j + 2` that a pipelined loop issues ahead. The
// first quotient and remainder are those of lb + start (+ 2).
// CHECK-LABEL: tile.func public @run_of_sequence
// CHECK-SAME: (%[[N:.*]]: i32, %[[D:.*]]: i32, %[[START:[^:]*]]: i32
// CHECK: %[[SAFE:.*]] = arith.maxui %[[D]], %{{.*}} : i32
// CHECK: %[[R0:.*]] = arith.remui %[[START]], %[[SAFE]] : i32
// CHECK: %[[Q0:.*]] = arith.divui %[[START]], %[[SAFE]] : i32
// CHECK: %[[TWO:.*]] = arith.constant 2 : i32
// CHECK: %[[FIRST:.*]] = arith.addi %[[START]], %[[TWO]] : i32
// CHECK: %[[RA0:.*]] = arith.remui %[[FIRST]], %{{.*}} : i32
// CHECK: scf.for %{{.*}} iter_args(%[[R:.*]] = %[[R0]], %[[Q:.*]] = %[[Q0]], %[[RA:.*]] = %[[RA0]]) -> (i32, i32, i32)
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// CHECK: %[[S:.*]] = arith.addi %[[Q]], %[[R]]
// CHECK: arith.addi %[[S]], %[[RA]]
tile.func public @run_of_sequence(%n: i32, %d: i32, %start: i32, %p: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  scf.for %j = %c0 to %n step %c1 : i32 {
    %i = arith.addi %start, %j overflow<nuw> : i32
    %q = arith.divui %i, %d : i32
    %k = arith.remui %i, %d : i32
    %ja = arith.addi %j, %c2 : i32
    %ia = arith.addi %start, %ja overflow<nuw> : i32
    %ka = arith.remui %ia, %d : i32
    %s = arith.addi %q, %k : i32
    %s2 = arith.addi %s, %ka : i32
    tile.store %p, %s2 : !tile.ptr<i32>
  }
  tile.return
}

// -----

// Without `nuw`: a loop-invariant value that integer range analysis keeps
// non-negative, added to the induction variable itself (both below 2^31).
// CHECK-LABEL: tile.func public @non_negative_invariant
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[X:.*]] = arith.maxsi
// CHECK: %[[FIRST:.*]] = arith.addi %[[ONE]], %[[X]] : i32
// CHECK: %[[Q0:.*]] = arith.divui %[[FIRST]], %{{.*}} : i32
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[Q:.*]] = %[[Q0]]) -> (i32, i32)
// CHECK-NOT: arith.divui
// CHECK: tile.store %{{.*}}, %[[Q]]
tile.func public @non_negative_invariant(%n: i32, %d: i32, %x: i32, %p: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %start = arith.maxsi %x, %c0 : i32
  scf.for %j = %c1 to %n step %c1 : i32 {
    %i = arith.addi %j, %start : i32
    %q = arith.divui %i, %d : i32
    tile.store %p, %q : !tile.ptr<i32>
  }
  tile.return
}

// -----

// Left alone: adds that may wrap or do not count by one. A non-negative
// value added to `j + 2` without `nuw` (below 2^31 + 2^31 + 2: may wrap);
// the induction variable added twice; `nuw` on the outer add only, the
// inner one adding a value that may be negative.
// ALONE-LABEL: tile.func public @may_wrap
// ALONE-NOT: iter_args
// ALONE: tile.return
tile.func public @may_wrap(%n: i32, %d: i32, %x: i32, %p: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %start = arith.maxsi %x, %c0 : i32
  scf.for %j = %c0 to %n step %c1 : i32 {
    %ja = arith.addi %j, %c2 : i32
    %i = arith.addi %start, %ja : i32
    %q = arith.divui %i, %d : i32
    %v = arith.addi %j, %x overflow<nuw> : i32
    %w = arith.addi %v, %j overflow<nuw> : i32
    %q2 = arith.divui %w, %d : i32
    %u = arith.addi %j, %x : i32
    %u2 = arith.addi %u, %c2 overflow<nuw> : i32
    %q3 = arith.divui %u2, %d : i32
    %s = arith.addi %q, %q2 : i32
    %s2 = arith.addi %s, %q3 : i32
    tile.store %p, %s2 : !tile.ptr<i32>
  }
  tile.return
}

// -----

// A lower bound that is a value, and offsets of invariants and constants:
// the first values are lb + start + 3 and lb + start; `start + j` and
// `j + start` are one offset.
// CHECK-LABEL: tile.func public @bound_and_invariant
// CHECK-SAME: (%[[N:.*]]: i32, %[[D:.*]]: i32, %[[X:[^:]*]]: i32, %[[START:[^:]*]]: i32
// CHECK: %[[LB:.*]] = arith.maxsi %[[X]]
// CHECK: %[[SUM:.*]] = arith.addi %[[LB]], %[[START]] : i32
// CHECK: %[[THREE:.*]] = arith.constant 3 : i32
// CHECK: %[[FIRST3:.*]] = arith.addi %[[SUM]], %[[THREE]] : i32
// CHECK: %[[Q0:.*]] = arith.divui %[[FIRST3]], %{{.*}} : i32
// CHECK: %[[FIRST:.*]] = arith.addi %[[LB]], %[[START]] : i32
// CHECK: %[[R0:.*]] = arith.remui %[[FIRST]], %{{.*}} : i32
// CHECK: scf.for %{{.*}} = %[[LB]] to %[[N]] step %{{.*}} iter_args(%{{.*}}, %[[Q:.*]] = %[[Q0]], %[[R:.*]] = %[[R0]]) -> (i32, i32, i32)
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// CHECK: arith.addi %[[Q]], %[[R]]
tile.func public @bound_and_invariant(%n: i32, %d: i32, %x: i32, %start: i32, %p: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %lb = arith.maxsi %x, %c0 : i32
  scf.for %j = %lb to %n step %c1 : i32 {
    %i = arith.addi %j, %start overflow<nuw> : i32
    %i3 = arith.addi %i, %c3 overflow<nuw> : i32
    %q = arith.divui %i3, %d : i32
    %i2 = arith.addi %start, %j overflow<nuw> : i32
    %r = arith.remui %i2, %d : i32
    %s = arith.addi %q, %r : i32
    tile.store %p, %s : !tile.ptr<i32>
  }
  tile.return
}

// -----

// A loop that divides by, and adds, the result of a loop before it that
// was carried first (and so replaced): the divisor and the offset are
// read from the divisions as they are when this loop is rewritten.
// CHECK-LABEL: tile.func public @after_carried_loop
// CHECK: %[[FIRST:.*]]:3 = scf.for
// CHECK: %[[SAFE:.*]] = arith.maxui %[[FIRST]]#0, %{{.*}} : i32
// CHECK: arith.remui %{{.*}}, %[[SAFE]] : i32
// CHECK: scf.for %{{.*}} iter_args
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// CHECK: arith.cmpi eq, %{{.*}}, %[[FIRST]]#0 : i32
tile.func public @after_carried_loop(%n: i32, %d: i32, %p: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %q = arith.divui %i, %d : i32
    %a = arith.addi %acc, %q : i32
    scf.yield %a : i32
  }
  scf.for %j = %c0 to %n step %c1 : i32 {
    %x = arith.addi %j, %s overflow<nuw> : i32
    %q = arith.divui %x, %d : i32
    %r = arith.remui %j, %s : i32
    %t = arith.addi %q, %r : i32
    tile.store %p, %t : !tile.ptr<i32>
  }
  tile.return
}

// -----

// Left alone, and in linear time: adds that reuse the value before twice
// (40 levels: a search that tried both operands of each add would take
// 2^40 steps).
// ALONE-LABEL: tile.func public @shared_adds
// ALONE-NOT: iter_args
// ALONE: tile.return
tile.func public @shared_adds(%n: i32, %d: i32, %p: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %x0 = arith.addi %i, %i : i32
    %x1 = arith.addi %x0, %x0 : i32
    %x2 = arith.addi %x1, %x1 : i32
    %x3 = arith.addi %x2, %x2 : i32
    %x4 = arith.addi %x3, %x3 : i32
    %x5 = arith.addi %x4, %x4 : i32
    %x6 = arith.addi %x5, %x5 : i32
    %x7 = arith.addi %x6, %x6 : i32
    %x8 = arith.addi %x7, %x7 : i32
    %x9 = arith.addi %x8, %x8 : i32
    %x10 = arith.addi %x9, %x9 : i32
    %x11 = arith.addi %x10, %x10 : i32
    %x12 = arith.addi %x11, %x11 : i32
    %x13 = arith.addi %x12, %x12 : i32
    %x14 = arith.addi %x13, %x13 : i32
    %x15 = arith.addi %x14, %x14 : i32
    %x16 = arith.addi %x15, %x15 : i32
    %x17 = arith.addi %x16, %x16 : i32
    %x18 = arith.addi %x17, %x17 : i32
    %x19 = arith.addi %x18, %x18 : i32
    %x20 = arith.addi %x19, %x19 : i32
    %x21 = arith.addi %x20, %x20 : i32
    %x22 = arith.addi %x21, %x21 : i32
    %x23 = arith.addi %x22, %x22 : i32
    %x24 = arith.addi %x23, %x23 : i32
    %x25 = arith.addi %x24, %x24 : i32
    %x26 = arith.addi %x25, %x25 : i32
    %x27 = arith.addi %x26, %x26 : i32
    %x28 = arith.addi %x27, %x27 : i32
    %x29 = arith.addi %x28, %x28 : i32
    %x30 = arith.addi %x29, %x29 : i32
    %x31 = arith.addi %x30, %x30 : i32
    %x32 = arith.addi %x31, %x31 : i32
    %x33 = arith.addi %x32, %x32 : i32
    %x34 = arith.addi %x33, %x33 : i32
    %x35 = arith.addi %x34, %x34 : i32
    %x36 = arith.addi %x35, %x35 : i32
    %x37 = arith.addi %x36, %x36 : i32
    %x38 = arith.addi %x37, %x37 : i32
    %x39 = arith.addi %x38, %x38 : i32
    %x40 = arith.addi %x39, %x39 : i32
    %q = arith.divui %x40, %d : i32
    tile.store %p, %q : !tile.ptr<i32>
  }
  tile.return
}
