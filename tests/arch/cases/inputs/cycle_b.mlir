// Imports cycle_a.mlir, which imports this file back.
ktdf_arch.device @loop import("cycle_a.mlir")
