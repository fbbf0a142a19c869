// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Liveness and offsets of shared-memory buffers. Live ranges count ops in
// pre-order from the function (0); offsets and sizes are in bytes.
// RUN: tile-opt %s -test-print-allocation -split-input-file -verify-diagnostics=only-expected -o /dev/null

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Two buffers that are not live at the same time share their memory.
// expected-remark @below {{total = 4096}}
tile.func public @reuse(%t: tensor<1024xf32, #blocked>) {
  // expected-remark @below {{buffer: live in [1, 3), offset = 0, size = 4096}}
  %a = tilegpu.local_alloc %t : (tensor<1024xf32, #blocked>) -> !tilegpu.buffer<1024xf32, #shared>
  %x = tilegpu.local_load %a : !tilegpu.buffer<1024xf32, #shared> -> tensor<1024xf32, #blocked>
  // expected-remark @below {{buffer: live in [3, 5), offset = 0, size = 4096}}
  %b = tilegpu.local_alloc %t : (tensor<1024xf32, #blocked>) -> !tilegpu.buffer<1024xf32, #shared>
  %y = tilegpu.local_load %b : !tilegpu.buffer<1024xf32, #shared> -> tensor<1024xf32, #blocked>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Overlapping live ranges: side by side, the larger buffer first.
// expected-remark @below {{total = 6144}}
tile.func public @overlap(%t: tensor<1024xf32, #blocked>, %u: tensor<512xf32, #blocked>) {
  // expected-remark @below {{buffer: live in [1, 5), offset = 0, size = 4096}}
  %a = tilegpu.local_alloc %t : (tensor<1024xf32, #blocked>) -> !tilegpu.buffer<1024xf32, #shared>
  // expected-remark @below {{buffer: live in [2, 4), offset = 4096, size = 2048}}
  %b = tilegpu.local_alloc %u : (tensor<512xf32, #blocked>) -> !tilegpu.buffer<512xf32, #shared>
  %y = tilegpu.local_load %b : !tilegpu.buffer<512xf32, #shared> -> tensor<512xf32, #blocked>
  %x = tilegpu.local_load %a : !tilegpu.buffer<1024xf32, #shared> -> tensor<1024xf32, #blocked>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Three buffers, the middle one overlapping both others: the outer two can
// share, the middle one cannot.
// expected-remark @below {{total = 8192}}
tile.func public @chain(%t: tensor<1024xf32, #blocked>) {
  // expected-remark @below {{buffer: live in [1, 4), offset = 0, size = 4096}}
  %a = tilegpu.local_alloc %t : (tensor<1024xf32, #blocked>) -> !tilegpu.buffer<1024xf32, #shared>
  // expected-remark @below {{buffer: live in [2, 6), offset = 4096, size = 4096}}
  %b = tilegpu.local_alloc %t : (tensor<1024xf32, #blocked>) -> !tilegpu.buffer<1024xf32, #shared>
  %x = tilegpu.local_load %a : !tilegpu.buffer<1024xf32, #shared> -> tensor<1024xf32, #blocked>
  // expected-remark @below {{buffer: live in [4, 7), offset = 0, size = 4096}}
  %c = tilegpu.local_alloc %t : (tensor<1024xf32, #blocked>) -> !tilegpu.buffer<1024xf32, #shared>
  %y = tilegpu.local_load %b : !tilegpu.buffer<1024xf32, #shared> -> tensor<1024xf32, #blocked>
  %z = tilegpu.local_load %c : !tilegpu.buffer<1024xf32, #shared> -> tensor<1024xf32, #blocked>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A buffer used inside a loop lives through the whole loop, even after its
// last use in the body: the next iteration reads it again. So the buffer
// allocated later in the body cannot reuse its memory.
// expected-remark @below {{total = 8192}}
tile.func public @loop(%t: tensor<1024xf32, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{buffer: live in [3, 9), offset = 0, size = 4096}}
  %a = tilegpu.local_alloc %t : (tensor<1024xf32, #blocked>) -> !tilegpu.buffer<1024xf32, #shared>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %x = tilegpu.local_load %a : !tilegpu.buffer<1024xf32, #shared> -> tensor<1024xf32, #blocked>
    // expected-remark @below {{buffer: live in [6, 8), offset = 4096, size = 4096}}
    %b = tilegpu.local_alloc %x : (tensor<1024xf32, #blocked>) -> !tilegpu.buffer<1024xf32, #shared>
    %y = tilegpu.local_load %b : !tilegpu.buffer<1024xf32, #shared> -> tensor<1024xf32, #blocked>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Double buffering: the two loop-carried buffers swap, so both live through
// the loop and must not overlap.
// expected-remark @below {{total = 8192}}
tile.func public @double_buffer(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{buffer: live in [3, 9), offset = 0, size = 4096}}
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<1024xf32, #shared, mutable>
  // expected-remark @below {{buffer: live in [4, 9), offset = 4096, size = 4096}}
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<1024xf32, #shared, mutable>
  %x, %y = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %a, %next = %b) -> (!tilegpu.buffer<1024xf32, #shared, mutable>, !tilegpu.buffer<1024xf32, #shared, mutable>) : i32 {
    %v = tilegpu.local_load %cur : !tilegpu.buffer<1024xf32, #shared, mutable> -> tensor<1024xf32, #blocked>
    tilegpu.local_store %v, %next : tensor<1024xf32, #blocked> -> !tilegpu.buffer<1024xf32, #shared, mutable>
    scf.yield %next, %cur : !tilegpu.buffer<1024xf32, #shared, mutable>, !tilegpu.buffer<1024xf32, #shared, mutable>
  }
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A view keeps its allocation alive; the dealloc is its last use.
// expected-remark @below {{total = 2048}}
tile.func public @views_and_dealloc(%i: i32) {
  // expected-remark @below {{buffer: live in [1, 5), offset = 0, size = 2048}}
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<2x256xf32, #shared, mutable>
  %s = tilegpu.buffer_index %a[%i] : !tilegpu.buffer<2x256xf32, #shared, mutable> -> !tilegpu.buffer<256xf32, #shared, mutable>
  %x = tilegpu.local_load %s : !tilegpu.buffer<256xf32, #shared, mutable> -> tensor<256xf32, #blocked>
  tilegpu.local_dealloc %a : !tilegpu.buffer<2x256xf32, #shared, mutable>
  // expected-remark @below {{buffer: live in [5, 6), offset = 0, size = 1024}}
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<256xf32, #shared, mutable>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A buffer selected by an scf.if keeps both candidates alive until the
// result's last use.
// expected-remark @below {{total = 8192}}
tile.func public @select_if(%c: i1) {
  // expected-remark @below {{buffer: live in [1, 7), offset = 0, size = 4096}}
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<1024xf32, #shared, mutable>
  // expected-remark @below {{buffer: live in [2, 7), offset = 4096, size = 4096}}
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<1024xf32, #shared, mutable>
  %r = scf.if %c -> !tilegpu.buffer<1024xf32, #shared, mutable> {
    scf.yield %a : !tilegpu.buffer<1024xf32, #shared, mutable>
  } else {
    scf.yield %b : !tilegpu.buffer<1024xf32, #shared, mutable>
  }
  %x = tilegpu.local_load %r : !tilegpu.buffer<1024xf32, #shared, mutable> -> tensor<1024xf32, #blocked>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked4 = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked2d = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Scratch: a layout conversion moves the whole tensor through shared
// memory; a reduction across 4 warps exchanges one value per warp and row;
// a scalar atomic whose result is used shares it. Scratch lives for its op
// only, so it all starts at 0.
// expected-remark @below {{total = 4096}}
tile.func public @scratch(%t: tensor<1024xf32, #blocked>, %m: tensor<32x128xf32, #blocked2d>, %p: !tile.ptr<i32>, %v: i32) -> i32 {
  // expected-remark @below {{scratch: live in [1, 2), offset = 0, size = 4096}}
  %c = tilegpu.convert_layout %t : tensor<1024xf32, #blocked> -> tensor<1024xf32, #blocked4>
  // expected-remark @below {{scratch: live in [2, 3), offset = 0, size = 16}}
  %s = "tile.reduce"(%t) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tile.reduce.return %r : f32
  }) : (tensor<1024xf32, #blocked>) -> f32
  // expected-remark @below {{scratch: live in [5, 6), offset = 0, size = 512}}
  %rows = "tile.reduce"(%m) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.maxnumf %a, %b : f32
    tile.reduce.return %r : f32
  }) : (tensor<32x128xf32, #blocked2d>) -> tensor<32xf32, #tilegpu.slice<{dim = 1, parent = #blocked2d}>>
  // expected-remark @below {{scratch: live in [8, 9), offset = 0, size = 4}}
  %old = tile.atomic_rmw add, acq_rel, gpu, %p, %v : (!tile.ptr<i32>, i32) -> i32
  tile.return %old : i32
}
}

// -----

#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#rows = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#lines = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#cols = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 8], order = [0, 1]}>
module attributes {"tilegpu.num-warps" = 8 : i32} {
// A conversion whose tensor would take more than 32 KiB of scratch goes in
// rounds, each a slice that both layouts repeat whole in: wgmma's
// accumulator repeats every 8 columns, #lines every 64, so 128x256 f16
// goes in 4 rounds of 128x64 (rows of 128 bytes, padded by 16). #rows
// spreads each row over a warp: no rounds, 128 rows of 528 bytes. Between
// two blocked layouts, the fewest rounds that fit: #rows repeats every 8
// rows, #cols every 32, so 256x128 f32 goes in 8 rounds of 32 rows of 528
// bytes (4 rounds would take 33792). A store of a value in another layout
// than its pointers' converts it the same way.
// expected-remark @below {{total = 67584}}
tile.func public @rounds(%acc: tensor<128x256xf16, #mma>, %big: tensor<256x128xf32, #rows>, %p: tensor<128x256x!tile.ptr<f16>, #lines>) {
  // expected-remark @below {{scratch: live in [1, 2), offset = 0, size = 18432}}
  %a = tilegpu.convert_layout %acc : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #lines>
  // expected-remark @below {{scratch: live in [2, 3), offset = 0, size = 67584}}
  %b = tilegpu.convert_layout %acc : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #rows>
  // expected-remark @below {{scratch: live in [3, 4), offset = 0, size = 16896}}
  %c = tilegpu.convert_layout %big : tensor<256x128xf32, #rows> -> tensor<256x128xf32, #cols>
  // expected-remark @below {{scratch: live in [4, 5), offset = 0, size = 18432}}
  tile.store %p, %acc : tensor<128x256x!tile.ptr<f16>, #lines>, tensor<128x256xf16, #mma>
  tile.return
}
}

// -----

#blocked2d = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// Within a warp a reduction needs only shuffles: no scratch. Neither does an
// atomic whose result is unused.
// expected-remark @below {{total = 0}}
tile.func public @no_scratch(%m: tensor<4x128xf32, #blocked2d>, %p: !tile.ptr<i32>, %v: i32) {
  %rows = "tile.reduce"(%m) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tile.reduce.return %r : f32
  }) : (tensor<4x128xf32, #blocked2d>) -> tensor<4xf32, #tilegpu.slice<{dim = 1, parent = #blocked2d}>>
  %old = tile.atomic_rmw add, relaxed, gpu, %p, %v : (!tile.ptr<i32>, i32) -> i32
  tile.return
}
}

// -----

#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A 128-byte swizzled NVMMA buffer starts at a multiple of 1024 bytes.
// expected-remark @below {{total = 18432}}
tile.func public @alignment() {
  // expected-remark @below {{buffer: live in [1, 5), offset = 0, size = 10000}}
  %a = tilegpu.local_alloc : () -> !tilegpu.buffer<2500xf32, #shared, mutable>
  // expected-remark @below {{buffer: live in [2, 4), offset = 10240, size = 8192}}
  %b = tilegpu.local_alloc : () -> !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilegpu.local_dealloc %b : !tilegpu.buffer<64x64xf16, #nvmma, mutable>
  tilegpu.local_dealloc %a : !tilegpu.buffer<2500xf32, #shared, mutable>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A call reserves its callee's whole allocation, away from the caller's
// buffers that are live across the call.
// expected-remark @below {{total = 2048}}
tile.func private @callee(%t: tensor<512xf32, #blocked>) {
  // expected-remark @below {{buffer: live in [1, 3), offset = 0, size = 2048}}
  %a = tilegpu.local_alloc %t : (tensor<512xf32, #blocked>) -> !tilegpu.buffer<512xf32, #shared>
  %x = tilegpu.local_load %a : !tilegpu.buffer<512xf32, #shared> -> tensor<512xf32, #blocked>
  tile.return
}
// expected-remark @below {{total = 6144}}
tile.func public @caller(%t: tensor<1024xf32, #blocked>, %u: tensor<512xf32, #blocked>) {
  // expected-remark @below {{buffer: live in [1, 4), offset = 0, size = 4096}}
  %a = tilegpu.local_alloc %t : (tensor<1024xf32, #blocked>) -> !tilegpu.buffer<1024xf32, #shared>
  // expected-remark @below {{callee: live in [2, 3), offset = 4096, size = 2048}}
  tile.call @callee(%u) : (tensor<512xf32, #blocked>) -> ()
  %x = tilegpu.local_load %a : !tilegpu.buffer<1024xf32, #shared> -> tensor<1024xf32, #blocked>
  tile.return
}
}

// -----

module {
// expected-error @below {{'tile.func' op is recursive: its shared memory cannot be allocated}}
tile.func private @a() {
  tile.call @b() : () -> ()
  tile.return
}
tile.func private @b() {
  tile.call @a() : () -> ()
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// The producer of a tilenv.warp_specialize runs alongside its default
// region. A buffer both regions use is live from the split through the
// default region's last use of it, after which the default region's own
// buffer takes its memory; one that only the producer uses stays live to
// the split's end, beside that buffer.
// expected-remark @below {{total = 4104}}
tile.func public @split(%t: tensor<1024xf32, #blocked>, %phase: i32) {
  %true = arith.constant true
  // expected-remark @below {{buffer: live in [2, 8), offset = 0, size = 8}}
  %both = tilegpu.local_alloc : () -> !tilegpu.buffer<1xi64, #shared, mutable>
  // expected-remark @below {{buffer: live in [3, 10), offset = 4096, size = 8}}
  %producer = tilegpu.local_alloc : () -> !tilegpu.buffer<1xi64, #shared, mutable>
  tilenv.warp_specialize producer {
    tilenv.arrive_barrier %both, %true : !tilegpu.buffer<1xi64, #shared, mutable>
    tilenv.arrive_barrier %producer, %true : !tilegpu.buffer<1xi64, #shared, mutable>
  } default {
    tilenv.wait_barrier %both, %phase : !tilegpu.buffer<1xi64, #shared, mutable>
    // expected-remark @below {{buffer: live in [8, 10), offset = 0, size = 4096}}
    %own = tilegpu.local_alloc %t : (tensor<1024xf32, #blocked>) -> !tilegpu.buffer<1024xf32, #shared>
    %x = tilegpu.local_load %own : !tilegpu.buffer<1024xf32, #shared> -> tensor<1024xf32, #blocked>
  }
  tile.return
}
}

// -----

// An op known only by its declared MemAlloc effect on shared memory (the
// tile_test dialect's) gets a buffer like tilegpu.local_alloc's, and buffers
// that are not live together share memory.
#shared = #tilegpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// expected-remark @below {{total = 1024}}
tile.func public @declared_alloc() {
  // expected-remark @below {{buffer: live in [1, 3), offset = 0, size = 1024}}
  %a = tile_test.alloc_shared : !tilegpu.buffer<256xf32, #shared, mutable>
  tile_test.read_shared %a : !tilegpu.buffer<256xf32, #shared, mutable>
  // expected-remark @below {{buffer: live in [3, 5), offset = 0, size = 1024}}
  %b = tile_test.alloc_shared : !tilegpu.buffer<256xf32, #shared, mutable>
  tile_test.write_shared %b : !tilegpu.buffer<256xf32, #shared, mutable>
  tile.return
}
}

// -----

// An op known only by its declared scratch (tilegpu::ScratchOpInterface, the
// tile_test dialect's) gets scratch like a layout conversion's, live at the
// op alone; one that declares none for this instance gets nothing.
module attributes {"tilegpu.num-warps" = 4 : i32} {
// expected-remark @below {{total = 512}}
tile.func public @declared_scratch() {
  // expected-remark @below {{scratch: live in [1, 2), offset = 0, size = 512}}
  tile_test.scratch {bytes = 512}
  tile_test.scratch {bytes = 0}
  // expected-remark @below {{scratch: live in [3, 4), offset = 0, size = 256}}
  tile_test.scratch {bytes = 256}
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// An asynchronous warpgroup dot reads its buffers until a wait retires it:
// here the synchronous dot after it (which waits for every group). The
// buffer it reads stays live until then, so the synchronous dot's buffer,
// stored before, does not take its memory.
// expected-remark @below {{total = 16384}}
tile.func public @async_dot_reads(%t: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>) {
  // expected-remark @below {{buffer: live in [1, 5), offset = 0, size = 8192}}
  %a = tilegpu.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
  %d = tilenv.warpgroup_dot %a, %a, %acc {isAsync} : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<64x64xf32, #mma>
  // expected-remark @below {{buffer: live in [3, 5), offset = 8192, size = 8192}}
  %b = tilegpu.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
  %e = tilenv.warpgroup_dot %b, %b, %acc : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<64x64xf32, #mma>
  %w = tilenv.warpgroup_dot_wait %d {pendings = 0 : i32} : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  tile.return
}
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #tilegpu.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #tilegpu.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"tilegpu.num-warps" = 4 : i32} {
// A dot deferred to the next iteration (attention's P * V): its products
// are waited for after that iteration's synchronous dot, so the buffer it
// reads is live through the whole loop, and the synchronous dot's buffer,
// stored in the next iteration before that wait, is placed beside it.
// expected-remark @below {{total = 16384}}
tile.func public @deferred_dot_reads(%t: tensor<64x64xf16, #blocked>, %acc0: tensor<64x64xf32, #mma>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %acc0, %prev = %acc0) -> (tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>) : i32 {
    // expected-remark @below {{buffer: live in [4, 6), offset = 8192, size = 8192}}
    %s = tilegpu.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
    %q = tilenv.warpgroup_dot %s, %s, %acc : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<64x64xf32, #mma>
    %pw = tilenv.warpgroup_dot_wait %prev {pendings = 0 : i32} : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
    // expected-remark @below {{buffer: live in [3, 10), offset = 0, size = 8192}}
    %v = tilegpu.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !tilegpu.buffer<64x64xf16, #nvmma>
    %o = tilenv.warpgroup_dot %v, %v, %pw {isAsync} : !tilegpu.buffer<64x64xf16, #nvmma>, !tilegpu.buffer<64x64xf16, #nvmma> -> tensor<64x64xf32, #mma>
    scf.yield %q, %o : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
  }
  %rw = tilenv.warpgroup_dot_wait %r#1 {pendings = 0 : i32} : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  tile.return
}
}
