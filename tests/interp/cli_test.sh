#!/bin/sh
# cli_test.sh - ktc-interp's command line: help and version, usage errors
# (exit 2), unreadable files (3), bad kernels and bad arguments (1, located),
# a run writing .npy outputs, and one corpus golden when the corpus exists.
# With KTC_PARSE, also an IR file in (ktc-parse | ktc-interp -) whose errors
# still point into the .mlir.
# usage: cli_test.sh KTC_INTERP KERNELS_DIR [KTC_PARSE]
set -u
bin=$1
kernels=$2
parse=${3:-}
. "$TEST_SRCDIR/$TEST_WORKSPACE/tests/lib/cli.sh"

expect_out 0 '^usage: ktc-interp' -- "$bin" --help
expect_out 0 '^ktc-interp \(ktc\) ' -- "$bin" --version
expect_out 2 "unknown option '--bogus'" -- "$bin" --bogus
expect_out 2 'no input kernel' -- "$bin"
expect_out 2 'expected NAME=' -- "$bin" "$kernels/vadd.mlir" --arg x
expect_out 2 'missing value' -- "$bin" "$kernels/vadd.mlir" --arg
expect_out 3 "cannot open '$tmp/none.mlir'" -- "$bin" "$tmp/none.mlir"
printf 'func.func @f( {\n' >"$tmp/bad.mlir"
expect_out 1 'bad.mlir:1:[0-9]+: error:' -- "$bin" "$tmp/bad.mlir"
expect_out 1 "no argument 'zz'" -- "$bin" "$kernels/vadd.mlir" --arg zz=1
expect_out 1 "vadd.mlir:2:1: error: argument 'x': is not bound" -- "$bin" "$kernels/vadd.mlir"
expect_out 3 'cannot open' -- "$bin" "$kernels/vadd.mlir" --arg "x=$tmp/none.npy"
expect_out 1 "no function named 'g'" -- "$bin" "$kernels/vadd.mlir" --function g

# A run: random inputs with inferred shapes, outputs written as .npy.
expect_out 0 '' -- "$bin" "$kernels/vadd.mlir" --random-inputs=7 --out "out=$tmp/out.npy" \
    --out "x=$tmp/x.npy" --out "y=$tmp/y.npy"
if head -c 6 "$tmp/out.npy" | od -c | grep -q 'N   U   M   P   Y'; then pass ".npy written"; else
    fail "no .npy written"; fi
# The same inputs fed back from the files: the same output.
expect_out 0 '' -- "$bin" "$kernels/vadd.mlir" --arg "x=$tmp/x.npy" --arg "y=$tmp/y.npy" \
    --arg out=f16:32 --out "out=$tmp/out2.npy"
same "runs agree" "$tmp/out.npy" "$tmp/out2.npy"
expect_out 3 'cannot' -- "$bin" "$kernels/vadd.mlir" --random-inputs=1 --out "out=$tmp/no/dir/o.npy"
expect_out 0 '' -- "$bin" "$kernels/grid.mlir" --arg out=i32:6 --grid 2,3 --out "out=$tmp/g.npy"
expect_out 1 'scratchpad overflow' -- "$bin" "$kernels/cap.mlir" --arg x=f16:2048x1024 --arg k=1
expect_out 0 '' -- "$bin" "$kernels/cap.mlir" --arg x=f16:2048x1024 --arg k=1 --scratchpad=8388608

# An IR file from ktc-parse, on stdin and as a file.
if [ -n "$parse" ]; then
    "$parse" "$kernels/vadd.mlir" -o "$tmp/vadd.ir" && "$parse" "$kernels/oob.mlir" -o "$tmp/oob.ir"
    "$bin" - --random-inputs=7 --arg "x=$tmp/x.npy" --arg "y=$tmp/y.npy" --arg out=f16:32 \
        --out "out=$tmp/out3.npy" <"$tmp/vadd.ir" >"$tmp/out" 2>&1
    same "ktc-parse | ktc-interp -" "$tmp/out.npy" "$tmp/out3.npy" || cat "$tmp/out"
    expect_out 1 'oob.mlir:7:8: error: out-of-bounds access' -- "$bin" "$tmp/oob.ir" --arg x=f16:8
    printf 'KTCIR garbage' >"$tmp/bad.ir"
    expect_out 1 'error' -- "$bin" "$tmp/bad.ir"
fi

# A corpus golden, when the corpus is beside the workspace.
root=$(cd "$(dirname "$(readlink -f "$kernels/vadd.mlir")")/../../.." && pwd)
golden=$root/../shared/corpus/ktir-cpu/golden/ring_reduce
if [ -f "$golden/golden.json" ]; then
    expect_out 0 '^PASS: .* ms' -- "$bin" --golden "$golden"
else
    echo "skip: corpus golden not found at $golden"
fi

cli_done
