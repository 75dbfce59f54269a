// RUN: ktc-arch --device=hopper summary
