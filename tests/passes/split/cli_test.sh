#!/usr/bin/env bash
# cli_test.sh PARSE SPLIT PRINT KERNEL - the command-line contract of
# ktc-split (DESIGN.md "Conventions shared by every binary"): help, usage
# errors, the stage it reads, chaining through pipes, no output on failure.
set -u
parse=$1 split=$2 print=$3 kernel=$4
. "$TEST_SRCDIR/$TEST_WORKSPACE/tests/lib/cli.sh"

expect "--help" 0 "$split" --help && has "--help text" "$tmp/out" "^usage: ktc-split"
expect "bad flag" 2 "$split" --no-such-flag
expect "missing file" 3 "$split" "$tmp/nope.ir" && has "missing file message" "$tmp/err" "cannot open"

# The pipeline as a user writes it, through pipes.
"$parse" --device=sample "$kernel" -o "$tmp/k.ktir"
expect "pipe" 0 bash -c "'$split' < '$tmp/k.ktir' | '$print'" &&
    has "pipe output" "$tmp/out" "module @local_schedule_0" &&
    has "pipe pipeline" "$tmp/out" "ktdf.pipeline"
expect "file to file" 0 "$split" "$tmp/k.ktir" -o "$tmp/k.split"
expect "stage label" 0 "$print" "$tmp/k.split"
expect "text output" 0 "$split" --emit=text "$tmp/k.ktir" && has "text" "$tmp/out" "ktdf.stage"

# It reads `ktir` only: its own output is refused, naming both stages.
expect "wrong stage" 1 "$split" "$tmp/k.split" && has "wrong stage message" "$tmp/err" "ktir" &&
    has "wrong stage names the stage it got" "$tmp/err" "sched.split"

# A refused kernel: a located error, exit 1, and no output file left.
cat >"$tmp/bad.mlir" <<'MLIR'
func.func @w(%n: i32) {
  %r = scf.while (%a = %n) : (i32) -> i32 {
    %z = arith.constant 0 : i32
    %go = arith.cmpi sgt, %a, %z : i32
    scf.condition(%go) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}
MLIR
"$parse" "$tmp/bad.mlir" -o "$tmp/bad.ktir"
expect "refused" 1 "$split" "$tmp/bad.ktir" -o "$tmp/bad.split" &&
    has "refused message" "$tmp/err" "bad.mlir:2:8: error: scf.while is not supported yet"
if [ -e "$tmp/bad.split" ]; then fail "no output on failure"; else pass "no output on failure"; fi

# --disable names a transformation it has; --stats writes to stderr only.
expect "unknown --disable name" 2 "$split" --disable=tiles "$tmp/k.ktir" &&
    has "names the one it has" "$tmp/err" "there is: spread"
expect "--disable=spread" 0 "$split" --disable=spread "$tmp/k.ktir" -o "$tmp/d.split"
expect "--stats" 0 "$split" --stats "$tmp/k.ktir" -o "$tmp/s.split"

cli_done
