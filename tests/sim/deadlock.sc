# deadlock.sc - two units that each wait for the other's signal first: the
# simulator must report the cycle instead of hanging.
spyrecode 1
kernel "deadlock"
device "two_core"
channel ping : signal "C0-L1LU-CL0" -> "C0-SFU-CL0"
channel pong : signal "C0-SFU-CL0" -> "C0-L1LU-CL0"

program left (ping : sigout, pong : sigin) {
    nop 5
    wait pong
    sig ping
}

program right (ping : sigin, pong : sigout) {
    wait ping
    sig pong
}

unit "C0-L1LU-CL0" : "L1LU" = left(ping = ping, pong = pong)
unit "C0-SFU-CL0" : "SFU" = right(ping = ping, pong = pong)
