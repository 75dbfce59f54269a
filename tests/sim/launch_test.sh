#!/bin/sh
# launch_test.sh - ktc-launch's command line: help and version, usage errors
# (exit 2), unreadable and corrupt files (3, 1), assembling text to a
# SpyreCode file and running it (--repeat, --stats, --stats-json, --trace,
# --out), the compulsory-traffic roofline, --check against ktc-interp, a dynamic-shaped tensor given as
# DTYPE:SHAPE, a deadlock and the cycle limit (1),
# a dma from another core's scratchpad over the ring, the same stats
# with and without --trace, and a store past its tensor.
# usage: launch_test.sh KTC_LAUNCH DIR (DIR holds the .sc files and two_core.mlir)
set -u
bin=$1
dir=$2
dev="--device $dir/two_core.mlir"
. "$TEST_SRCDIR/$TEST_WORKSPACE/tests/lib/cli.sh"

expect_out 0 '^usage: ktc-launch' -- "$bin" --help
expect_out 0 '^ktc-launch \(ktc\) ' -- "$bin" --version
expect_out 2 "unknown option '--bogus'" -- "$bin" --bogus
expect_out 2 'no input kernel' -- "$bin"
expect_out 2 'expected NAME=' -- "$bin" "$dir/vadd.sc" --arg x
expect_out 2 'expected a positive number' -- "$bin" "$dir/vadd.sc" --repeat=0
expect_out 3 "none.spyrecode: error: cannot open" -- "$bin" "$tmp/none.spyrecode"
printf 'spyrecode 1\nprogram p () {\n    frob\n}\n' >"$tmp/bad.sc"
expect_out 1 'bad.sc:3:5: error: unknown instruction' -- "$bin" "$tmp/bad.sc"

# text -> SpyreCode file -> the same text
expect_out 0 '' -- "$bin" "$dir/vadd.sc" -o "$tmp/vadd.spyrecode"
expect_out 0 '^spyrecode 1' -- "$bin" "$tmp/vadd.spyrecode" --print
"$bin" "$dir/vadd.sc" --print >"$tmp/a.txt" && "$bin" "$tmp/vadd.spyrecode" --print >"$tmp/b.txt"
same "text round trip" "$tmp/a.txt" "$tmp/b.txt"
head -c 200 "$tmp/vadd.spyrecode" >"$tmp/short.spyrecode"
expect_out 1 'truncated' -- "$bin" "$tmp/short.spyrecode"

expect_out 0 'per launch' -- "$bin" "$tmp/vadd.spyrecode" $dev --random-inputs=3 --arg i=2 --repeat=5 \
    --stats-json "$tmp/s.json" --trace "$tmp/t.json" --out "c=$tmp/c.npy"
for key in '"cycles"' '"roofline_cycles"' '"roofline_latency"' '"bandwidth_cycles"' '"roofline_by"' '"bottleneck"' '"bytes"' '"DDR -> C0-MNILU": 256' \
    '"compulsory_cycles"' '"compulsory_latency"' '"compulsory_by"' '"compulsory_read_bytes": 512' '"compulsory_written_bytes"' '"stick_bytes"'; do
    has "stats json has $key" "$tmp/s.json" "$key"
done
if grep -q '"ph": "X", "name": "vbin"' "$tmp/t.json" && [ -s "$tmp/c.npy" ]; then
    pass "trace and output"; else fail "trace or output"; fi
# a unit's waits are slices of their own, named after the waiting
# instruction, with its index in the unit's program
if grep -q '"name": "stall:recv", "cat": "stall", .*"args": {"pc": [0-9]*}}' "$tmp/t.json"; then
    pass "trace shows stalls"; else fail "trace shows no stall"; fi
expect_out 0 'roofline [0-9]* = latency [0-9]* \+ busy [0-9]* of .*; bandwidth [0-9]*;.*bottleneck' -- "$bin" "$dir/add.sc" $dev --random-inputs=1 --stats
# the compulsory-traffic roofline counts x's sticks once though they are read
# twice, and a repeated launch counts them afresh
expect_out 0 'compulsory: 298 cycles \(= latency 170 \+ busy 128 of C0-MNISU -> DDR; 20480 bytes: 12288 read, 8192 written, in 64-byte sticks' \
    -- "$bin" "$dir/roof_twice.sc" --device "$dir/timing_core.mlir" --random-inputs=1 --repeat=3 --stats
expect_out 0 '' -- "$bin" "$dir/roof_twice.sc" --device "$dir/timing_core.mlir" --random-inputs=1 \
    --stats-json "$tmp/tw.json"
