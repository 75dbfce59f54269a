// RUN: ktc-arch --device=spyre route LX SFU
// The old spelling: LX is ct_local.
