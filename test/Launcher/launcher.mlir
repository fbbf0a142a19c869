// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// C launchers (tile-translate --emit=launcher): NAME.c with the cubin and
// one typed function per kernel, NAME.h declaring them; both build with a
// plain C compiler against cuda.h, warnings as errors.
// REQUIRES: ptxas, cuda-headers
// RUN: rm -rf %t && mkdir -p %t
//
// The vector add on sm_90: pointers as device addresses, n as int32_t; a
// device of compute capability 9.x, a driver of CUDA 12.3 (PTX 8.3).
// RUN: tile-translate %tile_src_root/examples/vector_add.mlir --emit=launcher --sm=90 -o %t/vector_add.c
// RUN: FileCheck %s --check-prefix=HEADER < %t/vector_add.h
// RUN: FileCheck %s --check-prefix=SOURCE < %t/vector_add.c
// RUN: %cc -std=c11 -Wall -Wextra -Werror -I%cuda_include -c %t/vector_add.c -o %t/vector_add.o
// HEADER: #ifndef TILE_LAUNCHER_VECTOR_ADD_H
// HEADER: #include <cuda.h>
// HEADER: const char *vector_add_error(void);
// HEADER: void vector_add_unload(void);
// HEADER: /* vector_add: 128 threads a block, 0 bytes of shared memory. Pointers are device addresses. */
// HEADER-NEXT: CUresult vector_add_launch(CUstream stream, unsigned grid_x, unsigned grid_y, unsigned grid_z, CUdeviceptr x, CUdeviceptr y, CUdeviceptr out, int32_t n);
// SOURCE: #include "vector_add.h"
// SOURCE: static const unsigned char tile_cubin_0[{{[0-9]+}}] __attribute__((aligned(8))) = {
// SOURCE-NEXT: 0x7f, 0x45, 0x4c, 0x46,
// SOURCE: if (major != 9 || minor < 0)
// SOURCE: if (driver < 12030)
// SOURCE: CUresult vector_add_launch(
// SOURCE: if (!grid_x || !grid_y || !grid_z)
// SOURCE: int tile_variant = 0;
// SOURCE: static const unsigned tile_threads[1] = {128, };
// SOURCE: void *tile_params[] = {&x, &y, &out, &n, NULL};
// SOURCE: tile_kernels->functions[tile_variant][0], grid_x, grid_y, grid_z,
//
// Tensor-descriptor parameters (sm_90a): each a base, rows, columns and
// row stride, encoded into the tensor map the kernel information gives
// (128x64 f16 boxes, 128-byte swizzle); shared memory above 48 KiB opted
// into at load; the device exactly 9.0.
// RUN: tile-translate %tile_src_root/examples/matmul_tma.mlir --emit=launcher --sm=90a --num-warps=8 -o %t/matmul_tma.c
// RUN: FileCheck %s --check-prefix=TMA < %t/matmul_tma.c
// RUN: %cc -std=c11 -Wall -Wextra -Werror -I%cuda_include -c %t/matmul_tma.c -o %t/matmul_tma.o
// TMA: if (major * 10 + minor != 90)
// TMA: CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, {{[0-9]+}})) != CUDA_SUCCESS)
// TMA: CUresult matmul_launch(CUstream stream, unsigned grid_x, unsigned grid_y, unsigned grid_z, CUdeviceptr a, uint64_t a_rows, uint64_t a_cols, uint64_t a_row_stride,
// TMA: cuuint32_t box[2] = {64, 128}, unit[2] = {1, 1};
// TMA: &tile_a, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, (void *)(uintptr_t)a, dims, strides, box,
// TMA-NEXT: unit, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
// TMA: void *tile_params[] = {&tile_a, &tile_b, &tile_c,
//
// Clusters: grid_x must be a multiple of the cluster's blocks.
// RUN: tile-translate %tile_src_root/examples/matmul_tma.mlir --emit=launcher --sm=90a --num-warps=8 --cluster-size=2 -o %t/matmul_cluster.c
// RUN: FileCheck %s --check-prefix=CLUSTER < %t/matmul_cluster.c
// RUN: %cc -std=c11 -Wall -Wextra -Werror -I%cuda_include -c %t/matmul_cluster.c -o %t/matmul_cluster.o
// CLUSTER: if (grid_x % 2)
// CLUSTER-NEXT: return tile_fail(CUDA_ERROR_INVALID_VALUE, "matmul runs in clusters of 2 blocks: grid_x %u is not a multiple", grid_x);
//
// Descriptors made in the kernel: the launcher allocates the kernel's
// global scratch on the stream, a block's bytes times the grid's blocks,
// and frees it after the launch; it is not a parameter of the function.
// RUN: tile-translate %tile_src_root/test/GPU/Inputs/vector_add_desc.mlir --emit=launcher --sm=90a -o %t/vector_add_desc.c
// RUN: FileCheck %s --check-prefix=SCRATCH < %t/vector_add_desc.c
// RUN: FileCheck %s --check-prefix=SCRATCHH < %t/vector_add_desc.h
// RUN: %cc -std=c11 -Wall -Wextra -Werror -I%cuda_include -c %t/vector_add_desc.c -o %t/vector_add_desc.o
// SCRATCH: static const size_t tile_scratch_bytes[1] = {384, };
// SCRATCH: tile_status = cuMemAllocAsync(&tile_scratch, (size_t)grid_x * grid_y * grid_z * tile_scratch_bytes[tile_variant], stream);
// SCRATCH: void *tile_params[] = {&x, &y, &out, &n, &tile_scratch, NULL};
// SCRATCH: CUresult tile_freed = cuMemFreeAsync(tile_scratch, stream);
// SCRATCHH: CUresult vector_add_launch(CUstream stream, unsigned grid_x, unsigned grid_y, unsigned grid_z, CUdeviceptr x, CUdeviceptr y, CUdeviceptr out, int32_t n);
//
// Variants: the kernels compiled for any n (n%1 drops the source's hint)
// and, first, for n % 16 == 0, which a launch tests; a variant entry that
// names no parameter (a compile-time parameter, or a typo) is an error.
// RUN: tile-translate %tile_src_root/examples/vector_add.mlir --emit=launcher --sm=90 --specialize='n%1' --variant='n%16' -o %t/vector_add_variants.c
// RUN: FileCheck %s --check-prefix=VARIANTS < %t/vector_add_variants.c
// RUN: %cc -std=c11 -Wall -Wextra -Werror -I%cuda_include -c %t/vector_add_variants.c -o %t/vector_add_variants.o
// VARIANTS: /* Compiled for n%16. */
// VARIANTS-NEXT: static const unsigned char tile_cubin_0[
// VARIANTS: /* Compiled for any arguments. */
// VARIANTS-NEXT: static const unsigned char tile_cubin_1[
// VARIANTS: static const unsigned char *const tile_cubins[2] = {tile_cubin_0, tile_cubin_1, };
// VARIANTS: int tile_variant = 1;
// VARIANTS-NEXT: if (n % 16 == 0)
// VARIANTS-NEXT: tile_variant = 0;
// RUN: not tile-translate %tile_src_root/examples/vector_add.mlir --emit=launcher --variant='m%16' -o %t/bad.c 2>&1 | FileCheck %s --check-prefix=BADVARIANT
// BADVARIANT: error: tile-specialize: no kernel has an argument or parameter named 'm'
// RUN: not tile-translate %tile_src_root/examples/vector_add.mlir --variant='n%16' -o %t/bad.ptx 2>&1 | FileCheck %s --check-prefix=NOLAUNCHER
// NOLAUNCHER: tile-translate: error: --variant makes a launcher's variants: use it with --emit=launcher
//
// From the compile cache: the same files.
// RUN: env TILE_CACHE_DIR=%t/cache tile-translate %tile_src_root/examples/vector_add.mlir --emit=launcher --sm=90 -o %t/first.c
// RUN: env TILE_CACHE_DIR=%t/cache tile-translate %tile_src_root/examples/vector_add.mlir --emit=launcher --sm=90 -o %t/second.c
// RUN: sed 's/second/first/g' %t/second.c | diff - %t/first.c
// RUN: sed 's/SECOND/FIRST/g; s/second/first/g' %t/second.h | diff - %t/first.h
//
// The launcher's files are NAME.c and NAME.h.
// RUN: not tile-translate %tile_src_root/examples/vector_add.mlir --emit=launcher -o %t/launcher.txt 2>&1 | FileCheck %s --check-prefix=NAME
// RUN: not tile-translate %tile_src_root/examples/vector_add.mlir --emit=launcher -o - 2>&1 | FileCheck %s --check-prefix=NAME
// NAME: tile-translate: error: --emit=launcher writes NAME.c and NAME.h: give -o DIR/NAME.c, NAME a C identifier
//
// With a GPU, the launchers run the vector adds (compiled against the
// driver's library) and their sums are right; without a context a launch
// fails with an error.
// RUN: %if cuda-gpu %{ %cc -std=c11 -I%cuda_include -I%t %tile_src_root/test/Launcher/Inputs/vector_add_main.c %t/vector_add.c -o %t/run -lcuda -lpthread %}
// RUN: %if cuda-gpu %{ %t/run | FileCheck %s --check-prefix=GPU %}
// RUN: %if cuda-gpu %{ %cc -std=c11 -DDESC -I%cuda_include -I%t %tile_src_root/test/Launcher/Inputs/vector_add_main.c %t/vector_add_desc.c -o %t/run_desc -lcuda -lpthread %}
// RUN: %if cuda-gpu %{ %t/run_desc | FileCheck %s --check-prefix=GPU %}
// RUN: %if cuda-gpu %{ %cc -std=c11 -DRAGGED -I%cuda_include -I%t %tile_src_root/test/Launcher/Inputs/vector_add_main.c %t/vector_add_variants.c -o %t/run_variants -lcuda -lpthread %}
// RUN: %if cuda-gpu %{ %t/run_variants | FileCheck %s --check-prefixes=GPU,RAGGED %}
// GPU-DAG: 0 of 205312 sums wrong
// GPU-DAG: no context: no current CUDA context (cuCtxSetCurrent, or the runtime's cudaSetDevice, first): CUDA_ERROR_INVALID_CONTEXT
// RAGGED-DAG: 0 of 205309 ragged sums wrong
// GPU: PASS
