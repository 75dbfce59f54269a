# roof_rw.sc - y = x through L1 on timing_core.mlir: 8 KiB read at 128
# B/cycle, written at 64 B/cycle. Roofline: the write path C0-MNISU -> DDR,
# read latency 100 + busy 128 + write latency 50 = 278.
spyrecode 1
kernel "roof_rw"
device "timing_core"
arg x : tensor f16 [64, 64] in "DDR"
arg y : tensor f16 [64, 64] in "DDR"
sym x = addr(x)
sym y = addr(y)

channel ready : signal "C0-MNILU" -> "C0-MNISU"

program mnilu (ddr : mem, l1 : mem, ready : sigout) {
    dma l1[0], ddr[$x], 8192
    sig.wait ready
    fence
}

program mnisu (l1 : mem, ddr : mem, ready : sigin) {
    wait ready
    dma ddr[$y], l1[0], 8192
    fence
}

unit "C0-MNILU" : "MNILU" = mnilu(ddr = "DDR", l1 = "C0-L1", ready = ready)
unit "C0-MNISU" : "MNISU" = mnisu(l1 = "C0-L1", ddr = "DDR", ready = ready)
