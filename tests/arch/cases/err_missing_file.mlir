// RUN: ktc-arch --device=inputs/absent.mlir summary
