#!/usr/bin/env bash
# blocks_fuzz_test.sh KTC-PARSE [COUNT [big]] - row kernels as Triton writes
# them, each row in column blocks with its sums carried across the blocks as
# tensors: COUNT kernels (default 12) of R = G x P rows of C f16 columns in
# blocks of B (C and B powers of two, C from 256 to 2048, B from 64 up to
# C; G cores, 1, 2 or 4; P rows a core, 1 to 4; drawn from a fixed
# sequence; with `big`, the sizes of real models' rows: C from 8192 to
# 32768, B from 512 to 4096, P from 1 to 5), alternately a layernorm (a
# row's sum and sum of squares carried) and a softmax (its max, then its
# sum of exp(x - max), carried, then a third pass), each compiled through
# the whole chain on spyre and sample and launched with random inputs:
# every element must match ktc-interp, and no program may deadlock. It
# covers ktc-split's carried tensors and loops of one block, ktc-nest's
# register-carry and stream-loops over blocks of up to 32 lane-wide chunks
# (64 with `big`), corelet-blocks' rest tiles of one row, and ktc-lower's
# signals between stages that hold the loop over a block's chunks (the
# store of a sum's chunk after its load in the same iteration, through the
# FIFOs: a signal after the whole loop of loads deadlocked blocks of 1024
# on sample; and when those loops hold the loop over the blocks,
# register-carry's: session 25's compiler deadlocked in 6 of the 48 `big`
# runs). VERBOSE=1 names each kernel first. The ktc binaries sit beside
# ktc-parse.
count=${2:-12}
big=${3:-}
seed=7
. "$(dirname "$0")/fuzz_lib.sh"

