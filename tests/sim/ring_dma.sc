# ring_dma.sc - a dma from another core's scratchpad (a ring transfer, as
# ktc-lower makes for inter-tile exchanges): core 0 loads 256 bytes of a
# into its L1, core 1's ring stop copies them from C0-L1 into C1-L1 over
# the ring (C0-L1 -> C0-RING -> C1-RING), and core 1 stores them to c.
# The simulator claims every link of that route: the stats show the bytes
# on the ring hop.
spyrecode 1
kernel "ring_dma"
device "spyre"
grid 2, 1, 1
arg a : tensor f16 [128] in "DDR"
arg c : tensor f16 [128] in "DDR"
sym a = addr(a)
sym c = addr(c)

channel loaded : signal "C0-MNILU" -> "C1-RING"
channel moved : signal "C1-RING" -> "C1-MNISU"

program load (ddr : mem, l1 : mem, done : sigout) {
    dma l1[0], ddr[$a], 256
    sig.wait done
}

program hop (src : mem, l1 : mem, ready : sigin, done : sigout) {
    wait ready
    dma l1[256], src[0], 256
    sig.wait done
}

program store (l1 : mem, ddr : mem, ready : sigin) {
    wait ready
    dma ddr[$c], l1[256], 256
    fence
}

unit "C0-MNILU" : "MNILU" core 0 = load(ddr = "DDR", l1 = "C0-L1", done = loaded)
unit "C1-RING" : "RING" core 1 = hop(src = "C0-L1", l1 = "C1-L1", ready = loaded, done = moved)
unit "C1-MNISU" : "MNISU" core 1 = store(l1 = "C1-L1", ddr = "DDR", ready = moved)
