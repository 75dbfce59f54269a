#!/bin/sh
# launch_oob_test.sh KTC KERNEL.mlir - a launch whose views reach past the
# tensors given fails with an error located in the kernel, naming the
# tensor: KERNEL (tests/kernels/vadd_dynamic_tail.mlir, y = x + z on n f32)
# at n = 5000 with y of 4096 elements stores past y (ktc-launch's
# simulator: the store's DMA), and with x of 4000 elements reads past x
# (ktc-interp under --check: the load; the simulator's DMAs may read past
# a tensor, as codegen reads whole words; the interpreter's check is that
# each row of a tile lies inside one array, so x's row must cross its end:
# one wholly inside z would pass). At the tensors' own size it matches
# ktc-interp.
set -u
ktc=$1 kernel=$2
. "$TEST_SRCDIR/$TEST_WORKSPACE/tests/lib/cli.sh"

k=$(basename "$kernel")
expect "compiles" 0 "$ktc" compile "$kernel" -o "$tmp/k.sc"
launch="$(dirname "$ktc")/ktc-launch"
expect "y too small" 1 "$launch" "$tmp/k.sc" --random-inputs=1 --arg n=5000 \
    --arg x=f32:5000 --arg z=f32:5000 --arg y=f32:4096 &&
    has "the store past y, located" "$tmp/err" \
        "$k:[0-9]+:[0-9]+: error: unit '[^']*MNISU' at cycle [0-9]+ \\(dma\\): dma writes byte [0-9]+ of DDR, past the end of tensor 'y' \\(bytes [0-9]+ to [0-9]+\\): a view reaches past its tensor"
expect "x too small, --check" 1 "$launch" "$tmp/k.sc" --random-inputs=1 --check --arg n=5000 \
    --arg x=f32:4000 --arg z=f32:5000 --arg y=f32:5000 &&
    has "the load past x, located" "$tmp/err" \
        "$k:[0-9]+:[0-9]+: error: tile [0-9]+ .*: out-of-bounds access: bytes [0-9]+ to [0-9]+ of device memory run past the end of argument 'x' \\(bytes [0-9]+ to [0-9]+\\): a view reaches past its array"
expect "tensors of n elements" 0 "$launch" "$tmp/k.sc" --random-inputs=1 --check --arg n=5000 \
    --arg x=f32:5000 --arg z=f32:5000 --arg y=f32:5000 &&
    has "matches ktc-interp" "$tmp/out" "check y: matches ktc-interp"
cli_done
