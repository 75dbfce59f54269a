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
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

# expect CODE PATTERN -- ARGS...: runs ktc-interp, checks the exit code and
# that the combined output matches PATTERN (grep -E; empty = anything).
expect() {
    code=$1 pattern=$2
    shift 3
    "$bin" "$@" >"$tmp/out" 2>&1
    got=$?
    if [ "$got" -ne "$code" ]; then
        echo "FAIL: ktc-interp $*: exit $got, want $code"; cat "$tmp/out"; fails=$((fails + 1))
    elif [ -n "$pattern" ] && ! grep -Eq "$pattern" "$tmp/out"; then
        echo "FAIL: ktc-interp $*: output lacks /$pattern/"; cat "$tmp/out"; fails=$((fails + 1))
    else
        echo "ok: ktc-interp $*"
    fi
}

expect 0 '^usage: ktc-interp' -- --help
expect 0 '^ktc-interp \(ktc\) ' -- --version
expect 2 'unknown option --bogus' -- --bogus
expect 2 'no input kernel' --
expect 2 'expected NAME=' -- "$kernels/vadd.mlir" --arg x
expect 2 'missing value' -- "$kernels/vadd.mlir" --arg
expect 3 "cannot open '$tmp/none.mlir'" -- "$tmp/none.mlir"
printf 'func.func @f( {\n' >"$tmp/bad.mlir"
expect 1 'bad.mlir:1:[0-9]+: error:' -- "$tmp/bad.mlir"
expect 1 "no argument 'zz'" -- "$kernels/vadd.mlir" --arg zz=1
expect 1 "vadd.mlir:2:1: error: argument 'x': is not bound" -- "$kernels/vadd.mlir"
expect 3 'cannot open' -- "$kernels/vadd.mlir" --arg "x=$tmp/none.npy"
expect 1 "no function named 'g'" -- "$kernels/vadd.mlir" --function g

# A run: random inputs with inferred shapes, outputs written as .npy.
expect 0 '' -- "$kernels/vadd.mlir" --random-inputs=7 --out "out=$tmp/out.npy" \
    --out "x=$tmp/x.npy" --out "y=$tmp/y.npy"
if ! head -c 6 "$tmp/out.npy" | od -c | grep -q 'N   U   M   P   Y'; then
    echo "FAIL: no .npy written"; fails=$((fails + 1))
fi
# The same inputs fed back from the files: the same output.
expect 0 '' -- "$kernels/vadd.mlir" --arg "x=$tmp/x.npy" --arg "y=$tmp/y.npy" \
    --arg out=f16:32 --out "out=$tmp/out2.npy"
cmp -s "$tmp/out.npy" "$tmp/out2.npy" || { echo "FAIL: runs differ"; fails=$((fails + 1)); }
expect 3 'cannot' -- "$kernels/vadd.mlir" --random-inputs=1 --out "out=$tmp/no/dir/o.npy"
expect 0 '' -- "$kernels/grid.mlir" --arg out=i32:6 --grid 2,3 --out "out=$tmp/g.npy"
expect 1 'scratchpad overflow' -- "$kernels/cap.mlir" --arg x=f16:2048x1024 --arg k=1
expect 0 '' -- "$kernels/cap.mlir" --arg x=f16:2048x1024 --arg k=1 --scratchpad=8388608

# An IR file from ktc-parse, on stdin and as a file.
if [ -n "$parse" ]; then
    "$parse" "$kernels/vadd.mlir" -o "$tmp/vadd.ir" && "$parse" "$kernels/oob.mlir" -o "$tmp/oob.ir"
    "$bin" - --random-inputs=7 --arg "x=$tmp/x.npy" --arg "y=$tmp/y.npy" --arg out=f16:32 \
        --out "out=$tmp/out3.npy" <"$tmp/vadd.ir" >"$tmp/out" 2>&1
    cmp -s "$tmp/out.npy" "$tmp/out3.npy" && echo "ok: ktc-parse | ktc-interp -" ||
        { echo "FAIL: ktc-parse | ktc-interp -"; cat "$tmp/out"; fails=$((fails + 1)); }
    expect 1 'oob.mlir:7:8: error: out-of-bounds access' -- "$tmp/oob.ir" --arg x=f16:8
    printf 'KTCIR garbage' >"$tmp/bad.ir"
    expect 1 'error' -- "$tmp/bad.ir"
fi

# A corpus golden, when the corpus is beside the workspace.
root=$(cd "$(dirname "$(readlink -f "$kernels/vadd.mlir")")/../../.." && pwd)
golden=$root/../shared/corpus/ktir-cpu/golden/ring_reduce
if [ -f "$golden/golden.json" ]; then
    expect 0 '^PASS: .* ms' -- --golden "$golden"
else
    echo "skip: corpus golden not found at $golden"
fi

[ "$fails" -eq 0 ] && echo "cli: all passed" || echo "cli: $fails failed"
[ "$fails" -eq 0 ]
