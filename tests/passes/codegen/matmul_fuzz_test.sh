#!/usr/bin/env bash
# matmul_fuzz_test.sh KTC-PARSE [COUNT] - matrix products as Triton and
# Inductor write them: COUNT kernels (default 24) of C = A B with A of M
# rows a core (1 to 16, on 1, 2 or 4 cores) by K (32 to 256) and B of K by
# N (32 to 256), in f16 or f32; a third of them over K in blocks of 16 to
# 64, the accumulator carried through the loop's iter_args; then no
# epilogue, a bias row added (a broadcast generic), a relu (maxnumf with
# zeros) or a scaling by a half. ktc-split chains the K steps through an
# f32 accumulator as ktc-interp computes them (sched/split_linalg.c), so
# f16 products need f32 lanes: each is compiled through the whole chain on
# spyre and launched with random inputs: every element must match
# ktc-interp. Drawn from a fixed sequence; VERBOSE=1 names each kernel
# first. The ktc binaries sit beside ktc-parse. (An A tile of 2x16 f16, 64
# bytes in all, under one DMA word, is refused: path-expand widens the
# sub-word DMAs of one row only; K starts at 32.)
count=${2:-24}
seed=31
. "$(dirname "$0")/fuzz_lib.sh"

# view NAME ARG ROWS COLS: a row-major view of ROWS x COLS elements of $T.
view() {
    echo "  $1 = ktdp.construct_memory_view $2, sizes: [$3, $4], strides: [$4, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + $(($3 - 1)) >= 0, d1 >= 0, -d1 + $(($4 - 1)) >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<$3x$4x$T>"
}

# tile NAME VIEW SUBS ROWS COLS VROWS VCOLS: an access tile of ROWS x COLS
# at SUBS of a VROWS x VCOLS view.
tile() {
    echo "  $1 = ktdp.construct_access_tile $2[$3] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + $(($4 - 1)) >= 0, d1 >= 0, -d1 + $(($5 - 1)) >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<$6x$7x$T> -> !ktdp.access_tile<$4x$5xindex>"
}

# kernel T M K N G KB EPI: the kernel (KB < K: a loop over K in blocks of KB).
kernel() {
    T=$1
    local M=$2 K=$3 N=$4 G=$5 KB=$6 epi=$7 R=$(($2 * $5)) args="%pa: index, %pb: index, %pc: index"
    local TC="tensor<${M}x${N}x$T>"
    [ "$epi" = bias ] && args+=", %pbias: index"
    echo "func.func @mm($args) attributes {grid = [$G]} {"
    echo "  %tile = ktdp.get_compute_tile_id : index"
    echo "  %c0 = arith.constant 0 : index"
    echo "  %cM = arith.constant $M : index"
    echo "  %row = arith.muli %tile, %cM : index"
    view %A %pa "$R" "$K"
    view %B %pb "$K" "$N"
    view %C %pc "$R" "$N"
    [ "$epi" = bias ] && view %BI %pbias 1 "$N"
    echo "  %z = arith.constant 0.0 : $T"
    echo "  %e = tensor.empty() : $TC"
    echo "  %f = linalg.fill ins(%z : $T) outs(%e : $TC) -> $TC"
    if [ "$KB" -lt "$K" ]; then
        echo "  %cK = arith.constant $K : index"
        echo "  %cKB = arith.constant $KB : index"
        echo "  %acc = scf.for %k = %c0 to %cK step %cKB iter_args(%a0 = %f) -> ($TC) {"
        tile %ta %A "%row, %k" "$M" "$KB" "$R" "$K"
        tile %tb %B "%k, %c0" "$KB" "$N" "$K" "$N"
        echo "  %a = ktdp.load %ta : !ktdp.access_tile<${M}x${KB}xindex> -> tensor<${M}x${KB}x$T>"
        echo "  %b = ktdp.load %tb : !ktdp.access_tile<${KB}x${N}xindex> -> tensor<${KB}x${N}x$T>"
        echo "  %r = linalg.matmul ins(%a, %b : tensor<${M}x${KB}x$T>, tensor<${KB}x${N}x$T>) outs(%a0 : $TC) -> $TC"
        echo "  scf.yield %r : $TC"
        echo "  }"
    else
        tile %ta %A "%row, %c0" "$M" "$K" "$R" "$K"
        tile %tb %B "%c0, %c0" "$K" "$N" "$K" "$N"
        echo "  %a = ktdp.load %ta : !ktdp.access_tile<${M}x${K}xindex> -> tensor<${M}x${K}x$T>"
        echo "  %b = ktdp.load %tb : !ktdp.access_tile<${K}x${N}xindex> -> tensor<${K}x${N}x$T>"
        echo "  %acc = linalg.matmul ins(%a, %b : tensor<${M}x${K}x$T>, tensor<${K}x${N}x$T>) outs(%f : $TC) -> $TC"
    fi
    local res=%acc
    case $epi in
    bias)
        tile %tbi %BI "%c0, %c0" 1 "$N" 1 "$N"
        echo "  %bi = ktdp.load %tbi : !ktdp.access_tile<1x${N}xindex> -> tensor<1x${N}x$T>"
        echo "  %eb = tensor.empty() : $TC"
        echo "  %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [\"parallel\", \"parallel\"]} ins(%acc, %bi : $TC, tensor<1x${N}x$T>) outs(%eb : $TC) {"
        echo "  ^bb0(%x: $T, %y: $T, %w: $T):"
        echo "    %s = arith.addf %x, %y : $T"
        echo "    linalg.yield %s : $T"
        echo "  } -> $TC"
        res=%o ;;
    relu)
        echo "  %zs = tensor.splat %z : $TC"
        echo "  %o = arith.maxnumf %acc, %zs : $TC"
        res=%o ;;
    scale)
        echo "  %h = arith.constant 0.5 : $T"
        echo "  %hs = tensor.splat %h : $TC"
        echo "  %o = arith.mulf %acc, %hs : $TC"
        res=%o ;;
    esac
    tile %tc %C "%row, %c0" "$M" "$N" "$R" "$N"
    echo "  ktdp.store $res, %tc : $TC, !ktdp.access_tile<${M}x${N}xindex>"
    echo "  return"
    echo "}"
}

types=(f16 f16 f32)
rows=(1 2 4 8 16)
ks=(32 64 128 256)
ns=(32 64 128 256)
blocks=(16 32 64)
epis=(none bias relu scale)
for i in $(seq 1 "$count"); do
    draw 3; t=${types[$r]}
    draw 5; M=${rows[$r]}
    draw 4; K=${ks[$r]}
    draw 4; N=${ns[$r]}
    draw 3; G=$((1 << r))
    draw 3; KB=$K
    if [ "$r" = 0 ] && [ "$K" -ge 64 ]; then draw 3; KB=${blocks[$r]}; fi
    draw 4; epi=${epis[$r]}
    mine $((i - 1)) || continue
    kernel "$t" "$M" "$K" "$N" "$G" "$KB" "$epi" > "$tmp/k.mlir"
    what="kernel $i: $t, A $M x $K a core over $G cores, B $K x $N"
    what+="$([ "$KB" -lt "$K" ] && echo " in blocks of $KB"), epilogue $epi"
    check "$tmp/k.mlir" spyre "$what"
done
fuzz_done
