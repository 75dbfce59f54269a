// RUN: ktc-arch summary
ktdf_arch.device @gone import("inputs/absent.mlir")
