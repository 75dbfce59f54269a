#!/usr/bin/env bash
# ragged_fuzz_test.sh KTC-PARSE [COUNT [f32]] - row kernels whose block loops run
# a different number of iterations in each row: COUNT kernels (default 24)
# of R rows (8 to 33) of MB blocks of B f16 (B 64 to 256, MB 3 to 6) on G
# cores (rows t, t + G, ...; G 1, 2 or 4), each row's blocks from lo to hi
# by one of: lo = 0, hi = (row / G + 1) blocks (more rows, more blocks);
# lo = 0, hi = (row mod 3 + 1) blocks; lo = (row mod MB) blocks, hi = MB
# blocks; lo = (row mod 3) blocks, hi = lo + MB - 2 (a band: as many in
# every row); lo = 0, hi = min(row + 1, n, MB) blocks (n a launch-time
# argument, launched at 1 and 3). The body scales the blocks (y), sums them
# (s, carried as a tensor), or both, the scale by the sum. One kernel in
# three (not of the last form) views x and y as rows of n columns, n a
# launch-time argument (launched at half a row and 3, and a whole row):
# the blocks past n masked, ktc-split's peel leaving a masked tail loop of
# at most one trip in the rows that reach n. Drawn from a fixed sequence,
# each compiled through the whole chain on spyre and sample and launched
# with random inputs: every element must match ktc-interp. The buffer
# copies ktc-nest's phases take in turn across the rows (row-phases) must
# then be counted as the loops run (ktc-lower): session 36's compiler
# numbered them row * blocks + block and got 13 of these 68 launches wrong
# (and 184 of 916 in longer runs of such kernels). With `f32`, the rows
# and sums are f32 (in device memory too). VERBOSE=1 names each kernel
# first. The ktc binaries sit beside ktc-parse.
count=${2:-24}
seed=11
. "$(dirname "$0")/fuzz_lib.sh"

