#!/bin/sh
# Offline stand-in for Bazel's LcovMerger / CoverageReportGenerator: concatenates
# the lcov files found under --coverage_dir (or given by --reports_file) into
# --output_file. Other flags are accepted and ignored.
set -eu
dir=""
out=""
reports=""
for arg in "$@"; do
    case "$arg" in
    --coverage_dir=*) dir=${arg#*=} ;;
    --output_file=*) out=${arg#*=} ;;
    --reports_file=*) reports=${arg#*=} ;;
    esac
done
[ -n "$out" ] || exit 0
tmp="$out.tmp.$$"
: >"$tmp"
if [ -n "$dir" ] && [ -d "$dir" ]; then
    find "$dir" -name '*.dat' ! -path "$out" -size +0 -exec cat {} + >>"$tmp" 2>/dev/null || true
fi
if [ -n "$reports" ] && [ -f "$reports" ]; then
    while IFS= read -r f; do
        [ -f "$f" ] && cat "$f" >>"$tmp"
    done <"$reports"
fi
mv "$tmp" "$out"
