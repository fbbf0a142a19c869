// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The cluster uniformity analysis for clusters of 4 CTAs along x: the
// cluster's index divides program_id(x) by a multiple of 4.
// RUN: tile-opt %s -test-print-cluster-uniformity=cluster-size=4 -verify-diagnostics=only-expected -o /dev/null

tile.func public @program_ids() {
  // expected-remark @below {{varying}}
  %pid = tile.get_program_id x : i32
  // expected-remark @below {{uniform}}
  %c2 = arith.constant 2 : i32
  // expected-remark @below {{uniform}}
  %c8 = arith.constant 8 : i32
  // expected-remark @below {{varying}}
  %half = arith.divui %pid, %c2 : i32
  // expected-remark @below {{uniform}}
  %eighth = arith.divui %pid, %c8 : i32
  // expected-remark @below {{uniform}}
  %quarter = arith.shrui %pid, %c2 : i32
  // expected-remark @below {{varying}}
  %bits = arith.shrui %pid, %pid : i32
  tile.return
}
