// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Every example kernel compiles to PTX that ptxas accepts for sm_90.
// REQUIRES: ptxas
// RUN: tile-translate %tile_src_root/examples/vector_add.mlir -o %t.vector_add.ptx
// RUN: %ptxas -arch=sm_90 %t.vector_add.ptx -o %t.vector_add.cubin
// RUN: tile-translate %tile_src_root/examples/softmax.mlir -o %t.softmax.ptx
// RUN: %ptxas -arch=sm_90 %t.softmax.ptx -o %t.softmax.cubin
// RUN: tile-translate %tile_src_root/examples/layernorm.mlir -o %t.layernorm.ptx
// RUN: %ptxas -arch=sm_90 %t.layernorm.ptx -o %t.layernorm.cubin
// RUN: tile-translate %tile_src_root/examples/giou_loss.mlir -o %t.giou_loss.ptx
// RUN: %ptxas -arch=sm_90 %t.giou_loss.ptx -o %t.giou_loss.cubin
//
// And with eight warps, for sm_80.
// RUN: tile-translate %tile_src_root/examples/softmax.mlir --num-warps=8 --sm=80 -o %t.softmax8.ptx
// RUN: %ptxas -arch=sm_80 %t.softmax8.ptx -o %t.softmax8.cubin
// RUN: tile-translate %tile_src_root/examples/layernorm.mlir --num-warps=8 --sm=80 -o %t.layernorm8.ptx
// RUN: %ptxas -arch=sm_80 %t.layernorm8.ptx -o %t.layernorm8.cubin
