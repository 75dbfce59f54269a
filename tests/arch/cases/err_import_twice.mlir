// RUN: ktc-arch summary
ktdf_arch.device @twin import("inputs/two_definitions.mlir")
