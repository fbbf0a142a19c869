# Shell functions that derive kernel variants from the templates in
# bench/kernels/ (BM, BN and BK standing for the block sizes), shared by
# scripts/compile-examples.sh and bench/compile-kernels.sh.

# The persistent kernel (bench/kernels/matmul_tma_persistent.mlir, or a
# variant of it) with c written through a tensor descriptor
# (tile.descriptor_store, clipped at the edges) in place of the masked
# store; tile-lower-descriptors then stores it per warpgroup in chunks.
with_tma_store_c() { # source output
  sed -e 's/%c: !tile.ptr<f16> {tile.divisibility = 16 : i32}/%c: !tile.tensordesc<BMxBNxf16>/' \
      -e '/%rangeM = tile.make_range/,/tile.store/c\
        %out = arith.truncf %d : tensor<BMxBNxf32> to tensor<BMxBNxf16>\
        tile.descriptor_store %c[%row0, %col0], %out : !tile.tensordesc<BMxBNxf16>, tensor<BMxBNxf16>' \
      "$1" > "$2"
  grep -q 'tile.descriptor_store' "$2"
}
