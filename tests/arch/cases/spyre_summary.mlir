// RUN: ktc-arch --device=spyre summary
// The default device: 32 cores x 2 corelets, 2 MiB of scratchpad per core.
