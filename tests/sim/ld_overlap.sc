# ld_overlap.sc - two scalar loads in a row on timing_core.mlir (DDR read
# latency 100): the second issues while the first is in flight, and the add
# that reads both waits once, for the later one (a register scoreboard):
# about 101 cycles, not 201.
spyrecode 1
kernel "ld_overlap"
device "timing_core"
arg idx : tensor i64 [16] in "DDR"
sym idx = addr(idx)
sym idx8 = addr(idx) + 64

program p (ddr : mem) {
    ld.i64 r1, ddr[$idx]
    ld.i64 r2, ddr[$idx8]
    add r3, r1, r2
    nop r3
}

unit "C0-MNILU" : "MNILU" = p(ddr = "DDR")
