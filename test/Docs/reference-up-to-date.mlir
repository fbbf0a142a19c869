// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// docs/reference/ is generated from ODS: regenerate it with
// `cmake --build build --target tile-docs` when this test fails.
// RUN: diff -u %tile_src_root/docs/reference/TileDialect.md %tile_obj_root/docs/Tile/TileDialect.md
// RUN: diff -u %tile_src_root/docs/reference/TileGPUDialect.md %tile_obj_root/docs/Tile/TileGPUDialect.md
// RUN: diff -u %tile_src_root/docs/reference/TileNVGPUDialect.md %tile_obj_root/docs/Tile/TileNVGPUDialect.md
// RUN: diff -u %tile_src_root/docs/reference/TileGPUInterfaces.md %tile_obj_root/docs/Tile/TileGPUInterfaces.md
// RUN: diff -u %tile_src_root/docs/reference/TritonDialect.md %tile_obj_root/docs/Tile/TritonDialect.md
// RUN: diff -u %tile_src_root/docs/reference/TilePasses.md %tile_obj_root/docs/Tile/TilePasses.md
// RUN: diff -u %tile_src_root/docs/reference/TileGPUPasses.md %tile_obj_root/docs/Tile/TileGPUPasses.md
// RUN: diff -u %tile_src_root/docs/reference/TileNVGPUPasses.md %tile_obj_root/docs/Tile/TileNVGPUPasses.md
// RUN: diff -u %tile_src_root/docs/reference/TileConversionPasses.md %tile_obj_root/docs/Tile/TileConversionPasses.md
