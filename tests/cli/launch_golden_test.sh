#!/bin/sh
# launch_golden_test.sh - `ktc-launch --golden DIR` end to end on corpus
# kernels (softmax_small: compiled by `ktc compile` for spyre, launched on its
# golden's inputs, compared with its expected arrays within tolerance): it
# passes as is, and fails (exit 1, MISMATCH) when one expected element is
# corrupted; a missing golden is an I/O error (3); the same for
# add-with-control-flow, whose tensors are at hard-coded addresses (the
# golden's fixed regions); ring_reduce and ring_reduce_inner_loop (inter-tile
# all-reduce over the ring), ffn_swiglu_4core (distributed views) and
# matmul_small (masked stores of half sticks), distributed-view-copy-dynamic
# and distributed-view-copy-rowmerge-dynamic (distributed views of
# launch-time shape), and distributed-view-copy (partitions in scratchpads)
# exactly. Skipped, saying so, when ../shared/corpus is not
# beside the workspace.
# usage: launch_golden_test.sh KTC KTC_LAUNCH ANY_SOURCE_FILE
set -u
ktc=$1
launch=$2
. "$TEST_SRCDIR/$TEST_WORKSPACE/tests/lib/cli.sh"

root=$(cd "$(dirname "$(readlink -f "$3")")/../.." && pwd)
golden=${KTC_CORPUS:-$root/../shared/corpus}/ktir-cpu/golden/softmax_small
if [ ! -f "$golden/golden.json" ]; then
    echo "skip: corpus golden not found at $golden"
    cli_done
    exit 0
fi

# compile_golden NAME OUT: `ktc compile` of corpus golden NAME's kernel to OUT
compile_golden() {
    local k
    k=$(sed -n 's/^ *"kernel": "\(.*\)",$/\1/p' "$golden/../$1/golden.json")
    expect "ktc compile $1" 0 "$ktc" compile "$golden/../$1/../../../$k" -o "$2"
}

if ! compile_golden softmax_small "$tmp/k.spyrecode"; then
    cli_done
    exit 1
fi
expect_out 0 '^golden output_ptr: ok' -- "$launch" "$tmp/k.spyrecode" --golden "$golden"

# the same golden with one expected element of output_ptr far off
cp -r "$golden" "$tmp/bad"
chmod -R u+w "$tmp/bad"
npy=$tmp/bad/out/output_ptr.npy
hlen=$(od -An -tu2 -j8 -N2 "$npy" | tr -d ' ')
printf '\377\173' | dd of="$npy" bs=1 seek=$((10 + hlen)) conv=notrunc 2>/dev/null # f16 65504
if cmp -s "$npy" "$golden/out/output_ptr.npy"; then
    fail "corrupting the expected output"
else
    pass "corrupting the expected output"
fi
expect_out 1 '^golden output_ptr: MISMATCH \(max abs .*, 1 of 4096 out of tolerance\)' -- \
    "$launch" "$tmp/k.spyrecode" --golden "$tmp/bad"
expect_out 3 'error: .*golden.json' -- "$launch" "$tmp/k.spyrecode" --golden "$tmp/none"

# add-with-control-flow reads and writes hard-coded addresses: the golden's
# "fixed" regions are placed there, compared after the run, and with --check
# also given to ktc-interp
fixed=$golden/../add-with-control-flow
if compile_golden add-with-control-flow "$tmp/f.spyrecode"; then
    expect_out 0 '^golden C_start_address: ok \(max abs 0, 0 of 6144' -- \
        "$launch" "$tmp/f.spyrecode" --golden "$fixed"
    expect_out 0 '^check C_start_address \(fixed\): matches ktc-interp \(0 of 6144' -- \
        "$launch" "$tmp/f.spyrecode" --golden "$fixed" --check
    cp -r "$fixed" "$tmp/badf"
    chmod -R u+w "$tmp/badf"
    npy=$tmp/badf/out/C_start_address.npy
    hlen=$(od -An -tu2 -j8 -N2 "$npy" | tr -d ' ')
    printf '\377\173' | dd of="$npy" bs=1 seek=$((10 + hlen)) conv=notrunc 2>/dev/null
    expect_out 1 '^golden C_start_address: MISMATCH' -- "$launch" "$tmp/f.spyrecode" --golden "$tmp/badf"
fi

# reduce_generic accumulates into its argument: repeated launches each start
# from the golden's inputs again, so the result compared is one launch's
rg=$golden/../reduce_generic
if compile_golden reduce_generic "$tmp/r.spyrecode"; then
    expect_out 0 '^golden arg0: ok' -- "$launch" "$tmp/r.spyrecode" --golden "$rg" --repeat=3
fi

# ffn_swiglu: three linalg.matmul (f32 accumulation in ktc-interp's order on
# the vector unit), silu between them: the golden within tolerance, and
# ktc-interp bit for bit
ffn=$golden/../ffn_swiglu
if compile_golden ffn_swiglu "$tmp/m.spyrecode"; then
    expect_out 0 '^golden out_ptr: ok' -- "$launch" "$tmp/m.spyrecode" --golden "$ffn"
    expect_out 0 '^check out_ptr: matches ktc-interp \(0 of 64' -- \
        "$launch" "$tmp/m.spyrecode" --golden "$ffn" --check