# kernel R G B MB FORM BODY MASKED: the kernel, its blocks of row %row from
# %lb to %ub (FORM), its body BODY (scale, sum or norm); x and y rows of n
# columns when MASKED is 1.
kernel() {
    local R=$1 G=$2 B=$3 MB=$4 form=$5 body=$6 masked=$7 C=$(($4 * $3))
    local T="tensor<1x${B}x$E>" A="!ktdp.access_tile<1x${B}xindex>" M="memref<${R}x${C}x$E>"
    local cols="d1 >= 0, -d1 + $((C - 1)) >= 0" sym="" W=$C
    if [ "$masked" = 1 ]; then
        M="memref<${R}x?x$E>" cols="d1 >= 0, -d1 + s0 - 1 >= 0" sym="[s0]" W=%n
    fi
    local at="[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : $M -> $A"
    cat <<EOT
#all = affine_set<(d0, d1)$sym : (d0 >= 0, -d0 + $((R - 1)) >= 0, $cols)>
#out = affine_set<(d0, d1) : (d0 >= 0, -d0 + $((R - 1)) >= 0, d1 >= 0, -d1 + $((B - 1)) >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + $((B - 1)) >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @ragged(%x: index, %y: index, %s: index, %n: index) attributes {grid = [$G]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %cG = arith.constant $G : index
  %cR = arith.constant $R : index
  %cMB = arith.constant $MB : index
  %B = arith.constant $B : index
  %X = ktdp.construct_memory_view %x, sizes: [$R, $W], strides: [$C, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : $M
  %Y = ktdp.construct_memory_view %y, sizes: [$R, $W], strides: [$C, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : $M
  %S = ktdp.construct_memory_view %s, sizes: [$R, $B], strides: [$B, 1] {coordinate_set = #out, memory_space = #ktdp.memory_space<global>} : memref<${R}x${B}x$E>
  %half = arith.constant dense<0.5> : $T
  %zeros = arith.constant dense<0.0> : $T
  scf.for %row = %tile to %cR step %cG {
EOT
    case $form in
    upto) echo "    %q = arith.divui %row, %cG : index
    %q1 = arith.addi %q, %c1 : index
    %k = arith.minui %q1, %cMB : index
    %lb = arith.addi %c0, %c0 : index
    %ub = arith.muli %k, %B : index" ;;
    mod) echo "    %m = arith.remui %row, %c3 : index
    %k = arith.addi %m, %c1 : index
    %lb = arith.addi %c0, %c0 : index
    %ub = arith.muli %k, %B : index" ;;
    from) echo "    %m = arith.remui %row, %cMB : index
    %lb = arith.muli %m, %B : index
    %ub = arith.constant $C : index" ;;
    band) echo "    %m = arith.remui %row, %c3 : index
    %lb = arith.muli %m, %B : index
    %span = arith.constant $(((MB - 2) * B)) : index
    %ub = arith.addi %lb, %span : index" ;;
    n) echo "    %r1 = arith.addi %row, %c1 : index
    %k0 = arith.minui %r1, %n : index
    %k = arith.minui %k0, %cMB : index
    %lb = arith.addi %c0, %c0 : index
    %ub = arith.muli %k, %B : index" ;;
    esac
    if [ "$body" != scale ]; then
        cat <<EOT
    %sum = scf.for %off = %lb to %ub step %B iter_args(%acc = %zeros) -> ($T) {
      %tx = ktdp.construct_access_tile %X$at
      %v = ktdp.load %tx : $A -> $T
      %a = arith.addf %acc, %v : $T
      scf.yield %a : $T
    }
    %ts = ktdp.construct_access_tile %S[%row, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<${R}x${B}x$E> -> $A
    ktdp.store %sum, %ts : $T, $A
EOT
    fi
    if [ "$body" != sum ]; then
        local by=%half
        [ "$body" = norm ] && by=%sum
        cat <<EOT
    scf.for %off = %lb to %ub step %B {
      %tx = ktdp.construct_access_tile %X$at
      %ty = ktdp.construct_access_tile %Y$at
      %v = ktdp.load %tx : $A -> $T
      %w = arith.mulf %v, $by : $T
      ktdp.store %w, %ty : $T, $A
    }
EOT
    fi
    printf '  }\n  return\n}\n'
}

E=${3:-f16} # the element type: f32 with `f32`
forms=(upto mod from band n)
bodies=(scale sum norm)
for i in $(seq 1 "$count"); do
    draw 4; R=$((8 + r * 8)); [ "$R" -eq 32 ] && R=33
    draw 3; G=$((1 << r))
    draw 3; B=$((64 << r))
    draw 4; MB=$((3 + r)); [ "$MB" -eq 5 ] && MB=4
    draw 5; form=${forms[$r]}
    draw 3; body=${bodies[$r]}
    draw 3; masked=$((r == 0)); [ "$form" = n ] && masked=0
    mine $((i - 1)) || continue
    kernel "$R" "$G" "$B" "$MB" "$form" "$body" "$masked" > "$tmp/k.mlir"
    what="$body of ${R} rows of $MB blocks of $B over $G cores, blocks by $form"
    C=$((MB * B)) shapes="--arg x=$E:${R}x$((MB * B)) --arg y=$E:${R}x$((MB * B))"
    for dev in $devices; do
        if [ "$form" = n ]; then
            check "$tmp/k.mlir" "$dev" "$what on $dev, n = 1" --arg n=1
            check "$tmp/k.mlir" "$dev" "$what on $dev, n = 3" --arg n=3
        elif [ "$masked" = 1 ]; then
            # shellcheck disable=SC2086
            check "$tmp/k.mlir" "$dev" "$what on $dev, n = $((C / 2 + 3))" --arg n=$((C / 2 + 3)) $shapes
            # shellcheck disable=SC2086
            check "$tmp/k.mlir" "$dev" "$what on $dev, n = $C" --arg n=$C $shapes
        else
            check "$tmp/k.mlir" "$dev" "$what on $dev"
        fi
    done
done
fuzz_done
