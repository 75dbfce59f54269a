// RUN: ktc-arch --device=mapping_alias.mlir summary
