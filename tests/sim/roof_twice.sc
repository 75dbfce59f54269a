# roof_twice.sc - on timing_core.mlir, reads 8 KiB of x twice (the second
# read 4 KiB further on: 12 KiB of distinct sticks) and writes the same
# 8 KiB of y twice. The roofline counts every byte moved: the write path,
# read latency 100 + 16 KiB at 64 B/cycle (256) + write latency 50 = 406.
# The compulsory roofline counts each 64-byte stick once: 12 KiB read, 8 KiB
# written; the write path again sets it: 100 + 128 + 50 = 278 (the reads:
# 96 + 150; the aggregate: 80 + 50).
spyrecode 1
kernel "roof_twice"
device "timing_core"
arg x : tensor f16 [96, 64] in "DDR"
arg y : tensor f16 [64, 64] in "DDR"
sym x = addr(x)
sym x2 = addr(x) + 4096
sym y = addr(y)

channel ready : signal "C0-MNILU" -> "C0-MNISU"

program mnilu (ddr : mem, l1 : mem, ready : sigout) {
    dma l1[0], ddr[$x], 8192
    dma l1[8192], ddr[$x2], 8192
    sig.wait ready
    fence
}

program mnisu (l1 : mem, ddr : mem, ready : sigin) {
    wait ready
    dma ddr[$y], l1[0], 8192
    dma ddr[$y], l1[8192], 8192
    fence
}

unit "C0-MNILU" : "MNILU" = mnilu(ddr = "DDR", l1 = "C0-L1", ready = ready)
unit "C0-MNISU" : "MNISU" = mnisu(l1 = "C0-L1", ddr = "DDR", ready = ready)
