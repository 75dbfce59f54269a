#!/bin/bash
# fuzz.sh - runs the libFuzzer targets of tests/fuzz (clang, ASan + UBSan):
#   text       the MLIR parser, verifier and printer (round trips checked)
#   irfile     the IR-file decoder below its checksum
#   spyrecode  SpyreCode text: assembler, device checks, launch, simulator
# Seeds: our golden cases, kernels and examples (their IR files for irfile;
# tests/sim/*.sc and codegen's SpyreCode goldens for spyrecode).
# Findings (crash-*, leak-*) land in the work directory; the run fails on one.
# Not a CI test: `tools/fuzz.sh [text|irfile|spyrecode] [SECONDS] [WORKDIR]`.
set -eu
target=${1:-text}
secs=${2:-60}
ws=$(cd "$(dirname "$0")/.." && pwd)
work=${3:-$(mktemp -d /tmp/ktc-fuzz.XXXXXX)}
case $target in text | irfile | spyrecode) ;; *) echo "usage: $0 [text|irfile|spyrecode] [SECONDS] [WORKDIR]" >&2; exit 2 ;; esac
command -v clang >/dev/null || "$ws/tools/setup.sh" --checks
mkdir -p "$work/bin" "$work/corpus-$target"
srcs=("$ws"/ktir/{arena,diag,ir,lexer,numeric,ops,parser,printer,verify,irfile}.c "$ws"/ktir/dialects/*.c)
flags=(-std=c11 -D_POSIX_C_SOURCE=200809L -O1 -g -I"$ws" -fsanitize=address,undefined -fno-sanitize-recover=undefined)
libs=(-lz -lm)
if [ "$target" = spyrecode ]; then
    # the device model, SpyreCode, the interpreter's numerics, the runtime and
    # the simulator, with the files Bazel generates for them
    (cd "$ws" && bazel build //arch //codegen:spyrecode >/dev/null 2>&1)
    gen=$ws/bazel-bin
    srcs+=("$ws"/arch/{copy,load,model,query,report}.c "$gen"/arch/devices_gen.c
           "$gen"/arch/devices_ir_gen.c "$ws"/codegen/spyrecode{,_check,_io,_text}.c
           "$gen"/codegen/spyrecode.pb-c.c "$ws"/ktir/interp/*.c "$ws"/runtime/runtime.c
           "$ws"/sim/*.c)
    flags+=(-I"$gen")
    libs+=(-lprotobuf-c)
    export KTC_FUZZ_DEVICES=$ws/tests/sim
fi
bin=$work/bin/fuzz_$target
clang "${flags[@]}" -fsanitize=fuzzer "$ws/tests/fuzz/fuzz_$target.c" "${srcs[@]}" "${libs[@]}" -o "$bin"
seeds=$work/corpus-$target
if [ "$target" = spyrecode ]; then
    i=0
    for f in "$ws"/tests/sim/*.sc "$ws"/tests/passes/codegen/*.out; do
        cp "$f" "$seeds/$((i++))-$(basename "$f")"
    done
elif [ "$target" = text ]; then
    i=0
    while read -r f; do
        cp "$f" "$seeds/$((i++))-$(basename "$f")"
    done < <(find "$ws/tests/golden" "$ws/tests/kernels" "$ws/examples" -name '*.mlir')
else
    clang "${flags[@]}" "$ws/tests/fuzz/unwrap.c" "${srcs[@]}" -lz -lm -o "$work/bin/unwrap"
    parse=$(mktemp -d)
    (cd "$ws" && bazel build -c opt //tools:ktc-parse >/dev/null 2>&1)
    for f in "$ws"/tests/kernels/*.mlir "$ws"/examples/*.mlir; do
        "$ws/bazel-out/k8-opt/bin/tools/ktc-parse" "$f" -o "$parse/$(basename "$f").pb" 2>/dev/null || true
    done
    "$work/bin/unwrap" "$seeds" "$parse"/*.pb
    rm -rf "$parse"
fi
cd "$work"
echo "fuzz_$target: $(ls "$seeds" | wc -l) seeds, $secs s, in $work"
ASAN_OPTIONS=detect_leaks=1 "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -print_final_stats=1 "$seeds"
