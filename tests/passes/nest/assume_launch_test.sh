#!/usr/bin/env bash
# assume_launch_test.sh KTC KERNEL.mlir N... - `ktc compile --assume N=A`
# only prices the kernel's launch-time trip counts at A: the code must stay
# correct for every N. The kernel (y = x - mean(x) per row, its width N a
# kernel argument) is compiled with each assumption A of the list and
# without one, and each program is launched with every N of the list
# (--arg stride=4096 --arg N=...) against ktc-interp (ktc-launch --check).
# An assumption must reach the cost model (--stats says it was used) and
# change what it chose (the SpyreCode differs from the one compiled without),
# or the launches would only test the default.
set -u
ktc=$1 kernel=$2
shift 2
bin=$(cd "$(dirname "$ktc")" && pwd)
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/assume_launch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
"$ktc" compile "$kernel" -o "$tmp/none.sc" 2>"$tmp/err" || { bad "compiles without --assume"; cat "$tmp/err"; }
for a in none "$@"; do
    if [ "$a" != none ]; then
        if "$ktc" compile "$kernel" -o "$tmp/$a.sc" --stats --assume "N=$a" 2>"$tmp/err"; then
            ok "compiles with --assume N=$a"
        else
            bad "compiles with --assume N=$a"; head -5 "$tmp/err"; continue
        fi
        if grep -q "^ktc-nest: --assume N=$a: used by the cost model$" "$tmp/err" &&
            grep -q "priced at N=$a" "$tmp/err"; then ok "--stats: N=$a used"
        else bad "--stats: N=$a used"; head -10 "$tmp/err"; fi
        if cmp -s "$tmp/none.sc" "$tmp/$a.sc"; then bad "N=$a changes the choices"
        else ok "N=$a changes the choices"; fi
    fi
    for n in "$@"; do
        out=$("$bin/ktc-launch" "$tmp/$a.sc" --random-inputs=1 --check --arg stride=4096 \
            --arg "N=$n" 2>&1)
        rc=$?
        m=$(printf '%s\n' "$out" | grep -c "matches ktc-interp")
        if [ $rc -ne 0 ] || [ "$m" -eq 0 ] || printf '%s\n' "$out" | grep -q DIFFERS; then
            bad "assumed $a, launched N=$n (exit $rc)"; printf '%s\n' "$out" | tail -5
        else
            ok "assumed $a, launched N=$n: $m tensors match"
        fi
    done
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
