// RUN: ktc-arch --device=sample route DDR TPU
