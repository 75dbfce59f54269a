#!/usr/bin/env bash
# cli_test.sh PARSE SPLIT PATH-EXPAND ALLOCATE KERNEL - the command-line
# contract of ktc-path-expand and ktc-allocate (DESIGN.md "Conventions
# shared by every binary"): help, version, bad flags, missing, foreign,
# corrupt and wrong-stage input, no output on failure, files and pipes give
# the same bytes, the same input gives the same output.
set -u
parse=$1 split=$2 pexp=$3 alloc=$4 kernel=$5
. "$TEST_SRCDIR/$TEST_WORKSPACE/tests/lib/cli.sh"

"$parse" --device=sample "$kernel" -o "$tmp/k.ktir" && "$split" "$tmp/k.ktir" -o "$tmp/s.ir" &&
    "$pexp" "$tmp/s.ir" -o "$tmp/r.ir" || { echo "FAIL setup"; exit 1; }
for tool in "$pexp" "$alloc"; do
    n=$(basename "$tool")
    expect "$n --help" 0 "$tool" --help && has "$n --help text" "$tmp/out" "^usage: $n"
    expect "$n --version" 0 "$tool" --version && has "$n --version text" "$tmp/out" "^$n \(ktc\) [0-9]"
    expect "$n bad flag" 2 "$tool" --no-such-flag
    expect "$n missing file" 3 "$tool" "$tmp/nope.ir" && has "$n missing file message" "$tmp/err" "cannot open"
    expect "$n MLIR text" 1 "$tool" "$kernel" && has "$n MLIR text message" "$tmp/err" "not a ktc IR file|expected a"
    expect "$n ktir file" 1 "$tool" "$tmp/k.ktir" && has "$n wrong stage message" "$tmp/err" "expected a '.*' file, got 'ktir'"
    head -c 40 "$tmp/s.ir" >"$tmp/cut.ir"
    expect "$n truncated file" 1 "$tool" "$tmp/cut.ir"
    expect "$n no output on failure" 1 "$tool" "$tmp/k.ktir" -o "$tmp/fail.ir"
    if [ -e "$tmp/fail.ir" ]; then fail "$n left an output behind"; else pass "$n leaves no output behind"; fi
done
"$pexp" "$tmp/k.ktir" 2>"$tmp/stage.err"
has "path-expand names its expected stage" "$tmp/stage.err" "'sched.split'"

# Files and pipes, determinism, input untouched.
cp "$tmp/s.ir" "$tmp/s.copy"
expect "path-expand file to file" 0 "$pexp" "$tmp/s.ir" -o "$tmp/r2.ir"
same "path-expand is deterministic" "$tmp/r.ir" "$tmp/r2.ir"
same "path-expand leaves its input alone" "$tmp/s.ir" "$tmp/s.copy"
"$pexp" <"$tmp/s.ir" >"$tmp/r3.ir"
same "path-expand stdin to stdout" "$tmp/r.ir" "$tmp/r3.ir"
expect "allocate file to file" 0 "$alloc" "$tmp/r.ir" -o "$tmp/a.ir"
"$split" <"$tmp/k.ktir" | "$pexp" | "$alloc" >"$tmp/a2.ir"
same "split | path-expand | allocate equals the files" "$tmp/a.ir" "$tmp/a2.ir"
expect "allocate --emit=text" 0 "$alloc" --emit=text "$tmp/r.ir" && has "allocated text" "$tmp/out" "unrealized_conversion_cast"
expect "allocate --no-reuse" 0 "$alloc" --no-reuse "$tmp/r.ir"
expect "allocate refuses its own output" 1 "$alloc" "$tmp/a.ir" && has "allocate stage message" "$tmp/err" "got 'sched.allocated'"

cli_done
