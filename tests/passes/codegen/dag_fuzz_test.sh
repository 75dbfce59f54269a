#!/usr/bin/env bash
# dag_fuzz_test.sh KTC-PARSE [COUNT [blocks|f32|blocks-f32|f32io|blocks-f32io]] - row kernels of random shape: COUNT
# kernels (default 64) over an RxN f16 matrix (N a multiple of 64 up to
# 2048), rows split over 1 to 4 cores, 1 to 3 rows a core, each row a
# random graph of elementwise ops (add, sub, mul, max, min, neg, abs, exp,
# a halving), row sums and maxima broadcast back, rsqrt scales of the mean
# square and normalized exponentials, over 1 or 2 row inputs and maybe a
# row every row shares (drawn from a fixed sequence); it stores 1 or 2 of
# its rows, and maybe a per-row statistic (one core only: on several, the
# sample device refuses the elements sharing a DMA word). Each is compiled
# through the whole chain on spyre and sample and launched with random
# inputs: every element must match ktc-interp. Values stay bounded (exp of
# at most 4, divisions by sums of at least 1). It found unrelated results
# whose loads and stores interleave refused, and a sum of (x + r)^2 over
# 2048 refused by ktc-codegen. With `blocks`, COUNT kernels of Triton's
# two passes over column blocks instead (kernel_blocks); they found a
# row's mean splat inside the second pass, and a first pass nothing uses,
# refused by ktc-split. With `f32`, the row kernels compute in f32 as
# Inductor writes them: rows loaded as f16 and extended (arith.extf), every
# op, reduction and scalar in f32, the rows stored truncated back to f16
# (spyre's SFU has f32 lanes, sample's none); with `blocks-f32`, the
# Triton-style kernels so, their accumulators f32; with `f32io` and
# `blocks-f32io`, the same over f32 rows in device memory (no conversions).
# VERBOSE=1 names each kernel first. The ktc binaries sit beside ktc-parse.
count=${2:-64}
seed=1618
. "$(dirname "$0")/fuzz_lib.sh"

