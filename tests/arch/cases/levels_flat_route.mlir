// RUN: ktc-arch --device=levels_flat.mlir route ALU.1 RAM
