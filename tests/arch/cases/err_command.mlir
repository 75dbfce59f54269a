// RUN: ktc-arch --device=sample reroute DDR SFU
