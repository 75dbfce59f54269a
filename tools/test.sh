#!/usr/bin/env bash
# Runs the whole test suite on a fresh Debian 12 machine: installs what is
# missing, then `bazel test //...`. Extra arguments go to bazel test, e.g.
#   tools/test.sh --config=asan        tools/test.sh //ktir:arena_test
set -euo pipefail

cd "$(dirname "$0")/.."
tools/setup.sh
has_target=0
for arg in "$@"; do
    case "$arg" in
    -*) ;;
    *) has_target=1 ;;
    esac
done
if [ "$has_target" -eq 0 ]; then
    set -- "$@" //...
fi
exec bazel test "$@"
