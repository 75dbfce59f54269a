#!/usr/bin/env bash
# chain_test.sh KTC-PARSE EXPECTED_DIR KERNEL... - the whole chain to
# DataflowIR on our own kernels (tests/kernels, examples): `ktc-parse [the
# kernel's PARSE flags] KERNEL | ktc-split | ktc-path-expand | ktc-allocate
# | ktc-lower | ktc-print` must print EXPECTED_DIR/NAME.out. Every ktc
# binary sits beside ktc-parse. UPDATE_GOLDEN=1 (with `bazel run`) rewrites
# the expected files.
set -u
bindir=$(cd "$(dirname "$1")" && pwd)
expected=$2
shift 2
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/chain_test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
for kernel in "$@"; do
    dir=$(dirname "$kernel") name=$(basename "$kernel" .mlir)
    pflags=$(sed -n '2s|^// PARSE: *||p' "$kernel")
    (cd "$dir" && "$bindir/ktc-parse" $pflags "$name.mlir" | "$bindir/ktc-split" |
        "$bindir/ktc-path-expand" | "$bindir/ktc-allocate" | "$bindir/ktc-lower" |
        "$bindir/ktc-print") >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ -n "${UPDATE_GOLDEN:-}" ] && [ -n "${BUILD_WORKSPACE_DIRECTORY:-}" ]; then
        cp "$tmp/out" "$BUILD_WORKSPACE_DIRECTORY/$expected/$name.out"
        echo "updated $expected/$name.out"
    elif [ "$rc" -eq 0 ] && diff -u "$expected/$name.out" "$tmp/out" >"$tmp/diff"; then
        echo "ok   $kernel"; pass=$((pass + 1))
    else
        echo "FAIL $kernel (exit $rc)"; head -40 "$tmp/diff" 2>/dev/null; head -10 "$tmp/err"
        fail=$((fail + 1))
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
