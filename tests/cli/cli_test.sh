#!/usr/bin/env bash
# cli_test.sh PARSE PRINT EXAMPLE - checks the command-line contract of
# ktc-parse and ktc-print (DESIGN.md "Conventions shared by every binary").
set -u
parse=$1 print=$2 example=$3
. "$TEST_SRCDIR/$TEST_WORKSPACE/tests/lib/cli.sh"

for tool in "$parse" "$print"; do
    n=$(basename "$tool")
    expect "$n --help" 0 "$tool" --help && has "$n --help text" "$tmp/out" "^usage: $n"
    expect "$n --version" 0 "$tool" --version && has "$n --version text" "$tmp/out" "^$n \(ktc\) [0-9]"
    expect "$n bad flag" 2 "$tool" --no-such-flag && has "$n bad flag message" "$tmp/err" "unknown option '--no-such-flag'"
    expect "$n two inputs" 2 "$tool" a.mlir b.mlir
    expect "$n missing file" 3 "$tool" "$tmp/nope.mlir" && has "$n missing file message" "$tmp/err" "cannot open"
    expect "$n --emit bad" 2 "$tool" --emit=xml "$example"
done

# Chaining through pipes, file to file, stdin to stdout.
expect "parse to file" 0 "$parse" "$example" -o "$tmp/a.ktir"
expect "print file" 0 "$print" "$tmp/a.ktir" -o "$tmp/a.txt"
has "print shows the kernel" "$tmp/a.txt" "func.func @add"
"$parse" <"$example" | "$print" >"$tmp/b.txt"
same "stdin/stdout chain equals file to file" "$tmp/a.txt" "$tmp/b.txt"
expect "parse --emit=text" 0 "$parse" --emit=text "$example"
same "--emit=text equals print" "$tmp/out" "$tmp/a.txt"
expect "print --generic" 0 "$print" --generic "$tmp/a.ktir" && has "generic form" "$tmp/out" '^"builtin.module"\(\)'
# Text printed back parses to the same text (the printer round-trips).
expect "reparse printed text" 0 "$parse" --emit=text "$tmp/a.txt"
same "print/parse fixpoint" "$tmp/out" "$tmp/a.txt"

# Bad input: a located error, exit 1, and no output file left behind.
printf 'func.func @f() {\n  %%x = arith.addf %%y, %%y : f16\n  return\n}\n' >"$tmp/bad.mlir"
expect "parse error" 1 "$parse" "$tmp/bad.mlir" -o "$tmp/bad.ktir"
has "parse error located" "$tmp/err" "bad.mlir:2:19: error: use of undefined value '%y'"
has "parse error caret" "$tmp/err" '^ +\^$'
if [ -e "$tmp/bad.ktir" ] || ls "$tmp" | grep -q tmp; then
    fail "output or temp file left after a failure"; else pass "nothing written on failure"; fi
# A failing run must not clobber an existing output file either.
cp "$tmp/a.ktir" "$tmp/keep.ktir"
expect "failure keeps old output" 1 "$parse" "$tmp/bad.mlir" -o "$tmp/keep.ktir"
same "old output intact" "$tmp/a.ktir" "$tmp/keep.ktir"

# Corrupt, truncated and foreign IR files: one-line reason, exit 1.
size=$(stat -c %s "$tmp/a.ktir")
head -c $((size / 2)) "$tmp/a.ktir" >"$tmp/trunc.ktir"
expect "truncated IR file" 1 "$print" "$tmp/trunc.ktir" && has "truncated reason" "$tmp/err" "trunc.ktir: "
cp "$tmp/a.ktir" "$tmp/flip.ktir"
printf '\x55' | dd of="$tmp/flip.ktir" bs=1 seek=$((size - 3)) conv=notrunc 2>/dev/null
expect "corrupt IR file" 1 "$print" "$tmp/flip.ktir" && has "corrupt reason" "$tmp/err" "checksum|corrupt"
printf 'KTCIR\0\1\0garbage' >"$tmp/foreign.ktir"
expect "foreign file" 1 "$print" "$tmp/foreign.ktir"
if [ "$(wc -l <"$tmp/err")" -eq 1 ]; then pass "one-line reason"; else fail "reason is not one line"; fi

# Split input: each chunk its own module, text only.
printf 'func.func @a() {\n  return\n}\n// -----\nfunc.func @b() {\n  return\n}\n' >"$tmp/split.mlir"
expect "split to text" 0 "$parse" --split-input-file --emit=text "$tmp/split.mlir"
has "split keeps separator" "$tmp/out" "^// -----$"
expect "split to pb refused" 2 "$parse" --split-input-file "$tmp/split.mlir" -o "$tmp/s.ktir"
printf 'func.func @a() {\n  return\n}\n// -----\nfunc.func @b() {\n  %%x = foo.bar\n}\n' >"$tmp/split2.mlir"
expect "split error keeps real line" 1 "$parse" --split-input-file --emit=text "$tmp/split2.mlir"
has "split error line" "$tmp/err" "split2.mlir:6:8: error: custom op 'foo.bar' is unknown"

cli_done
