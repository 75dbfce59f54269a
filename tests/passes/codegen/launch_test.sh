#!/usr/bin/env bash
# launch_test.sh KTC-PARSE KERNEL.mlir... - every kernel through the whole
# chain (ktc-parse | ktc-split | ktc-path-expand | ktc-nest | ktc-allocate |
# ktc-lower | ktc-codegen) on the sample and spyre devices (those of the
# kernel's `// DEVICES: NAME ...` line when it has one), then launched on the
# simulated device with random inputs (scalars and shapes from each of the
# kernel's `// LAUNCH: --arg NAME=VALUE ...` lines, one launch a line;
# none: once, scalars 0): every tensor must match
# ktc-interp bit for bit (ktc-launch --check). The ktc binaries sit beside
# ktc-parse. Bazel may shard it (shard_count): each shard launches a share
# of the kernels.
set -u
bin=$(cd "$(dirname "$1")" && pwd)
shift
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/launch_test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
. "$(dirname "$0")/../../lib/shard.sh"
i=-1
for k in "$@"; do
    i=$((i + 1))
    mine $i || continue
    devs=$(sed -n 's|^// DEVICES: ||p' "$k")
    for dev in ${devs:-sample spyre}; do
        what="$(basename "$k") on $dev"
        if ! "$bin/ktc-parse" --device=$dev "$k" | "$bin/ktc-split" | "$bin/ktc-path-expand" |
            "$bin/ktc-nest" | "$bin/ktc-allocate" | "$bin/ktc-lower" 2>/dev/null |
            "$bin/ktc-codegen" --ktir="$k" -o "$tmp/k.spyrecode"; then
            echo "FAIL $what: does not compile"; fail=$((fail + 1)); continue
        fi
        # one launch per `// LAUNCH:` line (a kernel without one: once)
        launches=$(sed -n 's|^// LAUNCH: ||p' "$k")
        while IFS= read -r args; do
            # shellcheck disable=SC2086
            out=$("$bin/ktc-launch" "$tmp/k.spyrecode" --random-inputs=1 --check $args 2>&1)
            rc=$?
            n=$(printf '%s\n' "$out" | grep -c "matches ktc-interp")
            if [ $rc -ne 0 ] || [ "$n" -eq 0 ] || printf '%s\n' "$out" | grep -q DIFFERS; then
                echo "FAIL $what $args (exit $rc)"; printf '%s\n' "$out" | tail -5; fail=$((fail + 1))
            else
                echo "ok   $what $args: $n tensors match"; pass=$((pass + 1))
            fi
        done <<<"$launches"
    done
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
