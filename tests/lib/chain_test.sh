#!/usr/bin/env bash
# chain_test.sh KTC-PARSE EXPECTED_DIR STAGES KERNEL... - the chain on our
# own kernels (tests/kernels, examples): `ktc-parse [the kernel's PARSE
# flags] KERNEL | STAGE... | ktc-print` must print EXPECTED_DIR/NAME.out,
# where STAGES lists the binaries between, e.g. "ktc-split,ktc-allocate".
# Every ktc binary sits beside ktc-parse. UPDATE_GOLDEN=1 (with `bazel run`)
# rewrites the expected files.
set -u
bindir=$(cd "$(dirname "$1")" && pwd)
expected=$2 stages=$3
shift 3
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/chain_test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

# through STAGE... : stdin through each stage then ktc-print, to stdout.
through() {
    if [ $# -eq 0 ]; then "$bindir/ktc-print"; return; fi
    local stage=$1
    shift
    "$bindir/$stage" | through "$@"
}

for kernel in "$@"; do
    dir=$(dirname "$kernel") name=$(basename "$kernel" .mlir)
    pflags=$(sed -n '2s|^// PARSE: *||p' "$kernel")
    (cd "$dir" && "$bindir/ktc-parse" $pflags "$name.mlir" | through ${stages//,/ }) >"$tmp/out" 2>"$tmp/err"
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
