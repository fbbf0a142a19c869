// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The alignment analysis: contiguity, divisibility and constancy per
// dimension. Divisibility of pointers is in bytes.
// RUN: tile-opt %s -test-print-alignment -split-input-file -verify-diagnostics=only-expected -o /dev/null

tile.func public @ranges_and_constants() {
  // expected-remark @below {{contiguity = [128], divisibility = [4294967296], constancy = [1], constant_value = <none>}}
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [64], constancy = [1], constant_value = <none>}}
  %s = tile.make_range {end = 128 : i32, start = 64 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [128], constant_value = 24}}
  %c = arith.constant dense<24> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %nonsplat = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = -4}}
  %neg = arith.constant -4 : i32
  tile.return
}

// -----

// Argument hints, splat, and pointer arithmetic in bytes.
tile.func public @pointers(%pf: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                           %ph: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %pu: !tile.ptr<f32>, %n: i32 {tile.divisibility = 8 : i32}) {
  %r = tile.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [256], constant_value = <none>}}
  %sf = tile.splat %pf : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
  // expected-remark @below {{contiguity = [256], divisibility = [16], constancy = [1], constant_value = <none>}}
  %f = tile.addptr %sf, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %sh = tile.splat %ph : !tile.ptr<f16> -> tensor<256x!tile.ptr<f16>>
  // expected-remark @below {{contiguity = [256], divisibility = [16], constancy = [1], constant_value = <none>}}
  %h = tile.addptr %sh, %r : tensor<256x!tile.ptr<f16>>, tensor<256xi32>
  // A scalar offset of 8 elements: 32 bytes of f32, 16 of f16.
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
  %q = tile.addptr %pf, %n : !tile.ptr<f32>, i32
  %su = tile.splat %pu : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
  // Without a hint the base is only known to be element-aligned... not even
  // that: divisibility 1.
  // expected-remark @below {{contiguity = [256], divisibility = [1], constancy = [1], constant_value = <none>}}
  %u = tile.addptr %su, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  tile.return
}

// -----

// x + 2: runs of x stay runs, but their starts are only even.
tile.func public @add_sub_mul(%n: i32 {tile.divisibility = 16 : i32}) {
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %two = arith.constant dense<2> : tensor<64xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [2], constancy = [1], constant_value = <none>}}
  %a = arith.addi %r, %two : tensor<64xi32>
  // Subtracting a contiguous tensor gives a decreasing sequence: no runs.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %b = arith.subi %two, %r : tensor<64xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [2], constancy = [1], constant_value = <none>}}
  %c = arith.subi %r, %two : tensor<64xi32>
  %ns = tile.splat %n : i32 -> tensor<64xi32>
  // x * n: consecutive values times n are n apart, each divisible by 16.
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
  %d = arith.muli %r, %ns : tensor<64xi32>
  %one = arith.constant dense<1> : tensor<64xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [4294967296], constancy = [1], constant_value = <none>}}
  %e = arith.muli %r, %one : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [64], constant_value = 4}}
  %f = arith.addi %two, %two : tensor<64xi32>
  tile.return
}

// -----

// Shorter result runs: r + m where m is uniform only over blocks of 4 (and
// a multiple of 1024). The runs of the sum have length 4, and the values of
// r at their starts (0, 4, 8, ...) are only multiples of 4, even though r's
// own run starts at 0: the sum's run starts are multiples of 4, not 1024.
tile.func public @shorter_runs(%n: i32 {tile.divisibility = 1024 : i32}) {
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %s = tile.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %e = tile.expand_dims %s {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %b = tile.broadcast %e : tensor<16x1xi32> -> tensor<16x4xi32>
  %k = tile.reshape %b : tensor<16x4xi32> -> tensor<64xi32>
  %ns = tile.splat %n : i32 -> tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [4], constant_value = <none>}}
  %m = arith.muli %k, %ns : tensor<64xi32>
  // expected-remark @below {{contiguity = [4], divisibility = [4], constancy = [1], constant_value = <none>}}
  %sum = arith.addi %r, %m : tensor<64xi32>
  tile.return
}

// -----

