# spin.sc - a long loop of 10-cycle nops (10^9 cycles): runs into any
# reasonable cycle limit.
spyrecode 1
kernel "spin"
device "two_core"
program spin () {
    for r0 = 0 to 100000000
        nop 10
    end
}
unit "C0-SFU-CL0" : "SFU" = spin()
