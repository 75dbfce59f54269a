#!/bin/sh
# corpus_compile_test.sh - `ktc compile --stats` over every .mlir file of
# ../shared/corpus, on the file's own device (sample when it names none) and
# on spyre: each either compiles to a SpyreCode file or fails with exit 1 and
# only errors located in that file (FILE:LINE:COL: error: ...), never a
# crash, an unlocated error or a half-written output. (ktc-nest's --stats
# once died on a kernel of no arguments whose hoisted load sat outside every
# loop.) Prints how many compiled. Skipped, saying so, when the corpus is
# not beside the workspace. Bazel may shard it (shard_count): each shard
# compiles a share of the files. Under --config=asan (KTC_TEST_EVERY, see
# shard.sh's taken) it runs about half the compilations.
# usage: corpus_compile_test.sh KTC ANY_SOURCE_FILE
set -u
ktc=$1
. "$TEST_SRCDIR/$TEST_WORKSPACE/tests/lib/cli.sh"
. "$TEST_SRCDIR/$TEST_WORKSPACE/tests/lib/shard.sh"

root=$(cd "$(dirname "$(readlink -f "$2")")/../.." && pwd)
corpus=${KTC_CORPUS:-$root/../shared/corpus}
if [ ! -f "$corpus/INDEX.tsv" ]; then
    echo "skip: corpus not found at $corpus"
    cli_done
    exit 0
fi

# compile NAME FILE ARGS...: one `ktc compile`, judged as above.
compile() {
    local name=$1 f=$2 rc
    shift 2
    ran=$((ran + 1))
    rm -f "$tmp/k.sc"
    "$ktc" compile --stats "$@" "$f" -o "$tmp/k.sc" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -eq 0 ] && [ -s "$tmp/k.sc" ]; then
        compiled=$((compiled + 1))
        return
    fi
    if [ "$rc" -ne 1 ]; then
        fail "$name: exit $rc"; sed 's/^/  | /' "$tmp/err" | tail -5
    elif [ -e "$tmp/k.sc" ]; then
        fail "$name: failed, yet wrote its output"
    elif ! grep -q 'error: ' "$tmp/err"; then
        fail "$name: failed without an error"; sed 's/^/  | /' "$tmp/err" | tail -5
    elif grep 'error: ' "$tmp/err" | grep -qv "^$f:[0-9]*:[0-9]*: error: "; then
        fail "$name: an error not located in the file"
        grep 'error: ' "$tmp/err" | grep -v "^$f:[0-9]*:[0-9]*: error: " | sed 's/^/  | /' |
            head -3
    else
        refused=$((refused + 1))
    fi
}

compiled=0 refused=0 ran=0 files=0 i=-1
for f in $(find "$corpus" -name '*.mlir' | sort); do
    i=$((i + 1))
    mine $i || continue
    files=$((files + 1))
    rel=${f#"$corpus"/}
    taken $((2 * i)) && compile "$rel" "$f"
    taken $((2 * i + 1)) && compile "$rel --device=spyre" "$f" --device=spyre
done
echo "$files files, twice: $compiled compiled, $refused refused with located errors"
if [ "$ran" -lt $((2 * files)) ]; then
    echo "(ran $ran of the $((2 * files)) compilations: KTC_TEST_EVERY=${KTC_TEST_EVERY:-1})"
fi
[ "$files" -gt 0 ] && pass "corpus files found" || fail "no .mlir file under $corpus"
cli_done
