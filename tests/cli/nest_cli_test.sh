#!/usr/bin/env bash
# nest_cli_test.sh KTC KTC_NEST ADD.mlir TINY.mlir ROOM.mlir TINY_L1.mlir - the command line of ktc-nest and
# the driver's nest flags: --disable=NAME (repeatable, names checked),
# --tile-sizes (a list of numbers), --assume NAME=VALUE (an integer; a
# kernel argument), --stats, the stages it takes; `ktc
# compile --disable=nest` skips the stage, ktc-lower's --disable names reach
# ktc-lower, other --disable names and
# --tile-sizes/--assume/--stats reach ktc-nest, --stop-after=nest writes its file;
# the scratchpad fallback's --stats (ragged_tiny_l1 and ragged_tiny_l1_sums on the
# 32 KiB device TINY_L1).
set -u
ktc=$1 nest=$2 example=$3 tiny=$4 room=$5 tiny_l1=$6
. "$TEST_SRCDIR/$TEST_WORKSPACE/tests/lib/cli.sh"

expect "ktc-nest --help" 0 "$nest" --help && has "help names the transformations" "$tmp/out" "double-buffering"
expect "ktc-nest --version" 0 "$nest" --version && has "version text" "$tmp/out" "^ktc-nest \(ktc\) [0-9]"
expect "ktc-nest bad flag" 2 "$nest" --no-such-flag

expect "routed file" 0 "$ktc" compile "$example" --stop-after=path-expand -o "$tmp/add.routed"
expect "unknown --disable name" 2 "$nest" --disable=tiles "$tmp/add.routed" -o "$tmp/x.nested"
has "unknown name message" "$tmp/err" "no transformation named 'tiles'"
# every transformation the error lists (nest.h's one list) is in --help too
"$nest" --help >"$tmp/help" 2>&1
names=$(sed -n "s/.*(there are: \(.*\))$/\1/p" "$tmp/err")
if [ -z "$names" ]; then fail "the unknown-name error lists the transformations"; fi
for n in $names; do
    if grep -q -- "$n" "$tmp/help"; then pass "--help names $n"; else fail "--help lacks $n"; fi
done
if [ -e "$tmp/x.nested" ]; then fail "output left after a usage error"; else pass "no output on usage error"; fi
expect "malformed --tile-sizes" 2 "$nest" --tile-sizes=4,x "$tmp/add.routed"
has "malformed message" "$tmp/err" "T\\[:PHASES\\[:INSTANCES\\]\\] separated by commas, not '4,x'"
expect "--tile-sizes of 0 phases" 2 "$nest" --tile-sizes=4:0 "$tmp/add.routed"
expect "--tile-sizes of more instances than corelets" 1 "$nest" --tile-sizes=4:1:9 "$tmp/add.routed"
has "instances message located" "$tmp/err" "add.mlir:[0-9]+:[0-9]+: error: tile size 4:1:9: the device has [0-9]+ corelets"
expect "--tile-sizes count" 1 "$nest" --tile-sizes=4,4 "$tmp/add.routed"
has "count message located" "$tmp/err" "add.mlir:[0-9]+:[0-9]+: error: --tile-sizes gives 2 sizes for 1 reserve_size op"
expect "malformed --assume" 2 "$nest" --assume N=8k "$tmp/add.routed"
has "--assume message" "$tmp/err" "--assume takes NAME=VALUE, VALUE an integer, not 'N=8k'"
expect "--assume without a value" 2 "$nest" --assume "N=" "$tmp/add.routed"
expect "--assume without =" 2 "$nest" --assume N "$tmp/add.routed"
expect "--assume of no argument" 1 "$nest" --assume N=4 "$tmp/add.routed"
has "--assume names the arguments" "$tmp/err" "add.mlir:[0-9]+:[0-9]+: error: --assume N=4: the kernel has no index or i32 argument named 'N' \(it has: a, b, c\)"
expect "a KTIR file is refused" 1 "$nest" "$example"
has "wrong stage message" "$tmp/err" "expected a 'sched.routed' or 'sched.nested' file"

expect "--tile-sizes leaves phases and instances to the model" 0 "$nest" --stats --tile-sizes=16 "$tmp/add.routed" -o "$tmp/m.nested"
has "stats: the tile given" "$tmp/err" "^ktc-nest: @local_schedule_0: tile 16 of 64 points, [0-9]+ phases?, [0-9]+ instances?, modeled [0-9]+ cycles$"
expect "nest with --stats" 0 "$nest" --stats --tile-sizes=16:2:1 "$tmp/add.routed" -o "$tmp/a.nested"
has "stats: tile and modeled cycles" "$tmp/err" "^ktc-nest: @local_schedule_0: tile 16 of 64 points, 2 phases, 1 instance, modeled [0-9]+ cycles$"
expect "print nested" 0 "$ktc" compile "$example" --stop-after=nest -o "$tmp/b.nested" --tile-sizes=16
expect "idempotent" 0 "$nest" "$tmp/a.nested" -o "$tmp/c.nested"
"$(dirname "$ktc")/ktc-print" "$tmp/a.nested" >"$tmp/a.txt"
"$(dirname "$ktc")/ktc-print" "$tmp/c.nested" >"$tmp/c.txt"
same "a second ktc-nest changes nothing" "$tmp/a.txt" "$tmp/c.txt"
has "coarsened" "$tmp/a.txt" "modulo\(size : 2\)"
expect "-o stops after nest" 0 "$nest" --disable=double-buffering "$tmp/add.routed" -o "$tmp/d.nested"
"$(dirname "$ktc")/ktc-print" "$tmp/d.nested" >"$tmp/d.txt"
if grep -q modulo "$tmp/d.txt"; then fail "--disable=double-buffering"; else pass "--disable=double-buffering"; fi