# body: the row's ops; vals/bnds: the row values and bounds on their
# magnitudes (integers); scal: the statistic, if any; n, nr: the last
# value's and reduction's numbers.
body="" vals=() bnds=() scal="" n=0 nr=0
emit() { body+="      $1"$'\n'; }
fresh() { n=$((n + 1)); v="%v$n"; }
T=""   # the row type
E=f16  # its element type: f32 with `f32` (rows loaded as f16, extended)
M=f16  # the element type in device memory: f32 with `f32io`
NINF=0xFC00
pick() { # a = a recent value (mostly), its bound ab
    local k=${#vals[@]}
    draw 10
    if [ "$r" -lt 7 ] && [ "$k" -gt 3 ]; then draw 4; r=$((k - 1 - r)); else draw "$k"; fi
    a=${vals[$r]} ab=${bnds[$r]}
}
push() { vals+=("$1"); bnds+=("$2"); }
reduce() { # RESULT-SCALAR OP INPUT: s = OP over the row INPUT
    local init=0.0 k=$((nr += 1))
    [ "$2" = maxnumf ] && init=$NINF
    emit "%z$k = arith.constant $init : $E"
    emit "%i$k = tensor.splat %z$k : tensor<1x$E>"
    emit "%r$k = linalg.reduce { arith.$2 } ins($3 : $T) outs(%i$k : tensor<1x$E>) dimensions = [1]"
    emit "$1 = tensor.extract %r$k[%c0] : tensor<1x$E>"
}
op() { # one op of the row graph (elementwise only: $1 = 4)
    local b w s m
    pick
    draw "${1:-9}"
    case $r in
    0 | 1 | 2) # binary
        w=$a wb=$ab; pick
        draw 5; local f=(addf subf mulf maxnumf minnumf); f=${f[$r]}
        case $f in addf | subf) b=$((ab + wb)) ;; mulf) b=$((ab * wb)) ;;
            *) b=$((ab > wb ? ab : wb)) ;; esac
        [ "$b" -gt 16384 ] && return
        fresh; emit "$v = arith.$f $a, $w : $T"; push "$v" "$b" ;;
    3) # unary
        draw 4
        fresh
        case $r in
        0) emit "$v = arith.negf $a : $T"; push "$v" "$ab" ;;
        1) emit "$v = math.absf $a : $T"; push "$v" "$ab" ;;
        2) [ "$ab" -gt 4 ] && return
            emit "$v = math.exp $a : $T"; push "$v" 55 ;;
        3) emit "%h$n = arith.constant 0.5 : $E"
            emit "%hb$n = tensor.splat %h$n : $T"
            emit "$v = arith.mulf $a, %hb$n : $T"; push "$v" $(((ab + 1) / 2)) ;;
        esac ;;
    4 | 5) # a row sum or max, broadcast back into the row
        draw 2
        fresh; s="%s$n"
        if [ "$r" = 0 ]; then
            b=$((ab * N)); [ "$b" -gt 16384 ] && return
            reduce "$s" addf "$a"
        else
            b=$ab; reduce "$s" maxnumf "$a"
        fi
        emit "%sb$n = tensor.splat $s : $T"
        draw 3
        case $r in
        0) emit "$v = arith.subf $a, %sb$n : $T"; push "$v" $((ab + b)) ;;
        1) [ $((ab * b)) -gt 16384 ] && return
            emit "$v = arith.mulf $a, %sb$n : $T"; push "$v" $((ab * b)) ;;
        2) emit "$v = arith.addf $a, %sb$n : $T"; push "$v" $((ab + b)) ;;
        esac
        scal=$s ;;
    6) # normalized exponentials: exp(a - max a) / sum
        fresh
        reduce "%m$n" maxnumf "$a"
        emit "%mb$n = tensor.splat %m$n : $T"
        emit "%d$n = arith.subf $a, %mb$n : $T"
        emit "%e$n = math.exp %d$n : $T"
        reduce "%s$n" addf "%e$n"
        emit "%sb$n = tensor.splat %s$n : $T"
        emit "$v = arith.divf %e$n, %sb$n : $T"; push "$v" 1 ;;
    *) # an rsqrt scale of the mean square
        [ $((ab * ab)) -gt 16384 ] && return
        fresh
        emit "%q$n = arith.mulf $a, $a : $T"
        reduce "%s$n" addf "%q$n"
        emit "%nn$n = arith.constant $N.0 : $E"
        emit "%me$n = arith.divf %s$n, %nn$n : $E"
        emit "%ve$n = arith.addf %me$n, $EPS : $E"
        emit "%rs$n = math.rsqrt %ve$n : $E"
        emit "%rb$n = tensor.splat %rs$n : $T"
        emit "$v = arith.mulf $a, %rb$n : $T"; push "$v" $((ab * 32))
        scal=%rs$n ;;
    esac
}
view() { # NAME ARG ROWS: a view of ROWS rows of N elements (M) at argument ARG
    echo "  $1 = ktdp.construct_memory_view $2, sizes: [$3, $N], strides: [$N, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + $(($3 - 1)) >= 0, d1 >= 0, -d1 + $((N - 1)) >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<${3}x${N}x$M>"
}
kernel() { # G PER N NIN SHARED NOPS
    local G=$1 per=$2 nin=$4 shared=$5 nops=$6 R=$(($1 * $2)) i
    N=$3 T="tensor<1x${3}x$E>" body="" vals=() bnds=() scal="" n=0 nr=0
    local TL="tensor<1x${3}x$M>" x=%x  # the loaded rows' type and names
    [ "$E" != "$M" ] && x=%xl
    for ((i = 0; i < nin; i++)); do push "%x$i" 1; done
    [ "$shared" = 1 ] && push "%w" 1
    for ((i = 0; i < nops; i++)); do op; done
    local outs=("${vals[-1]}")
    draw 3
    if [ "$r" = 0 ] && [ "${#vals[@]}" -gt $((nin + shared + 1)) ]; then
        draw $((${#vals[@]} - nin - shared - 1)); outs+=("${vals[$((nin + shared + r))]}")
    fi
    draw 3
    [ "$r" = 0 ] && [ "$G" = 1 ] || scal=""
    local set="affine_set<(d0, d1) : (d0 >= 0, -d0 + $((R - 1)) >= 0, d1 >= 0, -d1 + $((N - 1)) >= 0)>"
    local one="affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + $((N - 1)) >= 0)>"
    local mt="memref<${R}x${N}x$M>" at="!ktdp.access_tile<1x${N}xindex>"
    local map="affine_map<(d0, d1) -> (d0, d1)>" args=""
    for ((i = 0; i < nin; i++)); do args+="%x${i}_a: index, "; done
    [ "$shared" = 1 ] && args+="%w_a: index, "
    for ((i = 0; i < ${#outs[@]}; i++)); do args+="%o${i}_a: index, "; done
    [ -n "$scal" ] && args+="%st_a: index, "
    echo "func.func @dag(${args}%eps: f16) attributes {grid = [$G]} {"
    echo "  %tile = ktdp.get_compute_tile_id : index"
    echo "  %c0 = arith.constant 0 : index"
    echo "  %c1 = arith.constant 1 : index"
    echo "  %per = arith.constant $per : index"
    echo "  %start = arith.muli %tile, %per : index"
    echo "  %end = arith.addi %start, %per : index"
    [ "$E" = f32 ] && echo "  %epsx = arith.extf %eps : f16 to f32"
    for ((i = 0; i < nin; i++)); do view "%X$i" "%x${i}_a" "$R"; done
    for ((i = 0; i < ${#outs[@]}; i++)); do view "%O$i" "%o${i}_a" "$R"; done
    if [ "$shared" = 1 ]; then
        view %W %w_a 1
        echo "  %tw = ktdp.construct_access_tile %W[%c0, %c0] {access_tile_set = $one, access_tile_order = $map} : memref<1x${N}x$M> -> $at"
    fi
    [ -n "$scal" ] && echo "  %ST = ktdp.construct_memory_view %st_a, sizes: [$R], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + $((R - 1)) >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<${R}x$M>"
    echo "  scf.for %row = %start to %end step %c1 {"
    for ((i = 0; i < nin; i++)); do
        echo "    %t$i = ktdp.construct_access_tile %X$i[%row, %c0] {access_tile_set = $one, access_tile_order = $map} : $mt -> $at"
        echo "    $x$i = ktdp.load %t$i : $at -> $TL"
        [ "$E" != "$M" ] && echo "    %x$i = arith.extf %xl$i : $TL to $T"
    done
    if [ "$shared" = 1 ] && [ "$E" != "$M" ]; then
        echo "    %wl = ktdp.load %tw : $at -> $TL"
        echo "    %w = arith.extf %wl : $TL to $T"
    elif [ "$shared" = 1 ]; then
        echo "    %w = ktdp.load %tw : $at -> $T"
    fi
    printf '%s' "${body//      /    }"
    for ((i = 0; i < ${#outs[@]}; i++)); do
        echo "    %to$i = ktdp.construct_access_tile %O$i[%row, %c0] {access_tile_set = $one, access_tile_order = $map} : $mt -> $at"
        if [ "$E" != "$M" ]; then
            echo "    %oh$i = arith.truncf ${outs[$i]} : $T to $TL"
            echo "    ktdp.store %oh$i, %to$i : $TL, $at"
        else
            echo "    ktdp.store ${outs[$i]}, %to$i : $T, $at"
        fi
    done
    if [ -n "$scal" ]; then
        echo "    %tst = ktdp.construct_access_tile %ST[%row] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<${R}x$M> -> !ktdp.access_tile<1xindex>"
        if [ "$E" != "$M" ]; then
            echo "    %sth = arith.truncf $scal : f32 to f16"
            scal=%sth
        fi
        echo "    %stv = tensor.splat $scal : tensor<1x$M>"
        echo "    ktdp.store %stv, %tst : tensor<1x$M>, !ktdp.access_tile<1xindex>"
    fi
    echo "  }"
    echo "  return"
    echo "}"
}
# Triton's two passes over a row's column blocks: the first carries 1 or 2
# accumulators (a sum, a max, a sum of squares of an elementwise graph of
# the inputs) in iter_args, reduced after the loop to a mean, a max or an
# rsqrt scale; the second splats them, inside the loop or before it, into
# another elementwise graph and stores it.
kernel_blocks() { # G PER B NB NIN SHARED
    local G=$1 per=$2 B=$3 nin=$5 shared=$6 R=$(($1 * $2)) i k kinds=() accs=() inits=""
    N=$(($3 * $4)) T="tensor<1x${3}x$E>" vals=() bnds=() n=0 nr=0
    local TL="tensor<1x${3}x$M>" x=%x  # the loaded blocks' type and names
    [ "$E" != "$M" ] && x=%xl
    local blk="affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + $((B - 1)) >= 0)>"
    local map="affine_map<(d0, d1) -> (d0, d1)>" at="!ktdp.access_tile<1x${B}xindex>"
    local mt="memref<${R}x${N}x$M>" args="" loads="" p1 p2 mid="" yields="" names="" ts=""
    for ((i = 0; i < nin; i++)); do
        args+="%x${i}_a: index, "
        loads+="      %t$i = ktdp.construct_access_tile %X$i[%row, %col] {access_tile_set = $blk, access_tile_order = $map} : $mt -> $at"$'\n'
        loads+="      $x$i = ktdp.load %t$i : $at -> $TL"$'\n'
        [ "$E" != "$M" ] && loads+="      %x$i = arith.extf %xl$i : $TL to $T"$'\n'
        push "%x$i" 1
    done
    if [ "$shared" = 1 ]; then
        args+="%w_a: index, "
        loads+="      %tw = ktdp.construct_access_tile %W[%c0, %col] {access_tile_set = $blk, access_tile_order = $map} : memref<1x${N}x$M> -> $at"$'\n'
        if [ "$E" != "$M" ]; then
            loads+="      %wl = ktdp.load %tw : $at -> $TL"$'\n'
            loads+="      %w = arith.extf %wl : $TL to $T"$'\n'
        else
            loads+="      %w = ktdp.load %tw : $at -> $T"$'\n'
        fi
        push "%w" 1
    fi
    local ins=("${vals[@]}") inb=("${bnds[@]}")
    body=""
    draw 3; for ((i = 0; i < r; i++)); do op 4; done
    draw 2
    for ((k = 0; k <= r; k++)); do
        pick
        draw 3; local kind=(sum max sumsq); kind=${kind[$r]}
        [ "$kind" = sum ] && [ $((ab * N)) -gt 16384 ] && kind=max
        [ "$kind" = sumsq ] && [ $((ab * ab * N)) -gt 16384 ] && kind=max
        kinds+=("$kind") accs+=("$ab")
        inits+="${inits:+, }%a$k = $([ "$kind" = max ] && echo %ninf || echo %zero)"
        ts+="${ts:+, }$T"
        case $kind in
        sum) emit "%n$k = arith.addf %a$k, $a : $T" ;;
        max) emit "%n$k = arith.maxnumf %a$k, $a : $T" ;;
        sumsq) emit "%q$k = arith.mulf $a, $a : $T"; emit "%n$k = arith.addf %a$k, %q$k : $T" ;;
        esac
        yields+="${yields:+, }%n$k" names+="${names:+, }%s$k"
    done
    p1=$body
    # the scalars, splat into pass 2 (inside the loop or before it)
    body="" vals=("${ins[@]}") bnds=("${inb[@]}")
    local outer=""
    for ((k = 0; k < ${#kinds[@]}; k++)); do
        local kind=${kinds[$k]} red=addf init=0.0 b=${accs[$k]}
        [ "$kind" = max ] && red=maxnumf init=$NINF
        mid+="    %zs$k = arith.constant $init : $E"$'\n'
        mid+="    %is$k = tensor.splat %zs$k : tensor<1x$E>"$'\n'
        mid+="    %rs$k = linalg.reduce { arith.$red } ins(%s$k : $T) outs(%is$k : tensor<1x$E>) dimensions = [1]"$'\n'
        mid+="    %e$k = tensor.extract %rs$k[%c0] : tensor<1x$E>"$'\n'
        case $kind in
        sum) mid+="    %m$k = arith.divf %e$k, %nf : $E"$'\n' ;;
        max) mid+="    %m$k = arith.addf %e$k, %zf : $E"$'\n' ;;
        sumsq) mid+="    %me$k = arith.divf %e$k, %nf : $E"$'\n'
            mid+="    %ve$k = arith.addf %me$k, $EPS : $E"$'\n'
            mid+="    %m$k = math.rsqrt %ve$k : $E"$'\n'; b=32 ;;
        esac
        draw 2
        if [ "$r" = 0 ]; then
            emit "%sp$k = tensor.splat %m$k : $T"
        else
            outer+="    %sp$k = tensor.splat %m$k : $T"$'\n'
        fi
        push "%sp$k" "$b"
    done
    draw 4; for ((i = 0; i <= r; i++)); do op 4; done
    p2=$body
    echo "func.func @blocks(${args}%y_a: index, %eps: f16) attributes {grid = [$G]} {"
    echo "  %tile = ktdp.get_compute_tile_id : index"
    echo "  %c0 = arith.constant 0 : index"
    echo "  %c1 = arith.constant 1 : index"
    echo "  %bs = arith.constant $B : index"
    echo "  %cn = arith.constant $N : index"
    echo "  %per = arith.constant $per : index"
    echo "  %start = arith.muli %tile, %per : index"
    echo "  %end = arith.addi %start, %per : index"
    echo "  %nf = arith.constant $N.0 : $E"
    echo "  %zf = arith.constant 0.0 : $E"
    [ "$E" = f32 ] && echo "  %epsx = arith.extf %eps : f16 to f32"
    for ((i = 0; i < nin; i++)); do view "%X$i" "%x${i}_a" "$R"; done
    [ "$shared" = 1 ] && view %W %w_a 1
    view %Y %y_a "$R"
    echo "  scf.for %row = %start to %end step %c1 {"
    echo "    %zero = arith.constant dense<0.0> : $T"
    echo "    %ninf = arith.constant dense<$NINF> : $T"
    echo "    $names = scf.for %col = %c0 to %cn step %bs iter_args($inits) -> ($ts) {"
    printf '%s' "$loads"
    printf '%s' "$p1"
    echo "      scf.yield $yields : $ts"
    echo "    }"
    printf '%s' "$mid$outer"
    echo "    scf.for %col = %c0 to %cn step %bs {"
    printf '%s' "$loads"
    printf '%s' "$p2"
    echo "      %ty = ktdp.construct_access_tile %Y[%row, %col] {access_tile_set = $blk, access_tile_order = $map} : $mt -> $at"
    if [ "$E" != "$M" ]; then
        echo "      %yh = arith.truncf ${vals[-1]} : $T to $TL"
        echo "      ktdp.store %yh, %ty : $TL, $at"
    else
        echo "      ktdp.store ${vals[-1]}, %ty : $T, $at"
    fi
    echo "    }"
    echo "  }"
    echo "  return"
    echo "}"
}

sizes=(64 128 192 256 384 512 768 1024 2048)
EPS=%eps
mode=${3:-}
case $mode in
f32 | blocks-f32) E=f32 NINF=0xFF800000 EPS=%epsx ;;
f32io | blocks-f32io) E=f32 M=f32 NINF=0xFF800000 EPS=%epsx ;;
esac
for i in $(seq 1 "$count"); do
    draw 3; G=$((1 << r))
    if [ "${mode#blocks}" != "$mode" ]; then
        draw 2; per=$((r + 1))
        draw 4; B=$((128 << r))
        draw 4; nb=$((1 << r))
        draw 2; nin=$((r + 1))
        draw 5; shared=$((r < 2))
        kernel_blocks "$G" "$per" "$B" "$nb" "$nin" "$shared" > "$tmp/k.mlir"
        what="blocked kernel $i: $per rows of $nb blocks of $B a core over $G cores, $nin inputs"
        what+="$([ "$shared" = 1 ] && echo ", a shared row")"
    else
        draw 3; per=$((r + 1))
        draw ${#sizes[@]}; N=${sizes[$r]}
        draw 2; nin=$((r + 1))
        draw 5; shared=$((r < 2))
        draw 8; nops=$((r + 2))
        kernel "$G" "$per" "$N" "$nin" "$shared" "$nops" > "$tmp/k.mlir"
        what="kernel $i: ${per} rows of $N a core over $G cores, $nin inputs"
        what+="$([ "$shared" = 1 ] && echo ", a shared row"), $nops ops"
    fi
    mine "$i" || continue
    for dev in $devices; do
        check "$tmp/k.mlir" "$dev" "$what, on $dev" --arg eps=0.001
    done
done
fuzz_done
