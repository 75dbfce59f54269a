// RUN: ktc-arch --device=spyre route C0-L1 C2-L1
// Core 0 reads core 2's scratchpad over the ring, not through DDR.
