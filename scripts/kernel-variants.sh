# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Shell functions that derive kernel variants from the templates in
# bench/kernels/ (BM, BN and BK standing for the block sizes), shared by
# scripts/compile-examples.sh and bench/compile-kernels.sh.

# A template (stdin) with its block sizes filled in (stdout): BM x BN
# blocks of c, K in steps of BK, BM1 = BM - 1 and so on; f16 replaced by
# the element type if one is given.
with_blocks() { # BM BN BK [element type]
  sed "s/BM1/$(($1 - 1))/g; s/BN1/$(($2 - 1))/g; s/BK1/$(($3 - 1))/g; s/BM/$1/g; s/BN/$2/g; s/BK/$3/g; s/f16/${4:-f16}/g"
}

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
