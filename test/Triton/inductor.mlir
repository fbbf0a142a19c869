// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Kernels PyTorch's compiler writes (test/Differential/programs/inductor.py,
// TTIR as Triton 3.6 prints it). Flex attention's forward walks the key
// blocks of a block mask in two loops that share one accumulator, and
// steps its key offsets by block indices it loads: the accumulator and
// the scores stay in the warpgroup dots' layouts through both loops, with
// no conversion of a 128x64 or 128x128 block in either.
// RUN: tile-opt %S/Inputs/inductor_flex_attention.ttir "--tile-to-llvm=sm=90 arch-specific=true num-warps=4 num-stages=3 ttir=true" --mlir-print-ir-before=convert-tile-to-nvvm -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLEX

// FLEX-LABEL: tile.func public @triton_tem_fused_flex_attention_0(
// FLEX: scf.for {{.*}} -> (tensor<128x64xf32, #mma{{[0-9]*}}>, tensor<128xf32, #slice{{[0-9]*}}>, tensor<128xf32, #slice{{[0-9]*}}>, tensor<1x128xi32, #{{[a-z]+[0-9]*}}>, i32)
// FLEX-NOT: convert_layout {{.*}} tensor<128x{{64|128}}xf32
// FLEX: scf.yield
// FLEX: scf.for {{.*}} -> (tensor<128x64xf32, #mma{{[0-9]*}}>, tensor<128xf32, #slice{{[0-9]*}}>, tensor<128xf32, #slice{{[0-9]*}}>, tensor<1x128xi32, #{{[a-z]+[0-9]*}}>, i32)
// FLEX-NOT: convert_layout {{.*}} tensor<128x{{64|128}}xf32
// FLEX: scf.yield
