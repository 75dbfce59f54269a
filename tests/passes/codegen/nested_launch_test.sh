#!/usr/bin/env bash
# nested_launch_test.sh KTC-PARSE NESTED.mlir... - ScheduleIR as ktc-nest
# makes it (sched/nest.h), written by hand, through ktc-allocate | ktc-lower |
# ktc-codegen on the sample and spyre devices, launched with random inputs:
# every tensor must match ktc-interp bit for bit on the kernel's KTIR source
# (X.nested.mlir or X.VARIANT.nested.mlir beside X.mlir), and take fewer simulated cycles than X.mlir
# compiled by the first path (ktc-split | ktc-path-expand | ...), on every
# device or on those a `// FASTER: DEV...` line names. Both cycle counts are
# printed. The ktc binaries sit beside ktc-parse.
set -u
bin=$(cd "$(dirname "$1")" && pwd)
shift
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/nested_launch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
cycles() { sed -n 's/^cycles: \([0-9]*\).*/\1/p'; }
for n in "$@"; do
    k="$(dirname "$n")/$(b=$(basename "$n"); echo "${b%%.*}").mlir" # X.mlir for X[.variant].nested.mlir
    for dev in sample spyre; do
        what="$(basename "$n") on $dev"
        if ! "$bin/ktc-parse" --device=$dev --stage=sched.nested "$n" | "$bin/ktc-allocate" |
            "$bin/ktc-lower" | "$bin/ktc-codegen" --ktir="$k" -o "$tmp/n.spyrecode"; then
            echo "FAIL $what: does not compile"; fail=$((fail + 1)); continue
        fi
        if ! "$bin/ktc-parse" --device=$dev "$k" | "$bin/ktc-split" | "$bin/ktc-path-expand" |
            "$bin/ktc-allocate" | "$bin/ktc-lower" |
            "$bin/ktc-codegen" --ktir="$k" -o "$tmp/f.spyrecode"; then
            echo "FAIL $what: the first path does not compile $(basename "$k")"
            fail=$((fail + 1)); continue
        fi
        out=$("$bin/ktc-launch" "$tmp/n.spyrecode" --random-inputs=1 --check --stats 2>&1)
        rc=$?
        m=$(printf '%s\n' "$out" | grep -c "matches ktc-interp")
        nc=$(printf '%s\n' "$out" | cycles)
        fc=$("$bin/ktc-launch" "$tmp/f.spyrecode" --random-inputs=1 --stats 2>&1 | cycles)
        if [ $rc -ne 0 ] || [ "$m" -eq 0 ] || printf '%s\n' "$out" | grep -q DIFFERS; then
            echo "FAIL $what (exit $rc)"; printf '%s\n' "$out" | tail -5; fail=$((fail + 1))
        elif faster=$(sed -n 's|^// FASTER: ||p' "$n") && [ -n "$faster" ] &&
            ! [[ " $faster " == *" $dev "* ]]; then
            echo "ok   $what: $m tensors match; $nc cycles (first path $fc, not compared)"
            pass=$((pass + 1))
        elif [ -z "$nc" ] || [ -z "$fc" ] || [ "$nc" -ge "$fc" ]; then
            echo "FAIL $what: ${nc:-?} cycles, not fewer than the first path's ${fc:-?}"
            fail=$((fail + 1))
        else
            echo "ok   $what: $m tensors match; $nc cycles (first path $fc)"; pass=$((pass + 1))
        fi
    done
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
