# credits.sc - deadlock.sc with one credit on 'pong': the channel holds a
# signal from the launch's start, so 'left' goes on without 'right' having
# sent anything, and both finish.
spyrecode 1
kernel "credits"
device "two_core"
channel ping : signal "C0-L1LU-CL0" -> "C0-SFU-CL0"
channel pong : signal "C0-SFU-CL0" -> "C0-L1LU-CL0" credits 1

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
