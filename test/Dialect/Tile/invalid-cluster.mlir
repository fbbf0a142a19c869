// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: tile-opt %s -split-input-file -verify-diagnostics

// expected-error @below {{'tilegpu.cluster-size' must be a power-of-two integer from 1 to 8}}
module attributes {"tilegpu.cluster-size" = 3 : i32} {
}

// -----

// expected-error @below {{'tilegpu.cluster-size' must be a power-of-two integer from 1 to 8}}
module attributes {"tilegpu.cluster-size" = 16 : i32} {
}

// -----

// 2^64 + 2: wider than 64 bits, not 2.
// expected-error @below {{'tilegpu.cluster-size' must be a power-of-two integer from 1 to 8}}
module attributes {"tilegpu.cluster-size" = 18446744073709551618 : i128} {
}

// -----

// expected-error @below {{'tilegpu.cluster-size' must be a power-of-two integer from 1 to 8}}
module attributes {"tilegpu.cluster-size" = "two"} {
}

// -----

// Multicast and cluster-wide arrivals need clusters of several CTAs.
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tile.func public @multicast_alone(%desc: !tile.tensordesc<64x128xf16>, %buf: !tilegpu.buffer<64x128xf16, #nvmma, mutable>,
                                  %b: !tilegpu.buffer<1xi64, #bar, mutable>, %i: i32, %p: i1) {
  // expected-error @below {{'multicast' needs a module of several CTAs per cluster ('tilegpu.cluster-size' > 1)}}
  tilenv.async_tma_copy multicast %desc[%i, %i], %buf, %b, %p : !tile.tensordesc<64x128xf16>, !tilegpu.buffer<64x128xf16, #nvmma, mutable>, !tilegpu.buffer<1xi64, #bar, mutable>
  tile.return
}

// -----

#bar = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.cluster-size" = 1 : i32} {
  tile.func public @arrive_alone(%b: !tilegpu.buffer<1xi64, #bar, mutable>, %p: i1) {
    // expected-error @below {{'cluster' needs a module of several CTAs per cluster ('tilegpu.cluster-size' > 1)}}
    tilenv.arrive_barrier cluster %b, %p : !tilegpu.buffer<1xi64, #bar, mutable>
    tile.return
  }
}
