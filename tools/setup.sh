#!/usr/bin/env bash
# Installs the Debian 12 packages ktc needs to build and test, only those missing.
# Idempotent: a second run installs nothing and does not touch the network.
#   tools/setup.sh            build + test deps (bazel, protobuf-c, zlib, cmocka)
#   tools/setup.sh --checks   also valgrind, clang, clang-format, mlir-14-tools and
#                             mlir-19-tools (upstream mlir-opt, for //tests/conformance:upstream)
set -eu

pkgs=(bazel-bootstrap protobuf-c-compiler libprotobuf-c-dev zlib1g-dev libcmocka-dev)

for arg in "$@"; do
    case "$arg" in
    --checks) pkgs+=(valgrind clang clang-format mlir-14-tools mlir-19-tools) ;;
    -h | --help)
        sed -n '2,6p' "$0"
        exit 0
        ;;
    *)
        echo "setup.sh: unknown flag: $arg" >&2
        exit 2
        ;;
    esac
done

missing=()
for p in "${pkgs[@]}"; do
    if ! dpkg -s "$p" 2>/dev/null | grep -q '^Status: install ok installed'; then
        missing+=("$p")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
    sudo=(sudo)
fi

echo "setup.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "${missing[@]}"
