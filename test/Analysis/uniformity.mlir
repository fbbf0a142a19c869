// The cluster uniformity analysis: which values are alike in every CTA of a
// cluster of 2 CTAs along x (uniformity-four.mlir: of 4).
// RUN: tile-opt %s -test-print-cluster-uniformity -split-input-file -verify-diagnostics=only-expected -o /dev/null

tile.func public @program_ids(%n: i32, %p: !tile.ptr<i32>) {
  // expected-remark @below {{varying}}
  %pid = tile.get_program_id x : i32
  // expected-remark @below {{uniform}}
  %pid_y = tile.get_program_id y : i32
  // expected-remark @below {{uniform}}
  %nprog = tile.get_num_programs x : i32
  // expected-remark @below {{uniform}}
  %c2 = arith.constant 2 : i32
  // expected-remark @below {{uniform}}
  %c3 = arith.constant 3 : i32
  // expected-remark @below {{uniform}}
  %c1 = arith.constant 1 : i32
  // The cluster's index: uniform for clusters of 2.
  // expected-remark @below {{uniform}}
  %cluster = arith.divui %pid, %c2 : i32
  // expected-remark @below {{uniform}}
  %cluster_s = arith.divsi %pid, %c2 : i32
  // expected-remark @below {{uniform}}
  %cluster_sh = arith.shrui %pid, %c1 : i32
  // Not a multiple of the cluster size, or not a division.
  // expected-remark @below {{varying}}
  %third = arith.divui %pid, %c3 : i32
  // expected-remark @below {{varying}}
  %rank = arith.remui %pid, %c2 : i32
  // expected-remark @below {{varying}}
  %up = arith.ceildivui %pid, %c2 : i32
  // Pure functions of uniform values are uniform; of a varying one, not.
  // expected-remark @below {{uniform}}
  %col = arith.muli %cluster, %n : i32
  // expected-remark @below {{varying}}
  %row = arith.addi %col, %rank : i32
  // Memory may differ between CTAs.
  // expected-remark @below {{uniform}}
  %ptr = tile.addptr %p, %col : !tile.ptr<i32>, i32
  // expected-remark @below {{varying}}
  %loaded = tile.load %ptr : !tile.ptr<i32>
  tile.return
}

// -----

tile.func public @loops(%n: i32) {
  // expected-remark @below {{uniform}}
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{uniform}}
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{uniform}}
  %c2 = arith.constant 2 : i32
  // expected-remark @below {{varying}}
  %pid = tile.get_program_id x : i32
  // expected-remark @below {{uniform}}
  %cluster = arith.divui %pid, %c2 : i32
  // Uniform bounds: a uniform induction variable; a carried value is
  // uniform if it starts and advances alike.
  // expected-remark @below {{iv uniform, iter_arg uniform, iter_arg varying; uniform, varying}}
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %cluster, %b = %c0) -> (i32, i32) : i32 {
    // expected-remark @below {{uniform}}
    %a1 = arith.addi %a, %i : i32
    // expected-remark @below {{varying}}
    %b1 = arith.addi %b, %pid : i32
    scf.yield %a1, %b1 : i32, i32
  }
  // A bound that differs between CTAs: the iterations (and so what the
  // loop carries out) may too.
  // expected-remark @below {{iv varying, iter_arg varying; varying}}
  %s = scf.for %i = %c0 to %pid step %c1 iter_args(%a = %c0) -> (i32) : i32 {
    // expected-remark @below {{varying}}
    %a1 = arith.addi %a, %c1 : i32
    scf.yield %a1 : i32
  }
  tile.return
}

// -----

tile.func public @branches(%n: i32) {
  // expected-remark @below {{uniform}}
  %c2 = arith.constant 2 : i32
  // expected-remark @below {{uniform}}
  %c5 = arith.constant 5 : i32
  // expected-remark @below {{varying}}
  %pid = tile.get_program_id x : i32
  // expected-remark @below {{uniform}}
  %cluster = arith.divui %pid, %c2 : i32
  // expected-remark @below {{uniform}}
  %small = arith.cmpi slt, %cluster, %n : i32
  // expected-remark @below {{varying}}
  %first = arith.cmpi eq, %pid, %n : i32
  // A uniform condition choosing between uniform values.
  // expected-remark @below {{uniform}}
  %x = scf.if %small -> (i32) {
    scf.yield %c2 : i32
  } else {
    scf.yield %c5 : i32
  }
  // A varying condition choosing between the same two constants: varying.
  // expected-remark @below {{varying}}
  %y = scf.if %first -> (i32) {
    scf.yield %c2 : i32
  } else {
    scf.yield %c5 : i32
  }
  tile.return
}

// -----

// A device function's arguments come from its callers: not known alike.
tile.func private @device(%x: i32) -> i32 {
  // expected-remark @below {{varying}}
  %y = arith.addi %x, %x : i32
  tile.return %y : i32
}

// -----

