// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Kernels PyTorch's compiler writes (test/Differential/programs/inductor.py,
// TTIR as Triton 3.6 prints it). Flex attention's forward walks the key
// blocks of a block mask in two loops that share one accumulator, and
// steps its key offsets by block indices it loads: the accumulator and
// the scores stay in the warpgroup dots' layouts through both loops, with
// no conversion of a 128x64 or 128x128 block in either.
// RUN: tile-opt %S/Inputs/inductor_flex_attention.ttir "--tile-to-llvm=sm=90 arch-specific=true num-warps=4 num-stages=3 ttir=true" --mlir-print-ir-before=convert-tile-to-nvvm -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLEX

// FLEX-LABEL: tile.func public @triton_tem_fused_flex_attention_0(
// FLEX: scf.for {{.*}} -> (tensor<128x64xf32, #mma{{[0-9]*}}>, tensor<128xf32, #slice{{[0-9]*}}>, tensor<128xf32, #slice{{[0-9]*}}>, tensor<1x128xi32, #{{[a-z]+[0-9]*}}>, i32
// FLEX-NOT: convert_layout {{.*}} tensor<128x{{64|128}}xf32
// FLEX: scf.yield
// FLEX: scf.for {{.*}} -> (tensor<128x64xf32, #mma{{[0-9]*}}>, tensor<128xf32, #slice{{[0-9]*}}>, tensor<128xf32, #slice{{[0-9]*}}>, tensor<1x128xi32, #{{[a-z]+[0-9]*}}>, i32
// FLEX-NOT: convert_layout {{.*}} tensor<128x{{64|128}}xf32
// FLEX: scf.yield

// Its key and value blocks are copied ahead (cp.async, three stages): their
// addresses advance by block indices loaded in the loop, a recurrence that
// the loop also carries two iterations ahead (its last iteration
// argument) for the copies, its loads masked to iterations that exist:
// two index loads an iteration for the loop's own offset, two for the
// offset ahead. K is stored as loaded and read through a transposed view
// of its stage. The 128x128 scores and the 128x64 accumulator crowd the
// registers after Q * K^T, so the copies go at the end of the body, after
// P * V is issued.
// RUN: tile-opt %S/Inputs/inductor_flex_attention.ttir "--tile-to-llvm=sm=90 arch-specific=true num-warps=4 num-stages=3 ttir=true" --mlir-print-ir-after=tile-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE
// PIPE-LABEL: IR Dump After Pipeline
// PIPE: scf.for {{.*}} -> ({{.*}}, i32, i32)
// PIPE-NEXT: tilegpu.async_wait {num = 1 : i32}
// PIPE: %[[STAGE:.*]] = tilegpu.buffer_index %{{.*}} : !tilegpu.buffer<3x128x64xf16, #{{.*}}, mutable> -> !tilegpu.buffer<128x64xf16, #{{.*}}, mutable>
// PIPE: %[[KT:.*]] = tilegpu.buffer_trans %[[STAGE]] {order = array<i32: 1, 0>}
// PIPE: tilenv.warpgroup_dot %{{.*}}, %[[KT]], %{{.*}}
// PIPE-NOT: tilegpu.async_copy_global_to_local
// PIPE: tilenv.warpgroup_dot {{.*}} {isAsync}
// PIPE-COUNT-2: tile.load {{.*}} evictionPolicy = evict_last : !tile.ptr<i32>
// PIPE: tilegpu.async_copy_global_to_local
// PIPE: tilegpu.async_copy_global_to_local
// PIPE: tilegpu.async_commit_group
// PIPE-COUNT-2: tile.load {{.*}} evictionPolicy = evict_last : !tile.ptr<i32>
// PIPE-NOT: tile.load
// PIPE: scf.yield {{.*}}, i32, i32

// With the copies there, ptxas spills less than 200 bytes (the copies after
// Q * K^T made it spill 756).
// RUN: tile-translate %S/Inputs/inductor_flex_attention.ttir --emit=cubin --sm=90a --num-warps=4 --num-stages=3 --ptxas-info -o %t.fwd.cubin 2>&1 | FileCheck %s --check-prefix=SPILLS
// SPILLS: {{ ([0-9]|[1-9][0-9]|1[0-9][0-9]) bytes spill stores}}

// The backward's dS * K reads K through a transposed view of the buffer
// that Q * K^T reads, so its products are not left in flight past the next
// iteration's store of that buffer (tile-insert-barriers rejects the
// kernel otherwise).
// REQUIRES: ptxas
// RUN: tile-translate %S/Inputs/inductor_flex_attention_bwd.ttir --emit=cubin --sm=90a --num-warps=8 --num-stages=3 -o %t.bwd.cubin

// A max-autotune template matmul with two warps and one stage: A and B are
// stored to shared memory side by side before either is read by ldmatrix,
// so the loop has two barriers (before the stores, and between stores and
// reads), not one per operand for buffers sharing memory.
// RUN: tile-opt %S/Inputs/inductor_mm_template.ttir "--tile-to-llvm=sm=90 arch-specific=true num-warps=2 num-stages=1 ttir=true" --mlir-print-ir-before=convert-tile-to-nvvm -o /dev/null 2>&1 | FileCheck %s --check-prefix=MM
// MM-LABEL: tile.func public @triton_tem_fused_add_mm_relu_0(
// MM: scf.for
// MM: gpu.barrier
// MM-NEXT: %[[A:.*]] = tilegpu.local_alloc {{.*}} {tilegpu.offset = 0 : i32}
// MM-NEXT: %[[B:.*]] = tilegpu.local_alloc {{.*}} {tilegpu.offset = 1024 : i32}
// MM-NEXT: gpu.barrier
// MM-NEXT: tilegpu.local_load %[[A]]
// MM-NEXT: tilegpu.local_load %[[B]]
// MM-NEXT: tile.dot
// MM-NEXT: scf.yield

// The K loop counts with an i32 counter that ptxas sees (it unrolls the
// loop, 56 HMMA in the SASS rather than 4): LLVM's loop strength reduction
// keeps the loop as written (lsr-drop-solution) where it would otherwise
// test a truncated 64-bit offset.
// RUN: tile-translate %S/Inputs/inductor_mm_template.ttir --sm=90a --num-warps=2 --num-stages=1 --emit=ptx -o - | FileCheck %s --check-prefix=MMLOOP
// MMLOOP: $L__BB0_1:
// MMLOOP-NOT: cvt.u32.u64
// MMLOOP: add.s32 [[I:%r[0-9]+]], [[I]], 1;
// MMLOOP-NEXT: setp.ne.b32 %p{{[0-9]+}}, [[I]], 256;
// MMLOOP-NEXT: @%p{{[0-9]+}} bra $L__BB0_1;

// LLVM does not unroll a loop partially (unroll-allow-partial=false): its
// exit test on the counter `or` 16 of a loop unrolled by two is one ptxas
// cannot count; ptxas unrolls the loop as written (80 HMMA, 8 otherwise).
// RUN: tile-translate %S/Inputs/inductor_bmm_template.ttir --sm=90a --num-warps=2 --num-stages=1 --emit=ptx -o - | FileCheck %s --check-prefix=BMMLOOP
// BMMLOOP: $L__BB0_{{[0-9]+}}:
// BMMLOOP-COUNT-4: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// BMMLOOP-NOT: mma.sync
// BMMLOOP-NOT: or.b32
// BMMLOOP: add.s32 [[NEXT:%r[0-9]+]], [[I:%r[0-9]+]], 16;
// BMMLOOP-NEXT: setp.lt.u32 %p{{[0-9]+}}, [[I]], 304;