has "stats json counts x's sticks once" "$tmp/tw.json" '"compulsory_read_bytes": 12288'
expect_out 0 'check c: matches ktc-interp \(0 of 8192' -- "$bin" "$dir/add.sc" $dev --random-inputs=5 --check
# a tensor of dynamic shape takes its shape from --arg NAME=DTYPE:SHAPE
sed 's/^arg a : tensor f16 \[96, 64\]/arg a : tensor f16 [?, 64]/' "$dir/vadd.sc" >"$tmp/vdyn.sc"
expect_out 1 "argument 'a' has a dynamic shape: give it with --arg a=FILE.npy or a=DTYPE:SHAPE" -- \
    "$bin" "$tmp/vdyn.sc" $dev --random-inputs=1 --arg i=1
expect_out 0 '^cycles: [0-9]' -- "$bin" "$tmp/vdyn.sc" $dev --random-inputs=1 --arg i=1 \
    --arg a=f16:96x64 --stats
expect_out 1 "argument 'a': a tensor of another type or shape" -- "$bin" "$tmp/vdyn.sc" $dev \
    --random-inputs=1 --arg i=1 --arg a=f16:96x63
expect_out 1 "argument 'a': expected DTYPE:SHAPE like f16:4x128, got 'f16:96y64'" -- \
    "$bin" "$tmp/vdyn.sc" $dev --arg a=f16:96y64
expect_out 1 "argument 'c': a tensor of another type or shape" -- "$bin" "$dir/add.sc" $dev --arg "c=$tmp/c.npy"
# a store past its tensor fails at the DMA, naming the tensor: core 1 of
# add.sc moved 64 rows on writes c's last 64 rows' bytes and 8 KiB after c
sed 's/^sym c = addr(c)$/sym c = addr(c) + 8192/' "$dir/add.sc" >"$tmp/add_past.sc"
expect_out 1 "error: unit 'C1-MNISU' at cycle [0-9]* \(dma\): dma writes byte [0-9]* of DDR, past the end of tensor 'c' \(bytes [0-9]* to [0-9]*\): a view reaches past its tensor" \
    -- "$bin" "$tmp/add_past.sc" $dev --random-inputs=1
expect_out 1 'cycle: C0-L1LU-CL0 -> C0-SFU-CL0 -> C0-L1LU-CL0' -- "$bin" "$dir/deadlock.sc" $dev
expect_out 1 'cycle limit of 5000 cycles reached' -- "$bin" "$dir/spin.sc" $dev --cycle-limit=5000
# a dma from another core's scratchpad is timed over every link of its route
expect_out 0 'C0-RING -> C1-RING  *256 ' -- "$bin" "$dir/ring_dma.sc" --random-inputs=1 --stats
"$bin" "$dir/ring_dma.sc" --random-inputs=2 --out "a=$tmp/ra.npy" --out "c=$tmp/rc.npy" >/dev/null
same "ring dma copies a to c" "$tmp/ra.npy" "$tmp/rc.npy"
# zero-padded loads (vldz): a row of 20 r - 10 elements of a, zeros after
# them (-10 clamped to none), checked against ktc-interp, and counts of 25 r
# - 10 (65 clamped to 64) seen to differ; a unit without the zero_pad
# feature has no vldz
expect_out 0 'check c: matches ktc-interp \(0 of 256' -- "$bin" "$dir/vldz.sc" $dev --random-inputs=2 --check
sed 's/mul r2, r1, 20/mul r2, r1, 25/' "$dir/vldz.sc" >"$tmp/vldz_over.sc"
expect_out 1 'check c: DIFFERS from ktc-interp \(29 of 256' -- "$bin" "$tmp/vldz_over.sc" $dev --random-inputs=2 --check
sed 's/splat, zero_pad/splat/' "$dir/two_core.mlir" >"$tmp/no_pad.mlir"
expect_out 1 "unit 'C0-L1LU-CL0' \(L1LU\) has no zero_pad feature for vldz" -- "$bin" "$dir/vldz.sc" --device "$tmp/no_pad.mlir" --random-inputs=2
# the same rows streamed into the FIFO (vldzs: a vldz and its send in one)
perl -0pe 's/vldz\.f16 v0, (l1\[r1 \* 128\], r2, 64)\n\s*send out, v0/vldzs.f16 out, $1/' "$dir/vldz.sc" >"$tmp/vldzs.sc"
expect_out 0 'vldzs.f16 out, l1\[0 \+ r1 \* 128\], r2, 64' -- "$bin" "$tmp/vldzs.sc" --print
expect_out 0 'check c: matches ktc-interp \(0 of 256' -- "$bin" "$tmp/vldzs.sc" $dev --random-inputs=2 --check
expect_out 1 "unit 'C0-L1LU-CL0' \(L1LU\) has no zero_pad feature for vldzs" -- "$bin" "$tmp/vldzs.sc" --device "$tmp/no_pad.mlir" --random-inputs=2
# a vector op sending its result (op.send): the text round trip, the same
# values as add.sc, and the SFU no longer busy a cycle a send; refused on a
# non-vector instruction and to a port that is not an out port
perl -0pe 's/vbin\.add\.f16 v2, v0, v1\n(\s*)send out, v2/vbin.add.f16.send out, v2, v0, v1/' "$dir/add.sc" >"$tmp/add_send.sc"
expect_out 0 ' vbin.add.f16.send out, v2, v0, v1$' -- "$bin" "$tmp/add_send.sc" --print
expect_out 0 'check c: matches ktc-interp \(0 of 8192' -- "$bin" "$tmp/add_send.sc" $dev --random-inputs=5 --check
sfu_busy() { "$bin" "$1" $dev --random-inputs=1 --stats | awk '$1 == "C0-SFU-CL0" && $2 == "SFU" { print $3 }'; }
a=$(sfu_busy "$dir/add.sc") b=$(sfu_busy "$tmp/add_send.sc")
if [ -n "$a" ] && [ -n "$b" ] && [ "$b" -lt "$a" ]; then pass "op.send: SFU busy $a -> $b"; else fail "op.send: SFU busy '$a' -> '$b'"; fi
sed 's/vbin\.add\.f16\.send out, v2, v0, v1/vbin.add.f16.send in, v2, v0, v1/' "$tmp/add_send.sc" >"$tmp/send_in.sc"
expect_out 1 "vbin.send: port #0 is not an out port" -- "$bin" "$tmp/send_in.sc" $dev
perl -pe '$d = s/recv\.f16 v0, in, 64/recv.f16.send out, v0, in, 64/ unless $d' "$tmp/add_send.sc" >"$tmp/send_recv.sc"
expect_out 1 "recv: bad flags" -- "$bin" "$tmp/send_recv.sc" $dev
# byte-masked writes: two cores write the halves of the same sticks; each
# masked row moves a whole stick (64 x 128 bytes per core)
expect_out 0 'C0-MNISU -> DDR  *8192 ' -- "$bin" "$dir/masked_dma.sc" --random-inputs=1 --stats
"$bin" "$dir/masked_dma.sc" --random-inputs=2 --out "a=$tmp/ma.npy" --out "c=$tmp/mc.npy" >/dev/null
same "masked dma copies a to c" "$tmp/ma.npy" "$tmp/mc.npy"
expect_out 0 '' -- "$bin" "$dir/masked_dma.sc" -o "$tmp/masked.spyrecode"
expect_out 0 'dma.mask ddr\[\$c \+ r0 \* 1\], l1\[0 \+ r0 \* 1\], 2, 64, 4, 4' -- "$bin" "$tmp/masked.spyrecode" --print
sed 's/{r0 = 2}/{r0 = 2}\nunit "C1-RING" : "RING" core 1 = bad(l1 = "C1-L1")/; s/^program load/program bad (l1 : mem) {\n    dma.mask l1[2], l1[0], 2\n}\n\nprogram load/' \
    "$dir/masked_dma.sc" >"$tmp/mask_ring.sc"