// Signed division and remainder truncate towards zero: -4..-1 / 4 is
// -1, 0, 0, 0 and -4..-1 % 4 is 0, -3, -2, -1, so neither keeps runs. The
// unsigned and mask forms do.
tile.func public @div_rem(%x: tensor<64xi32> {tile.contiguity = 64 : i32, tile.divisibility = 64 : i32}) {
  %c4 = arith.constant dense<4> : tensor<64xi32>
  %c3 = arith.constant dense<3> : tensor<64xi32>
  %c2 = arith.constant dense<2> : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %sdiv = arith.divsi %x, %c4 : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4], constant_value = <none>}}
  %udiv = arith.divui %x, %c4 : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4], constant_value = <none>}}
  %shr = arith.shrsi %x, %c2 : tensor<64xi32>
  // Only gcd(divisibility of each element, 4) survives a signed remainder:
  // not the divisibility of run starts for every element.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %srem = arith.remsi %x, %c4 : tensor<64xi32>
  // expected-remark @below {{contiguity = [4], divisibility = [4], constancy = [1], constant_value = <none>}}
  %urem = arith.remui %x, %c4 : tensor<64xi32>
  // expected-remark @below {{contiguity = [4], divisibility = [4], constancy = [1], constant_value = <none>}}
  %and = arith.andi %x, %c3 : tensor<64xi32>
  tile.return
}

// -----

// Signed division and remainder of a dividend the non-negativity analysis
// knows is never negative round down, and keep runs as the unsigned forms
// do; the divisor may be a run-time value: runs are cut where it may
// divide (its divisibility) and where it changes (its constancy). The
// tutorial matmul's `(pid_n * 128 + arange(0, 128)) % N`, N a multiple of
// 16, with tl.assume(pid_n >= 0): runs of 16.
tile.func public @div_rem_non_negative(%n: i32 {tile.divisibility = 16 : i32}, %k: i32) {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %pid = tile.get_program_id x : i32
  %pid_n = arith.divsi %pid, %k : i32
  %ok = arith.cmpi sge, %pid_n, %c0 : i32
  llvm.intr.assume %ok : i1
  %base = arith.muli %pid_n, %c128 : i32
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %bs = tile.splat %base : i32 -> tensor<128xi32>
  %offs = arith.addi %bs, %r : tensor<128xi32>
  %ns = tile.splat %n : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [16], divisibility = [16], constancy = [1], constant_value = <none>}}
  %rem = arith.remsi %offs, %ns : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>}}
  %div = arith.divsi %offs, %ns : tensor<128xi32>
  %c4 = arith.constant dense<4> : tensor<128xi32>
  // expected-remark @below {{contiguity = [4], divisibility = [4], constancy = [1], constant_value = <none>}}
  %rem4 = arith.remsi %r, %c4 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4], constant_value = <none>}}
  %div4 = arith.divsi %r, %c4 : tensor<128xi32>
  // A divisor known only to be a multiple of 16 cuts at 16 even where the
  // dividend's runs are longer.
  // expected-remark @below {{contiguity = [16], divisibility = [16], constancy = [1], constant_value = <none>}}
  %urem = arith.remui %r, %ns : tensor<128xi32>
  // An unaligned divisor (divisibility 1) leaves no runs.
  %ks = tile.splat %k : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %urem1 = arith.remui %r, %ks : tensor<128xi32>
  tile.return
}

// -----

// Dividends that may be negative: runs below zero are not kept (Triton's
// AxisInfo claimed both; issues 7425 and 7749 there). -64..-57 / 32 is
// -2, -1, ..., -1; a remainder by a contiguous divisor keeps no runs, and
// 64 % (32..159) is 0, 32, 31, ...: divisible by nothing.
tile.func public @div_rem_signed(%x: tensor<8xi32> {tile.contiguity = 8 : i32, tile.divisibility = 64 : i32},
                                 %y: tensor<128xi32> {tile.contiguity = 128 : i32, tile.divisibility = 32 : i32}) {
  %c32 = arith.constant dense<32> : tensor<8xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %div = arith.divsi %x, %c32 : tensor<8xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %rem = arith.remsi %x, %c32 : tensor<8xi32>
  %c64 = arith.constant dense<64> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %rem2 = arith.remsi %c64, %y : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %rem3 = arith.remui %c64, %y : tensor<128xi32>
  tile.return
}

// -----

// A signed remainder of values that are all multiples of 16 is a multiple
// of gcd(16, 8) for every element.
tile.func public @rem_of_multiples(%n: i32 {tile.divisibility = 16 : i32}, %m: i32 {tile.divisibility = 4 : i32}) {
  %c8 = arith.constant 8 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>}}
  %a = arith.remsi %n, %c8 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>}}
  %b = arith.remsi %m, %c8 : i32
  // A quotient of multiples is not a multiple of anything.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %c = arith.divsi %n, %m : i32
  tile.return
}

