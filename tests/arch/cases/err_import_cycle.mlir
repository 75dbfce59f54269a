// RUN: ktc-arch summary
ktdf_arch.device @loop import("inputs/cycle_a.mlir")
