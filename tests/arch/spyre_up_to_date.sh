#!/bin/sh
# spyre_up_to_date.sh SCRIPT MLIR - the checked-in spyre.mlir is exactly what
# its generator writes (regenerate: sh arch/devices/spyre.sh > arch/devices/spyre.mlir).
if sh "$1" | cmp -s - "$2"; then
    echo "ok   $2 is up to date"
else
    echo "FAIL $2 differs from the output of $1 (regenerate it)"
    exit 1
fi
