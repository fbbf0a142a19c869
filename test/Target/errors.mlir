// tile-translate's errors: located, exit code 1.
//
// No ptxas where --cuda-path points.
// RUN: not tile-translate %tile_src_root/examples/vector_add.mlir --emit=cubin --cuda-path=%t.nowhere -o %t.cubin 2>&1 | FileCheck %s --check-prefix=NOPTXAS
// NOPTXAS: vector_add.mlir:{{[0-9]+}}:{{[0-9]+}}: error: no CUDA toolkit found (for libdevice)
//
// Invalid options.
// RUN: not tile-translate %tile_src_root/examples/vector_add.mlir --num-warps=3 2>&1 | FileCheck %s --check-prefix=OPTIONS
// OPTIONS: error: invalid options: --sm must be 50 or more, --num-warps a power of two
//
// An unwritable output path.
// RUN: not tile-translate %tile_src_root/examples/vector_add.mlir --emit=llvmir -o %t.no/such/dir/out.ll 2>&1 | FileCheck %s --check-prefix=OUTPUT
// OUTPUT: error: cannot write output
//
// A construct the lowering does not handle yet.
// RUN: not tile-translate %s --emit=llvmir 2>&1 | FileCheck %s --check-prefix=SCAN
// SCAN: errors.mlir:[[@LINE+4]]:{{[0-9]+}}: error: 'tile.scan' op tile.scan is not lowered yet
tile.func public @scan(%p: !tile.ptr<f32>) {
  %r = tile.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %x = arith.sitofp %r : tensor<128xi32> to tensor<128xf32>
  %c = "tile.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.scan.return %s : f32
  }) : (tensor<128xf32>) -> tensor<128xf32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  tile.store %ps, %c : tensor<128x!tile.ptr<f32>>
  tile.return
}
