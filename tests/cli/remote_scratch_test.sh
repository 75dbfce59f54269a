#!/bin/sh
# remote_scratch_test.sh - a kernel reading another core's scratchpad
# (remote_scratch/remote_scratch.mlir: a ct_local view with ct_id = 1, and
# the tile's own), its data placed by its golden (remote_scratch/
# golden.json, fixed LX regions at scratchpad address 0 of cores 0 and 1,
# and at 4096 of core 0 for a view nothing reads): on spyre, compiled and
# launched, the golden exactly (the fixed regions intact: no buffer placed
# over them) and ktc-interp bit for bit; on the
# sample device, which has no ring, a located error at the view. The same
# for own_scratch/ (a distributed view, each tile's partition in its own
# core's scratchpad by ct_id).
# usage: remote_scratch_test.sh KTC KTC_LAUNCH KERNEL
set -u
ktc=$1
launch=$2
kernel=$3
dir=$(dirname "$kernel")
. "$TEST_SRCDIR/$TEST_WORKSPACE/tests/lib/cli.sh"

if expect "ktc compile --device=spyre" 0 "$ktc" compile --device=spyre "$kernel" -o "$tmp/k.sc"; then
    expect_out 0 '^golden y: ok \(max abs 0, 0 of 4096' -- "$launch" "$tmp/k.sc" --golden "$dir"
    has "fixed region a0 intact" "$tmp/out" '^golden a0: ok \(max abs 0, 0 of 2048'
    has "fixed region a1 intact" "$tmp/out" '^golden a1: ok \(max abs 0, 0 of 2048'
    has "fixed region c0 (a view nothing reads) intact" "$tmp/out" '^golden c0: ok \(max abs 0, 0 of 2048'
    expect_out 0 '^check y: matches ktc-interp \(0 of 4096' -- \
        "$launch" "$tmp/k.sc" --golden "$dir" --check
fi
# own_scratch: each tile reads the partition of a distributed view in its
# own core's scratchpad (ct_id = t): the golden exactly, and ktc-interp
own=$(dirname "$dir")/own_scratch
if expect "ktc compile own_scratch" 0 "$ktc" compile --device=spyre "$own/own_scratch.mlir" -o "$tmp/o.sc"; then
    expect_out 0 '^golden y: ok \(max abs 0, 0 of 512' -- "$launch" "$tmp/o.sc" --golden "$own"
    expect_out 0 '^check y: matches ktc-interp \(0 of 512' -- "$launch" "$tmp/o.sc" --golden "$own" --check
fi
expect_out 1 "remote_scratch.mlir:20:10: error: a view of core 1's scratchpad \(ct_id\) on device @sample_device, which has no unit linking" -- \
    "$ktc" compile --device=sample "$kernel" -o "$tmp/s.sc"
cli_done
