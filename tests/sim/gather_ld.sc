# gather_ld.sc - a block gather with the scalar load (ld): the DMA load unit
# reads each row's index from device memory (ld.i64), turns it into a byte
# address, and moves that row of x into L1; the store unit writes the four
# rows to out. On timing_core.mlir each ld waits for the DDR read latency
# (100 cycles) before its DMA can go: out[i] = x[idx[i]].
spyrecode 1
kernel "gather_ld"
device "timing_core"
arg x : tensor f16 [8, 64] in "DDR"
arg idx : tensor i64 [4] in "DDR"
arg out : tensor f16 [4, 64] in "DDR"
sym x = addr(x)
sym idx = addr(idx)
sym out = addr(out)

channel loaded : signal "C0-MNILU" -> "C0-MNISU"

program gather (ddr : mem, l1 : mem, done : sigout) {
    for r0 = 0 to 4
        ld.i64 r1, ddr[$idx + r0 * 8]
        mul r2, r1, 128
        dma l1[0 + r0 * 128], ddr[$x + r2 * 1], 128
    end
    sig.wait done
}

program store (l1 : mem, ddr : mem, ready : sigin) {
    wait ready
    dma ddr[$out], l1[0], 512
    fence
}

unit "C0-MNILU" : "MNILU" core 0 = gather(ddr = "DDR", l1 = "C0-L1", done = loaded)
unit "C0-MNISU" : "MNISU" core 0 = store(l1 = "C0-L1", ddr = "DDR", ready = loaded)
