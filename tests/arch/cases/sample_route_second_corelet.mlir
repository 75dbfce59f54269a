// RUN: ktc-arch --device=sample route DDR C0-SFU-CL1
// Instances: the second corelet is reached through its own load unit.
