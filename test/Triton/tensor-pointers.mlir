// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Block pointers and descriptors made in the kernel, in the TTIR of
// Triton's front end (test/Differential/programs/tensor_pointers.py,
// captured before Triton's own RewriteTensorPointer pass): read as tile
// ops, rewritten into pointer tensors and masks, compiled to PTX.
// REQUIRES: ptxas
// RUN: tile-opt %S/Inputs/block_matmul.ttir | FileCheck %s --check-prefix=IR
// IR: tile.make_tensor_ptr %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
// IR: tile.load %{{.*}} {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tile.ptr<tensor<64x32xf16>>
// IR: tile.advance %{{.*}}, [%{{.*}}, %{{.*}}] : <tensor<64x32xf16>>
// IR: tile.store %{{.*}}, %{{.*}} {boundaryCheck = array<i32: 0, 1>} : !tile.ptr<tensor<64x64xf16>>
// RUN: tile-opt %S/Inputs/kernel_desc_scale.ttir | FileCheck %s --check-prefix=DESCIR
// DESCIR: tile.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : <f32>, <32x32xf32>
//
// The matmul's operands: predicated loads (the strides have no
// divisibility hint at this size, so no vector copies), a dot per K step.
// RUN: tile-translate %S/Inputs/block_matmul.ttir --emit=ptx --sm=90a --num-warps=4 --num-stages=3 | FileCheck %s --check-prefix=MATMUL
// MATMUL-LABEL: .entry block_matmul_kernel(
// MATMUL: @%p{{[0-9]+}} ld.global.b16
// MATMUL: wgmma.mma_async
// MATMUL: @%p{{[0-9]+}} st.global.b16
// NaN padding: the masked-off columns read NaN.
// RUN: tile-translate %S/Inputs/block_padded_copy_nan.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=NAN
// NAN-LABEL: .entry padded_copy_kernel(
// NAN: mov.b32 {{%r[0-9]+}}, 2143289344;
// RUN: tile-translate %S/Inputs/block_row_sum.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=ROWSUM
// ROWSUM-LABEL: .entry row_sum_kernel(
// ROWSUM: @%p{{[0-9]+}} ld.global.b32
// An in-kernel descriptor's load, store and atomic add.
// RUN: tile-translate %S/Inputs/kernel_desc_scale.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=DESC
// DESC-LABEL: .entry desc_scale_kernel(
// DESC: @%p{{[0-9]+}} ld.global.b32
// DESC: @%p{{[0-9]+}} st.global.b32
// DESC: atom.relaxed.gpu.global.add.f32
// Blocks of 16-byte rows, which TMA would not copy into a swizzled buffer:
// made in the kernel, the descriptors are pointers and masks, so their
// blocks answer to no limit of TMA's.
// RUN: tile-translate %S/Inputs/kernel_desc_narrow.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=NARROW
// NARROW-LABEL: .entry desc_scale_kernel(
// NARROW-NOT: cp.async.bulk
// NARROW: @%p{{[0-9]+}} ld.global.b32
// NARROW: @%p{{[0-9]+}} st.global.b32
// NARROW: atom.relaxed.gpu.global.add.f32
// The in-kernel descriptors' matmul: operands copied ahead with cp.async.
// RUN: tile-translate %S/Inputs/kernel_desc_matmul.ttir --emit=ptx --sm=90a --num-warps=8 --num-stages=3 | FileCheck %s --check-prefix=DESCMM
// DESCMM-LABEL: .entry desc_matmul_kernel(
// DESCMM: cp.async.cg.shared.global
// DESCMM: wgmma.mma_async
// RUN: tile-translate %S/Inputs/kernel_desc_matmul.ttir --emit=cubin --sm=90a --num-warps=8 --num-stages=3 --ptxas-info -o %t.cubin 2>&1 | FileCheck %s --check-prefix=SPILLS
// SPILLS: 0 bytes spill stores, 0 bytes spill loads
