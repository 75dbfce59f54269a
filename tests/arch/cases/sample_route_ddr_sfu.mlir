// RUN: ktc-arch --device=sample route DDR SFU
// Loads go DDR -> MNILU -> L1 -> L1LU -> SFU.
