#!/usr/bin/env bash
# run_golden.sh KTC-PARSE CASE.mlir... - golden tests of the pass binaries, run
# as a user runs them: `ktc-parse CASE.mlir | STAGES | ktc-print`.
#
# A case's first line names the stages:   // RUN: ktc-split | ktc-path-expand
# (flags allowed, e.g. `ktc-split --tile=64`; `ktc-parse` flags go on an
# optional `// PARSE: --device=sample` line). Beside it, CASE.out holds the
# expected ktc-print output, or CASE.err the expected diagnostics (exit 1).
# A `// PRINT: none` line (second or third) drops ktc-print: the last stage's
# own output is compared (`// RUN: ktc-codegen --emit=text`).
# The case runs from its own directory with its bare file name, so messages
# read `case.mlir:LINE:COL: error: ...`. UPDATE_GOLDEN=1 rewrites the expected
# files (run with `bazel run`, which sets BUILD_WORKSPACE_DIRECTORY).
set -u
bindir=$(cd "$(dirname "$1")" && pwd) # every ktc binary sits beside ktc-parse
shift
pass=0 fail=0
# Scratch files in a directory of our own: tests running side by side in
# Bazel's sandboxes may share /tmp and even a PID (their own namespaces).
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/run_golden.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
for case in "$@"; do
    dir=$(dirname "$case") name=$(basename "$case" .mlir)
    stages=$(sed -n '1s|^// RUN: *||p' "$case")
    pflags=$(sed -n '2s|^// PARSE: *||p' "$case")
    print=$(sed -n '2,3s|^// PRINT: *||p' "$case")
    if [ -z "$stages" ]; then
        echo "FAIL $case: first line must be '// RUN: <stages>'"; fail=$((fail + 1)); continue
    fi
    # Each stage word that names a ktc binary is resolved in bindir.
    cmd="\"$bindir/ktc-parse\" $pflags $name.mlir"
    IFS='|' read -ra parts <<<"$stages"
    for part in "${parts[@]}"; do
        read -ra words <<<"$part"
        cmd="$cmd | \"$bindir/${words[0]}\" ${words[*]:1}"
    done
    [ "$print" = none ] || cmd="$cmd | \"$bindir/ktc-print\""
    out=$(cd "$dir" && bash -o pipefail -c "$cmd" 2>$tmp/err)
    rc=$?
    err=$(cat $tmp/err)
    rm -f $tmp/err
    if [ -n "${UPDATE_GOLDEN:-}" ] && [ -n "${BUILD_WORKSPACE_DIRECTORY:-}" ]; then
        src="$BUILD_WORKSPACE_DIRECTORY/$case"
        src="${src%.mlir}"
        if [ "$rc" -eq 0 ]; then printf '%s\n' "$out" >"$src.out"; rm -f "$src.err"
        else printf '%s\n' "$err" >"$src.err"; rm -f "$src.out"; fi
        echo "updated $case"
        continue
    fi
    if [ -f "$dir/$name.out" ]; then
        if [ "$rc" -eq 0 ] && diff -u "$dir/$name.out" <(printf '%s\n' "$out") >$tmp/diff; then
            echo "ok   $case"; pass=$((pass + 1))
        else
            echo "FAIL $case (exit $rc)"; cat $tmp/diff 2>/dev/null | head -40
            printf '%s\n' "$err" | head -10; fail=$((fail + 1))
        fi
    elif [ -f "$dir/$name.err" ]; then
        if [ "$rc" -eq 1 ] && diff -u "$dir/$name.err" <(printf '%s\n' "$err") >$tmp/diff; then
            echo "ok   $case"; pass=$((pass + 1))
        else
            echo "FAIL $case (exit $rc, want 1)"; cat $tmp/diff | head -40; fail=$((fail + 1))
        fi
    else
        echo "FAIL $case: no $name.out or $name.err"; fail=$((fail + 1))
    fi
    rm -f $tmp/diff
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
