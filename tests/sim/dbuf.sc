# dbuf.sc - y = x + x over 16 tiles of 2048 f16 on one core, with the
# scratchpad hand-offs (MNILU -> L1LU and L1SU -> MNISU) in r9 buffers of
# 4 KiB each: r9 = 2 is double buffering, r9 = 1 single. Consumers grant r9
# "free" credits up front and one per tile they are done with; producers
# take one before filling a buffer. With two buffers the DMA of tile k + 1
# overlaps the streaming of tile k.
spyrecode 1
kernel "double"
device "two_core"
arg x : tensor f16 [16, 2048] in "DDR"
arg y : tensor f16 [16, 2048] in "DDR"
sym x = addr(x)
sym y = addr(y)

channel ready : signal "C0-MNILU" -> "C0-L1LU-CL0"
channel free : signal "C0-L1LU-CL0" -> "C0-MNILU"
channel xs : fifo "C0-L1LU-CL0" -> "C0-SFU-CL0"
channel ys : fifo "C0-SFU-CL0" -> "C0-L1SU-CL0"
channel full : signal "C0-L1SU-CL0" -> "C0-MNISU"
channel drained : signal "C0-MNISU" -> "C0-L1SU-CL0"

program mnilu (ddr : mem, l1 : mem, ready : sigout, free : sigin) {
    for r1 = 0 to 16
        wait free
        rem r2, r1, r9
        mul r3, r2, 4096
        dma l1[r3], ddr[$x + r1 * 4096], 4096
        sig.wait ready
    end
}

program l1lu (l1 : mem, ready : sigin, free : sigout, out : out) {
    for r1 = 0 to r9
        sig free
    end
    for r1 = 0 to 16
        wait ready
        rem r2, r1, r9
        mul r3, r2, 4096
        for r4 = 0 to 32
            vld.f16 v0, l1[r3 + r4 * 128], 64
            send out, v0
        end
        sig free
    end
}

program sfu (in : in, out : out) {
    for r1 = 0 to 512
        recv.f16 v0, in, 64
        vbin.add.f16 v1, v0, v0
        send out, v1
    end
}

program l1su (in : in, l1 : mem, full : sigout, drained : sigin) {
    for r1 = 0 to 16
        wait drained
        rem r2, r1, r9
        mul r3, r2, 4096
        add r3, r3, 65536
        for r4 = 0 to 32
            recv.f16 v0, in, 64
            vst.f16 v0, l1[r3 + r4 * 128]
        end
        sig full
    end
}

program mnisu (l1 : mem, ddr : mem, full : sigin, drained : sigout) {
    for r1 = 0 to r9
        sig drained
    end
    for r1 = 0 to 16
        wait full
        rem r2, r1, r9
        mul r3, r2, 4096
        add r3, r3, 65536
        dma ddr[$y + r1 * 4096], l1[r3], 4096
        sig.wait drained
    end
}

unit "C0-MNILU" : "MNILU" = mnilu(ddr = "DDR", l1 = "C0-L1", ready = ready, free = free) {r9 = 2}
unit "C0-L1LU-CL0" : "L1LU" = l1lu(l1 = "C0-L1", ready = ready, free = free, out = xs) {r9 = 2}
unit "C0-SFU-CL0" : "SFU" = sfu(in = xs, out = ys)
unit "C0-L1SU-CL0" : "L1SU" = l1su(in = ys, l1 = "C0-L1", full = full, drained = drained) {r9 = 2}
unit "C0-MNISU" : "MNISU" = mnisu(l1 = "C0-L1", ddr = "DDR", full = full, drained = drained) {r9 = 2}
