# cli.sh - helpers shared by the command-line tests (sourced, POSIX sh).
# Sourcing makes a scratch directory $tmp (removed on exit) and the counters
# $checks and $fails; each helper below counts one check and prints
# "ok   NAME" or "FAIL NAME"; cli_done prints the tally and fails the test
# if any check failed.
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/cli.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0 checks=0

# pass NAME, fail NAME : count a check that passed or failed (fail
# returns 1).
pass() {
    checks=$((checks + 1))
    echo "ok   $1"
}
fail() {
    checks=$((checks + 1))
    echo "FAIL $1"
    fails=$((fails + 1))
    return 1
}

# expect NAME WANT_RC CMD... : runs CMD (stdout to $tmp/out, stderr to
# $tmp/err), compares its exit status; returns 1 when it differs.
expect() {
    local name=$1 want=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -ne "$want" ]; then
        fail "$name: exit $rc, want $want"; sed 's/^/  | /' "$tmp/err" | head -5
        return 1
    fi
    pass "$name"
}

# expect_out WANT_RC PATTERN -- CMD... : runs CMD (stdout and stderr to
# $tmp/out), checks its exit status and that the output matches PATTERN
# (grep -E; empty = anything).
expect_out() {
    local want=$1 pattern=$2 cmd=$4 name rc
    shift 4
    name="$(basename "$cmd") $*"
    "$cmd" "$@" >"$tmp/out" 2>&1
    rc=$?
    if [ "$rc" -ne "$want" ]; then
        fail "$name: exit $rc, want $want"; cat "$tmp/out"
    elif [ -n "$pattern" ] && ! grep -Eq -- "$pattern" "$tmp/out"; then
        fail "$name: output lacks /$pattern/"; cat "$tmp/out"
    else
        pass "$name"
    fi
}

# has NAME FILE PATTERN : FILE contains the extended regex PATTERN.
has() {
    if grep -qE -- "$3" "$2"; then pass "$1"; else
        fail "$1: no /$3/ in:"; sed 's/^/  | /' "$2" | head -5; fi
}

# same NAME A B : files A and B are byte-identical.
same() {
    if cmp -s "$2" "$3"; then pass "$1"; else fail "$1"; fi
}

# cli_done : prints the tally; its status is the test's.
cli_done() {
    echo "$((checks - fails))/$checks checks passed"
    [ "$fails" -eq 0 ]
}
