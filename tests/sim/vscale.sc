# vscale.sc - c[row] = a[row] * s on 2 cores, s a float scalar argument (its
# f16 bits are the symbol $sv, splatted by the SFU): vadd.sc's pipeline with
# one input. A float scalar is a kernel argument like an integer one.
spyrecode 1
kernel "vscale"
device "two_core"
grid 2, 1, 1
arg a : tensor f16 [96, 64] in "DDR"
arg c : tensor f16 [96, 64] in "DDR"
arg i : scalar index
arg s : scalar f16
sym arow = addr(a) + i * 128
sym crow = addr(c) + i * 128
sym sv = s

channel ready0 : signal "C0-MNILU" -> "C0-L1LU-CL0"
channel ab0 : fifo "C0-L1LU-CL0" -> "C0-SFU-CL0"
channel sum0 : fifo "C0-SFU-CL0" -> "C0-L1SU-CL0"
channel done0 : signal "C0-L1SU-CL0" -> "C0-MNISU"
channel ready1 : signal "C1-MNILU" -> "C1-L1LU-CL0"
channel ab1 : fifo "C1-L1LU-CL0" -> "C1-SFU-CL0"
channel sum1 : fifo "C1-SFU-CL0" -> "C1-L1SU-CL0"
channel done1 : signal "C1-L1SU-CL0" -> "C1-MNISU"

# r0 = the core's row offset in bytes (3 rows of 128 bytes per core)
program mnilu (ddr : mem, l1 : mem, ready : sigout) {
    dma l1[0], ddr[$arow + r0 * 1], 128
    sig.wait ready
}

program l1lu (l1 : mem, ready : sigin, out : out) {
    wait ready
    vld.f16 v0, l1[0], 64
    send out, v0
}

program sfu (in : in, out : out) {
    recv.f16 v0, in, 64
    vsplatb.f16 v1, $sv, 64
    vbin.mul.f16 v2, v0, v1
    send out, v2
}

program l1su (in : in, l1 : mem, done : sigout) {
    recv.f16 v0, in, 64
    vst.f16 v0, l1[256]
    sig done
}

program mnisu (l1 : mem, ddr : mem, done : sigin) {
    wait done
    dma ddr[$crow + r0 * 1], l1[256], 128
    fence
}

unit "C0-MNILU" : "MNILU" core 0 = mnilu(ddr = "DDR", l1 = "C0-L1", ready = ready0) {r0 = 0}
unit "C0-L1LU-CL0" : "L1LU" core 0 corelet 0 = l1lu(l1 = "C0-L1", ready = ready0, out = ab0)
unit "C0-SFU-CL0" : "SFU" core 0 corelet 0 = sfu(in = ab0, out = sum0)
unit "C0-L1SU-CL0" : "L1SU" core 0 corelet 0 = l1su(in = sum0, l1 = "C0-L1", done = done0)
unit "C0-MNISU" : "MNISU" core 0 = mnisu(l1 = "C0-L1", ddr = "DDR", done = done0) {r0 = 0}
unit "C1-MNILU" : "MNILU" core 1 = mnilu(ddr = "DDR", l1 = "C1-L1", ready = ready1) {r0 = 384}
unit "C1-L1LU-CL0" : "L1LU" core 1 corelet 0 = l1lu(l1 = "C1-L1", ready = ready1, out = ab1)
unit "C1-SFU-CL0" : "SFU" core 1 corelet 0 = sfu(in = ab1, out = sum1)
unit "C1-L1SU-CL0" : "L1SU" core 1 corelet 0 = l1su(in = sum1, l1 = "C1-L1", done = done1)
unit "C1-MNISU" : "MNISU" core 1 = mnisu(l1 = "C1-L1", ddr = "DDR", done = done1) {r0 = 384}
