# roof_compute.sc - one 64-lane f16 vector in, 1000 vector ops on it, out,
# on timing_core.mlir. Roofline: the SFU's lanes, read latency 100 + 1000
# busy cycles + write latency 50 = 1150.
spyrecode 1
kernel "roof_compute"
device "timing_core"
arg x : tensor f16 [64] in "DDR"
arg y : tensor f16 [64] in "DDR"
sym x = addr(x)
sym y = addr(y)

channel ready : signal "C0-MNILU" -> "C0-L1LU-CL0"
channel xs : fifo "C0-L1LU-CL0" -> "C0-SFU-CL0"
channel ys : fifo "C0-SFU-CL0" -> "C0-L1SU-CL0"
channel full : signal "C0-L1SU-CL0" -> "C0-MNISU"

program mnilu (ddr : mem, l1 : mem, ready : sigout) {
    dma l1[0], ddr[$x], 128
    sig.wait ready
    fence
}

program l1lu (l1 : mem, ready : sigin, out : out) {
    wait ready
    vld.f16 v0, l1[0], 64
    send out, v0
}

program sfu (in : in, out : out) {
    recv.f16 v0, in, 64
    for r1 = 0 to 1000
        vbin.max.f16 v0, v0, v0
    end
    send out, v0
}

program l1su (in : in, l1 : mem, full : sigout) {
    recv.f16 v0, in, 64
    vst.f16 v0, l1[4096]
    sig full
}

program mnisu (l1 : mem, ddr : mem, full : sigin) {
    wait full
    dma ddr[$y], l1[4096], 128
    fence
}

unit "C0-MNILU" : "MNILU" = mnilu(ddr = "DDR", l1 = "C0-L1", ready = ready)
unit "C0-L1LU-CL0" : "L1LU" = l1lu(l1 = "C0-L1", ready = ready, out = xs)
unit "C0-SFU-CL0" : "SFU" = sfu(in = xs, out = ys)
unit "C0-L1SU-CL0" : "L1SU" = l1su(in = ys, l1 = "C0-L1", full = full)
unit "C0-MNISU" : "MNISU" = mnisu(l1 = "C0-L1", ddr = "DDR", full = full)
