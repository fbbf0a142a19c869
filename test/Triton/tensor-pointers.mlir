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
// An in-kernel descriptor's load, store and add: on sm_90a (PTX 8.3) tensor
// maps the kernel writes to its global scratch, a slot each (the kernel
// information's global_scratch line; the parameter last), and TMA copies;
// on sm_90, or with PTX 8.0, pointers and masks (an atomic add).
// RUN: tile-translate %S/Inputs/kernel_desc_scale.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=DESC
// DESC-LABEL: .entry desc_scale_kernel(
// DESC-COUNT-3: tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned
// DESC: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// DESC: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// DESC: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group
// DESC-NOT: atom.
// RUN: tile-translate %S/Inputs/kernel_desc_scale.ttir --emit=ptx --sm=90a --num-warps=4 --kernel-info=%t.info -o /dev/null
// RUN: FileCheck %s --check-prefix=DESCINFO < %t.info
// DESCINFO: kernel desc_scale_kernel threads 128
// DESCINFO-NEXT: global_scratch desc_scale_kernel 384
// DESCINFO: param desc_scale_kernel 5 global_scratch !tile.ptr<i8>
// RUN: tile-translate %S/Inputs/kernel_desc_scale.ttir --emit=ptx --sm=90 --num-warps=4 | FileCheck %s --check-prefix=DESCPTR
// RUN: tile-translate %S/Inputs/kernel_desc_scale.ttir --emit=ptx --sm=90a --ptx-version=80 --num-warps=4 | FileCheck %s --check-prefix=DESCPTR
// DESCPTR-LABEL: .entry desc_scale_kernel(
// DESCPTR-NOT: tensormap
// DESCPTR: @%p{{[0-9]+}} ld.global.b32
// DESCPTR: @%p{{[0-9]+}} st.global.b32
// DESCPTR: atom.relaxed.gpu.global.add.f32
// Blocks of 16-byte rows, which TMA would not copy into a swizzled buffer:
// made in the kernel, the descriptors are pointers and masks, so their
// blocks answer to no limit of TMA's.
// RUN: tile-translate %S/Inputs/kernel_desc_narrow.ttir --emit=ptx --sm=90a --num-warps=4 | FileCheck %s --check-prefix=NARROW
// NARROW-LABEL: .entry desc_scale_kernel(
// NARROW-NOT: cp.async.bulk
// NARROW: @%p{{[0-9]+}} ld.global.b32
// NARROW: @%p{{[0-9]+}} st.global.b32
// NARROW: atom.relaxed.gpu.global.add.f32
// The in-kernel descriptors' matmul: tensor maps, operands copied ahead by
// TMA, no spills; as pointers (PTX 8.0), with cp.async.
// RUN: tile-translate %S/Inputs/kernel_desc_matmul.ttir --emit=ptx --sm=90a --num-warps=8 --num-stages=3 | FileCheck %s --check-prefix=DESCMM
// DESCMM-LABEL: .entry desc_matmul_kernel(
// DESCMM-NOT: cp.async.cg.shared.global
// DESCMM: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// DESCMM: wgmma.mma_async
// Warp-specialized: the producer warp (the block's ninth) writes the maps
// with the others, then issues the copies through them.
// RUN: tile-translate %S/Inputs/kernel_desc_matmul.ttir --emit=ptx --sm=90a --num-warps=8 --num-stages=3 --warp-specialize --kernel-info=%t.ws.info -o /dev/null
// RUN: FileCheck %s --check-prefix=DESCWS < %t.ws.info
// DESCWS: kernel desc_matmul_kernel threads 288
// DESCWS-NEXT: global_scratch desc_matmul_kernel 384
// RUN: tile-translate %S/Inputs/kernel_desc_matmul.ttir --emit=ptx --sm=90a --ptx-version=80 --num-warps=8 --num-stages=3 | FileCheck %s --check-prefix=DESCMM80
// DESCMM80-LABEL: .entry desc_matmul_kernel(
// DESCMM80: cp.async.cg.shared.global
// DESCMM80: wgmma.mma_async
// RUN: tile-translate %S/Inputs/kernel_desc_matmul.ttir --emit=cubin --sm=90a --num-warps=8 --num-stages=3 --ptxas-info -o %t.cubin 2>&1 | FileCheck %s --check-prefix=SPILLS
// RUN: tile-translate %S/Inputs/kernel_desc_matmul.ttir --emit=cubin --sm=90a --ptx-version=80 --num-warps=8 --num-stages=3 --ptxas-info -o %t.cubin 2>&1 | FileCheck %s --check-prefix=SPILLS
// SPILLS: 0 bytes spill stores, 0 bytes spill loads
