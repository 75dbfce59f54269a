#!/usr/bin/env bash
# The first thing to run on a fresh Debian 12 machine: installs what is missing,
# builds the parser and printer, and round-trips an example kernel:
#   KTIR text --ktc-parse--> IR file --ktc-print--> MLIR text on stdout.
# Usage: tools/run-example.sh [examples/KERNEL.mlir]   (default: examples/add.mlir,
# else the first example).
set -euo pipefail

cd "$(dirname "$0")/.."
tools/setup.sh

example=${1:-}
if [ -z "$example" ]; then
    if [ -f examples/add.mlir ]; then
        example=examples/add.mlir
    elif [ -d examples ]; then
        example=$(find examples -maxdepth 1 -name '*.mlir' | sort | head -n 1)
    fi
fi
if [ -z "$example" ] || [ ! -f "$example" ]; then
    echo "run-example.sh: no example kernel found (examples/*.mlir)" >&2
    exit 1
fi

bazel build //tools:ktc-parse //tools:ktc-print
bazel-bin/tools/ktc-parse "$example" | bazel-bin/tools/ktc-print
