#!/usr/bin/env bash
# The first thing to run on a fresh Debian 12 machine: installs what is missing,
# builds ktc, compiles an example kernel end to end (KTIR -> ScheduleIR ->
# DataflowIR -> SpyreCode) and runs it on the simulated device, checking the
# result against ktc-interp (the reference semantics) and printing the stats.
# Usage: tools/run-example.sh [examples/KERNEL.mlir]   (default examples/add.mlir)
set -euo pipefail

cd "$(dirname "$0")/.."
tools/setup.sh

example=${1:-examples/add.mlir}
if [ ! -f "$example" ]; then
    echo "run-example.sh: no such kernel: $example" >&2
    exit 1
fi

bazel build //tools:all
bin=bazel-bin/tools
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== the pipeline (ktc compile -v):"
"$bin/ktc" compile "$example" -o "$work/kernel.spyrecode" -v
echo
echo "== launched on the simulated device, checked against ktc-interp:"
"$bin/ktc-launch" "$work/kernel.spyrecode" --random-inputs=1 --check --stats
echo
echo "== the same kernel without ktc-nest (ktc compile --disable=nest), for comparison:"
"$bin/ktc" compile "$example" -o "$work/first-path.spyrecode" --disable=nest
"$bin/ktc-launch" "$work/first-path.spyrecode" --random-inputs=1 --check --stats | grep -E '^(cycles|check)'
