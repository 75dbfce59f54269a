#!/usr/bin/env bash
# lanes_fuzz_test.sh KTC-PARSE [COUNT] - masks from the iteration index
# (ktc-split's lane compares): COUNT kernels (default 24) computing
# y = select(j P n, 2 x, 1) over an RxW tile a core (W = G C columns over a
# grid of G cores, C columns a core), j the point's row or column
# (linalg.index d), plus the core's first column when the sum is written
# (Triton's `cols < N`, cols = base + arange), P a signed or unsigned
# comparison or an equality, the lane on either side; some kernels select again on the other
# dim's index against m. Drawn from a fixed sequence, each compiled through
# the whole chain on spyre (and on sample, f16 only: its compute unit has
# no f32 lanes) and launched with random inputs and n, m anywhere (negative,
# past the columns, beyond i32): every element must match ktc-interp.
# VERBOSE=1 names each kernel first. The ktc binaries sit beside ktc-parse.
count=${2:-24}
seed=1618
. "$(dirname "$0")/fuzz_lib.sh"
preds=(slt sle sgt sge eq ne ult ule ugt uge)
kernel() { # DT G R C D PRED RHS PLUS TWO P2
    local dt=$1 G=$2 R=$3 C=$4 d=$5 pred=$6 rhs=$7 plus=$8 two=$9 p2=${10}
    local W=$((G * C)) lane=%j base=%c0 a b
    [ "$plus" = 1 ] && lane=%col
    [ "$d" = 1 ] && base=%base
    if [ "$rhs" = 1 ]; then a=%n b=$lane; else a=$lane b=%n; fi
    local box="affine_set<(d0, d1) : (d0 >= 0, -d0 + $((R - 1)) >= 0, d1 >= 0, -d1 +"
    local blk="$box $((C - 1)) >= 0)>" all="$box $((W - 1)) >= 0)>"
    local mt="memref<${R}x${W}x$dt>" at="!ktdp.access_tile<${R}x${C}xindex>"
    local tt="tensor<${R}x${C}x$dt>"
    local id="affine_map<(d0, d1) -> (d0, d1)>"
    cat <<EOT
func.func @lanes(%x: index, %y: index, %n: index, %m: index) attributes {grid = [$G]} {
  %t = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %cC = arith.constant $C : index
  %base = arith.muli %t, %cC : index
  %X = ktdp.construct_memory_view %x, sizes: [$R, $W], strides: [$W, 1] {coordinate_set = $all, memory_space = #ktdp.memory_space<global>} : $mt
  %Y = ktdp.construct_memory_view %y, sizes: [$R, $W], strides: [$W, 1] {coordinate_set = $all, memory_space = #ktdp.memory_space<global>} : $mt
  %tx = ktdp.construct_access_tile %X[%c0, %base] {access_tile_set = $blk, access_tile_order = $id} : $mt -> $at
  %ty = ktdp.construct_access_tile %Y[%c0, %base] {access_tile_set = $blk, access_tile_order = $id} : $mt -> $at
  %v = ktdp.load %tx : $at -> $tt
  %e = tensor.empty() : $tt
  %one = arith.constant 1.0 : $dt
  %r = linalg.generic {indexing_maps = [$id, $id], iterator_types = ["parallel", "parallel"]} ins(%v : $tt) outs(%e : $tt) {
  ^bb0(%in: $dt, %out: $dt):
    %j = linalg.index $d : index
EOT
    [ "$plus" = 1 ] && echo "    %col = arith.addi $base, %j : index"
    cat <<EOT
    %ok = arith.cmpi $pred, $a, $b : index
    %dd = arith.addf %in, %in : $dt
    %s = arith.select %ok, %dd, %one : $dt
EOT
    if [ "$two" = 1 ]; then
        cat <<EOT
    %k = linalg.index $((1 - d)) : index
    %ok2 = arith.cmpi $p2, %k, %m : index
    %s2 = arith.select %ok2, %s, %in : $dt
    linalg.yield %s2 : $dt
EOT
    else
        echo "    linalg.yield %s : $dt"
    fi
    cat <<EOT
  } -> $tt
  ktdp.store %r, %ty : $tt, $at
  return
}
EOT
}
sizes16=(64 96 128 192 256 512) sizes32=(32 64 128 256) rows=(1 2 4 8)
for i in $(seq 1 "$count"); do
    draw 3; dt=f16; [ "$r" = 2 ] && dt=f32
    draw 3; G=$((1 << r))
    draw 4; R=${rows[$r]}
    if [ "$dt" = f16 ]; then draw 6; C=${sizes16[$r]}; else draw 4; C=${sizes32[$r]}; fi
    d=1; [ "$R" -gt 1 ] && draw 2 && d=$r
    draw 10; pred=${preds[$r]}
    draw 3; rhs=$((r == 0))
    draw 3; plus=$((r != 0))
    two=0; [ "$R" -gt 1 ] && draw 3 && two=$((r == 0))
    draw 3; p2=${preds[$((r * 2))]}
    W=$((G * C)) ext=$((G * C))
    [ "$d" = 0 ] && ext=$R
    draw 6
    case $r in
        0) n=-5 ;;
        1) n=$ext ;;
        2) n=10000000000 ;;
        *) draw $((ext + 3)); n=$((r - 1)) ;;
    esac
    draw $((R + 2)); m=$((r - 1))
    kernel "$dt" "$G" "$R" "$C" "$d" "$pred" "$rhs" "$plus" "$two" "$p2" > "$tmp/k.mlir"
    mine "$i" || continue
    devs="spyre sample"
    [ "$dt" = f32 ] && devs=spyre
    for dev in $devs; do
        what="$dt ${R}x$W over $G cores, index $d $pred n=$n (lane right $rhs, base $plus,"
        what="$what two $two m=$m) on $dev"
        check "$tmp/k.mlir" "$dev" "$what" --arg "n=$n" --arg "m=$m" --arg "x=$dt:${R}x$W" --arg "y=$dt:${R}x$W"
    done
done
fuzz_done
