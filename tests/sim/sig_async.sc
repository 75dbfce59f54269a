# sig_async.sc - a DMA unit hands two 8 KiB tiles to a consumer, each with a
# sig.wait, on timing_core.mlir. The signal is posted when the tile's DMA is
# done (64 busy cycles + 110 latency) but the unit does not wait for it: the
# second DMA starts at cycle 65, not 175, and the run ends at 240, not 350.
spyrecode 1
kernel "sig_async"
device "timing_core"
arg x : tensor f16 [128, 64] in "DDR"
sym x = addr(x)

channel ready : signal "C0-MNILU" -> "C0-L1LU-CL0"

program mnilu (ddr : mem, l1 : mem, ready : sigout) {
    for r1 = 0 to 2
        dma l1[r1 * 8192], ddr[$x + r1 * 8192], 8192
        sig.wait ready
    end
    fence
}

program l1lu (ready : sigin) {
    wait ready
    wait ready
}

unit "C0-MNILU" : "MNILU" = mnilu(ddr = "DDR", l1 = "C0-L1", ready = ready)
unit "C0-L1LU-CL0" : "L1LU" = l1lu(ready = ready)
