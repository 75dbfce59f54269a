// RUN: ktc-arch --device=spyre route C0-L1 C31-L1
// The ring closes: core 31 is core 0's neighbour.
