// A flash-attention forward from Triton's TTIR (Inputs/attention_*.ttir).
// Before the pipeline, the loop keeps the first dot's products, the
// softmax and the accumulator in the warpgroup dot's layout: only the row
// statistics (128 values) change layout, and P goes to shared memory for
// the second dot from the accumulator's registers. (The accumulator and
// the products went through shared memory each iteration, 2-D
// conversions, when a row statistic's conversion was refused.)
// RUN: sed -E 's/(^|[^A-Za-z0-9_])tt\./\1tile./g' %S/Inputs/attention_d64_full.ttir | tile-opt --tile-to-llvm="ttir sm=90 arch-specific num-warps=8 num-stages=3" -mlir-print-ir-before=tile-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=LAYOUTS
// RUN: sed -E 's/(^|[^A-Za-z0-9_])tt\./\1tile./g' %S/Inputs/attention_d128_causal.ttir | tile-opt --tile-to-llvm="ttir sm=90 arch-specific num-warps=8 num-stages=3" -mlir-print-ir-before=tile-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=LAYOUTS
// The loop, of step 64, is pipelined: K and V by cp.async.
// RUN: sed -E 's/(^|[^A-Za-z0-9_])tt\./\1tile./g' %S/Inputs/attention_d64_full.ttir | tile-translate - --ttir --emit=ptx --sm=90a --num-warps=8 --num-stages=3 | FileCheck %s --check-prefix=PTX

// LAYOUTS: scf.for
// LAYOUTS-NOT: tile.convert_layout {{.*}} : tensor<128x{{[0-9]+}}xf32
// LAYOUTS: tile.local_alloc {{.*}} : (tensor<128x64xf16, #mma
// LAYOUTS-NOT: tile.convert_layout {{.*}} : tensor<128x{{[0-9]+}}xf32
// LAYOUTS: scf.yield {{.*}}, tensor<128x{{[0-9]+}}xf32, #mma

// PTX-LABEL: .entry attn_fwd(
// PTX: cp.async.cg.shared.global {{.*}}, 16
// PTX: wgmma.mma_async
