#!/usr/bin/env bash
# packed_fuzz_test.sh KTC-PARSE [COUNT] - row kernels over contiguous
# tensors (Triton's `x_ptr + row * stride` with the stride n): COUNT
# kernels (default 12) of R rows (4 to 19) of n f16, n a launch-time
# argument and the row stride, on G cores (rows t, t + G, ...; G 1, 2 or
# 4), in blocks of B columns (64 to 512) masked at n. The body is one pass
# (y = x + x, or y = x * x) or two (the row's mean over its blocks, then y
# = x - mean), as Triton's LayerNorm passes run; or the row's blocks summed
# into one block of an aligned y (R x B: only loads start inside words). A row starts inside a
# 128-byte word unless n is a multiple of 64: ktc-path-expand loads the
# words around each vector and stores under a byte mask, and ktc-nest's
# word-spans moves the one run a tile's windows cover. Each is compiled
# through the whole chain and launched with random inputs, on spyre at n =
# B + k, 3B + 2k + 1 and k (k drawn from 1 to 63: a block and a bit, three
# blocks and a tail, less than a vector) and at 2B, on sample (whose stores
# write no byte masks: only whole words) at 2B and B + 64, and the block
# sums at the odd widths too: every element must match ktc-interp. Drawn from a fixed sequence; VERBOSE=1 names each
# kernel first. The ktc binaries sit beside ktc-parse.
count=${2:-12}
seed=1000
. "$(dirname "$0")/fuzz_lib.sh"

# row_sum: %acc, the sum of row %row's blocks of X (kernel's T, A, at).
row_sum() {
    cat <<EOT
    %zeros = arith.constant dense<0.0> : $T
    %acc = scf.for %off = %c0 to %n step %cb iter_args(%a = %zeros) -> ($T) {
      %tx = ktdp.construct_access_tile %X[%row, %off] $at
      %v = ktdp.load %tx : $A -> $T
      %s = arith.addf %a, %v : $T
      scf.yield %s : $T
    }
EOT
}

# kernel R G B BODY: the kernel.
kernel() {
    local R=$1 G=$2 B=$3 body=$4 T="tensor<1x${3}xf16>" A="!ktdp.access_tile<1x${3}xindex>"
    local view="{coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + $((R - 1)) >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<${R}x?xf16>"
    local at="{access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + $((B - 1)) >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<${R}x?xf16> -> $A"
    cat <<EOT
func.func @packed_rows(%x: index, %y: index, %n: index) attributes {grid = [$G]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %cg = arith.constant $G : index
  %cr = arith.constant $R : index
  %cb = arith.constant $B : index
  %X = ktdp.construct_memory_view %x, sizes: [$R, %n], strides: [%n, 1] $view
EOT
    if [ "$body" = blocksum ]; then
        local yat="{access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + $((B - 1)) >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<${R}x${B}xf16> -> $A"
        cat <<EOT
  %Y = ktdp.construct_memory_view %y, sizes: [$R, $B], strides: [$B, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + $((R - 1)) >= 0, d1 >= 0, -d1 + $((B - 1)) >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<${R}x${B}xf16>
  scf.for %row = %tile to %cr step %cg {
EOT
        row_sum
        cat <<EOT
    %ty = ktdp.construct_access_tile %Y[%row, %c0] $yat
    ktdp.store %acc, %ty : $T, $A
  }
  return
}
EOT
        return
    fi
    cat <<EOT
  %Y = ktdp.construct_memory_view %y, sizes: [$R, %n], strides: [%n, 1] $view
  %n32 = arith.index_cast %n : index to i32
  %nf = arith.sitofp %n32 : i32 to f16
  %zs = arith.constant 0.0 : f16
  scf.for %row = %tile to %cr step %cg {
EOT
    if [ "$body" = center ]; then
        row_sum
        cat <<EOT
    %init = tensor.splat %zs : tensor<1xf16>
    %sum = linalg.reduce { arith.addf } ins(%acc : $T) outs(%init : tensor<1xf16>) dimensions = [1]
    %s0 = tensor.extract %sum[%c0] : tensor<1xf16>
    %mean = arith.divf %s0, %nf : f16
    %mb = tensor.splat %mean : $T
EOT
    fi
    cat <<EOT
    scf.for %off = %c0 to %n step %cb {
      %tx = ktdp.construct_access_tile %X[%row, %off] $at
      %ty = ktdp.construct_access_tile %Y[%row, %off] $at
      %v = ktdp.load %tx : $A -> $T
EOT
    case $body in
        add) echo "      %r = arith.addf %v, %v : $T" ;;
        square) echo "      %r = arith.mulf %v, %v : $T" ;;
        center) echo "      %r = arith.subf %v, %mb : $T" ;;
    esac
    cat <<EOT
      ktdp.store %r, %ty : $T, $A
    }
  }
  return
}
EOT
}

bodies=(add square center center blocksum)
for i in $(seq 1 "$count"); do
    draw 16; R=$((r + 4))
    draw 3; G=$((1 << r))
    draw 4; B=$((64 << r))
    draw 5; body=${bodies[$r]}
    draw 63; odd=$((r + 1))
    mine $((i - 1)) || continue
    kernel "$R" "$G" "$B" "$body" > "$tmp/k.mlir"
    what="$body over $R packed rows in blocks of $B on $G cores"
    for n in $((B + odd)) $((3 * B + 2 * odd + 1)) $odd $((2 * B)); do
        y=${R}x$n
        [ "$body" = blocksum ] && y=${R}x$B
        check "$tmp/k.mlir" spyre "$what on spyre, n = $n" \
            --arg n=$n --arg x=f16:${R}x$n --arg y=f16:$y
    done
    sample=($((2 * B)) $((B + 64)))
    [ "$body" = blocksum ] && sample=($((B + odd)) $((3 * B + 2 * odd + 1)) $odd)
    for n in "${sample[@]}"; do
        y=${R}x$n
        [ "$body" = blocksum ] && y=${R}x$B
        check "$tmp/k.mlir" sample "$what on sample, n = $n" \
            --arg n=$n --arg x=f16:${R}x$n --arg y=f16:$y
    done
done
fuzz_done