// -----

tile.func public @select_min_max(%c: i1, %n: i32 {tile.divisibility = 16 : i32}) {
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %c8 = arith.constant dense<8> : tensor<64xi32>
  %r8 = arith.addi %r, %c8 : tensor<64xi32>
  // A uniform condition picks one run or the other.
  // expected-remark @below {{contiguity = [64], divisibility = [8], constancy = [1], constant_value = <none>}}
  %s = arith.select %c, %r, %r8 : tensor<64xi32>
  %ns = tile.splat %n : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<64xi32>
  // A condition uniform over blocks of 16 cuts the runs there.
  // expected-remark @below {{contiguity = [16], divisibility = [8], constancy = [1], constant_value = <none>}}
  %t = arith.select %m, %r, %r8 : tensor<64xi1>, tensor<64xi32>
  // min/max pick element by element: no runs, only common divisibility.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %mx = arith.maxsi %r, %r8 : tensor<64xi32>
  %n32 = arith.constant dense<32> : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [64], constant_value = <none>}}
  %mn = arith.minui %ns, %n32 : tensor<64xi32>
  tile.return
}

// -----

// Masks: `offsets < n` is uniform over blocks where the offsets are aligned
// runs and n is a multiple of the block, for strict comparisons only.
tile.func public @masks(%n: i32 {tile.divisibility = 16 : i32}, %m: i32) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %ns = tile.splat %n : i32 -> tensor<128xi32>
  %ms = tile.splat %m : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>}}
  %lt = arith.cmpi slt, %r, %ns : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>}}
  %gt = arith.cmpi sgt, %ns, %r : tensor<128xi32>
  // r <= n flips between r == n and r == n + 1.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %le = arith.cmpi sle, %r, %ns : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %eq = arith.cmpi eq, %r, %ns : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %lm = arith.cmpi slt, %r, %ms : tensor<128xi32>
  tile.return
}

// -----

// Shape ops move the facts with the dimensions.
tile.func public @shapes(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %stride: i32 {tile.divisibility = 16 : i32}) {
  %rows = tile.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %cols = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [32, 1], divisibility = [4294967296, 1], constancy = [1, 1], constant_value = <none>}}
  %r2 = tile.expand_dims %rows {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ss = tile.splat %stride : i32 -> tensor<32x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1], constant_value = <none>}}
  %ro = arith.muli %r2, %ss : tensor<32x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 64], constant_value = <none>}}
  %rb = tile.broadcast %ro : tensor<32x1xi32> -> tensor<32x64xi32>
  %c2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 4294967296], constancy = [32, 1], constant_value = <none>}}
  %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<32x64xi32>
  // Along dimension 0 every element starts a run, and not every element is
  // a multiple of anything.
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 16], constancy = [1, 1], constant_value = <none>}}
  %off = arith.addi %rb, %cb : tensor<32x64xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<32x64x!tile.ptr<f32>>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [4, 16], constancy = [1, 1], constant_value = <none>}}
  %ptrs = tile.addptr %ps, %off : tensor<32x64x!tile.ptr<f32>>, tensor<32x64xi32>
  // expected-remark @below {{contiguity = [64, 1], divisibility = [16, 4], constancy = [1, 1], constant_value = <none>}}
  %t = tile.trans %ptrs {order = array<i32: 1, 0>} : tensor<32x64x!tile.ptr<f32>> -> tensor<64x32x!tile.ptr<f32>>
  // Merging dimensions keeps the runs of the innermost one.
  // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1], constant_value = <none>}}
  %flat = tile.reshape %off : tensor<32x64xi32> -> tensor<2048xi32>
  // expected-remark @below {{contiguity = [1, 1, 64], divisibility = [1, 1, 16], constancy = [1, 1, 1], constant_value = <none>}}
  %three = tile.reshape %off : tensor<32x64xi32> -> tensor<32x1x64xi32>
  tile.return
}

// -----

// Loop induction variables: lb, lb + step, ... are multiples of gcd.
tile.func public @loops(%n: i32, %lb: i32 {tile.divisibility = 32 : i32}) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %c48 = arith.constant 48 : i32
  scf.for %i = %c0 to %n step %c64 : i32 {
    // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1], constant_value = <none>}}
    %a = arith.addi %i, %c0 : i32
  }
  scf.for %j = %lb to %n step %c48 : i32 {
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
    %b = arith.addi %j, %c0 : i32
  }
  tile.return
}

