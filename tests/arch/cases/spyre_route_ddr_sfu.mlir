// RUN: ktc-arch --device=spyre route DDR SFU
