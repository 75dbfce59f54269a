// RUN: ktc-arch --device=spyre route SFU DDR
