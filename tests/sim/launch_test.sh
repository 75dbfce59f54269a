#!/bin/sh
# launch_test.sh - ktc-launch's command line: help and version, usage errors
# (exit 2), unreadable and corrupt files (3, 1), assembling text to a
# SpyreCode file and running it (--repeat, --stats, --stats-json, --trace,
# --out), --check against ktc-interp, a deadlock and the cycle limit (1).
# usage: launch_test.sh KTC_LAUNCH DIR (DIR holds the .sc files and two_core.mlir)
set -u
bin=$1
dir=$2
dev="--device $dir/two_core.mlir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

# expect CODE PATTERN -- ARGS...: runs ktc-launch, checks the exit code and
# that the combined output matches PATTERN (grep -E; empty = anything).
expect() {
    code=$1 pattern=$2
    shift 3
    "$bin" "$@" >"$tmp/out" 2>&1
    got=$?
    if [ "$got" -ne "$code" ]; then
        echo "FAIL: ktc-launch $*: exit $got, want $code"; cat "$tmp/out"; fails=$((fails + 1))
    elif [ -n "$pattern" ] && ! grep -Eq "$pattern" "$tmp/out"; then
        echo "FAIL: ktc-launch $*: output lacks /$pattern/"; cat "$tmp/out"; fails=$((fails + 1))
    else
        echo "ok: ktc-launch $*"
    fi
}

expect 0 '^usage: ktc-launch' -- --help
expect 0 '^ktc-launch \(ktc\) ' -- --version
expect 2 'unknown option --bogus' -- --bogus
expect 2 'no input kernel' --
expect 2 'expected NAME=' -- "$dir/vadd.sc" --arg x
expect 2 'expected a positive number' -- "$dir/vadd.sc" --repeat=0
expect 3 "none.spyrecode: error: cannot open" -- "$tmp/none.spyrecode"
printf 'spyrecode 1\nprogram p () {\n    frob\n}\n' >"$tmp/bad.sc"
expect 1 'bad.sc:3:5: error: unknown instruction' -- "$tmp/bad.sc"

# text -> SpyreCode file -> the same text
expect 0 '' -- "$dir/vadd.sc" -o "$tmp/vadd.spyrecode"
expect 0 '^spyrecode 1' -- "$tmp/vadd.spyrecode" --print
"$bin" "$dir/vadd.sc" --print >"$tmp/a.txt" && "$bin" "$tmp/vadd.spyrecode" --print >"$tmp/b.txt"
if cmp -s "$tmp/a.txt" "$tmp/b.txt"; then echo "ok: text round trip"; else
    echo "FAIL: text round trip"; fails=$((fails + 1)); fi
head -c 200 "$tmp/vadd.spyrecode" >"$tmp/short.spyrecode"
expect 1 'truncated' -- "$tmp/short.spyrecode"

expect 0 'per launch' -- "$tmp/vadd.spyrecode" $dev --random-inputs=3 --arg i=2 --repeat=5 \
    --stats-json "$tmp/s.json" --trace "$tmp/t.json" --out "c=$tmp/c.npy"
for key in '"cycles"' '"roofline_cycles"' '"bottleneck"' '"bytes"' '"DDR -> C0-MNILU": 256'; do
    if grep -q "$key" "$tmp/s.json"; then echo "ok: stats json has $key"; else
        echo "FAIL: stats json lacks $key"; fails=$((fails + 1)); fi
done
if grep -q '"ph": "X", "name": "vbin"' "$tmp/t.json" && [ -s "$tmp/c.npy" ]; then
    echo "ok: trace and output"; else echo "FAIL: trace or output"; fails=$((fails + 1)); fi
expect 0 'bottleneck' -- "$dir/add.sc" $dev --random-inputs=1 --stats
expect 0 'check c: matches ktc-interp \(0 of 8192' -- "$dir/add.sc" $dev --random-inputs=5 --check
expect 1 "argument 'c': a tensor of another type or shape" -- "$dir/add.sc" $dev --arg "c=$tmp/c.npy"
expect 1 'cycle: C0-L1LU-CL0 -> C0-SFU-CL0 -> C0-L1LU-CL0' -- "$dir/deadlock.sc" $dev
expect 1 'cycle limit of 5000 cycles reached' -- "$dir/spin.sc" $dev --cycle-limit=5000

echo "$fails failed"
[ "$fails" -eq 0 ]
