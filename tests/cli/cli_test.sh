#!/usr/bin/env bash
# cli_test.sh PARSE PRINT EXAMPLE - checks the command-line contract of
# ktc-parse and ktc-print (DESIGN.md "Conventions shared by every binary").
set -u
parse=$1 print=$2 example=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0 checks=0

# expect NAME WANT_RC CMD... : runs CMD, compares its exit status.
expect() {
    local name=$1 want=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    checks=$((checks + 1))
    if [ "$rc" -ne "$want" ]; then
        echo "FAIL $name: exit $rc, want $want"; sed 's/^/  | /' "$tmp/err" | head -5
        fails=$((fails + 1))
        return 1
    fi
    echo "ok   $name"
}

# has NAME FILE PATTERN : FILE contains the extended regex PATTERN.
has() {
    checks=$((checks + 1))
    if grep -qE -- "$3" "$2"; then echo "ok   $1"; else
        echo "FAIL $1: no /$3/ in:"; sed 's/^/  | /' "$2" | head -5; fails=$((fails + 1)); fi
}

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
checks=$((checks + 1))
if cmp -s "$tmp/a.txt" "$tmp/b.txt"; then echo "ok   stdin/stdout chain"; else
    echo "FAIL stdin/stdout chain differs from file to file"; fails=$((fails + 1)); fi
expect "parse --emit=text" 0 "$parse" --emit=text "$example"
cmp -s "$tmp/out" "$tmp/a.txt" && echo "ok   --emit=text equals print" || {
    echo "FAIL --emit=text differs from ktc-print"; fails=$((fails + 1)); }
checks=$((checks + 1))
expect "print --generic" 0 "$print" --generic "$tmp/a.ktir" && has "generic form" "$tmp/out" '^"builtin.module"\(\)'
# Text printed back parses to the same text (the printer round-trips).
expect "reparse printed text" 0 "$parse" --emit=text "$tmp/a.txt"
cmp -s "$tmp/out" "$tmp/a.txt" && echo "ok   print/parse fixpoint" || {
    echo "FAIL print/parse is not a fixpoint"; fails=$((fails + 1)); }
checks=$((checks + 1))

# Bad input: a located error, exit 1, and no output file left behind.
printf 'func.func @f() {\n  %%x = arith.addf %%y, %%y : f16\n  return\n}\n' >"$tmp/bad.mlir"
expect "parse error" 1 "$parse" "$tmp/bad.mlir" -o "$tmp/bad.ktir"
has "parse error located" "$tmp/err" "bad.mlir:2:19: error: use of undefined value '%y'"
has "parse error caret" "$tmp/err" '^ +\^$'
checks=$((checks + 1))
if [ -e "$tmp/bad.ktir" ] || ls "$tmp" | grep -q tmp; then
    echo "FAIL output or temp file left after a failure"; fails=$((fails + 1)); else
    echo "ok   nothing written on failure"; fi
# A failing run must not clobber an existing output file either.
cp "$tmp/a.ktir" "$tmp/keep.ktir"
expect "failure keeps old output" 1 "$parse" "$tmp/bad.mlir" -o "$tmp/keep.ktir"
checks=$((checks + 1))
cmp -s "$tmp/a.ktir" "$tmp/keep.ktir" && echo "ok   old output intact" || {
    echo "FAIL old output clobbered"; fails=$((fails + 1)); }

# Corrupt, truncated and foreign IR files: one-line reason, exit 1.
size=$(stat -c %s "$tmp/a.ktir")
head -c $((size / 2)) "$tmp/a.ktir" >"$tmp/trunc.ktir"
expect "truncated IR file" 1 "$print" "$tmp/trunc.ktir" && has "truncated reason" "$tmp/err" "trunc.ktir: "
cp "$tmp/a.ktir" "$tmp/flip.ktir"
printf '\x55' | dd of="$tmp/flip.ktir" bs=1 seek=$((size - 3)) conv=notrunc 2>/dev/null
expect "corrupt IR file" 1 "$print" "$tmp/flip.ktir" && has "corrupt reason" "$tmp/err" "checksum|corrupt"
printf 'KTCIR\0\1\0garbage' >"$tmp/foreign.ktir"
expect "foreign file" 1 "$print" "$tmp/foreign.ktir"
checks=$((checks + 1))
[ "$(wc -l <"$tmp/err")" -eq 1 ] && echo "ok   one-line reason" || {
    echo "FAIL reason is not one line"; fails=$((fails + 1)); }

# Split input: each chunk its own module, text only.
printf 'func.func @a() {\n  return\n}\n// -----\nfunc.func @b() {\n  return\n}\n' >"$tmp/split.mlir"
expect "split to text" 0 "$parse" --split-input-file --emit=text "$tmp/split.mlir"
has "split keeps separator" "$tmp/out" "^// -----$"
expect "split to pb refused" 2 "$parse" --split-input-file "$tmp/split.mlir" -o "$tmp/s.ktir"
printf 'func.func @a() {\n  return\n}\n// -----\nfunc.func @b() {\n  %%x = foo.bar\n}\n' >"$tmp/split2.mlir"
expect "split error keeps real line" 1 "$parse" --split-input-file --emit=text "$tmp/split2.mlir"
has "split error line" "$tmp/err" "split2.mlir:6:8: error: custom op 'foo.bar' is unknown"

echo "$((checks - fails))/$checks checks passed"
[ "$fails" -eq 0 ]
