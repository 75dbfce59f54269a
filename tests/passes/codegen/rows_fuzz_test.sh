#!/usr/bin/env bash
# rows_fuzz_test.sh KTC-PARSE [COUNT] - row softmaxes whose rows split
# unevenly over cores and corelets: COUNT kernels (default 12), an RxC f16
# matrix over a grid of G cores, core t taking rows t, t + G, ... (R in
# [2, 48), C a multiple of 32 in [32, 640], G in [1, 4], drawn from a fixed
# sequence), each compiled through the whole chain on spyre and sample and
# launched with random inputs: every element must match ktc-interp. It
# covers ktc-nest's tiles of rows over counts that differ by core, its
# passes as sibling ktdf.parallel loops over the corelets, and ktc-lower's
# signals between them (a row of one pass waiting for that row of the pass
# before, lane to lane). VERBOSE=1 names each kernel first. The ktc
# binaries sit beside ktc-parse.
count=${2:-12}
seed=2718
. "$(dirname "$0")/fuzz_lib.sh"
kernel() { # R C G
    local R=$1 C=$2 G=$3
    local set="affine_set<(d0, d1) : (d0 >= 0, -d0 + $((R - 1)) >= 0, d1 >= 0, -d1 + $((C - 1)) >= 0)>"
    local blk="affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + $((C - 1)) >= 0)>"
    cat <<EOT
func.func @rows(%out: index, %in: index) attributes {grid = [$G]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %cG = arith.constant $G : index
  %cR = arith.constant $R : index
  %X = ktdp.construct_memory_view %in, sizes: [$R, $C], strides: [$C, 1] {coordinate_set = $set, memory_space = #ktdp.memory_space<global>} : memref<${R}x${C}xf16>
  %Y = ktdp.construct_memory_view %out, sizes: [$R, $C], strides: [$C, 1] {coordinate_set = $set, memory_space = #ktdp.memory_space<global>} : memref<${R}x${C}xf16>
  scf.for %row = %tile to %cR step %cG {
    %tx = ktdp.construct_access_tile %X[%row, %c0] {access_tile_set = $blk, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<${R}x${C}xf16> -> !ktdp.access_tile<1x${C}xindex>
    %ty = ktdp.construct_access_tile %Y[%row, %c0] {access_tile_set = $blk, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<${R}x${C}xf16> -> !ktdp.access_tile<1x${C}xindex>
    %x = ktdp.load %tx : !ktdp.access_tile<1x${C}xindex> -> tensor<1x${C}xf16>
    %ninf = arith.constant 0xFC00 : f16
    %minit = tensor.splat %ninf : tensor<1xf16>
    %max = linalg.reduce { arith.maximumf } ins(%x : tensor<1x${C}xf16>) outs(%minit : tensor<1xf16>) dimensions = [1]
    %ms = tensor.extract %max[%c0] : tensor<1xf16>
    %mb = tensor.splat %ms : tensor<1x${C}xf16>
    %d = arith.subf %x, %mb : tensor<1x${C}xf16>
    %e = math.exp %d : tensor<1x${C}xf16>
    %zero = arith.constant 0.0 : f16
    %sinit = tensor.splat %zero : tensor<1xf16>
    %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x${C}xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
    %ss = tensor.extract %sum[%c0] : tensor<1xf16>
    %sb = tensor.splat %ss : tensor<1x${C}xf16>
    %y = arith.divf %e, %sb : tensor<1x${C}xf16>
    ktdp.store %y, %ty : tensor<1x${C}xf16>, !ktdp.access_tile<1x${C}xindex>
  }
  return
}
EOT
}
for i in $(seq 1 "$count"); do
    draw 46; R=$((r + 2))
    draw 20; C=$(((r + 1) * 32))
    draw 4; G=$((r + 1))
    kernel "$R" "$C" "$G" > "$tmp/k.mlir"
    for dev in $devices; do
        what="softmax of ${R}x$C over $G cores on $dev"
        check "$tmp/k.mlir" "$dev" "$what"
    done
done
fuzz_done
