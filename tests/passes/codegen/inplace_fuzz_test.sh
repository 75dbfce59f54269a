#!/usr/bin/env bash
# inplace_fuzz_test.sh KTC-PARSE [COUNT] - in-place row updates that
# ktc-lower must order through device memory: COUNT kernels (default 24)
# x[r + D, CD..+64) = x[r + A, CA..+64) + x[r + B, CB..+64) for rows r of a
# loop over a 12x192 f16 tensor, offsets A, B, D in [-2, 2] and columns at
# word boundaries or not, drawn from a fixed sequence; each compiled
# through the whole chain on spyre and sample and launched with random
# inputs: every element must match ktc-interp (a load a signal should have
# held back reads a stale row). The ktc binaries sit beside ktc-parse.
count=${2:-24}
seed=12345
. "$(dirname "$0")/fuzz_lib.sh"
kernel() {
    cat <<EOT
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 11 >= 0, d1 >= 0, -d1 + 191 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @inplace(%x: index) attributes {grid = [1]} {
  %lo = arith.constant 2 : index
  %hi = arith.constant $8 : index
  %st = arith.constant $7 : index
  %ca = arith.constant $4 : index
  %cb = arith.constant $5 : index
  %cd = arith.constant $6 : index
  %X = ktdp.construct_memory_view %x, sizes: [12, 192], strides: [192, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<12x192xf16>
  scf.for %r = %lo to %hi step %st {
    %ta = ktdp.construct_access_tile %X[%r + $1, %ca] {access_tile_set = #blk, access_tile_order = #id} : memref<12x192xf16> -> !ktdp.access_tile<1x64xindex>
    %tb = ktdp.construct_access_tile %X[%r + $2, %cb] {access_tile_set = #blk, access_tile_order = #id} : memref<12x192xf16> -> !ktdp.access_tile<1x64xindex>
    %td = ktdp.construct_access_tile %X[%r + $3, %cd] {access_tile_set = #blk, access_tile_order = #id} : memref<12x192xf16> -> !ktdp.access_tile<1x64xindex>
    %a = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %b = ktdp.load %tb : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %s = arith.addf %a, %b : tensor<1x64xf16>
    ktdp.store %s, %td : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  return
}
EOT
}
cols=(0 3 64 100 128)
for i in $(seq 1 "$count"); do
    draw 5; a=$((r - 2))
    draw 5; b=$((r - 2))
    draw 5; d=$((r - 2))
    draw 5; ca=${cols[r]}
    draw 5; cb=${cols[r]}
    draw 5; cd=${cols[r]}
    draw 2; st=$((r + 1))
    draw 8; hi=$((r + 3))
    kernel "$a" "$b" "$d" "$ca" "$cb" "$cd" "$st" "$hi" > "$tmp/k.mlir"
    for dev in $devices; do
        what="x[r$d, $cd] = x[r$a, $ca] + x[r$b, $cb], rows 2..$hi step $st, on $dev"
        check "$tmp/k.mlir" "$dev" "$what"
    done
done
fuzz_done
