#!/usr/bin/env bash
# grid_fuzz_test.sh KTC-PARSE [COUNT [f32]] - Triton's masked block kernels over
# grids of more tiles than the device has cores: COUNT kernels (default
# 12) of y = f(x, z) on n f16 elements (n a launch-time argument), block
# t at t * B (B 64 to 512) masked at n, over a grid of G blocks (G 40 to
# 300: spyre's 32 cores hosting one or two tiles each up to nine or ten;
# sample's 4, ten to seventy-five), f one of x + z, x * z, x - z,
# max(x, z), x + x. ktc-nest's fold-grid makes the tiles a core hosts a
# loop when each hosts two or more (the block's loop a block the tile
# masks); else ktc-codegen hosts them. Each is compiled through the whole
# chain on spyre and sample and launched with random inputs at n = G * B
# (every block full), a block and a few elements short, a few blocks (most
# tiles empty) and 0: every element must match ktc-interp. With `f32`,
# the elements are f32 (a word holds 32 of them, and a block's masked
# tail ends inside one). Drawn from a fixed sequence; VERBOSE=1 names each
# kernel first. The ktc binaries sit beside ktc-parse.
count=${2:-12}
seed=977
. "$(dirname "$0")/fuzz_lib.sh"

# kernel G B OP: the kernel.
kernel() {
    local G=$1 B=$2 op=$3 T="tensor<${2}x$E>" A="!ktdp.access_tile<${2}xindex>"
    local view="{coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?x$E>"
    local at="{access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + $((B - 1)) >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?x$E> -> $A"
    cat <<EOT
func.func @grid_blocks(%x: index, %z: index, %y: index, %n: index) attributes {grid = [$G]} {
  %t = ktdp.get_compute_tile_id : index
  %cb = arith.constant $B : index
  %base = arith.muli %t, %cb : index
  %X = ktdp.construct_memory_view %x, sizes: [%n], strides: [1] $view
  %Z = ktdp.construct_memory_view %z, sizes: [%n], strides: [1] $view
  %Y = ktdp.construct_memory_view %y, sizes: [%n], strides: [1] $view
  %tx = ktdp.construct_access_tile %X[%base] $at
  %tz = ktdp.construct_access_tile %Z[%base] $at
  %ty = ktdp.construct_access_tile %Y[%base] $at
  %a = ktdp.load %tx : $A -> $T
  %b = ktdp.load %tz : $A -> $T
  %r = $op : $T
  ktdp.store %r, %ty : $T, $A
  return
}
EOT
}

E=${3:-f16} # the element type: f32 with `f32`
grids=(40 64 100 200 300)
ops=("arith.addf %a, %b" "arith.mulf %a, %b" "arith.subf %a, %b" "arith.maximumf %a, %b"
     "arith.addf %a, %a")
for i in $(seq 1 "$count"); do
    draw 5; G=${grids[$r]}
    draw 4; B=$((64 << r))
    draw 5; op=${ops[$r]}
    draw $((B - 1)); short=$((r + 1))
    draw 3; few=$(((r + 1) * B + 7))
    mine $((i - 1)) || continue
    kernel "$G" "$B" "$op" > "$tmp/k.mlir"
    N=$((G * B))
    for dev in $devices; do
        for n in $N $((N - B - short)) $few 0; do
            m=$((n > 0 ? n : 1))
            check "$tmp/k.mlir" "$dev" "${op%% *} in blocks of $B over a grid of $G on $dev, n = $n" \
                --arg n=$n --arg x=$E:$m --arg z=$E:$m --arg y=$E:$m
        done
    done
done
fuzz_done