# The driver.
expect "ktc -v runs ktc-nest" 0 "$ktc" compile "$example" -o "$tmp/a.sc" -v
has "ktc-nest in the pipeline" "$tmp/err" "^ktc-nest"
expect "ktc --disable=nest" 0 "$ktc" compile "$example" -o "$tmp/b.sc" -v --disable=nest
if grep -q '^ktc-nest' "$tmp/err"; then fail "--disable=nest still runs ktc-nest"; else pass "--disable=nest skips the stage"; fi
expect "ktc passes --disable and --tile-sizes" 0 "$ktc" compile "$example" -o "$tmp/c.sc" -v --disable=coarsening --tile-sizes=8
has "flags reach ktc-nest" "$tmp/err" "^ktc-nest --disable=coarsening --tile-sizes=8"
expect "ktc routes ktc-lower's --disable" 0 "$ktc" compile "$example" -o "$tmp/l.sc" -v \
    --disable=mask-split --disable=coarsening --disable=invariant-loads
has "ktc-lower's names reach ktc-lower" "$tmp/err" "^ktc-lower --disable=mask-split --disable=invariant-loads"
has "the others reach ktc-nest" "$tmp/err" "^ktc-nest --disable=coarsening "
expect "ktc routes ktc-split's --disable" 0 "$ktc" compile "$example" -o "$tmp/s.sc" -v \
    --disable=spread --disable=coarsening --stats
has "spread reaches ktc-split, with --stats" "$tmp/err" "^ktc-split --disable=spread --stats"
has "and not ktc-nest" "$tmp/err" "^ktc-nest --disable=coarsening --stats"
expect "ktc passes --assume" 2 "$ktc" compile "$example" -o "$tmp/f.sc" -v --assume N=x --assume=M=1
has "--assume reaches ktc-nest" "$tmp/err" "^ktc-nest --assume N=x --assume=M=1"
expect "ktc --assume without a value" 2 "$ktc" compile "$example" --assume
expect "ktc --stats" 0 "$ktc" compile "$example" -o "$tmp/d.sc" --stats
has "ktc-nest's stats" "$tmp/err" "^ktc-nest: @local_schedule_0: tile"
expect "ktc bad --disable" 2 "$ktc" compile "$example" -o "$tmp/e.sc" --disable=bogus
has "ktc reports ktc-nest" "$tmp/err" "ktc-nest failed \(exit 2\)"
if grep -q '^ktc-allocate\|^ktc-lower\|^ktc-codegen' "$tmp/err"; then
    fail "the stages after a failed one are silent"; sed 's/^/  | /' "$tmp/err" | head -5
else pass "the stages after a failed one are silent"; fi
expect "stop after a skipped stage" 2 "$ktc" compile "$example" --stop-after=nest --disable=nest
# A stage that fails: its located error and the driver's line, not what the
# stages after it say about their truncated input.
sed 's/arith.addf/arith.remf/' "$example" >"$tmp/bad.mlir"
expect "a failing stage" 1 "$ktc" compile "$tmp/bad.mlir" -o "$tmp/bad.sc"
has "its located error" "$tmp/err" "bad.mlir:[0-9]+:[0-9]+: error: arith.remf in a compute group"
has "the stage named" "$tmp/err" "^ktc: ktc-split failed \(exit 1\)$"
if grep -q '^ktc-[a-z-]*: error' "$tmp/err"; then fail "later stages' errors shown"; sed 's/^/  | /' "$tmp/err"
else pass "later stages' errors not shown"; fi
if [ -e "$tmp/bad.sc" ]; then fail "output left by a failed compile"; else pass "no output on failure"; fi
# When the buffers chosen nest by nest overflow the scratchpad, or leave a
# nest no tile, the transformations run again with less; --stats says which
# run was kept (held text of several runs: under ASan, nothing leaks).
expect "scratchpad fallback: overflow" 0 "$ktc" compile --stats --device="$tiny_l1" "$tiny" -o "$tmp/t.sc"
has "stats: buffers without double buffering" "$tmp/err" "^ktc-nest: scratchpad: buffers of 35968 bytes for 32768: without double-buffering$"
expect "scratchpad fallback: no tile" 0 "$ktc" compile --stats --device="$tiny_l1" "$room" -o "$tmp/r.sc"
has "stats: no room without row-jam" "$tmp/err" "^ktc-nest: scratchpad: a nest had no room for a tile: without row-jam$"
expect "--stop-after=nest" 0 "$ktc" compile "$example" --stop-after=nest -o "$tmp/f.nested"
expect "its file is a nested stage" 0 "$(dirname "$ktc")/ktc-allocate" "$tmp/f.nested" -o "$tmp/f.allocated"
cli_done
