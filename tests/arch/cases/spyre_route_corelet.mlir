// RUN: ktc-arch --device=spyre route DDR C7-SFU-CL1