// What was found uniform while an assumption was pending is dropped when
// the assumption fails: %a and %b are judged under "%v is uniform", which
// %w's program id then refutes, so %b is varying too.
tile.func public @failed_assumption(%n: i32) {
  // expected-remark @below {{uniform}}
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{uniform}}
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{uniform}}
  %c2 = arith.constant 2 : i32
  // expected-remark @below {{varying}}
  %pid = tile.get_program_id x : i32
  // expected-remark @below {{varying}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%v = %c0) -> (i32) : i32 {
    // expected-remark @below {{varying}}
    %a = arith.addi %v, %c1 : i32
    // expected-remark @below {{varying}}
    %b = arith.muli %a, %c2 : i32
    // expected-remark @below {{varying}}
    %w = arith.addi %b, %pid : i32
    scf.yield %w : i32
  }
  tile.return
}

// -----

// A loop-carried value whose next value reuses each add's result twice, 40
// adds deep: uniform, and judged in linear time (each add once, not 2^40
// times).
tile.func public @shared_adds(%n: i32, %s: i32) {
  // expected-remark @below {{uniform}}
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{uniform}}
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{uniform}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%k = %s) -> (i32) : i32 {
    // expected-remark @below {{uniform}}
    %x0 = arith.addi %k, %k : i32
    // expected-remark @below {{uniform}}
    %x1 = arith.addi %x0, %x0 : i32
    // expected-remark @below {{uniform}}
    %x2 = arith.addi %x1, %x1 : i32
    // expected-remark @below {{uniform}}
    %x3 = arith.addi %x2, %x2 : i32
    // expected-remark @below {{uniform}}
    %x4 = arith.addi %x3, %x3 : i32
    // expected-remark @below {{uniform}}
    %x5 = arith.addi %x4, %x4 : i32
    // expected-remark @below {{uniform}}
    %x6 = arith.addi %x5, %x5 : i32
    // expected-remark @below {{uniform}}
    %x7 = arith.addi %x6, %x6 : i32
    // expected-remark @below {{uniform}}
    %x8 = arith.addi %x7, %x7 : i32
    // expected-remark @below {{uniform}}
    %x9 = arith.addi %x8, %x8 : i32
    // expected-remark @below {{uniform}}
    %x10 = arith.addi %x9, %x9 : i32
    // expected-remark @below {{uniform}}
    %x11 = arith.addi %x10, %x10 : i32
    // expected-remark @below {{uniform}}
    %x12 = arith.addi %x11, %x11 : i32
    // expected-remark @below {{uniform}}
    %x13 = arith.addi %x12, %x12 : i32
    // expected-remark @below {{uniform}}
    %x14 = arith.addi %x13, %x13 : i32
    // expected-remark @below {{uniform}}
    %x15 = arith.addi %x14, %x14 : i32
    // expected-remark @below {{uniform}}
    %x16 = arith.addi %x15, %x15 : i32
    // expected-remark @below {{uniform}}
    %x17 = arith.addi %x16, %x16 : i32
    // expected-remark @below {{uniform}}
    %x18 = arith.addi %x17, %x17 : i32
    // expected-remark @below {{uniform}}
    %x19 = arith.addi %x18, %x18 : i32
    // expected-remark @below {{uniform}}
    %x20 = arith.addi %x19, %x19 : i32
    // expected-remark @below {{uniform}}
    %x21 = arith.addi %x20, %x20 : i32
    // expected-remark @below {{uniform}}
    %x22 = arith.addi %x21, %x21 : i32
    // expected-remark @below {{uniform}}
    %x23 = arith.addi %x22, %x22 : i32
    // expected-remark @below {{uniform}}
    %x24 = arith.addi %x23, %x23 : i32
    // expected-remark @below {{uniform}}
    %x25 = arith.addi %x24, %x24 : i32
    // expected-remark @below {{uniform}}
    %x26 = arith.addi %x25, %x25 : i32
    // expected-remark @below {{uniform}}
    %x27 = arith.addi %x26, %x26 : i32
    // expected-remark @below {{uniform}}
    %x28 = arith.addi %x27, %x27 : i32
    // expected-remark @below {{uniform}}
    %x29 = arith.addi %x28, %x28 : i32
    // expected-remark @below {{uniform}}
    %x30 = arith.addi %x29, %x29 : i32
    // expected-remark @below {{uniform}}
    %x31 = arith.addi %x30, %x30 : i32
    // expected-remark @below {{uniform}}
    %x32 = arith.addi %x31, %x31 : i32
    // expected-remark @below {{uniform}}
    %x33 = arith.addi %x32, %x32 : i32
    // expected-remark @below {{uniform}}
    %x34 = arith.addi %x33, %x33 : i32
    // expected-remark @below {{uniform}}
    %x35 = arith.addi %x34, %x34 : i32
    // expected-remark @below {{uniform}}
    %x36 = arith.addi %x35, %x35 : i32
    // expected-remark @below {{uniform}}
    %x37 = arith.addi %x36, %x36 : i32
    // expected-remark @below {{uniform}}
    %x38 = arith.addi %x37, %x37 : i32
    // expected-remark @below {{uniform}}
    %x39 = arith.addi %x38, %x38 : i32
    // expected-remark @below {{uniform}}
    %x40 = arith.addi %x39, %x39 : i32
    scf.yield %x40 : i32
  }
  tile.return
}
