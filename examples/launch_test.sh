#!/usr/bin/env bash
# launch_test.sh KTC-LAUNCH KERNEL.spyrecode - launches a compiled example on
# the simulated device with random inputs, twice with different seeds, and
# requires every tensor to match ktc-interp (ktc-launch --check).
set -eu
launch=$1 kernel=$2
for seed in 1 2; do
    out=$("$launch" "$kernel" --random-inputs=$seed --check --stats)
    printf '%s\n' "$out"
    if printf '%s\n' "$out" | grep -q "DIFFERS"; then
        echo "FAIL: seed $seed differs from ktc-interp"; exit 1
    fi
    printf '%s\n' "$out" | grep -q "matches ktc-interp" || { echo "FAIL: nothing checked"; exit 1; }
done
echo "ok: $kernel matches ktc-interp"
