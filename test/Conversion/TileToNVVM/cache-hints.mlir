// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Cache hints of loads and stores reach PTX: a cache operator (.ca, .cg,
// .cs, .cv, .wb, .wt) as `ld`/`st`'s qualifier; an eviction policy as the L1
// eviction priority (without a cache operator: PTX takes one or the other)
// and as an L2 cache hint whose policy createpolicy makes once (sm_80;
// sm_70-79 get the L1 priority only). Before sm_70 or PTX 7.4 eviction
// policies are dropped; cache operators stay.
// RUN: tile-translate %s --emit=ptx | FileCheck %s
// RUN: tile-translate %s --sm=61 --emit=ptx | FileCheck %s --check-prefix=NOHINT
// PTX before 7.4 has no eviction hints either; sm_70-79 have the L1 ones.
// RUN: tile-translate %s --sm=80 --ptx-version=73 --emit=ptx | FileCheck %s --check-prefix=NOHINT
// RUN: tile-translate %s --sm=75 --ptx-version=74 --emit=ptx | FileCheck %s --check-prefix=SM75L1
// RUN: %if ptxas %{ tile-translate %s --emit=cubin -o %t.cubin %}

// CHECK: createpolicy.fractional.L2::evict_last.b64 [[LAST:%rd[0-9]+]], 1.0;
// CHECK: ld.global.L1::evict_last.L2::cache_hint.v4.b32 {{.*}}, [[LAST]];
// CHECK: createpolicy.fractional.L2::evict_first.b64 [[FIRST:%rd[0-9]+]], 1.0;
// CHECK-COUNT-4: @%p{{[0-9]+}} ld.global.cg.L2::cache_hint.b32 %r{{[0-9]+}}, [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], [[FIRST]];
// CHECK: ld.global.cv.v4.b32
// CHECK-COUNT-4: st.global.cs.b32
// CHECK: st.global.L1::evict_first.L2::cache_hint.v4.b32 [%rd{{[0-9]+}}], {{{.*}}}, [[FIRST]];
// CHECK-NOT: createpolicy

// NOHINT-NOT: createpolicy
// NOHINT-NOT: evict
// NOHINT: ld.global.v4.b32
// NOHINT-COUNT-4: ld.global.cg.b32
// NOHINT: ld.global.cv.v4.b32
// NOHINT-COUNT-4: st.global.cs.b32
// NOHINT: st.global.v4.b32
// NOHINT-NOT: createpolicy
// NOHINT-NOT: evict

// SM75L1-NOT: createpolicy
// SM75L1: ld.global.L1::evict_last.v4.b32
// SM75L1-COUNT-4: ld.global.cg.b32
// SM75L1: st.global.L1::evict_first.v4.b32
// SM75L1-NOT: createpolicy
module {
  tile.func public @hints(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %q: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
    %r = tile.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %ns = tile.splat %n : i32 -> tensor<512xi32>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>>
    %pp = tile.addptr %ps, %r : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
    %x = tile.load %pp evictionPolicy = evict_last : tensor<512x!tile.ptr<f32>>
    %y = tile.load %pp, %m cacheModifier = cg evictionPolicy = evict_first : tensor<512x!tile.ptr<f32>>
    %z = tile.load %pp cacheModifier = cv : tensor<512x!tile.ptr<f32>>
    %s = arith.addf %x, %y : tensor<512xf32>
    %t = arith.addf %s, %z : tensor<512xf32>
    %qs = tile.splat %q : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>>
    %qp = tile.addptr %qs, %r : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
    tile.store %qp, %t, %m cacheModifier = cs : tensor<512x!tile.ptr<f32>>
    tile.store %qp, %s evictionPolicy = evict_first : tensor<512x!tile.ptr<f32>>
    tile.return
  }
}
