// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The rules of a kernel's declared parameters (tile.params): each a block
// dimension of at least 2 or an integer or float type, each value its own,
// no name shared with an argument.
// RUN: tile-opt %s -split-input-file -verify-diagnostics

// expected-error @below {{'tile.params' applies to tile.func only}}
module attributes {tile.params = {BM = 64 : i32}} {
}

// -----

// expected-error @below {{'tile.params' must be a dictionary}}
tile.func public @k() attributes {tile.params = [64 : i32]} {
  tile.return
}

// -----

// expected-error @below {{parameter 'BM' must be an integer of at least 2, got 1 : i32}}
tile.func public @k() attributes {tile.params = {BM = 1 : i32}} {
  tile.return
}

// -----

// expected-error @below {{parameter 'T' must be an integer or float type, got '!tile.ptr<f16>'}}
tile.func public @k() attributes {tile.params = {T = !tile.ptr<f16>}} {
  tile.return
}

// -----

// expected-error @below {{parameter 'P' must be an integer or a type, got "tf32"}}
tile.func public @k() attributes {tile.params = {P = "tf32"}} {
  tile.return
}

// -----

// expected-error @below {{parameters 'BM' and 'BN' are both written as 128 : i64; each needs a value of its own}}
tile.func public @k() attributes {tile.params = {BM = 128 : i32, BN = 128 : i64}} {
  tile.return
}

// -----

// expected-error @below {{parameters 'S' and 'T' are both written as f16; each needs a value of its own}}
tile.func public @k() attributes {tile.params = {T = f16, S = f16}} {
  tile.return
}

// -----

// expected-error @below {{parameter 'n' has the name of an argument}}
tile.func public @k(%n: i32) attributes {tile.params = {n = 64 : i32}} {
  tile.return
}
