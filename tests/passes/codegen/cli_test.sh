#!/usr/bin/env bash
# cli_test.sh PARSE CODEGEN LAUNCH CASE ERRCASE - the command-line contract of
# ktc-codegen (DESIGN.md "Conventions shared by every binary"): --help,
# --version, bad flags, missing, corrupt and wrong-stage files, stdin/stdout
# chaining equal to file to file, byte-identical output from the same input,
# nothing written on failure; its text form assembles back to the same
# binary (ktc-launch). CASE and ERRCASE are hand-written `dfir` cases.
set -u
parse=$1 codegen=$2 launch=$3 case=$4 errcase=$5
. "$TEST_SRCDIR/$TEST_WORKSPACE/tests/lib/cli.sh"

expect "--help" 0 "$codegen" --help && has "--help text" "$tmp/out" "^usage: ktc-codegen"
has "--help names --ktir" "$tmp/out" "--ktir"
expect "--version" 0 "$codegen" --version && has "--version text" "$tmp/out" "^ktc-codegen \(ktc\) [0-9]"
expect "bad flag" 2 "$codegen" --no-such-flag && has "bad flag message" "$tmp/err" "unknown option '--no-such-flag'"
expect "missing file" 3 "$codegen" "$tmp/nope.pb" && has "missing file message" "$tmp/err" "cannot open"

pflags=$(sed -n '2s|^// PARSE: *||p' "$case")
expect "parse the case" 0 "$parse" $pflags "$case" -o "$tmp/in.pb"
cp "$tmp/in.pb" "$tmp/in.orig"
expect "missing --ktir file" 3 "$codegen" --ktir="$tmp/nope.mlir" "$tmp/in.pb" -o "$tmp/x.sc"
expect "codegen file to file" 0 "$codegen" "$tmp/in.pb" -o "$tmp/a.sc"
same "input left as it was" "$tmp/in.pb" "$tmp/in.orig"
has "a SpyreCode file" "$tmp/a.sc" "spyrecode"
expect "codegen again" 0 "$codegen" "$tmp/in.pb" -o "$tmp/b.sc"
same "same input, same bytes" "$tmp/a.sc" "$tmp/b.sc"
"$codegen" <"$tmp/in.pb" >"$tmp/c.sc"
same "stdin/stdout equals file to file" "$tmp/a.sc" "$tmp/c.sc"
expect "--emit=text" 0 "$codegen" --emit=text "$tmp/in.pb" && has "text output" "$tmp/out" "^spyrecode 1$"
cp "$tmp/out" "$tmp/a.txt"
expect "the file disassembles" 0 "$launch" "$tmp/a.sc" --print
same "disassembly equals --emit=text" "$tmp/out" "$tmp/a.txt"
expect "the text assembles" 0 "$launch" "$tmp/a.txt" --print
same "assembled text prints the same" "$tmp/out" "$tmp/a.txt"
expect "--print-locs" 0 "$codegen" --emit=text --print-locs "$tmp/in.pb" &&
    has "locations into the case" "$tmp/out" "// (.*/)?$(basename "$case"):[0-9]+:[0-9]+$"

# The wrong stage, a corrupt file, a codegen error: exit 1, no output.
expect "parse as ktir" 0 "$parse" "$case" -o "$tmp/k.pb"
expect "wrong stage" 1 "$codegen" "$tmp/k.pb" -o "$tmp/d.sc" &&
    has "wrong stage named" "$tmp/err" "expected a 'dfir' file, got 'ktir'"
size=$(stat -c %s "$tmp/in.pb")
head -c $((size / 2)) "$tmp/in.pb" >"$tmp/trunc.pb"
expect "truncated file" 1 "$codegen" "$tmp/trunc.pb" -o "$tmp/e.sc"
pflags=$(sed -n '2s|^// PARSE: *||p' "$errcase")
expect "parse the error case" 0 "$parse" $pflags "$errcase" -o "$tmp/err.pb"
cp "$tmp/a.sc" "$tmp/keep.sc"
expect "codegen error" 1 "$codegen" "$tmp/err.pb" -o "$tmp/keep.sc" &&
    has "located error" "$tmp/err" "^(.*/)?$(basename "$errcase"):[0-9]+:[0-9]+: error: "
same "old output intact" "$tmp/a.sc" "$tmp/keep.sc"
if [ -e "$tmp/d.sc" ] || [ -e "$tmp/e.sc" ] || ls "$tmp" | grep -q '\.tmp'; then
    fail "output left after a failure"; else pass "nothing written on failure"; fi

cli_done
