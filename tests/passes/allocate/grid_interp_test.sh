#!/usr/bin/env bash
# grid_interp_test.sh KTC-PARSE KTC-ALLOCATE KTC-INTERP KERNEL... - ktc-allocate
# flattens grids as ktc-interp numbers tiles (sched/grid.h): each kernel
# (one array argument `out`, f32, shape from its view) gives the same output
# on ktc-interp as written and after `ktc-allocate` (via --stage=sched.routed).
set -u
parse=$1 allocate=$2 interp=$3
shift 3
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/grid_interp.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
for kernel in "$@"; do
    shape=$(sed -n 's/.*} : memref<\([0-9x]*\)xf32>$/\1/p' "$kernel" | head -1)
    if "$interp" "$kernel" --arg "out=f32:$shape" --out "out=$tmp/a.npy" &&
        "$parse" --device=sample --stage=sched.routed "$kernel" |
        "$allocate" --emit=text >"$tmp/flat.mlir" &&
        grep -q 'grid = \[[0-9]*\]' "$tmp/flat.mlir" &&
        "$interp" "$tmp/flat.mlir" --arg "out=f32:$shape" --out "out=$tmp/b.npy" &&
        cmp -s "$tmp/a.npy" "$tmp/b.npy"; then
        echo "ok   $kernel"; pass=$((pass + 1))
    else
        echo "FAIL $kernel"; fail=$((fail + 1))
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
