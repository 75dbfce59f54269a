#!/usr/bin/env bash
# sweep.sh - simulated cycles of every launch the launch tests make, to see
# what a schedule change does to all of them at once (not a test: the launch
# tests check the values; this records the cycles).
#
#   sweep.sh run BIN_DIR OUT.tsv [KERNEL.mlir...]
#       every KTIR kernel (default: tests/kernels and tests/passes/codegen/regs;
#       not IR of a later stage) on the devices of its `// DEVICES:` line
#       (none: sample and spyre), once per `// LAUNCH:` line, compiled with
#       BIN_DIR's `ktc compile` and launched with --random-inputs=1 --check.
#       One line a launch: kernel, device, arguments, then the cycles, or
#       `differs` or `no-compile`. Runs 2 launches at a time.
#   sweep.sh cmp BEFORE.tsv AFTER.tsv
#       the launches whose result changed, with after/before, the geometric
#       mean of after/before over the launches that ran in both, and the
#       launches that ran before and fail now.
#
# Usage: bazel run -c opt //tests/bench:sweep -- run "$PWD/bazel-bin/tools" /tmp/a.tsv
# (BIN_DIR should be a copy when the tree is rebuilt while it runs).
set -u
ws=${BUILD_WORKSPACE_DIRECTORY:-$(pwd)}

one() { # BIN KERNEL DEVICE ARGS...
    local bin=$1 k=$2 dev=$3 tmp out cycles
    shift 3
    tmp=$(mktemp -d)
    if ! "$bin/ktc" compile --device="$dev" "$k" -o "$tmp/k.sc" 2>/dev/null; then
        cycles=no-compile
    else
        out=$("$bin/ktc-launch" "$tmp/k.sc" --random-inputs=1 --check --stats "$@" 2>&1)
        if [ $? -ne 0 ] || printf '%s\n' "$out" | grep -q DIFFERS; then
            cycles=differs
        else
            cycles=$(printf '%s\n' "$out" | sed -n 's/^cycles: *\([0-9]*\).*/\1/p' | tail -1)
        fi
    fi
    rm -rf "$tmp"
    printf '%s\t%s\t%s\t%s\n' "${k#"$ws"/}" "$dev" "$*" "${cycles:-?}"
}
export -f one
export ws

case "${1:-}" in
run)
    [ $# -ge 3 ] || { sed -n '4,18p' "$0"; exit 2; }
    bin=$(cd "$2" && pwd) out=$3
    export bin
    shift 3
    if [ $# -eq 0 ]; then
        set -- "$ws"/tests/kernels/*.mlir "$ws"/tests/passes/codegen/regs/*.mlir
    fi
    for k in "$@"; do
        case $(basename "$k") in err_*) continue ;; esac
        # KTIR kernels only (not a later stage's IR)
        grep -q '^// PARSE:.*--stage=' "$k" && continue
        devs=$(sed -n 's|^// DEVICES: ||p' "$k")
        launches=$(sed -n 's|^// LAUNCH: ||p' "$k")
        for dev in ${devs:-sample spyre}; do
            while IFS= read -r args; do
                printf '%s\t%s\t%s\n' "$k" "$dev" "$args"
            done <<<"$launches"
        done
    done | xargs -P 2 -d '\n' -n 1 bash -c \
        'IFS=$'"'"'\t'"'"' read -r k dev args <<<"$1"; one "$bin" "$k" "$dev" $args' _ |
        sort >"$out"
    echo "$(wc -l <"$out") launches, $(grep -c $'\t[0-9]*$' "$out") ran: $out"
    ;;
cmp)
    [ $# -eq 3 ] || { sed -n '4,18p' "$0"; exit 2; }
    awk -F'\t' '
        NR == FNR { before[$1 "\t" $2 "\t" $3] = $4; next }
        {
            key = $1 "\t" $2 "\t" $3
            if (!(key in before)) { printf "new     %s: %s\n", key, $4; next }
            b = before[key]
            if (b ~ /^[0-9]+$/ && $4 ~ /^[0-9]+$/ && b > 0 && $4 > 0) {
                n++; lg += log($4 / b)
                if ($4 != b) printf "%.3f   %s: %s -> %s\n", $4 / b, key, b, $4
            } else if (b != $4) {
                printf "CHANGED %s: %s -> %s\n", key, b, $4
                if (b ~ /^[0-9]+$/) broke++
            }
        }
        END {
            printf "%d launches ran in both, geomean after/before %.4f; %d ran before and fail now\n",
                n, n ? exp(lg / n) : 1, broke
            exit broke > 0
        }' "$2" "$3"
    ;;
*)
    sed -n '4,18p' "$0"
    exit 2
    ;;
esac
