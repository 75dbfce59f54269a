# masked_dma.sc - byte-masked DMA writes (dma.mask, spyre's MNISU has
# masked_writes): both cores load all of a (two 128-byte sticks) into their
# L1, then core 0 writes the even f16 elements of c and core 1 the odd ones,
# at the same time, each as 64 rows of 2 bytes 4 bytes apart. Both write
# into the same sticks; each writes only its own bytes, so c comes out equal
# to a. A masked row moves the whole stick on the link: 64 x 128 bytes per
# core on MNISU -> DDR.
spyrecode 1
kernel "masked_dma"
device "spyre"
grid 2, 1, 1
arg a : tensor f16 [128] in "DDR"
arg c : tensor f16 [128] in "DDR"
sym a = addr(a)
sym c = addr(c)

channel loaded0 : signal "C0-MNILU" -> "C0-MNISU"
channel loaded1 : signal "C1-MNILU" -> "C1-MNISU"

program load (ddr : mem, l1 : mem, done : sigout) {
    dma l1[0], ddr[$a], 256
    sig.wait done
}

program store (l1 : mem, ddr : mem, ready : sigin) {
    wait ready
    dma.mask ddr[$c + r0 * 1], l1[0 + r0 * 1], 2, 64, 4, 4
    fence
}

unit "C0-MNILU" : "MNILU" core 0 = load(ddr = "DDR", l1 = "C0-L1", done = loaded0)
unit "C1-MNILU" : "MNILU" core 1 = load(ddr = "DDR", l1 = "C1-L1", done = loaded1)
unit "C0-MNISU" : "MNISU" core 0 = store(l1 = "C0-L1", ddr = "DDR", ready = loaded0) {r0 = 0}
unit "C1-MNISU" : "MNISU" core 1 = store(l1 = "C1-L1", ddr = "DDR", ready = loaded1) {r0 = 2}
