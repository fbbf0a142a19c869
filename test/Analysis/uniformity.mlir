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
