#!/bin/bash
# upstream_test.sh - ktc's generic form is MLIR upstream can read: every
# corpus file that parses (INDEX.tsv `ok`) is printed by `ktc-parse | ktc-print
# --generic` and read back by upstream `mlir-opt --allow-unregistered-dialect`.
#
# Upstream releases differ in what they know, so a file may be refused only
# for a construct newer than the mlir-opt at hand (each reason listed below,
# per release, with what introduced it); any other refusal fails the test.
# mlir-opt: $MLIR_OPT, else the newest of Debian's mlir-{19,16,15,14}-tools
# installed; the test skips, saying so, when there is none or when the
# corpus (../shared/corpus beside the workspace) is absent.
# Usage: upstream_test.sh KTC-PARSE KTC-PRINT ANCHOR (a file of the workspace)
set -u
parse=$1 print=$2
root=$(cd "$(dirname "$(readlink -f "$3")")/../.." && pwd)
corpus=$root/../shared/corpus
if [ ! -f "$corpus/INDEX.tsv" ]; then
    echo "skip: corpus not found at $corpus"
    exit 0
fi
opt=${MLIR_OPT:-}
if [ -z "$opt" ]; then
    for v in 19 16 15 14; do
        [ -x /usr/lib/llvm-$v/bin/mlir-opt ] && opt=/usr/lib/llvm-$v/bin/mlir-opt && break
    done
fi
if [ -z "$opt" ]; then
    echo "skip: no upstream mlir-opt (install mlir-19-tools or mlir-14-tools)"
    exit 0
fi
major=$("$opt" --version | sed -n 's/.*LLVM version \([0-9]*\).*/\1/p')

# Refusals that are the release's, not ours (grep -E on the first error).
# The reference scheduler's own files put string memory spaces on memrefs
# (memref<4xf16, "L1">); upstream up to 19 takes integers and dialect
# attributes only.
allowed='unsupported memory space Attribute'
if [ "${major:-0}" -lt 16 ]; then
    # array<i64: ...> attributes (DenseArrayAttr, MLIR 16); ops added after
    # 14 (tensor.empty, tensor.splat moved, linalg.reduce/map/broadcast/
    # transpose and the elementwise named ops, arith.select/maximumf, ...);
    # operandSegmentSizes (MLIR 14 spells it operand_segment_sizes, a dense
    # vector); linalg attributes; mlir-opt 14 crashing on some inputs.
    allowed="$allowed|expected non-function type|unregistered operation '[a-z_]+\.[a-z_.]+' found in dialect|requires (ND|1D) iN elements attribute 'operand_segment_sizes'|dialect 'linalg' provides no attribute parsing hook|expected string literal data in dialect symbol|does not reference a valid global|^crash"
fi

tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/upstream.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
ok=0 known=0 bad=0
declare -A why
while IFS=$'\t' read -r path kind pstate note; do
    [ "$pstate" = ok ] || continue
    f=$corpus/$path
    split=
    grep -q -- '^// -----' "$f" && split=--split-input-file
    if ! "$parse" $split "$f" 2>"$tmp/err" | "$print" --generic >"$tmp/g.mlir" 2>>"$tmp/err"; then
        echo "FAIL $path: ktc cannot print it: $(head -1 "$tmp/err")"
        bad=$((bad + 1))
        continue
    fi
    "$opt" --allow-unregistered-dialect $split "$tmp/g.mlir" -o /dev/null 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 0 ]; then
        ok=$((ok + 1))
        continue
    fi
    msg=$(grep -m1 'error:' "$tmp/err" | sed 's/.*error: //')
    [ $rc -gt 128 ] && msg="crash (signal $((rc - 128)))"
    if echo "$msg" | grep -Eq "$allowed"; then
        known=$((known + 1))
        key=$(echo "$msg" | sed -E "s/'[^']*'/'X'/g; s/[0-9]+/N/g")
        why[$key]=$((${why[$key]:-0} + 1))
    else
        echo "FAIL $path: mlir-opt $major: $msg"
        bad=$((bad + 1))
    fi
done <"$corpus/INDEX.tsv"
echo "mlir-opt $major ($opt): $ok accepted, $known refused for constructs newer than it, $bad refused otherwise"
for k in "${!why[@]}"; do
    printf '  %4d  %s\n' "${why[$k]}" "$k"
done | sort -rn
[ $bad -eq 0 ]
