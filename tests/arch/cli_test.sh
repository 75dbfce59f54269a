#!/usr/bin/env bash
# cli_test.sh KTC_ARCH - the command line of ktc-arch (DESIGN.md "Conventions
# shared by every binary"): help, version, bad flags and commands, exit codes,
# the embedded devices, a description file, -o without partial output.
set -u
arch=$1
. "$TEST_SRCDIR/$TEST_WORKSPACE/tests/lib/cli.sh"

expect "--help" 0 "$arch" --help && has "--help text" "$tmp/out" "^usage: ktc-arch \[options\] \[summary \| route SRC DST \| dot\]"
expect "--version" 0 "$arch" --version && has "--version text" "$tmp/out" "^ktc-arch \(ktc\) [0-9]"
expect "bad flag" 2 "$arch" --no-such-flag && has "bad flag message" "$tmp/err" "unknown option '--no-such-flag'"
expect "too many words" 2 "$arch" route A B C && has "too many words message" "$tmp/err" "unexpected argument 'C'"
expect "bad command" 2 "$arch" reroute && has "bad command message" "$tmp/err" "^ktc-arch: error: expected a command"
expect "route needs two ends" 2 "$arch" route DDR
expect "unknown device" 1 "$arch" --device=hopper && has "unknown device message" "$tmp/err" "^hopper: error: no embedded device"
expect "missing file" 1 "$arch" --device="$tmp/nope.mlir" && has "missing file message" "$tmp/err" "cannot open device description"

expect "default device" 0 "$arch"
has "spyre: 32 cores x 2 corelets" "$tmp/out" "^cores: 32 x 2 corelets$"
has "spyre: 2 MiB per scratchpad" "$tmp/out" "^  L1 +32 x core +2 MiB per core"
expect "sample" 0 "$arch" --device=sample summary && has "sample: one core" "$tmp/out" "^cores: 1 x 2 corelets$"
for dev in sample spyre; do
    expect "$dev route DDR SFU" 0 "$arch" --device=$dev route DDR SFU
    has "$dev DDR->SFU" "$tmp/out" "^route DDR -> SFU: 4 hops"
    has "$dev DDR->SFU via L1LU" "$tmp/out" "^  L1 -> L1LU: "
    expect "$dev route SFU DDR" 0 "$arch" --device=$dev route SFU DDR
    has "$dev SFU->DDR via MNISU" "$tmp/out" "^  L1 -> MNISU: "
    expect "$dev ct_local route" 0 "$arch" --device=$dev route ct_local SFU
    has "$dev ct_local starts at L1" "$tmp/out" "^route L1 -> SFU: 2 hops"
done
expect "no route" 1 "$arch" route SFU NOWHERE && has "no route located" "$tmp/err" "^arch/devices/spyre.mlir:[0-9]+:[0-9]+: error: "
expect "--dot" 0 "$arch" --dot && has "--dot graph" "$tmp/out" "^digraph \"spyre\""
expect "dot command" 0 "$arch" --device=sample dot && has "dot clusters" "$tmp/out" "subgraph \"cluster_"

cat >"$tmp/mine.mlir" <<'MLIR'
ktdf_arch.device @mine {
  %m = memory {kind = "M", size = 64}
  %u = exec_unit {kind = "U"}
  datapath %m to %u : memory, exec_unit
}
MLIR
expect "a description file" 0 "$arch" --device "$tmp/mine.mlir" route M U && has "file route" "$tmp/out" "^route M -> U: 1 hop"
expect "-o file" 0 "$arch" --device=sample -o "$tmp/report.txt" && has "-o writes" "$tmp/report.txt" "^device @sample_device"
expect "-o on failure" 1 "$arch" --device=sample -o "$tmp/failed.txt" route SFU NOWHERE
if [ -e "$tmp/failed.txt" ]; then fail "-o on failure leaves a file"; else pass "-o on failure leaves no file"; fi
printf 'ktdf_arch.device @bad {\n  %%m = memory {size = 1}\n}\n' >"$tmp/bad.mlir"
expect "malformed file" 1 "$arch" --device="$tmp/bad.mlir" && has "malformed located" "$tmp/err" "bad.mlir:2:8: error: "

cli_done
