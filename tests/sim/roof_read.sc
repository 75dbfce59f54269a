# roof_read.sc - read only: 8 KiB from device memory into L1 on
# timing_core.mlir. Roofline: DDR -> C0-MNILU busy 64 + read latency 100 =
# 164 (no writes); the simulator takes 64 + 100 + 10 (MNILU -> L1) = 174.
spyrecode 1
kernel "roof_read"
device "timing_core"
arg x : tensor f16 [64, 64] in "DDR"
sym x = addr(x)

program mnilu (ddr : mem, l1 : mem) {
    dma l1[0], ddr[$x], 8192
    fence
}

unit "C0-MNILU" : "MNILU" = mnilu(ddr = "DDR", l1 = "C0-L1")