fi

# ring_reduce: an all-reduce of 4 tiles over the ring (inter_tile_produce /
# inter_tile_reduce), tile 0 writing: the golden exactly, and ktc-interp
rr=$golden/../ring_reduce
if compile_golden ring_reduce "$tmp/rr.spyrecode"; then
    expect_out 0 '^golden out_ptr: ok \(max abs 0, 0 of 128' -- "$launch" "$tmp/rr.spyrecode" --golden "$rr"
    expect_out 0 '^check out_ptr: matches ktc-interp \(0 of 128' -- "$launch" "$tmp/rr.spyrecode" \
        --arg in_ptr="$rr/in/in_ptr.npy" --arg out_ptr="$rr/in/out_ptr.npy" --check
fi

# ring_reduce_inner_loop: the same all-reduce in a loop of n_iters (3) trips
rl=$golden/../ring_reduce_inner_loop
if compile_golden ring_reduce_inner_loop "$tmp/rl.spyrecode"; then
    expect_out 0 '^golden out_ptr: ok \(max abs 0, 0 of 128' -- "$launch" "$tmp/rl.spyrecode" --golden "$rl"
fi

# ffn_swiglu_4core: weights sharded over 4 tiles through distributed views
# (ktc-split moves the access tiles onto plain views of the matrices), the
# partial outputs all-reduced collapsed to 1-D: the golden exactly, and
# ktc-interp bit for bit
f4=$golden/../ffn_swiglu_4core
if compile_golden ffn_swiglu_4core "$tmp/f4.spyrecode"; then
    expect_out 0 '^golden out_ptr: ok \(max abs 0, 0 of 1024' -- "$launch" "$tmp/f4.spyrecode" --golden "$f4"
    expect_out 0 '^check out_ptr: matches ktc-interp \(0 of 1024' -- \
        "$launch" "$tmp/f4.spyrecode" --golden "$f4" --check
fi

# matmul_small on a [2, 2] grid: each tile stores 8 rows of 32 f16, half a
# 128-byte stick each, whose other half the tile beside writes at the same
# time: masked stores (spyre's MNISU writes under a byte mask), the golden
# exactly, and ktc-interp bit for bit
ms=$golden/../matmul_small
if compile_golden matmul_small "$tmp/ms.spyrecode"; then
    expect_out 0 '^golden c_ptr: ok \(max abs 0, 0 of 1024' -- "$launch" "$tmp/ms.spyrecode" --golden "$ms"
    expect_out 0 '^check c_ptr: matches ktc-interp \(0 of 1024' -- \
        "$launch" "$tmp/ms.spyrecode" --golden "$ms" --check
fi

# distributed-view-copy-dynamic: column partitions [0, s0) and [s0, 2 s0) of
# launch-time s0, rows s0 apart (ktc-split slices each 32-column copy at
# launch into one masked copy per partition, a row at a time): the golden
# (s0 = 16, a tile astride both) exactly, and ktc-interp at s0 = 48
dd=$golden/../distributed-view-copy-dynamic
if compile_golden distributed-view-copy-dynamic "$tmp/dd.spyrecode"; then
    expect_out 0 '^golden b_ptr: ok \(max abs 0, 0 of 2048' -- "$launch" "$tmp/dd.spyrecode" --golden "$dd"
    expect_out 0 '^check b_ptr: matches ktc-interp \(0 of 6144' -- "$launch" "$tmp/dd.spyrecode" \
        --random-inputs=1 --check --arg s0_in=48 --arg a0_ptr=f16:64x48 --arg a1_ptr=f16:64x48 \
        --arg b_ptr=f16:64x96
fi

# distributed-view-copy-rowmerge-dynamic: row partitions in two buffers,
# launch-time columns: the row loop unrolled, the tile astride both sliced
# into a copy per partition; the golden exactly, ktc-interp at s0 = 32
dr=$golden/../distributed-view-copy-rowmerge-dynamic
if compile_golden distributed-view-copy-rowmerge-dynamic "$tmp/dr.spyrecode"; then
    expect_out 0 '^golden b_ptr: ok \(max abs 0, 0 of 2048' -- "$launch" "$tmp/dr.spyrecode" --golden "$dr"
    expect_out 0 '^check b_ptr: matches ktc-interp \(0 of 4096' -- "$launch" "$tmp/dr.spyrecode" \
        --random-inputs=1 --check --arg s0_in=32 --arg a0_ptr=f16:64x32 --arg a1_ptr=f16:64x32 \
        --arg b_ptr=f16:128x32
fi

# distributed-view-copy: a 192x64 copy from partitions in device memory,
# core 0's scratchpad (column-major) and core 1's, on both tiles: sliced
# per partition, the scratchpad parts moved over the ring from their core,
# the column-major one in storage order and transposed; the golden (its
# fixed regions intact) exactly
dv=$golden/../distributed-view-copy
if compile_golden distributed-view-copy "$tmp/dv.spyrecode"; then
    expect_out 0 '^golden B_addr: ok \(max abs 0, 0 of 12288' -- "$launch" "$tmp/dv.spyrecode" --golden "$dv"
    has "distributed-view-copy: LX regions intact" "$tmp/out" '^golden A_LX0_addr: ok \(max abs 0, 0 of 4064'
fi

cli_done