# head_of R C B G P NAME ARGS: the attributes, the function up to the row
# loop; sets what the kernels' bodies name: T (a block), A (its access tile),
# M (the matrix) and TX, TY (the access tiles of X and Y at %row, %col).
head_of() {
    local R=$1 C=$2 B=$3 G=$4 P=$5 name=$6 args=$7
    T="tensor<1x${B}xf16>" A="!ktdp.access_tile<1x${B}xindex>" M="memref<${R}x${C}xf16>"
    local at="[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : $M -> $A"
    TX="%tx = ktdp.construct_access_tile %X$at" TY="%ty = ktdp.construct_access_tile %Y$at"
    cat <<EOT
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + $((B - 1)) >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @$name($args) attributes {grid = [$G]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bs = arith.constant $B : index
  %cn = arith.constant $C : index
  %per = arith.constant $P : index
  %rows = arith.muli %tile, %per : index
  %end = arith.addi %rows, %per : index
  %X = ktdp.construct_memory_view %x, sizes: [$R, $C], strides: [$C, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + $((R - 1)) >= 0, d1 >= 0, -d1 + $((C - 1)) >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<${R}x${C}xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [$R, $C], strides: [$C, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + $((R - 1)) >= 0, d1 >= 0, -d1 + $((C - 1)) >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<${R}x${C}xf16>
EOT
}

layernorm() { # R C B G P
    head_of "$@" layernorm "%x: index, %y: index, %n: index, %eps: f16"
    cat <<EOT
  %n32 = arith.index_cast %n : index to i32
  %nf = arith.sitofp %n32 : i32 to f16
  scf.for %row = %rows to %end step %c1 {
    %zero = arith.constant dense<0.0> : $T
    %s1, %s2 = scf.for %col = %c0 to %cn step %bs iter_args(%a1 = %zero, %a2 = %zero) -> ($T, $T) {
      $TX
      %v = ktdp.load %tx : $A -> $T
      %n1 = arith.addf %a1, %v : $T
      %v2 = arith.mulf %v, %v : $T
      %n2 = arith.addf %a2, %v2 : $T
      scf.yield %n1, %n2 : $T, $T
    }
    %zs = arith.constant 0.0 : f16
    %init = tensor.splat %zs : tensor<1xf16>
    %sum = linalg.reduce { arith.addf } ins(%s1 : $T) outs(%init : tensor<1xf16>) dimensions = [1]
    %sumsq = linalg.reduce { arith.addf } ins(%s2 : $T) outs(%init : tensor<1xf16>) dimensions = [1]
    %t1 = tensor.extract %sum[%c0] : tensor<1xf16>
    %t2 = tensor.extract %sumsq[%c0] : tensor<1xf16>
    %mean = arith.divf %t1, %nf : f16
    %ex2 = arith.divf %t2, %nf : f16
    %m2 = arith.mulf %mean, %mean : f16
    %var = arith.subf %ex2, %m2 : f16
    %ve = arith.addf %var, %eps : f16
    %rstd = math.rsqrt %ve : f16
    %mb = tensor.splat %mean : $T
    %rb = tensor.splat %rstd : $T
    scf.for %col = %c0 to %cn step %bs {
      $TX
      $TY
      %v = ktdp.load %tx : $A -> $T
      %c = arith.subf %v, %mb : $T
      %o = arith.mulf %c, %rb : $T
      ktdp.store %o, %ty : $T, $A
    }
  }
  return
}
EOT
}

softmax() { # R C B G P
    head_of "$@" softmax "%x: index, %y: index"
    cat <<EOT
  scf.for %row = %rows to %end step %c1 {
    %ninf = arith.constant dense<0xFC00> : $T
    %mv = scf.for %col = %c0 to %cn step %bs iter_args(%a = %ninf) -> ($T) {
      $TX
      %v = ktdp.load %tx : $A -> $T
      %m = arith.maximumf %a, %v : $T
      scf.yield %m : $T
    }
    %ninfs = arith.constant 0xFC00 : f16
    %minit = tensor.splat %ninfs : tensor<1xf16>
    %max = linalg.reduce { arith.maximumf } ins(%mv : $T) outs(%minit : tensor<1xf16>) dimensions = [1]
    %ms = tensor.extract %max[%c0] : tensor<1xf16>
    %mb = tensor.splat %ms : $T
    %zero = arith.constant dense<0.0> : $T
    %sv = scf.for %col = %c0 to %cn step %bs iter_args(%a = %zero) -> ($T) {
      $TX
      %v = ktdp.load %tx : $A -> $T
      %d = arith.subf %v, %mb : $T
      %e = math.exp %d : $T
      %s = arith.addf %a, %e : $T
      scf.yield %s : $T
    }
    %zs = arith.constant 0.0 : f16
    %sinit = tensor.splat %zs : tensor<1xf16>
    %sum = linalg.reduce { arith.addf } ins(%sv : $T) outs(%sinit : tensor<1xf16>) dimensions = [1]
    %ss = tensor.extract %sum[%c0] : tensor<1xf16>
    %sb = tensor.splat %ss : $T
    scf.for %col = %c0 to %cn step %bs {
      $TX
      $TY
      %v = ktdp.load %tx : $A -> $T
      %d = arith.subf %v, %mb : $T
      %e = math.exp %d : $T
      %o = arith.divf %e, %sb : $T
      ktdp.store %o, %ty : $T, $A
    }
  }
  return
}
EOT
}

for i in $(seq 1 "$count"); do
    if [ -n "$big" ]; then
        draw 3; C=$((8192 << r))
        draw 4; B=$((512 << r))
        draw 4; G=$((r + 1)); [ "$G" -eq 3 ] && G=4
        draw 5; P=$((r + 1))
    else
        draw 4; C=$((256 << r))
        draw 6; B=$((64 << r)); [ "$B" -gt "$C" ] && B=$C
        draw 4; G=$((r + 1)); [ "$G" -eq 3 ] && G=4
        draw 4; P=$((r + 1))
    fi
    R=$((G * P))
    if [ $((i % 2)) -eq 1 ]; then
        layernorm "$R" "$C" "$B" "$G" "$P" > "$tmp/k.mlir"
        what="layernorm of ${R}x$C in blocks of $B over $G cores"
        args="--arg n=$C --arg eps=0.001"
    else
        softmax "$R" "$C" "$B" "$G" "$P" > "$tmp/k.mlir"
        what="softmax of ${R}x$C in blocks of $B over $G cores"
        args=
    fi
    for dev in $devices; do
        # shellcheck disable=SC2086
        check "$tmp/k.mlir" "$dev" "$what on $dev" $args
    done
done
fuzz_done
