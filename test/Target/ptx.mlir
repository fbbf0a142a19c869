// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tile-translate: tile IR to LLVM IR, PTX and cubin.
// REQUIRES: ptxas
//
// The vector add's accesses are 16-byte vectors.
// RUN: tile-translate %tile_src_root/examples/vector_add.mlir --emit=ptx --sm=90 --num-warps=4 -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// The same PTX with the verifier run after every pass (off by default).
// RUN: tile-translate %tile_src_root/examples/vector_add.mlir --emit=ptx --sm=90 --num-warps=4 --verify-each -o %t.verified.ptx
// RUN: diff %t.ptx %t.verified.ptx
// PTX: .version 8.3
// PTX: .target sm_90
// PTX-NOT: global_smem
// PTX: .visible .entry vector_add(
// PTX: .maxntid 128, 1, 1
// PTX: @%p{{[0-9]+}} ld.global.v4.b32 {{{.*}}}, [%rd{{[0-9]+}}];
// PTX: @%p{{[0-9]+}} ld.global.v4.b32 {{{.*}}}, [%rd{{[0-9]+}}+2048];
// PTX: @%p{{[0-9]+}} ld.global.v4.b32 {{{.*}}}, [%rd{{[0-9]+}}];
// PTX: @%p{{[0-9]+}} ld.global.v4.b32 {{{.*}}}, [%rd{{[0-9]+}}+2048];
// PTX: @%p{{[0-9]+}} st.global.v4.b32 [%rd{{[0-9]+}}], {{{.*}}};
// PTX: @%p{{[0-9]+}} st.global.v4.b32 [%rd{{[0-9]+}}+2048], {{{.*}}};
//
// Launch bounds: two blocks per SM.
// RUN: tile-translate %tile_src_root/examples/vector_add.mlir --emit=ptx --min-blocks-per-sm=2 | FileCheck %s --check-prefix=BOUNDS
// BOUNDS: .maxntid 128, 1, 1
// BOUNDS-NEXT: .minnctapersm 2
//
// PTX version and architecture come from the options.
// RUN: tile-translate %tile_src_root/examples/vector_add.mlir --emit=ptx --sm=80 --ptx-version=78 | FileCheck %s --check-prefix=SM80
// SM80: .version 7.8
// SM80: .target sm_80
//
// Eight warps: 256 threads a block.
// RUN: tile-translate %tile_src_root/examples/vector_add.mlir --emit=ptx --num-warps=8 | FileCheck %s --check-prefix=WARPS8
// WARPS8: .maxntid 256, 1, 1
//
// LLVM's optimization level: 3 unless told. At 0 its pipeline does not run
// (the kernel keeps the shared-memory declaration it never uses), and ptxas
// takes that PTX too.
// RUN: tile-translate %tile_src_root/examples/vector_add.mlir --emit=ptx --sm=90 --num-warps=4 --opt-level=3 -o %t.o3.ptx
// RUN: diff %t.ptx %t.o3.ptx
// RUN: tile-translate %tile_src_root/examples/vector_add.mlir --emit=ptx --opt-level=0 -o %t.o0.ptx
// RUN: FileCheck %s --check-prefix=O0 < %t.o0.ptx
// RUN: %ptxas -arch=sm_90 %t.o0.ptx -o %t.o0.cubin
// O0: .extern .shared .align 16 .b8 global_smem[];
// O0: .visible .entry vector_add(
//
// LLVM IR of the kernel.
// RUN: tile-translate %tile_src_root/examples/vector_add.mlir --emit=llvmir | FileCheck %s --check-prefix=LLVM
// LLVM: define ptx_kernel void @vector_add(ptr addrspace(1)
// Masked loads and stores are predicated asm whose address is a memory
// operand (elementtype on the pointer), so that PTX folds constant offsets
// into it. The store's asm has an unused result (see emitAsmStore).
// LLVM: asm sideeffect "@$5 ld.global.v4.b32 {$0, $1, $2, $3}, $4;", "=r,=r,=r,=r,*m,b,0,1,2,3"(ptr addrspace(1) elementtype(<4 x float>) %
// LLVM: asm sideeffect "@$6 st.global.v4.b32 $1, {$2, $3, $4, $5};", "=r,*m,r,r,r,r,b"(ptr addrspace(1) elementtype(<4 x float>) %
//
// A cubin, with ptxas' report and the launch information the runtime needs.
// RUN: tile-translate %tile_src_root/examples/softmax.mlir --emit=cubin --ptxas-info --kernel-info=%t.info -o %t.cubin 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s --check-prefix=INFO < %t.info
// RUN: head -c 4 %t.cubin | od -c | FileCheck %s --check-prefix=ELF
// REPORT: ptxas info    : Used {{[0-9]+}} registers
// INFO: kernel softmax threads 128 shared 16
// ELF: 177   E   L   F
