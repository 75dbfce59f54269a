# roof_agg.sc - on timing_two.mlir each core reads 8 KiB into L1 and writes
# the first 128 bytes back. Each core's read link is busy 64 cycles, but both
# cores' 16 KiB cross device memory's aggregate, busy 128 cycles for the
# reads alone: roofline 128 + read latency 100 + write latency 50 = 278
# (the per-link bounds: 64 + 150 and 100 + 2 + 50; the whole aggregate:
# 130 + 50).
spyrecode 1
kernel "roof_agg"
device "timing_two"
arg x : tensor f16 [2, 4096] in "DDR"
arg y : tensor f16 [2, 64] in "DDR"
sym x0 = addr(x)
sym x1 = addr(x) + 8192
sym y0 = addr(y)
sym y1 = addr(y) + 128

channel ready0 : signal "C0-MNILU" -> "C0-MNISU"
channel ready1 : signal "C1-MNILU" -> "C1-MNISU"

program mnilu (ddr : mem, l1 : mem, ready : sigout) {
    dma l1[0], ddr[r0], 8192
    sig.wait ready
    fence
}

program mnisu (l1 : mem, ddr : mem, ready : sigin) {
    wait ready
    dma ddr[r0], l1[0], 128
    fence
}

unit "C0-MNILU" : "MNILU" core 0 = mnilu(ddr = "DDR", l1 = "C0-L1", ready = ready0) {r0 = $x0}
unit "C1-MNILU" : "MNILU" core 1 = mnilu(ddr = "DDR", l1 = "C1-L1", ready = ready1) {r0 = $x1}
unit "C0-MNISU" : "MNISU" core 0 = mnisu(l1 = "C0-L1", ddr = "DDR", ready = ready0) {r0 = $y0}
unit "C1-MNISU" : "MNISU" core 1 = mnisu(l1 = "C1-L1", ddr = "DDR", ready = ready1) {r0 = $y1}
