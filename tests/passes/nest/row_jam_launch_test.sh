#!/usr/bin/env bash
# row_jam_launch_test.sh KTC KERNEL.mlir A N... - row-jam end to end: the
# kernel (Triton's LayerNorm over rows of n columns, n a launch-time
# index) compiled with --assume n=A must keep row-jam (--stats: "row-jam:
# kept"), and differ from the SpyreCode compiled without it
# (--disable=row-jam); compiled with no --assume (priced at a nominal n)
# it must keep row-jam too. All three are launched with every n of the
# list against ktc-interp (ktc-launch --check), and at n = A both jammed
# programs take fewer cycles than the one without row-jam.
set -u
ktc=$1 kernel=$2 a=$3
shift 3
bin=$(cd "$(dirname "$ktc")" && pwd)
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/row_jam_launch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
shapes="--arg eps=0.001 --arg x=f16:64x1024 --arg w=f16:1024 --arg b=f16:1024 --arg y=f16:64x1024"
for v in jam plain nominal; do
    flags="--stats --assume n=$a"
    [ $v = plain ] && flags="$flags --disable=row-jam"
    [ $v = nominal ] && flags="--stats"
    # shellcheck disable=SC2086
    if "$ktc" compile "$kernel" -o "$tmp/$v.sc" $flags 2>"$tmp/$v.err"; then
        ok "compiles ($v)"
    else
        bad "compiles ($v)"; head -5 "$tmp/$v.err"
    fi
done
for v in jam nominal; do
    if grep -q "^ktc-nest: row-jam: kept" "$tmp/$v.err"; then ok "--stats: row-jam kept ($v)"
    else bad "--stats: row-jam kept ($v)"; grep row-jam "$tmp/$v.err"; fi
done
if cmp -s "$tmp/jam.sc" "$tmp/plain.sc"; then bad "row-jam changes the program"
else ok "row-jam changes the program"; fi
declare -A cycles
for v in jam plain nominal; do
    for n in "$a" "$@"; do
        # shellcheck disable=SC2086
        out=$("$bin/ktc-launch" "$tmp/$v.sc" --random-inputs=1 --check --stats --arg "n=$n" \
            $shapes 2>&1)
        rc=$?
        m=$(printf '%s\n' "$out" | grep -c "matches ktc-interp")
        if [ $rc -ne 0 ] || [ "$m" -eq 0 ] || printf '%s\n' "$out" | grep -q DIFFERS; then
            bad "$v, launched n=$n (exit $rc)"; printf '%s\n' "$out" | tail -5
        else
            ok "$v, launched n=$n: $m tensors match"
        fi
        [ "$n" = "$a" ] && cycles[$v]=$(printf '%s\n' "$out" | sed -n 's/^cycles: \([0-9]*\).*/\1/p')
    done
done
for v in jam nominal; do
    if [ -n "${cycles[$v]}" ] && [ -n "${cycles[plain]}" ] && [ "${cycles[$v]}" -lt "${cycles[plain]}" ]; then
        ok "n=$a: ${cycles[$v]} cycles with row-jam ($v), ${cycles[plain]} without"
    else
        bad "n=$a: ${cycles[$v]:-?} cycles with row-jam ($v), ${cycles[plain]:-?} without"
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
