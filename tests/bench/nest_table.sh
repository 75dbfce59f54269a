#!/bin/bash
# nest_table.sh - what ktc-nest buys on the simulated device (issue #7's
# table): per kernel, simulated cycles compiled without ktc-nest
# (`ktc compile --disable=nest`), with it, with it but without double
# buffering, the device roofline of the nested run (ktc-launch's latency-aware
# lower bound for the traffic it moves), cycles/roofline, the compulsory-traffic
# roofline (ktc-launch's `compulsory:` line: every distinct device-memory stick
# the run reads and writes moved once, so a schedule that re-reads its input
# is not measured against its own extra traffic), cycles/compulsory, the
# speedup over the run without ktc-nest, the cost model's predicted cycles (`ktc-nest
# --stats`'s "program modeled N cycles" lines when there are, else the sum
# of its "modeled N cycles" over the nests; the last column says which) and
# its error against the nested run. Every run is checked against ktc-interp; a
# kernel that does not compile or differs shows why in its row. The launch
# arguments that are integer values of index or i32 kernel arguments (N=8192)
# are also given to the compiler as `--assume N=8192`, so the cost model
# prices the launch it is measured on.
# Usage: bazel run //tests/bench:nest_table [-- --device=NAME] [-- KERNEL.mlir[:ARGS]...]
set -u
tools=$(dirname "$(readlink -f "$1")")
shift
dev=spyre
if [ $# -gt 0 ] && [ "${1#--device=}" != "$1" ]; then dev=${1#--device=}; shift; fi
ws=${BUILD_WORKSPACE_DIRECTORY:-$(pwd)}
corpus=$ws/../shared/corpus/ktir-cpu/kernels
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# KERNEL[:launch args, comma-separated]
kernels=("$@")
if [ ${#kernels[@]} -eq 0 ]; then
    kernels=("$ws/examples/add.mlir" "$ws/tests/kernels/vector_add.mlir"
             "$corpus/latency/softmax_small.mlir:--arg,n_rows=64"
             "$ws/tests/bench/kernels/vadd_1m.mlir"
             "$ws/tests/bench/kernels/softmax_4096x64.mlir"
             "$ws/tests/bench/kernels/softmax_4096x256.mlir"
             "$ws/tests/bench/kernels/softmax_4096x1024.mlir"
             "$ws/tests/bench/kernels/bias_add.mlir"
             "$ws/tests/kernels/rmsnorm.mlir:--arg,n=256,--arg,eps=0.001"
             "$ws/tests/kernels/layernorm.mlir:--arg,n=256,--arg,eps=0.001"
             "$corpus/latency/rmsnorm_4core_4x1.mlir:--arg,N=4096,--arg,BLOCK_SIZE=1024"
             "$ws/tests/kernels/rmsnorm_2x2.mlir:--arg,N=4096,--arg,eps=0.001"
             "$ws/tests/bench/kernels/rmsnorm_4096x1024.mlir:--arg,n=1024,--arg,eps=0.001"
             "$ws/tests/bench/kernels/layernorm_4096x1024.mlir:--arg,n=1024,--arg,eps=0.001"
             "$corpus/ktir/softmax_wide.mlir"
             "$ws/tests/bench/kernels/softmax_8x16384.mlir"
             "$ws/tests/bench/kernels/softmax_blocks_16x8192.mlir"
             "$ws/tests/bench/kernels/softmax_4x262144.mlir"
             "$ws/tests/bench/kernels/rmsnorm_8x65536.mlir:--arg,n=65536,--arg,eps=0.001"
             "$ws/tests/bench/kernels/exp_2x131072.mlir"
             "$ws/tests/kernels/vector_add_ktir.mlir:--arg,BLOCK_SIZE=128"
             "$ws/tests/kernels/softmax_small_explicit.mlir:--arg,n_rows=64"
             "$ws/tests/bench/kernels/layernorm_fwd_ktir.mlir:--arg,stride=8192,--arg,N=8192,--arg,eps=0.001"
             "$ws/tests/bench/kernels/layernorm_fwd_rows_1151x8192.mlir:--arg,eps=0.001"
             "$ws/tests/bench/kernels/rope_fwd_4x2.mlir"
             "$ws/tests/bench/kernels/rope_rows_mod_163840.mlir"
             "$ws/tests/bench/kernels/rmsnorm_f32acc_4096x1024.mlir"
             "$ws/tests/bench/kernels/softmax_f32acc_4096x1024.mlir"
             "$ws/tests/bench/kernels/layernorm_f32acc_4096x1024.mlir:--arg,eps=0.00001"
             "$ws/tests/bench/kernels/softmax_fwd_4096x768.mlir:--arg,n_rows=4096"
             "$ws/tests/bench/kernels/layernorm_2048x768.mlir:--arg,eps=0.001"
             "$ws/tests/bench/kernels/softmax_1024x256.mlir"
             "$ws/tests/bench/kernels/rmsnorm_1024x1024.mlir:--arg,n=1024,--arg,eps=0.001"
             "$ws/tests/bench/kernels/layernorm_1024x1024.mlir:--arg,n=1024,--arg,eps=0.001"
             "$ws/tests/bench/kernels/rmsnorm_1024x5120.mlir:--arg,eps=0.001"
             "$ws/tests/bench/kernels/softmax_vocab_64x32000.mlir"
             "$ws/tests/bench/kernels/softmax_vocab_64x50257.mlir"
             "$ws/tests/bench/kernels/softmax_4096x1000.mlir"
             "$ws/tests/kernels/softmax_rows_grid.mlir"
             "$ws/tests/bench/kernels/vadd_100000.mlir"
             "$ws/tests/bench/kernels/vadd_dynamic_130000.mlir:--arg,n=130000,--arg,x=f32:130000,--arg,z=f32:130000,--arg,y=f32:130000"
             "$ws/tests/kernels/rmsnorm_masked.mlir:--arg,n=200,--arg,eps=0.001,--arg,x=f16:8x256,--arg,w=f16:8x256,--arg,y=f16:8x256"
             "$ws/tests/kernels/layernorm_masked.mlir:--arg,n=1000,--arg,eps=0.001,--arg,x=f16:8x1024,--arg,w=f16:1024,--arg,b=f16:1024,--arg,y=f16:8x1024"
             "$ws/tests/kernels/layernorm_masked_loop_n.mlir:--arg,n=1000,--arg,eps=0.001,--arg,x=f16:8x1024,--arg,w=f16:1024,--arg,b=f16:1024,--arg,y=f16:8x1024"
             "$ws/tests/kernels/sum_blocks_n.mlir:--arg,n=1000,--arg,x=f16:8x1024"
             "$ws/tests/bench/kernels/layernorm_triton_4096x1000.mlir:--arg,n=1000,--arg,eps=0.001,--arg,x=f16:4096x1024,--arg,w=f16:1024,--arg,b=f16:1024,--arg,y=f16:4096x1024"
             "$ws/tests/bench/kernels/layernorm_triton_packed_4096x1000.mlir:--arg,n=1000,--arg,eps=0.001,--arg,x=f16:4096x1000,--arg,w=f16:1000,--arg,b=f16:1000,--arg,y=f16:4096x1000"
             "$ws/tests/bench/kernels/layernorm_triton_256x8000.mlir:--arg,n=8000,--arg,eps=0.001,--arg,x=f16:256x8192,--arg,w=f16:8192,--arg,b=f16:8192,--arg,y=f16:256x8192"
             "$ws/tests/bench/kernels/paged_copy_4x8x128x128.mlir")
fi

# run NAME KERNEL LAUNCH-ARGS COMPILE-FLAGS... : sets cyc, roof, comp, pred, src (or a why)
run() {
    local name=$1 k=$2 la=$3
    shift 3
    cyc=- roof=- comp=- pred=- src=-
    if ! "$tools/ktc" compile "$k" --device="$dev" -o "$tmp/$name.sc" --stats "$@" \
        >"$tmp/$name.out" 2>&1; then
        cyc="no-compile"
        return
    fi
    # a program's own line when it has one (nests in loops), else its nests'
    local lines=$(grep "modeled" "$tmp/$name.out")
    src=nests
    if printf '%s\n' "$lines" | grep -q "program modeled"; then
        lines=$(printf '%s\n' "$lines" | grep "program modeled")
        src=program
        printf '%s\n' "$lines" | grep -q "pipelines merged" && src=merged
    fi
    pred=$(printf '%s\n' "$lines" | sed -n 's/.*modeled \([0-9.]*\) cycles.*/\1/p' | awk '{s += $1} END {if (NR) printf "%.0f", s; else print "-"}')
    # shellcheck disable=SC2086
    local out
    out=$("$tools/ktc-launch" "$tmp/$name.sc" --random-inputs=1 --check --stats ${la//,/ } 2>&1)
    if printf '%s\n' "$out" | grep -q "DIFFERS\|error"; then
        cyc="differs"
        return
    fi
    cyc=$(printf '%s\n' "$out" | sed -n 's/^cycles: \([0-9]*\).*/\1/p')
    roof=$(printf '%s\n' "$out" | sed -n 's/^cycles: [0-9]* (roofline \([0-9]*\).*/\1/p')
    comp=$(printf '%s\n' "$out" | sed -n 's/^compulsory: \([0-9]*\) cycles.*/\1/p')
}

printf '%-20s %10s %10s %10s %10s %6s %10s %6s %7s %10s %7s %s\n' kernel no-nest nest no-dbuf roofline ratio compulsory c-ratio speedup predicted error from
for spec in "${kernels[@]}"; do
    k=${spec%%:*}
    la=
    [ "$k" != "$spec" ] && la=${spec#*:}
    name=$(basename "$k" .mlir)
    # --arg NAME=INTEGER of an index or i32 argument of the kernel -> --assume
    assume=()
    for a in ${la//,/ }; do
        n=${a%%=*} v=${a#*=}
        [ "$n" != "$a" ] && [[ $v =~ ^-?[0-9]+$ ]] &&
            grep -qE "%$n: (index|i32)\b" "$k" && assume+=(--assume "$n=$v")
    done
    run "$name.first" "$k" "$la" --disable=nest
    first=$cyc
    run "$name.nodbuf" "$k" "$la" --disable=double-buffering "${assume[@]}"
    nodbuf=$cyc
    run "$name" "$k" "$la" "${assume[@]}"
    ratio=- cratio=- speedup=- err=-
    if [[ $cyc =~ ^[0-9]+$ ]]; then
        [[ $roof =~ ^[0-9]+$ ]] && [ "$roof" -gt 0 ] && ratio=$(awk -v a="$cyc" -v b="$roof" 'BEGIN {printf "%.2f", a / b}')
        [[ $comp =~ ^[0-9]+$ ]] && [ "$comp" -gt 0 ] && cratio=$(awk -v a="$cyc" -v b="$comp" 'BEGIN {printf "%.2f", a / b}')
        [[ $first =~ ^[0-9]+$ ]] && speedup=$(awk -v a="$first" -v b="$cyc" 'BEGIN {printf "%.1fx", a / b}')
        [[ $pred =~ ^[0-9]+$ ]] && err=$(awk -v p="$pred" -v c="$cyc" 'BEGIN {printf "%+.1f%%", 100 * (p - c) / c}')
    fi
    [ ${#assume[@]} -gt 0 ] && src="$src (${assume[*]})"
    printf '%-20s %10s %10s %10s %10s %6s %10s %6s %7s %10s %7s %s\n' "$name" "$first" "$cyc" "$nodbuf" "$roof" "$ratio" "$comp" "$cratio" "$speedup" "$pred" "$err" "$src"
done
echo "predicted (from): ktc-nest --stats' 'program modeled' line: 'program', nests inside loops whose"
echo "trip counts it knows: constants, the tile id's (the slowest tile id's) or the --assume'd kernel"
echo "arguments' (nest_cost_program_cycles); 'merged', one nest run once whose pipelines"
echo "register-carry or fuse-pipelines merged (or whose loads register-carry cut) after its tile was"
echo "chosen, re-predicted from its point loop as they left it; else 'nests', the sum of the nests' modeled cycles (tile-size selection's"
echo "prediction), one run each (a nest inside a loop of dynamic trip count is then counted once)."