expect_out 1 "unit 'C1-RING' \(RING\) cannot write L1 under a byte mask \(dma.mask\)" -- "$bin" "$tmp/mask_ring.sc" --random-inputs=1
sed 's/l1\[0 + r0 \* 1\]/l1[2 + r0 * 1]/' "$dir/masked_dma.sc" >"$tmp/mask_off.sc"
expect_out 1 'dma.mask from byte 2 of a 128-byte word to byte 0 of one' -- "$bin" "$tmp/mask_off.sc" --random-inputs=1
sed 's/^    dma l1\[0\], ddr\[\$a\], 256/    dma.mask l1[0], ddr[$a], 256/' "$dir/masked_dma.sc" >"$tmp/mask_load.sc"
expect_out 1 "unit 'C0-MNILU' \(MNILU\) cannot write L1 under a byte mask" -- "$bin" "$tmp/mask_load.sc" --random-inputs=1
printf 'spyrecode 1\nprogram p (m : mem) {\n    vst.mask.f16 v0, m[0]\n}\n' >"$tmp/badmask.sc"
expect_out 1 'bad flags' -- "$bin" "$tmp/badmask.sc"

# Channel operations run ahead of their turn unless the run is traced
# (sim/run.c, op_meets): the same run either way.
for k in add dbuf sig_async vadd; do
    "$bin" "$dir/$k.sc" $dev --random-inputs=1 --arg i=2 --stats-json "$tmp/$k.plain.json" \
        >/dev/null 2>&1
    "$bin" "$dir/$k.sc" $dev --random-inputs=1 --arg i=2 --stats-json "$tmp/$k.traced.json" \
        --trace "$tmp/$k.trace.json" >/dev/null 2>&1
    has "$k: stats" "$tmp/$k.plain.json" '"cycles": [1-9]'
    same "$k: the same stats with and without --trace" "$tmp/$k.plain.json" "$tmp/$k.traced.json"
done

cli_done
