// RUN: ktc-arch --device=sample route L1 C0-SFU-CL1
// An instance route needs instances at both ends: L1 is a kind.
