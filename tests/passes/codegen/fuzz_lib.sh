# fuzz_lib.sh - what the *_fuzz_test.sh scripts share, sourced with the
# script's arguments (KTC-PARSE first: the ktc binaries sit beside it)
# after it sets seed: bin, a scratch directory tmp (removed on exit), the
# counters, shard.sh's mine (a sharded test checks its share) and taken
# (check runs only the calls it takes), the devices the kernels run on:
# $FUZZ_DEVICES (names or description files), spyre and sample when unset,
# and fuzz_done, the report that ends the script.

set -u
. "$(dirname "$0")/../../lib/shard.sh"
bin=$(cd "$(dirname "$1")" && pwd)
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/$(basename "$0" _test.sh).XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0 r=0 calls=0
devices=${FUZZ_DEVICES:-spyre sample}

draw() { # r = the next of a fixed sequence, in [0, $1)
    seed=$(((seed * 1103515245 + 12345) % 2147483648))
    r=$(((seed >> 8) % $1))
}

# check KERNEL.mlir DEV WHAT [LAUNCH-ARGS...]: the kernel through the whole
# chain on device DEV, launched with random inputs (and the arguments
# given); every element must match ktc-interp. Counts into pass and fail,
# saying FAIL WHAT and why. Does nothing on a call that shard.sh's taken
# leaves out (under --config=asan).
check() {
    local k=$1 dev=$2 what=$3
    shift 3
    calls=$((calls + 1))
    taken $calls || return 0
    [ -n "${VERBOSE:-}" ] && echo "$what"
    if ! "$bin/ktc-parse" --device="$dev" "$k" | "$bin/ktc-split" | "$bin/ktc-path-expand" |
        "$bin/ktc-nest" | "$bin/ktc-allocate" | "$bin/ktc-lower" |
        "$bin/ktc-codegen" --ktir="$k" -o "$tmp/k.spyrecode"; then
        echo "FAIL $what: does not compile"; fail=$((fail + 1)); return
    fi
    local out
    out=$("$bin/ktc-launch" "$tmp/k.spyrecode" --random-inputs=1 --check "$@" 2>&1)
    if [ $? -ne 0 ] || ! printf '%s\n' "$out" | grep -q "matches ktc-interp" ||
        printf '%s\n' "$out" | grep -q DIFFERS; then
        echo "FAIL $what"; printf '%s\n' "$out" | sed 's/^/  /'; fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}

# fuzz_done: prints the counts (and the share of the checks run, when
# KTC_TEST_EVERY left some out); fails when a check failed.
fuzz_done() {
    if [ $((pass + fail)) -lt "$calls" ]; then
        echo "ran $((pass + fail)) of $calls checks (KTC_TEST_EVERY=${KTC_TEST_EVERY:-1})"
    fi
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
