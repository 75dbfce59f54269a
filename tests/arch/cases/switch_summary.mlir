// RUN: ktc-arch --device=switch_route.mlir summary