// -----

// Loop-carried values join the initial and the yielded value.
tile.func public @loop_carried(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32, %step: i32 {tile.divisibility = 4 : i32}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
  %ptrs = tile.addptr %ps, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %steps = tile.splat %step : i32 -> tensor<64xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1], constant_value = <none>}}
  %out = scf.for %i = %c0 to %n step %c1 iter_args(%q = %ptrs) -> (tensor<64x!tile.ptr<f32>>) : i32 {
    // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1], constant_value = <none>}}
    %next = tile.addptr %q, %steps : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
    scf.yield %next : tensor<64x!tile.ptr<f32>>
  }
  tile.return
}

// -----

// scf.if joins both branches.
tile.func public @branches(%c: i1, %n: i32 {tile.divisibility = 16 : i32}, %m: i32 {tile.divisibility = 4 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>}}
  %v = scf.if %c -> i32 {
    scf.yield %n : i32
  } else {
    scf.yield %m : i32
  }
  tile.return
}

// -----

// A device function's arguments hold what holds at every call site.
tile.func private @callee(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>}}
  %y = arith.addi %x, %c0 : i32
  tile.return %y : i32
}

tile.func public @caller(%a: i32 {tile.divisibility = 16 : i32}, %b: i32 {tile.divisibility = 8 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>}}
  %0 = tile.call @callee(%a) : (i32) -> i32
  %1 = tile.call @callee(%b) : (i32) -> i32
  tile.return
}

// -----

// Loads of uniform addresses are uniform; casts keep facts.
tile.func public @loads_and_casts(%p: !tile.ptr<i32> {tile.divisibility = 16 : i32}, %n: i32 {tile.divisibility = 16 : i32}) {
  %ps = tile.splat %p : !tile.ptr<i32> -> tensor<64x!tile.ptr<i32>>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [64], constant_value = <none>}}
  %v = tile.load %ps : tensor<64x!tile.ptr<i32>>
  %r = tile.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [4294967296], constancy = [1], constant_value = <none>}}
  %w = arith.extsi %r : tensor<64xi32> to tensor<64xi64>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
  %i = tile.ptr_to_int %p : !tile.ptr<i32> -> i64
  %ns = tile.splat %n : i32 -> tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [64], constant_value = <none>}}
  %f = arith.sitofp %ns : tensor<64xi32> to tensor<64xf32>
  tile.return
}

// -----

// Extremes, each once a crash or undefined behaviour: constants of index
// type folded; INT64_MIN's divisibility capped (2^63 read as negative);
// products and shifts of divisibilities capped, not overflowing; a hint
// beyond the cap (2^62) taken as the cap; a mask of all but the sign bit
// (mask + 1 overflowed).
tile.func public @extremes(%n: i32 {tile.divisibility = 4611686018427387904 : i64}, %x: i64) {
  // expected-remark @below {{constant_value = 1}}
  %a = arith.constant 1 : index
  // expected-remark @below {{divisibility = [1], constancy = [1], constant_value = 2}}
  %b = arith.addi %a, %a : index
  // expected-remark @below {{divisibility = [4294967296], constancy = [1], constant_value = -9223372036854775808}}
  %min = arith.constant -9223372036854775808 : i64
  // expected-remark @below {{divisibility = [1], constancy = [1], constant_value = <none>}}
  %c = arith.addi %min, %x : i64
  // expected-remark @below {{constant_value = 0}}
  %z = arith.constant 0 : i32
  // expected-remark @below {{divisibility = [4294967296], constancy = [1], constant_value = 0}}
  %zz = arith.muli %z, %z : i32
  // expected-remark @below {{constant_value = 31}}
  %c31 = arith.constant 31 : i32
  // expected-remark @below {{divisibility = [4294967296], constancy = [1], constant_value = <none>}}
  %s = arith.shli %n, %c31 : i32
  // expected-remark @below {{divisibility = [4294967296], constancy = [1], constant_value = <none>}}
  %m = arith.muli %n, %n : i32
  // expected-remark @below {{constant_value = 9223372036854775807}}
  %max = arith.constant 9223372036854775807 : i64
  // expected-remark @below {{divisibility = [1], constancy = [1], constant_value = <none>}}
  %and = arith.andi %x, %max : i64
  tile.return
}
