#!/usr/bin/env bash
# cli_test.sh PARSE LOWER PRINT CASE - the command-line contract of
# ktc-lower (DESIGN.md "Conventions shared by every binary"): --help,
# --version, bad flags, missing, corrupt and wrong-stage files, stdin/stdout
# chaining equal to file to file, byte-identical output from the same input,
# nothing written on failure. CASE is a `sched.allocated` golden case.
set -u
parse=$1 lower=$2 print=$3 case=$4
. "$TEST_SRCDIR/$TEST_WORKSPACE/tests/lib/cli.sh"

expect "--help" 0 "$lower" --help && has "--help text" "$tmp/out" "^usage: ktc-lower"
expect "--version" 0 "$lower" --version && has "--version text" "$tmp/out" "^ktc-lower \(ktc\) [0-9]"
expect "bad flag" 2 "$lower" --no-such-flag && has "bad flag message" "$tmp/err" "unknown option '--no-such-flag'"
expect "missing file" 3 "$lower" "$tmp/nope.pb" && has "missing file message" "$tmp/err" "cannot open"
expect "unknown transformation" 2 "$lower" --disable=no-such "$tmp/nope.pb" &&
    has "unknown transformation named, with the list" "$tmp/err" \
        "no transformation named 'no-such' \\(there are: mask-split invariant-loads\\)"

pflags=$(sed -n '2s|^// PARSE: *||p' "$case")
expect "parse the case" 0 "$parse" $pflags "$case" -o "$tmp/in.pb"
cp "$tmp/in.pb" "$tmp/in.orig"
expect "lower file to file" 0 "$lower" "$tmp/in.pb" -o "$tmp/a.pb"
same "input left as it was" "$tmp/in.pb" "$tmp/in.orig"
expect "lower again" 0 "$lower" "$tmp/in.pb" -o "$tmp/b.pb"
same "same input, same bytes" "$tmp/a.pb" "$tmp/b.pb"
"$lower" <"$tmp/in.pb" >"$tmp/c.pb"
same "stdin/stdout equals file to file" "$tmp/a.pb" "$tmp/c.pb"
expect "print the result" 0 "$print" "$tmp/a.pb" && has "a program_unit" "$tmp/out" "dataflow.program_unit"
expect "--emit=text" 0 "$lower" --emit=text "$tmp/in.pb" && has "text output" "$tmp/out" "dataflow.program_unit"
expect "--disable both" 0 "$lower" --disable=mask-split --disable=invariant-loads "$tmp/in.pb" \
    -o "$tmp/f.pb"

# The wrong stage, a corrupt file: exit 1, a one-line reason, no output.
expect "lowering its own output" 1 "$lower" "$tmp/a.pb" -o "$tmp/d.pb" &&
    has "wrong stage named" "$tmp/err" "expected a 'sched.allocated' file, got 'dfir'"
size=$(stat -c %s "$tmp/in.pb")
head -c $((size / 2)) "$tmp/in.pb" >"$tmp/trunc.pb"
expect "truncated file" 1 "$lower" "$tmp/trunc.pb" -o "$tmp/e.pb"
if [ -e "$tmp/d.pb" ] || [ -e "$tmp/e.pb" ]; then
    fail "output left after a failure"; else pass "nothing written on failure"; fi

cli_done
