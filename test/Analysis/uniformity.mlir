// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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

// -----

// A loop-carried value whose next value is a chain of 600 adds: past the
// analysis's depth (512) the answer is "varying" (a chain of tens of
// thousands of adds overflowed the stack).
tile.func public @long_chain(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{varying}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %x0 = arith.addi %acc, %c1 : i32
    %x1 = arith.addi %x0, %c1 : i32
    %x2 = arith.addi %x1, %c1 : i32
    %x3 = arith.addi %x2, %c1 : i32
    %x4 = arith.addi %x3, %c1 : i32
    %x5 = arith.addi %x4, %c1 : i32
    %x6 = arith.addi %x5, %c1 : i32
    %x7 = arith.addi %x6, %c1 : i32
    %x8 = arith.addi %x7, %c1 : i32
    %x9 = arith.addi %x8, %c1 : i32
    %x10 = arith.addi %x9, %c1 : i32
    %x11 = arith.addi %x10, %c1 : i32
    %x12 = arith.addi %x11, %c1 : i32
    %x13 = arith.addi %x12, %c1 : i32
    %x14 = arith.addi %x13, %c1 : i32
    %x15 = arith.addi %x14, %c1 : i32
    %x16 = arith.addi %x15, %c1 : i32
    %x17 = arith.addi %x16, %c1 : i32
    %x18 = arith.addi %x17, %c1 : i32
    %x19 = arith.addi %x18, %c1 : i32
    %x20 = arith.addi %x19, %c1 : i32
    %x21 = arith.addi %x20, %c1 : i32
    %x22 = arith.addi %x21, %c1 : i32
    %x23 = arith.addi %x22, %c1 : i32
    %x24 = arith.addi %x23, %c1 : i32
    %x25 = arith.addi %x24, %c1 : i32
    %x26 = arith.addi %x25, %c1 : i32
    %x27 = arith.addi %x26, %c1 : i32
    %x28 = arith.addi %x27, %c1 : i32
    %x29 = arith.addi %x28, %c1 : i32
    %x30 = arith.addi %x29, %c1 : i32
    %x31 = arith.addi %x30, %c1 : i32
    %x32 = arith.addi %x31, %c1 : i32
    %x33 = arith.addi %x32, %c1 : i32
    %x34 = arith.addi %x33, %c1 : i32
    %x35 = arith.addi %x34, %c1 : i32
    %x36 = arith.addi %x35, %c1 : i32
    %x37 = arith.addi %x36, %c1 : i32
    %x38 = arith.addi %x37, %c1 : i32
    %x39 = arith.addi %x38, %c1 : i32
    %x40 = arith.addi %x39, %c1 : i32
    %x41 = arith.addi %x40, %c1 : i32
    %x42 = arith.addi %x41, %c1 : i32
    %x43 = arith.addi %x42, %c1 : i32
    %x44 = arith.addi %x43, %c1 : i32
    %x45 = arith.addi %x44, %c1 : i32
    %x46 = arith.addi %x45, %c1 : i32
    %x47 = arith.addi %x46, %c1 : i32
    %x48 = arith.addi %x47, %c1 : i32
    %x49 = arith.addi %x48, %c1 : i32
    %x50 = arith.addi %x49, %c1 : i32
    %x51 = arith.addi %x50, %c1 : i32
    %x52 = arith.addi %x51, %c1 : i32
    %x53 = arith.addi %x52, %c1 : i32
    %x54 = arith.addi %x53, %c1 : i32
    %x55 = arith.addi %x54, %c1 : i32
    %x56 = arith.addi %x55, %c1 : i32
    %x57 = arith.addi %x56, %c1 : i32
    %x58 = arith.addi %x57, %c1 : i32
    %x59 = arith.addi %x58, %c1 : i32
    %x60 = arith.addi %x59, %c1 : i32
    %x61 = arith.addi %x60, %c1 : i32
    %x62 = arith.addi %x61, %c1 : i32
    %x63 = arith.addi %x62, %c1 : i32
    %x64 = arith.addi %x63, %c1 : i32
    %x65 = arith.addi %x64, %c1 : i32
    %x66 = arith.addi %x65, %c1 : i32
    %x67 = arith.addi %x66, %c1 : i32
    %x68 = arith.addi %x67, %c1 : i32
    %x69 = arith.addi %x68, %c1 : i32
    %x70 = arith.addi %x69, %c1 : i32
    %x71 = arith.addi %x70, %c1 : i32
    %x72 = arith.addi %x71, %c1 : i32
    %x73 = arith.addi %x72, %c1 : i32
    %x74 = arith.addi %x73, %c1 : i32
    %x75 = arith.addi %x74, %c1 : i32
    %x76 = arith.addi %x75, %c1 : i32
    %x77 = arith.addi %x76, %c1 : i32
    %x78 = arith.addi %x77, %c1 : i32
    %x79 = arith.addi %x78, %c1 : i32
    %x80 = arith.addi %x79, %c1 : i32
    %x81 = arith.addi %x80, %c1 : i32
    %x82 = arith.addi %x81, %c1 : i32
    %x83 = arith.addi %x82, %c1 : i32
    %x84 = arith.addi %x83, %c1 : i32
    %x85 = arith.addi %x84, %c1 : i32
    %x86 = arith.addi %x85, %c1 : i32
    %x87 = arith.addi %x86, %c1 : i32
    %x88 = arith.addi %x87, %c1 : i32
    %x89 = arith.addi %x88, %c1 : i32
    %x90 = arith.addi %x89, %c1 : i32
    %x91 = arith.addi %x90, %c1 : i32
    %x92 = arith.addi %x91, %c1 : i32
    %x93 = arith.addi %x92, %c1 : i32
    %x94 = arith.addi %x93, %c1 : i32
    %x95 = arith.addi %x94, %c1 : i32
    %x96 = arith.addi %x95, %c1 : i32
    %x97 = arith.addi %x96, %c1 : i32
    %x98 = arith.addi %x97, %c1 : i32
    %x99 = arith.addi %x98, %c1 : i32
    %x100 = arith.addi %x99, %c1 : i32
    %x101 = arith.addi %x100, %c1 : i32
    %x102 = arith.addi %x101, %c1 : i32
    %x103 = arith.addi %x102, %c1 : i32
    %x104 = arith.addi %x103, %c1 : i32
    %x105 = arith.addi %x104, %c1 : i32
    %x106 = arith.addi %x105, %c1 : i32
    %x107 = arith.addi %x106, %c1 : i32
    %x108 = arith.addi %x107, %c1 : i32
    %x109 = arith.addi %x108, %c1 : i32
    %x110 = arith.addi %x109, %c1 : i32
    %x111 = arith.addi %x110, %c1 : i32
    %x112 = arith.addi %x111, %c1 : i32
    %x113 = arith.addi %x112, %c1 : i32
    %x114 = arith.addi %x113, %c1 : i32
    %x115 = arith.addi %x114, %c1 : i32
    %x116 = arith.addi %x115, %c1 : i32
    %x117 = arith.addi %x116, %c1 : i32
    %x118 = arith.addi %x117, %c1 : i32
    %x119 = arith.addi %x118, %c1 : i32
    %x120 = arith.addi %x119, %c1 : i32
    %x121 = arith.addi %x120, %c1 : i32
    %x122 = arith.addi %x121, %c1 : i32
    %x123 = arith.addi %x122, %c1 : i32
    %x124 = arith.addi %x123, %c1 : i32
    %x125 = arith.addi %x124, %c1 : i32
    %x126 = arith.addi %x125, %c1 : i32
    %x127 = arith.addi %x126, %c1 : i32
    %x128 = arith.addi %x127, %c1 : i32
    %x129 = arith.addi %x128, %c1 : i32
    %x130 = arith.addi %x129, %c1 : i32
    %x131 = arith.addi %x130, %c1 : i32
    %x132 = arith.addi %x131, %c1 : i32
    %x133 = arith.addi %x132, %c1 : i32
    %x134 = arith.addi %x133, %c1 : i32
    %x135 = arith.addi %x134, %c1 : i32
    %x136 = arith.addi %x135, %c1 : i32
    %x137 = arith.addi %x136, %c1 : i32
    %x138 = arith.addi %x137, %c1 : i32
    %x139 = arith.addi %x138, %c1 : i32
    %x140 = arith.addi %x139, %c1 : i32
    %x141 = arith.addi %x140, %c1 : i32
    %x142 = arith.addi %x141, %c1 : i32
    %x143 = arith.addi %x142, %c1 : i32
    %x144 = arith.addi %x143, %c1 : i32
    %x145 = arith.addi %x144, %c1 : i32
    %x146 = arith.addi %x145, %c1 : i32
    %x147 = arith.addi %x146, %c1 : i32
    %x148 = arith.addi %x147, %c1 : i32
    %x149 = arith.addi %x148, %c1 : i32
    %x150 = arith.addi %x149, %c1 : i32
    %x151 = arith.addi %x150, %c1 : i32
    %x152 = arith.addi %x151, %c1 : i32
    %x153 = arith.addi %x152, %c1 : i32
    %x154 = arith.addi %x153, %c1 : i32
    %x155 = arith.addi %x154, %c1 : i32
    %x156 = arith.addi %x155, %c1 : i32
    %x157 = arith.addi %x156, %c1 : i32
    %x158 = arith.addi %x157, %c1 : i32
    %x159 = arith.addi %x158, %c1 : i32
    %x160 = arith.addi %x159, %c1 : i32
    %x161 = arith.addi %x160, %c1 : i32
    %x162 = arith.addi %x161, %c1 : i32
    %x163 = arith.addi %x162, %c1 : i32
    %x164 = arith.addi %x163, %c1 : i32
    %x165 = arith.addi %x164, %c1 : i32
    %x166 = arith.addi %x165, %c1 : i32
    %x167 = arith.addi %x166, %c1 : i32
    %x168 = arith.addi %x167, %c1 : i32
    %x169 = arith.addi %x168, %c1 : i32
    %x170 = arith.addi %x169, %c1 : i32
    %x171 = arith.addi %x170, %c1 : i32
    %x172 = arith.addi %x171, %c1 : i32
    %x173 = arith.addi %x172, %c1 : i32
    %x174 = arith.addi %x173, %c1 : i32
    %x175 = arith.addi %x174, %c1 : i32
    %x176 = arith.addi %x175, %c1 : i32
    %x177 = arith.addi %x176, %c1 : i32
    %x178 = arith.addi %x177, %c1 : i32
    %x179 = arith.addi %x178, %c1 : i32
    %x180 = arith.addi %x179, %c1 : i32
    %x181 = arith.addi %x180, %c1 : i32
    %x182 = arith.addi %x181, %c1 : i32
    %x183 = arith.addi %x182, %c1 : i32
    %x184 = arith.addi %x183, %c1 : i32
    %x185 = arith.addi %x184, %c1 : i32
    %x186 = arith.addi %x185, %c1 : i32
    %x187 = arith.addi %x186, %c1 : i32
    %x188 = arith.addi %x187, %c1 : i32
    %x189 = arith.addi %x188, %c1 : i32
    %x190 = arith.addi %x189, %c1 : i32
    %x191 = arith.addi %x190, %c1 : i32
    %x192 = arith.addi %x191, %c1 : i32
    %x193 = arith.addi %x192, %c1 : i32
    %x194 = arith.addi %x193, %c1 : i32
    %x195 = arith.addi %x194, %c1 : i32
    %x196 = arith.addi %x195, %c1 : i32
    %x197 = arith.addi %x196, %c1 : i32
    %x198 = arith.addi %x197, %c1 : i32
    %x199 = arith.addi %x198, %c1 : i32
    %x200 = arith.addi %x199, %c1 : i32
    %x201 = arith.addi %x200, %c1 : i32
    %x202 = arith.addi %x201, %c1 : i32
    %x203 = arith.addi %x202, %c1 : i32
    %x204 = arith.addi %x203, %c1 : i32
    %x205 = arith.addi %x204, %c1 : i32
    %x206 = arith.addi %x205, %c1 : i32
    %x207 = arith.addi %x206, %c1 : i32
    %x208 = arith.addi %x207, %c1 : i32
    %x209 = arith.addi %x208, %c1 : i32
    %x210 = arith.addi %x209, %c1 : i32
    %x211 = arith.addi %x210, %c1 : i32
    %x212 = arith.addi %x211, %c1 : i32
    %x213 = arith.addi %x212, %c1 : i32
    %x214 = arith.addi %x213, %c1 : i32
    %x215 = arith.addi %x214, %c1 : i32
    %x216 = arith.addi %x215, %c1 : i32
    %x217 = arith.addi %x216, %c1 : i32
    %x218 = arith.addi %x217, %c1 : i32
    %x219 = arith.addi %x218, %c1 : i32
    %x220 = arith.addi %x219, %c1 : i32
    %x221 = arith.addi %x220, %c1 : i32
    %x222 = arith.addi %x221, %c1 : i32
    %x223 = arith.addi %x222, %c1 : i32
    %x224 = arith.addi %x223, %c1 : i32
    %x225 = arith.addi %x224, %c1 : i32
    %x226 = arith.addi %x225, %c1 : i32
    %x227 = arith.addi %x226, %c1 : i32
    %x228 = arith.addi %x227, %c1 : i32
    %x229 = arith.addi %x228, %c1 : i32
    %x230 = arith.addi %x229, %c1 : i32
    %x231 = arith.addi %x230, %c1 : i32
    %x232 = arith.addi %x231, %c1 : i32
    %x233 = arith.addi %x232, %c1 : i32
    %x234 = arith.addi %x233, %c1 : i32
    %x235 = arith.addi %x234, %c1 : i32
    %x236 = arith.addi %x235, %c1 : i32
    %x237 = arith.addi %x236, %c1 : i32
    %x238 = arith.addi %x237, %c1 : i32
    %x239 = arith.addi %x238, %c1 : i32
    %x240 = arith.addi %x239, %c1 : i32
    %x241 = arith.addi %x240, %c1 : i32
    %x242 = arith.addi %x241, %c1 : i32
    %x243 = arith.addi %x242, %c1 : i32
    %x244 = arith.addi %x243, %c1 : i32
    %x245 = arith.addi %x244, %c1 : i32
    %x246 = arith.addi %x245, %c1 : i32
    %x247 = arith.addi %x246, %c1 : i32
    %x248 = arith.addi %x247, %c1 : i32
    %x249 = arith.addi %x248, %c1 : i32
    %x250 = arith.addi %x249, %c1 : i32
    %x251 = arith.addi %x250, %c1 : i32
    %x252 = arith.addi %x251, %c1 : i32
    %x253 = arith.addi %x252, %c1 : i32
    %x254 = arith.addi %x253, %c1 : i32
    %x255 = arith.addi %x254, %c1 : i32
    %x256 = arith.addi %x255, %c1 : i32
    %x257 = arith.addi %x256, %c1 : i32
    %x258 = arith.addi %x257, %c1 : i32
    %x259 = arith.addi %x258, %c1 : i32
    %x260 = arith.addi %x259, %c1 : i32
    %x261 = arith.addi %x260, %c1 : i32
    %x262 = arith.addi %x261, %c1 : i32
    %x263 = arith.addi %x262, %c1 : i32
    %x264 = arith.addi %x263, %c1 : i32
    %x265 = arith.addi %x264, %c1 : i32
    %x266 = arith.addi %x265, %c1 : i32
    %x267 = arith.addi %x266, %c1 : i32
    %x268 = arith.addi %x267, %c1 : i32
    %x269 = arith.addi %x268, %c1 : i32
    %x270 = arith.addi %x269, %c1 : i32
    %x271 = arith.addi %x270, %c1 : i32
    %x272 = arith.addi %x271, %c1 : i32
    %x273 = arith.addi %x272, %c1 : i32
    %x274 = arith.addi %x273, %c1 : i32
    %x275 = arith.addi %x274, %c1 : i32
    %x276 = arith.addi %x275, %c1 : i32
    %x277 = arith.addi %x276, %c1 : i32
    %x278 = arith.addi %x277, %c1 : i32
    %x279 = arith.addi %x278, %c1 : i32
    %x280 = arith.addi %x279, %c1 : i32
    %x281 = arith.addi %x280, %c1 : i32
    %x282 = arith.addi %x281, %c1 : i32
    %x283 = arith.addi %x282, %c1 : i32
    %x284 = arith.addi %x283, %c1 : i32
    %x285 = arith.addi %x284, %c1 : i32
    %x286 = arith.addi %x285, %c1 : i32
    %x287 = arith.addi %x286, %c1 : i32
    %x288 = arith.addi %x287, %c1 : i32
    %x289 = arith.addi %x288, %c1 : i32
    %x290 = arith.addi %x289, %c1 : i32
    %x291 = arith.addi %x290, %c1 : i32
    %x292 = arith.addi %x291, %c1 : i32
    %x293 = arith.addi %x292, %c1 : i32
    %x294 = arith.addi %x293, %c1 : i32
    %x295 = arith.addi %x294, %c1 : i32
    %x296 = arith.addi %x295, %c1 : i32
    %x297 = arith.addi %x296, %c1 : i32
    %x298 = arith.addi %x297, %c1 : i32
    %x299 = arith.addi %x298, %c1 : i32
    %x300 = arith.addi %x299, %c1 : i32
    %x301 = arith.addi %x300, %c1 : i32
    %x302 = arith.addi %x301, %c1 : i32
    %x303 = arith.addi %x302, %c1 : i32
    %x304 = arith.addi %x303, %c1 : i32
    %x305 = arith.addi %x304, %c1 : i32
    %x306 = arith.addi %x305, %c1 : i32
    %x307 = arith.addi %x306, %c1 : i32
    %x308 = arith.addi %x307, %c1 : i32
    %x309 = arith.addi %x308, %c1 : i32
    %x310 = arith.addi %x309, %c1 : i32
    %x311 = arith.addi %x310, %c1 : i32
    %x312 = arith.addi %x311, %c1 : i32
    %x313 = arith.addi %x312, %c1 : i32
    %x314 = arith.addi %x313, %c1 : i32
    %x315 = arith.addi %x314, %c1 : i32
    %x316 = arith.addi %x315, %c1 : i32
    %x317 = arith.addi %x316, %c1 : i32
    %x318 = arith.addi %x317, %c1 : i32
    %x319 = arith.addi %x318, %c1 : i32
    %x320 = arith.addi %x319, %c1 : i32
    %x321 = arith.addi %x320, %c1 : i32
    %x322 = arith.addi %x321, %c1 : i32
    %x323 = arith.addi %x322, %c1 : i32
    %x324 = arith.addi %x323, %c1 : i32
    %x325 = arith.addi %x324, %c1 : i32
    %x326 = arith.addi %x325, %c1 : i32
    %x327 = arith.addi %x326, %c1 : i32
    %x328 = arith.addi %x327, %c1 : i32
    %x329 = arith.addi %x328, %c1 : i32
    %x330 = arith.addi %x329, %c1 : i32
    %x331 = arith.addi %x330, %c1 : i32
    %x332 = arith.addi %x331, %c1 : i32
    %x333 = arith.addi %x332, %c1 : i32
    %x334 = arith.addi %x333, %c1 : i32
    %x335 = arith.addi %x334, %c1 : i32
    %x336 = arith.addi %x335, %c1 : i32
    %x337 = arith.addi %x336, %c1 : i32
    %x338 = arith.addi %x337, %c1 : i32
    %x339 = arith.addi %x338, %c1 : i32
    %x340 = arith.addi %x339, %c1 : i32
    %x341 = arith.addi %x340, %c1 : i32
    %x342 = arith.addi %x341, %c1 : i32
    %x343 = arith.addi %x342, %c1 : i32
    %x344 = arith.addi %x343, %c1 : i32
    %x345 = arith.addi %x344, %c1 : i32
    %x346 = arith.addi %x345, %c1 : i32
    %x347 = arith.addi %x346, %c1 : i32
    %x348 = arith.addi %x347, %c1 : i32
    %x349 = arith.addi %x348, %c1 : i32
    %x350 = arith.addi %x349, %c1 : i32
    %x351 = arith.addi %x350, %c1 : i32
    %x352 = arith.addi %x351, %c1 : i32
    %x353 = arith.addi %x352, %c1 : i32
    %x354 = arith.addi %x353, %c1 : i32
    %x355 = arith.addi %x354, %c1 : i32
    %x356 = arith.addi %x355, %c1 : i32
    %x357 = arith.addi %x356, %c1 : i32
    %x358 = arith.addi %x357, %c1 : i32
    %x359 = arith.addi %x358, %c1 : i32
    %x360 = arith.addi %x359, %c1 : i32
    %x361 = arith.addi %x360, %c1 : i32
    %x362 = arith.addi %x361, %c1 : i32
    %x363 = arith.addi %x362, %c1 : i32
    %x364 = arith.addi %x363, %c1 : i32
    %x365 = arith.addi %x364, %c1 : i32
    %x366 = arith.addi %x365, %c1 : i32
    %x367 = arith.addi %x366, %c1 : i32
    %x368 = arith.addi %x367, %c1 : i32
    %x369 = arith.addi %x368, %c1 : i32
    %x370 = arith.addi %x369, %c1 : i32
    %x371 = arith.addi %x370, %c1 : i32
    %x372 = arith.addi %x371, %c1 : i32
    %x373 = arith.addi %x372, %c1 : i32
    %x374 = arith.addi %x373, %c1 : i32
    %x375 = arith.addi %x374, %c1 : i32
    %x376 = arith.addi %x375, %c1 : i32
    %x377 = arith.addi %x376, %c1 : i32
    %x378 = arith.addi %x377, %c1 : i32
    %x379 = arith.addi %x378, %c1 : i32
    %x380 = arith.addi %x379, %c1 : i32
    %x381 = arith.addi %x380, %c1 : i32
    %x382 = arith.addi %x381, %c1 : i32
    %x383 = arith.addi %x382, %c1 : i32
    %x384 = arith.addi %x383, %c1 : i32
    %x385 = arith.addi %x384, %c1 : i32
    %x386 = arith.addi %x385, %c1 : i32
    %x387 = arith.addi %x386, %c1 : i32
    %x388 = arith.addi %x387, %c1 : i32
    %x389 = arith.addi %x388, %c1 : i32
    %x390 = arith.addi %x389, %c1 : i32
    %x391 = arith.addi %x390, %c1 : i32
    %x392 = arith.addi %x391, %c1 : i32
    %x393 = arith.addi %x392, %c1 : i32
    %x394 = arith.addi %x393, %c1 : i32
    %x395 = arith.addi %x394, %c1 : i32
    %x396 = arith.addi %x395, %c1 : i32
    %x397 = arith.addi %x396, %c1 : i32
    %x398 = arith.addi %x397, %c1 : i32
    %x399 = arith.addi %x398, %c1 : i32
    %x400 = arith.addi %x399, %c1 : i32
    %x401 = arith.addi %x400, %c1 : i32
    %x402 = arith.addi %x401, %c1 : i32
    %x403 = arith.addi %x402, %c1 : i32
    %x404 = arith.addi %x403, %c1 : i32
    %x405 = arith.addi %x404, %c1 : i32
    %x406 = arith.addi %x405, %c1 : i32
    %x407 = arith.addi %x406, %c1 : i32
    %x408 = arith.addi %x407, %c1 : i32
    %x409 = arith.addi %x408, %c1 : i32
    %x410 = arith.addi %x409, %c1 : i32
    %x411 = arith.addi %x410, %c1 : i32
    %x412 = arith.addi %x411, %c1 : i32
    %x413 = arith.addi %x412, %c1 : i32
    %x414 = arith.addi %x413, %c1 : i32
    %x415 = arith.addi %x414, %c1 : i32
    %x416 = arith.addi %x415, %c1 : i32
    %x417 = arith.addi %x416, %c1 : i32
    %x418 = arith.addi %x417, %c1 : i32
    %x419 = arith.addi %x418, %c1 : i32
    %x420 = arith.addi %x419, %c1 : i32
    %x421 = arith.addi %x420, %c1 : i32
    %x422 = arith.addi %x421, %c1 : i32
    %x423 = arith.addi %x422, %c1 : i32
    %x424 = arith.addi %x423, %c1 : i32
    %x425 = arith.addi %x424, %c1 : i32
    %x426 = arith.addi %x425, %c1 : i32
    %x427 = arith.addi %x426, %c1 : i32
    %x428 = arith.addi %x427, %c1 : i32
    %x429 = arith.addi %x428, %c1 : i32
    %x430 = arith.addi %x429, %c1 : i32
    %x431 = arith.addi %x430, %c1 : i32
    %x432 = arith.addi %x431, %c1 : i32
    %x433 = arith.addi %x432, %c1 : i32
    %x434 = arith.addi %x433, %c1 : i32
    %x435 = arith.addi %x434, %c1 : i32
    %x436 = arith.addi %x435, %c1 : i32
    %x437 = arith.addi %x436, %c1 : i32
    %x438 = arith.addi %x437, %c1 : i32
    %x439 = arith.addi %x438, %c1 : i32
    %x440 = arith.addi %x439, %c1 : i32
    %x441 = arith.addi %x440, %c1 : i32
    %x442 = arith.addi %x441, %c1 : i32
    %x443 = arith.addi %x442, %c1 : i32
    %x444 = arith.addi %x443, %c1 : i32
    %x445 = arith.addi %x444, %c1 : i32
    %x446 = arith.addi %x445, %c1 : i32
    %x447 = arith.addi %x446, %c1 : i32
    %x448 = arith.addi %x447, %c1 : i32
    %x449 = arith.addi %x448, %c1 : i32
    %x450 = arith.addi %x449, %c1 : i32
    %x451 = arith.addi %x450, %c1 : i32
    %x452 = arith.addi %x451, %c1 : i32
    %x453 = arith.addi %x452, %c1 : i32
    %x454 = arith.addi %x453, %c1 : i32
    %x455 = arith.addi %x454, %c1 : i32
    %x456 = arith.addi %x455, %c1 : i32
    %x457 = arith.addi %x456, %c1 : i32
    %x458 = arith.addi %x457, %c1 : i32
    %x459 = arith.addi %x458, %c1 : i32
    %x460 = arith.addi %x459, %c1 : i32
    %x461 = arith.addi %x460, %c1 : i32
    %x462 = arith.addi %x461, %c1 : i32
    %x463 = arith.addi %x462, %c1 : i32
    %x464 = arith.addi %x463, %c1 : i32
    %x465 = arith.addi %x464, %c1 : i32
    %x466 = arith.addi %x465, %c1 : i32
    %x467 = arith.addi %x466, %c1 : i32
    %x468 = arith.addi %x467, %c1 : i32
    %x469 = arith.addi %x468, %c1 : i32
    %x470 = arith.addi %x469, %c1 : i32
    %x471 = arith.addi %x470, %c1 : i32
    %x472 = arith.addi %x471, %c1 : i32
    %x473 = arith.addi %x472, %c1 : i32
    %x474 = arith.addi %x473, %c1 : i32
    %x475 = arith.addi %x474, %c1 : i32
    %x476 = arith.addi %x475, %c1 : i32
    %x477 = arith.addi %x476, %c1 : i32
    %x478 = arith.addi %x477, %c1 : i32
    %x479 = arith.addi %x478, %c1 : i32
    %x480 = arith.addi %x479, %c1 : i32
    %x481 = arith.addi %x480, %c1 : i32
    %x482 = arith.addi %x481, %c1 : i32
    %x483 = arith.addi %x482, %c1 : i32
    %x484 = arith.addi %x483, %c1 : i32
    %x485 = arith.addi %x484, %c1 : i32
    %x486 = arith.addi %x485, %c1 : i32
    %x487 = arith.addi %x486, %c1 : i32
    %x488 = arith.addi %x487, %c1 : i32
    %x489 = arith.addi %x488, %c1 : i32
    %x490 = arith.addi %x489, %c1 : i32
    %x491 = arith.addi %x490, %c1 : i32
    %x492 = arith.addi %x491, %c1 : i32
    %x493 = arith.addi %x492, %c1 : i32
    %x494 = arith.addi %x493, %c1 : i32
    %x495 = arith.addi %x494, %c1 : i32
    %x496 = arith.addi %x495, %c1 : i32
    %x497 = arith.addi %x496, %c1 : i32
    %x498 = arith.addi %x497, %c1 : i32
    %x499 = arith.addi %x498, %c1 : i32
    %x500 = arith.addi %x499, %c1 : i32
    %x501 = arith.addi %x500, %c1 : i32
    %x502 = arith.addi %x501, %c1 : i32
    %x503 = arith.addi %x502, %c1 : i32
    %x504 = arith.addi %x503, %c1 : i32
    %x505 = arith.addi %x504, %c1 : i32
    %x506 = arith.addi %x505, %c1 : i32
    %x507 = arith.addi %x506, %c1 : i32
    %x508 = arith.addi %x507, %c1 : i32
    %x509 = arith.addi %x508, %c1 : i32
    %x510 = arith.addi %x509, %c1 : i32
    %x511 = arith.addi %x510, %c1 : i32
    %x512 = arith.addi %x511, %c1 : i32
    %x513 = arith.addi %x512, %c1 : i32
    %x514 = arith.addi %x513, %c1 : i32
    %x515 = arith.addi %x514, %c1 : i32
    %x516 = arith.addi %x515, %c1 : i32
    %x517 = arith.addi %x516, %c1 : i32
    %x518 = arith.addi %x517, %c1 : i32
    %x519 = arith.addi %x518, %c1 : i32
    %x520 = arith.addi %x519, %c1 : i32
    %x521 = arith.addi %x520, %c1 : i32
    %x522 = arith.addi %x521, %c1 : i32
    %x523 = arith.addi %x522, %c1 : i32
    %x524 = arith.addi %x523, %c1 : i32
    %x525 = arith.addi %x524, %c1 : i32
    %x526 = arith.addi %x525, %c1 : i32
    %x527 = arith.addi %x526, %c1 : i32
    %x528 = arith.addi %x527, %c1 : i32
    %x529 = arith.addi %x528, %c1 : i32
    %x530 = arith.addi %x529, %c1 : i32
    %x531 = arith.addi %x530, %c1 : i32
    %x532 = arith.addi %x531, %c1 : i32
    %x533 = arith.addi %x532, %c1 : i32
    %x534 = arith.addi %x533, %c1 : i32
    %x535 = arith.addi %x534, %c1 : i32
    %x536 = arith.addi %x535, %c1 : i32
    %x537 = arith.addi %x536, %c1 : i32
    %x538 = arith.addi %x537, %c1 : i32
    %x539 = arith.addi %x538, %c1 : i32
    %x540 = arith.addi %x539, %c1 : i32
    %x541 = arith.addi %x540, %c1 : i32
    %x542 = arith.addi %x541, %c1 : i32
    %x543 = arith.addi %x542, %c1 : i32
    %x544 = arith.addi %x543, %c1 : i32
    %x545 = arith.addi %x544, %c1 : i32
    %x546 = arith.addi %x545, %c1 : i32
    %x547 = arith.addi %x546, %c1 : i32
    %x548 = arith.addi %x547, %c1 : i32
    %x549 = arith.addi %x548, %c1 : i32
    %x550 = arith.addi %x549, %c1 : i32
    %x551 = arith.addi %x550, %c1 : i32
    %x552 = arith.addi %x551, %c1 : i32
    %x553 = arith.addi %x552, %c1 : i32
    %x554 = arith.addi %x553, %c1 : i32
    %x555 = arith.addi %x554, %c1 : i32
    %x556 = arith.addi %x555, %c1 : i32
    %x557 = arith.addi %x556, %c1 : i32
    %x558 = arith.addi %x557, %c1 : i32
    %x559 = arith.addi %x558, %c1 : i32
    %x560 = arith.addi %x559, %c1 : i32
    %x561 = arith.addi %x560, %c1 : i32
    %x562 = arith.addi %x561, %c1 : i32
    %x563 = arith.addi %x562, %c1 : i32
    %x564 = arith.addi %x563, %c1 : i32
    %x565 = arith.addi %x564, %c1 : i32
    %x566 = arith.addi %x565, %c1 : i32
    %x567 = arith.addi %x566, %c1 : i32
    %x568 = arith.addi %x567, %c1 : i32
    %x569 = arith.addi %x568, %c1 : i32
    %x570 = arith.addi %x569, %c1 : i32
    %x571 = arith.addi %x570, %c1 : i32
    %x572 = arith.addi %x571, %c1 : i32
    %x573 = arith.addi %x572, %c1 : i32
    %x574 = arith.addi %x573, %c1 : i32
    %x575 = arith.addi %x574, %c1 : i32
    %x576 = arith.addi %x575, %c1 : i32
    %x577 = arith.addi %x576, %c1 : i32
    %x578 = arith.addi %x577, %c1 : i32
    %x579 = arith.addi %x578, %c1 : i32
    %x580 = arith.addi %x579, %c1 : i32
    %x581 = arith.addi %x580, %c1 : i32
    %x582 = arith.addi %x581, %c1 : i32
    %x583 = arith.addi %x582, %c1 : i32
    %x584 = arith.addi %x583, %c1 : i32
    %x585 = arith.addi %x584, %c1 : i32
    %x586 = arith.addi %x585, %c1 : i32
    %x587 = arith.addi %x586, %c1 : i32
    %x588 = arith.addi %x587, %c1 : i32
    %x589 = arith.addi %x588, %c1 : i32
    %x590 = arith.addi %x589, %c1 : i32
    %x591 = arith.addi %x590, %c1 : i32
    %x592 = arith.addi %x591, %c1 : i32
    %x593 = arith.addi %x592, %c1 : i32
    %x594 = arith.addi %x593, %c1 : i32
    %x595 = arith.addi %x594, %c1 : i32
    %x596 = arith.addi %x595, %c1 : i32
    %x597 = arith.addi %x596, %c1 : i32
    %x598 = arith.addi %x597, %c1 : i32
    %x599 = arith.addi %x598, %c1 : i32
    scf.yield %x599 : i32
  }
  tile.return
}

// -----

// The module's own cluster size wins over the pass's default of 2:
// program_id(x) / 2 differs between the CTAs of a cluster of 4.
module attributes {"tilegpu.cluster-size" = 4 : i32} {
  tile.func public @module_cluster_size() {
    // expected-remark @below {{varying}}
    %pid = tile.get_program_id x : i32
    // expected-remark @below {{uniform}}
    %c2 = arith.constant 2 : i32
    // expected-remark @below {{uniform}}
    %c4 = arith.constant 4 : i32
    // expected-remark @below {{varying}}
    %half = arith.divui %pid, %c2 : i32
    // expected-remark @below {{uniform}}
    %quarter = arith.divui %pid, %c4 : i32
    tile.return
  }
}
