#!/bin/bash
# stage_times.sh - how long each stage binary takes on real kernels, and the
# whole `ktc compile` chain against one upstream mlir-opt parse-and-print of
# the same kernel's generic form (issue #5: every stage under 5 ms, the chain
# faster than mlir-opt). Kernels: every corpus KTIR kernel that compiles, and
# ours (tests/kernels, examples). Times are the median of N runs (hyperfine's
# when installed), measured in one run so that the ratios hold on a noisy
# machine. Usage (bazel run //tests/bench:stage_times [-- N]).
set -u
tools=$(dirname "$(readlink -f "$1")")
shift
runs=${1:-20}
ws=${BUILD_WORKSPACE_DIRECTORY:-$(pwd)}
corpus=$ws/../shared/corpus
opt=
for v in 19 16 15 14; do
    [ -x /usr/lib/llvm-$v/bin/mlir-opt ] && opt=/usr/lib/llvm-$v/bin/mlir-opt && break
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# median_ms CMD... : median wall time of CMD over $runs runs, in ms.
median_ms() {
    if command -v hyperfine >/dev/null; then
        hyperfine -N -w 2 -r "$runs" --export-json "$tmp/h.json" "$*" >/dev/null 2>&1 &&
            python3 -c "import json,sys; print('%.2f' % (1000*json.load(open(sys.argv[1]))['results'][0]['median']))" "$tmp/h.json" && return
        echo nan
        return
    fi
    local i t0 t1 ts=()
    for ((i = 0; i < runs; i++)); do
        t0=$(date +%s%N)
        "$@" >/dev/null 2>&1
        t1=$(date +%s%N)
        ts+=($(((t1 - t0) / 1000)))
    done
    printf '%s\n' "${ts[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.2f\n", a[int((NR+1)/2)]/1000}'
}

kernels=()
for f in "$ws"/examples/*.mlir "$ws"/tests/kernels/*.mlir; do kernels+=("$f"); done
[ -d "$corpus/ktir-cpu/kernels" ] && for f in "$corpus"/ktir-cpu/kernels/*/*.mlir; do kernels+=("$f"); done
stages=(split path-expand nest allocate lower codegen)
ins=(ktir split routed nested allocated dfir)
printf '%-28s' kernel
for s in "${stages[@]}"; do printf ' %11s' "$s"; done
printf ' %9s %9s %6s\n' chain mlir-opt ratio
worst=0
for k in "${kernels[@]}"; do
    name=$(basename "$k" .mlir)
    d=$tmp/$name
    mkdir -p "$d"
    "$tools/ktc" compile "$k" -o "$d/k.sc" --save-temps="$d" >/dev/null 2>&1 || continue
    printf '%-28s' "$name"
    for i in "${!stages[@]}"; do
        in=$(ls "$d"/*."${ins[$i]}" 2>/dev/null | head -1)
        # without a nest stage, allocate reads path-expand's output
        [ -z "$in" ] && [ "${stages[$i]}" = allocate ] && in=$(ls "$d"/*.routed 2>/dev/null | head -1)
        if [ -z "$in" ] || [ ! -x "$tools/ktc-${stages[$i]}" ]; then
            printf ' %11s' -
            continue
        fi
        t=$(median_ms "$tools/ktc-${stages[$i]}" "$in" -o "$d/out")
        printf ' %8s ms' "$t"
        awk -v t="$t" 'BEGIN {exit !(t >= 5)}' && worst=1
    done
    chain=$(median_ms "$tools/ktc" compile "$k" -o "$d/k2.sc")
    if [ -n "$opt" ] && "$tools/ktc-parse" "$k" 2>/dev/null | "$tools/ktc-print" --generic >"$d/g.mlir" 2>/dev/null &&
        "$opt" --allow-unregistered-dialect "$d/g.mlir" -o /dev/null 2>/dev/null; then
        m=$(median_ms "$opt" --allow-unregistered-dialect "$d/g.mlir" -o /dev/null)
        printf ' %6s ms %6s ms %6s\n' "$chain" "$m" "$(awk -v a="$chain" -v b="$m" 'BEGIN {printf "%.2f", b / a}')"
    else
        printf ' %6s ms %9s %6s\n' "$chain" - -
    fi
done
echo "(ratio = mlir-opt / chain; mlir-opt: ${opt:-none}; median of $runs runs)"
[ $worst -eq 0 ] && echo "every stage under 5 ms" || echo "some stage took 5 ms or more"
