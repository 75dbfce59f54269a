// RUN: ktc-arch --device=sample route SFU DDR
// Stores go SFU -> L1SU -> L1 -> MNISU -> DDR.
